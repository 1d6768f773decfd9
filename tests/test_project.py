"""Project-wide checks: the engine stays pure, the code stays ruff-clean, and the README
test command is the one CI runs."""

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_the_rules_engine_never_imports_pygame():
    for path in (ROOT / "game" / "rules").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            assert not any(n.split(".")[0] in ("pygame", "pygame_gui") for n in names), path


def test_no_plain_pygame_dependency():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    deps = [line.strip().strip('",') for line in text.splitlines() if line.strip().startswith('"pygame')]
    assert "pygame-ce>=2.5" in deps and not any(d.split(">")[0].split("=")[0] == "pygame" for d in deps)


def test_ruff_is_clean():
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    if not Path(ruff).exists():
        pytest.skip("ruff is not installed (it comes with the [test] extra)")
    result = subprocess.run([ruff, "check", "--no-cache", "."], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout[-4000:]


def test_docs_rules_md_is_what_the_generator_writes():
    from game.rules_text import MARKDOWN_COMMAND, markdown

    committed = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")
    assert committed == markdown(), f"docs/RULES.md is out of date: run {MARKDOWN_COMMAND}"
