"""The hand review scene: opened from the hand-end sheet, rated on a worker thread while
the UI keeps drawing, stepped with the buttons and the arrow keys; the duplicate (the
same deal played by `hard` in the human's seat) shown side by side."""

from __future__ import annotations

import threading

import pygame

from game.ai import review as R
from game.i18n import number, tr
from game.rules import VARIANTS, Game
from game.ui.review import scene as review_scene
from game.ui.review.scene import ReviewScene
from game.ui.screens.score import HandEndScene


def _hold(monkeypatch, name: str) -> threading.Event:
    """The review scene's worker `name` waits for the returned gate before it works."""
    gate = threading.Event()
    work = getattr(review_scene, name)

    def held(*args, **kwargs):
        gate.wait()
        return work(*args, **kwargs)

    monkeypatch.setattr(review_scene, name, held)
    return gate


def _finish(t, job, gate: threading.Event) -> None:
    """The scene draws while its worker is held (the UI never waits for it), then the
    worker is let go and its result drawn."""
    t.frames(3)
    assert job is not None and not job.done(), "drawn while the worker works"
    gate.set()
    job.wait()
    t.frames(1)


def test_the_review_opens_from_the_hand_end_sheet_and_steps_through_the_hand(table, monkeypatch):
    monkeypatch.setattr(R, "WORLDS", 40)  # the search's smallest budget: a quick test
    monkeypatch.setattr(R, "RUNS", 2)  # a mean and a spread, quickly
    rating, duplicate = _hold(monkeypatch, "review_hand"), _hold(monkeypatch, "play_duplicate")
    t = table(Game.new(VARIANTS["classic"], seed=6))
    t.play_hand()
    sheet = t.app.top
    assert isinstance(sheet, HandEndScene) and sheet.review_btn.is_enabled
    t.click(sheet.review_btn.rect.center)
    rv = t.app.top
    assert isinstance(rv, ReviewScene) and rv.positions is not None
    assert rv.rec is not None and rv.rec.hand == t.game.hand_number
    _finish(t, rv.job, rating)
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
    _finish(t, rv.dup_job, duplicate)
    assert rv.dup is not None and set(rv.dup.yours) == set(rv.dup.hards)
    assert rv.dup.yours == R.hand_totals(t.game)
    # the table is said to be one of the playouts, the sentence gives their mean and spread
    said: list[str] = []
    text = review_scene.Column.text
    monkeypatch.setattr(review_scene.Column, "text",
                        lambda col, words, *a, **k: said.append(words) or text(col, words, *a, **k))
    t.frames(1)
    one_of = said.index(tr("ui.review.dup_one_of", count=2))
    runs = said.index(tr("ui.review.dup_runs", count=2, mean=number(round(rv.dup.mean), signed=True),
                         spread=number(round(rv.dup.spread)),
                         yours=number(rv.dup.your_margin, signed=True)))
    assert one_of < runs
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
