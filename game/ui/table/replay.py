"""Fair deals at the table: the game's commitment shown during a hand, the hand's seed
revealed after it, and "Play this deal again" from the hand-end sheet
(game/rules/deal.py, docs/FAIR_DEALS.md)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.i18n import tr
from game.rules import Game, Phase
from game.rules.deal import grouped, redeal, replay_deal
from game.rules.record import seed_command
from game.ui.shell.dialogs import Dialog
from game.ui.shell.scene import Scene
from game.ui.shell.session import Session
from game.ui.table.text import Tone

if TYPE_CHECKING:
    from game.ui.table.view import TableHandle


def commitment_note(game: Game) -> str:
    """The game's commitment while a hand is played ("" for a game saved before deals had
    keys)."""
    if game.deal_key is None or game.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
        return ""
    return tr("ui.fair.commitment", hash=grouped(game.deal_key.commitment))


def copy_commitment(game: Game, say: Callable[[str, Tone], object]) -> None:
    """The game's commitment onto the clipboard, and a word (`say`) that it is there."""
    from game.ui.shell.clipboard import copy_text

    if game.deal_key is not None:
        done = copy_text(game.deal_key.commitment)
        say(tr("ui.copied" if done else "ui.copy_failed"), Tone.ADVICE)


def wait_dialog(table: TableHandle) -> Dialog:
    """Before the first computer move of a hand (Settings: wait for me): the commitment to
    note or copy; either button plays on."""
    return Dialog(table.app, lambda: tr("ui.fair.wait_title"), lambda: commitment_note(table.game), [
        (lambda: tr("ui.fair.play_on"), lambda: None),
        (lambda: tr("ui.copy_commitment"), lambda: copy_commitment(table.game, table.say)),
    ], escape=0, width=460, copy=lambda: copy_commitment(table.game, table.say))


def can_replay(game: Game) -> bool:
    return game.hand_seed is not None and game.phase in (Phase.HAND_OVER, Phase.GAME_OVER)


def reveal_note(game: Game) -> str:
    """The finished hand's seed, the command that re-deals it and its commitment."""
    if not can_replay(game):
        return ""
    assert game.hand_seed is not None
    return tr("ui.fair.revealed", command=seed_command(game.rules.name, game.dealer, game.hand_seed))


def replay_table(table: TableHandle) -> Scene:
    """A table that deals the finished hand again: same shuffle, dealer, rules and the
    scores as they were before it. It is neither counted in the statistics nor autosaved,
    so the game it came from is still there to continue."""
    old = table.session
    s = Session(replay_deal(old.game), old.level, old.seed, old.human)
    s.autosaves = False
    s.replay_of = old.game.hand_number
    return table.app.make("table", s)


def deal_dialog(table: TableHandle) -> Dialog:
    """From the hand-end sheet: the revealed seed, then play the deal again or see it
    re-dealt card by card."""
    game = table.game
    app = table.app

    def show() -> None:
        assert game.hand_seed is not None
        record = redeal(game.rules, game.hand_seed, game.dealer)
        app.push(app.make("deal", record, game.hand_number,
                          [table.seat_name(s) for s in range(game.players)]))

    return Dialog(app, lambda: tr("ui.hand_end.this_deal"), lambda: reveal_note(game), [
        (lambda: tr("ui.deal.replay"), lambda: app.reset_to(replay_table(table))),
        (lambda: tr("ui.deal.show"), show),
        (lambda: tr("ui.back"), lambda: None),
    ], escape=2, primary=0, width=560)
