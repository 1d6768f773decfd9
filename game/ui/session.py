"""One game being played at the table: the engine, the computer players and the saves.

Pure Python (no pygame) so it can be tested and reasoned about apart from the drawing.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from game.rules import Game, Phase
from game.rules.actions import Action, AnswerGoOut
from game.rules.events import Event
from game.rules.ruleset import RuleSet

logger = logging.getLogger("canasta.ui")

PREFERRED_LEVELS = ("easy", "normal", "hard")
HUMAN = 0


def ai_levels() -> list[str]:
    """The strengths to offer: the heuristic levels once they are registered, else the
    baseline players that exist today."""
    import game.ai  # noqa: F401 - registers the players
    from game.ai.base import REGISTRY

    levels = [lv for lv in PREFERRED_LEVELS if lv in REGISTRY]
    if levels:
        return levels
    return [n for n in ("greedy", "random") if n in REGISTRY] or sorted(REGISTRY)


def resolve_level(level: str) -> str:
    from game.ai.base import REGISTRY

    levels = ai_levels()
    if level in REGISTRY:
        return level
    return "normal" if "normal" in levels else levels[0]


def house_options_for(rules: RuleSet) -> dict[str, tuple[Any, ...]]:
    """The house-rule options that change something in this variant (the New-game form
    offers these, and a new game keeps only these)."""
    from game.rules.ruleset import offered_house_options

    return offered_house_options(rules)


def _store():
    try:
        from saves import store  # type: ignore[import-not-found]
    except Exception:  # noqa: BLE001 - saves is written in parallel; play on without it
        return None
    return store if hasattr(store, "autosave") else None


_writer: dict[str, Any] = {}


def _autosave_writer(store):
    """One background writer per process: an autosave's fsyncs cost more than a frame."""
    w = _writer.get("w")
    if w is None and hasattr(store, "AutosaveWriter"):
        w = _writer["w"] = store.AutosaveWriter()
    return w


def flush_saves() -> None:
    """At quit: wait until the last autosave is on disk."""
    from saves.stats import flush_stats

    flush_stats()
    w = _writer.pop("w", None)
    if w is not None:
        try:
            w.close()
        except Exception as exc:  # noqa: BLE001
            logger.warning("Autosave not flushed: %s", exc)


def has_autosave() -> bool:
    store = _store()
    if store is None:
        return False
    w = _writer.get("w")
    if w is not None:
        w.flush()  # a write still on its way counts: the question must not miss it
    try:
        return bool(store.has_autosave())
    except Exception:  # noqa: BLE001
        return False


class Session:
    def __init__(self, game: Game, level: str, seed: int = 0, human: int = HUMAN) -> None:
        from game.ai import make_player

        self.game = game
        self.level = resolve_level(level)
        self.seed = seed
        self.human = human
        self.players = {s: make_player(self.level, seed + s)
                        for s in range(game.players) if s != human}
        self.save_warning: str | None = None
        self.unsaved = False
        # learning: a practice game may undo the human's moves and show every hand; the
        # coach warns before clear mistakes
        self.practice = False
        self.coach = False
        self.show_all = False
        self.snapshots: list[dict[str, Any]] = []  # Game.to_dict() before each human move
        # games begun from the menu (and resumed) count in the statistics; the tutorial,
        # practice games and replayed deals do not
        self.counts_in_stats = False
        self.autosaves = True  # a replayed deal leaves the game it came from saved
        self.log: list[dict[str, Any]] = []  # this hand's move log (table's MoveLog), saved with the game

    @classmethod
    def new(cls, rules: RuleSet, level: str, seed: int) -> Session:
        s = cls(Game.new(rules, seed=seed), level, seed)
        s.counts_in_stats = True
        return s

    @classmethod
    def resume(cls) -> Session | None:
        store = _store()
        if store is None or not store.has_autosave():
            return None
        loaded = store.load_autosave()
        if loaded is None:
            return None
        return cls.from_loaded(loaded)

    @classmethod
    def from_loaded(cls, loaded: Any, coach_default: bool = True) -> Session:
        """A session for a game read from a save (the autosave or a named slot)."""
        extra = dict(loaded.extra or {})
        try:
            seed = int(extra.get("seed", 0))
            human = int(extra.get("human_seat", HUMAN))
        except (TypeError, ValueError):
            seed, human = 0, HUMAN
        if not 0 <= human < loaded.game.players:
            human = HUMAN
        s = cls(loaded.game, str(extra.get("ai_level", "greedy")), seed, human)
        s.save_warning = loaded.warning
        s.practice = extra.get("practice") is True
        s.coach = s.practice and bool(extra.get("coach", coach_default))
        s.counts_in_stats = extra.get("counted") is not False
        log = extra.get("log")
        s.log = list(log) if isinstance(log, list) else []  # each line is checked as it is read
        return s

    # -- whose move --------------------------------------------------------------
    @property
    def human_side(self) -> int:
        """The meld owner the human plays for (cut-throat: the partnership once formed)."""
        return self.game.side_of_seat(self.human)

    @property
    def human_unit(self) -> int:
        """The human's index in the scores: their partnership in 4p, themselves otherwise
        (a cut-throat partner keeps their own total)."""
        return self.human % 2 if self.game.rules.partnerships else self.human

    def human_to_act(self) -> bool:
        g = self.game
        return g.to_play == self.human and g.phase not in (Phase.HAND_OVER, Phase.GAME_OVER)

    def ai_to_act(self) -> bool:
        g = self.game
        return g.to_play != self.human and g.phase not in (Phase.HAND_OVER, Phase.GAME_OVER)

    def think(self, stamp: int, on_done: Callable[[], None] | None = None) -> Thought:
        """Start the computer player to move working out its move on a worker thread;
        `on_done` is called on that thread once the move is ready (the table uses it to
        wake a sleeping UI loop)."""
        g = self.game
        seat = g.to_play
        return Thought(self.players[seat], g.view(seat), g.phase is Phase.ASK_PARTNER, stamp, on_done)

    # -- moves -------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        events = self.game.apply(action)
        if self.counts_in_stats and not self.practice:
            self.note_stats(events)
        # saved by the table once the move's animation is over (see TableScene.update):
        # writing while cards fly made frames stutter
        self.unsaved = True
        return events

    def note_stats(self, events: list[Event]) -> None:
        from saves.stats import record_events

        def warn(problem: str) -> None:  # on the writer thread: the table shows it next frame
            self.save_warning = problem

        record_events(self.game, events, f"{self.game.rules.name}:{self.seed}", self.level,
                      self.human, warn)

    def extra(self) -> dict[str, Any]:
        out: dict[str, Any] = {"human_seat": self.human, "ai_level": self.level, "seed": self.seed,
                               "variant": self.game.rules.name}
        if not self.counts_in_stats:
            out["counted"] = False
        if self.log:
            out["log"] = self.log
        if self.practice:
            out["practice"] = True
            out["coach"] = self.coach
        return out

    def autosave(self) -> None:
        self.unsaved = False
        store = _store()
        if store is None or not self.autosaves:
            return
        writer = _autosave_writer(store)
        try:
            if writer is None:
                if self.game.is_over:
                    store.clear_autosave()
                else:
                    store.autosave(self.game, self.extra())
            elif self.game.is_over:
                writer.clear()
            else:
                writer.submit(self.game, self.extra())
                if writer.last_error is not None:
                    self.save_warning = writer.last_error.message
        except Exception as exc:  # noqa: BLE001 - a full disk must not end the game
            self.save_warning = str(getattr(exc, "message", exc))
            logger.warning("Autosave failed: %s", exc)


class Thought:
    """A computer player's move being worked out off the UI thread, so the table keeps
    drawing while `hard` samples (it may think for 0.4 s). The player sees only the view
    taken when it started; `stamp` lets the table drop a move for a position that has
    since changed under it (undo, the tutorial)."""

    def __init__(self, player: Any, view: Any, answering: bool, stamp: int,
                 on_done: Callable[[], None] | None = None) -> None:
        self.stamp = stamp
        self._on_done = on_done
        self._player = player
        self._view = view
        self._answering = answering
        self._action: Action | None = None
        self._error: BaseException | None = None
        self._finished = threading.Event()
        # a daemon: closing the window while a player thinks must not wait for it
        threading.Thread(target=self._run, name="canasta-ai", daemon=True).start()

    def _run(self) -> None:
        try:
            if self._answering:
                self._action = AnswerGoOut(bool(self._player.answer_go_out(self._view)))
            else:
                self._action = self._player.choose(self._view)
        except BaseException as exc:  # noqa: BLE001 - handed to the UI thread by result()
            self._error = exc
        finally:
            self._finished.set()
            if self._on_done is not None:
                self._on_done()

    def done(self) -> bool:
        return self._finished.is_set()

    def result(self) -> Action:
        """The move (waiting for it if need be); a player's exception is raised here."""
        self._finished.wait()
        if self._error is not None:
            raise self._error
        assert self._action is not None
        return self._action
