"""Nothing a game writes is shared with another game or thread: a variant's rule units
(shared by every game of it) are never written once built, and the tables of counts a
game fills on first use (`memo.CountTables`) are its own and its copies' alone."""

import random
import threading

import pytest

from game.rules import VARIANTS, Game, NextHand, Phase
from game.rules.units import units_for

NAMES = sorted(VARIANTS)


def _sizes(obj: object, path: str, out: dict[str, int], seen: set[int]) -> None:
    """The size of every dict, list and set reachable from `obj` through containers and
    object attributes, by where it is reached."""
    if id(obj) in seen or callable(obj) or isinstance(obj, (str, bytes, int, float, type)):
        return
    seen.add(id(obj))
    if isinstance(obj, (dict, list, set)):
        out[path] = len(obj)
    items: list[tuple[str, object]] = []
    if isinstance(obj, dict):
        items = [(f"{path}[{k!r}]", v) for k, v in obj.items()]
    elif isinstance(obj, (list, tuple, set, frozenset)):
        items = [(f"{path}[{i}]", v) for i, v in enumerate(obj)]
    else:
        names = [*getattr(obj, "__dict__", {}),
                 *(n for cls in type(obj).__mro__ for n in getattr(cls, "__slots__", ()))]
        items = [(f"{path}.{n}", getattr(obj, n)) for n in names if hasattr(obj, n)]
    for where, value in items:
        _sizes(value, where, out, seen)


def _fingerprint(rules) -> dict[str, int]:
    out: dict[str, int] = {}
    _sizes(units_for(rules), "units", out, set())
    return out


def _play(g: Game, moves: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(moves):
        if g.is_over:
            return
        g.apply(NextHand() if g.phase is Phase.HAND_OVER else rng.choice(g.legal_actions()))


@pytest.mark.parametrize("name", NAMES)
def test_playing_writes_nothing_into_the_shared_rule_units(name):
    rules = VARIANTS[name]
    before = _fingerprint(rules)
    g = Game.new(rules, seed=3)
    _play(g, 400, 3)
    _play(Game.resample(g.view(g.to_play), random.Random(1)), 100, 4)
    assert _fingerprint(rules) == before


def test_two_games_and_a_thread_have_their_own_tables_and_copies_share_them():
    rules = VARIANTS["classic"]
    a, b = Game.new(rules, seed=1), Game.new(rules, seed=1)
    _play(a, 200, 1)
    assert a.cache.tables is not b.cache.tables
    assert a.cache.tables.shapes and not b.cache.tables.shapes  # a's answers stay a's
    assert a.copy().cache.tables is a.cache.tables  # (a copy is the same game's)
    assert Game.from_dict(a.to_dict()).cache.tables is not a.cache.tables
    on_thread: list[Game] = []

    def work() -> None:
        g = Game.new(rules, seed=1)
        _play(g, 200, 1)
        on_thread.append(g)

    worker = threading.Thread(target=work)
    worker.start()
    worker.join()
    (c,) = on_thread
    assert c.cache.tables is not a.cache.tables and c.cache.tables is not b.cache.tables
    # the same moves made the same answers, each game in its own table
    assert c.cache.tables.shapes == a.cache.tables.shapes
