"""Every sentence agrees with the numbers and ranks filled into it, in every language.

Each key is filled with every number it takes set to 0, 1, 2 and 5 (a points value,
always a multiple of 5 in canasta, to 0, 5, 50 and 1500), and each key that names a rank
with a masculine and a feminine rank word (it: Re/Donna, es: Rey/Reina and Jota). The
result is read as a native reader would: after "1" a noun is singular, after any other
number it is plural ("1 carte", "1 cartas", "1 cards" and "5 carta" are refused); a
determiner before a rank word has the word's gender ("il Donna", "los Reinas" refused); a
pronoun standing for the rank has its gender ("scartarne uno", "usarli", "usarlos" after
Donne/Reinas refused, and the other way round); English never hedges with "card(s)".
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from game.i18n import LANGUAGES, RANK_PARAMS, catalog, placeholders, rank_word, tr
from game.rules.cards import Rank

# values that are points (card values, bonuses, minimums, targets, scores): multiples of 5
POINTS = {"minimum", "value", "target", "points", "bonus", "red", "all_red", "out", "concealed",
          "mixed", "natural", "score", "high", "low", "percent"}
# values that count something (cards, canastas, decks, players...) or number it (hand 2)
COUNTS = {"count", "left", "draw", "need", "max", "min", "size", "decks", "jokers", "players",
          "canastas", "buried", "hidden", "step", "number", "total", "seat", "dealer", "line",
          "column", "hand", "supported", "format", "day", "year"}
RANKS_BY_GENDER = {"en": {"m": (Rank.KING,)}, "it": {"m": (Rank.KING, Rank.JACK), "f": (Rank.QUEEN,)},
                   "es": {"m": (Rank.KING,), "f": (Rank.QUEEN, Rank.JACK)}}
# the nouns a number is written before, singular and plural (rank words are added below)
NOUNS = {
    "en": [("card", "cards"), ("point", "points"), ("joker", "jokers"), ("canasta", "canastas"),
           ("meld", "melds"), ("deck", "decks"), ("wild card", "wild cards"), ("player", "players"),
           ("hand", "hands"), ("game", "games"), ("decision", "decisions"), ("natural", "naturals"),
           ("2", "2s"), ("move", "moves"), ("inaccuracy", "inaccuracies"), ("mistake", "mistakes"),
           ("blunder", "blunders")],
    "it": [("carta", "carte"), ("punto", "punti"), ("matta", "matte"), ("calata", "calate"),
           ("mazzo", "mazzi"), ("giocatore", "giocatori"), ("mano", "mani"), ("partita", "partite"),
           ("decisione", "decisioni"), ("pinella", "pinelle"), ("mossa", "mosse"), ("volta", "volte"),
           ("migliore", "migliori"), ("buona", "buone"), ("imprecisione", "imprecisioni"), ("errore", "errori")],
    "es": [("carta", "cartas"), ("punto", "puntos"), ("comodín", "comodines"), ("jóker", "jókers"),
           ("combinación", "combinaciones"), ("canasta", "canastas"), ("baraja", "barajas"),
           ("jugador", "jugadores"), ("mano", "manos"), ("partida", "partidas"),
           ("decisión", "decisiones"), ("dos", "doses"), ("jugada", "jugadas"), ("vez", "veces"),
           ("mejor", "mejores"), ("buena", "buenas"), ("imprecisión", "imprecisiones"), ("error", "errores")],
}
# determiners and pronouns of one gender, refused beside a rank word of the other
DETERMINERS = {
    "it": {"m": r"un|il|i|gli|lo|altro|del|dei|al|ai|dal|dai|nel|nei|sul|sui|tuoi|questi",
           "f": r"una|un'|la|le|altra|della|delle|alla|alle|dalla|dalle|nella|nelle|sulla|sulle|tue|queste"},
    "es": {"m": r"un|el|los|otro|del|al|unos|tus|estos", "f": r"una|la|las|otra|unas|estas"},
}
# a pronoun standing for the rank, after the verbs a rank is the object of ("prenderlo" is
# the pile, "aggiungerle" the cards)
_VERBS = {"it": r"(?:calar|usar|scartar|tener)", "es": r"(?:bajar|usar|descartar|guardar)"}
PRONOUNS = {
    "it": {"m": rf"\b{_VERBS['it']}li\b|\b\w+rne uno\b", "f": rf"\b{_VERBS['it']}le\b|\b\w+rne una\b"},
    "es": {"m": rf"\b{_VERBS['es']}los\b|\b{_VERBS['es']} uno\b", "f": rf"\b{_VERBS['es']}las\b|\b{_VERBS['es']} una\b"},
}
# a number, then its noun, possibly after one adjective that comes first ("2 natural Kings")
NUMBER = re.compile(r"(?<![\w.,-])(\d+(?:[.,]\d{3})*) (\w+)(?: (\w+))?")
BEFORE_NOUN = {"natural", "ordinary", "saved", "wild"}


def _nouns(lang: str) -> tuple[set[str], set[str]]:
    singular = {s for s, _ in NOUNS[lang]}
    plural = {p for _, p in NOUNS[lang]}
    for rank in Rank:
        one, other = rank_word(rank, 1, lang=lang), rank_word(rank, 2, lang=lang)
        if one != other:  # "Re", "Jolly" read the same in both
            singular.add(one)
            plural.add(other)
    return {w.lower() for w in singular}, {w.lower() for w in plural}


def number_problems(text: str, lang: str) -> list[str]:
    """Nouns after a number that do not agree with it (one word may stand between)."""
    singular, plural = _nouns(lang)
    found = []
    for m in NUMBER.finditer(text):
        n, first, second = m.group(1), m.group(2).lower(), (m.group(3) or "").lower()
        if f"{first} {second}" in singular | plural:
            noun = f"{first} {second}"  # "wild cards"
        elif first in BEFORE_NOUN and second in singular | plural:
            noun = second
        else:
            noun = first
        if (n == "1" and noun in plural) or (n != "1" and noun in singular):
            found.append(m.group(0))
    if lang == "en" and "(s)" in text:
        found.append("(s)")
    return found


def gender_problems(text: str, lang: str, rank: Rank, gender: str) -> list[str]:
    """Determiners and pronouns of the other gender beside the rank's word."""
    if lang not in DETERMINERS:
        return []
    other = "f" if gender == "m" else "m"
    words = "|".join(re.escape(rank_word(rank, c, lang=lang)) for c in (1, 2))
    found = [m.group(0) for m in re.finditer(rf"(?<!\w)(?:{DETERMINERS[lang][other]}) (?:{words})\b", text)]
    found += [m.group(0) for m in re.finditer(PRONOUNS[lang][other], text)]
    return found


def fillings(key: str) -> Iterator[tuple[dict[str, object], Rank | None]]:
    """The values a key is filled with: every number 0, 1, 2, 5; every rank of each gender."""
    names = placeholders(catalog("en")[key])
    takes_rank = bool(names & set(RANK_PARAMS))
    for i, n in enumerate((0, 1, 2, 5)):
        base: dict[str, object] = {}
        for name in names:
            if name in POINTS:
                base[name] = (0, 5, 50, 1500)[i]
            elif name in COUNTS:
                base[name] = n
            elif name not in RANK_PARAMS:
                base[name] = "«X»"
        if not takes_rank:
            yield base, None
            continue
        for rank in (Rank.KING, Rank.QUEEN, Rank.JACK):
            yield dict(base, **{r: rank for r in names & set(RANK_PARAMS)}), rank


def problems(lang: str) -> list[str]:
    out = []
    for key in catalog("en"):
        if key.startswith(("rank.", "format.")):
            continue  # the words themselves, and the date's parts
        for params, rank in fillings(key):
            text = tr(key, lang, **params)
            found = number_problems(text, lang)
            if rank is not None:
                for gender, ranks in RANKS_BY_GENDER[lang].items():
                    if rank in ranks:
                        found += gender_problems(text, lang, rank, gender)
            out += [f"{lang} {key}: {f!r} in {text!r}" for f in found]
    return sorted(set(out))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_sentence_agrees_with_its_numbers_and_ranks(lang):
    found = problems(lang)
    assert not found, f"{len(found)} sentences do not agree:\n" + "\n".join(found)


def test_the_checks_catch_what_the_native_review_found():
    assert number_problems("ti restano 1 carte", "it") and number_problems("te quedan 1 cartas", "es")
    assert number_problems("1 Ks are still unseen".replace("Ks", "Kings"), "en")
    assert number_problems("this leaves you 1 card(s)", "en")
    assert number_problems("solo con 5 carta", "it") and not number_problems("solo con 5 carte", "it")
    assert not number_problems("you need 1 natural Eight", "en")
    assert number_problems("you need 1 natural Eights", "en")
    assert gender_problems("Donne: valore chiuso. Puoi scartarne uno", "it", Rank.QUEEN, "f")
    assert gender_problems("Nessuno può usarli", "it", Rank.QUEEN, "f")
    assert gender_problems("Nadie puede usarlos", "es", Rank.QUEEN, "f")
    assert gender_problems("con el Reina encima", "es", Rank.QUEEN, "f")
    assert not gender_problems("con la Reina encima", "es", Rank.QUEEN, "f")
    assert not gender_problems("ti permetterebbe di prenderlo", "it", Rank.QUEEN, "f")
