"""No player-facing string bypasses the translation layer.

Every place the UI puts words on screen - pygame_gui widgets, our drawn text, dialogs,
the table's messages, the window title - is scanned with `ast`: a string literal (or an
f-string with words in its literal parts) passed there is a sentence nobody can
translate. Such text must come from `tr(...)` (or be a value like "+", "×" or a number).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCANNED = sorted([*(ROOT / "game" / "ui").rglob("*.py"), ROOT / "game" / "rules_text.py",
                  *(ROOT / "game" / "cli").glob("*.py")])

# callee name -> (positional indexes, keyword names) that hold text a player reads
TEXT_ARGS: dict[str, tuple[tuple[int, ...], tuple[str, ...]]] = {
    # pygame_gui widgets
    "UIButton": ((1,), ("text", "tool_tip_text")),
    "UILabel": ((1,), ("text",)),
    "UITextBox": ((0,), ("html_text",)),
    "UITextEntryLine": ((), ("placeholder_text", "initial_text")),
    "UIDropDownMenu": ((0, 1), ("options_list", "starting_option")),
    "UISelectionList": ((1,), ("item_list",)),
    "UIWindow": ((), ("window_display_title",)),
    "UIMessageWindow": ((1,), ("html_message", "window_title")),
    "UIConfirmationDialog": ((1,), ("action_long_desc", "window_title", "action_short_name")),
    "UITooltip": ((0,), ("html_text",)),
    "set_text": ((0,), ("text",)),
    "set_item_list": ((0,), ("item_list",)),
    "add_options": ((0,), ("new_options",)),
    # our helpers over them (game/ui/shell/widgets.py, shell/dialogs.py)
    "button": ((1,), ("text", "tooltip")),
    "label": ((1,), ("text",)),
    "Choice": ((2,), ("labels",)),
    "Dialog": ((1, 2, 3), ("title", "text", "options")),
    "yes_no": ((1, 2), ("title", "text")),
    # drawn text
    "render": ((0,), ("text",)),
    "wrap": ((0,), ("text",)),
    "say": ((0,), ("text",)),
    "set_caption": ((0,), ("title",)),
}

_TAG = re.compile(r"<[^>]*>|&\w+;")
_LETTER = re.compile(r"[^\W\d_]")


def _callee(node: ast.Call) -> str | None:
    f = node.func
    if isinstance(f, ast.Name):
        return f.id
    if isinstance(f, ast.Attribute):
        return f.attr
    return None


def _wordy(text: str) -> bool:
    return bool(_LETTER.search(_TAG.sub("", text)))


def _literal_words(node: ast.AST) -> list[str]:
    """Untranslatable words reaching the screen through this argument expression."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value] if _wordy(node.value) else []
    if isinstance(node, ast.JoinedStr):
        parts = "".join(v.value for v in node.values
                        if isinstance(v, ast.Constant) and isinstance(v.value, str))
        return [ast.unparse(node)] if _wordy(parts) else []
    if isinstance(node, ast.BinOp):  # "Score: " + str(n)
        return _literal_words(node.left) + _literal_words(node.right)
    if isinstance(node, ast.IfExp):
        return _literal_words(node.body) + _literal_words(node.orelse)
    if isinstance(node, ast.List | ast.Tuple):
        found: list[str] = []
        for el in node.elts:
            # options lists hold (label, callback) or (label, object id) pairs
            target = el.elts[0] if isinstance(el, ast.Tuple) and el.elts else el
            found += _literal_words(target)
        return found
    if isinstance(node, ast.Lambda):  # lazy text: lambda: tr("...")
        return _literal_words(node.body)
    return []


def bypasses(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _callee(node)
        if name not in TEXT_ARGS:
            continue
        positions, keywords = TEXT_ARGS[name]
        args = [node.args[i] for i in positions if i < len(node.args)]
        args += [kw.value for kw in node.keywords if kw.arg in keywords]
        for arg in args:
            for text in _literal_words(arg):
                where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
                found.append(f"{where}:{node.lineno} {name}({text!r})")
    return found


def test_no_player_facing_literal_bypasses_tr():
    found = [hit for path in SCANNED if path.exists() for hit in bypasses(path)]
    assert not found, "text shown without the translation layer:\n" + "\n".join(found)


def test_the_scan_catches_a_bypass(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        "button(r, 'Deal the cards', m)\n"
        "T.render(f'Score: {n}', 14)\n"
        "UITextBox('<b>Hello</b>', r)\n"
        "Dialog(app, 'Paused', '', [('Resume', cb)])\n"
        "label(r, tr('ui.back'), m)\n"            # translated: fine
        "T.render('+', 14)\n"                     # no words: fine
        "T.render(f'{points:+,}', 14)\n"          # a number: fine
        "UITextBox(f\"<font size=4><b>{tr('ui.title')}</b></font>\", r)\n",  # markup only: fine
        encoding="utf-8")
    assert len(bypasses(sample)) == 5, bypasses(sample)
