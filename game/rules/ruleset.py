"""Every difference between the variants we ship, as data.

The engine reads these fields; it never asks which variant it is playing.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

# (lowest score, minimum count) pairs, highest threshold first; the first threshold the
# side's score reaches gives the minimum.
MinimumTable = tuple[tuple[int, int], ...]

CLASSIC_MINIMUMS: MinimumTable = ((3000, 120), (1500, 90), (0, 50), (-(10**9), 15))


@dataclass(frozen=True)
class RuleSet:
    name: str
    players: int = 4
    decks: int = 2
    jokers_per_deck: int = 2
    hand_size: int = 11
    draw_count: int = 1
    canastas_to_go_out: int = 1
    target: int = 5000
    target_options: tuple[int, ...] = (2500, 5000, 7500, 10000)
    minimums: MinimumTable = CLASSIC_MINIMUMS

    # Meld shape. "natural_gt_wild": more naturals than wilds; "hoyle": at least two
    # naturals. Either way at most `max_wilds` wild cards in a meld.
    wild_ratio: str = "natural_gt_wild"
    max_wilds: int = 3
    # A canasta of seven wild cards, laid down complete in one go (seed 003).
    wild_canasta: bool = False
    wild_canasta_bonus: int = 2000

    # Partner's answer to "may I go out?": True = "yes" obliges the player to go out.
    go_out_yes_binds: bool = True
    # Seed 003: the hand ends as soon as a player cannot draw (no play on the pile).
    stock_out_ends_hand: bool = False
    # Penalty for each black 3 left in a hand (seed 003 uses 100 instead of its value 5).
    black3_in_hand_penalty: int = 5
    # Three players: the first to take the pile plays alone against the other two.
    cutthroat: bool = False

    # Scoring.
    black_three_value: int = 5
    natural_canasta_bonus: int = 500
    mixed_canasta_bonus: int = 300
    going_out_bonus: int = 100
    concealed_bonus: int = 200
    red_three_bonus: int = 100
    all_red_threes_bonus: int = 800

    @property
    def partnerships(self) -> bool:
        return self.players == 4

    @property
    def sides(self) -> int:
        """Number of scoring units: partnerships in 4p, single players otherwise."""
        return 2 if self.players == 4 else self.players

    @property
    def deck_size(self) -> int:
        return self.decks * (52 + self.jokers_per_deck)

    def minimum_for(self, score: int) -> int:
        for threshold, minimum in self.minimums:
            if score >= threshold:
                return minimum
        return self.minimums[-1][1]

    def with_options(self, **options: Any) -> RuleSet:
        """A copy with house-rule options changed; unknown names are refused."""
        known = {f.name for f in fields(self)}
        unknown = set(options) - known
        if unknown:
            raise ValueError(f"Unknown rule option(s): {', '.join(sorted(unknown))}")
        return replace(self, **options)

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["minimums"] = [list(p) for p in self.minimums]
        d["target_options"] = list(self.target_options)
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> RuleSet:
        if not isinstance(d, dict) or "name" not in d:
            raise ValueError("rule set: expected an object with a 'name'")
        known = {f.name for f in fields(cls)}
        unknown = set(d) - known
        if unknown:
            raise ValueError(f"rule set: unknown field(s) {', '.join(sorted(unknown))}")
        data = dict(d)
        if "minimums" in data:
            data["minimums"] = tuple((int(a), int(b)) for a, b in data["minimums"])
        if "target_options" in data:
            data["target_options"] = tuple(int(t) for t in data["target_options"])
        return cls(**data)


CLASSIC = RuleSet(name="classic")
CLASSIC_2P = RuleSet(name="classic-2p", players=2, hand_size=15, draw_count=2,
                     canastas_to_go_out=2)
CLASSIC_3P = RuleSet(name="classic-3p", players=3, hand_size=13, draw_count=2,
                     target=7500)

VARIANTS: dict[str, RuleSet] = {r.name: r for r in (CLASSIC, CLASSIC_2P, CLASSIC_3P)}

# House-rule options a player may change, per field: the allowed values.
HOUSE_OPTIONS: dict[str, tuple[Any, ...]] = {
    "wild_ratio": ("natural_gt_wild", "hoyle"),
    "wild_canasta": (False, True),
    "go_out_yes_binds": (True, False),
    "stock_out_ends_hand": (False, True),
    "black3_in_hand_penalty": (5, 100),
    "cutthroat": (False, True),
}
