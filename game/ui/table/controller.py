"""The table's logic, apart from its drawing: whose move, the human's intents turned into
engine actions (or refusals with the engine's reasons), the staging row, the computer
players' thinking, undo, and when to autosave.

Pure Python (no pygame), so it is tested by driving it directly against the engine. The
table scene turns mouse and keys into the intents here and draws what it reads back;
moves go through the scene's `_apply` only because their events become animation.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.ai import hints
from game.ai.facts import go_out_words, goes_out_now
from game.i18n import refusal_text, solo_key, tr
from game.rules import Game, Phase
from game.rules.actions import Action, AskGoOut, Discard, Meld, NextHand, PassPile, TakePile
from game.rules.cards import Card
from game.rules.errors import plays_alone
from game.rules.events import Event, GameWon, HandScored
from game.ui.shell.session import Session, Thought
from game.ui.shell.worker import Starter, on_a_thread
from game.ui.table import staging
from game.ui.table.advice import Advice, Verdict
from game.ui.table.move_log import MoveLog
from game.ui.table.staging import DRAWING, TakePlan, describe_take, plan_take
from game.ui.table.text import Tone, prompt_text, turn_text

# the phases a staging is confirmed in: melded at once, or with a take of the pile
STAGING_PHASES = (Phase.OPEN, Phase.DRAW, Phase.STOCK_END, Phase.MELD)
AI_PAUSE = 0.55  # normal-speed seconds before a computer move, so the eye can follow
MESSAGE_TIME = 5.0

Ident = tuple[int, int]


@dataclass(frozen=True)
class Notice:
    """A sentence in the panel, shown until `until` (a monotonic time)."""

    text: str
    tone: Tone
    until: float
    about: tuple | None = None  # the position it speaks about (a hint), when it goes with it


@dataclass(frozen=True)
class Refusal:
    """A move the engine (or the turn) refused: said beside where it was tried, until the
    next move, another refusal or a hint, or until the player dismisses it (its "Rule"
    link vanished after a few seconds, before it could be reached).

    `anchor` is where the scene showed it (a drop target); without one the scene places
    it by `action`."""

    key: str | None
    text: str
    action: Action | None
    anchor: Any


class TableController:
    def __init__(self, session: Session, busy: Callable[[], bool] = lambda: False,
                 clock: Callable[[], float] = time.monotonic, wake: Callable[[], None] | None = None) -> None:
        self.session = session
        self.wake = wake  # called on the worker thread once a computer move is ready
        self.autosaves = True  # False for the lesson: it is never saved, so the autosave is never touched
        self.busy = busy  # the drawing side says when cards are still moving
        self.clock = clock
        self.staged: list[list[Card]] = []
        self.selected: set[Ident] = set()
        self.version = 0  # bumped by every change of position
        self.message: Notice | None = None
        self.refusal: Refusal | None = None
        self.refusal_key: str | None = None  # the last refusal's (R opens its rule, even once it faded)
        self.on_refusal: Callable[[Refusal], None] | None = None
        self.hint_shown: tuple[Any, tuple] | None = None  # (Hint, position): until the position changes
        self.advice: Advice | None = None  # the human's position analysed, for hint and coach
        self.advice_start: Starter = on_a_thread  # how its work starts (a test runs it by hand)
        self.hint_wanted: int | None = None  # H was pressed at this version, the analysis runs
        self.hand_over_pending = False
        self.asked_partner = False  # the "may we go out?" question is open
        self.think = 0.0
        self.thought: Thought | None = None
        self.mover: int | None = None  # who made the last move (its animation may still run)
        self._legal: tuple[int, list[Action]] | None = None
        self._ready: tuple[tuple, bool] | None = None  # (version and staging, Confirm would be taken)
        # this hand's moves, saved with the game; a mark per undo snapshot
        self.log = MoveLog.from_saved(session.log)
        if not self.log and self.game.history:
            self.log.add(list(self.game.history), self.human, self.commitment())
        if session.game.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
            self.hand_over_pending = True

    # -- reading -------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def human(self) -> int:
        return self.session.human

    @property
    def human_side(self) -> int:
        return self.session.human_side

    def legal(self) -> list[Action]:
        """The engine's legal moves, asked once per position (the panel asks every frame)."""
        if self._legal is None or self._legal[0] != self.version:
            self._legal = (self.version, self.game.legal_actions())
        return self._legal[1]

    def my_turn(self) -> bool:
        """The human may act now: its turn, nothing moving, no hand-end sheet due."""
        return self.session.human_to_act() and not self.busy() and not self.hand_over_pending

    def stock_hot(self, dragging: bool = False) -> bool:
        return self.my_turn() and self.game.phase in (Phase.OPEN, Phase.DRAW) and not dragging

    def pile_hot(self, dragging: bool = False) -> bool:
        return (self.my_turn() and self.game.phase in DRAWING and not dragging
                and any(isinstance(a, TakePile) for a in self.legal()))

    def show_new_meld(self) -> bool:
        g = self.game
        return g.to_play == self.human and g.phase in (Phase.OPEN, Phase.DRAW, Phase.MELD)

    def turn_text(self) -> tuple[str, bool]:
        # while the last move's cards fly, it is still that player's turn for the eye
        return turn_text(self.game, self.human, self.mover if self.busy() else None)

    def prompt_text(self, keys: bool = False) -> str:
        return prompt_text(self.game, self.human, self.staged, keys)

    def staged_value(self) -> int:
        return staging.staged_value(self.game, self.staged)

    def current_hint(self) -> Any:
        if self.hint_shown is None or self.hint_shown[1] != self.position():
            return None
        return self.hint_shown[0]

    def position(self) -> tuple:
        """What a hint speaks about: the game's position and the melds staged on it (a
        meld staged since makes the hint's move stale)."""
        return self.version, tuple(tuple(c.identity for c in grp) for grp in self.staged)

    def staging_ready(self) -> bool:
        """The staged melds would be accepted now: Confirm glows only then (not while the
        staging is short of the minimum), also while the last cards still fly."""
        key = (self.version, tuple(tuple(c.identity for c in grp) for grp in self.staged), frozenset(self.selected))
        if self._ready is None or self._ready[0] != key:
            self._ready = (key, self._judge_staging())
        return self._ready[1]

    def _judge_staging(self) -> bool:
        g = self.game
        if not self.staged or not self.session.human_to_act() or self.hand_over_pending:
            return False
        if g.phase not in STAGING_PHASES:
            return False
        taking = g.phase in (Phase.DRAW, Phase.STOCK_END)  # as confirm() does: the take, else the meld
        action: Action | None = self.plan_take().action if taking else self.staged_meld()
        return action is not None and g.check(action) is None

    def button_state(self) -> dict[str, bool]:
        """Which of the panel's buttons may be pressed now."""
        g = self.game
        mine = self.my_turn()
        legal = self.legal() if mine else []
        return {
            # pressable to hear why not; gold ("ready") only when the engine would take it
            "confirm": bool(self.staged) and self.session.human_to_act() and g.phase in STAGING_PHASES,
            "confirm_ready": self.staging_ready(),
            "cancel": bool(self.staged) or bool(self.selected),
            "goout": mine and any(isinstance(a, AskGoOut) for a in legal),
            "pass": mine and any(isinstance(a, PassPile) for a in legal),
            "hint": mine,
            "undo": bool(self.session.snapshots),
        }

    # -- words ---------------------------------------------------------------------------
    def go_out_refusal(self) -> str | None:
        """Why "May I go out?" would be pointless now: the side cannot go out this turn
        (None when it can, or when asking is not a legal move at all)."""
        if not self.my_turn() or not any(isinstance(a, AskGoOut) for a in self.legal()):
            return None
        now = goes_out_now(self.game.view(self.human))
        if now.possible or now.refusal is None:
            return None
        return tr(solo_key(go_out_words(now.refusal), plays_alone(self.game.side_of, self.human)),
                  **dict(now.params))

    def say(self, text: str, tone: Tone = Tone.PLAIN, of_position: bool = False) -> None:
        """Put a sentence in the panel; `of_position`: it speaks about this position (a
        hint) and goes once a move is made or a meld staged."""
        self.message = Notice(text, tone, self.clock() + MESSAGE_TIME, self.position() if of_position else None)

    def message_now(self) -> Notice | None:
        m = self.message
        if m is not None and self.clock() < m.until and m.about in (None, self.position()):
            return m
        return None

    def refuse(self, key: str | None, text: str, action: Action | None = None, anchor: Any = None) -> None:
        """Say why not, beside the thing the player tried (with a link to the rule)."""
        self.say(text, Tone.REFUSAL)
        self.refusal = Refusal(key, text, action, anchor)
        self.refusal_key = key
        if self.on_refusal is not None:
            self.on_refusal(self.refusal)

    def refusal_now(self) -> Refusal | None:
        return self.refusal

    def dismiss_refusal(self) -> bool:
        """The player closed the refusal's box; False when none was shown."""
        shown, self.refusal = self.refusal is not None, None
        return shown

    def forget_words(self) -> None:
        """Said in the old language (or about the step before): drop them."""
        self.message = None
        self.refusal = None

    # -- moves ---------------------------------------------------------------------------
    def check(self, action: Action) -> tuple[str | None, str] | None:
        """Why the human may not make this move now (message key, sentence), or None."""
        if not self.session.human_to_act():
            # the engine would judge the move as the seat to play's ("already drawn")
            return None, tr("ui.reason.not_your_turn")
        err = self.game.check(action)
        if err is not None:
            return err.key, refusal_text(err)
        return None

    def apply(self, action: Action) -> list[Event]:
        """Make a move (the human's or a computer's); its events, for the animation."""
        s = self.session
        if s.practice:
            if isinstance(action, NextHand):
                s.snapshots.clear()  # undo reaches back within the hand
                s.log_marks.clear()
            elif self.game.to_play == s.human:
                s.snapshots.append(self.game.to_dict())
                s.log_marks.append(len(self.log))
        self.mover = self.game.to_play
        held = Counter(c.code for c in self.game.hands[self.human])
        self.hint_shown = None
        self.refusal = None  # a refused try is stale once a move is made (it showed into the next turn)
        events = s.apply(action)
        self.log.add(events, self.human, self.commitment())
        s.log = self.log.to_saved()
        self.version += 1
        hand_ids = {c.identity for c in self.game.hands[self.human]}
        if isinstance(action, Discard):
            self.staged = []  # a turn's staging does not outlive the turn
        # a move names cards by their face: with two decks the engine may play the other
        # copy of a selected card, which must not stay selected in the hand
        gone = held - Counter(c.code for c in self.game.hands[self.human])
        gone.subtract(code for code, _ in self.selected - hand_ids)
        self.selected &= hand_ids
        for ident in sorted(self.selected):
            if gone[ident[0]] > 0:
                gone[ident[0]] -= 1
                self.selected.discard(ident)
        self.staged = staging.still_in_hand(self.staged, hand_ids)
        if any(isinstance(e, (HandScored, GameWon)) for e in events):
            self.hand_over_pending = True
        self.think = AI_PAUSE
        return events

    def commitment(self) -> str:
        """The game's commitment, the move log's first line ("" for a game without a key)."""
        key = self.game.deal_key
        return "" if key is None else key.commitment

    def reset(self) -> None:
        """The position changed under the table (undo, the tutorial): start afresh."""
        self.staged = []
        self.selected.clear()
        self.refusal = None
        self.hint_shown = None
        self.hand_over_pending = self.game.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
        self.asked_partner = False
        self.mover = None
        self.think = AI_PAUSE
        self.version += 1
        self.session.unsaved = True

    def undo(self) -> bool:
        """Practice: take back the human's last move; False when there is none."""
        s = self.session
        if not s.practice:
            return False
        if not s.snapshots:
            self.say(tr("ui.undo.nothing"))
            return False
        s.game = Game.from_dict(s.snapshots.pop())
        if s.log_marks:
            self.log.truncate(s.log_marks.pop())
            s.log = self.log.to_saved()
        self.reset()
        self.say(tr("ui.undo.done"), Tone.ADVICE)
        return True

    def toggle_show_all(self) -> bool:
        """Practice: show every hand face up (or hide them again); False outside practice."""
        s = self.session
        if not s.practice:
            return False
        s.show_all = not s.show_all
        return True

    # -- the staging row -----------------------------------------------------------------
    def stage(self, cards: list[Card], group: int) -> tuple[str, str] | None:
        """Put cards in the staging row (`group` -1: as a new meld); (message key, the
        engine's sentence) when the staging could never be confirmed."""
        err = staging.staging_refusal(self.game, self.human, self.staged, cards, group,
                                      staging.after_drawing(self.game, self.human))
        if err is not None:
            return err.key, refusal_text(err)
        if group >= 0:
            self.staged[group].extend(cards)
        else:
            self.staged.append(list(cards))
        self.selected -= {c.identity for c in cards}
        return None

    def unstage(self, group: int) -> list[Card]:
        """A staged meld taken back into the hand."""
        return self.staged.pop(group)

    def clear_staging(self) -> None:
        self.staged = []
        self.selected.clear()

    def toggle_selected(self, card: Card) -> None:
        self.selected ^= {card.identity}

    def staged_meld(self) -> Meld | None:
        return Meld([list(grp) for grp in self.staged]) if self.staged else None

    def plan_take(self) -> TakePlan:
        """A click on the pile (or P): what it would do."""
        return plan_take(self.game, self.human, self.selected, self.staged)

    def describe_take(self, a: TakePile) -> str:
        return describe_take(self.game, a)

    # -- advice --------------------------------------------------------------------------
    def advice_now(self) -> Advice:
        """The analysis of the human's position now, started on a worker if need be."""
        adv = self.advice
        if adv is None or adv.stamp != self.version:
            adv = self.advice = Advice(self.game.view(self.human), self.version, self.wake,
                                       self.advice_start)
        return adv

    def coach_verdict(self, action: Action) -> Verdict | None:
        """Before a move of the human's in a coached game: the coach's verdict on it,
        worked out on a worker from the position's analysis (the coach starts that as
        the turn begins); None when no coach is watching."""
        if not self.session.coach or self.game.to_play != self.human:
            return None
        return Verdict(self.advice_now(), action, self.wake, self.advice_start)

    def prepare_advice(self) -> None:
        """In a coached game, the human's turn: start analysing the position, so the
        coach (and a hint) has it at hand when the move comes."""
        if self.session.coach and self.session.human_to_act():
            self.advice_now()

    def hint(self) -> Any:
        """The suggested move (shown until the position changes) when the analysis is
        ready; else None, with "thinking" said, and `hint_ready` gives it once it is."""
        if not self.session.human_to_act():
            self.say(tr("ui.hint.not_your_turn"))
            return None
        adv = self.advice_now()
        if adv.done():
            return self._show_hint(adv)
        self.hint_wanted = self.version
        self.say(tr("ui.hint.thinking"))
        return None

    def hint_ready(self) -> Any:
        """The hint asked for, once its analysis is done (called each frame), else None."""
        adv = self.advice
        if self.hint_wanted != self.version or adv is None or adv.stamp != self.version \
                or not adv.done():
            return None
        self.hint_wanted = None
        return self._show_hint(adv)

    def _show_hint(self, adv: Advice) -> Any:
        judged = adv.analysis()
        if judged is None:
            self.say(tr("ui.hint.failed", error=adv.error or ""))
            return None
        try:
            h = hints.advise(judged)
        except Exception as exc:  # noqa: BLE001 - a hint must never cost the game
            self.say(tr("ui.hint.failed", error=str(exc)))
            return None
        self.hint_shown = (h, self.position())
        self.refusal = None
        return h

    # -- time passing --------------------------------------------------------------------
    def settled(self) -> None:
        """The animation is over: the move just made goes to disk now (writing while cards
        fly made frames stutter)."""
        s = self.session
        if s.unsaved and not self.autosaves:
            s.unsaved = False  # the lesson: nothing is written
        if s.unsaved:
            s.autosave()
            if s.save_warning:
                self.say(s.save_warning, Tone.REFUSAL)
                s.save_warning = None

    def computer_move(self, elapsed: float, instant: bool) -> Action | None:
        """A computer player's move once it is worked out and the pause is over, else None.

        Thinking runs on a worker thread and overlaps the pause that lets the human follow
        the play; `elapsed` is the pause time gone by (scaled by the animation speed)."""
        job = self.thought
        if job is not None and job.stamp != self.version:
            if not job.done():
                return None  # one player never thinks on two threads at once
            job = None
        if job is None:
            job = self.thought = self.session.think(self.version, on_done=self.wake)
        self.think -= elapsed
        if self.think > 0 or not (job.done() or instant):
            return None
        self.thought = None
        return job.result()

    def update_due(self) -> bool:
        """Would time passing change anything here (ignoring the animation)? A computer
        player still thinking does not: its worker wakes the loop when the move is ready."""
        if self.session.unsaved or self.hand_over_pending:
            return True
        if self.hint_wanted == self.version and self.advice is not None and self.advice.done():
            return True
        if self.session.ai_to_act():
            job = self.thought
            # the pause before a decided move is a timer (the table's next_frame_in), not frames
            return job is None or (job.done() and (self.think <= 0 or job.stamp != self.version))
        return self.partner_question_due()

    def next_change_in(self) -> float | None:
        """Seconds until a word on the table goes away by itself (None: none is shown)."""
        now = self.clock()
        if self.message is not None and self.message.until > now:
            return self.message.until - now  # the panel drops it then
        return None

    def partner_question_due(self) -> bool:
        """The partner asked to go out and the human has not been asked yet."""
        g = self.game
        return g.phase is Phase.ASK_PARTNER and g.to_play == self.human and not self.asked_partner

    def asker(self) -> int:
        g = self.game
        return g.asker if g.asker is not None else (self.human + 2) % 4
