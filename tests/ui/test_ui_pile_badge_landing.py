"""The pile's badge ("Frozen", "Blocked") tells the pile as it lies: it changes when the
discard has landed, not while the card is still in the air (a player saw "Frozen" over
the pile with the freezing card still flying), like "Your turn" and the pile's count."""

from __future__ import annotations

import pytest

from game.i18n import tr
from game.rules import VARIANTS, Game
from game.ui.shell.prefs import INSTANT
from game.ui.table import draw as table_draw
from saves.settings import Settings

HUMAN = "KH KD 9D AH AD AS 7D 4C 8S 8D 6H"
NATURALS = ["5C 5D 6C 6D 7H 7S 8C 9C 10C JC QC", "5H 5S 6S 7C 7D 9S 10D JD QD KC 4D",
            "4H 4S 10H 10S JH JS QH QS 9H 7H 5H"]
WILDS = "2C 2D 2H 2S 2C 2D 2H 2S JK JK JK"  # whatever East discards is wild


@pytest.mark.parametrize(("east", "stock", "pile", "before", "after"), [
    (WILDS, "JK 6D 10S 4H", "4C 5D 8H", None, "ui.pile.blocked"),  # a wild lands on a clear pile
    (NATURALS[2], "6D 10S 4H", "4C 2C", "ui.pile.blocked", "ui.pile.frozen"),  # a card covers the wild
])
def test_the_badge_changes_when_the_discard_lands(table, monkeypatch, east, stock, pile, before, after):
    g = Game.scripted(VARIANTS["classic"], hands=[HUMAN, NATURALS[0], NATURALS[1], east], stock=stock,
                      pile=pile, melds={0: ["9S 9C 9H"]}, to_play=3)
    t = table(g, level="greedy")
    t.app.prefs.animation_speed = 1.0  # cards take their time, as in play
    sc = t.scene
    drawn: list[tuple[str, bool]] = []  # what was drawn, and whether East's discard was in the air

    def in_air() -> bool:
        return len(g.pile.cards) == len(pile.split()) + 1 and g.pile.cards[-1].identity in sc.animator.hidden()

    real = table_draw.T.render
    monkeypatch.setattr(table_draw.T, "render", lambda text, *a, **k: drawn.append((text, in_air()))
                        or real(text, *a, **k))
    sc.frame.forget()  # East's card left during the first frames: draw the table again now
    for _ in range(900):
        t.frames(1)
        if g.to_play == 0 and g.history and not sc.animator.busy:
            break
    sc.frame.forget()
    t.frames(1)
    flying = [text for text, air in drawn if air]
    count = tr("ui.pile.count", count=len(g.pile.cards) - 1)
    assert count in flying, "the table was drawn with East's discard in the air"
    assert tr(after) not in flying, "the badge waits for the card"
    if before is not None:
        assert tr(before) in flying, "the old badge stays while the card flies"
    assert drawn[-1][1] is False and tr(after) in [text for text, _ in drawn[-30:]], "and comes once it lands"


@pytest.mark.parametrize(("speed", "reduced"), [(INSTANT, False), (1.0, True)])
def test_a_frozen_pile_wears_its_badge_at_once(table, monkeypatch, speed, reduced):
    """Shown with a frozen pile (a resumed game) the badge is there from the first drawing;
    at instant speed, or with reduced motion (the card fades in on the pile), it comes
    with the first drawing that shows the discard."""
    g = Game.scripted(VARIANTS["classic"], hands=[HUMAN, *NATURALS[:2], WILDS[:-3]], stock="JK 6D 10S 4H",
                      pile="4C JK 5D", melds={0: ["9S 9C 9H"]}, to_play=3)
    monkeypatch.setitem(table.__globals__, "Settings",  # the table is made with these settings
                        lambda **kw: Settings(**{**kw, "animation_speed": speed, "reduced_motion": reduced}))
    drawn: list[tuple[str, bool]] = []  # what was drawn, and whether East had discarded then
    real = table_draw.T.render
    monkeypatch.setattr(table_draw.T, "render", lambda text, *a, **k: drawn.append(
        (text, g.pile.cards[-1].is_wild)) or real(text, *a, **k))
    t = table(g, level="greedy")
    t.frames(60)
    assert g.pile.cards[-1].is_wild, "East discarded a wild card"

    def badge_with_first_count(discarded: bool, count: int) -> str | None:
        words = [text for text, after in drawn if after == discarded]
        at = words.index(tr("ui.pile.count", count=count))  # the pile's first drawing
        return next((w for w in reversed(words[:at]) if w in (tr("ui.pile.frozen"), tr("ui.pile.blocked"))), None)

    assert badge_with_first_count(False, 3) == tr("ui.pile.frozen"), "the badge of the resumed pile"
    assert badge_with_first_count(True, 4) == tr("ui.pile.blocked"), "the badge with the discard"
