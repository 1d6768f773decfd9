"""The hand review scene: opened from the hand-end sheet, rated on a worker thread while
the UI keeps drawing, stepped with the buttons and the arrow keys; the duplicate (the
same deal played by `hard` in the human's seat) shown side by side."""

from __future__ import annotations

import time

import pygame

from game.ai import review as R
from game.rules import VARIANTS, Game
from game.ui.review.scene import ReviewScene
from game.ui.screens.score import HandEndScene


def _wait(t, done, limit: float = 120.0) -> int:
    """Frames drawn while waiting: the UI goes on while the worker thinks."""
    frames = 0
    end = time.monotonic() + limit
    while not done() and time.monotonic() < end:
        t.frames(1)
        frames += 1
        time.sleep(0.02)
    t.frames(1)
    return frames


def test_the_review_opens_from_the_hand_end_sheet_and_steps_through_the_hand(table, monkeypatch):
    monkeypatch.setattr(R, "WORLDS", 40)  # the search's smallest budget: a quick test
    monkeypatch.setattr(R, "ALTERNATIVES", 1)
    t = table(Game.new(VARIANTS["classic"], seed=6))
    t.play_hand()
    sheet = t.app.top
    assert isinstance(sheet, HandEndScene) and sheet.review_btn.is_enabled
    t.click(sheet.review_btn.rect.center)
    rv = t.app.top
    assert isinstance(rv, ReviewScene) and rv.positions is not None
    assert rv.rec is not None and rv.rec.hand == t.game.hand_number
    frames = _wait(t, lambda: rv.job is not None and rv.job.done())
    assert frames > 1  # drawn while rating, never blocked
    assert rv.review is not None and rv.review.decisions
    # stepping: arrows one move, up/down from decision to decision, buttons the same
    t.key(pygame.K_RIGHT)
    assert rv.step == 1
    t.key(pygame.K_LEFT)
    assert rv.step == 0
    first = rv.review.decisions[0].index
    t.key(pygame.K_DOWN)
    assert rv.step == (first if first > 0 else rv.review.decisions[1].index)
    t.click(rv.nav["last"].rect.center)
    assert rv.step == len(rv.rec.moves)
    t.click(rv.nav["first"].rect.center)
    assert rv.step == 0
    # the duplicate, then both results side by side
    t.click(rv.dup_btn.rect.center)
    _wait(t, lambda: rv.dup_job is not None and rv.dup_job.done())
    assert rv.dup is not None and set(rv.dup.yours) == set(rv.dup.hards)
    assert rv.dup.yours == R.hand_totals(t.game)
    t.key(pygame.K_ESCAPE)
    assert t.app.top is sheet


def test_a_hand_without_its_moves_says_it_cannot_be_reviewed(table):
    t = table(Game.new(VARIANTS["classic"], seed=6))
    t.play_hand()
    s = t.scene.session
    rec = s.hands[-1]
    s.hands[-1] = R.HandRecord(rec.hand, rec.seed, rec.dealer, rec.scores, rec.moves[:2], rec.human)
    rv = t.app.push(t.app.make("review", s))
    t.frames(2)
    assert isinstance(rv, ReviewScene) and rv.positions is None and rv.job is None
    assert not rv.nav["next"].is_enabled
