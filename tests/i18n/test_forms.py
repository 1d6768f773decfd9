"""The translation layer's two agreement tools: plural forms chosen by `count` through
the language's plural rule, and a rank written as a word of its language whose gender
picks the gender forms of a sentence."""

from __future__ import annotations

from game.i18n import choose, placeholders, plural_form, rank_gender, rank_word, tr
from game.rules.cards import Rank


def test_the_plural_rule_of_each_language_reads_one_only_for_one():
    for lang in ("en", "it", "es"):
        assert [plural_form(n, lang) for n in (0, 1, 2, 5, 21)] == ["other", "one", "other", "other", "other"]


def test_forms_are_chosen_by_count_and_by_gender():
    entry = {"one": {"m": "1m", "f": "1f"}, "other": {"m": "Nm", "f": "Nf"}}
    assert choose(entry, "it", 1, "f") == "1f"
    assert choose(entry, "it", 3, "m") == "Nm"
    assert choose(entry, "it", None, None) == "Nm"  # no count, no rank: the plain forms


def test_a_rank_is_a_word_with_its_article_and_gender_in_every_language():
    assert rank_word(Rank.QUEEN, 1, True, "it") == "la Donna"
    assert rank_word(Rank.QUEEN, 2, True, "it") == "le Donne"
    assert rank_word(Rank.KING, 1, True, "es") == "el Rey"
    assert rank_word(Rank.QUEEN, 2, True, "es") == "las Reinas"
    assert rank_word(Rank.ACE, 1, True, "it") == "l'Asso"
    assert rank_word("K", 2, False, "en") == "Kings"
    assert (rank_gender(Rank.QUEEN, "it"), rank_gender(Rank.KING, "it")) == ("f", "m")
    assert (rank_gender(Rank.JACK, "es"), rank_gender(Rank.JACK, "it")) == ("f", "m")


def test_a_rank_value_is_written_as_a_word_whatever_form_it_travels_in():
    # the engine passes a Rank; a score line read back from a save holds its label or int
    for value in (Rank.QUEEN, "Q"):
        assert tr("take.dead_rank", "it", rank=value).endswith("usarle per prendere il pozzo.")
        assert tr("take.dead_rank", "es", rank=value).endswith("usarlas para tomar el pozo.")
    assert "usarlos" in tr("take.dead_rank", "es", rank=Rank.KING)
    assert tr("pile.frozen_need_pair", "en", rank=Rank.SEVEN).endswith("natural pair of Sevens.")


def test_a_ranks_word_forms_count_as_the_rank_itself():
    assert placeholders({"one": "%{the_rank_one} %{count}", "other": "%{rank} %{count}"}) == {"rank", "count"}
