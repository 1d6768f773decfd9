"""Every face-down card shows the back chosen in Settings, in every variant: the stock's
top card used to show its own deck's colour (red on a blue table in half the deals, three
colours in italian) and turned the chosen colour once it reached a hand."""

from __future__ import annotations

import pytest

from game.rules import VARIANTS, Game
from game.ui.shell.session import HUMAN


def _human_first_second_deck(variant: str) -> Game:
    """A deal the human plays first (no computer player draws from the stock while the
    test looks) whose stock top came from the second deck, the card that showed another
    colour."""
    return next(g for s in range(1, 200)
                if (g := Game.new(VARIANTS[variant], seed=s)).to_play == HUMAN
                and g.stock[-1].suit is not None and g.stock[-1].deck == 1)


def _pixels(t, colour: str) -> tuple[tuple, tuple]:
    """The stock's top back at its centre, and the same pixel of the chosen back."""
    sc = t.scene
    r = sc.layout.stock
    art = sc.app.art.back(colour, r.w)
    return sc.app.screen.get_at(r.center)[:3], art.get_at((r.w // 2, r.h // 2))[:3]


@pytest.mark.parametrize("variant", ["classic", "italian"])
def test_the_stock_shows_the_chosen_back_whatever_deck_its_top_card_came_from(table, variant):
    t = table(_human_first_second_deck(variant))
    seen = set()
    for colour in ("blue", "red", "green"):
        t.app.prefs.back_colour = colour  # what Settings' Done stores; the table is resumed after it
        t.scene.resume()
        t.frames(2)
        drawn, wanted = _pixels(t, colour)
        assert drawn == wanted, f"{variant}: the stock's back is not the chosen {colour}"
        assert t.scene.renderer.back_style() == colour  # the others' hands, cards in flight
        seen.add(drawn)
    assert len(seen) == 3, "each setting gives the stock another back"


def test_the_stock_follows_every_change_of_the_back_colour(table):
    """The table's cached layer is keyed by its board; a board rebuilt after a settings
    change could get the old one's id() and the layer kept the old backs (2 of 60 changes
    here before the fix)."""
    t = table(_human_first_second_deck("italian"))
    stale = []
    for i in range(60):
        colour = ("blue", "red", "green")[i % 3]
        t.app.prefs.back_colour = colour
        t.scene.resume()
        t.frames(1)
        drawn, wanted = _pixels(t, colour)
        if drawn != wanted:
            stale.append((i, colour))
    assert stale == [], f"the stock kept an old back after these changes: {stale}"
