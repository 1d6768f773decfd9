"""A game's rules in a save: the variant name and its house options, every value read back
checked, and older saves (every rule field) still loading and playing on."""

from __future__ import annotations

import json
import random
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

from game.rules import VARIANTS, Game, GameStateError, Phase, RuleSet
from game.rules.saved_rules import FIELD_CHECKS, option_choices, rules_from_fields
from game.rules.state import STATE_FORMAT

DATA = Path(__file__).parent / "data"


def played(rules: RuleSet, seed: int = 3, moves: int = 80) -> Game:
    g = Game.new(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


def json_copy(d: Any) -> Any:
    return json.loads(json.dumps(d))


def old_format(g: Game, **changes: Any) -> dict[str, Any]:
    """`g` as a save of state format 1 wrote it: every rule field under "rules"."""
    d = json_copy(g.to_dict())
    d.pop("variant")
    d.pop("options")
    d["state_format"] = 1
    d["rules"] = {**json_copy(g.rules.to_dict()), **changes}
    return d


class NeverBuilt(Game):
    """A game class whose construction fails the test: a refused rule value must be
    refused before anything is built from it (decks dealt, lists sized), so the refusal
    cannot take time that grows with the value."""

    def __init__(self, rules: RuleSet, seed: int | None = 0) -> None:
        raise AssertionError(f"a game was built from hostile rules {rules.name}")


def refused(d: dict[str, Any], cls: type[Game] = Game) -> GameStateError:
    with pytest.raises(GameStateError) as e:
        cls.from_dict(d)
    return e.value


# ---------------------------------------------------------------------------- the format

def test_every_rule_field_has_a_check():
    assert set(FIELD_CHECKS) == {f.name for f in fields(RuleSet)}


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_every_variant_and_option_passes_its_own_checks(name):
    base = VARIANTS[name]
    assert rules_from_fields(json_copy(base.to_dict())) is base
    for option, choices in option_choices(base).items():
        for value in choices:
            rules = base.with_options(**{option: value})
            assert rules_from_fields(json_copy(rules.to_dict())) == rules


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_a_save_names_the_variant_and_its_house_options_and_round_trips(name):
    rules = VARIANTS[name]
    choices = option_choices(rules)
    # a house option away from the variant's own value, so the save must carry it
    option, values = next(iter(choices.items()))
    rules = rules.with_options(**{option: next(v for v in values if v != getattr(rules, option))})
    g = played(rules)
    d = g.to_dict()
    assert d["state_format"] == STATE_FORMAT
    assert "rules" not in d
    assert d["variant"] == name and set(d["options"]) == set(choices)
    assert d["options"][option] == getattr(rules, option)
    restored = Game.from_dict(json_copy(d))
    assert restored.rules == rules
    assert restored.to_dict() == d


def test_cutthroat_is_a_house_option_of_three_players():
    rules = VARIANTS["classic-3p"].with_options(cutthroat=True, target=10000)
    d = played(rules).to_dict()
    assert d["options"]["cutthroat"] is True and d["options"]["target"] == 10000
    assert Game.from_dict(json_copy(d)).rules == rules


def test_rules_that_are_not_a_variant_plus_house_options_are_saved_field_by_field():
    rules = VARIANTS["classic"].with_options(going_out_bonus=150)
    d = played(rules).to_dict()
    assert "options" not in d and d["rules"]["going_out_bonus"] == 150
    assert Game.from_dict(json_copy(d)).rules == rules


def test_to_dict_returns_fresh_data_each_call():
    g = played(VARIANTS["classic"])
    first = g.to_dict()
    first["options"]["target"] = -1
    first["hands"][0].clear()
    assert g.to_dict()["options"]["target"] == 5000 and g.to_dict()["hands"][0]


# ---------------------------------------------------------------------------- older saves

def test_an_older_save_maps_back_to_its_variant_and_plays_on():
    g = played(VARIANTS["classic"].with_options(wild_canasta=True, target=7500))
    restored = Game.from_dict(old_format(g))
    assert restored.rules == g.rules
    assert restored.to_dict() == g.to_dict()
    d = restored.to_dict()
    assert "rules" not in d and d["options"]["wild_canasta"] is True
    rng = random.Random(1)
    for _ in range(40):
        if restored.is_over:
            break
        restored.apply(rng.choice(restored.legal_actions()))
        assert not restored.invariant_violations()


def test_a_stored_format_1_state_loads_and_plays_on():
    d = json.loads((DATA / "cutthroat_merged_meld.json").read_text(encoding="utf-8"))
    assert d["state_format"] == 1 and len(d["rules"]) > 60
    g = Game.from_dict(d)
    assert g.rules == VARIANTS["classic-3p"].with_options(cutthroat=True)
    saved = g.to_dict()
    assert saved["variant"] == "classic-3p" and saved["options"]["cutthroat"] is True
    rng = random.Random(2)
    moves = 0
    while g.phase not in (Phase.HAND_OVER, Phase.GAME_OVER) and moves < 200:
        g.apply(rng.choice(g.legal_actions()))
        moves += 1
    assert moves and not g.invariant_violations()


def test_an_older_save_with_a_rule_no_option_offers_loads_as_those_rules():
    g = played(VARIANTS["classic"])
    restored = Game.from_dict(old_format(g, concealed_bonus=250))
    assert restored.rules.concealed_bonus == 250
    assert restored.to_dict()["rules"]["concealed_bonus"] == 250


def test_an_older_save_missing_a_field_takes_the_variant_value():
    g = played(VARIANTS["italian"], moves=30)
    d = old_format(g)
    del d["rules"]["house_options"]
    assert Game.from_dict(d).rules is VARIANTS["italian"]


# ---------------------------------------------------------------------------- hostile values

HOSTILE_FIELDS = [
    ("decks", 10**8), ("decks", 100_000), ("decks", 0), ("decks", True), ("decks", 2.0),
    ("target", -5), ("hand_size", 10**9), ("hand_size", -1), ("players", "four"),
    ("players", 7), ("jokers_per_deck", 10**6), ("draw_count", 10**6), ("max_wilds", None),
    ("wild_ratio", "anything"), ("wild_canasta", 1), ("minimums", [[0, 50]] * 100_000),
    ("minimums", []), ("minimums", [[0, "fifty"]]), ("target_options", list(range(10**5))),
    ("wild_free_ranks", [14]), ("house_options", ["nonsense"]),
    ("natural_canasta_bonus_by_rank", [[1, 10**12]]), ("red_three_bonus_by_count", "many"),
]


@pytest.mark.parametrize(("field", "value"), HOSTILE_FIELDS,
                         ids=[f"{f}={str(v)[:12]}" for f, v in HOSTILE_FIELDS])
def test_a_hostile_rule_value_is_refused_naming_the_field(field, value):
    d = old_format(played(VARIANTS["classic"], moves=10), **{field: value})
    e = refused(d, NeverBuilt)
    assert e.field == f"rules.{field}"
    assert f"rules.{field} = " in str(e)
    assert len(str(e)) < 300  # a huge value is described, never printed


def test_rules_that_cannot_be_dealt_are_refused():
    e = refused(old_format(played(VARIANTS["classic"], moves=10), hand_size=20, decks=1),
                NeverBuilt)
    assert e.field == "rules.hand_size" and "does not fit" in str(e)


def test_an_unknown_rule_field_or_variant_in_an_older_save_is_refused():
    g = played(VARIANTS["classic"], moves=10)
    e = refused(old_format(g, bogus=1), NeverBuilt)
    assert (e.field, e.problem, e.name) == ("rules.bogus", "unknown_option", "bogus")
    e = refused(old_format(g, name="poker"), NeverBuilt)
    assert (e.field, e.problem, e.name) == ("rules.name", "unknown_variant", "poker")


def new_format(g: Game, **changes: Any) -> dict[str, Any]:
    d = json_copy(g.to_dict())
    d.update(changes)
    return d


def with_option(g: Game, name: str, value: Any) -> dict[str, Any]:
    d = json_copy(g.to_dict())
    d["options"][name] = value
    return d


def test_an_unknown_variant_is_refused():
    g = played(VARIANTS["classic"], moves=10)
    e = refused(new_format(g, variant="poker"), NeverBuilt)
    assert (e.field, e.problem, e.name) == ("variant", "unknown_variant", "poker")
    assert "variant = 'poker'" in str(e)
    e = refused(new_format(g, variant=["classic"]), NeverBuilt)
    assert e.field == "variant"


@pytest.mark.parametrize(("option", "value", "field"), [
    ("target", -5, "options.target"),
    ("target", 10**9, "options.target"),
    ("target", 4000, "options.target"),  # a whole number, but not one the game offers
    ("wild_canasta", 1, "options.wild_canasta"),  # 1 == True in Python: types count
    ("wild_ratio", "anything", "options.wild_ratio"),
    ("black3_in_hand_penalty", 10**8, "options.black3_in_hand_penalty"),
    ("go_out_yes_binds", [True], "options.go_out_yes_binds"),
])
def test_a_bad_house_option_value_is_refused_naming_the_option(option, value, field):
    e = refused(with_option(played(VARIANTS["classic"], moves=10), option, value), NeverBuilt)
    assert e.field == field and e.problem == "value"
    assert f"{field} = " in str(e)


@pytest.mark.parametrize("option", ["decks", "cutthroat", "dirty_opening", "nonsense"])
def test_an_option_the_variant_does_not_offer_is_refused(option):
    # a rule field smuggled in as an option is refused as well as an unknown name
    e = refused(with_option(played(VARIANTS["classic"], moves=10), option, True), NeverBuilt)
    assert (e.field, e.problem, e.name) == (f"options.{option}", "unknown_option", option)
    assert "is not a house option of classic" in str(e)


def test_options_that_are_not_an_object_are_refused():
    e = refused(new_format(played(VARIANTS["classic"], moves=10), options=[1, 2]), NeverBuilt)
    assert e.field == "options"


# ---------------------------------------------------------------------------- the state

def _set(path: tuple[Any, ...], value: Any):
    def damage(d: dict[str, Any]) -> None:
        node = d
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
    return damage


HOSTILE_STATE = [
    (("hand_number",), -1, "hand_number"),
    (("hand_number",), 10**12, "hand_number"),
    (("dealer",), 9, "dealer"),
    (("to_play",), True, "to_play"),
    (("phase",), "dancing", "phase"),
    (("scores",), [10**12, 0], "scores[0]"),
    (("scores",), ["1200", 0], "scores[0]"),
    (("scores",), [0, 0, 0], "scores"),
    (("hands",), [["KH/0"] * 100_000] * 4, "hands[0]"),
    (("hands", 1, 0), "ZZ/0", "hands[1][0]"),
    (("hands", 1, 0), "KH/7", "hands[1][0]"),
    (("hands", 1, 0), 12, "hands[1][0]"),
    (("stock",), "KH/0", "stock"),
    (("pile_freezers",), 10**9, "pile_freezers"),
    (("pile_hidden",), 10**9, "pile_hidden"),
    (("side_of",), [0, 1, 0, 5], "side_of[3]"),
    (("melds",), [{"2": ["2H/0", "2S/0", "2D/0"]}, {}], "melds[0]"),
    (("melds",), [{}], "melds"),
    (("minimums",), [50, -10**9], "minimums[1]"),
    (("known",), [[], [], []], "known"),
    (("turn", "asked"), "yes", "turn.asked"),
    (("turn", "answer"), 1, "turn.answer"),
    (("turn", "asker"), 4, "turn.asker"),
    (("turn", "asked_in_hand"), [False] * 100_000, "turn.asked_in_hand"),
    (("went_out",), -1, "went_out"),
    (("concealed",), 0, "concealed"),
    (("end_reason",), "boredom", "end_reason"),
    (("winners",), [0] * 100_000, "winners"),
    (("seed",), 10**40, "seed"),
    (("rng",), [3, [0] * 10, None], "rng"),
    (("rng",), [3, [2**40] * 625, None], "rng"),
]


@pytest.mark.parametrize(("path", "value", "field"), HOSTILE_STATE,
                         ids=[f"{'.'.join(map(str, p))}={str(v)[:10]}" for p, v, _ in HOSTILE_STATE])
def test_a_hostile_state_value_is_refused_naming_the_field(path, value, field):
    d = json_copy(played(VARIANTS["classic"], moves=10).to_dict())
    _set(path, value)(d)
    e = refused(d)
    assert e.field == field, str(e)
    assert f"{field} = " in str(e)
    assert len(str(e)) < 300


def test_a_missing_field_is_named():
    d = json_copy(played(VARIANTS["classic"], moves=10).to_dict())
    del d["stock"]
    e = refused(d)
    assert (e.field, e.problem) == ("stock", "missing")


@pytest.mark.parametrize("fmt", [0, 3, "2", True, None])
def test_an_unknown_state_format_is_refused(fmt):
    d = json_copy(played(VARIANTS["classic"], moves=10).to_dict())
    d["state_format"] = fmt
    assert refused(d, NeverBuilt).field == "state_format"


@pytest.mark.parametrize("variant", ["classic-2p", "classic-3p"])
def test_a_save_with_an_option_no_longer_offered_there_still_loads(variant):
    # earlier New-game forms offered the partner's "yes" without partners and saved it;
    # the form no longer shows it there, but such a game must still load and play on
    g = played(VARIANTS[variant], moves=10)
    d = with_option(g, "go_out_yes_binds", False)
    loaded = Game.from_dict(d)
    assert loaded.rules.go_out_yes_binds is False and loaded.legal_actions()



def test_many_rule_set_objects_share_their_units():
    """Rule sets equal by value (as saves, cut-throat alliances and resampling may make
    anew) share one set of units."""
    import dataclasses

    from game.rules import VARIANTS
    from game.rules import units as units_module

    objects = [dataclasses.replace(VARIANTS["classic"]) for _ in range(200)]
    assert len({id(r) for r in objects}) == 200
    assert len({id(units_module.units_for(r)) for r in objects}) == 1
