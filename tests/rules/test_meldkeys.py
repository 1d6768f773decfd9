"""A refusal's rank parameter survives copying: a game holding a refusal in its caches
can be deep-copied and pickled (the AI and the tests copy positions)."""

from __future__ import annotations

import copy
import pickle

from game.i18n import get_locale, set_locale
from game.rules.meldkeys import RankWord


def test_a_rank_word_survives_deepcopy_and_pickle_as_the_same_rank() -> None:
    shown = get_locale()
    set_locale("en")
    try:
        for rank in (1, 4, 7, 13):
            word = RankWord(rank)
            for again in (copy.deepcopy(word), pickle.loads(pickle.dumps(word))):
                assert type(again) is RankWord
                assert again == word
                assert str(again) == str(word)
        assert str(RankWord(7)) == "Sevens"
    finally:
        set_locale(shown)
