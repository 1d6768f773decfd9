"""The move log names the colour of a 3 laid out: modern American lays out black 3s too,
and its log said "West laid out a red 3: 3♣" for every one of them."""

from __future__ import annotations

import pytest

from game.i18n import get_locale, set_locale, tr
from game.rules import events as ev
from game.rules.cards import parse_cards
from game.ui.table.move_log import LogLine, lines_for


@pytest.mark.parametrize("lang", ["en", "it", "es"])
def test_a_black_three_laid_out_is_logged_as_a_black_three(lang):
    black, red = parse_cards("3C 3H")
    events = [ev.RedThreeLaidOut(seat=1, card=black, replaced=True), ev.RedThreeLaidOut(seat=1, card=red, replaced=True)]
    lines = lines_for(events, human=0)
    assert [line.key for line in lines] == ["black_three", "red_three"]
    name = {1: "West"}.get
    words = {"en": ("black", "red"), "it": ("nero", "rosso"), "es": ("negro", "rojo")}[lang]
    shown = get_locale()
    set_locale(lang)
    try:
        said_black, said_red = (line.text(name, 0) for line in lines)
    finally:
        set_locale(shown)
    assert words[0] in said_black and words[1] not in said_black, said_black
    assert words[1] in said_red and words[0] not in said_red, said_red
    assert tr(f"ui.log.other.{lines[0].key}", lang, name="West", cards="3♣") == said_black


def test_a_saved_black_three_line_reads_back():
    line = LogLine(2, "black_three", ("3S",))
    assert LogLine.from_dict(line.to_dict()) == line
