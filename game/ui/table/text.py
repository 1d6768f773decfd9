"""What the table says in words: seat and side names, whose turn, what to do now, the
state of the pile. Pure Python (no pygame): read by the controller, the panel and the
score sheet alike, so they name the players the same way.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from enum import Enum

from game.i18n import tr
from game.rules import Game, Phase
from game.rules.cards import Card
from game.rules.seats import seat_word
from game.ui.table.staging import Groups, staged_value

# the prompts that name clicks and drags have a twin in keys ("<key>.keys")
KEY_WORDED = frozenset({"ui.prompt.draw", "ui.prompt.draw_two", "ui.prompt.draw_staged", "ui.prompt.meld",
                        "ui.prompt.meld_no_opening", "ui.prompt.meld_unopened", "ui.prompt.open"})


class Tone(Enum):
    """How a message or a badge reads; the drawing code picks the colour."""

    PLAIN = "plain"
    REFUSAL = "refusal"
    ADVICE = "advice"
    BLOCKED = "blocked"  # the pile: blocked, or stopped (italian)
    FROZEN = "frozen"
    CLOSED = "closed"  # the pile: not yet for you


def seat_name(game: Game, human: int, seat: int) -> str:
    """The seat's name as the table, the game record and `canasta verify` say it."""
    return tr(f"ui.seat.{seat_word(game.players, human, seat)}")


def side_name(game: Game, human: int, side: int) -> str:
    if game.rules.partnerships:
        return tr("ui.side.us") if side == game.side_of_seat(human) else tr("ui.side.them")
    if side >= game.players:  # cut-throat: the partners' shared table, named by both
        first, second = sorted((s for s in range(game.players) if game.side_of_seat(s) == side),
                               key=lambda s: s != human)
        return tr("ui.side.partners", first=seat_name(game, human, first), second=seat_name(game, human, second))
    return seat_name(game, human, side)


def canasta_word(natural: bool) -> str:
    return tr("ui.canasta.natural") if natural else tr("ui.canasta.mixed")


def stock_label(n: int) -> str:
    return tr("ui.stock.count", count=n)


def pile_label(n: int, buried: int = 0) -> str:
    if buried:
        return tr("ui.pile.count_buried", count=n, buried=buried)
    return tr("ui.pile.count", count=n)


def pile_state(game: Game, human_side: int, flying: Sequence[Card] = ()) -> tuple[str, Tone] | None:
    """The badge over the pile: blocked, stopped, frozen, or not yet yours. `flying`: pile
    cards still in the air; the badge tells the pile as it lies, so a wild discard freezes
    it for the eye when it lands, like the turn and the count."""
    pile = game.pile
    if flying:
        ids = {c.identity for c in flying}
        pile = copy.copy(pile)
        pile.cards = [c for c in pile.cards if c.identity not in ids]
        pile.freezers -= sum(1 for c in flying if pile.freezes(c))
    if pile.blocked_reason() in ("pile.blocked_wild", "pile.blocked_black_three"):
        return tr("ui.pile.blocked"), Tone.BLOCKED
    need = game.rules.stopper_take_naturals
    if need and pile.frozen:  # italian: a stopper in the pile raises what taking needs
        return tr("ui.pile.stopped", count=need), Tone.BLOCKED
    if pile.frozen:
        return tr("ui.pile.frozen"), Tone.FROZEN
    if pile.cards and not game.melds[human_side]:
        if game.rules.open_before_draw:  # italian: the pile needs an open side
            return tr("ui.pile.open_first"), Tone.CLOSED
        return tr("ui.pile.frozen_for_you"), Tone.CLOSED
    return None


def turn_text(game: Game, human: int, moving: int | None = None) -> tuple[str, bool]:
    """Whose turn it is, and whether it is the human's. `moving`: the seat whose move is
    still being shown (its cards in the air): its turn is not over for the eye yet."""
    if game.phase is Phase.GAME_OVER:
        return tr("ui.turn.game_over"), False
    if game.phase is Phase.HAND_OVER:
        return tr("ui.turn.hand_over"), False
    if moving is not None and moving != game.to_play:
        if moving == human:
            return tr("ui.turn.yours"), True
        return tr("ui.turn.other", name=seat_name(game, human, moving)), False
    if game.to_play == human:
        if game.phase is Phase.ASK_PARTNER:
            return tr("ui.turn.answer"), True
        return tr("ui.turn.yours"), True
    name = seat_name(game, human, game.to_play)
    if game.phase is Phase.ASK_PARTNER:
        return tr("ui.turn.waiting_answer", name=name), False
    return tr("ui.turn.other", name=name), False


def prompt_text(game: Game, human: int, staged: Groups, keys: bool = False) -> str:
    """What to do now, in one sentence for the panel: in keys when the player last used
    the keyboard (`keys`), in clicks and drags otherwise."""
    g = game

    def tr_for_input(key: str, **params: int) -> str:
        return tr(f"{key}.keys" if keys and key in KEY_WORDED else key, None, **params)

    if g.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
        return tr("ui.prompt.hand_over")  # nobody is playing: "watch the others" would be wrong
    if g.to_play != human:
        return tr("ui.prompt.watch")
    side = g.side_of_seat(human)
    opened = bool(g.melds[side])
    minimum = g.minimum(side)
    if g.phase is Phase.STOCK_END:
        return tr("ui.prompt.stock_end")
    if g.phase is Phase.OPEN:
        if staged:
            return tr("ui.prompt.open_staged", value=staged_value(g, staged), minimum=minimum)
        return tr_for_input("ui.prompt.open", minimum=minimum)
    if g.phase is Phase.DRAW:
        if staged:
            return tr_for_input("ui.prompt.draw_staged", value=staged_value(g, staged), minimum=minimum)
        return tr_for_input("ui.prompt.draw_two") if g.rules.draw_count == 2 else tr_for_input("ui.prompt.draw")
    if g.phase is Phase.MELD:
        if not opened and g.rules.open_before_draw:
            return tr_for_input("ui.prompt.meld_no_opening")
        if staged:
            if opened:
                return tr("ui.prompt.confirm")
            return tr("ui.prompt.confirm_opening", value=staged_value(g, staged), minimum=minimum)
        if g.answer:
            return tr("ui.prompt.partner_yes")
        if not opened:
            return tr_for_input("ui.prompt.meld_unopened", minimum=minimum)
        return tr_for_input("ui.prompt.meld")
    return ""


def role_text(alone: bool, partner: int | None, seat_name: Callable[[int], str],
              human: int) -> str:
    """Cut-throat: "alone" or "partner of ..." under a player's name ("" otherwise)."""
    if alone:
        return tr("ui.cutthroat.alone")
    if partner is None:
        return ""
    if partner == human:
        return tr("ui.cutthroat.your_partner")
    return tr("ui.cutthroat.partner_of", name=seat_name(partner))
