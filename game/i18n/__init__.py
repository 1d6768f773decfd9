"""The one translation layer for every player-facing sentence.

Catalogues are python-i18n JSON files (`canasta.<lang>.json`, rooted at the
language code) so pygame_gui's own localisation reads the very same files: widgets and our
drawn text switch language together. This module is pure Python so the rules engine can
phrase its refusals without importing pygame; placeholders use python-i18n's `%{name}`.
"""

from __future__ import annotations

import json
import locale as _locale
import os
import re
from collections.abc import Iterable, Mapping
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import Any

LOCALE_DIR = Path(__file__).parent
NAMESPACE = "canasta"
LANGUAGES = ("en", "it", "es")
_PLACEHOLDER = re.compile(r"%\{(\w+)\}")

_state = {"locale": "en"}


@cache
def catalog(lang: str) -> dict[str, str]:
    path = LOCALE_DIR / f"{NAMESPACE}.{lang}.json"
    if not path.exists():
        return {}
    with path.open(encoding="utf-8") as f:
        return json.load(f).get(lang, {})


def set_locale(lang: str) -> None:
    _state["locale"] = lang if lang in LANGUAGES else "en"


def get_locale() -> str:
    return _state["locale"]


def system_language(env: Mapping[str, str] | None = None) -> str:
    """The player's system language when it is one we speak, else English.

    The POSIX variables are read in their order of precedence (LANGUAGE may list several
    languages, "fr:it"), then what Python's locale module reports (Windows, macOS); the
    first one we have wins."""
    env = os.environ if env is None else env
    candidates: list[str] = []
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            candidates.extend(value.split(":"))
    if env is os.environ:
        try:
            candidates.append(_locale.getlocale()[0] or "")
        except ValueError:  # an unparsable locale name
            pass
    for c in candidates:
        code = c.strip().lower()[:2]
        if code in LANGUAGES:
            return code
    return "en"


def resolve_language(saved: str | None) -> str:
    """The language to show: the saved choice, or the system's ("" = follow the system)."""
    return saved if saved in LANGUAGES else system_language()


def number(n: int, signed: bool = False) -> str:
    """An integer with the thousands separator of the current language (5,000 / 5.000)."""
    text = f"{n:+,}" if signed else f"{n:,}"
    return text if _state["locale"] == "en" else text.replace(",", ".")


def date_time(when: datetime, months: list[str] | None = None) -> str:
    """A moment as the current language writes it ("1 Dec 2026, 17:40", "1 dic 2026, 17:40");
    `months`: the month names already looked up (a list of many dates)."""
    months = months or tr("format.months").split()
    return tr("format.date_time", day=when.day, month=months[when.month - 1], year=when.year,
              time=f"{when.hour:02d}:{when.minute:02d}")


def placeholders(template: str) -> set[str]:
    return set(_PLACEHOLDER.findall(template))


def tr(key: str, lang: str | None = None, **params: object) -> str:
    """The sentence for `key` in the current (or given) language, English as fallback."""
    lang = lang or _state["locale"]
    template = catalog(lang).get(key) or catalog("en").get(key)
    if template is None:
        return key
    return _PLACEHOLDER.sub(lambda m: str(params.get(m.group(1), m.group(0))), template)


# -- a player alone -------------------------------------------------------------------
# A sentence about "your side" has a sibling with this suffix for a player who has no
# partner (two and three players, cut-throat's lone player, everyone in cut-throat before
# the partnership forms): "You do not have enough canastas" instead of "Your side does not
# have...". The message key stays the rule's own; only the wording is picked here.
SOLO_SUFFIX = "_solo"


def solo_key(key: str, alone: bool) -> str:
    """The key to say `key` with: its `_solo` sibling when the player is `alone` and the
    catalogue has one, else `key` itself."""
    if alone and not key.endswith(SOLO_SUFFIX):
        solo = key + SOLO_SUFFIX
        if solo in catalog("en"):
            return solo
    return key


# -- cards in sentences ------------------------------------------------------------------
SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
CARD_PARAMS = ("card", "cards", "safer")  # the sentence params that name cards


def card_name(card: object) -> str:
    """A card as a player reads it: rank and suit symbol ("2♦", "10♠"), the joker by
    its name in the current language. Takes a Card or a code such as "2D"; anything that
    is not a card comes back unchanged."""
    label = card if isinstance(card, str) else getattr(card, "label", str(card))
    code = label.strip().upper()
    if code in ("JK", "JOKER", "*"):
        return tr("card.joker")
    suit = SUIT_SYMBOLS.get(code[-1:])
    if suit is None or not code[:-1]:
        return label
    return code[:-1] + suit


def card_names(cards: str | Iterable[object]) -> str:
    """Several cards ("KH KD KS", or a list of cards) as names, in the same order."""
    if isinstance(cards, str):
        return " ".join(card_name(tok) for tok in cards.split(" ") if tok)
    return " ".join(card_name(c) for c in cards)


def with_card_names(params: Mapping[str, Any]) -> dict[str, Any]:
    """Sentence params with the card ones (`CARD_PARAMS`) written as card names."""
    out = dict(params)
    for k in CARD_PARAMS:
        v = out.get(k)
        if isinstance(v, str) or isinstance(v, (list, tuple)):
            out[k] = card_names(v)
        elif v is not None and hasattr(v, "label"):
            out[k] = card_name(v)
    return out
