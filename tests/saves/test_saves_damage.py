"""1,000 randomly damaged save files: the loader answers SaveError or a sound game, names
the file, and never changes it."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import saves
from saves.atomic import dumps

CARD = re.compile(r"^(JK|10|[2-9AJQK][SHDC]?)[SHDC]?/\d+$")


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory, helpers) -> tuple[Path, bytes, dict[str, Any]]:
    d = tmp_path_factory.mktemp("damage")
    g, players = helpers.midgame("classic", seed=5, moves=90)
    doc = {"format": saves.SAVE_FORMAT, "kind": "canasta-save", "saved_at": "2024-05-01T20:15:03+02:00",
           "name": "base", "variant": "classic", "scores": list(g.scores), "game": g.to_dict(),
           "extra": {"human_seat": 0, "players": helpers.players_state(players)}}
    data = dumps(doc)
    path = d / "damaged save.json"
    path.write_bytes(data)
    assert saves.load_file(path).game.to_dict() == g.to_dict()
    return path, data, doc


WRONG_VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=6), st.lists(st.integers(-3, 200), max_size=4),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.sampled_from(["KH/0", "JK/1", "3H/0", "ZZ/0", "KH/9", "KH", "", "draw", "game_over"]),
)


def _containers(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Paths of every dict/list in the tree (where a value can be replaced or removed)."""
    out = []
    if isinstance(node, dict) and node:
        out.append(path)
        for k, v in node.items():
            out += _containers(v, path + (k,))
    elif isinstance(node, list) and node:
        out.append(path)
        for i, v in enumerate(node):
            out += _containers(v, path + (i,))
    return out


def _cards(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(node, str):
        return [path] if CARD.match(node) else []
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    return [p for k, v in items for p in _cards(v, path + (k,))]


def _at(doc: Any, path: tuple[Any, ...]) -> Any:
    for k in path:
        doc = doc[k]
    return doc


@st.composite
def damaged(draw: st.DrawFn, data: bytes, doc: dict[str, Any]) -> tuple[str, bytes]:
    kind = draw(st.sampled_from(["truncate", "flip", "insert", "delete", "wrong_type",
                                 "remove_key", "card", "format", "garbage"]))
    if kind == "truncate":
        return kind, data[: draw(st.integers(0, len(data.rstrip()) - 1))]
    if kind == "flip":
        out = bytearray(data)
        for _ in range(draw(st.integers(1, 8))):
            i = draw(st.integers(0, len(out) - 1))
            out[i] ^= 1 << draw(st.integers(0, 7))
        return kind, bytes(out)
    if kind == "insert":
        i = draw(st.integers(0, len(data)))
        return kind, data[:i] + draw(st.binary(min_size=1, max_size=12)) + data[i:]
    if kind == "delete":
        i = draw(st.integers(0, len(data) - 1))
        return kind, data[:i] + data[i + draw(st.integers(1, 40)):]
    if kind == "garbage":
        return kind, draw(st.binary(max_size=64))
    new = json.loads(data)
    if kind == "format":
        new["format"] = draw(st.one_of(st.integers(saves.SAVE_FORMAT + 1, 10**6), st.integers(-(10**6), -1),
                                       st.text(max_size=3), st.none(), st.floats(allow_nan=False)))
    elif kind == "card":
        paths = _cards(new)
        for _ in range(draw(st.integers(1, 3))):
            p = draw(st.sampled_from(paths))
            _at(new, p[:-1])[p[-1]] = draw(st.sampled_from(
                ["KH/0", "KH/1", "KH/2", "JK/0", "JK/5", "3H/0", "3S/1", "2C/0", "AS/0", "ZZ/0", "K/0", "KH/-1", "KH"]))
    else:
        parent = _at(new, draw(st.sampled_from(_containers(new))))
        keys = list(parent) if isinstance(parent, dict) else list(range(len(parent)))
        key = draw(st.sampled_from(keys))
        if kind == "remove_key":
            del parent[key]
        else:
            parent[key] = draw(WRONG_VALUES)
    return kind, json.dumps(new).encode()


@settings(max_examples=1000, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_damaged_files_never_crash_the_loader(base: tuple[Path, bytes, dict[str, Any]], data: st.DataObject) -> None:
    path, original, doc = base
    kind, content = data.draw(damaged(original, doc))
    path.write_bytes(content)
    before = path.stat()
    try:
        loaded = saves.load_file(path)
    except saves.SaveError as e:
        assert e.message and str(path) in e.message and e.message.endswith(".")
        if kind == "format" and isinstance(json.loads(content).get("format"), int):
            assert e.key in ("saves.newer_format", "saves.bad_format")
    else:
        # some damage is harmless (a changed name, two copies of a card swapped between
        # decks); whatever loads must be a sound game
        assert kind not in ("truncate", "format", "garbage"), kind
        assert loaded.game.invariant_violations() == []
    after = path.stat()
    assert path.read_bytes() == content
    assert (after.st_mtime_ns, after.st_size) == (before.st_mtime_ns, before.st_size)
