"""Game records and their check in words: the seats by name and where a record and its
replay first disagree (the engine's record.py keeps only keys and values)."""

from __future__ import annotations

from typing import Any

from game.i18n import refusal_text, tr
from game.rules.errors import IllegalMove
from game.rules.record import Disagreement, Place
from game.rules.seats import seat_word


def seat_name(players: int, human: int, seat: int) -> str:
    """The seat's name in the language shown."""
    return tr(f"ui.seat.{seat_word(players, human, seat)}")


def place_text(place: Place, players: int, human: int) -> str:
    """Where a disagreement is, in the language shown."""
    if place.hand is None:
        return tr("verify.record.at_game")
    if place.move is None and place.seat is None:
        return tr("verify.record.at_hand", hand=place.hand)
    seat = seat_name(players, human, place.seat) if place.seat is not None else "-"
    if place.move is None:
        return tr("verify.record.at_seat", hand=place.hand, seat=seat)
    return tr("verify.record.at_move", hand=place.hand, move=place.move, seat=seat)


def disagreement_text(found: Disagreement, record: Any) -> str:
    """The first disagreement as one sentence: where, then what."""
    players = record.get("players") if isinstance(record, dict) else None
    human = record.get("human") if isinstance(record, dict) else None
    if not isinstance(players, int) or players not in (2, 3, 4):
        players = 4
    if not isinstance(human, int) or not 0 <= human < players:
        human = 0
    params = {k: refusal_text(v) if isinstance(v, IllegalMove) else v for k, v in found.params.items()}
    if "what" in params:
        params["what"] = tr(f"verify.record.field.{params['what']}")
    return tr("verify.record.place", place=place_text(found.place, players, human),
              what=tr(found.key, **params))
