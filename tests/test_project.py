"""Project-wide checks: the engine stays pure, the code stays ruff-clean, and the README
test command is the one CI runs."""

import ast
import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


# Each part and the parts it may import (CONTRIBUTING.md draws this): the imports go one way,
# from the window down to the rules and the words, never back up.
_MAY_IMPORT = {
    "game/i18n": set(),
    "game/rules": set(),
    "game/ai": {"i18n", "rules"},
    "game/rules_text.py": {"i18n", "rules"},
    "game/record_text.py": {"i18n", "rules"},
    "saves": {"i18n", "rules", "record_text"},
    "sprites": {"pygame"},
    "sounds": {"pygame", "rules"},
    "game/ui": {"i18n", "rules", "ai", "rules_text", "record_text", "saves", "sprites", "sounds", "pygame", "pygame_gui"},
    "game/cli": {"i18n", "rules", "ai", "record_text", "saves", "ui"},
}


def _part(module: str) -> str | None:
    """The part of the project (or pygame) a module belongs to; None for the rest."""
    head, _, rest = module.partition(".")
    if head == "game":
        return rest.split(".")[0] or None
    return head if head in ("saves", "sprites", "sounds", "pygame", "pygame_gui") else None


def test_imports_go_one_way():
    for where, allowed in _MAY_IMPORT.items():
        root = ROOT / where
        own = _part(where.replace("/", ".").removesuffix(".py"))
        for path in [root] if root.suffix == ".py" else sorted(root.rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                    names = [node.module]
                else:
                    continue
                for name in names:
                    part = _part(name)
                    assert part in (None, own) or part in allowed, f"{path.relative_to(ROOT)} imports {name}"


def _imported_modules(path: Path) -> set[str]:
    """Every module a file imports, relative imports resolved from its package
    ("from game import i18n" counts as game.i18n)."""
    package = path.relative_to(ROOT).with_suffix("").parts[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = list(package[:len(package) - node.level + 1]) if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            found.add(module)
            found.update(f"{module}.{a.name}" for a in node.names)
    return found


def test_the_rules_engine_never_imports_the_translation_layer():
    """Refusals and score lines carry keys and values; the words are chosen at the edge."""
    for path in (ROOT / "game" / "rules").rglob("*.py"):
        bad = [m for m in _imported_modules(path) if m == "game.i18n" or m.startswith("game.i18n.")]
        assert not bad, (path, bad)


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


# What a clone does not have: the rules specification and design notes the project was written
# from, and the machine it was written on. (Patterns are spelt so this file does not match itself.)
_OUTSIDE_REFERENCES = re.compile("|".join((
    r"\.\./shared",                   # a sibling folder of the repository
    r"(?<![\w.~-])/wor[k]/",          # an absolute path on the development machine
    r"RULES\.md §", r"§\s?\d",        # sections of the specification, not of docs/RULES.md
    r"DESIGN\.md",
    r"\b\d{3}_[0-9a-f]{16}\.txt",     # the original rule texts' file names
    r"(?i:\bseeds? 00\d)",        # ... however it is capitalised
)))



def _tracked_text_files() -> list[tuple[str, str]]:
    git = shutil.which("git")
    if git is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    names = subprocess.run([git, "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    files: list[tuple[str, str]] = []
    for name in names.decode("utf-8").split("\0"):
        path = ROOT / name
        if not name or not path.is_file():
            continue  # deleted in the work tree but not yet in the index
        data = path.read_bytes()
        if b"\0" in data:
            continue  # images and sounds
        files.append((name, data.decode("utf-8")))
    return files


def test_no_tracked_file_refers_to_a_path_outside_the_repository():
    offending = {}
    for name, text in _tracked_text_files():
        hits = sorted({m.group(0) for m in _OUTSIDE_REFERENCES.finditer(text)})
        if hits:
            offending[name] = hits
    assert not offending, offending


def test_docs_screenshots_are_the_readmes_small_set():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = set(re.findall(r"\(docs/screenshots/([\w-]+\.png)\)", readme))
    folder = ROOT / "docs" / "screenshots"
    present = {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}
    assert shown and present == shown  # the others are rendered on demand into screenshots/
    for name in shown:
        assert (folder / name).stat().st_size <= 250_000, name


def test_the_tracked_tree_stays_under_8_mb():
    git = shutil.which("git")
    if git is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    names = subprocess.run([git, "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    total = sum((ROOT / n).stat().st_size for n in names.decode("utf-8").split("\0") if n and (ROOT / n).is_file())
    assert total < 8_000_000, f"{total} bytes"


def test_menu_starts_without_the_engine() -> None:
    """The main menu's modules must not import the rules engine: it would delay the
    first frame by a good part of the start-up time (benchmarks/frame_time.py)."""
    import subprocess
    import sys

    code = ("import sys, game.ui.shell.app, game.ui.screens.menu, saves.settings, saves.store; "
            "print('game.rules.engine' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split()[-1] == "False"  # pygame prints its banner first


def _run_module(module: str, *args: str) -> subprocess.CompletedProcess[str]:
    """Run a checker that comes with the [test] extra on the repository (its settings are in
    pyproject.toml); skip when it is not installed."""
    if importlib.util.find_spec(module) is None:
        pytest.skip(f"{module} is not installed (it comes with the [test] extra)")
    return subprocess.run([sys.executable, "-m", module, *args], cwd=ROOT, capture_output=True, text=True)


def test_vulture_finds_no_dead_code():
    """Unused functions, classes and variables are deleted; the few names used from outside
    Python's sight are listed in vulture_whitelist.py."""
    result = _run_module("vulture")
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]


def test_mypy_is_clean(tmp_path):
    """Every package type-checks ([tool.mypy]: game, saves, sprites, sounds); a cold cache in
    a temporary folder, so a stale cache never hides an error."""
    result = _run_module("mypy", "--cache-dir", str(tmp_path / "mypy"))
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]


def test_the_engine_type_checks_strictly(tmp_path):
    """game/rules passes `mypy --strict`: every function typed, no Any returned where a
    type is promised (a cold cache, as above)."""
    result = _run_module("mypy", "--strict", "--cache-dir", str(tmp_path / "mypy"), "game/rules")
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]


# Packages whose public classes and functions (and the public methods of their classes) say
# what they are for. A method that overrides a documented one of its base class inherits that
# docstring, as help() shows it; a rule unit's hooks are documented once, in the docstring of
# game/rules/units/base.py (a unit's own docstring says what its rule is).
_DOCUMENTED_PACKAGES = ("game/rules", "game/ai", "saves")


def _rule_hooks() -> set[str]:
    doc = ast.get_docstring(ast.parse((ROOT / "game" / "rules" / "units" / "base.py").read_text(encoding="utf-8")))
    return set(re.findall(r"`(\w+)\(", doc or ""))


def _public_defs_without_docstring() -> list[str]:
    modules = [(p, ast.parse(p.read_text(encoding="utf-8")))
               for pkg in _DOCUMENTED_PACKAGES for p in sorted((ROOT / pkg).rglob("*.py"))]
    classes = {n.name: n for _p, tree in modules for n in tree.body if isinstance(n, ast.ClassDef)}

    def inherited(cls: ast.ClassDef, name: str, seen: frozenset[str] = frozenset()) -> bool:
        for b in cls.bases:
            base = classes.get(b.id if isinstance(b, ast.Name) else getattr(b, "attr", ""))
            if base is None or base.name in seen:
                continue
            if any(isinstance(m, ast.FunctionDef) and m.name == name and ast.get_docstring(m) for m in base.body):
                return True
            if inherited(base, name, seen | {base.name}):
                return True
        return False

    def is_rule(cls: ast.ClassDef, seen: frozenset[str] = frozenset()) -> bool:
        names = [b.id for b in cls.bases if isinstance(b, ast.Name)]
        return "Rule" in names or any(is_rule(classes[n], seen | {n}) for n in names if n in classes and n not in seen)

    hooks = _rule_hooks()
    missing = []
    for path, tree in modules:
        where = path.relative_to(ROOT)
        for node in tree.body:
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) or node.name.startswith("_"):
                continue
            if not ast.get_docstring(node):
                missing.append(f"{where}:{node.lineno} {node.name}")
            if isinstance(node, ast.ClassDef):
                for m in node.body:
                    if (isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)) and not m.name.startswith("_")
                            and not ast.get_docstring(m) and not inherited(node, m.name)
                            and not (m.name in hooks and is_rule(node))):
                        missing.append(f"{where}:{m.lineno} {node.name}.{m.name}")
    return missing


def test_public_classes_and_functions_have_docstrings():
    missing = _public_defs_without_docstring()
    assert not missing, f"{len(missing)} without a docstring:\n" + "\n".join(missing)


# game/ui's packages, lowest first: a module may import from its own package and from
# packages below it, never from one above or beside it (type-only and deferred imports
# count: they tie the modules as tightly for a reader)
UI_LAYERS = (("shell",), ("geometry",), ("motion",), ("table",), ("screens", "learning", "review"))


def _ui_imports() -> dict[str, set[str]]:
    """Every game/ui module (dotted, from game.ui on) and the game.ui modules it imports."""
    ui = ROOT / "game" / "ui"
    graph: dict[str, set[str]] = {}
    for path in ui.rglob("*.py"):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        deps = graph.setdefault(name, set())
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level:
                pytest.fail(f"{name}: relative import (game/ui imports absolutely, so a move shows)")
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("game.ui"):
                for alias in node.names:
                    sub = f"{node.module}.{alias.name}"
                    deps.add(sub if (ROOT / (sub.replace(".", "/") + ".py")).exists() else node.module)
            if isinstance(node, ast.Import):
                deps.update(a.name for a in node.names if a.name.startswith("game.ui"))
    return graph


def test_ui_packages_import_one_way():
    rank = {pkg: i for i, layer in enumerate(UI_LAYERS) for pkg in layer}
    graph = _ui_imports()
    loose = [m for m in graph if m.count(".") == 2 and not (ROOT / m.replace(".", "/") / "__init__.py").exists()]
    assert not loose, f"every game/ui module belongs to a package: {loose}"
    wrong = []
    for module, deps in graph.items():
        if module.count(".") < 2:
            continue
        mine = module.split(".")[2]
        for dep in deps:
            theirs = dep.split(".")[2] if dep.count(".") >= 2 else ""
            if theirs and theirs != mine and rank[theirs] >= rank[mine]:
                wrong.append(f"{module} -> {dep}")
    assert not wrong, "imports against the direction " + " < ".join("/".join(x) for x in UI_LAYERS) + f": {sorted(wrong)}"


def test_the_table_scene_is_imported_by_none_of_its_parts():
    """table/scene.py puts the table together; its parts know it by a protocol
    (table/parts.py), so no module it imports, however indirectly, imports it back."""
    graph = _ui_imports()
    scene = "game.ui.table.scene"
    seen: set[str] = set()
    todo = list(graph[scene])
    while todo:
        m = todo.pop()
        if m in seen:
            continue
        seen.add(m)
        assert scene not in graph.get(m, ()), f"{m} imports the table scene it is a part of"
        todo.extend(graph.get(m, ()))


# ---------------------------------------------------------------- docs/ADDING_A_RULE.md

_DOC_DIRS = ("game", "saves", "sprites", "sounds", "tests", "scripts", "benchmarks")


def _python_definitions() -> tuple[set[str], dict[str, tuple[set[str], list[str]]]]:
    """Every name the repository's Python defines (classes, functions, assigned names,
    fields, `self.` attributes), and per class its members and its bases' names."""
    names: set[str] = set()
    classes: dict[str, tuple[set[str], list[str]]] = {}
    for folder in _DOC_DIRS:
        for path in (ROOT / folder).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    names.add(node.name)
                elif isinstance(node, (ast.Name, ast.Attribute)) and isinstance(node.ctx, ast.Store):
                    names.add(node.id if isinstance(node, ast.Name) else node.attr)
                if isinstance(node, ast.ClassDef):
                    members, bases = classes.setdefault(node.name, (set(), []))
                    bases.extend(b.id for b in node.bases if isinstance(b, ast.Name))
                    for inner in ast.walk(node):
                        if isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                            members.add(inner.name)
                        elif isinstance(inner, ast.Name) and isinstance(inner.ctx, ast.Store):
                            members.add(inner.id)
                        elif (isinstance(inner, ast.Attribute) and isinstance(inner.ctx, ast.Store)
                              and isinstance(inner.value, ast.Name) and inner.value.id in ("self", "cls")):
                            members.add(inner.attr)
    return names, classes


def _class_has(classes: dict[str, tuple[set[str], list[str]]], cls: str, member: str) -> bool:
    seen: set[str] = set()
    todo = [cls]
    while todo:
        name = todo.pop()
        if name in seen or name not in classes:
            continue
        seen.add(name)
        members, bases = classes[name]
        if member in members:
            return True
        todo.extend(bases)
    return False


def _doc_command_problems(command: str) -> list[str]:
    words = command.split()
    problems = []
    for i, word in enumerate(words):
        if i and words[i - 1] == "-m":
            if not ((ROOT / (word.replace(".", "/") + ".py")).exists()
                    or importlib.util.find_spec(word) is not None):
                problems.append(f"module {word} (in `{command}`)")
        elif "/" in word or re.search(r"\.(py|md|json)$", word):
            if not (ROOT / word).exists():
                problems.append(f"path {word} (in `{command}`)")
    return problems


def test_adding_a_rule_names_only_paths_and_names_that_exist():
    """docs/ADDING_A_RULE.md sends a contributor to files and Python names: each one in
    backticks (and each command in a code block) must be real, or the guide has gone stale."""
    import builtins
    import json

    text = (ROOT / "docs" / "ADDING_A_RULE.md").read_text(encoding="utf-8")
    names, classes = _python_definitions()
    catalogue = json.loads((ROOT / "game" / "i18n" / "canasta.en.json").read_text(encoding="utf-8"))["en"]
    problems: list[str] = []
    fenced = re.findall(r"```(\w*)\n(.*?)```", text, flags=re.S)
    for lang, block in fenced:
        assert lang == "python", f"a fenced block in {lang or 'no language'}: write commands indented"
        for node in ast.walk(ast.parse(block)):
            if isinstance(node, ast.Name) and node.id not in names and not hasattr(builtins, node.id):
                problems.append(f"name {node.id} (in a code block)")
    prose = re.sub(r"```.*?```", "", text, flags=re.S)
    commands = [line.strip() for line in prose.splitlines() if re.match(r" {4,}\S", line)
                and not re.match(r"\s*[-*] ", line) and line.strip().split()[0] in ("python", "ruff")]
    assert commands, "the guide's commands were not found"
    for command in commands:
        problems += _doc_command_problems(command)
    tokens = re.findall(r"`([^`\n]+)`", prose)
    assert len(tokens) > 50, "the guide's names were not found"
    for token in tokens:
        if re.search(r"\s", token):
            problems += _doc_command_problems(token)
        elif "/" in token or re.search(r"\.(py|md|json)$", token):
            exists = (ROOT / token).exists() if "/" in token else any(ROOT.glob(f"**/{token}"))
            if not exists:
                problems.append(f"path {token}")
        elif token in catalogue:
            continue
        elif re.fullmatch(r"[A-Za-z_]\w*(\.\w+)?", token):
            head, _, member = token.partition(".")
            if head not in names:
                problems.append(f"name {head}")
            elif member and not _class_has(classes, head, member):
                problems.append(f"name {token}")
        else:
            problems.append(f"`{token}` is neither a path, a catalogue key, a Python name nor a command")
    assert not problems, "docs/ADDING_A_RULE.md names what does not exist:\n" + "\n".join(problems)


def test_the_readme_holds_no_measurement_history():
    """README.md is the front door: what the game is, how to start it and play it. Figures,
    and how they moved, live in docs/PERFORMANCE.md with the command behind each."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    history = re.findall(r"(?i)\bbefore\b|load average|\bwas \d|\bused to\b", readme)
    assert not history, history


# A path in the docs: one of the repository's folders and what follows it, or a link.
_REPO_PATH = re.compile(r"(?<![\w/.~-])((?:game|saves|sprites|sounds|tests|benchmarks|scripts|docs|\.ci)/[\w./*-]*)")
_LINK = re.compile(r"\]\(([^)#\s]+)\)")


def test_every_path_the_readme_and_contributing_name_exists():
    missing = []
    for doc in ("README.md", "CONTRIBUTING.md"):
        text = (ROOT / doc).read_text(encoding="utf-8")
        named = {m.rstrip(".") for m in _REPO_PATH.findall(text)}
        named |= {m for m in _LINK.findall(text) if "://" not in m}
        for path in sorted(named):
            if not (any(ROOT.glob(path)) if "*" in path else (ROOT / path).exists()):
                missing.append(f"{doc}: {path}")
    assert not missing, missing
