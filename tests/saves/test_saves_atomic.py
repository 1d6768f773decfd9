"""Atomic JSON writes: complete old or complete new file, previous version kept as .bak."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from saves import atomic
from saves.atomic import read_json, remove_stale_temps, write_json_atomic


def _temps(d: Path) -> list[Path]:
    return [p for p in d.iterdir() if p.name.endswith(".tmp")]


def test_write_creates_file_and_no_backup_the_first_time(tmp_path: Path) -> None:
    p = tmp_path / "sub" / "a.json"
    write_json_atomic(p, {"x": 1, "name": "città ☃"})
    assert read_json(p) == {"x": 1, "name": "città ☃"}
    assert not p.with_suffix(".bak").exists()
    assert _temps(p.parent) == []


def test_previous_file_is_kept_as_bak(tmp_path: Path) -> None:
    p = tmp_path / "a.json"
    for i in range(3):
        write_json_atomic(p, {"i": i})
    assert read_json(p) == {"i": 2}
    assert read_json(p.with_suffix(".bak")) == {"i": 1}
    assert _temps(tmp_path) == []


def test_serialisation_error_never_touches_the_file(tmp_path: Path) -> None:
    p = tmp_path / "a.json"
    write_json_atomic(p, {"ok": True})
    write_json_atomic(p, {"ok": "second"})
    before = (p.read_bytes(), p.with_suffix(".bak").read_bytes())
    for bad in ({"s": {1, 2}}, {"nan": float("nan")}, {"obj": object()}):
        with pytest.raises((TypeError, ValueError)):
            write_json_atomic(p, bad)
    assert (p.read_bytes(), p.with_suffix(".bak").read_bytes()) == before
    assert _temps(tmp_path) == []


def test_failed_rename_leaves_old_file_and_no_temp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    p = tmp_path / "a.json"
    write_json_atomic(p, {"v": 1})
    real_replace = os.replace

    def refuse(src: os.PathLike[str], dst: os.PathLike[str]) -> None:
        if Path(dst) == p:
            raise OSError(28, "No space left on device")
        real_replace(src, dst)

    monkeypatch.setattr(atomic.os, "replace", refuse)
    with pytest.raises(OSError):
        write_json_atomic(p, {"v": 2})
    assert read_json(p) == {"v": 1}
    assert _temps(tmp_path) == []


def test_backup_falls_back_to_a_copy_without_hard_links(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_links(src: object, dst: object) -> None:
        raise OSError(1, "Operation not permitted")

    monkeypatch.setattr(atomic.os, "link", no_links)
    p = tmp_path / "a.json"
    write_json_atomic(p, {"v": 1})
    write_json_atomic(p, {"v": 2})
    assert read_json(p.with_suffix(".bak")) == {"v": 1}


def test_written_file_is_plain_utf8_json(tmp_path: Path) -> None:
    p = tmp_path / "a.json"
    write_json_atomic(p, {"k": "é"})
    assert json.loads(p.read_bytes().decode("utf-8")) == {"k": "é"}


def test_read_json_limits_size(tmp_path: Path) -> None:
    p = tmp_path / "big.json"
    p.write_text("[" + "1," * 100 + "1]")
    with pytest.raises(ValueError):
        read_json(p, max_bytes=50)


def test_stale_temps_are_removed_but_young_ones_kept(tmp_path: Path) -> None:
    old = tmp_path / ".autosave.json.abc.tmp"
    young = tmp_path / ".autosave.json.def.tmp"
    other = tmp_path / "notes.tmp"
    for f in (old, young, other):
        f.write_text("x")
    past = time.time() - 3600
    os.utime(old, (past, past))
    os.utime(other, (past, past))
    assert remove_stale_temps(tmp_path) == 1
    assert not old.exists() and young.exists() and other.exists()
