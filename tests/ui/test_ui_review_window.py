"""The hand review at any window size: its buttons, panel and table grow with the window
like the rest of the interface (shell/window.py) and fit a 1024x600 one; and the game-over
screen offers the last hand's review."""

from __future__ import annotations

import pygame
import pytest

from game.ai import make_player
from game.ai.base import act
from game.i18n import tr
from game.rules import VARIANTS, Game, Phase
from game.ui.review.scene import ReviewScene
from game.ui.screens.score import GameOverScene, HandEndScene
from game.ui.shell.app import App
from game.ui.shell.prefs import INSTANT
from game.ui.shell.session import Session
from saves.settings import Settings


@pytest.fixture(scope="module")
def finished() -> Session:
    """One classic hand played out by `greedy` in every seat, through a Session (the
    table's path, so its record is kept for the review)."""
    s = Session.new(VARIANTS["classic"], "greedy", 5)
    me = make_player("greedy", 99)
    while s.game.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
        mine = s.game.to_play == s.human
        s.apply(act(me, s.game.view(s.human)) if mine else s.think(0).result())
    assert s.hand_record() is not None
    return s


def _review(size: tuple[int, int], session: Session) -> tuple[App, ReviewScene]:
    app = App(size=size, prefs=Settings(animation_speed=INSTANT, muted=True))
    rv = app.make("review", session)
    app.reset_to(rv)
    assert rv.job is not None
    rv.job.cancel()  # the ratings are not what is measured here
    rv.start_duplicate()  # its button goes; the column then holds the duplicate's rows
    rv.dup_job.cancel()
    for _ in range(2):
        app.frame(1 / 60)
    return app, rv


def _buttons(rv: ReviewScene) -> dict[str, pygame.Rect]:
    out = {f"nav.{k}": b.rect.copy() for k, b in rv.nav.items()}
    out["back"], out["replay"] = rv.back_btn.rect.copy(), rv.replay_btn.rect.copy()
    return out


def test_the_review_grows_with_the_window(finished):
    _, small = _review((1280, 800), finished)
    _, big = _review((2560, 1440), finished)
    a, b = _buttons(small), _buttons(big)
    for key in a:
        assert b[key].h > a[key].h * 1.5, key
        assert b[key].w > a[key].w * 1.3, key
    assert big.back_btn.font.point_size > small.back_btn.font.point_size * 1.5
    la, lb = small.layout(), big.layout()
    assert lb.side.w > la.side.w * 1.5 and lb.font(lb.text) > la.font(la.text) * 1.5
    assert lb.card_w >= la.card_w  # the cards as the table has them at that size


@pytest.mark.parametrize("size", [(1024, 600), (1280, 800), (1920, 1080), (2560, 1440)])
def test_the_review_fits_the_window(finished, size):
    app, rv = _review(size, finished)
    window = pygame.Rect((0, 0), size)
    buttons = _buttons(rv)
    lay = rv.layout()
    for key, r in buttons.items():
        assert window.contains(r), (key, r)
    for key, r in buttons.items():  # no two buttons overlap, none runs into the drawings
        for other, q in buttons.items():
            assert key == other or not r.colliderect(q), (key, other)
        assert not r.colliderect(lay.side) and not r.colliderect(lay.table), key
    assert window.contains(lay.side) and window.contains(lay.table)
    assert not lay.side.colliderect(lay.table) and not lay.side.colliderect(lay.dup)
    assert lay.timeline.bottom <= lay.table.top and lay.timeline.right <= lay.side.left
    # every row of the table (its hands, melds, pile) holds its cards above the buttons
    rows = finished.game.players + len(finished.game.melds) + 1
    card_h = app.art.size_for(lay.card_w)[1]
    assert lay.table.h // rows >= min(card_h, lay.px(40))


def test_the_game_over_screen_offers_the_last_hands_review(table):
    g = Game(VARIANTS["classic"], 6)  # as Game.new, both sides a few points from the target
    g.dealer = g.rng.randrange(g.players)
    g.scores = [4990, 4990]
    g.history = g._deal()
    t = table(g)
    t.play_hand()
    sheet = t.app.top
    assert isinstance(sheet, HandEndScene) and t.game.phase is Phase.GAME_OVER
    t.click(sheet.next_btn.rect.center)
    over = t.app.top
    assert isinstance(over, GameOverScene) and over.review_btn is not None
    assert over.review_btn.text == tr("ui.game_over.review")
    assert over.r.contains(over.review_btn.rect)
    for other in (over.rematch, over.menu):
        assert not over.review_btn.rect.colliderect(other.rect)
    t.click(over.review_btn.rect.center)
    rv = t.app.top
    assert isinstance(rv, ReviewScene) and rv.positions is not None
    assert rv.rec is not None and rv.rec.hand == t.game.hand_number
    t.key(pygame.K_ESCAPE)
    assert t.app.top is over and over.review_btn.visible
