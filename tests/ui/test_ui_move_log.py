"""The move log in the side panel: a line per move with its cards, the current player's
moves highlighted, scrollable, and it survives save/resume and a language switch."""

from __future__ import annotations

import pygame

from game.i18n import card_names, tr
from game.rules import VARIANTS, Game, Phase
from game.rules.actions import Discard, Draw, TakePile
from game.rules.cards import parse_cards
from game.ui.shell.session import Session, flush_saves
from game.ui.table import log_panel
from game.ui.table.move_log import LogLine, MoveLog
from game.ui.table.scene import TableScene

OTHERS = ["5C 5D 6C 6D 7H 7S 8C 9C 10C JC QC", "5H 5S 6S 7C 7D 9S 10D JD QD KC 4D",
          "4H 4S 10H 10S JH JS QH QS 9H 7H 5H"]


def position() -> Game:
    return Game.scripted(VARIANTS["classic"], hands=["KH KD 9D AH AD AS 7D 4C 8S 8D 6H", *OTHERS],
                         stock="6D 10S 4H 3C 2H", pile="4C 5D 8H", melds={0: ["9S 9C 9H"]}, to_play=0)


def texts(t) -> list[str]:
    return [text for text, _hot in t.scene.view.log_lines()]


def test_a_turn_of_each_kind_gets_its_line(table):
    t = table(position())
    t.click(t.scene.layout.pile.center)  # take the pile with the pair of 8s
    assert texts(t) == [tr("ui.log.you.took", count=3, cards=card_names("8H 8S 8D"))]
    t.drag(t.card_pos("7D"), t.scene.layout.pile.center)
    assert texts(t)[1] == tr("ui.log.you.discarded", cards=card_names("7D"))
    t.settle()
    west = tr("ui.seat.west")
    lines = texts(t)
    assert lines[2] == tr("ui.log.other.drew", name=west), "another player's draw hides its cards"
    assert any(line.startswith(tr("ui.log.other.discarded", name=west, cards="")) for line in lines)
    assert len(lines) >= 8, "every computer move has its line"
    assert t.game.to_play == 0


def test_the_human_draw_names_its_cards_and_a_wild_discard_freezes(table):
    g = Game.scripted(VARIANTS["classic"], hands=["KH KD 9D AH AD AS 7D 4C 8S 2C 6H", *OTHERS],
                      stock="6D 10S 4H", pile="4C 5D 8H", to_play=0)
    t = table(g)
    t.click(t.scene.layout.stock.center)
    assert texts(t) == [tr("ui.log.you.drew", cards=card_names("6D"))]
    t.drag(t.card_pos("2C"), t.scene.layout.pile.center)
    assert texts(t)[1] == tr("ui.log.you.discarded", cards=card_names("2C")) + " — " + tr("ui.log.pile_frozen")


def test_the_current_players_moves_are_highlighted(table):
    t = table(position())
    t.click(t.scene.layout.stock.center)
    assert t.scene.view.log_lines() == [(tr("ui.log.you.drew", cards=card_names("6D")), True)]
    t.drag(t.card_pos("7D"), t.scene.layout.pile.center)
    g = t.game
    assert g.to_play != 0
    lines = t.scene.controller.log.lines
    hot = [h for _text, h in t.scene.view.log_lines()]
    assert not any(h for line, h in zip(lines, hot, strict=True) if line.seat == 0), "your turn is over"
    assert all(h == (line.seat == g.to_play) for line, h in zip(lines[2:], hot[2:], strict=True) if line.seat > 0)


def test_the_log_is_drawn_in_the_panel_and_scrolls_back(table, monkeypatch):
    t = table(position(), size=(960, 600))
    for _ in range(3):  # three rounds of the table: more moves than the panel holds
        t.click(t.scene.layout.stock.center)
        discard = next(a for a in t.game.legal_actions() if isinstance(a, Discard))
        t.drag(t.pos_of(discard.card), t.scene.layout.pile.center)
        t.settle()
    drawn: list[str] = []
    real = log_panel.T.render
    monkeypatch.setattr(log_panel.T, "render", lambda text, *a, **k: drawn.append(text) or real(text, *a, **k))
    t.scene.frame.forget()  # the panel is drawn again now
    t.frames(2)
    newest = texts(t)[-1]
    assert tr("ui.log.title") in drawn and any(newest.startswith(d) for d in drawn if d)
    assert t.scene.log_hidden > 0, "the oldest moves are scrolled out of view"
    first = texts(t)[0]
    assert not any(first.startswith(d) for d in drawn if len(d) > 8)
    pygame.mouse.set_pos(t.scene.layout.panel.center)
    for _ in range(t.scene.log_hidden):
        t.post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0)
    drawn.clear()
    t.frames(2)
    assert t.scene.log_scroll == t.scene.log_hidden
    assert any(first.startswith(d) for d in drawn if len(d) > 8), "scrolled back to the first move"


def test_the_log_survives_save_and_resume_and_a_language_switch(table):
    t = table(position())
    t.click(t.scene.layout.pile.center)
    t.drag(t.card_pos("7D"), t.scene.layout.pile.center)
    t.settle()
    before = [line.to_dict() for line in t.scene.controller.log.lines]
    t.scene.session.autosave()
    flush_saves()
    resumed = TableScene.from_autosave(t.app)
    assert resumed is not None
    assert [line.to_dict() for line in resumed.controller.log.lines] == before
    t.app.reset_to(resumed)
    t.frames(2)
    t.app.set_language("it")
    assert resumed.view.log_lines()[0][0] == tr("ui.log.you.took", "it", count=3, cards=card_names("8H 8S 8D"))
    assert resumed.view.log_lines()[0][0].startswith("Hai preso il pozzo")
    t.app.set_language("en")


def test_undo_takes_the_line_back_too():
    s = Session(position(), "greedy", seed=3)
    s.practice = True
    from game.ui.table.controller import TableController

    ctl = TableController(s)
    ctl.apply(Draw())
    assert len(ctl.log) == 1 and s.log
    assert ctl.undo()
    assert len(ctl.log) == 0 and s.log == []


def test_a_new_hand_starts_a_new_log():
    log = MoveLog()
    g = position()
    log.add(g.apply(TakePile(parse_cards("8S 8D"))), 0)
    assert len(log) == 1
    fresh = Game.new(VARIANTS["classic"], seed=3)
    log.add(list(fresh.history), 0)
    assert log.lines[0] == LogLine(-1, "dealt", count=1)
    assert fresh.phase is Phase.DRAW or fresh.phase is not None


def test_lines_read_back_from_a_save_are_checked():
    good = LogLine(1, "discarded", ("QC",), note="frozen").to_dict()
    log = MoveLog.from_saved([good, {"seat": 9, "key": "drew"}, {"key": "hack"}, "text", None])
    assert [line.to_dict() for line in log.lines] == [good]
    assert len(MoveLog.from_saved({"not": "a list"})) == 0


def test_a_pile_of_one_card_is_one_card_not_one_cards():
    one = LogLine(0, "took", ("AC AD AS",), count=1)
    many = LogLine(1, "took", ("KC KD KS",), count=4)
    name = {0: tr("ui.seat.you"), 1: tr("ui.seat.west")}.get
    assert one.text(name, 0) == tr("ui.log.you.took", cards=card_names("AC AD AS"), count=1) == \
        f"You took the pile (1 card): {card_names('AC AD AS')}"
    assert "(1 cards)" not in one.text(name, 0) and "(1 cards)" not in LogLine(1, "took", ("AC AD AS",), 1).text(name, 0)
    assert many.text(name, 0) == tr("ui.log.other.took", name=tr("ui.seat.west"), cards=card_names("KC KD KS"), count=4)


def test_a_red_three_line_names_the_card_once_not_after_the_words():
    import re

    from game.i18n import get_locale, set_locale

    was = get_locale()
    try:
        for lang in ("en", "it", "es"):
            set_locale(lang)
            for seat in (0, 1):  # the human's line and another player's
                text = LogLine(seat, "red_three", ("3D",)).text(lambda s: "North", 0)
                card = card_names("3D")
                assert text.count(card) == 1, (lang, text)
                # "laid out the red 3 3♦" read as a stutter: the words and the card stay apart
                assert not re.search(r"(red 3|3 ross[oi]|3 roj[oa]s?)\s+" + card, text), (lang, text)
    finally:
        set_locale(was)
