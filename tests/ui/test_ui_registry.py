"""Scenes reach each other through the app's registry, never by importing each other."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

from game.ui.shell.app import SCENES

UI = Path(__file__).resolve().parents[2] / "game" / "ui"
SCENE_MODULES = {"screens.menu", "screens.rules", "screens.slots", "table.scene", "learning.tutorial",
                 "screens.score", "screens.stats", "screens.deal", "review.scene"}
# a subclass imports its base: the lesson is the table plus a teacher
BASES = {("learning.tutorial", "table.scene")}


def imported_ui_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("game.ui."):
            out.add(node.module.removeprefix("game.ui."))
    return out


def test_every_registered_scene_resolves():
    for name, target in SCENES.items():
        module, _, path = target.partition(":")
        obj = importlib.import_module(module)
        for part in path.split("."):
            obj = getattr(obj, part)
        assert callable(obj), name


def test_no_scene_module_imports_another_scene_module():
    for mod in sorted(SCENE_MODULES):
        others = imported_ui_modules(UI / f"{mod.replace('.', '/')}.py") & SCENE_MODULES - {mod}
        assert {(mod, o) for o in others} <= BASES, f"{mod} imports {others}"
