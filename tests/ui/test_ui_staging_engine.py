"""Staging and taking agree with the engine: a take uses the staged melds plus a pair left
in the hand, nothing the player did not put forward is spent, and a staging that could
never be confirmed is refused (red, with the engine's reason) while dragging."""

from __future__ import annotations

from game.i18n import refusal_text
from game.rules import VARIANTS, Game, Phase, Rank
from game.rules.actions import Draw, Meld, TakePile
from game.ui.shell.dialogs import Dialog
from game.ui.shell.session import Session
from game.ui.table.controller import TableController
from game.ui.table.staging import after_drawing, staging_refusal


def three_player_take() -> Game:
    """classic-3p, side not opened, Q♠ on the pile, Q♥ Q♦ in the hand."""
    return Game.scripted(VARIANTS["classic-3p"],
                         hands=["QH QD AS AC 2H 5C 6D 8S 9H 10C JD", "4H 5S 6S 7C 7D 9S 10D JD QC KC 4D",
                                "4S 10H 10S JH JS KH KS 9C 7H 5H 6H"],
                         pile="7S 4C QS", stock="6C 8D", to_play=0)


def modern_sevens() -> Game:
    return Game.scripted(VARIANTS["modern-american"],
                         hands=["7C 7D 2C 9D 8S 6D 6H KH KD KS AH AD AS", "5C 5D 6C 7C 7H 7S 8C 9C 10C JC QC 4H 4S",
                                "5H 5S 6S 7D 8D 9S 10D JD QD KC 4D 10H 10S", "4H 4S 10H 10S JH JS QH QS 9H 8H 5H 6C 8C"],
                         pile="4C 10C", to_play=0)


def italian_fours() -> Game:
    return Game.scripted(VARIANTS["italian"],
                         hands=["4C 4D JK JK 9D 8S 6D 6H 7C 10S JH QD KH KD KS", "5C 5D 6C 7C 7H 7S 8C 9C 10C JC QC 4H 4S 9H 8H",
                                "5H 5S 6S 7D 8D 9S 10D JD QD KC 4D 10H 10S JS QH",
                                "4H 4S 10H 10S JH JS QH QS 9H 8H 5H 6C 8C 9C JC"],
                         pile="4C 10C", to_play=0)


def of(g: Game, labels: str) -> list:
    want, out = labels.split(), []
    for c in g.hands[0]:
        if c.label in want:
            want.remove(c.label)
            out.append(c)
    assert not want
    return out


# -- taking ---------------------------------------------------------------------------------
def test_a_take_uses_the_staged_melds_and_the_pair_left_in_the_hand():
    g = three_player_take()
    ctl = TableController(Session(g, "greedy", seed=1))
    assert ctl.stage(of(g, "AS AC 2H"), -1) is None
    plan = ctl.plan_take()
    assert plan.action is not None and g.check(plan.action) is None
    assert sorted(c.label for c in plan.action.cards) == ["QD", "QH"]
    assert [sorted(c.label for c in m) for m in plan.action.melds] == [["2H", "AC", "AS"]]


def test_with_nothing_put_forward_no_wild_card_is_spent_unasked():
    """The pair alone (Q♥ Q♦ Q♠, 30) is short of the minimum; the engine could open with
    Q♥ Q♦ 2♥ or build more melds. A click on the pile builds no meld itself and spends
    the 2♥ only once the player says so: it asks."""
    g = three_player_take()
    ctl = TableController(Session(g, "greedy", seed=1))
    plan = ctl.plan_take()
    assert plan.action is None and plan.refusal is None
    assert [sorted(c.label for c in a.cards) for a in plan.options] == [["2H", "QD", "QH"]]
    assert not any(a.melds for a in plan.options)


def test_clicking_the_pile_with_an_opening_staged_takes_it(table):
    t = table(three_player_take())
    t.select("AS", "AC", "2H")
    t.drag(t.card_pos("AS"), t.new_meld_pos())
    assert len(t.scene.staged) == 1
    t.click(t.scene.layout.pile.center)
    g = t.game
    assert g.phase is Phase.MELD and len(g.pile) == 0
    assert set(g.melds[0]) == {Rank.QUEEN, Rank.ACE}
    assert "2H" not in t.hand_labels() and not t.scene.staged


def test_clicking_the_pile_with_nothing_staged_changes_nothing_before_the_answer(table):
    t = table(three_player_take())
    before = t.game.to_dict()
    t.click(t.scene.layout.pile.center)
    assert isinstance(t.app.top, Dialog)
    assert t.game.to_dict() == before


# -- staging ------------------------------------------------------------------------------
def test_sevens_with_a_wild_card_are_never_staged_in_modern():
    g = modern_sevens()
    err = staging_refusal(g, 0, [], of(g, "7C 7D 2C"), -1, after_drawing(g, 0))
    assert err is not None and err.key == "meld.no_wilds"
    g.apply(Draw())
    err = staging_refusal(g, 0, [], of(g, "7C 7D 2C"), -1)
    assert err is not None and refusal_text(err) == refusal_text(g.check(Meld([of(g, "7C 7D 2C")])))
    assert staging_refusal(g, 0, [], of(g, "7C 7D"), -1) is None, "a pair may wait for its third card"


def test_italian_stages_an_opening_only_before_the_draw():
    g = italian_fours()
    assert g.phase is Phase.OPEN
    assert staging_refusal(g, 0, [], of(g, "KH KD KS"), -1, after_drawing(g, 0)) is None
    g.apply(Draw())
    err = staging_refusal(g, 0, [], of(g, "KH KD KS"), -1)
    assert err is not None and err.key == "meld.open_before_draw"


def test_italian_four_four_joker_joker_is_red_without_more_fours():
    g = italian_fours()
    err = staging_refusal(g, 0, [], of(g, "4C 4D JK JK"), -1, after_drawing(g, 0))
    assert err is not None and err.key == "meld.ratio"


def test_the_new_meld_target_is_red_with_the_engines_reason_while_dragging(table):
    g = modern_sevens()
    t = table(g)
    t.click(t.scene.layout.stock.center)
    assert g.phase is Phase.MELD
    t.select("7C", "7D", "2C")
    start, end = t.card_pos("7C"), t.new_meld_pos()
    t.press(start)
    t.move(end)
    target = t.scene.drag.target_at(end)
    reason = refusal_text(g.check(Meld([of(g, "7C 7D 2C")])))
    assert target is not None and not target.legal and target.text == reason
    t.release(end)
    assert not t.scene.staged and t.told() == reason


def sevens_with_a_deuce() -> Game:
    """classic, the side already melded, 7♥ on an unfrozen pile: the hand's only way to
    take it is 7♣ with the wild 2♦."""
    return Game.scripted(VARIANTS["classic"],
                         hands=["7C 2D 4S 5H 9C JD KS", "5C 5D 6C 8C 8H 9S 10C", "5H 5S 6S 8D 9D 10D JC",
                                "4H 4D 10H 10S JH JS QH"],
                         melds={0: ["KH KD KC"]}, pile="4C 7H", pile_frozen=False, to_play=0)


def test_a_click_on_the_pile_offers_the_take_with_a_wild_card_when_it_is_the_only_one():
    g = sevens_with_a_deuce()
    legal = [a for a in g.legal_actions() if isinstance(a, TakePile)]
    assert legal and all(any(c.is_wild for c in a.cards) for a in legal), "only a take with the 2♦ is legal"
    plan = TableController(Session(g, "greedy", seed=1)).plan_take()
    assert plan.refusal is None
    assert [sorted(c.label for c in a.cards) for a in plan.options] == [["2D", "7C"]]


def test_clicking_the_pile_asks_and_takes_it_with_the_wild_card(table):
    t = table(sevens_with_a_deuce())
    t.click(t.scene.layout.pile.center)
    dialog = t.app.top
    assert isinstance(dialog, Dialog), "the click asks which cards instead of refusing"
    dialog.choose(0)
    t.settle()
    assert t.game.phase is Phase.MELD and Rank.SEVEN in t.game.melds[0]
    assert "7C" not in t.hand_labels() and "2D" not in t.hand_labels()
