"""Fair deals at the table: the commitment shown during a hand, the seed revealed after
it, and "Play this deal again" from the hand-end sheet (game/rules/deal.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import tr
from game.rules import Game, Phase
from game.rules.deal import commitment, redeal, replay_deal
from game.ui.shell.dialogs import Dialog
from game.ui.shell.scene import Scene
from game.ui.shell.session import Session

if TYPE_CHECKING:
    from game.ui.table.view import TableHandle


def grouped(digest: str, size: int = 16) -> str:
    """A long hex digest in groups, so it wraps in a narrow box and reads in chunks."""
    return " ".join(digest[i:i + size] for i in range(0, len(digest), size))


def commitment_note(game: Game) -> str:
    """The current deal's commitment while the hand is played ("" when it has none)."""
    if game.hand_seed is None or game.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
        return ""
    return tr("ui.fair.commitment", hash=grouped(commitment(game.rules.name, game.hand_seed)))


def can_replay(game: Game) -> bool:
    return game.hand_seed is not None and game.phase in (Phase.HAND_OVER, Phase.GAME_OVER)


def reveal_note(game: Game) -> str:
    """The finished hand's seed, the command that re-deals it and its commitment."""
    if not can_replay(game):
        return ""
    assert game.hand_seed is not None
    return tr("ui.fair.revealed", seed=game.hand_seed, variant=game.rules.name,
              hash=grouped(commitment(game.rules.name, game.hand_seed)))


def replay_table(table: TableHandle) -> Scene:
    """A table that deals the finished hand again: same shuffle, dealer, rules and the
    scores as they were before it. It is neither counted in the statistics nor autosaved,
    so the game it came from is still there to continue."""
    old = table.session
    s = Session(replay_deal(old.game), old.level, old.seed, old.human)
    s.autosaves = False
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
