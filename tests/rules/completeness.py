"""A brute-force move enumerator and the two-way comparison with `legal_actions()`.

The enumerator knows no rule: it proposes every draw, pass, answer and discard, every take
of the pile with any hand cards of up to four (and every count of the top card's rank and
of the wild cards), and every single melding group of up to four hand cards, as a new group
and as a lay-off onto each of the side's melds (plus every count of one rank with wild
cards, whatever its size). `check()` judges each one.

Two actions are equivalent when they lead to the same position up to the suits of the
cards moved: no rule reads a natural card's or a wild card's suit, and the only threes that
reach a move (black ones) are alike. So an action's outcome is which ranks go where."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator

from game.ai.base import act, make_player
from game.rules import VARIANTS, Game, Phase, RuleSet
from game.rules.actions import Action, AnswerGoOut, AskGoOut, Discard, Draw, Meld, NextHand, PassPile, TakePile
from game.rules.cards import Card, Rank
from game.rules.melds import BLACK_THREES, WILD_MELD


def _target(cards: tuple[Card, ...], onto: Rank | None) -> int:
    naturals = {c.rank for c in cards if not c.is_wild}
    if cards and all(c.is_black_three for c in cards):
        return int(BLACK_THREES)
    if len(naturals) == 1:
        return int(naturals.pop())
    if naturals:
        return -1  # several ranks: never legal, keyed apart from everything
    return int(onto) if onto is not None else int(WILD_MELD)


def _ranks(cards) -> tuple[int, ...]:
    return tuple(sorted(int(c.rank) for c in cards))


def _melds_key(groups, onto) -> tuple:
    by_target: dict[int, list[int]] = {}
    for i, g in enumerate(groups):
        t = onto[i] if i < len(onto) else None
        by_target.setdefault(_target(tuple(g), t), []).extend(int(c.rank) for c in g)
    return tuple(sorted((t, tuple(sorted(r))) for t, r in by_target.items()))


def outcome_key(g: Game, a: Action) -> tuple:
    """What `a` does, up to suits (see the module docstring)."""
    if isinstance(a, Meld):
        return ("meld", _melds_key(a.groups, a.onto))
    if isinstance(a, TakePile):
        return ("take", _ranks(a.cards), _melds_key(a.melds, ()))
    if isinstance(a, Discard):
        return ("discard", a.card.code)  # the card lies face up on the pile: each one is its own
    if isinstance(a, AnswerGoOut):
        return ("answer", a.yes)
    return (type(a).__name__,)


def _subsets(hand: list[Card], most: int, least: int = 1) -> Iterator[tuple[Card, ...]]:
    """Sub-multisets of the hand by rank (one representative of each), up to `most`."""
    seen: set[tuple[int, ...]] = set()
    for k in range(least, most + 1):
        for combo in itertools.combinations(hand, k):
            key = _ranks(combo)
            if key not in seen:
                seen.add(key)
                yield combo


def _one_rank_groups(hand: list[Card], rank: int) -> Iterator[tuple[Card, ...]]:
    """Every count of `rank`'s naturals with every count of jokers and of 2s."""
    nat = [c for c in hand if c.rank == rank and not c.is_wild]
    jokers = [c for c in hand if c.rank == 0]
    twos = [c for c in hand if c.rank == 2]
    for n in range(len(nat) + 1):
        for j in range(len(jokers) + 1):
            for t in range(len(twos) + 1):
                if n + j + t:
                    yield tuple(nat[:n] + jokers[:j] + twos[:t])


def meld_candidates(g: Game) -> Iterator[Action]:
    hand = g.hands[g.to_play]
    ranks_on_table = list(g.melds[g.side_of[g.to_play]])
    groups = list(_subsets(hand, 4))
    for rank in {c.rank for c in hand if not c.is_wild}:
        groups.extend(gr for gr in _one_rank_groups(hand, rank) if len(gr) > 4)
    groups.extend(gr for gr in _one_rank_groups(hand, -1) if len(gr) > 4)
    for gr in groups:
        yield Meld([gr])
        if len(gr) <= 3:
            for r in ranks_on_table:
                yield Meld([gr], [r])


def take_candidates(g: Game) -> Iterator[Action]:
    hand = g.hands[g.to_play]
    yield TakePile(())
    yield from (TakePile(s) for s in _subsets(hand, 4))
    top = g.pile.top
    if top is not None:
        yield from (TakePile(gr) for gr in _one_rank_groups(hand, top.rank) if len(gr) > 4)


def candidates(g: Game) -> Iterator[Action]:
    phase = g.phase
    if phase is Phase.OPEN:
        yield Draw()
        yield from meld_candidates(g)
        yield from take_candidates(g)
    elif phase is Phase.DRAW:
        yield Draw()
        yield from take_candidates(g)
    elif phase is Phase.MELD:
        yield AskGoOut()
        yield from (Discard(c) for c in {c.code: c for c in g.hands[g.to_play]}.values())
        yield from meld_candidates(g)
    elif phase is Phase.ASK_PARTNER:
        yield AnswerGoOut(True)
        yield AnswerGoOut(False)
    elif phase is Phase.STOCK_END:
        yield PassPile()
        yield from take_candidates(g)
    elif phase is Phase.HAND_OVER:
        yield NextHand()


def compare(g: Game) -> list[str]:
    """Every disagreement between `legal_actions()`, `check()` and the enumerator."""
    problems: list[str] = []
    listed = g.legal_actions()
    keys: Counter = Counter()
    for a in listed:
        err = g.check(a)
        if err is not None:
            problems.append(f"listed but refused: {a} ({err.key})")
        keys[outcome_key(g, a)] += 1
    problems.extend(f"listed twice: {k}" for k, n in keys.items() if n > 1)
    seen: set[tuple] = set()
    for a in candidates(g):
        k = outcome_key(g, a)
        if k in keys or k in seen:
            continue
        seen.add(k)
        if g.check(a) is None:
            problems.append(f"legal but not listed: {a}")
    # the enumerator proposes single groups only: a way out of several groups is asked of
    # the engine's own planner, and some move that melds the hand down to its last
    # discard must then be listed
    way = g.go_out_meld(g.to_play) if g.phase is Phase.MELD else None
    if way is not None:
        hand = len(g.hands[g.to_play])
        if not any(isinstance(a, Meld) and sum(map(len, a.groups)) >= hand - 1 for a in listed):
            problems.append(f"a way out ({way}) but none listed")
    return problems


def describe(g: Game) -> str:
    seat = g.to_play
    side = g.side_of[seat]
    melds = {Rank(r).label: " ".join(c.label for c in m.cards) for r, m in g.melds[side].items()}
    pile = " ".join(c.label for c in g.pile.cards[-4:])
    return (f"{g.rules.name} phase={g.phase.value} seat={seat} "
            f"hand={' '.join(c.label for c in g.hands[seat])} melds={melds} pile=..{pile} "
            f"frozen={g.pile.frozen} stock={len(g.stock)} answer={g.answer}")


def positions(variant: str | RuleSet, agent: str, seed: int, count: int, every: float = 0.5
              ) -> Iterator[Game]:
    """`count` positions of games played by `agent` ("random" or "normal"), sampled (a
    variant by name, or any rule set)."""
    rules = variant if isinstance(variant, RuleSet) else VARIANTS[variant]
    rng = random.Random(seed)
    found = 0
    game_seed = seed * 7919
    while True:
        g = Game.new(rules, seed=game_seed)
        game_seed += 1
        players = [make_player(agent, seed * 10 + s) for s in range(rules.players)]
        while not g.is_over:
            if rng.random() < every:
                yield g
                found += 1
                if found >= count:
                    return
            if g.phase is Phase.HAND_OVER:
                a: Action = NextHand()
            elif g.phase is Phase.ASK_PARTNER:
                a = act(players[g.to_play], g.view(g.to_play))
            elif agent == "random":
                a = rng.choice(g.legal_actions())
            else:
                a = players[g.to_play].choose(g.view(g.to_play))
            g.apply(a)
