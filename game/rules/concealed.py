"""Going out concealed, judged per player.

docs/RULES.md, classic, going out: the bonus is 200 instead of 100 for a player who had
not melded or laid off anything this hand (the partner may have melded) and who goes out
in one turn, melding the whole hand including a canasta and adding nothing to the
partner's melds.

The engine keeps two facts for it: per seat, the melds (by rank key) that seat put cards
on this hand (`Game.laid_on`), and for the turn being played whether the player still
qualifies (`Game.concealed_chance`).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from .cards import Rank
from .melds import BLACK_THREES

if TYPE_CHECKING:
    from .engine import Game


def turn_starts(g: Game, seat: int) -> None:
    """At the start of `seat`'s turn: it may go out concealed only if it has put nothing
    on the table yet this hand."""
    g.concealed_chance = g.rules.concealed_going_out and not g.laid_on[seat]


def note_melding(g: Game, seat: int, keys: Collection[int]) -> None:
    """Before cards join the side's melds of these rank keys: a meld the player did not
    start this turn is the partner's (a player who had melded before lost the chance at
    the start of the turn), so adding to it ends the chance."""
    mine = g.laid_on[seat]
    if g.concealed_chance:
        side_melds = g.melds[g.side_of[seat]]
        if any(k in side_melds and k not in mine for k in keys):
            g.concealed_chance = False
    mine.update(map(int, keys))


def goes_out_concealed(g: Game, seat: int) -> bool:
    """Whether `seat`, going out now, goes out concealed: still qualified this turn and
    one of the melds it made this turn is a canasta."""
    if not g.concealed_chance:
        return False
    side_melds = g.melds[g.side_of[seat]]
    return any(k != BLACK_THREES and k in side_melds and side_melds[Rank(k)].is_canasta
               for k in g.laid_on[seat])


def laid_on_default(g: Game) -> list[set[int]]:
    """For a game saved before players' melds were tracked: every seat is taken to have
    laid on each of its side's melds, which gives the former side-wide answer."""
    return [{int(k) for k in g.melds[g.side_of[s]]} for s in range(g.rules.players)]
