"""Scenes reach each other through the app's registry, never by importing each other."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

from game.ui.app import SCENES

UI = Path(__file__).resolve().parents[2] / "game" / "ui"
SCENE_MODULES = {"menu_scene", "rules_scene", "slots", "table_scene", "tutorial", "score_scene",
                 "stats_scene", "deal_scene", "review_scene"}
# a subclass imports its base: the lesson is the table plus a teacher
BASES = {("tutorial", "table_scene")}


def imported_ui_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1 and node.module:
                out.add(node.module.split(".")[0])
            elif node.module and node.module.startswith("game.ui."):
                out.add(node.module.split(".")[2])
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
        others = imported_ui_modules(UI / f"{mod}.py") & SCENE_MODULES - {mod}
        assert {(mod, o) for o in others} <= BASES, f"{mod} imports {others}"
