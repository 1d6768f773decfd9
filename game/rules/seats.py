"""The players' names for the seats: You, and the others by where they sit from you.

Seats are numbered in the order of play; the name depends only on how far a seat is
from the player's own (the table, the game record and `canasta verify` agree). The words
are the edge's: `ui.seat.<name>` in the catalogues."""

from __future__ import annotations

# seats after the player's own, by how many places after it
SEAT_NAMES = {2: {1: "north"}, 3: {1: "west", 2: "east"}, 4: {1: "west", 2: "north", 3: "east"}}


def seat_word(players: int, human: int, seat: int) -> str:
    """The seat's name key: "you", "west", "north" or "east"."""
    if seat == human:
        return "you"
    return SEAT_NAMES[players].get((seat - human) % players, "north")
