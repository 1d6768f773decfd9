"""Learning at the table, through real events: hints, the coach, "why not?" with its rule
link, practice undo and "show all hands"."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ai import hints
from game.rules import VARIANTS, Game, Phase
from game.rules.actions import Discard, Draw
from game.ui.screens.rules import RulesScene
from game.ui.shell.dialogs import Dialog

OTHERS = ["5C 5D 6C 6D 7H 7S 8C 9C 10C JC QC",
          "5H 5S 6S 7C 7D 9S 10D JD QD KC 4D",
          "4H 4S 10H 10S JH JS QH QS 9H 7H 5H"]


def coach_position() -> Game:
    """A small unfrozen pile and safe discards: throwing the 2D away is a clear mistake."""
    return Game.scripted(VARIANTS["classic"], seed=5,
                         hands=["KH KD 9D AH 2D 7D 4C 8S 6H QH QS", "5S 6C 7H 7S 8C 9C 10C QC",
                                "5H 6S 7C 9S 10D QD KC 4D", "4H 4S 10H 10S QC 9H 8H 5H"],
                         pile="5C 6D", melds={0: ["9S 9C 9H"], 1: ["JH JD JS"]}, stock="4H", to_play=0)


def practice(t, coach: bool = True):
    s = t.scene.session
    s.practice, s.coach = True, coach
    t.scene.resize(t.app.size)  # the practice buttons (Undo, Show all hands)
    t.frames(2)
    return t


def test_hint_shows_the_suggested_move_until_the_player_acts(table):
    t = table(Game.scripted(VARIANTS["classic"], hands=["KH KD 9D AH AD AS 7D 4C 8S 8D 6H", *OTHERS],
                            stock="6D 10S", pile="4C 5D 8H", melds={0: ["9S 9C 9H"]}, to_play=0))
    t.key(pygame.K_h)
    expected = hints.suggest(t.game.view(0))
    shown = t.scene.current_hint()
    assert shown is not None and shown.action == expected.action
    assert t.scene.message_text() is None  # its reason is said in the table's box, once
    t.frames(2)  # drawn: lifted cards, the glowing target, the reason
    assert t.scene.frame.hint_box is not None
    t.click(t.button_pos("hint"))
    assert t.scene.current_hint().action == expected.action
    t.click(t.scene.layout.stock.center) if isinstance(expected.action, Draw) else t.key(pygame.K_p)
    assert t.scene.current_hint() is None


def test_coach_take_it_back_leaves_the_engine_unchanged_and_do_it_anyway_applies(table):
    t = practice(table(coach_position()))
    t.click(t.scene.layout.stock.center)
    assert t.game.phase is Phase.MELD
    before = t.game.to_dict()
    view = t.game.view(0)
    two = next(c for c in t.game.hands[0] if c.label == "2D")
    assert hints.judge(view, Discard(two)) is not None, "the position no longer shows the blunder"
    t.drag(t.card_pos("2D"), t.scene.layout.pile.center)
    dialog = t.app.top
    assert isinstance(dialog, Dialog) and "2\u2666" in dialog.text  # the card named, not coded
    assert t.game.to_dict() == before, "the move must wait for the player's answer"
    t.click(dialog.buttons[1].rect.center)  # Take it back
    assert t.app.top is t.scene
    assert t.game.to_dict() == before
    assert "2D" in t.hand_labels()
    t.drag(t.card_pos("2D"), t.scene.layout.pile.center)
    dialog = t.app.top
    assert isinstance(dialog, Dialog)
    t.click(dialog.buttons[0].rect.center)  # Do it anyway
    assert "2D" not in t.hand_labels()
    assert any(c.label == "2D" for c in t.game.pile.cards)


def test_the_coach_is_quiet_outside_practice(table):
    t = table(coach_position())
    t.click(t.scene.layout.stock.center)
    t.drag(t.card_pos("2D"), t.scene.layout.pile.center)
    assert t.app.top is t.scene
    assert any(c.label == "2D" for c in t.game.pile.cards)


def test_undo_restores_the_exact_earlier_states(table):
    t = practice(table(coach_position()), coach=False)
    start = t.game.to_dict()
    t.click(t.scene.layout.stock.center)
    drawn = t.game.to_dict()
    t.drag(t.card_pos("4C"), t.scene.layout.pile.center)
    t.settle()
    assert t.game.to_play == 0 and t.game.to_dict() != drawn  # the others have played
    t.click(t.button_pos("undo"))
    assert t.game.to_dict() == drawn, "undo goes back before the discard, the others' moves too"
    t.post(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="", scancode=0)
    t.frames(2)
    assert t.game.to_dict() == start
    assert not t.scene.session.snapshots
    t.frames(3)
    assert t.game.to_dict() == start, "nobody moves on after an undo to the human's turn"


def test_show_all_hands_turns_the_other_hands_face_up(table):
    t = practice(table(coach_position()), coach=False)
    assert all(it.card is None for items in t.scene.board.backs.values() for it in items)
    t.click(t.button_pos("show_all"))
    backs = t.scene.board.backs
    assert all(it.card is not None and it.face_up for items in backs.values() for it in items)
    assert sorted(it.card.label for it in backs[2]) == sorted(c.label for c in t.game.hands[2])
    t.frames(2)
    assert t.scene.session.extra()["practice"] is True


def test_a_refused_click_says_why_at_the_target_and_links_to_the_rule(table):
    t = table(coach_position())
    t.click(t.scene.layout.stock.center)
    t.click(t.scene.layout.stock.center)  # a second draw is refused
    target = t.scene.toast
    assert target.key == "turn.already_drawn"
    assert target.rect == t.scene.layout.stock
    t.frames(1)
    link = t.scene.rule_link_rect
    assert link is not None
    t.click(link.center)
    rules = t.app.top
    assert isinstance(rules, RulesScene)
    assert rules.rules == t.game.rules
    assert rules.section_at_top() == "turn"
    t.key(pygame.K_ESCAPE)
    assert t.app.top is t.scene


def test_keyboard_refusals_show_at_the_pile(table):
    t = table(Game.scripted(VARIANTS["classic"], hands=["KH KD 9D AH AD AS 7D 4C 8S 5D 6H", *OTHERS],
                            stock="6D", pile="4C 2C 8H", to_play=0))
    before = t.game.to_dict()
    t.key(pygame.K_p)
    target = t.scene.toast
    assert target.rect == t.scene.layout.pile
    assert target.key.startswith("pile.")
    assert t.game.to_dict() == before
    t.key(pygame.K_r)
    assert isinstance(t.app.top, RulesScene) and t.app.top.section_at_top() == "pile"


def test_hand_end_explains_each_line_once(table):
    from game.ui.screens.score import HandEndScene

    g = Game.scripted(VARIANTS["classic"], hands=["QH QD QS", *OTHERS], stock="4C",
                      melds={0: ["9S 9C 9H 9D 2C JK 2S", "KS KC KD 2H"], 1: ["10H 10D 2D"]},
                      red_threes={0: "3H"}, pile="7C 8H", to_play=0)
    t = table(g)
    t.scene.app.prefs.explained_lines = []
    t.click(t.scene.layout.stock.center)
    t.select("QH", "QD", "QS")
    t.drag(t.card_pos("QD"), t.new_meld_pos())
    assert t.hand_labels() == ["4C"]
    t.drag(t.card_pos("4C"), t.scene.layout.pile.center)
    t.frames(5)
    end = t.app.top
    assert isinstance(end, HandEndScene)
    assert {"score.melded_cards", "score.mixed_canasta", "score.went_out", "score.red_threes"} <= set(end.explain)
    assert all(text and "explain." not in text for text in end.explain.values())
    t.frames(1)
    t.key(pygame.K_RETURN)
    assert "score.went_out" in t.app.prefs.explained_lines
    again = HandEndScene(t.app, t.scene)
    assert "score.went_out" not in again.explain


def test_the_coach_judges_a_move_off_the_ui_thread_and_warns_when_it_is_ready(table, monkeypatch):
    # the player moves before the position's analysis has finished: the table goes on
    # drawing, nothing is analysed in the frame, and the warning comes with the verdict
    t = practice(table(coach_position()))
    pending: list[Callable[[], None]] = []
    t.scene.controller.advice_start = pending.append  # the workers wait until we run them

    def finish() -> None:
        while pending:
            pending.pop(0)()
        t.frames(1)

    t.click(t.scene.layout.stock.center)
    finish()
    t.frames(120)  # the card drawn lands in the hand
    assert t.game.phase is Phase.MELD
    in_frame: list[object] = []
    analyse = hints.analyse
    monkeypatch.setattr(hints, "analyse", lambda *a, **k: in_frame.append(a) or analyse(*a, **k))
    before = t.game.to_dict()
    t.drag(t.card_pos("2D"), t.scene.layout.pile.center)
    drawn = t.app.frames
    t.frames(30)
    assert t.app.frames == drawn + 30 and t.app.top is t.scene and in_frame == []
    assert t.game.to_dict() == before, "the move waits for the coach's verdict"
    t.drag(t.card_pos("4C"), t.scene.layout.pile.center)  # one move at a time
    assert t.game.to_dict() == before
    finish()
    dialog = t.app.top
    assert isinstance(dialog, Dialog) and "2\u2666" in dialog.text
    assert t.game.to_dict() == before


def test_a_card_dropped_for_the_coach_stays_where_it_was_let_go(table):
    # it went back into the fan for the verdict's fraction of a second, then flew off
    t = practice(table(coach_position()))
    pending: list[Callable[[], None]] = []
    t.scene.controller.advice_start = pending.append

    def finish() -> None:
        while pending:
            pending.pop(0)()
        t.frames(1)

    def held_where_dropped(card, drop) -> None:
        assert card.identity not in {it.card.identity for it in t.scene.board.hand if it.card}, \
            "the card is not back in the fan"
        rect = t.scene.held[card.identity]
        assert rect.collidepoint(drop), "it is where the player let go of it"
        t.frames(1)
        face = t.scene.renderer.face(card, rect.w)
        spot = (rect.w // 2, 6)  # a strip of the card's face no other card is drawn over
        assert t.app.screen.get_at((rect.x + spot[0], rect.y + spot[1])) == face.get_at(spot)

    t.click(t.scene.layout.stock.center)
    finish()
    t.frames(120)
    drop = (t.scene.layout.pile.centerx, t.scene.layout.pile.bottom - 4)
    two = next(c for c in t.game.hands[0] if c.label == "2D")
    t.drag(t.card_pos("2D"), drop)
    t.frames(3)
    assert t.game.phase is Phase.MELD and t.app.top is t.scene, "the discard waits for the verdict"
    held_where_dropped(two, drop)
    finish()  # a blunder: the card stays up while the player reads the warning
    dialog = t.app.top
    assert isinstance(dialog, Dialog)
    assert two.identity in t.scene.held
    t.click(dialog.buttons[1].rect.center)  # Take it back: it glides home
    assert not t.scene.held
    t.frames(60)
    assert two.identity in {it.card.identity for it in t.scene.board.hand if it.card}
    four = next(c for c in t.game.hands[0] if c.label == "4C")
    t.drag(t.card_pos("4C"), drop)
    t.frames(3)
    held_where_dropped(four, drop)
    finish()  # no warning: the discard is made from where the card is
    assert not t.scene.held and four in t.game.pile.cards
