"""Fair deals and Past games at the table: New game shows the commitment before the
player's seed is typed and deals from both; the move log opens with the commitment; the
table can wait before the first computer move; a finished game is archived and Past
games opens it, reviews a hand, exports it and verifies it."""

from __future__ import annotations

import json

import pygame

import game.ai  # noqa: F401 - registers the players
from game.ai.base import act, make_player
from game.rules import VARIANTS, Game, Phase
from game.rules.actions import NextHand
from game.rules.deal import DealKey, commitment_of, grouped
from game.rules.record import Checked, verify_record
from game.ui.shell.app import App
from game.ui.shell.dialogs import Dialog
from game.ui.shell.prefs import INSTANT
from game.ui.shell.session import Session
from saves.archive import list_games, load_game
from saves.settings import Settings
from tests.ui.driving import frames


def _app() -> App:
    return App(size=(1280, 800), prefs=Settings(animation_speed=INSTANT, muted=True))


def test_new_game_shows_the_commitment_and_deals_from_the_typed_seed():
    app = _app()
    app.reset_to(app.make("menu"))
    new = app.push(app.make("new_game"))
    frames(app, 2)
    shown = grouped(commitment_of(new.server_seed))
    assert shown in new.commitment_label.text
    new.seed_entry.set_text("my own words")
    new._start()
    frames(app, 2)
    key = app.top.game.deal_key
    assert key == DealKey(new.server_seed, "my own words")
    assert app.top.game.hand_seed == key.hand_seed(1)
    log = app.top.controller.log.lines
    assert log[0].key == "commitment" and log[0].groups == (key.commitment,)
    assert grouped(key.commitment) in log[0].text(app.top.seat_name, 0)


def test_the_table_waits_before_the_first_computer_move_when_asked():
    g = next(g for g in (Game.new(VARIANTS["classic"], seed=s, deal_key=DealKey.fresh()) for s in range(1, 50))
             if g.to_play != 0)
    app = App(size=(1280, 800), prefs=Settings(animation_speed=INSTANT, muted=True, wait_first_move=True))
    scene = app.reset_to(app.make("table", Session(g, "greedy", seed=3)))
    frames(app, 5)
    assert g.deal_key is not None
    assert isinstance(app.top, Dialog) and grouped(g.deal_key.commitment) in app.top.text()
    assert not scene.session.moves  # nothing played yet
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
    frames(app, 10)
    assert app.top is scene and scene.session.moves  # then the computers play on


def _finish(session: Session) -> None:
    players = [make_player("greedy", 5 + s) for s in range(session.game.players)]
    g = session.game
    while not g.is_over:
        if g.phase is Phase.HAND_OVER:
            session.apply(NextHand())
            continue
        view = g.view(g.to_play)
        a = act(players[g.to_play], view)
        session.apply(a)


def test_a_finished_game_is_archived_and_past_games_reviews_exports_and_verifies_it(tmp_path):
    session = Session.new(VARIANTS["classic"], "greedy", 9, DealKey.fresh("typed"))
    _finish(session)
    listing = list_games()
    assert [g.file for g in listing.games] == [session.archived]
    assert isinstance(verify_record(load_game(session.archived)), Checked)

    app = _app()
    app.reset_to(app.make("menu"))
    past = app.push(app.make("past_games"))
    frames(app, 2)
    assert len(past.rows) == 1
    past.choose("open")
    frames(app, 2)
    assert past.record is not None and len(past.rows) == len(past.record["hands"]) >= 2
    past.hand = 1  # the second hand
    past.choose("review")
    frames(app, 2)
    review = app.top
    assert review.rec.hand == 2
    review.session.note_review(2, [])  # what the review's poll calls once the ratings are in
    assert load_game(session.archived)["hands"][1]["ratings"] == []
    app.pop()
    past.choose("export")
    frames(app, 2)
    exported = list((tmp_path / "home" / "data" / "exports").glob("*.json"))
    assert len(exported) == 1 and isinstance(verify_record(json.loads(exported[0].read_text("utf-8"))), Checked)
    app.pop()
    past.choose("verify")
    frames(app, 2)
    assert "canasta verify --variant classic --dealer" in app.top.text() and "--hand 2 " in app.top.text()
