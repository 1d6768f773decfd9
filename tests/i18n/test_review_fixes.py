"""The clear errors of the December 2026 native review of Italian and Spanish stay fixed.

Each check holds the fact the correction restored, not its exact wording, so a translator
may still rephrase: a count of 1 never reads as a plural, a pronoun follows the rank's
gender, the random seed is not called a suit ("seme"), the 3s laid out at the deal are
not called melded, two buttons on one screen do not share a name, and so on."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.i18n import tr
from game.rules.cards import Rank

ROOT = Path(__file__).resolve().parents[2]
COUNT_KEYS = ("coach.melds_hand_away", "coach.melds_hand_away_solo", "coach.wild_discard_small_pile",
              "coach.wild_for_small_pile", "hint.draw_small_pile")
ONE_PLURAL = {"it": re.compile(r"\b1 (carte|matte|punti)\b"), "es": re.compile(r"\b1 (cartas|comodines|puntos)\b")}


@pytest.mark.parametrize("lang", ["it", "es"])
def test_a_pile_or_hand_of_one_card_is_not_one_cards(lang):
    for key in COUNT_KEYS:
        for count in (1, 2, 3):
            text = tr(key, lang, count=count, card="2♦", safer="9♣")
            assert not ONE_PLURAL[lang].search(text), (key, text)
            assert str(count) in text, (key, text)  # the number is still told
    for rank in (Rank.KING, Rank.QUEEN):
        text = tr("hint.fact.next_needs_wild", lang, rank=rank, count=1)
        assert not ONE_PLURAL[lang].search(text) and "1 " in text, text


def test_a_pronoun_for_a_rank_takes_the_ranks_gender():
    queens = {"it": tr("discard.dead_rank", "it", rank=Rank.QUEEN), "es": tr("discard.dead_rank", "es", rank=Rank.QUEEN)}
    assert not re.search(r"\buno\b", queens["it"]) and not re.search(r"\buno\b", queens["es"]), queens
    assert not re.search(r"\bcalarli\b", tr("meld.dead_rank", "it", rank=Rank.QUEEN))
    assert not re.search(r"\busarli\b", tr("take.dead_rank", "it", rank=Rank.QUEEN))
    assert not re.search(r"\busarlos\b", tr("take.dead_rank", "es", rank=Rank.QUEEN))
    assert not re.search(r"\busarlos\b", tr("take.dead_rank", "es", rank=Rank.JACK))  # Jotas
    # and a masculine rank keeps the masculine
    assert re.search(r"\busarli\b", tr("take.dead_rank", "it", rank=Rank.KING))


def test_the_coach_does_not_claim_the_safer_discard_is_safe():
    for key in ("coach.completes_opponent_canasta", "coach.feeds_pile"):
        text = tr(key, "it", card="7♦", safer="9♣", rank=Rank.SEVEN, count=5)
        assert "di sicuro" not in text and "non è detto" in text, text


def test_black_threes_rule_is_an_active_sentence():
    text = tr("rules.melds.black_threes", "it")
    assert "si possono calare" not in text and "da un giocatore" not in text, text
    assert "un giocatore che chiude" in text and "3 neri" in text


def test_the_threes_laid_out_at_the_deal_are_not_called_melded():
    assert not re.search(r"\bcalat", tr("verify.laid_out", "it", cards="♥")), "red 3s are never calati"
    assert re.search(r"\bstes", tr("verify.laid_out", "it", cards="♥"))
    assert not re.search(r"\bbajad", tr("verify.laid_out", "es", cards="♥"))
    assert "aparte" in tr("verify.laid_out", "es", cards="♥")


def test_the_italian_seed_is_not_a_suit():
    params = {"number": 2, "hash": "ab", "seed": 7, "variant": "classic"}
    for key in ("ui.deal.title", "ui.fair.commitment", "ui.fair.revealed", "verify.mismatch", "verify.seed"):
        text = tr(key, "it", **params)
        assert not re.search(r"\bsem[ei]\b", text, re.I) and "codice" in text.lower(), (key, text)


def test_the_review_screens_buttons_have_different_names():
    for lang in ("en", "it", "es"):
        names = [tr(k, lang) for k in ("ui.back", "ui.review.prev", "ui.review.next")]
        assert len(set(names)) == 3, (lang, names)


def test_the_statistics_note_names_the_modes_as_the_interface_does():
    it = tr("ui.stats.not_counted", "it").lower()
    assert "allenamento" in tr("ui.new.practice", "it").lower() and "allenamento" in it
    assert tr("tutorial.badge", "it").lower() in it and "contate" in it  # le partite ... contate
    es = tr("ui.stats.not_counted", "es").lower()
    assert tr("tutorial.badge", "es").lower() in es and "tutorial" not in es


def test_a_cut_throat_lone_player_is_not_only_in_this_hand():
    text = tr("ui.cutthroat.alone", "es")
    assert not text.startswith("Solo "), text


def test_the_spanish_statistics_title_is_no_longer_than_the_english():
    assert len(tr("ui.stats.recent", "es")) <= len(tr("ui.stats.recent", "en"))


def test_the_review_legend_counts_agree_and_are_not_built_in_code():
    assert tr("ui.review.count.best", "it", count=9) == "9 migliori"
    assert tr("ui.review.count.mistake", "es", count=0) == "0 errores"
    assert tr("ui.review.count.blunder", "en", count=1) == "1 blunder"
    built = re.compile(r"f[\"']\{(count|n|number)\} \{tr\(")
    for path in (ROOT / "game").rglob("*.py"):
        assert not built.search(path.read_text(encoding="utf-8")), f"{path}: a count glued to a label"
