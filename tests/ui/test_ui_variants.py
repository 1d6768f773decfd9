"""Italian and modern american at the table, played with posted events only."""

from __future__ import annotations

import pygame

from game.i18n import tr
from game.rules import VARIANTS, Game, Phase
from game.rules.actions import Discard, Draw, Meld, PassPile, TakePile
from game.ui.dialogs import Dialog
from game.ui.score_scene import HandEndScene


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


def test_italian_buried_starting_pile_is_face_down(table):
    g = Game.new(VARIANTS["italian"], seed=7)
    t = table(g)
    t.frames(30)  # the deal lands
    b = t.scene.board
    assert g.pile.hidden > 0
    assert b.pile_buried == g.pile.hidden and b.pile_count == len(g.pile)
    assert b.pile_items[-1].face_up and b.pile_items[-1].card is g.pile.top
    assert all(not it.face_up for it in b.pile_items[:-1] if it.card in g.pile.cards[:g.pile.hidden])
    assert t.scene.pile_label(b.pile_count, b.pile_buried) == tr(
        "ui.pile.count_buried", count=len(g.pile), buried=g.pile.hidden)


def pos_of(t, card) -> tuple[int, int]:
    """A point on that very card in the hand (three decks hold three of each label)."""
    for it in t.scene.board.hand:
        if it.card is not None and it.card.identity == card.identity:
            return it.rect.x + 6, it.rect.centery
    for it in t.scene.board.hand:  # a legal Discard names the card by its face only
        if it.card is not None and it.card.code == card.code:
            return it.rect.x + 6, it.rect.centery
    raise AssertionError(f"{card.label} is not shown in the hand")


def stage(t, cards) -> None:
    for c in cards:
        t.click(pos_of(t, c))
    t.drag(pos_of(t, cards[0]), t.new_meld_pos())


def play_hand(t, g: Game) -> dict[str, int]:
    """The human plays the hand out: opens when the engine offers an opening, takes the
    pile when it may with cards from the hand, lays off, discards what the engine allows."""
    counts = {"opened": 0, "took": 0, "drew": 0, "laid_off": 0, "discarded": 0}
    for _turn in range(300):
        t.settle()
        top = t.app.top
        if isinstance(top, HandEndScene):
            break
        if isinstance(top, Dialog):
            t.key(pygame.K_RETURN)
            continue
        assert top is t.scene
        if g.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
            t.frames(5)
            continue
        assert g.to_play == 0
        legal = g.legal_actions()
        if g.phase is Phase.STOCK_END:
            if any(isinstance(a, PassPile) for a in legal):
                t.click(t.button_pos("pass"))
            else:
                t.click(t.scene.layout.pile.center)
            continue
        if g.phase in (Phase.OPEN, Phase.DRAW):
            opening = next((a for a in legal if isinstance(a, Meld)), None)
            if opening is not None and g.phase is Phase.OPEN:
                for grp in opening.groups:
                    stage(t, grp)
                t.key(pygame.K_RETURN)
                assert g.melds[0], "the staged opening was laid down"
                counts["opened"] += 1
                continue
            takes = [a for a in legal if isinstance(a, TakePile) and a.cards and not a.melds]
            if takes and g.melds[0]:
                for c in takes[0].cards:
                    t.click(pos_of(t, c))
                t.click(t.scene.layout.pile.center)
                if isinstance(t.app.top, Dialog):
                    t.key(pygame.K_RETURN)
                counts["took"] += g.phase is Phase.MELD
            if g.phase in (Phase.OPEN, Phase.DRAW):
                t.scene.selected.clear()
                assert any(isinstance(a, Draw) for a in g.legal_actions())
                t.click(t.scene.layout.stock.center)
                counts["drew"] += 1
        if g.phase is not Phase.MELD or g.to_play != 0:
            continue
        if not g.melds[0] and not g.rules.open_before_draw:
            opening = next((a for a in g.legal_actions() if isinstance(a, Meld)), None)
            if opening is not None:
                for grp in opening.groups:
                    stage(t, grp)
                t.key(pygame.K_RETURN)
                counts["opened"] += bool(g.melds[0])
        for rank in list(g.melds[0]):
            for c in [c for c in g.hands[0] if c.rank == rank]:
                if g.phase is Phase.MELD and g.check(Meld([[c]], onto=[rank])) is None \
                        and len(g.hands[0]) > 2:
                    t.drag(pos_of(t, c), t.meld_pos(rank))
                    counts["laid_off"] += 1
        if g.phase is not Phase.MELD:
            continue
        discard = next(a for a in g.legal_actions() if isinstance(a, Discard))
        before = len(g.hands[0])
        t.drag(pos_of(t, discard.card), t.scene.layout.pile.center)
        if isinstance(t.app.top, Dialog):  # the coach or a question: go ahead
            t.key(pygame.K_RETURN)
        assert len(g.hands[0]) == before - 1 or g.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
        counts["discarded"] += 1
    assert isinstance(t.app.top, HandEndScene), "the hand never ended"
    assert g.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
    assert g.invariant_violations() == []
    return counts


def test_a_whole_italian_hand_through_events(table):
    g = Game.new(VARIANTS["italian"], seed=5)
    t = table(g)
    counts = play_hand(t, g)
    assert counts["opened"] == 1, "the human opened from the hand in OPEN"
    assert counts["drew"] + counts["took"] > 0 and counts["discarded"] > 0
    assert g.melds[0] and any(g.scores)
    assert sum(len(h) for h in g.hands) + len(g.stock) + len(g.pile) + sum(
        len(m.cards) for side in g.melds for m in side.values()) + sum(
        len(r) for r in g.red_threes) == 162


def test_a_whole_modern_american_hand_through_events(table):
    g = Game.new(VARIANTS["modern-american"], seed=6)
    t = table(g)
    counts = play_hand(t, g)
    assert counts["opened"] == 1 and counts["drew"] + counts["took"] > 0
    assert counts["discarded"] > 0 and g.melds[0]


def test_italian_decks_show_three_back_colours_and_others_two():
    from game.rules.cards import make_decks
    from game.ui.table_draw import deck_back

    styles = ("blue", "red", "green")
    it = VARIANTS["italian"]
    seen = {deck_back(styles, "red", it, c) for c in make_decks(3, it.jokers_per_deck)}
    assert seen == {"blue", "red", "green"}
    jokers = [c for c in make_decks(3, it.jokers_per_deck) if c.suit is None]
    assert [deck_back(styles, "blue", it, c) for c in jokers] == [
        "blue", "blue", "red", "red", "green", "green"]
    classic = VARIANTS["classic"]
    two = {deck_back(styles, "green", classic, c) for c in make_decks(2, classic.jokers_per_deck)}
    assert two == {"green", "blue"}


def test_score_lines_explain_each_variants_threes():
    from game.ui.score_scene import explanation

    it = explanation("score.red_threes_no_natural", VARIANTS["italian"])
    assert "6: 1,200" in it and "double against" in it
    assert "800" in explanation("score.red_threes", VARIANTS["classic"])
    assert explanation("score.threes_black", VARIANTS["modern-american"])
    assert tr("score.threes_black", count=2) == "Black 3s (2)"
