"""Everything that must always hold in a game, checked after every move in tests and
simulations (`Game.invariant_violations`)."""

from __future__ import annotations

from collections import Counter
from functools import cache

from . import events as ev
from .cards import make_decks
from .engine import Game, Phase
from .melds import BLACK_THREES, shape_error


@cache
def _identities(decks: int, jokers_per_deck: int) -> frozenset[tuple[int, int]]:
    return frozenset(c.identity for c in make_decks(decks, jokers_per_deck))


def violations(g: Game) -> list[str]:
    """An empty list when the state is sound."""
    out = []
    cards = g.all_cards()
    ids = {c.identity for c in cards}
    if len(cards) != g.rules.deck_size:
        out.append(f"{len(cards)} cards in play, expected {g.rules.deck_size}")
    if len(ids) != len(cards):
        dup = [k for k, v in Counter(c.identity for c in cards).items() if v > 1]
        out.append(f"cards present twice: {dup[:5]}")
    if ids != _identities(g.rules.decks, g.rules.jokers_per_deck):
        out.append("the set of cards differs from the decks")
    for side, melds in enumerate(g.melds):
        merged = g.rules.cutthroat and side == g.rules.sides
        for rank, m in melds.items():
            err = shape_error(g.rules if not merged else
                              g.rules.with_options(max_wilds=99),
                              rank, m.naturals, m.wilds, new=False)
            if err:
                out.append(f"side {side}: invalid meld {rank.label}: {err[0]}")
    if not 0 <= g.pile.hidden <= max(len(g.pile) - 1, 0):
        out.append(f"{g.pile.hidden} face-down cards in a pile of {len(g.pile)}")
    if not g.rules.meld_black_threes and any(BLACK_THREES in m for m in g.melds):
        out.append("black 3s melded")
    if g.phase is Phase.OPEN and g.melds[g.side_of[g.to_play]]:
        out.append("an open side is asked to open")
    # a three drawn as the last stock card may stay in hand once the hand is over
    kept_three_ok = (g.rules.last_three_stays_in_hand and g.end_reason == "stock_three"
                     and g.phase in (Phase.HAND_OVER, Phase.GAME_OVER))
    for seat, h in enumerate(g.hands):
        threes = sum(1 for c in h if g.lays_out(c))
        if threes and not (kept_three_ok and threes == 1 and seat == g.to_play):
            out.append(f"seat {seat} holds a three that must be laid out")
    if g.rules.go_out_with_discard and g.went_out is not None:
        events = g.history
        for i in range(len(events) - 1, 0, -1):  # (a restored game has no history)
            if isinstance(events[i], ev.WentOut):
                if not isinstance(events[i - 1], ev.Discarded):
                    out.append(f"seat {g.went_out} went out without a discard")
                break
    if g.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
        for s in g.last_scores:
            if s.total != sum(line.points for line in s.lines):
                out.append("hand total differs from its lines")
    return out
