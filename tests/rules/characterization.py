"""A characterization digest of the engine: every `legal_actions()` list and every event
over seeded random hands, in every variant and every house option that changes play.

Refactoring the engine must leave what it lists and what it reports unchanged, so every
figure measured on the AI still holds. Two digests are kept apart:

- `ordered`: the lists exactly as listed (a change of order alone changes it);
- `as_sets`: each list sorted, so a generator that only lists the same moves in another
  order keeps it (then re-measure the AI, whose ties may break differently).

The random player picks from the sorted list, so the hands played do not depend on the
order a generator lists moves in. `benchmarks/digest.py` prints both for more hands.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass

from game.rules import VARIANTS, Game, Phase, RuleSet

# the house options whose non-default value changes what is listed or scored
HOUSE_CASES: tuple[tuple[str, dict[str, object]], ...] = (
    ("classic", {"wild_ratio": "hoyle"}),
    ("classic", {"wild_canasta": True}),
    ("classic", {"go_out_yes_binds": False}),
    ("classic", {"stock_out_ends_hand": True}),
    ("classic", {"black3_in_hand_penalty": 100}),
    ("classic", {"pile_always_frozen": True}),
    ("classic-3p", {"cutthroat": True}),
    ("italian", {"dirty_opening": True}),
)

# hands a case plays in the test (benchmarks/digest.py may play more)
HANDS = 80


@dataclass(frozen=True)
class Digest:
    """The two digests of one run (see the module's docstring)."""

    ordered: str
    as_sets: str


def cases() -> list[tuple[str, RuleSet]]:
    """Every variant as shipped, then each house option case, with a readable name."""
    named = [(name, rules) for name, rules in VARIANTS.items()]
    for variant, options in HOUSE_CASES:
        label = ",".join(f"{k}={v}" for k, v in options.items())
        named.append((f"{variant}[{label}]", VARIANTS[variant].with_options(**options)))
    return named


def _size(action: object) -> int:
    """How many cards a move puts on the table (0 for moves that meld nothing)."""
    groups = getattr(action, "groups", None) or getattr(action, "melds", None) or ()
    return len(getattr(action, "cards", ())) + sum(len(g) for g in groups)


def _choose(moves: list, pick: random.Random, greed: float):
    """With probability `greed` the move that melds the most cards, else any move: uniform
    play alone seldom completes canastas or goes out, greedy play seldom lasts long."""
    if pick.random() < greed:
        return max(moves, key=_size)
    return pick.choice(moves)


def digest(rules: RuleSet, hands: int, first_seed: int = 1, max_moves: int = 4000) -> Digest:
    """Play `hands` random hands of `rules` (one game a seed, its first hand) and hash
    every list of legal moves and every event."""
    ordered, as_sets = hashlib.sha256(), hashlib.sha256()
    for seed in range(first_seed, first_seed + hands):
        game = Game.new(rules, seed=seed)
        pick = random.Random(seed * 7919)
        for _ in range(max_moves):
            if game.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
                break
            listed = game.legal_actions()
            ordered.update(repr(listed).encode())
            sorted_moves = sorted(listed, key=repr)
            as_sets.update(repr(sorted_moves).encode())
            action = _choose(sorted_moves, pick, 0.5 if seed % 2 else 0.1)
            events = repr(game.apply(action)).encode()
            ordered.update(events)
            as_sets.update(events)
        else:
            raise AssertionError(f"seed {seed}: the hand did not end in {max_moves} moves")
        scored = repr(game.last_scores).encode()
        ordered.update(scored)
        as_sets.update(scored)
    return Digest(ordered.hexdigest(), as_sets.hexdigest())
