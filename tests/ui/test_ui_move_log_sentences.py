"""The move log reads aloud: a lay-off names the meld it went onto, a take with an extra
meld is one sentence, and a log scrolled back says newer lines are waiting."""

from __future__ import annotations

from game.i18n import set_locale
from game.rules import Rank
from game.rules import events as ev
from game.rules.cards import parse_cards
from game.ui.table.move_log import LogLine, MoveLog, lines_for


def name(seat: int) -> str:
    return {0: "You", 1: "West", 2: "North", 3: "East"}[seat]


def test_a_lay_off_names_the_meld_it_joined():
    set_locale("en")
    joker = parse_cards("JK")
    line = lines_for([ev.Melded(2, 0, Rank.SEVEN, tuple(joker), False, 5)], human=0)[0]
    assert line.text(name, 0) == "North added Joker to the Sevens"


def test_a_new_meld_and_a_lay_off_in_one_move():
    set_locale("en")
    evs = [ev.Melded(2, 0, Rank.EIGHT, tuple(parse_cards("8H 8S 8D")), True, 3),
           ev.Melded(2, 0, Rank.SEVEN, tuple(parse_cards("JK")), False, 5)]
    text = lines_for(evs, human=0)[0].text(name, 0)
    assert text.startswith("North melded 8") and text.endswith("and added Joker to the Sevens"), text


def test_a_take_with_an_extra_meld_reads_as_a_sentence():
    set_locale("en")
    top = parse_cards("5S")[0]
    pile = tuple(parse_cards("4C 5S"))
    evs = [ev.PileTaken(1, top, pile, tuple(parse_cards("5S 5D"))),
           ev.Melded(1, 1, Rank.JACK, tuple(parse_cards("JH JS JK")), True, 3),
           ev.Melded(1, 1, Rank.FIVE, (top, *parse_cards("5S 5D")), True, 3)]
    text = lines_for(evs, human=0)[0].text(name, 0)
    assert text.startswith("West took the pile (2 cards): 5") and text.endswith("and melded J♥ J♠ Joker"), text


def test_old_saved_lines_still_read():
    line = LogLine.from_dict({"seat": 1, "key": "melded", "groups": ["7C 7D 7S"], "count": 0, "note": ""})
    assert line is not None and MoveLog([line]).to_saved()[0]["groups"] == ["7C 7D 7S"]


def test_a_log_scrolled_back_stays_put_and_says_newer_lines_wait(table, monkeypatch):
    from game.i18n import tr
    from game.rules.actions import Discard
    from game.ui.table import log_panel

    from .test_ui_move_log import position

    t = table(position(), size=(1024, 600))
    for _ in range(2):  # enough moves to scroll
        t.click(t.scene.layout.stock.center)
        discard = next(a for a in t.game.legal_actions() if isinstance(a, Discard))
        t.drag(t.pos_of(discard.card), t.scene.layout.pile.center)
        t.settle()
    s = t.scene
    s.log_scroll = 1  # the wheel turned back one line
    reading = s.view.log_lines()[len(s.controller.log) - 1 - 1]
    drawn: list[str] = []
    real = log_panel.T.render
    monkeypatch.setattr(log_panel.T, "render", lambda text, *a, **k: drawn.append(text) or real(text, *a, **k))
    t.click(s.layout.stock.center)  # another move: new lines arrive
    discard = next(a for a in t.game.legal_actions() if isinstance(a, Discard))
    t.drag(t.pos_of(discard.card), s.layout.pile.center)
    t.settle()
    new = len(s.controller.log)
    assert s.log_scroll > 1, "the log did not follow the new lines away from what was being read"
    assert s.view.log_lines()[new - 1 - s.log_scroll] == reading
    drawn.clear()
    s.frame.forget()
    t.frames(2)
    assert tr("ui.log.newer", count=s.log_scroll) in drawn
