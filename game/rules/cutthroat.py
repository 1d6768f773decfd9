"""Cut-throat three-handed canasta: who plays alone, who are partners, how each scores.

docs/RULES.md, classic-3p, cut-throat: the first player to take the pile plays alone for
the rest of the hand and the other two become partners: they share one table (their melds
join) and the go-out condition, but each keeps their own initial-meld minimum (from their
own score) and each red 3 counts only for whoever laid it out. A player who goes out
before anyone took the pile is the lone hand all the same, and the other two score as
partners; when the hand ends with the pile never taken, everyone scores alone. The lone
player scores their own table; each partner scores the partnership's melds, going-out
bonus and the cards left in both partners' hands, plus their own red 3s. Every player
keeps their own running total.

The engine's data: `side_of[seat]` is the seat itself until the partnership forms, then
the partners' is the extra meld owner `alliance(rules)`. `red_threes` and `minimums` stay
per player (index = seat); the extra slot of `minimums` holds the minimum of the partner
whose turn it is, so the opening checks read `minimums[side_of[seat]]` as everywhere else.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from . import events as ev
from .cards import Card, Rank
from .melds import TableMeld
from .ruleset import RuleSet
from .scoring import SideScore, score_side

if TYPE_CHECKING:
    from .engine import Game


def applies(rules: RuleSet) -> bool:
    """Whether this rule set plays cut-throat (three players, the first taker of the pile alone)."""
    return bool(rules.cutthroat) and rules.players == 3


def alliance(rules: RuleSet) -> int:
    """The meld owner the two partners share once the partnership has formed."""
    return rules.sides


def formed(g: Game) -> bool:
    """Whether the cut-throat alliance is formed (someone took the pile)."""
    return len(set(g.side_of)) < g.rules.players


def partners_of(lone: int) -> tuple[int, int]:
    """The two seats that play together against the lone seat `lone`."""
    a, b = (s for s in range(3) if s != lone)
    return a, b


def form(g: Game, lone: int) -> ev.PartnershipFormed:
    """`lone` took the pile first: the other two join their melds on one shared table.
    Their red 3s stay their own."""
    shared = alliance(g.rules)
    partners = partners_of(lone)
    merged: dict[Rank, TableMeld] = {}
    for s in partners:
        own = g.side_of[s]
        for rank, m in g.melds[own].items():
            if rank in merged:
                merged[rank].add(m.cards)
            else:
                merged[rank] = TableMeld(rank, list(m.cards))
        g.melds[own] = {}
        g.side_of[s] = shared
    g.melds[shared] = merged
    return ev.PartnershipFormed(lone, partners)


def turn_starts(g: Game, seat: int) -> None:
    """A partner's opening needs that partner's own minimum."""
    shared = alliance(g.rules)
    if g.side_of[seat] == shared:
        g.minimums[shared] = g.minimums[seat]


def lone_player(g: Game) -> int | None:
    """The lone hand of this hand, if there is one: the first to take the pile, or else
    the player who went out."""
    if formed(g):
        return next(s for s in range(3) if g.side_of.count(g.side_of[s]) == 1)
    return g.went_out


def went_out_alone(g: Game, seat: int) -> list[ev.Event]:
    """Going out before anyone took the pile: the other two score as partners."""
    if formed(g):
        return []
    return [ev.PartnershipFormed(seat, partners_of(seat))]


def side_threes(rules: RuleSet, red_threes: Sequence[Sequence[Card]],
                side_of: Sequence[int], side: int) -> list[Card]:
    """The threes shown in front of a meld owner: the partnership shows both partners'
    own (and, in a game saved before they were kept apart, its merged ones)."""
    if not applies(rules) or side != alliance(rules):
        return list(red_threes[side])
    seats = [s for s in range(rules.players) if side_of[s] == side]
    return [c for s in seats for c in red_threes[s]] + list(red_threes[side])


def hand_score(g: Game) -> list[SideScore]:
    """Per player: the lone hand's own lines, each partner's shared lines plus their own
    red 3s, or everyone alone when nobody took the pile and nobody went out."""
    r = g.rules
    lone = lone_player(g)
    if lone is None:
        return [SideScore(s, (s,), tuple(score_side(
            r, g.melds[s], g.red_threes[s], {s: g.hands[s]}, g.went_out, g.concealed)))
            for s in range(3)]
    partners = partners_of(lone)
    if formed(g):
        table: list[TableMeld] = list(g.melds[alliance(r)].values())
        merged_threes = list(g.red_threes[alliance(r)])  # a game saved before the fix
    else:  # they never shared a table: each meld scores as it lies
        table = [m for s in partners for m in g.melds[s].values()]
        merged_threes = []
    hands = {s: g.hands[s] for s in partners}
    out = []
    for s in range(3):
        if s == lone:
            lines = score_side(r, g.melds[s], g.red_threes[s], {s: g.hands[s]},
                               g.went_out, g.concealed)
            out.append(SideScore(s, (s,), tuple(lines), alone=True))
            continue
        lines = score_side(r, table, list(g.red_threes[s]) + merged_threes, hands,
                           g.went_out, g.concealed, own_threes=True)
        other = partners[1] if s == partners[0] else partners[0]
        out.append(SideScore(s, (s,), tuple(lines), partner=other))
    return out
