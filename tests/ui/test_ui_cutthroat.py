"""Cut-throat at the table: the score panel and the hand-end sheet name who plays alone
and who are partners, show each partner's own minimum and each player's own total."""

from __future__ import annotations

import pygame
import pytest

from game.i18n import set_locale, tr
from game.rules import VARIANTS, Discard, Draw, Game, Meld, Phase, TakePile
from game.rules.cards import parse_cards
from game.ui.screens.score import GameOverScene, HandEndScene
from game.ui.table import panel

CUT = VARIANTS["classic-3p"].with_options(cutthroat=True)


def texts_drawn(monkeypatch, draw) -> list[str]:
    """Every string `draw()` renders through the style's text renderer."""
    seen: list[str] = []
    real = panel.T.render

    def render(text, *args, **kwargs):
        seen.append(text)
        return real(text, *args, **kwargs)

    monkeypatch.setattr(panel.T, "render", render)
    draw()
    return seen


def partnership_formed() -> Game:
    # East (seat 2) takes the pile and plays alone; the human (seat 0, at 0: needs 50)
    # and West (seat 1, at 1,500: needs 90) become partners; then it is the human's turn
    g = Game.scripted(CUT, ["AS AH AD 7C 8C KC", "QS 4C 8H 10C JD", "9H 9D 5S 6S 7S"],
                      pile="4D 9C", stock="KD KH", melds={2: ["KS KC KH"]},
                      scores=(0, 1500, 0), to_play=2)
    g.apply(TakePile(parse_cards("9H 9D")))
    g.apply(Discard(parse_cards("5S")[0]))
    return g


def test_the_panel_names_the_lone_player_and_the_partners_and_their_own_minimums(table, monkeypatch):
    t = table(partnership_formed())
    g = t.game
    assert g.to_play == 0 and g.side_of_seat(0) == g.side_of_seat(1)

    def draw() -> list[str]:
        return texts_drawn(monkeypatch, lambda: panel.draw_panel(
            pygame.Surface(t.app.size), t.scene.view, t.scene.renderer, t.app.size[1]))

    # the partners' shared table is captioned with both names, never a fourth seat's
    assert t.scene.side_name(g.side_of_seat(0)) == tr(
        "ui.side.partners", first=tr("ui.seat.you"), second=tr("ui.seat.west"))
    assert t.scene.side_name(2) == tr("ui.seat.east")
    drawn = draw()
    # the human's own row (a partner now) still comes first, with their own total
    assert drawn[2:4] == [tr("ui.seat.you"), "0"]
    assert tr("ui.cutthroat.alone") in drawn
    assert tr("ui.cutthroat.partner_of", name=tr("ui.seat.west")) in drawn
    assert tr("ui.cutthroat.your_partner") in drawn
    # neither partner has melded yet: each with their own minimum
    assert tr("ui.panel.to_open", minimum=50) in drawn
    assert tr("ui.panel.to_open", minimum=90) in drawn
    g.apply(Draw())
    g.apply(Meld([parse_cards("AS AH AD")]))  # 60: enough for the human, not for West
    drawn = draw()
    # the human melded for the partnership: nobody is told they still need points to open
    assert not {tr("ui.panel.to_open", minimum=m) for m in (50, 90)} & set(drawn)
    assert drawn.count(tr("ui.panel.opened", canastas=0)) == 3


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_sheet_shows_shared_lines_own_red_threes_and_individual_totals(table, lang,
                                                                           monkeypatch):
    set_locale(lang)
    try:
        g = Game.scripted(CUT, ["9H 9D 9S 5H", "4C 6D", "QS"], stock="5S 5C",
                          melds={0: ["KS KH KD KC KS KH KD"], 1: ["JS JH JD"], 2: ["AS AH AD"]},
                          red_threes={1: "3H"}, scores=(0, 0, 0))
        g.apply(Draw())
        g.apply(Meld([parse_cards("9H 9D 9S"), parse_cards("5H 5S 5C")]))
        assert g.phase is Phase.HAND_OVER
        t = table(g)
        end = HandEndScene(t.app, t.scene)
        seen = texts_drawn(monkeypatch, lambda: end.lay_out(16, False))
        west, east = tr("ui.seat.west"), tr("ui.seat.east")
        assert tr("ui.cutthroat.alone") in seen
        assert tr("ui.cutthroat.partner_of", name=west) in seen
        assert tr("ui.cutthroat.partner_of", name=east) in seen
        assert tr("score.own_red_threes", count=1) in seen
        # each partner's column names whose cards were left
        assert seen.count(tr("ui.score.cards_left_of", name=west, count=2)) == 2
        assert seen.count(tr("ui.score.cards_left_of", name=east, count=1)) == 2
        totals = [s.total for s in g.last_scores]
        assert totals[1] == totals[2] + 100 and list(g.scores) == totals
    finally:
        set_locale("en")


def human_partner_about_to_win() -> Game:
    # East takes the pile and plays alone; the human, West's partner, has drawn and can go
    # out, passing the target with the highest total of the three
    g = Game.scripted(CUT, ["AS AH AD 7C", "QS 4C 8H 10C JD", "9H 9D 5S 6S 7S"],
                      pile="4D 9C", stock="7D 7H", scores=(7400, 7000, 7300), to_play=2,
                      melds={1: ["KS KC KH KD KS KC KH"], 2: ["QC QD QH"]})
    g.apply(TakePile(parse_cards("9H 9D")))
    g.apply(Discard(parse_cards("5S")[0]))
    g.apply(Draw())
    return g


def test_a_human_partner_with_the_top_total_is_told_they_won(table):
    g = human_partner_about_to_win()
    g.apply(Meld([parse_cards("AS AH AD"), parse_cards("7C 7D 7H")]))
    assert g.phase is Phase.GAME_OVER and g.winners == (0,)
    t = table(g)
    over = GameOverScene(t.app, t.scene)
    t.app.push(over)
    t.frames(2)
    assert tr("ui.game_over.won") in _all_texts(t.app.manager)


def _all_texts(manager) -> list[str]:
    out: list[str] = []

    def walk(container) -> None:
        for el in container.elements:
            text = getattr(el, "text", None)
            if isinstance(text, str):
                out.append(text)
            inner = getattr(el, "get_container", None)
            if inner is not None:
                walk(inner())

    walk(manager.get_root_container())
    return out


def test_sounds_judge_the_game_from_the_human_partners_own_total(table, monkeypatch):
    g = human_partner_about_to_win()
    t = table(g)
    heard: list[int | None] = []
    real = t.app.sound.play_events

    def play_events(events, human_side=None):
        heard.append(human_side)
        return real(events, human_side)

    monkeypatch.setattr(t.app.sound, "play_events", play_events)
    t.scene._apply(Meld([parse_cards("AS AH AD"), parse_cards("7C 7D 7H")]))
    t.frames(60)
    assert g.winners == (0,)
    assert heard and set(heard) == {0}  # the human's seat, not the partnership's table
