"""Fair deals at the table: the pause menu shows the deal's commitment, the hand-end sheet
reveals the seed and plays the same deal again."""

from __future__ import annotations

import pygame

from game.rules import VARIANTS, Game
from game.rules.deal import commitment, replay_deal
from game.ui import replay
from game.ui.dialogs import Dialog
from game.ui.replay import grouped
from game.ui.score_scene import HandEndScene
from game.ui.table_scene import TableScene


def test_the_commitment_is_shown_and_the_deal_replays_from_the_hand_end(table, monkeypatch):
    dealt: list[dict] = []

    def recording(game: Game) -> Game:  # the new table's game as dealt, before anyone moves
        out = replay_deal(game)
        dealt.append(out.to_dict())
        return out

    monkeypatch.setattr(replay, "replay_deal", recording)
    g = Game.new(VARIANTS["classic"], seed=6)
    at_deal = g.to_dict()
    t = table(g)
    t.key(pygame.K_ESCAPE)
    pause = t.app.top
    assert isinstance(pause, Dialog)
    assert grouped(commitment("classic", g.hand_seed)) in pause.text()
    t.key(pygame.K_ESCAPE)
    t.play_hand()
    sheet = t.app.top
    assert isinstance(sheet, HandEndScene) and sheet.replay_btn.is_enabled
    tip = sheet.replay_btn.tool_tip_text
    assert f"canasta verify --seed {g.hand_seed} --variant classic" in tip
    t.click(sheet.replay_btn.rect.center)
    again = t.app.top
    assert isinstance(again, TableScene) and again is not t.scene
    assert dealt == [at_deal]  # the same shuffle, dealer and scores
    assert again.game.hand_number == g.hand_number and again.game.scores == at_deal["scores"]
    assert not again.session.counts_in_stats and not again.session.autosaves
