"""Sound effects for the card table: a synthesiser (`generate`) and a player (`player`).

The WAV files in `data/` are produced by `python -m sounds.generate` and committed, so the
game never has to synthesise at run time.
"""

from __future__ import annotations

from pathlib import Path

DATA_DIR: Path = Path(__file__).resolve().parent / "data"

# Every effect the game knows; the generator writes exactly these and the player loads them.
SOUND_NAMES: tuple[str, ...] = (
    "shuffle",
    "deal",
    "card_slide",
    "card_place",
    "pile_pickup",
    "canasta",
    "red_three",
    "going_out",
    "hand_won",
    "hand_lost",
    "click",
)

__all__ = ["DATA_DIR", "SOUND_NAMES"]
