"""Real mouse and key events posted into the table; the engine is what we check."""

from __future__ import annotations

import pygame

from game.i18n import refusal_text, tr
from game.rules import VARIANTS, Game, Phase, Rank, parse_cards
from game.rules.actions import Meld
from game.rules.events import Answered, AskedToGoOut, Discarded
from game.ui.screens.score import HandEndScene

OTHERS = ["5C 5D 6C 6D 7H 7S 8C 9C 10C JC QC",
          "5H 5S 6S 7C 7D 9S 10D JD QD KC 4D",
          "4H 4S 10H 10S JH JS QH QS 9H 7H 5H"]


def classic(me: str, melds=None, pile: str = "4C 5D 8H", stock: str = "6D 10S 4H", **kw) -> Game:
    return Game.scripted(VARIANTS["classic"], hands=[me, *OTHERS], stock=stock, pile=pile,
                         melds=melds, to_play=0, **kw)


def test_clicking_the_stock_draws(table):
    t = table(classic("KH KD KS AH AD AS 9D 4C 8S 8D 6H"))
    assert t.game.phase is Phase.DRAW
    t.click(t.scene.layout.stock.center)
    assert t.game.phase is Phase.MELD
    assert len(t.game.hands[0]) == 12
    assert "6D" in t.hand_labels()


def test_d_key_draws(table):
    t = table(classic("KH KD KS AH AD AS 9D 4C 8S 8D 6H"))
    t.key(pygame.K_d)
    assert len(t.game.hands[0]) == 12


def test_opening_is_staged_then_confirmed_in_one_move(table):
    t = table(classic("KH KD KS AH AD AS 9D 4C 8S 8D 6H"))
    t.click(t.scene.layout.stock.center)
    t.select("KH", "KD", "KS")
    t.drag(t.card_pos("KD"), t.new_meld_pos())
    assert [len(g) for g in t.scene.staged] == [3]
    assert not t.game.melds[0], "staging must not touch the engine"
    t.select("AH", "AD", "AS")
    t.drag(t.card_pos("AS"), t.new_meld_pos())
    assert [len(g) for g in t.scene.staged] == [3, 3]
    t.key(pygame.K_RETURN)
    melds = t.game.melds[0]
    assert set(melds) == {Rank.KING, Rank.ACE}
    assert melds[Rank.KING].size == 3 and melds[Rank.ACE].size == 3
    assert t.scene.staged == []
    assert len(t.game.hands[0]) == 6


def test_staged_opening_below_the_minimum_is_refused_by_the_engine(table):
    t = table(classic("KH KD KS AH AD 7S 9D 4C 8S 8D 6H"))
    t.click(t.scene.layout.stock.center)
    t.select("KH", "KD", "KS")
    t.drag(t.card_pos("KD"), t.new_meld_pos())
    t.click(t.button_pos("confirm"))
    assert not t.game.melds[0]
    reason = refusal_text(t.game.check(Meld([parse_cards("KH KD KS")])))
    assert t.told() == reason
    assert "50" in reason
    t.click(t.button_pos("cancel"))
    assert t.scene.staged == []
    assert len(t.scene.board.hand) == 12


def test_dragging_onto_a_meld_lays_off(table):
    t = table(classic("KH KD 9D AH AD AS 7D 4C 8S 8D 6H", melds={0: ["9S 9C 9H"]}))
    t.click(t.scene.layout.stock.center)
    t.drag(t.card_pos("9D"), t.meld_pos(Rank.NINE))
    assert t.game.melds[0][Rank.NINE].size == 4
    assert "9D" not in t.hand_labels()


def test_clicking_the_pile_takes_it(table):
    t = table(classic("KH KD 9D AH AD AS 7D 4C 8S 8D 6H", melds={0: ["9S 9C 9H"]}))
    t.click(t.scene.layout.pile.center)
    g = t.game
    assert len(g.pile) == 0
    assert g.melds[0][Rank.EIGHT].size == 3
    assert g.phase is Phase.MELD
    assert "5D" in t.hand_labels() and "8S" not in t.hand_labels()


def test_dragging_a_card_onto_the_pile_discards(table):
    t = table(classic("KH KD 9D AH AD AS 7D 4C 8S 8D 6H"))
    t.click(t.scene.layout.stock.center)
    t.drag(t.card_pos("7D"), t.scene.layout.pile.center)
    g = t.game
    assert any(isinstance(e, Discarded) and e.seat == 0 and e.card.label == "7D" for e in g.history)
    assert "7D" not in t.hand_labels() and len(g.hands[0]) == 11
    assert g.to_play != 0 or g.phase is Phase.DRAW


def test_illegal_drop_shows_the_engines_reason_and_changes_nothing(table):
    t = table(classic("KH KD 9D AH AD AS 7D 4C 8S 8D 6H", melds={0: ["KS KC 2C"]}))
    t.click(t.scene.layout.stock.center)
    before_hand = t.hand_labels()
    before_melds = {r: m.size for r, m in t.game.melds[0].items()}
    expected = refusal_text(t.game.check(Meld([parse_cards("9D")], onto=[Rank.KING])))
    start, end = t.card_pos("9D"), t.meld_pos(Rank.KING)
    t.press(start)
    t.move(end)
    target = t.scene.drag.target_at(end)
    assert target is not None and not target.legal and target.text == expected
    t.release(end)
    assert t.hand_labels() == before_hand
    assert {r: m.size for r, m in t.game.melds[0].items()} == before_melds
    assert t.told() == expected
    assert t.scene.toast is not None and t.scene.toast.text == expected
    t.frames(1)  # the refusal is drawn beside the target without error


def test_a_group_cannot_be_discarded(table):
    t = table(classic("KH KD 9D AH AD AS 7D 4C 8S 8D 6H"))
    t.click(t.scene.layout.stock.center)
    t.select("KH", "KD")
    t.drag(t.card_pos("KH"), t.scene.layout.pile.center)
    assert t.told() == tr("ui.reason.discard_one")
    assert len(t.game.hands[0]) == 12


def test_discarding_before_drawing_is_refused_with_the_reason(table):
    t = table(classic("KH KD 9D AH AD AS 7D 4C 8S 8D 6H"))
    t.drag(t.card_pos("7D"), t.scene.layout.pile.center)
    assert t.told() == tr("turn.draw_first")
    assert len(t.game.hands[0]) == 11 and t.game.phase is Phase.DRAW


def test_asking_partner_shows_the_answer(table):
    # a canasta on the table and a hand that can go out: the question is on offer
    t = table(classic("KH KD KS 5C", melds={0: ["9S 9C 9H 9D 2C JK 2S"]}, stock="KC"))
    t.click(t.scene.layout.stock.center)
    t.click(t.button_pos("goout"))
    t.settle()
    g = t.game
    asked = [e for e in g.history if isinstance(e, AskedToGoOut)]
    answered = [e for e in g.history if isinstance(e, Answered)]
    assert asked and asked[0].seat == 0
    assert answered and answered[0].seat == 2
    assert g.answer is answered[0].yes


def test_hand_end_summary_then_next_hand(table):
    # a canasta on the table: draw, meld three queens and go out with the last card
    t = table(classic("QH QD QS", melds={0: ["9S 9C 9H 9D 2C JK 2S"]}, stock="4C"))
    t.click(t.scene.layout.stock.center)
    t.select("QH", "QD", "QS")
    t.drag(t.card_pos("QH"), t.new_meld_pos())
    assert t.game.melds[0][Rank.QUEEN].size == 3
    t.drag(t.card_pos("4C"), t.scene.layout.pile.center)
    t.frames(3)
    g = t.game
    assert g.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
    assert isinstance(t.app.top, HandEndScene)
    scores = {s.side: s.total for s in g.last_scores}
    assert scores[0] == sum(line.points for line in g.last_scores[0].lines) > 0
    t.key(pygame.K_RETURN)
    assert g.hand_number == 2
    assert t.app.top is t.scene
    t.settle()
    assert len(g.hands[0]) == 11


def test_confirm_glows_gold_only_for_a_staging_the_engine_would_take(table):
    t = table(classic("KH KD KS AH AD AC 9D 4C 8S 8D 6H"))
    t.click(t.scene.layout.stock.center)
    t.select("KH", "KD", "KS")
    t.drag(t.card_pos("KD"), t.new_meld_pos())
    confirm = t.scene.buttons["confirm"]
    assert confirm.is_enabled and confirm.object_ids[-1] != "#primary", "30 of 50: plain, not gold"
    t.select("AH", "AD", "AC")
    t.drag(t.card_pos("AD"), t.new_meld_pos())
    assert confirm.is_enabled and confirm.object_ids[-1] == "#primary", "90 of 50: gold"
    t.click(t.button_pos("confirm"))
    assert t.game.melds[0]
