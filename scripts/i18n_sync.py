"""Compare the translated catalogues with the English one.

    python scripts/i18n_sync.py [--lang it] [--show-english]

Prints, for each language, the keys missing from its catalogue (with the English text
when --show-english is given, ready to translate), the keys it has that English no longer
has, and the keys whose placeholders differ from the English sentence. Exits 1 when
anything is out of step, 0 when every catalogue matches English exactly.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.i18n import LANGUAGES, LOCALE_DIR, NAMESPACE, placeholders  # noqa: E402


def load(lang: str) -> dict[str, str]:
    """A catalogue read straight from disk (not the cached one: this is a file tool)."""
    path = LOCALE_DIR / f"{NAMESPACE}.{lang}.json"
    if not path.exists():
        return {}
    with path.open(encoding="utf-8") as f:
        doc = json.load(f)
    if not isinstance(doc, dict) or not isinstance(doc.get(lang), dict):
        raise SystemExit(f"{path}: not a python-i18n file rooted at {lang!r}")
    return doc[lang]


def compare(en: dict[str, str], other: dict[str, str]) -> tuple[list[str], list[str], list[str]]:
    missing = sorted(k for k in en if k not in other)
    extra = sorted(k for k in other if k not in en)
    mismatched = sorted(k for k in en if k in other
                        and placeholders(other[k]) != placeholders(en[k]))
    return missing, extra, mismatched


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lang", choices=[lang for lang in LANGUAGES if lang != "en"],
                    help="check one language only")
    ap.add_argument("--show-english", action="store_true",
                    help="print the English sentence of each missing key")
    args = ap.parse_args(argv)
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
        bad = bad or bool(missing or extra or mismatched)
    print("in step" if not bad else "out of step")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
