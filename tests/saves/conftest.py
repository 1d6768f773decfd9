"""Fixtures for the saves tests: a private CANASTA_HOME and seeded games."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
CHILD = HERE / "saves_child.py"


def _load_helpers() -> ModuleType:
    # loaded by path: the tests run with --import-mode=importlib and no package __init__s
    spec = importlib.util.spec_from_file_location("saves_child_helpers", CHILD)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


HELPERS = _load_helpers()


@pytest.fixture(scope="session")
def helpers() -> ModuleType:
    return HELPERS


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CANASTA_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def child_env(home: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["CANASTA_HOME"] = str(home)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    return env


@pytest.fixture
def game():
    return HELPERS.midgame()[0]
