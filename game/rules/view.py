"""What one seat may know: its own hand and everything on the table, never other hands.

The AI and the hints only ever receive a `PlayerView`. Cards that went into another hand
from a taken pile were seen by everybody, so they are part of the view (`known`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .actions import Action
from .cards import Card, Rank
from .errors import plays_alone
from .meldkeys import MeldShape
from .ruleset import RuleSet

if TYPE_CHECKING:
    from .engine import Game, Phase
    from .melds import TableMeld


@dataclass(frozen=True)
class MeldView(MeldShape):
    """A meld as one player sees it on the table."""

    rank: Rank
    cards: tuple[Card, ...]
    naturals: int
    wilds: int


def _meld_view(m: TableMeld) -> MeldView:
    """A snapshot of a meld on the table, kept with the meld until it grows (melds only
    grow: they are never changed otherwise)."""
    snap = m.snapshot
    if snap is None or len(snap.cards) != len(m.cards):
        snap = m.snapshot = MeldView(m.rank, tuple(m.cards), m.naturals, m.wilds)
    return snap


@dataclass(frozen=True)
class PlayerView:
    """What one seat may know of the game: its own hand, the table, the pile, card counts, and the
    cards others were seen to take."""

    seat: int
    rules: RuleSet
    phase: Phase
    to_play: int
    hand_number: int
    dealer: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    side_of: tuple[int, ...]
    melds: tuple[dict[Rank, MeldView], ...]  # per meld-owning side
    red_threes: tuple[tuple[Card, ...], ...]
    # the cards seen face up, bottom to top (italian: above the `pile_hidden` face-down
    # cards of the starting pile, which nobody has seen)
    pile: tuple[Card, ...]
    pile_frozen: bool  # frozen for everyone
    stock_size: int
    scores: tuple[int, ...]
    minimums: tuple[int, ...]
    known: tuple[tuple[Card, ...], ...]  # cards known to be in each hand
    asked: bool
    answer: bool | None
    drew_from_stock: bool
    melded_this_turn: bool
    legal: tuple[Action, ...]  # empty unless this seat is to act
    # ranks nobody may meld any more (a natural canasta of them is on the table)
    dead_ranks: frozenset[int] = frozenset()
    pile_hidden: int = 0
    # per seat, the melds (rank keys) it put cards on this hand, and whether the player to
    # act may still go out concealed: both seen by everybody at the table
    laid_on: tuple[frozenset[int], ...] = ()
    concealed_chance: bool = False
    # The rest of the public turn and hand state, which everybody at the table saw happen:
    # a world resampled from this view must repeat it (see resample.py).
    took_pile: bool = False
    opened_at_turn_start: bool = False  # the side to act had melded when the turn began
    asker: int | None = None  # who asked partner this turn
    asked_in_hand: tuple[bool, ...] = ()  # per seat: asked partner this hand
    went_out: int | None = None
    concealed: bool = False
    end_reason: str | None = None
    winners: tuple[int, ...] = ()

    @property
    def pile_size(self) -> int:
        """Cards in the pile, the face-down ones under italian's starting card included."""
        return len(self.pile) + self.pile_hidden

    @classmethod
    def of(cls, g: Game, seat: int) -> PlayerView:
        """What `seat` sees of game `g` now."""
        pile = g.pile
        fields = {
            "seat": seat, "rules": g.rules, "phase": g.phase, "to_play": g.to_play,
            "hand_number": g.hand_number, "dealer": g.dealer,
            "hand": tuple(g.hands[seat]),
            "hand_sizes": tuple([len(h) for h in g.hands]),
            "side_of": tuple(g.side_of),
            "melds": tuple([{r: _meld_view(m) for r, m in side.items()} for side in g.melds]),
            "red_threes": tuple([tuple(r) for r in g.red_threes]),
            "pile": tuple(pile.cards[pile.hidden:]), "pile_frozen": pile.frozen,
            "stock_size": len(g.stock), "scores": tuple(g.scores),
            "minimums": tuple(g.minimums),
            "known": tuple([tuple(k) for k in g.known]),
            "asked": g.asked, "answer": g.answer, "drew_from_stock": g.drew_from_stock,
            "melded_this_turn": g.melded_this_turn,
            "legal": tuple(g.legal_actions()) if g.to_play == seat else (),
            "dead_ranks": g.dead_ranks(),
            "pile_hidden": pile.hidden,
            "laid_on": tuple([frozenset(k) for k in g.laid_on]),
            "concealed_chance": g.concealed_chance,
            "took_pile": g.took_pile, "opened_at_turn_start": g.opened_at_turn_start,
            "asker": g.asker, "asked_in_hand": tuple(g.asked_in_hand),
            "went_out": g.went_out, "concealed": g.concealed, "end_reason": g.end_reason,
            "winners": tuple(g.winners),
        }
        # every field is given, so the frozen dataclass's __init__ (one object.__setattr__
        # per field) is skipped: a view is built for every move of every rollout
        view = object.__new__(cls)
        view.__dict__.update(fields)
        return view

    @property
    def side(self) -> int:
        """The viewer's side (partnership, or the seat itself)."""
        return self.side_of[self.seat]

    @property
    def alone(self) -> bool:
        """The viewer has no partner now (see `plays_alone`): sentences say "you"."""
        return plays_alone(self.side_of, self.seat)

    @property
    def my_melds(self) -> dict[Rank, MeldView]:
        """The viewer's side's melds, by rank."""
        return self.melds[self.side]

    @property
    def pile_top(self) -> Card | None:
        """The pile's top card, or None when it is empty."""
        return self.pile[-1] if self.pile else None

    @property
    def partner(self) -> int | None:
        """The viewer's partner, or None when nobody plays in partnerships."""
        return (self.seat + 2) % 4 if self.rules.partnerships else None

    def opponents(self) -> tuple[int, ...]:
        """The seats on other sides."""
        return tuple(s for s in range(self.rules.players) if self.side_of[s] != self.side)
