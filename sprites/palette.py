"""Colours shared by every piece of card art.

Kept in one place so the faces, courts and backs stay in the same printed-ink family.
"""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]

CARD_WHITE: RGB = (253, 252, 248)
CARD_EDGE: RGB = (150, 150, 156)
GOLD: RGB = (222, 172, 48)
GOLD_DARK: RGB = (160, 112, 22)
SKIN: RGB = (250, 216, 180)
SKIN_SHADE: RGB = (222, 170, 130)
OUTLINE: RGB = (28, 26, 32)
PANEL_CREAM: RGB = (251, 244, 224)
SILVER: RGB = (200, 206, 214)

RED: RGB = (200, 22, 38)
BLACK: RGB = (22, 22, 30)
BLUE: RGB = (18, 80, 196)
GREEN: RGB = (14, 128, 52)
ROYAL_BLUE: RGB = (36, 72, 160)


def suit_ink(suit: str, four_colour: bool) -> RGB:
    """Print colour of pips and indices; the four-colour deck only recolours D and C."""
    if four_colour:
        if suit == "D":
            return BLUE
        if suit == "C":
            return GREEN
    return RED if suit in ("H", "D") else BLACK


@dataclass(frozen=True)
class CourtColours:
    """Robe, trim and accessory colours for a court figure."""

    robe: RGB
    accent: RGB
    trim: RGB
    hair: RGB


def court_colours(suit: str, four_colour: bool) -> CourtColours:
    # Each suit gets its own accent so e.g. KH and KD are told apart at a glance even in
    # the two-colour deck, as traditional court designs do.
    ink = suit_ink(suit, four_colour)
    accents: dict[str, RGB] = {
        "S": ROYAL_BLUE,
        "H": (232, 176, 40),
        "D": ROYAL_BLUE if not four_colour else (214, 40, 46),
        "C": (196, 36, 44) if not four_colour else (232, 176, 40),
    }
    hair: dict[str, RGB] = {
        "S": (70, 52, 40),
        "H": (176, 104, 40),
        "D": (120, 78, 40),
        "C": (60, 44, 36),
    }
    return CourtColours(robe=ink, accent=accents[suit], trim=GOLD, hair=hair[suit])


@dataclass(frozen=True)
class BackColours:
    base: RGB
    dark: RGB
    light: RGB


BACKS: dict[str, BackColours] = {
    "blue": BackColours(base=(28, 70, 150), dark=(16, 42, 100), light=(150, 186, 240)),
    "red": BackColours(base=(170, 28, 40), dark=(112, 14, 24), light=(244, 160, 160)),
    "green": BackColours(base=(22, 112, 64), dark=(10, 70, 38), light=(150, 220, 170)),
}
