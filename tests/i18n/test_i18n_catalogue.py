"""Every message key the code uses has a sentence in the English catalogue, and every
translated catalogue has exactly the same keys and placeholders."""

import ast
import re
from pathlib import Path

from game.i18n import LANGUAGES, LOCALE_DIR, catalog, placeholders, texts, tr

ROOT = Path(__file__).resolve().parents[2]
KEY = re.compile(r"^[a-z][a-z0-9_]*\.[a-z0-9_.]+$")


def keys_in_code() -> dict[str, str]:
    """Every message key written in the code; a key made with an f-string
    (f"ui.speed.{i}") appears as its prefix, ending with a dot."""
    prefixes = {k.split(".")[0] for k in catalog("en")}
    found: dict[str, str] = {}
    for folder in ("game", "saves"):
        for path in (ROOT / folder).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    s = node.value
                    if KEY.match(s) and s.split(".")[0] in prefixes and not s.endswith(".py"):
                        found.setdefault(s, f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_every_key_used_in_code_has_an_english_sentence():
    en = catalog("en")
    missing = {k: where for k, where in keys_in_code().items()
               if (k not in en if not k.endswith(".") else not any(e.startswith(k) for e in en))}
    assert not missing, f"keys without a sentence: {missing}"


def test_catalogues_agree_on_keys_and_placeholders():
    en = catalog("en")
    assert set(LANGUAGES) == {"en", "it", "es"}
    for lang in LANGUAGES:
        if lang == "en":
            continue
        assert (LOCALE_DIR / f"canasta.{lang}.json").exists(), f"no {lang} catalogue"
        other = catalog(lang)
        missing = sorted(set(en) - set(other))
        extra = sorted(set(other) - set(en))
        assert not missing and not extra, f"{lang}: missing {missing}, extra {extra}"
        for key, text in en.items():
            assert placeholders(other[key]) == placeholders(text), (lang, key)
            assert all(t.strip() for t in texts(other[key])), (lang, key)


def test_tr_fills_placeholders_and_falls_back_to_the_key():
    assert tr("pile.frozen_need_pair", rank="9") == \
        "The pile is frozen: you need a natural pair of Nines."
    assert tr("no.such_key") == "no.such_key"
