"""The itemised score of a hand: every line a player sees, and their sum."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Protocol

from .cards import Card, Rank
from .melds import BLACK_THREES, WILD_MELD, values_for
from .ruleset import RuleSet


class ScoredMeld(Protocol):
    """What scoring reads of a meld: the engine's `TableMeld` or a player's `MeldView`
    (the AI scores the table it sees with the engine's own rules)."""

    @property
    def rank(self) -> Rank:
        """The meld's key (a rank, or the key of wild cards or of black 3s)."""

    @property
    def cards(self) -> list[Card] | tuple[Card, ...]:
        """Its cards."""

    @property
    def size(self) -> int:
        """How many cards it holds."""

    @property
    def wilds(self) -> int:
        """How many of them are wild cards."""

    @property
    def is_canasta(self) -> bool:
        """Seven cards or more."""

    @property
    def is_natural(self) -> bool:
        """No wild card in it (a meld of wild cards is never natural)."""


@dataclass(frozen=True)
class ScoreLine:
    """One line of a hand's score sheet: a message key for its label, the label's values
    (the edge words it: `game.i18n.say(line.key, line.params)`) and the points."""

    key: str  # message key of the line's label
    points: int
    params: dict[str, object] = field(default_factory=dict, compare=False)

    def to_dict(self) -> dict[str, object]:
        """The line as JSON values."""
        return {"key": self.key, "points": self.points, "params": dict(self.params)}


@dataclass(frozen=True)
class SideScore:
    """One scoring unit's score for a hand, line by line."""

    side: int  # scoring unit: partnership in 4p, player otherwise
    seats: tuple[int, ...]
    lines: tuple[ScoreLine, ...]
    # cut-throat: the seat this player scored the hand with as partners (None: no
    # partner, or not cut-throat), and whether this player was the lone hand
    partner: int | None = None
    alone: bool = False

    @property
    def total(self) -> int:
        """The unit's points for the hand: the sum of its lines."""
        return sum(line.points for line in self.lines)

    def to_dict(self) -> dict[str, object]:
        """The score as JSON values, for saves and the score sheet."""
        d = {"side": self.side, "seats": list(self.seats), "total": self.total,
             "lines": [line.to_dict() for line in self.lines]}
        if self.partner is not None:
            d["partner"] = self.partner
        if self.alone:
            d["alone"] = True
        return d


def score_side(rules: RuleSet, melds: Mapping[Rank, ScoredMeld] | Iterable[ScoredMeld],
               red_threes: list[Card], hands: dict[int, list[Card]], went_out: int | None,
               concealed: bool, own_threes: bool = False) -> list[ScoreLine]:
    """Lines for one meld-owning side; `hands` maps each of its seats to the cards left.

    `melds`: the side's melds by rank, or a list of melds (two cut-throat partners who
    scored together without ever sharing a table may each hold a meld of one rank).
    `red_threes` holds every three the side laid out (black ones too where they are);
    `own_threes`: they are one partner's own, labelled so."""
    values = values_for(rules)
    table = sorted(melds.values() if isinstance(melds, Mapping) else melds,
                   key=lambda m: int(m.rank))
    canastas = 0
    for m in table:
        if m.is_canasta and m.rank != BLACK_THREES:
            canastas += 1
    went_out_here = went_out is not None and went_out in hands
    lines = _meld_lines(rules, table, canastas, values)
    lines.extend(_three_lines(rules, table, red_threes, canastas, went_out_here, own_threes))
    if went_out_here:
        if concealed:
            lines.append(ScoreLine("score.went_out_concealed", rules.concealed_bonus))
        else:
            lines.append(ScoreLine("score.went_out", rules.going_out_bonus))
    lines.extend(_hand_lines(rules, hands, values))
    return lines


def _meld_lines(rules: RuleSet, table: list[ScoredMeld], canastas: int,
                values: tuple[int, ...]) -> list[ScoreLine]:
    """The melded cards' value, then each meld's canasta bonus or unfinished penalty."""
    lines: list[ScoreLine] = []
    if table:
        melded = size = 0
        for m in table:  # plain loops: a hand's end sums every melded card
            size += m.size
            for c in m.cards:
                melded += values[c.code]
        count: dict[str, object] = {"count": size}
        if rules.melds_negative_without_canasta and not canastas:
            lines.append(ScoreLine("score.melded_cards_negative", -melded, count))
        else:
            lines.append(ScoreLine("score.melded_cards", melded, count))
    all_jokers = rules.decks * rules.jokers_per_deck
    for m in table:
        rank = m.rank
        if rank == BLACK_THREES:
            continue
        if not m.is_canasta:
            _incomplete_penalty(rules, rank, m, all_jokers, lines)
        elif rank == WILD_MELD:
            jokers = _jokers(m)
            lines.append(ScoreLine("score.wild_canasta", rules.wild_canasta_bonus_for(jokers),
                                   {"jokers": jokers}))
        elif m.is_natural:
            lines.append(ScoreLine("score.natural_canasta",
                                   rules.natural_canasta_bonus_for(rank), {"rank": rank.label}))
        else:
            lines.append(ScoreLine("score.mixed_canasta", rules.mixed_canasta_bonus,
                                   {"rank": rank.label}))
    return lines


def _three_lines(rules: RuleSet, table: list[ScoredMeld], red_threes: list[Card], canastas: int,
                 went_out_here: bool, own_threes: bool) -> list[ScoreLine]:
    """The threes laid out, by the variant's way of counting them."""
    if rules.three_bonus_by_count:
        return list(_threes_per_colour(rules, red_threes, canastas))
    if rules.red_three_bonus_by_count:
        line = _red_threes_by_kinds(rules, table, len(red_threes), went_out_here)
        return [] if line is None else [line]
    n = len(red_threes)
    if not n:
        return []
    bonus = rules.all_red_threes_bonus if n == 4 else rules.red_three_bonus * n
    key = "score.own_red_threes" if own_threes else "score.red_threes"
    if table:
        return [ScoreLine(key, bonus, {"count": n})]
    return [ScoreLine(key + "_unmelded", -bonus, {"count": n})]


def _hand_lines(rules: RuleSet, hands: dict[int, list[Card]],
                values: tuple[int, ...]) -> list[ScoreLine]:
    """Each seat's cards left in hand, and the variant's penalties for held groups."""
    lines: list[ScoreLine] = []
    for seat in sorted(hands):
        cards = hands[seat]
        if not cards:
            continue
        # a three is held only as the last stock card (modern) or a black 3 (classic)
        penalty = 0
        for c in cards:
            penalty += rules.black3_in_hand_penalty if c.is_three else values[c.code]
        lines.append(ScoreLine("score.cards_in_hand", -penalty,
                               {"seat": seat, "count": len(cards)}))
        if rules.held_group_penalty:
            for rank in rules.held_group_ranks:
                k = sum(1 for c in cards if c.rank == rank)
                if k >= rules.held_group_size:
                    lines.append(ScoreLine("score.held_group", -rules.held_group_penalty,
                                           {"seat": seat, "count": k,
                                            "rank": Rank(rank).label}))
    return lines


def _jokers(m: ScoredMeld) -> int:
    return sum(1 for c in m.cards if c.rank == Rank.JOKER)


def _incomplete_penalty(rules: RuleSet, rank: Rank, m: ScoredMeld, all_jokers: int,
                        lines: list[ScoreLine]) -> None:
    if rank == WILD_MELD:
        if not rules.incomplete_wild_meld_penalty:
            return
        jokers = _jokers(m)
        penalty = (rules.incomplete_wild_meld_all_jokers_penalty
                   if jokers >= all_jokers and rules.incomplete_wild_meld_all_jokers_penalty
                   else rules.incomplete_wild_meld_penalty)
        lines.append(ScoreLine("score.incomplete_wild_meld", -penalty, {"count": m.size}))
        return
    penalty = rules.incomplete_meld_penalty_for(rank) if m.wilds == 0 else 0
    if penalty:
        lines.append(ScoreLine("score.incomplete_meld", -penalty,
                               {"rank": rank.label, "count": m.size}))


_RED_THREE_SIGN_KEYS = {1: "score.red_threes", -1: "score.red_threes_no_mixed",
                        -2: "score.red_threes_no_natural"}


def _red_threes_by_kinds(rules: RuleSet, melds: list[ScoredMeld], n: int,
                         went_out_here: bool) -> ScoreLine | None:
    """Italian red 3s: a bonus by count, positive for the side that went out; for the
    other side (both, when the stock ran out) signed by its canastas: natural and mixed,
    natural only, no natural (a wild canasta is neither)."""
    if not n:
        return None
    table = rules.red_three_bonus_by_count
    bonus = table[min(n, len(table) - 1)]
    sign = 1
    if not went_out_here:
        natural = mixed = False
        for m in melds:
            if m.is_canasta and m.rank not in (BLACK_THREES, WILD_MELD):
                if m.wilds:
                    mixed = True
                else:
                    natural = True
        signs = rules.red_three_sign_by_canasta_kinds or (1, 1, 1)
        sign = signs[0] if natural and mixed else signs[1] if natural else signs[2]
    key = _RED_THREE_SIGN_KEYS.get(sign, "score.red_threes")
    return ScoreLine(key, sign * bonus, {"count": n})


def _threes_per_colour(rules: RuleSet, threes: list[Card], canastas: int) -> list[ScoreLine]:
    """One line per colour held: a bonus by count, its sign set by the side's canastas
    (against a side with none, nothing with one, for a side with more)."""
    signs = rules.three_sign_by_canastas or (1,)
    sign = signs[min(canastas, len(signs) - 1)]
    table = rules.three_bonus_by_count
    out = []
    red = sum(1 for c in threes if c.is_red_three)
    for key, n in (("score.threes_red", red), ("score.threes_black", len(threes) - red)):
        if n:
            bonus = table[min(n, len(table) - 1)]
            out.append(ScoreLine(key, sign * bonus, {"count": n}))
    return out
