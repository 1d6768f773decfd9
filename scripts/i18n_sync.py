"""Compare the translated catalogues with the English one, and hold them to the glossary.

    python scripts/i18n_sync.py [--lang it] [--show-english] [--write-glossary-md]

Prints, for each language, the keys missing from its catalogue (with the English text
when --show-english is given, ready to translate), the keys it has that English no longer
has, the keys whose placeholders differ from the English sentence, and every sentence
that uses a word the glossary (game/i18n/glossary.json) refuses for a concept. Exits 1 when
anything is out of step, 0 when every catalogue matches English and the glossary.
--write-glossary-md rewrites game/i18n/GLOSSARY.md, the glossary as a table for people.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.i18n import LANGUAGES, LOCALE_DIR, NAMESPACE, Forms, flatten, placeholders  # noqa: E402


def load(lang: str) -> dict[str, Forms]:
    """A catalogue read straight from disk (not the cached one: this is a file tool)."""
    path = LOCALE_DIR / f"{NAMESPACE}.{lang}.json"
    if not path.exists():
        return {}
    with path.open(encoding="utf-8") as f:
        doc = json.load(f)
    if not isinstance(doc, dict) or not isinstance(doc.get(lang), dict):
        raise SystemExit(f"{path}: not a python-i18n file rooted at {lang!r}")
    return doc[lang]


def compare(en: dict[str, Forms], other: dict[str, Forms]) -> tuple[list[str], list[str], list[str]]:
    missing = sorted(k for k in en if k not in other)
    extra = sorted(k for k in other if k not in en)
    mismatched = sorted(k for k in en if k in other
                        and placeholders(other[k]) != placeholders(en[k]))
    return missing, extra, mismatched


GLOSSARY = LOCALE_DIR / "glossary.json"
GLOSSARY_MD = LOCALE_DIR / "GLOSSARY.md"


def load_glossary(path: Path = GLOSSARY) -> dict[str, Any]:
    with path.open(encoding="utf-8") as f:
        return json.load(f)


_PLACEHOLDER = re.compile(r"%\{(\w+)\}")


def find_term(pattern: re.Pattern[str], text: str) -> str | None:
    """The first words of `text` that `pattern` finds, leaving out the names inside
    placeholders ("%{jokers}" is not the word jokers); None when there are none."""
    names = [m.span(1) for m in _PLACEHOLDER.finditer(text)]
    for m in pattern.finditer(text):
        if not any(a <= m.start() and m.end() <= b for a, b in names):
            return m.group(0)
    return None


def refused_terms(glossary: dict[str, Any], lang: str,
                  catalogue: Mapping[str, Forms]) -> list[tuple[str, str, str]]:
    """(key, concept, words) for every sentence using a word the glossary refuses (a key
    with plural or gender forms is read form by form: "rank.Q[one]")."""
    catalogue = flatten(catalogue)
    hits: list[tuple[str, str, str]] = []
    for concept, langs in glossary["concepts"].items():
        for wrong in langs.get(lang, {}).get("wrong", []):
            pattern = re.compile(wrong["pattern"])
            for key, text in catalogue.items():
                words = find_term(pattern, text)
                if words is not None:
                    hits.append((key, concept, words))
    for key, names in glossary["names"].items():
        if isinstance(names, dict) and lang in names and key in catalogue \
                and catalogue[key] != names[lang]:
            hits.append((key, "names", catalogue[key]))
    return sorted(hits)


def unused_terms(glossary: dict[str, Any], lang: str, catalogue: Mapping[str, Forms]) -> list[str]:
    """Concepts whose glossary term the catalogue never uses (a stale glossary)."""
    catalogue = flatten(catalogue)
    return sorted(concept for concept, langs in glossary["concepts"].items()
                  if lang in langs and not any(find_term(re.compile(langs[lang]["used"]), text) is not None
                                               for text in catalogue.values()))


def glossary_markdown(glossary: dict[str, Any]) -> str:
    """The glossary as a table for translators (English, Italian, Spanish, refused words)."""
    lines = ["# Canasta terms: English, Italian, Spanish", "",
             "Generated from `glossary.json` by `python scripts/i18n_sync.py "
             "--write-glossary-md`; edit the JSON, not this file. "
             "The catalogues are tested against it (`tests/i18n/test_glossary.py`).", "",
             "| Concept | English | Italian | Spanish | Refused (it) | Refused (es) |",
             "|---|---|---|---|---|---|"]
    for concept, langs in glossary["concepts"].items():
        refused = {lang: "; ".join(f"“{w['example']}”" for w in langs.get(lang, {}).get("wrong", []))
                   for lang in ("it", "es")}
        lines.append(f"| {concept.replace('_', ' ')} | {langs['en']['term']} | {langs['it']['term']} "
                     f"| {langs['es']['term']} | {refused['it'] or '-'} | {refused['es'] or '-'} |")
    for lang, text in glossary.get("register", {}).items():
        lines += ["", f"Register ({lang}): {text}"]
    lines += ["", "Names that must read exactly so:", ""]
    for key, names in glossary["names"].items():
        if isinstance(names, dict):
            lines.append(f"- `{key}`: {names['en']} / {names['it']} / {names['es']}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lang", choices=[lang for lang in LANGUAGES if lang != "en"],
                    help="check one language only")
    ap.add_argument("--show-english", action="store_true",
                    help="print the English sentence of each missing key")
    ap.add_argument("--write-glossary-md", action="store_true",
                    help="rewrite game/i18n/GLOSSARY.md from game/i18n/glossary.json")
    args = ap.parse_args(argv)
    glossary = load_glossary()
    if args.write_glossary_md:
        GLOSSARY_MD.write_text(glossary_markdown(glossary), encoding="utf-8")
        print("wrote", GLOSSARY_MD.relative_to(ROOT))
    en = load("en")
    langs = [args.lang] if args.lang else [lang for lang in LANGUAGES if lang != "en"]
    bad = False
    for lang in langs:
        other = load(lang)
        missing, extra, mismatched = compare(en, other)
        print(f"{lang}: {len(other)} keys, English has {len(en)}; missing {len(missing)}, "
              f"extra {len(extra)}, placeholder mismatches {len(mismatched)}")
        for k in missing:
            print(f"  missing  {k}" + (f"  = {json.dumps(en[k], ensure_ascii=False)}"
                                       if args.show_english else ""))
        for k in extra:
            print(f"  extra    {k}")
        for k in mismatched:
            want = ", ".join(sorted(placeholders(en[k]))) or "-"
            got = ", ".join(sorted(placeholders(other[k]))) or "-"
            print(f"  placeholders {k}: English has {{{want}}}, {lang} has {{{got}}}")
        refused = refused_terms(glossary, lang, other)
        unused = unused_terms(glossary, lang, other)
        print(f"{lang}: glossary: {len(refused)} refused terms, {len(unused)} unused terms")
        for key, concept, words in refused:
            print(f"  refused  {key}: {words!r} ({concept})")
        for concept in unused:
            print(f"  unused   {concept}: the catalogue never says "
                  f"{glossary['concepts'][concept][lang]['term']!r}")
        bad = bad or bool(missing or extra or mismatched or refused or unused)
    md_stale = not GLOSSARY_MD.exists() or \
        GLOSSARY_MD.read_text(encoding="utf-8") != glossary_markdown(glossary)
    if md_stale:
        print(f"{GLOSSARY_MD.relative_to(ROOT)} is not up to date: run with --write-glossary-md")
    bad = bad or md_stale
    print("in step" if not bad else "out of step")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
