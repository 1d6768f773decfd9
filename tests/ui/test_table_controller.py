"""The table's logic without a window: the controller driven directly against the engine."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from game.i18n import refusal_text, tr
from game.rules import VARIANTS, Game, Phase, Rank
from game.rules.actions import Discard, Draw, TakePile
from game.ui.shell.session import Session
from game.ui.table.controller import AI_PAUSE, MESSAGE_TIME, TableController
from game.ui.table.text import Tone

ROOT = Path(__file__).resolve().parents[2]
PURE = ["game/ui/table/controller.py", "game/ui/table/staging.py", "game/ui/table/text.py", "game/ui/shell/session.py"]

OTHERS = ["5C 5D 6C 6D 7H 7S 8C 9C 10C JC QC",
          "5H 5S 6S 7C 7D 9S 10D JD QD KC 4D",
          "4H 4S 10H 10S JH JS QH QS 9H 7H 5H"]


def classic(me: str, melds=None, pile: str = "4C 5D 8H", stock: str = "6D 10S 4H", to_play: int = 0) -> Game:
    return Game.scripted(VARIANTS["classic"], hands=[me, *OTHERS], stock=stock, pile=pile,
                         melds=melds, to_play=to_play)


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def controller(game: Game, practice: bool = False) -> TableController:
    s = Session(game, "greedy", seed=3)
    s.practice = practice
    return TableController(s, clock=Clock())


def cards(ctl: TableController, labels: str) -> list:
    want = labels.split()
    out = []
    for c in ctl.game.hands[ctl.human]:
        if c.label in want:
            want.remove(c.label)
            out.append(c)
    assert not want, f"not in the hand: {want}"
    return out


# -- no pygame ------------------------------------------------------------------------------
def test_the_controller_modules_never_import_pygame():
    for rel in PURE:
        tree = ast.parse((ROOT / rel).read_text(encoding="utf-8"))
        names = [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
        names += [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
        assert not [n for n in names if n.split(".")[0] in ("pygame", "pygame_gui")], rel
    code = ("import sys; import game.ui.table.controller, game.ui.table.staging, game.ui.table.text; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'pygame_gui')))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", "importing the controller pulled in pygame"


# -- moves and turns ----------------------------------------------------------------------
def test_a_move_of_the_human_is_checked_then_applied():
    ctl = controller(classic("KH KD KS AH AD AS 9D 4C 8S 8D 6H"))
    assert ctl.my_turn() and ctl.stock_hot() and ctl.turn_text() == (tr("ui.turn.yours"), True)
    assert ctl.check(Draw()) is None
    v = ctl.version
    ctl.apply(Draw())
    assert ctl.version == v + 1 and ctl.game.phase is Phase.MELD
    key, text = ctl.check(Draw())
    assert key == "turn.already_drawn" and text == refusal_text(ctl.game.check(Draw()))
    assert ctl.think == AI_PAUSE, "the next computer move waits for the eye"


def test_moves_out_of_turn_are_refused_as_not_yours():
    ctl = controller(classic("KH KD KS AH AD AS 9D 4C 8S 8D 6H", to_play=1))
    assert not ctl.my_turn()
    assert ctl.check(Draw()) == (None, tr("ui.reason.not_your_turn"))
    assert ctl.prompt_text() == tr("ui.prompt.watch")


def test_the_table_waits_while_cards_move():
    moving = [True]
    s = Session(classic("KH KD KS AH AD AS 9D 4C 8S 8D 6H"), "greedy", seed=3)
    ctl = TableController(s, busy=lambda: moving[0])
    assert not ctl.my_turn() and not ctl.pile_hot()
    moving[0] = False
    assert ctl.my_turn()


def test_a_computer_move_comes_after_the_pause_and_is_dropped_when_the_position_changes():
    ctl = controller(classic("KH KD KS AH AD AS 9D 4C 8S 8D 6H", to_play=1))
    ctl.think = AI_PAUSE
    assert ctl.computer_move(0.1, instant=False) is None, "still pausing"
    first = ctl.thought
    assert first is not None
    first.result()  # let the worker finish
    ctl.reset()  # what undo and the lesson do
    assert ctl.computer_move(0.0, instant=False) is None
    assert ctl.thought is not first and ctl.thought.stamp == ctl.version
    action = None
    for _ in range(100):
        action = ctl.computer_move(1.0, instant=False)
        if action is not None:
            break
        ctl.thought.result()
    assert action is not None and ctl.game.check(action) is None
    ctl.apply(action)
    assert ctl.game.to_play == 1 and ctl.game.phase is Phase.MELD


def test_the_hand_end_sheet_is_due_when_the_hand_is_scored():
    ctl = controller(classic("QH QD QS", melds={0: ["9S 9C 9H 9D 2C JK 2S"]}, stock="4C"))
    ctl.apply(Draw())
    assert ctl.stage(cards(ctl, "QH QD QS"), -1) is None
    ctl.apply(ctl.staged_meld())
    assert ctl.staged == []
    assert not ctl.hand_over_pending
    ctl.apply(Discard(cards(ctl, "4C")[0]))
    assert ctl.hand_over_pending and ctl.game.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
    assert not ctl.my_turn()


# -- staging ------------------------------------------------------------------------------
def test_staging_an_opening_and_confirming_it():
    ctl = controller(classic("KH KD KS AH AD AS 9D 4C 8S 8D 6H"))
    ctl.apply(Draw())
    ctl.selected |= {c.identity for c in cards(ctl, "KH KD")}
    assert ctl.stage(cards(ctl, "KH KD KS"), -1) is None
    assert not ctl.selected, "staged cards are no longer selected"
    assert ctl.stage(cards(ctl, "AH AD"), -1) is None
    assert ctl.stage(cards(ctl, "AS"), 1) is None
    assert [len(g) for g in ctl.staged] == [3, 3]
    assert ctl.prompt_text() == tr("ui.prompt.confirm_opening", value=ctl.staged_value(), minimum=50)
    assert ctl.button_state()["confirm"] and not ctl.game.melds[0], "staging never touches the engine"
    ctl.apply(ctl.staged_meld())
    assert set(ctl.game.melds[0]) == {Rank.KING, Rank.ACE} and ctl.staged == []


def test_a_group_that_can_never_be_a_meld_is_not_staged():
    ctl = controller(classic("KH KD KS AH AD AS 9D 4C 8S 8D 6H"))
    assert ctl.stage(cards(ctl, "KH AH"), -1) == ("meld.one_rank", tr("meld.one_rank"))
    assert ctl.staged == []


def test_a_discard_ends_the_turns_staging():
    ctl = controller(classic("KH KD KS AH AD AS 9D 4C 8S 8D 6H"))
    ctl.apply(Draw())
    ctl.stage(cards(ctl, "KH KD"), -1)
    ctl.apply(Discard(cards(ctl, "4C")[0]))
    assert ctl.staged == []


# -- the pile -----------------------------------------------------------------------------
def test_a_click_on_the_pile_with_one_way_to_take_it_takes_it():
    ctl = controller(classic("KH KD 9D AH AD AS 7D 4C 8S 8D 6H", melds={0: ["9S 9C 9H"]}))
    plan = ctl.plan_take()
    assert isinstance(plan.action, TakePile) and not plan.options and plan.refusal is None
    assert ctl.check(plan.action) is None


def test_an_empty_pile_is_refused_with_the_reason():
    ctl = controller(classic("KH KD 9D AH AD AS 7D 4C 8S 8D 6H", pile=""))
    plan = ctl.plan_take()
    assert plan.refusal == ("pile.empty", tr("pile.empty"))


# -- words --------------------------------------------------------------------------------
def test_a_refusal_is_said_and_stays_until_dismissed_or_the_next_move():
    ctl = controller(classic("KH KD 9D AH AD AS 7D 4C 8S 8D 6H"))
    heard = []
    ctl.on_refusal = heard.append
    ctl.refuse("turn.draw_first", tr("turn.draw_first"), Discard(cards(ctl, "7D")[0]))
    assert heard and heard[0].key == "turn.draw_first"
    note = ctl.message_now()
    assert note.text == tr("turn.draw_first") and note.tone is Tone.REFUSAL
    ctl.clock.now += MESSAGE_TIME + 60
    assert ctl.message_now() is None, "the panel's sentence goes"
    assert ctl.refusal_now() is not None, "the box (and its Rule link) stays until dismissed"
    assert ctl.dismiss_refusal() and ctl.refusal_now() is None and not ctl.dismiss_refusal()
    assert ctl.refusal_key == "turn.draw_first", "R still opens the rule of the last refusal"


# -- practice -----------------------------------------------------------------------------
def test_undo_takes_back_the_humans_move():
    ctl = controller(classic("KH KD KS AH AD AS 9D 4C 8S 8D 6H"), practice=True)
    before = ctl.game.to_dict()
    ctl.apply(Draw())
    assert ctl.button_state()["undo"]
    assert ctl.undo()
    assert ctl.game.to_dict() == before and ctl.session.unsaved
    assert not ctl.undo() and ctl.message_now().text == tr("ui.undo.nothing")


def test_the_autosave_is_written_once_the_move_has_landed(tmp_path, monkeypatch):
    monkeypatch.setenv("CANASTA_HOME", str(tmp_path / "home"))
    from game.ui.shell.session import flush_saves
    from saves.store import has_autosave

    ctl = controller(classic("KH KD KS AH AD AS 9D 4C 8S 8D 6H"))
    ctl.apply(Draw())
    assert ctl.session.unsaved
    ctl.settled()
    flush_saves()
    assert not ctl.session.unsaved and has_autosave()


def test_a_move_clears_a_refusal_left_from_before_it():
    ctl = controller(classic("KH KD 9D AH AD AS 7D 4C 8S 8D 6H"))
    ctl.refuse("turn.draw_first", tr("turn.draw_first"))
    ctl.apply(Draw())
    assert ctl.refusal_now() is None


def test_the_prompt_says_how_many_cards_a_draw_takes():
    ctl = controller(classic("KH KD 9D AH AD AS 7D 4C 8S 8D 6H"))
    assert ctl.prompt_text() == tr("ui.prompt.draw")
    g = Game.scripted(VARIANTS["classic-3p"], hands=["KH KD 9D AH AD AS 7D 4C 8S 8D 6H", OTHERS[0], OTHERS[1]],
                      to_play=0)
    assert controller(g).prompt_text() == tr("ui.prompt.draw_two")


def test_the_turn_passes_for_the_eye_once_the_discard_has_landed():
    moving = [False]
    s = Session(classic("KH KD 9D AH AD AS 7D 4C 8S 8D 6H", to_play=3), "greedy", seed=3)
    ctl = TableController(s, busy=lambda: moving[0])
    ctl.apply(Draw())
    ctl.apply(Discard(next(c for c in ctl.game.hands[3] if not c.is_wild and not c.is_three)))
    assert ctl.game.to_play == 0
    moving[0] = True  # East's discard is still in the air
    assert ctl.turn_text() == (tr("ui.turn.other", name=tr("ui.seat.east")), False)
    moving[0] = False
    assert ctl.turn_text() == (tr("ui.turn.yours"), True)


def test_every_variant_asks_for_as_many_cards_as_its_draw_takes():
    for name, rules in VARIANTS.items():
        g = Game.new(rules, seed=4)
        while g.to_play != 0 or g.phase is not Phase.DRAW:
            if g.phase is Phase.OPEN and g.to_play == 0:
                break
            g.apply(next(a for a in g.legal_actions() if isinstance(a, (Draw, Discard))))
        if g.phase is Phase.OPEN:  # italian: open first or draw; the prompt names the draw too
            assert "two" in tr("ui.prompt.open") and rules.draw_count == 2
            g.apply(Draw())
            continue
        want = "ui.prompt.draw_two" if rules.draw_count == 2 else "ui.prompt.draw"
        assert controller(g).prompt_text() == tr(want), name


def test_a_card_whose_twin_the_move_played_does_not_stay_selected():
    # the pile is taken with "a pair of kings" named by face: the engine may play the
    # other deck's copy of the king selected; the copy left in the hand is not selected
    ctl = controller(classic("KH KD KD 9D AH AD AS 7D 4C 8S 6H", pile="4C 5D KS"))
    take = next(a for a in ctl.game.legal_actions()
                if isinstance(a, TakePile) and sorted(c.label for c in a.cards) == ["KD", "KH"])
    trial = ctl.game.copy()
    trial.apply(take)
    left = next(c.identity for c in trial.hands[0] if c.label == "KD")
    ctl.selected = {cards(ctl, "KH")[0].identity, left}  # what the player picked
    ctl.apply(take)
    assert ctl.game.phase is Phase.MELD and left in {c.identity for c in ctl.game.hands[0]}
    assert ctl.selected == set()


def test_confirm_is_offered_only_for_a_staging_the_engine_would_take():
    """Kings (30) staged alone are short of the opening minimum (50): Confirm is not the
    gold go-ahead; with the aces added (90) it is, even while cards are still flying."""
    flying = [False]
    g = classic("KH KD KS AH AD AC 5S 6H 7C 9D JS")
    g.apply(Draw())
    ctl = TableController(Session(g, "greedy", seed=3), busy=lambda: flying[0])
    hand = {c.label: c for c in g.hands[0]}
    assert ctl.stage([hand["KH"], hand["KD"], hand["KS"]], -1) is None
    state = ctl.button_state()
    assert state["confirm"] and not state["confirm_ready"], "30 of 50: pressable (to hear why), not gold"
    assert ctl.stage([hand["AH"], hand["AD"], hand["AC"]], -1) is None
    flying[0] = True
    state = ctl.button_state()
    assert state["confirm"] and state["confirm_ready"], "a valid opening: gold and pressable at once"
