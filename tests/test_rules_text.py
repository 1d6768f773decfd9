"""The rules text is generated from the RuleSet: options and variants read correctly."""

from __future__ import annotations

import re

import pytest

from game.rules.ruleset import VARIANTS
from game.rules_text import SECTION_IDS, plain_text, rules_sections, section_for_key


def section(rules, sid):
    for s, title, paras in rules_sections(rules):
        if s == sid:
            return title, paras
    raise AssertionError(sid)


def rows(paras):
    return [p for p in paras if isinstance(p, list)]


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_every_variant_renders_every_section(name):
    secs = rules_sections(VARIANTS[name])
    assert [s for s, _t, _p in secs] == list(SECTION_IDS)
    text = plain_text(VARIANTS[name])
    assert "%{" not in text and "rules." not in text
    for _s, title, paras in secs:
        assert title and paras


def test_minimum_table_follows_the_ruleset():
    classic = rows(section(VARIANTS["classic"], "minimum")[1])[0]
    assert [v for _l, v in classic] == ["120 points", "90 points", "50 points", "15 points"]
    assert classic[0][0] == "Score 3,000 or more" and classic[-1][0] == "Score below 0"
    modern = rows(section(VARIANTS["modern-american"], "minimum")[1])[0]
    assert [v for _l, v in modern] == ["180 points", "155 points", "125 points"]
    custom = VARIANTS["classic"].with_options(minimums=((1000, 70), (-(10 ** 9), 30)))
    assert [v for _l, v in rows(section(custom, "minimum")[1])[0]] == ["70 points", "30 points"]


def test_wild_limits_and_house_options_change_the_words():
    c = VARIANTS["classic"]
    melds = " ".join(p for p in section(c, "melds")[1] if isinstance(p, str))
    assert "more natural cards than wild cards, and at most 3 wild cards" in melds
    assert "never a meld" in melds
    hoyle = c.with_options(wild_ratio="hoyle", wild_canasta=True)
    melds = " ".join(p for p in section(hoyle, "melds")[1] if isinstance(p, str))
    assert "at least two natural cards" in melds and "seven wild cards" in melds
    scoring = dict(rows(section(hoyle, "scoring")[1])[0])
    assert scoring["Each canasta of wild cards"] == "2,000"
    assert "Each canasta of wild cards" not in dict(rows(section(c, "scoring")[1])[0])
    assert "must go out" in plain_text(c)
    assert "does not oblige" in plain_text(c.with_options(go_out_yes_binds=False))
    assert "no play on the pile" in plain_text(c.with_options(stock_out_ends_hand=True))
    assert dict(rows(section(c.with_options(black3_in_hand_penalty=100), "scoring")[1])[0])[
        "Each black 3 left in hand"] == "-100"
    assert "Cut-throat" in plain_text(VARIANTS["classic-3p"].with_options(cutthroat=True))
    assert "Cut-throat" not in plain_text(VARIANTS["classic-3p"])


def test_variant_numbers_show():
    two = plain_text(VARIANTS["classic-2p"])
    assert "15 cards" in two and "Draw 2 cards" in two and "2 canastas" in two
    modern = plain_text(VARIANTS["modern-american"])
    assert "starts empty" in modern and "Rule of five" in modern and "8,500" in modern


def test_refusal_keys_map_to_sections():
    assert section_for_key("pile.frozen_need_pair") == "pile"
    assert section_for_key("take.natural_pair") == "pile"
    assert section_for_key("meld.minimum") == "minimum"
    assert section_for_key("meld.too_many_wilds") == "melds"
    assert section_for_key("goout.need_canastas") == "going_out"
    assert section_for_key("discard.keep_card") == "going_out"
    assert section_for_key("turn.draw_first") == "turn"
    assert section_for_key(None) is None and section_for_key("nothing.like_it") is None


def test_italian_text_tells_its_own_rules():
    it = VARIANTS["italian"]
    text = plain_text(it)
    assert "face down under it" in text  # the starting pile buried by the upcard
    assert "open only from your hand at the start of your turn, before drawing" in text
    assert "The opening melds must be natural" in text
    assert "Only a side that has opened may take the pile" in text
    assert "taking it needs 3 natural cards" in text and "only with 3 wild cards" in text
    assert "natural canasta and a mixed canasta" in text
    assert "never be a black 3 or a wild card" in text
    assert "If your side has not melded yet, you must lay your first meld" not in text
    scoring = dict(rows(section(it, "scoring")[1])[0])
    assert scoring["Red 3s (4)"] == "800" and scoring["Red 3s (6)"] == "1,200"
    assert "Each black 3 left in hand" not in scoring and "Each red 3" not in scoring
    assert "double against a side without a natural canasta" in text
    assert "Black 3s are never melded" in text


def test_modern_american_text_tells_its_own_rules():
    text = plain_text(VARIANTS["modern-american"])
    assert "A meld holds at most 7 cards." in text
    assert "Rule of five" in text and "that rank is dead" in text
    assert "You may ask only once per hand." in text
    assert "Every 3 is laid out at once" in text
    assert "Threes of one colour (4): 1,000" in text
    assert "Only a side that has opened may take the pile" not in text


def test_markdown_has_a_stable_heading_for_every_variant_and_topic():
    from game.rules_text import TOPICS, markdown

    text = markdown()
    headings = {line for line in text.splitlines() if line.startswith("#")}
    for name in VARIANTS:
        assert f"## {name}" in headings
        assert f"### {name}: house rules" in headings
        for topic in TOPICS.values():
            assert f"### {name}: {topic}" in headings
    assert "%{" not in text and not re.search(r"\b(ui\.house|rules)\.[a-z_]+\.", text)  # no raw catalogue key


def test_markdown_is_english_whatever_the_players_language():
    from game.i18n import get_locale, set_locale
    from game.rules_text import markdown

    set_locale("it")
    try:
        text = markdown()
        assert get_locale() == "it"  # the player's language is put back
    finally:
        set_locale("en")
    assert text == markdown()
    assert "Each natural canasta: 500" not in text  # tables are Markdown rows
    assert "| Each natural canasta | 500 |" in text


def test_markdown_says_what_each_house_option_changes():
    from game.rules_text import markdown

    text = markdown({"classic": VARIANTS["classic"], "italian": VARIANTS["italian"]})
    assert "With *Ends the hand* (`on`), these lines of the rules change or appear:" in text
    assert "- end of the stock: When the stock is gone the hand ends as soon as a player cannot draw" in text
    # turning an option on can take a sentence away: italian's natural-only opening
    assert "- initial meld, no longer: The opening melds must be natural" in text
    assert "Default in italian: *Natural melds only* (`off`)." in text


def test_markdown_command_writes_then_checks(tmp_path):
    from game.rules_text import main, markdown

    target = tmp_path / "docs" / "RULES.md"
    assert main(["--markdown", str(target), "--check"]) == 1  # missing: out of date
    assert main(["--markdown", str(target)]) == 0
    assert target.read_text(encoding="utf-8") == markdown()
    assert main(["--markdown", str(target), "--check"]) == 0
    target.write_text(markdown().replace("2,500", "2,400"), encoding="utf-8")
    assert main(["--markdown", str(target), "--check"]) == 1


@pytest.mark.parametrize("lang", ["en", "it", "es"])
def test_at_the_table_says_the_keys_as_well_as_the_clicks(lang):
    """The table's own bindings (game/ui/table/input.py, keyboard.py), named in the rules."""
    from game.i18n import get_locale, set_locale

    before = get_locale()
    set_locale(lang)
    try:
        _title, paras = section(VARIANTS["classic"], "table")
    finally:
        set_locale(before)
    text = " ".join(p for p in paras if isinstance(p, str))
    enter = {"en": "Enter", "it": "Invio", "es": "Intro"}[lang]
    for key in ("D", "P", "X", "H", "G", "S", "R", "Tab", "F1", "Ctrl+Z", "Esc", "A", "J", "Q", "K", "0", enter):
        assert re.search(rf"(?<![\w+]){re.escape(key)}(?![\w+])", text), (lang, key)
