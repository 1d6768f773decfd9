"""Procedural card art: faces, jokers and backs drawn with pygame primitives (no image assets)."""

from sprites.cards import JOKER, RANKS, CardArt, card_size
from sprites.suits import SUITS

__all__ = ["JOKER", "RANKS", "SUITS", "CardArt", "card_size"]
