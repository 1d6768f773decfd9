"""The optional compiled engine (`game.rules._accel`): a build is used only while its
manifest's hashes match the sources beside it, and the plain modules behave the same."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from game.rules import _accel

ROOT = Path(__file__).resolve().parents[2]


def _finder(tmp_path: Path, sha: str, binary: str = "x.so") -> _accel._Finder:
    (tmp_path / binary).write_bytes(b"")
    manifest = {"game.rules.cards": {"source": "game/rules/cards.py", "binary": binary,
                                     "sha256": sha}}
    return _accel._Finder(tmp_path, manifest)


def test_a_stale_build_is_never_used(tmp_path):
    finder = _finder(tmp_path, "0" * 64)  # built from some other source
    assert finder.find_spec("game.rules.cards") is None


def test_a_fresh_build_is_found(tmp_path):
    sha = _accel.source_hash(ROOT / "game/rules/cards.py")
    spec = _finder(tmp_path, sha).find_spec("game.rules.cards")
    assert spec is not None and spec.origin == str(tmp_path / "x.so")


def test_modules_outside_the_manifest_are_left_alone(tmp_path):
    assert _finder(tmp_path, "0" * 64).find_spec("game.rules.engine") is None
    assert _finder(tmp_path, "0" * 64).find_spec("json") is None


def test_a_missing_binary_is_not_used(tmp_path):
    sha = _accel.source_hash(ROOT / "game/rules/cards.py")
    finder = _finder(tmp_path, sha)
    (tmp_path / "x.so").unlink()
    assert finder.find_spec("game.rules.cards") is None


def test_a_broken_manifest_leaves_the_plain_engine(tmp_path, monkeypatch):
    monkeypatch.setattr(_accel, "build_dir", lambda: tmp_path)
    monkeypatch.delenv("CANASTA_PURE", raising=False)
    monkeypatch.setattr(sys, "meta_path",
                        [f for f in sys.meta_path if not isinstance(f, _accel._Finder)])
    for text in ("{not json", json.dumps([1, 2])):
        (tmp_path / "manifest.json").write_text(text, encoding="utf-8")
        before = list(sys.meta_path)
        assert _accel.install() is False
        assert sys.meta_path == before


def test_pure_mode_imports_the_plain_modules():
    code = ("import game.rules.engine as e, game.rules._accel as a;"
            "print(e.__file__.endswith('.py'), a.compiled('game.rules.engine'))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         env={**os.environ, "CANASTA_PURE": "1"}, check=True)
    assert out.stdout.split() == ["True", "False"]
