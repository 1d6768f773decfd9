"""A player with no partner is never told about "your side".

In two- and three-player games everyone plays alone (in cut-throat, until the
partnership forms, and the lone player all hand): refusals, hints and the rules pages
say "you" there. The wording is chosen from the game's data - how many seats share the
player's side - never from the variant's name; a partnership keeps "your side".
"""

from __future__ import annotations

import re

import pytest

from game.ai.base import act
from game.ai.hints import explain
from game.i18n import LANGUAGES, SOLO_SUFFIX, catalog, get_locale, refusal_text, sentences, set_locale, solo_key, tr
from game.rules import Game
from game.rules.actions import Draw, Meld, TakePile
from game.rules.cards import parse_cards
from game.rules.cutthroat import form, turn_starts
from game.rules.ruleset import VARIANTS, house_options_for
from game.rules_text import rules_sections, section_for_key

# words that say the player has a partner or a team, per language ("coppia" alone is
# also a pair of cards: "coppia pulita")
TEAM = {
    "en": re.compile(r"(?i)\byour side\b|\bside's\b|\bsides?\b|partner"),
    "it": re.compile(r"(?i)squadr|compagn|\bin coppia\b|\b(tua|vostra|sua) coppia\b"),
    "es": re.compile(r"(?i)equipo|compañer|pareja"),
}


@pytest.fixture(autouse=True)
def _english_after():
    before = get_locale()
    yield
    set_locale(before)


def _refusals(variant: str) -> dict[str, object]:
    """Seat 0's refusals in `variant` (others hold filler cards): taking the pile with
    one card before the first meld, then, with kings on the table and no canasta,
    melding the whole hand, and laying a wild card onto a meld the side does not have."""
    rules = VARIANTS[variant]
    filler = ["4H 6H 10S QC 5C", "4C 6C 10H QD 8C", "4D 6D 10D QH 8S"][:rules.players - 1]
    out = {}
    g = Game.scripted(rules, ["9C 4S 6S 8H 10D", *filler], pile="JD 9S", pile_frozen=False)
    out["take"] = g.check(TakePile(tuple(parse_cards("9C"))))
    g = Game.scripted(rules, ["5S 5H 5D", *filler], stock="5C", melds={0: ["KH KD KC"]})
    g.apply(Draw())
    out["meld_all"] = g.check(Meld([parse_cards("5S 5H 5D 5C")]))
    g = Game.scripted(rules, ["2C 5S 5H 5D", *filler], stock="7D", melds={0: ["KH KD KC"]})
    g.apply(Draw())
    out["no_meld"] = g.check(Meld([parse_cards("2C")], onto=(9,)))
    return out


def test_a_two_player_refusal_has_no_team_wording_in_any_language():
    refusals = _refusals("classic-2p")
    assert all(r is not None for r in refusals.values()), refusals
    # the rule's own key stays the same for anyone (the "Rule" link and the hints key
    # on it); only the words differ
    assert refusals["take"].key == "pile.unopened_need_pair"
    assert refusals["meld_all"].key == "meld.keep_cards"
    assert refusals["no_meld"].key == "meld.no_such_meld"
    assert section_for_key(solo_key(refusals["meld_all"].key, True)) == "going_out"
    for lang in LANGUAGES:
        set_locale(lang)
        for what, err in refusals.items():
            assert solo_key(err.key, err.alone) == err.key + SOLO_SUFFIX, what
            text = refusal_text(err)
            assert text and not TEAM[lang].search(text), (lang, what, text)
    set_locale("it")
    assert refusal_text(refusals["meld_all"]).startswith("Devi tenere una carta da scartare più un'altra: non hai")
    set_locale("es")
    assert "aún no bajaste" in refusal_text(refusals["take"]).lower()


def test_a_partnership_still_reads_your_side():
    refusals = _refusals("classic")
    set_locale("en")
    for what, err in refusals.items():
        assert err is not None and solo_key(err.key, err.alone) == err.key, what
        assert "Your side" in refusal_text(err) or "your side" in refusal_text(err), (what, refusal_text(err))


def test_cut_throat_says_you_until_partners_form_and_then_the_partners_side():
    rules = VARIANTS["classic-3p"].with_options(cutthroat=True)
    hands = ["5S 5H 5D 9C KS", "4H 6H 10S QC 5C", "4C 6C 10H QD 8C"]
    g = Game.scripted(rules, hands, stock="7D", pile="JD 9S", pile_frozen=False)
    set_locale("en")
    before = g.check(TakePile(tuple(parse_cards("9C"))))
    assert before is not None and before.alone and "side" not in refusal_text(before)
    # seat 1 takes the pile first: seats 0 and 2 become partners sharing one table
    form(g, 1)
    with_partner = g.check(TakePile(tuple(parse_cards("9C"))))
    assert with_partner is not None and not with_partner.alone
    assert refusal_text(with_partner).startswith("Your side has not melded yet")
    g.to_play = 1
    lone = g.check(Meld([parse_cards("4H 6H 10S")]))
    assert lone is not None and lone.alone


def test_hints_to_a_player_alone_say_you():
    g = Game.scripted(VARIANTS["classic-2p"], ["KS 5S 6C 9C 8D", "4H 6H 10S QC 5C"],
                      melds={0: ["KH KD KC KS KH KD"]}, pile="JD 9S", pile_frozen=False)
    g.apply(Draw())
    view = g.view(0)
    assert view.alone
    king = next(c for c in view.hand if c.rank == 13)
    for lang in LANGUAGES:
        set_locale(lang)
        h = explain(view, Meld([[king]]))
        assert not TEAM[lang].search(h.reason), (lang, h.reason)


def test_a_cut_throat_partner_hears_their_own_minimum():
    # each partner keeps their own initial-meld minimum: seat 0 (1,500 points) needs 90
    # while its partner, seat 2, still needs 50; the hint names seat 0's, as "your minimum"
    rules = VARIANTS["classic-3p"].with_options(cutthroat=True)
    hands = ["AS AH AD KS KH KD 9C 5S", "4H 6H 10S QC 5C", "4C 6C 10H QD 8C"]
    g = Game.scripted(rules, hands, stock="7D 8D", pile="JD 9S", pile_frozen=False,
                      scores=(1500, 0, 0))
    form(g, 1)  # seat 1 took the pile first: seats 0 and 2 are partners
    turn_starts(g, 0)
    g.apply(Draw())
    view = g.view(0)
    assert not view.alone and view.minimums[view.seat] == 90 != view.minimums[2]
    opening = Meld([parse_cards("AS AH AD"), parse_cards("KS KH KD")])
    for lang in LANGUAGES:
        set_locale(lang)
        h = explain(view, opening)
        assert h.sentences[0].key == "hint.open_solo" and dict(h.sentences[0].params)["minimum"] == 90
        assert "90" in h.reason and not TEAM[lang].search(h.reason), (lang, h.reason)
    # a partnership of four still hears its side's minimum
    g4 = Game.scripted(VARIANTS["classic"], ["AS AH AD KS KH KD 9C 5S", "4H 6H 10S QC 5C",
                                             "4C 6C 10H QD 8C", "4D 6D 10C QS 8H"],
                       stock="7D 8D", pile="JD 9S", pile_frozen=False)
    g4.apply(Draw())
    assert explain(g4.view(0), opening).sentences[0].key == "hint.open"


def _rule_sets(name: str):
    base = VARIANTS[name]
    yield base
    for option, values in house_options_for(base).items():
        for value in values:
            yield base.with_options(**{option: value})


CUT_THROAT_KEYS = ("rules.goal.cutthroat", "rules.goal.cutthroat_shared")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("variant", ["classic-2p", "classic-3p"])
def test_rules_pages_of_solo_games_have_no_team_wording(lang, variant):
    set_locale(lang)
    cut_throat = {tr(k) for k in CUT_THROAT_KEYS}
    for rules in _rule_sets(variant):
        for _sid, _title, paragraphs in rules_sections(rules):
            for para in paragraphs:
                lines = [para] if isinstance(para, str) else [f"{a}: {b}" for a, b in para]
                for line in lines:
                    if line in cut_throat:
                        continue  # cut-throat's temporary partners, said as such
                    assert not TEAM[lang].search(line), (variant, lang, line)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_cut_throat_rules_say_how_partners_share_the_table(lang):
    set_locale(lang)
    with_ct = [p for _s, _t, ps in rules_sections(VARIANTS["classic-3p"].with_options(cutthroat=True))
               for p in ps if isinstance(p, str)]
    assert tr("rules.goal.cutthroat_shared") in with_ct
    without = [p for _s, _t, ps in rules_sections(VARIANTS["classic-3p"]) for p in ps]
    assert tr("rules.goal.cutthroat_shared") not in without


def test_partnership_rules_pages_keep_the_side_wording():
    set_locale("it")
    text = " ".join(p for _s, _t, ps in rules_sections(VARIANTS["classic"]) for p in ps
                    if isinstance(p, str))
    assert "la tua squadra" in text


# Sentences about the player's side that only a player with a partner reads: the
# tutorial (a four-player game), asking and answering "May I go out?", cut-throat's
# partners' own red 3s, and the italian red 3s table. The rules pages are held by the
# rendering tests above instead.
PARTNERSHIP_ONLY = {"hint.answer_no", "hint.answer_yes", "hint.ask_partner",
                    "explain.own_red_threes_unmelded", "explain.red_threes_by_count"}


def test_every_sentence_about_your_side_has_solo_words():
    en = catalog("en")
    side = re.compile(r"(?i)\byour side\b|\byour partnership\b")
    missing = sorted({k for k in (name.split("[")[0] for name, v in sentences("en").items() if side.search(v))
                      if not k.endswith(SOLO_SUFFIX)
                      and not k.startswith(("tutorial.", "rules.")) and k not in PARTNERSHIP_ONLY
                      and k + SOLO_SUFFIX not in en})
    assert not missing, f"sentences about 'your side' without a solo wording: {missing}"
    for k in en:
        if k.endswith(SOLO_SUFFIX):
            assert k.removesuffix(SOLO_SUFFIX) in en, f"{k} has no partnership sentence beside it"
            for lang in LANGUAGES:
                assert not TEAM[lang].search(tr(k, lang=lang)), (lang, k)


def _hand_played(rules, seed: int) -> Game:
    """A whole hand of `rules` played by the greedy computer player."""
    import game.ai  # noqa: F401 - registers the players
    from game.ai.base import make_player
    from game.rules import Phase

    g = Game.new(rules, seed=seed)
    players = [make_player("greedy", seed * 10 + s) for s in range(rules.players)]
    for _ in range(3000):
        if g.phase is Phase.HAND_OVER or g.is_over:
            break
        view = g.view(g.to_play)
        g.apply(act(players[g.to_play], view))
    return g


@pytest.mark.parametrize("variant", ["classic-2p", "classic-3p"])
def test_score_sheet_explanations_say_you_to_a_player_alone(variant):
    from game.ui.screens.score import explanation

    g = _hand_played(VARIANTS[variant], seed=3)
    keys = {line.key for side in (g.last_scores or g.hand_score()) for line in side.lines}
    assert keys
    for lang in LANGUAGES:
        set_locale(lang)
        for key in keys:
            text = explanation(key, g.rules, alone=True)
            assert not TEAM[lang].search(text), (variant, lang, key, text)


def test_statistics_of_a_solo_variant_count_the_hands_you_closed():
    from game.ui.screens.stats import figures
    from saves.stats import Totals

    set_locale("en")
    t = Totals()
    assert "Hands you closed" in dict(figures(t, alone=True))
    assert "Hands your side closed" in dict(figures(t))
