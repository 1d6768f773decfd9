"""The catalogues speak the glossary's language: one word per canasta concept.

`game/i18n/glossary.json` names, for each concept (stock, pile, meld, joker, ...), the
word each language uses and the words it refuses (the Spanish joker is "Jóker", never
"Comodín", which is every wild card; the Spanish first meld is "bajar", never "abrir";
an Italian meld is a "calata", never a "combinazione"). The checks live in
scripts/i18n_sync.py, which prints the same report for people.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

from game.i18n import LANGUAGES, catalog, sentences

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("i18n_sync", ROOT / "scripts" / "i18n_sync.py")
assert _spec is not None and _spec.loader is not None
sync = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(sync)

GLOSSARY = sync.load_glossary()
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
# the concepts the glossary must cover (the list), in every language
CONCEPTS = {"stock", "pile", "draw", "meld", "lay_off", "open", "minimum", "wild_card", "joker",
            "natural_pair", "natural_canasta", "mixed_canasta", "wild_canasta", "red_three",
            "black_three", "frozen", "blocked", "go_out", "concealed", "partner", "side",
            "bonus", "dead_rank"}


def test_the_glossary_covers_every_concept_in_every_language():
    concepts = GLOSSARY["concepts"]
    assert CONCEPTS <= set(concepts), sorted(CONCEPTS - set(concepts))
    for concept, langs in concepts.items():
        assert set(langs) == set(LANGUAGES), concept
        for lang, entry in langs.items():
            assert entry["term"].strip() and entry["used"], (concept, lang)


def test_every_refused_word_is_caught_in_its_example_and_spares_the_right_word():
    for concept, langs in GLOSSARY["concepts"].items():
        for lang, entry in langs.items():
            for wrong in entry.get("wrong", []):
                pattern = re.compile(wrong["pattern"])
                assert sync.find_term(pattern, wrong["example"]), (concept, lang, wrong)
                assert sync.find_term(pattern, entry["term"]) is None, (concept, lang, wrong)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_sentence_uses_a_refused_word(lang):
    hits = sync.refused_terms(GLOSSARY, lang, catalog(lang))
    assert not hits, "\n".join(f"{key}: {words!r} is refused for {concept}"
                               for key, concept, words in hits)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_glossary_terms_are_the_words_the_catalogue_uses(lang):
    assert not sync.unused_terms(GLOSSARY, lang, catalog(lang))


def test_names_read_exactly_as_the_glossary_says():
    for key, names in GLOSSARY["names"].items():
        if not isinstance(names, dict):
            continue  # the "about" note
        for lang in LANGUAGES:
            assert sentences(lang)[key] == names[lang], (lang, key)


def test_placeholder_names_are_not_words():
    """`%{jokers}` in a sentence is a number, not the English word jokers."""
    pattern = re.compile(r"(?i)\bjokers?\b")
    assert sync.find_term(pattern, "Canasta di matte con tutti i %{jokers} jolly") is None
    assert sync.find_term(pattern, "%{count} jokers e %{jokers}") == "jokers"
    assert sync.find_term(re.compile(r"ne occorrono %\{need\}"), "(ne occorrono %{need})")


def test_the_glossary_table_for_people_is_up_to_date():
    md = (ROOT / "game" / "i18n" / "GLOSSARY.md").read_text(encoding="utf-8")
    assert md == sync.glossary_markdown(GLOSSARY), \
        "run: python scripts/i18n_sync.py --write-glossary-md"


def test_a_refused_word_is_reported():
    bad = {"card.joker": "Comodín", "ui.prompt.open": "Abre desde la mano antes de robar.",
           "ui.help": "Esc abre el menú."}
    hits = sync.refused_terms(GLOSSARY, "es", bad)
    assert ("card.joker", "names", "Comodín") in hits
    assert ("ui.prompt.open", "open", "Abre") in hits
    assert not [h for h in hits if h[0] == "ui.help"], "the menu opens: not a first meld"


def test_the_spanish_speaks_one_register():
    """Neutral Latin American, as the table words are: Spain's interface words are refused."""
    assert "Latin American" in GLOSSARY["register"]["es"]
    spain = {"a": "según el cálculo del ordenador", "b": "si ni tú ni tu compañero habéis bajado nada",
             "c": "las combinaciones que compartís", "d": "Has robado un 3 rojo", "e": "Oeste ha tomado el pozo"}
    hits = {key for key, _concept, _words in sync.refused_terms(GLOSSARY, "es", spain)}
    assert hits == set(spain), set(spain) - hits
    neutral = {"a": "según el cálculo de la computadora", "b": "si tu equipo no bajó nada",
               "d": "Robaste un 3 rojo", "e": "Oeste tomó el pozo", "f": "aunque solo haya bajado tu compañero"}
    assert not sync.refused_terms(GLOSSARY, "es", neutral)
