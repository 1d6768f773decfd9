"""What a first-time player ran into, learning from the tutorial and the hints alone (a trial
under Xvfb, issue 8), each kept fixed here through real events."""

from __future__ import annotations

import pygame

from game.ai import hints
from game.ai.heuristic import HeuristicPlayer
from game.i18n import tr
from game.rules import VARIANTS, Game
from game.rules.actions import Discard, Draw, Meld
from game.ui.learning.tutorial import TutorialScene, make_steps
from game.ui.screens.menu import NewGameScene
from game.ui.screens.rules import RulesScene
from game.ui.shell import style
from game.ui.shell.dialogs import Dialog
from game.ui.table.guidance import HINT, POINTER, arrow_direction, arrow_rect

from .test_ui_learning_tutorial import Driver


def lesson_at(key: str) -> Driver:
    """The lesson, played by its own gestures up to the step `key`."""
    d = Driver()
    d.app.reset_to(TutorialScene.start(d.app))
    d.frames(3)
    sc = d.tut
    for _ in range(40):
        if sc.step.key == key:
            return d
        before = sc.index
        for g in sc.step.gestures(sc):
            d.perform(g)
        for _ in range(40):
            if sc.index != before:
                break
            d.frames(1)
    raise AssertionError(f"the lesson never reached {key}")


def screen(d: Driver) -> pygame.Surface:
    d.frames(1)
    return d.app.screen.copy()


def item(sc, label: str):
    return next(it for it in sc.board.hand if it.card is not None and it.card.label == label)


# -- the cards a step (or a hint) points at ----------------------------------------------
def test_pointed_cards_stay_in_the_fan_where_a_click_finds_them():
    """They were drawn a lift higher than they are: the copy hid its neighbours' corners
    (the 2 of hearts vanished behind the 4 of clubs), showed the card twice, and a click
    on its visible top found nothing."""
    d = lesson_at("discard")
    sc = d.tut
    four = item(sc, "4C")
    marked = screen(d)
    sc.steps[sc.index].cards = lambda _sc: []  # the same table without the pointing
    plain = screen(d)
    lift = sc.layout.lift
    # nothing is drawn above the card, where it is not
    above = (four.rect.x + four.rect.w // 2, four.rect.y - lift + 4)
    assert marked.get_at(above) == plain.get_at(above)
    # its right-hand neighbour's corner (rank and suit) is untouched
    right = next(it for it in sc.board.hand if it.rect.x > four.rect.x)
    corner = pygame.Rect(right.rect.x + 2, right.rect.y + 2, 12, right.rect.h // 4)
    for x in range(corner.x, corner.right, 2):
        for y in range(corner.y, corner.bottom, 3):
            assert marked.get_at((x, y)) == plain.get_at((x, y)), "a neighbour's corner was covered"
    # the card itself wears the pointer's frame
    assert marked.get_at((four.rect.x - 2, four.rect.centery))[:3] == POINTER


def test_clicking_a_pointed_card_visibly_selects_it():
    """The kings looked lifted before any click, and exactly the same after: the learner
    could not see which ones were selected."""
    d = lesson_at("stage_kings")
    sc = d.tut
    kh = item(sc, "KH")
    before = screen(d)
    assert before.get_at((kh.rect.x - 2, kh.rect.centery))[:3] == POINTER
    d.click((kh.rect.x + 6, kh.rect.centery))
    kh = item(sc, "KH")
    assert kh.selected
    after = screen(d)
    r = kh.rect
    assert r.y < item(sc, "KD").rect.y, "a selected card rises out of the fan"
    assert after.get_at((r.x - 2, r.centery))[:3] == style.SELECT, "and wears the selection frame"


def test_a_hint_marks_its_cards_without_hiding_the_others(table, monkeypatch):
    others = ["5C 5D 6C 6D 7H 7S 8C 9C 10C JC QC", "5H 5S 6S 7C 7D 9S 10D JD QD KC 4D",
              "4H 4S 10H 10S JH JS QH QS 9H 7H 5H"]
    t = table(Game.scripted(VARIANTS["classic"], hands=["KH KD 9D AH AD AS 7D 4C 8S 8D 6H", *others],
                            stock="6D 10S", pile="4C 5D 8H", melds={0: ["9S 9C 9H"]}, to_play=0))
    t.click(t.scene.layout.stock.center)
    t.key(pygame.K_h)
    h = t.scene.current_hint()
    assert h is not None and isinstance(h.action, (Discard, Meld))
    t.frames(1)
    shot = t.app.screen.copy()
    monkeypatch.setattr(t.scene, "current_hint", lambda: None)
    t.frames(1)
    plain = t.app.screen.copy()
    codes = [c.code for c in (h.action.groups[0] if isinstance(h.action, Meld) else [h.action.card])]
    lift = t.scene.layout.lift
    hand = t.scene.board.hand
    for i, it in enumerate(hand):
        if it.card.code in codes:
            assert shot.get_at((it.rect.x - 2, it.rect.centery))[:3] == HINT
            above = (it.rect.centerx, it.rect.y - lift + 4)
            assert shot.get_at(above) == plain.get_at(above), "no lifted copy above the card"
        elif i and hand[i - 1].card.code in codes:  # the corner right of a marked card
            corner = (it.rect.x + 8, it.rect.y + 12)
            assert shot.get_at(corner) == plain.get_at(corner), "a neighbour's corner was covered"


# -- refusals in the lesson --------------------------------------------------------------
def test_a_refusal_in_the_lesson_is_said_once_in_the_box_not_under_the_arrow():
    d = lesson_at("discard")
    sc = d.tut
    d.drag(d.card_point("7D"), sc.layout.pile.center)
    assert sc.wrong_text == tr("tutorial.wrong_discard")
    assert sc.toast is None, "no callout by the pile: the step's arrow is drawn there"
    assert sc.message_text()[0] == sc.wrong_text  # the panel's "what to do now"


def test_confirming_the_kings_alone_says_why_they_are_not_enough():
    d = lesson_at("minimum")
    sc = d.tut
    assert sc.staged, "the kings are staged"
    d.click(sc.buttons["confirm"].rect.center)
    assert not sc.game.melds[0]
    assert sc.wrong_text == tr("tutorial.wrong_minimum")
    assert "30" in sc.wrong_text and "50" in sc.wrong_text


def test_discarding_a_seven_is_refused_with_the_reason_to_keep_them():
    d = lesson_at("discard2")
    sc = d.tut
    d.drag(d.card_point("7C"), sc.layout.pile.center)
    assert sc.step.key == "discard2" and "7C" in [c.label for c in sc.game.hands[0]]
    assert sc.wrong_text == tr("tutorial.wrong_keep_sevens")


def test_a_word_from_the_last_step_does_not_linger():
    """A hint asked for at "Draw" still stood in the panel at "Ask your partner"."""
    d = lesson_at("draw2")
    sc = d.tut
    d.key(pygame.K_h)
    assert sc.message_text() is not None
    d.click(sc.layout.stock.center)
    assert sc.step.key == "ask"
    assert sc.message_text() is None


# -- pointing at the panel's buttons -----------------------------------------------------
def test_the_arrow_to_may_i_go_out_is_not_hidden_behind_confirm():
    d = lesson_at("ask")
    sc = d.tut
    target = sc.step.target(sc)
    assert target == sc.buttons["goout"].rect
    direction = arrow_direction(sc, target)
    assert direction == "right"
    arrow = arrow_rect(target, sc.arrow_size(), direction)
    covered = [k for k, b in sc.buttons.items()
               if k != "goout" and b.visible and b.rect.colliderect(arrow)]
    assert covered == [], f"the arrow is drawn under {covered}"
    assert arrow.right <= target.x and arrow.x < sc.layout.panel.x, "it comes from the table side"


# -- words -------------------------------------------------------------------------------
def test_the_score_step_names_the_button_the_learner_sees():
    d = lesson_at("score")
    sc = d.tut
    assert tr("ui.hand_end.next") in sc.prompt()
    assert "%{" not in sc.prompt()


def test_the_draw_step_explains_the_frozen_label_on_the_pile():
    d = lesson_at("draw")
    sc = d.tut
    assert tr("ui.pile.frozen_for_you") in sc.prompt()


def test_going_out_is_explained_where_it_is_first_asked_of_the_learner():
    keys = [s.key for s in make_steps()]
    first = next(k for k in keys if "go out" in tr(f"tutorial.{k}.text"))
    text = tr(f"tutorial.{first}.text")
    assert "last card" in text and "end the hand" in text


def test_start_a_game_after_the_lesson_offers_a_practice_game():
    """The last words promise undo, the coach and hints: "Start a game" now opens New game
    with a practice game chosen."""
    d = lesson_at("score")
    d.perform(("score_next",))
    done = d.app.top
    assert isinstance(done, Dialog)
    d.click(done.buttons[0].rect.center)
    new = d.app.top
    assert isinstance(new, NewGameScene)
    assert new.practice is True
    assert new.choices["practice"].value is True


# -- hints and the coach -----------------------------------------------------------------
def frozen_big_pile_with_a_pair() -> Game:
    """The trial's position: our side has melded, a wild card froze the pile, which holds
    16 cards; we hold a pair of 8s (and draw a 2) that could take it later."""
    return Game.scripted(
        VARIANTS["classic"], seed=7,
        hands=["AC 8D 8C 5S 4D", "AS", "10D 10S 9H 4H 5D", "4S"],
        pile="4H 2D 5H 6H 6C 5C KC KS 3S 5D 6S KH JD 4C 3C 6D",
        melds={0: ["QS QH QC QD QS JK 2H", "7H 7C 7S 2C"],
               1: ["JS JH JD JC 2S", "10H 10D 10C 10S", "9S 9H 9D 9C 9S", "8H 8S JK", "7D 7S 7H"]},
        stock="2D", to_play=0, dealer=3)


def test_a_hint_never_suggests_what_the_coach_then_warns_against():
    """The hint said "Meld 8♦ 8♣ 2♦"; doing it, the coach said "keep your 8s in hand"."""
    g = frozen_big_pile_with_a_pair()
    g.apply(Draw())
    view = g.view(0)
    best = HeuristicPlayer("normal").ranked(view)[0][1]
    assert isinstance(best, Meld) and hints.judge(view, best) is not None, "the position lost its point"
    h = hints.suggest(view)
    assert hints.coach(view, h.action) is None, f"the hint {h.action} is what the coach warns about"


def test_draw_hint_with_a_pair_names_the_minimum_not_a_missing_pair():
    """Holding Q♥ Q♣ under a Q on a frozen pile, the hint said "you need a natural pair of
    Qs": the learner had one; what was missing was the first meld's minimum."""
    g = Game.scripted(VARIANTS["classic"], seed=1,
                      hands=["QH QC 10C 8D 7S 6H 5S 4D 9H 3C 5C",
                             "4S 5S 6S 7S 8S 9S 10S JS KS AS 4H", "4C 5C 6C 7C 8C 9C 10C JC KC AC 4H",
                             "4D 5D 6D 7D 8D 9D 10D JD KD AD 5H"],
                      stock="9H", pile="5H QS", to_play=0, dealer=3)
    view = g.view(0)
    h = hints.suggest(view)
    assert isinstance(h.action, Draw)
    # the engine's own refusal of the take with that pair: the first meld's minimum
    assert h.reason_key == "hint.draw_cannot_take"
    assert [f.refusal for f in h.facts] == ["meld.minimum"]
    assert "50" in h.reason and "pair" not in h.reason


def test_a_refusal_is_not_drawn_over_the_hint_box(table, monkeypatch):
    """Both boxes showed at once, one over the other's words."""
    import game.ui.table.frame as ts

    others = ["5C 5D 6C 6D 7H 7S 8C 9C 10C JC QC", "5H 5S 6S 7C 7D 9S 10D JD QD KC 4D",
              "4H 4S 10H 10S JH JS QH QS 9H 7H 5H"]
    t = table(Game.scripted(VARIANTS["classic"], hands=["KH KD 9D AH AD AS 7D 4C 8S 5D 6H", *others],
                            stock="6D", pile="4C 2C 8H", to_play=0))
    t.key(pygame.K_h)
    assert t.scene.current_hint() is not None
    drawn: list = []
    real = ts.text_box
    monkeypatch.setattr(ts, "text_box", lambda *a, **k: drawn.append(a) or real(*a, **k))
    t.frames(1)
    assert drawn, "the hint's reason is shown"
    t.key(pygame.K_p)  # taking the frozen pile with one 8 is refused
    assert t.scene.toast is not None and t.scene.current_hint() is not None
    drawn.clear()
    t.frames(1)
    assert drawn == [], "the hint's box waits while the refusal's reason is shown"


# -- the rules ---------------------------------------------------------------------------
def test_opening_the_last_rules_section_outlines_it():
    """"At the table" could not scroll to the top, so "Scoring" was the one outlined."""
    d = Driver()
    rules = RulesScene(d.app)
    d.app.push(rules)
    d.frames(2)
    last = rules.sections[-1][0]
    d.click(rules.toc[last].rect.center)
    assert rules.section_at_top() == last
    d.key(pygame.K_END)
    assert rules.section_at_top() == last


# -- keys during the others' turns -------------------------------------------------------
def test_keys_during_another_players_turn_are_refused_as_not_yours(table):
    """D during an opponent's turn was judged as the opponent's move: "You have already
    drawn this turn" (or, while it was still to draw, a draw made for it)."""
    others = ["5C 5D 6C 6D 7H 7S 8C 9C 10C JC QC", "5H 5S 6S 7C 7D 9S 10D JD QD KC 4D",
              "4H 4S 10H 10S JH JS QH QS 9H 7H 5H"]
    g = Game.scripted(VARIANTS["classic"], hands=["KH KD 9D AH AD AS 7D 4C 8S 5D 6H", *others],
                      stock="6D 10S 9C", pile="4C 8H", to_play=0)
    t = table(g)
    g.apply(Draw())
    g.apply(Discard(next(c for c in g.hands[0] if c.label == "4C")))
    for west_moves in ((), (Draw(),)):
        for move in west_moves:
            g.apply(move)  # West has drawn: now it melds or discards
        assert g.to_play == 1
        before = g.to_dict()
        assert not t.scene.perform(Draw())
        assert g.to_dict() == before, "nothing is played for West"
        assert t.told() == tr("ui.reason.not_your_turn")
