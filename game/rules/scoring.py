"""The itemised score of a hand: every line a player sees, and their sum."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.i18n import tr

from .cards import Card, Rank
from .melds import BLACK_THREES, WILD_MELD, TableMeld, values_for
from .ruleset import RuleSet


@dataclass(frozen=True)
class ScoreLine:
    key: str  # message key of the line's label
    points: int
    params: dict = field(default_factory=dict, compare=False)

    @property
    def label(self) -> str:
        return tr(self.key, **self.params)

    def to_dict(self) -> dict:
        return {"key": self.key, "points": self.points, "params": dict(self.params)}


@dataclass(frozen=True)
class SideScore:
    side: int  # scoring unit: partnership in 4p, player otherwise
    seats: tuple[int, ...]
    lines: tuple[ScoreLine, ...]

    @property
    def total(self) -> int:
        return sum(line.points for line in self.lines)

    def to_dict(self) -> dict:
        return {"side": self.side, "seats": list(self.seats), "total": self.total,
                "lines": [line.to_dict() for line in self.lines]}


def score_side(rules: RuleSet, melds: dict[Rank, TableMeld], red_threes: list[Card],
               hands: dict[int, list[Card]], went_out: int | None, concealed: bool
               ) -> list[ScoreLine]:
    """Lines for one meld-owning side; `hands` maps each of its seats to the cards left."""
    values = values_for(rules)
    lines: list[ScoreLine] = []
    melded = sum(values[c.code] for m in melds.values() for c in m.cards)
    if melds:
        lines.append(ScoreLine("score.melded_cards", melded,
                               {"count": sum(m.size for m in melds.values())}))
    for rank in sorted(melds, key=int):
        m = melds[rank]
        if not m.is_canasta or rank == BLACK_THREES:
            continue
        if rank == WILD_MELD:
            lines.append(ScoreLine("score.wild_canasta", rules.wild_canasta_bonus))
        elif m.is_natural:
            lines.append(ScoreLine("score.natural_canasta", rules.natural_canasta_bonus,
                                   {"rank": rank.label}))
        else:
            lines.append(ScoreLine("score.mixed_canasta", rules.mixed_canasta_bonus,
                                   {"rank": rank.label}))
    n = len(red_threes)
    if n:
        bonus = rules.all_red_threes_bonus if n == 4 else rules.red_three_bonus * n
        if melds:
            lines.append(ScoreLine("score.red_threes", bonus, {"count": n}))
        else:
            lines.append(ScoreLine("score.red_threes_unmelded", -bonus, {"count": n}))
    if went_out is not None and went_out in hands:
        if concealed:
            lines.append(ScoreLine("score.went_out_concealed", rules.concealed_bonus))
        else:
            lines.append(ScoreLine("score.went_out", rules.going_out_bonus))
    for seat in sorted(hands):
        cards = hands[seat]
        if not cards:
            continue
        penalty = sum(rules.black3_in_hand_penalty if c.is_black_three else values[c.code]
                      for c in cards)
        lines.append(ScoreLine("score.cards_in_hand", -penalty,
                               {"seat": seat, "count": len(cards)}))
    return lines
