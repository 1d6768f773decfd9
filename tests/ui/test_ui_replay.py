"""Fair deals at the table: the pause menu shows the game's commitment; from the hand-end
sheet the seed is revealed, the deal shown card by card and played again."""

from __future__ import annotations

import pygame

from game.i18n import tr
from game.rules import VARIANTS, Game
from game.rules.deal import grouped, redeal, replay_deal
from game.rules.record import seed_command
from game.ui.screens.deal import DealScene
from game.ui.screens.score import HandEndScene
from game.ui.shell.dialogs import Dialog
from game.ui.table import replay
from game.ui.table.scene import TableScene


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
    assert g.deal_key is not None and grouped(g.deal_key.commitment) in pause.text()
    t.key(pygame.K_ESCAPE)
    t.play_hand()
    sheet = t.app.top
    assert isinstance(sheet, HandEndScene) and sheet.replay_btn.is_enabled
    t.click(sheet.replay_btn.rect.center)
    choice = t.app.top
    assert isinstance(choice, Dialog)  # the seed is revealed, with the command that checks it
    assert seed_command("classic", g.dealer, g.hand_seed) in choice.text()
    # shown card by card: the deal re-dealt from the seed, the same as the hand began with
    t.click(choice.buttons[1].rect.center)
    shown = t.app.top
    assert isinstance(shown, DealScene)
    assert shown.record == redeal(VARIANTS["classic"], g.hand_seed, g.dealer)
    rows = shown.rows()
    assert rows[0] == ("You", shown.record.hands[0], shown.record.laid_out[0])
    assert rows[-1][1] == shown.record.stock and rows[-2][1] == shown.record.pile
    t.key(pygame.K_ESCAPE)
    assert t.app.top is sheet
    t.click(sheet.replay_btn.rect.center)
    t.click(t.app.top.buttons[0].rect.center)  # play it again
    again = t.app.top
    assert isinstance(again, TableScene) and again is not t.scene
    assert dealt == [at_deal]  # the same shuffle, dealer and scores
    assert again.game.hand_number == g.hand_number and again.game.scores == at_deal["scores"]
    assert not again.session.counts_in_stats and not again.session.autosaves
    # the table says it is a replay, the game it came from did not
    assert again.badge_text() == tr("ui.replay.badge", number=g.hand_number) and t.scene.badge_text() == ""
