"""Italian and modern american at the table, played with posted events only."""

from __future__ import annotations

import pygame

from game.i18n import tr
from game.rules import VARIANTS, Game, Phase
from game.rules.actions import Draw, Meld


def italian_opening_position() -> Game:
    return Game.scripted(VARIANTS["italian"], seed=5,
                         hands=["AH AD AS KH KD KS 9D 4C 8S 6D 6H 7C 10S JH QD",
                                "5C 5D 6C 7C 7H 7S 8C 9C 10C JC QC 4H 4S 9H 8H",
                                "5H 5S 6S 7D 8D 9S 10D JD QD KC 4D 10H 10S JS QH",
                                "4H 4S 10H 10S JH JS QH QS 9H 8H 5H 6C 8C 9C JC"],
                         pile="4C 10C", to_play=0)


def test_italian_opens_from_the_hand_in_open_then_draws_two(table):
    g = italian_opening_position()
    assert g.phase is Phase.OPEN
    t = table(g)
    assert t.scene.my_turn() and t.scene.stock_hot()
    assert t.scene.pile_state()[0] == tr("ui.pile.open_first")
    assert t.scene.prompt_text() == tr("ui.prompt.open", minimum=g.minimum(0))
    t.select("KH", "KD", "KS")
    t.drag(t.card_pos("KD"), t.new_meld_pos())
    t.select("AH", "AD", "AS")
    t.drag(t.card_pos("AH"), t.new_meld_pos())
    assert len(t.scene.staged) == 2 and g.phase is Phase.OPEN
    assert t.scene.prompt_text().startswith(tr("ui.prompt.open_staged", value=0, minimum=0)[:8])
    assert t.scene.buttons["confirm"].is_enabled
    t.key(pygame.K_RETURN)
    assert set(g.melds[0]) == {13, 14} or len(g.melds[0]) == 2, "the opening was laid down in OPEN"
    assert g.phase is Phase.DRAW and g.to_play == 0 and len(g.hands[0]) == 9
    assert not t.scene.staged
    t.click(t.scene.layout.stock.center)
    assert g.phase is Phase.MELD and len(g.hands[0]) == 11, "drew two after opening"


def test_italian_drawing_in_open_gives_up_the_opening(table):
    g = italian_opening_position()
    t = table(g)
    t.select("KH", "KD", "KS")
    t.drag(t.card_pos("KD"), t.new_meld_pos())
    assert t.scene.staged
    t.click(t.scene.layout.stock.center)
    assert g.phase is Phase.MELD and len(g.hands[0]) == 17 and not g.melds[0]
    assert not t.scene.staged, "the staged opening went back to the hand with the draw"
    assert t.scene.prompt_text() == tr("ui.prompt.meld_no_opening")
    assert g.check(Meld([[c for c in g.hands[0] if c.rank == 13]])) is not None


def first_deal(variant: str, wanted) -> Game:
    """The first game of `variant`, by seed from 0, whose deal has the property `wanted`:
    found by looking, so a change to the shuffle finds another deal instead of breaking."""
    for seed in range(500):
        g = Game.new(VARIANTS[variant], seed=seed)
        if wanted(g):
            return Game.new(VARIANTS[variant], seed=seed)
    raise AssertionError(f"no {variant} deal in 500 has the property")


def _human_opens_first(g: Game) -> bool:
    """The human plays first and can open at once (before drawing when the variant opens
    first, else with the stock's card)."""
    if g.to_play != 0:
        return False
    if g.phase is not Phase.OPEN:
        g.apply(next(a for a in g.legal_actions() if isinstance(a, Draw)))
    return any(isinstance(a, Meld) for a in g.legal_actions())


def test_italian_buried_starting_pile_is_face_down(table):
    g = first_deal("italian", lambda g: g.pile.hidden > 0)
    t = table(g)
    t.frames(30)  # the deal lands
    b = t.scene.board
    assert g.pile.hidden > 0
    assert b.pile_buried == g.pile.hidden and b.pile_count == len(g.pile)
    assert b.pile_items[-1].face_up and b.pile_items[-1].card is g.pile.top
    assert all(not it.face_up for it in b.pile_items[:-1] if it.card in g.pile.cards[:g.pile.hidden])
    assert t.scene.pile_label(b.pile_count, b.pile_buried) == tr(
        "ui.pile.count_buried", count=len(g.pile), buried=g.pile.hidden)


def test_a_whole_italian_hand_through_events(table):
    g = first_deal("italian", _human_opens_first)
    t = table(g)
    counts = t.play_hand()
    assert counts["opened"] == 1, "the human opened from the hand in OPEN"
    assert counts["drew"] + counts["took"] > 0 and counts["discarded"] > 0
    assert g.melds[0] and any(g.scores)
    assert sum(len(h) for h in g.hands) + len(g.stock) + len(g.pile) + sum(
        len(m.cards) for side in g.melds for m in side.values()) + sum(
        len(r) for r in g.red_threes) == 162


def test_a_whole_modern_american_hand_through_events(table):
    g = first_deal("modern-american", _human_opens_first)
    t = table(g)
    counts = t.play_hand()
    assert counts["opened"] == 1 and counts["drew"] + counts["took"] > 0
    assert counts["discarded"] > 0 and g.melds[0]


def test_score_lines_explain_each_variants_threes():
    from game.ui.screens.score import explanation

    it = explanation("score.red_threes_no_natural", VARIANTS["italian"])
    assert "6: 1,200" in it and "double against" in it
    assert "800" in explanation("score.red_threes", VARIANTS["classic"])
    assert explanation("score.threes_black", VARIANTS["modern-american"])
    assert tr("score.threes_black", count=2) == "Black 3s (2)"
