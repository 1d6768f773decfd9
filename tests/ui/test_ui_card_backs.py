"""The back colour setting is seen in every variant: italian's three decks keep three
colours, and the chosen one is the first deck's (it was ignored there)."""

from __future__ import annotations

from game.rules import VARIANTS, Game
from game.ui.shell.session import HUMAN
from game.ui.table.card_surfaces import deck_back, physical_deck


def _human_first(variant: str) -> Game:
    """A deal the human plays first: no computer player draws from the stock (changing
    its top card) while the test looks at it."""
    return next(g for s in range(1, 100)
                if (g := Game.new(VARIANTS[variant], seed=s)).to_play == HUMAN)


def _stock_pixel(t) -> tuple[tuple, tuple]:
    """The drawn stock's top back at its centre, and the same pixel of the back the
    setting asks for."""
    sc = t.scene
    L = sc.layout
    top = t.game.stock[-1]
    want = deck_back(sc.app.art.back_styles(), sc.app.prefs.back_colour, t.game.rules, top)
    art = sc.app.art.back(want, L.stock.w)
    drawn = sc.app.screen.get_at(L.stock.center)[:3]
    return drawn, art.get_at((L.stock.w // 2, L.stock.h // 2))[:3]


def test_italian_backs_follow_the_chosen_colour(table):
    g = _human_first("italian")
    t = table(g)
    deck0 = next(c for c in g.stock if physical_deck(c, g.rules.jokers_per_deck) == 0)
    seen = set()
    for colour in ("blue", "red", "green"):
        t.app.prefs.back_colour = colour  # what Settings' Done stores; the table is resumed after it
        t.scene.resume()
        t.frames(2)
        drawn, wanted = _stock_pixel(t)
        assert drawn == wanted, f"the stock's back does not follow {colour}"
        seen.add(drawn)
        renderer = t.scene.renderer
        assert renderer.back_style(None) == colour  # the others' hands
        assert renderer.back_style(deck0) == colour  # the first deck's cards
    assert len(seen) == 3, "each setting gives the stock another back"


def test_the_stock_follows_every_change_of_the_back_colour(table):
    """The table's cached layer is keyed by its board; a board rebuilt after a settings
    change could get the old one's id() and the layer kept the old backs (2 of 60 changes
    here before the fix)."""
    t = table(_human_first("italian"))
    stale = []
    for i in range(60):
        colour = ("blue", "red", "green")[i % 3]
        t.app.prefs.back_colour = colour
        t.scene.resume()
        t.frames(1)
        drawn, wanted = _stock_pixel(t)
        if drawn != wanted:
            stale.append((i, colour))
    assert stale == [], f"the stock kept an old back after these changes: {stale}"
