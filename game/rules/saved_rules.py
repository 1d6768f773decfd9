"""The rules as a save holds them, and the checks every rule value read back must pass.

A save names its variant and the house options chosen for it; loading rebuilds the rule
set from `VARIANTS` and those options. A save file is data anyone can edit, and the engine
builds decks, deals and loops from these numbers (an unchecked `decks` of 10**8 keeps the
loader busy for minutes), so every value is checked against its allowed choices or range
before a `RuleSet` is made from it. Each check costs time bounded by this module's tables,
never by the values it is given: lengths are compared before anything is iterated.

Older saves (state format 1) hold every rule field. They are checked field by field, and
when they differ from their variant only by offered house options they become that
variant plus those options again.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from functools import lru_cache
from typing import TypeGuard

from .errors import GameStateError
from .json_values import JsonObject
from .ruleset import HOUSE_OPTIONS, VARIANTS, OptionValue, RuleSet, house_options_for

# The longest stretch of a bad value repeated in a message.
_SHOWN_CHARS = 40


def describe(value: object) -> str:
    """A short, cheap rendering of a value read from a file (never the repr of a huge list)."""
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        return str(value) if -10**15 < value < 10**15 else "a number too large to use"
    if isinstance(value, (list, tuple)):
        return f"a list of {len(value)} item(s)"
    if isinstance(value, dict):
        return f"an object of {len(value)} field(s)"
    if isinstance(value, str):
        # cut before repr: a string read from a file may be a megabyte long
        return repr(value) if len(value) <= _SHOWN_CHARS else repr(value[:_SHOWN_CHARS]) + "…"
    return repr(value) if isinstance(value, float) else type(value).__name__


def bad_value(field: str, value: object, wants: str) -> GameStateError:
    """The error for a saved field whose value is not what it should be."""
    return GameStateError(f"{field} = {describe(value)} is not {wants}", field=field)


# ---------------------------------------------------------------------------- checks

@dataclass(frozen=True)
class FieldCheck:
    """What one rule field may hold: `test` says whether a value fits, `wants` says in
    words what fits (for the message that refuses it)."""

    test: Callable[[object], bool]
    wants: str


def _is_int(v: object, lo: int, hi: int) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def _int(lo: int, hi: int) -> FieldCheck:
    return FieldCheck(lambda v: _is_int(v, lo, hi), f"a whole number from {lo} to {hi}")


_BOOL = FieldCheck(lambda v: isinstance(v, bool), "true or false")


def _sequence(v: object, max_len: int, min_len: int) -> TypeGuard[Sequence[object]]:
    return isinstance(v, (list, tuple)) and min_len <= len(v) <= max_len


def _ints(lo: int, hi: int, max_len: int, min_len: int = 0) -> FieldCheck:
    return FieldCheck(lambda v: _sequence(v, max_len, min_len) and all(_is_int(x, lo, hi) for x in v),
                      f"a list of {min_len} to {max_len} whole numbers from {lo} to {hi}")


def _pairs(first: tuple[int, int], second: tuple[int, int], max_len: int,
           min_len: int = 0) -> FieldCheck:
    def test(v: object) -> bool:
        return _sequence(v, max_len, min_len) and all(
            _sequence(p, 2, 2) and _is_int(p[0], *first) and _is_int(p[1], *second) for p in v)

    return FieldCheck(test, f"a list of {min_len} to {max_len} pairs of whole numbers "
                            f"({first[0]} to {first[1]}, {second[0]} to {second[1]})")


def _choice(*choices: object) -> FieldCheck:
    return FieldCheck(lambda v: any(type(v) is type(c) and v == c for c in choices),
                      "one of " + ", ".join(map(repr, choices)))


def _option_names() -> FieldCheck:
    names = tuple(HOUSE_OPTIONS)
    return FieldCheck(lambda v: _sequence(v, len(names), 0) and all(x in names for x in v),
                      "a list of house-option names")


# A canasta is 7 cards; no variant deals more than 15 cards or plays more than 3 decks, so
# these bounds leave room for house variants while keeping every loop short.
_POINTS = (0, 100_000)
_NATURAL_RANK = (1, 13)
_RANKS = _ints(1, 13, 13)
_SCORE_LIMIT = 10**9  # the lowest threshold of a minimums table is -(10**9)

FIELD_CHECKS: dict[str, FieldCheck] = {
    "name": _choice(*VARIANTS),
    "players": _int(2, 4),
    "decks": _int(1, 4),
    "jokers_per_deck": _int(0, 4),
    "hand_size": _int(1, 20),
    "draw_count": _int(1, 3),
    "canastas_to_go_out": _int(0, 4),
    "target": _int(1, 1_000_000),
    "target_options": _ints(1, 1_000_000, 8),
    "minimums": _pairs((-_SCORE_LIMIT, 1_000_000), (0, 10_000), 8, min_len=1),
    "wild_ratio": _choice("natural_gt_wild", "hoyle"),
    "max_wilds": _int(0, 7),
    "wild_canasta": _BOOL,
    "wild_canasta_bonus": _int(*_POINTS),
    "go_out_yes_binds": _BOOL,
    "stock_out_ends_hand": _BOOL,
    "black3_in_hand_penalty": _int(*_POINTS),
    "cutthroat": _BOOL,
    "pile_always_frozen": _BOOL,
    "black_three_value": _int(*_POINTS),
    "natural_canasta_bonus": _int(*_POINTS),
    "mixed_canasta_bonus": _int(*_POINTS),
    "going_out_bonus": _int(*_POINTS),
    "concealed_bonus": _int(*_POINTS),
    "red_three_bonus": _int(*_POINTS),
    "all_red_threes_bonus": _int(*_POINTS),
    "pile_starts_empty": _BOOL,
    "lay_out_black_threes": _BOOL,
    "last_three_stays_in_hand": _BOOL,
    "max_meld_size": _int(0, 30),
    "wild_free_ranks": _RANKS,
    "opening_only_wild_ranks": _RANKS,
    "rule_of_five": _int(0, 7),
    "dead_ranks": _BOOL,
    "wild_meld_min": _int(1, 7),
    "wild_meld_locks": _BOOL,
    "opening_counts_pile_card": _BOOL,
    "opening_needs_clean_meld": _BOOL,
    "canasta_from_hand_opens": _BOOL,
    "concealed_going_out": _BOOL,
    "take_needs_natural_pair": _BOOL,
    "take_join_max_size": _int(0, 30),
    "wild_discard_only_going_out": _BOOL,
    "empty_pile_guarded_ranks": _RANKS,
    "go_out_with_discard": _BOOL,
    "ask_once_per_hand": _BOOL,
    "natural_canasta_bonus_by_rank": _pairs(_NATURAL_RANK, _POINTS, 13),
    "wild_canasta_bonus_by_jokers": _ints(*_POINTS, 16),
    "melds_negative_without_canasta": _BOOL,
    "three_bonus_by_count": _ints(*_POINTS, 16),
    "three_sign_by_canastas": _ints(-4, 4, 8),
    "incomplete_meld_penalty_by_rank": _pairs(_NATURAL_RANK, _POINTS, 13),
    "incomplete_wild_meld_penalty": _int(*_POINTS),
    "incomplete_wild_meld_all_jokers_penalty": _int(*_POINTS),
    "held_group_penalty": _int(*_POINTS),
    "held_group_ranks": _RANKS,
    "held_group_size": _int(1, 20),
    "pile_buries_by_upcard": _BOOL,
    "open_before_draw": _BOOL,
    "dirty_opening": _BOOL,
    "meld_black_threes": _BOOL,
    "stopper_take_naturals": _int(0, 10),
    "wild_top_take_same": _int(0, 10),
    "replace_red_three_from_short_stock": _BOOL,
    "go_out_needs_natural_and_mixed": _BOOL,
    "final_discard_no_stoppers": _BOOL,
    "unfinished_wild_meld_binds": _BOOL,
    "red_three_bonus_by_count": _ints(*_POINTS, 16),
    "red_three_sign_by_canasta_kinds": _ints(-4, 4, 8),
    "house_options": _option_names(),
}

# Cards a deal needs beyond the hands: the pile's first card, the cards an italian pile
# buries under it (at most an ace's 14, plus turned wild cards) and a first draw.
_DEAL_SPARE = 20


def _tuples(v: object) -> object:
    return tuple(_tuples(x) for x in v) if isinstance(v, (tuple, list)) else v


# ---------------------------------------------------------------------------- options

def option_choices(rules: RuleSet) -> dict[str, tuple[OptionValue, ...]]:
    """The house options a save of this variant may set, with their allowed values: the
    New-game form's options and its target choices."""
    return {**house_options_for(rules),
            "target": tuple(sorted({*rules.target_options, rules.target}))}


def _allowed(value: object, choices: tuple[OptionValue, ...]) -> TypeGuard[OptionValue]:
    # type check too: in Python True == 1, so 1 would pass for a true/false option
    return any(type(value) is type(c) and value == c for c in choices)


def variant_named(name: object, field: str = "variant") -> RuleSet:
    """The variant a save names; GameStateError for a name this version does not know."""
    if not isinstance(name, str) or name not in VARIANTS:
        raise GameStateError(f"{field} = {describe(name)} is not a variant this version knows "
                             f"({', '.join(VARIANTS)})", field=field, problem="unknown_variant",
                             name=name[:_SHOWN_CHARS] if isinstance(name, str) else describe(name))
    return VARIANTS[name]


def rules_with_options(variant: object, options: object, field: str = "options") -> RuleSet:
    """`VARIANTS[variant]` with house options, every name and value checked."""
    base = variant_named(variant)
    if not isinstance(options, dict):
        raise bad_value(field, options, "an object of house options")
    choices = option_choices(base)
    for name, value in options.items():
        where = f"{field}.{describe(name) if not isinstance(name, str) else name[:_SHOWN_CHARS]}"
        allowed = choices.get(name)
        if allowed is None:
            raise GameStateError(f"{where} is not a house option of {base.name} "
                                 f"({', '.join(choices)})", field=where, problem="unknown_option",
                                 name=where.partition(".")[2])
        if not _allowed(value, allowed):
            raise bad_value(where, value, "one of " + ", ".join(map(repr, allowed)))
    return _variant_with(base.name, tuple(sorted(options.items())))


@lru_cache(maxsize=512)
def _variant_with(variant: str, options: tuple[tuple[str, OptionValue], ...]) -> RuleSet:
    # Only checked names and values reach here, so the cache holds at most the finite set
    # of option combinations; repeated loads share one rule set (and its save form).
    base = VARIANTS[variant]
    changed = {k: v for k, v in options if getattr(base, k) != v}
    return base.with_options(**changed) if changed else base


# ---------------------------------------------------------------------------- all fields

def rules_from_fields(d: object, field: str = "rules") -> RuleSet:
    """A rule set from every field by name (saves of state format 1, and rule sets that
    are not a variant plus house options): each value checked, missing ones taken from
    the variant."""
    if not isinstance(d, dict):
        raise bad_value(field, d, "an object of rule fields")
    base = variant_named(d.get("name"), f"{field}.name")
    for name, value in d.items():
        check = FIELD_CHECKS.get(name) if isinstance(name, str) else None
        if check is None:
            where = f"{field}.{describe(name) if not isinstance(name, str) else name[:_SHOWN_CHARS]}"
            raise GameStateError(f"{where} is not a rule this version knows", field=where,
                                 problem="unknown_option", name=where.partition(".")[2])
        if not check.test(value):
            raise bad_value(f"{field}.{name}", value, check.wants)
    values = {k: _tuples(v) for k, v in d.items() if getattr(base, k) != _tuples(v)}
    # (each value passed its field's check: the type checker cannot follow a name to a field)
    rules = replace(base, **values) if values else base  # type: ignore[arg-type]
    _check_together(rules, field)
    return _as_variant(rules, base, values)


def _check_together(rules: RuleSet, field: str) -> None:
    """The checks that need two fields at once."""
    if rules.players * rules.hand_size + _DEAL_SPARE > rules.deck_size:
        raise GameStateError(
            f"{field}.hand_size = {rules.hand_size} for {rules.players} players does not fit "
            f"in {rules.deck_size} cards", field=f"{field}.hand_size")
    if rules.cutthroat and rules.players != 3:
        raise GameStateError(f"{field}.cutthroat is only for three players", field=f"{field}.cutthroat")


def _as_variant(rules: RuleSet, base: RuleSet, changed: dict[str, object]) -> RuleSet:
    """The shared variant-plus-options rule set when `rules` is one."""
    choices = option_choices(base)
    options: dict[str, OptionValue] = {}
    for k, v in changed.items():
        if k not in choices or not _allowed(v, choices[k]):
            return rules
        options[k] = v
    return _variant_with(base.name, tuple(sorted(options.items())))


# ---------------------------------------------------------------------------- saving

@lru_cache(maxsize=64)  # (rule sets loaded from saves are new objects, equal ones share it)
def saved_options(rules: RuleSet) -> tuple[tuple[str, OptionValue], ...] | None:
    """Every house option a save of these rules names, when they are a variant plus house
    options; None when they are not (the save then holds every field).

    Computed once per rule set (games save often: undo, autosave, the search's worlds)."""
    return _saved_options(rules)


def _saved_options(rules: RuleSet) -> tuple[tuple[str, OptionValue], ...] | None:
    base = VARIANTS.get(rules.name)
    if base is None:
        return None
    choices = option_choices(base)
    differs = (f.name for f in fields(rules) if getattr(rules, f.name) != getattr(base, f.name))
    if not all(name in choices and _allowed(getattr(rules, name), choices[name]) for name in differs):
        return None
    return tuple((name, getattr(rules, name)) for name in choices)


def save_form(rules: RuleSet) -> JsonObject:
    """How a save names these rules: {"variant", "options"} for a variant plus house
    options, else {"variant", "rules"} with every field. A new dict on every call."""
    options = saved_options(rules)
    if options is None:
        return {"variant": rules.name, "rules": rules.to_dict()}
    return {"variant": rules.name, "options": dict(options)}


def rules_from_save(state: Mapping[str, object]) -> RuleSet:
    """The rule set a game state of format 2 names."""
    if "rules" in state:
        rules = rules_from_fields(state["rules"])
        if state.get("variant") != rules.name:
            raise bad_value("variant", state.get("variant"), f"{rules.name!r}, the rules' name")
        return rules
    return rules_with_options(state.get("variant"), state.get("options", {}))
