"""The one translation layer for every player-facing sentence.

Catalogues are python-i18n JSON files (`canasta.<lang>.json`, rooted at the
language code) so pygame_gui's own localisation reads the very same files: widgets and our
drawn text switch language together. Placeholders use python-i18n's `%{name}`.

The engine never imports this module: its refusals and score lines carry a key and plain
values (numbers, ranks), and the edge (interface, command line, coach) makes the sentence
here. Two things make a sentence agree with its values:

- **plural forms**: a key's text may be a dict of forms, python-i18n style,
  `{"one": "...", "other": "..."}`, chosen by the `count` value through the language's
  plural rule (`PLURAL_RULES`);
- **rank words**: a `rank` (or `ranks`) value, the engine's `Rank` or its label, is written as a word
  of its language: `%{rank}` is the plural noun ("Queens", "Donne", "Reinas"),
  `%{rank_one}` the singular, `%{the_rank}` / `%{the_rank_one}` the same with the article
  ("le Donne", "el Rey"); a dict of forms keyed by gender, `{"m": "...", "f": "..."}`,
  is chosen by the rank word's gender (`rank.gender.<label>`), so a pronoun agrees with it.
"""

from __future__ import annotations

import json
import locale as _locale
import os
import re
from collections.abc import Callable, Iterable, Mapping
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import Any, Protocol, TypeAlias

LOCALE_DIR = Path(__file__).parent
NAMESPACE = "canasta"
LANGUAGES = ("en", "it", "es")
_PLACEHOLDER = re.compile(r"%\{(\w+)\}")

_state = {"locale": "en"}

# A key's text: one sentence, or its forms by plural category or by gender.
Forms: TypeAlias = "str | dict[str, Forms]"


def _one_other(n: int) -> str:
    return "one" if n == 1 else "other"


# CLDR's cardinal categories for the integers a game shows (en, it, es: 1 is "one", and
# 0 takes the plural, as in "0 carte", "0 cartas"); a language with more forms adds its rule.
PLURAL_RULES: dict[str, Callable[[int], str]] = {"en": _one_other, "it": _one_other, "es": _one_other}
PLURALS = ("zero", "one", "two", "few", "many", "other")
GENDERS = ("m", "f")
RANK_PARAMS = ("rank", "ranks")  # the values that name a rank, filled in as words


@cache
def catalog(lang: str) -> dict[str, Forms]:
    path = LOCALE_DIR / f"{NAMESPACE}.{lang}.json"
    if not path.exists():
        return {}
    with path.open(encoding="utf-8") as f:
        data: dict[str, Forms] = json.load(f).get(lang, {})
        return data


def texts(entry: Forms) -> list[str]:
    """Every sentence a key's text may read as (its forms, or the one sentence)."""
    if isinstance(entry, str):
        return [entry]
    return [t for form in entry.values() for t in texts(form)]


def sentences(lang: str) -> dict[str, str]:
    """The catalogue as flat sentences: a key with forms gives one per form ("key[one]")."""
    return flatten(catalog(lang))


def flatten(catalogue: Mapping[str, Forms]) -> dict[str, str]:
    """Keys with forms spelt out one sentence a form ("rank.Q[one]", "take.dead_rank[f]")."""
    out: dict[str, str] = {}

    def walk(name: str, entry: Forms) -> None:
        if isinstance(entry, str):
            out[name] = entry
        else:
            for form, sub in entry.items():
                walk(f"{name}[{form}]", sub)
    for key, entry in catalogue.items():
        walk(key, entry)
    return out


def plural_form(n: int, lang: str | None = None) -> str:
    """The plural category of `n` in the language ("one", "other", ...)."""
    return PLURAL_RULES.get(lang or _state["locale"], _one_other)(n)


def choose(entry: Forms, lang: str, count: int | None = None, gender: str | None = None) -> str:
    """The sentence of `entry` for `count` (plural forms) and `gender` (gender forms); a
    form the language does not write falls back to "other" and to "m"."""
    while isinstance(entry, dict):
        if any(k in entry for k in PLURALS):
            form = plural_form(count, lang) if count is not None else "other"
            entry = entry.get(form, entry["other"])
        else:
            entry = entry.get(gender or "m", entry["m"])
    return entry


def rank_label(value: object) -> str | None:
    """The label of a rank value ("Q", "JK"): the engine's `Rank` (anything with the label
    of a rank) or the label itself, as a score line read back from a save holds it; None
    for anything else (a list of rank words the rules text has already joined)."""
    label = getattr(value, "label", value)
    if isinstance(label, str) and f"rank.{label}" in catalog("en"):
        return label
    return None


def rank_word(rank: object, count: int = 2, article: bool = False, lang: str | None = None) -> str:
    """A rank as a word of the language: plural unless `count` is 1, with its article when
    asked ("Queens", "la Donna", "los Reyes")."""
    label = rank_label(rank)
    if label is None:
        return str(rank)
    lang = lang or _state["locale"]
    key = f"rank.the.{label}" if article else f"rank.{label}"
    return choose(catalog(lang).get(key) or catalog("en")[key], lang, count)


def rank_gender(rank: object, lang: str | None = None) -> str:
    """The grammatical gender of the rank's word ("m" or "f"), which picks gender forms."""
    gender = catalog(lang or _state["locale"]).get(f"rank.gender.{rank_label(rank)}")
    return gender if isinstance(gender, str) and gender in GENDERS else "m"


def as_count(value: object) -> int | None:
    """A `count` value as the integer its plural form is chosen by (None: not a number)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.lstrip("-").isdigit():
        return int(value)
    return None


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


def _value_name(name: str) -> str:
    """The value a placeholder is filled from: `%{the_rank_one}` is written from `rank`."""
    for base in RANK_PARAMS:
        if name in (base, base + "_one", "the_" + base, "the_" + base + "_one"):
            return base
    return name


def placeholders(entry: Forms) -> set[str]:
    """The values a key's text is filled from, over all its forms (a rank's word forms
    count as the rank itself: languages write it with or without the article)."""
    return {_value_name(name) for t in texts(entry) for name in _PLACEHOLDER.findall(t)}


def tr(key: str, lang: str | None = None, **params: object) -> str:
    """The sentence for `key` in the current (or given) language, English as fallback:
    its form for `count` and for the gender of its rank, the rank written as a word."""
    return phrase(key, params, lang)


def phrase(key: str, params: Mapping[str, object], lang: str | None = None) -> str:
    """`tr` with the values as a mapping (a refusal's or a score line's)."""
    lang = lang or _state["locale"]
    entry = catalog(lang).get(key) or catalog("en").get(key)
    if entry is None:
        return key
    values: dict[str, object] = dict(params)
    gender = None
    for name in RANK_PARAMS:
        rank = rank_label(params.get(name))
        if rank is None:
            continue
        gender = gender or rank_gender(rank, lang)
        for prefix, article in (("", False), ("the_", True)):
            values[prefix + name] = rank_word(rank, 2, article, lang)
            values[prefix + name + "_one"] = rank_word(rank, 1, article, lang)
    template = choose(entry, lang, as_count(params.get("count")), gender)
    return _PLACEHOLDER.sub(lambda m: str(values.get(m.group(1), m.group(0))), template)


class Refusal(Protocol):
    """What the edge reads of the engine's refusal (`game.rules.IllegalMove`)."""

    key: str
    params: dict[str, Any]
    alone: bool


def refusal_text(err: Refusal) -> str:
    """A refusal as the sentence the player reads (its solo wording for a player alone)."""
    return say(err.key, err.params, err.alone)


def say(key: str, params: Mapping[str, object], alone: bool = False) -> str:
    """A message the engine made (a key and its values: a score line, a refusal) as a
    sentence, in its solo wording when the player is `alone`."""
    return phrase(solo_key(key, alone), params)


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
