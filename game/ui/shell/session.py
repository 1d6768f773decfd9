"""One game being played at the table: the engine, the computer players and the saves.

Pure Python (no pygame) so it can be tested and reasoned about apart from the drawing.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from game.ai.base import Player, act
from game.ai.review import HandRecord, record_of
from game.rules import Game, GameStateError, Phase
from game.rules.actions import Action, NextHand, action_from_dict
from game.rules.deal import DealKey
from game.rules.events import Event
from game.rules.ruleset import RuleSet
from game.rules.view import PlayerView
from game.ui.shell.worker import Background

logger = logging.getLogger("canasta.ui")

PREFERRED_LEVELS = ("easy", "normal", "hard")
HUMAN = 0
# the take-backs a save keeps of a practice hand (each a whole position, ~10 KB: the
# newest 30 keep a save well under the loader's 1 MB)
UNDO_SAVED = 30


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


def _now() -> str:
    """The moment, as a game record writes it (ISO 8601, UTC, to the second)."""
    from datetime import UTC, datetime

    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def flush_saves() -> None:
    """At quit: wait until the last autosave and statistics are on disk."""
    from saves.stats import flush_stats
    from saves.store import close_autosave_writer

    flush_stats()
    close_autosave_writer()


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
        self.log_marks: list[int] = []  # the move log's length at each snapshot (undo cuts it back)
        # games begun from the menu (and resumed) count in the statistics; the tutorial,
        # practice games and replayed deals do not
        self.counts_in_stats = False
        self.autosaves = True  # a replayed deal leaves the game it came from saved
        self.replay_of: int | None = None  # the hand whose deal this table plays again (marked so)
        self.log: list[dict[str, Any]] = []  # this hand's move log (table's MoveLog), saved with the game
        # for the hand review (game/ai/review.py): this hand's moves so far and the game's
        # finished hands, saved with the game; `_marks` follows `snapshots` (practice undo)
        self.moves: list[Action] = []
        self.hands: list[HandRecord] = []
        self._marks: list[int] = []
        # the game's record (game/rules/record.py): when it began, the review ratings by hand,
        # and its file in Past games once it is archived
        self.started = _now()
        self.ratings: dict[int, list[dict[str, Any]]] = {}
        self.archived: str | None = None

    @classmethod
    def new(cls, rules: RuleSet, level: str, seed: int, key: DealKey | None = None) -> Session:
        """A game from the menu: its cards from `key` (a fresh one when None)."""
        s = cls(Game.new(rules, seed=seed, deal_key=key or DealKey.fresh()), level, seed)
        s.counts_in_stats = True
        return s

    @classmethod
    def resume(cls) -> Session | None:
        from saves import store

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
        s.load_review(extra.get("review"))
        if s.practice:
            s.load_undo(extra.get("undo"))
        if isinstance(extra.get("started"), str):
            s.started = extra["started"]
        ratings = extra.get("ratings")
        if isinstance(ratings, dict):
            s.ratings = {int(k): v for k, v in ratings.items() if str(k).isdigit() and isinstance(v, list)}
        return s

    # -- the hand review's record ----------------------------------------------------
    def load_review(self, data: Any) -> None:
        """The finished hands and this hand's moves from a save (save format 3; older
        saves have none). A damaged entry costs its review only, never the game."""
        if not isinstance(data, dict):
            return
        hands = data.get("hands")
        if isinstance(hands, list):
            self.hands = [r for r in map(HandRecord.from_dict, hands) if r is not None]
        moves = data.get("moves")
        if data.get("hand") == self.game.hand_number and isinstance(moves, list):
            try:
                self.moves = [action_from_dict(m) for m in moves]
            except (ValueError, TypeError, AttributeError):
                self.moves = []

    def review_extra(self) -> dict[str, Any]:
        self._follow_undo(0)
        return {"hands": [r.to_dict() for r in self.hands], "hand": self.game.hand_number,
                "moves": [a.to_dict() for a in self.moves]}

    def replay_badge(self) -> str:
        """The table's mark for a deal played again ("" for any other game)."""
        from game.i18n import tr

        return "" if self.replay_of is None else tr("ui.replay.badge", number=self.replay_of)

    # -- practice undo, kept through a save --------------------------------------------
    def undo_extra(self) -> dict[str, Any]:
        """The latest take-backs of this hand for the save (save format 4): a saved and
        continued practice game undoes as it did before it was saved."""
        self._follow_undo(0)
        return {"hand": self.game.hand_number, "snapshots": self.snapshots[-UNDO_SAVED:],
                "marks": self._marks[-UNDO_SAVED:], "log_marks": self.log_marks[-UNDO_SAVED:]}

    def load_undo(self, data: Any) -> None:
        """The take-backs from a save (older saves have none). Anything that does not fit
        this game and hand costs the undo only, never the game."""
        if not isinstance(data, dict) or data.get("hand") != self.game.hand_number:
            return
        snapshots, marks, log_marks = data.get("snapshots"), data.get("marks"), data.get("log_marks")
        if not (isinstance(snapshots, list) and isinstance(marks, list) and isinstance(log_marks, list)):
            return

        def counts(values: list[Any], most: int) -> bool:
            return all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= most for v in values)

        if len(marks) > len(snapshots) or len(log_marks) > len(snapshots) or \
                not counts(marks, len(self.moves)) or not counts(log_marks, len(self.log)):
            return
        try:
            for snap in snapshots:
                Game.from_dict(snap)
        except (GameStateError, TypeError, ValueError, KeyError, AttributeError):
            return
        self.snapshots, self._marks, self.log_marks = list(snapshots), list(marks), list(log_marks)

    def _follow_undo(self, pending: int) -> None:
        """Practice undo pops `snapshots` (one per human move, taken before it): drop
        the moves it took back. `pending`: a snapshot just taken for the move being made."""
        while len(self._marks) + pending > len(self.snapshots) and self._marks:
            del self.moves[self._marks.pop():]

    def record_move(self, action: Action) -> None:
        """Before a move is applied: forget the moves an undo took back, and mark where
        this one goes (`apply` appends it once the engine has taken it)."""
        if isinstance(action, NextHand):
            self.moves, self._marks = [], []
            return
        human_snapshot = self.practice and self.game.to_play == self.human
        self._follow_undo(1 if human_snapshot else 0)
        if human_snapshot:
            self._marks.append(len(self.moves))

    def finish_hand(self) -> None:
        """The hand just ended: keep its record for the review."""
        rec = record_of(self.game, self.moves, self.human)
        if rec is not None:  # (a practice hand played on after an undo replaces its record)
            self.hands = [r for r in self.hands if r.hand != rec.hand] + [rec]

    def hand_record(self, hand: int | None = None) -> HandRecord | None:
        """The record of hand number `hand` (default: the one just finished)."""
        n = self.game.hand_number if hand is None else hand
        return next((r for r in self.hands if r.hand == n), None)

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
        return Thought(self.players[seat], g.view(seat), stamp, on_done)

    # -- moves -------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        self.record_move(action)
        events = self.game.apply(action)
        if not isinstance(action, NextHand):
            self.moves.append(action)
        if self.game.phase in (Phase.HAND_OVER, Phase.GAME_OVER) and not isinstance(action, NextHand):
            self.finish_hand()
            if self.game.is_over and self.counts_in_stats and not self.practice:
                self.archive_game()
        if self.counts_in_stats and not self.practice:
            self.note_stats(events)
        # saved by the table once the move's animation is over (see TableScene.update):
        # writing while cards fly made frames stutter
        self.unsaved = True
        return events

    def archive_game(self) -> None:
        """Keep the finished game's record in Past games (the table says when it cannot)."""
        from game.rules.record import GameInfo, build_record
        from saves.archive import add_game
        from saves.messages import SaveError
        from saves.settings import load_settings

        g = self.game
        if g.deal_key is None:
            return  # a game saved before deals had keys: its first hands cannot be dealt again
        info = GameInfo(g.rules, g.deal_key, self.human, self.level, self.started, _now(), self.ratings)
        try:
            self.archived = add_game(build_record(info, self.hands), load_settings().archive_games)
        except ValueError as exc:  # a game resumed from a save that lacks its first hands
            logger.info("game not archived: %s", exc)
        except SaveError as exc:
            self.save_warning = exc.message

    def note_review(self, hand: int, decisions: list[Any]) -> None:
        """A hand's review is done: keep its ratings with the game (and its record)."""
        from game.rules.record import ratings_of

        self.ratings[hand] = ratings_of(decisions)
        if self.archived is not None:
            from saves.archive import set_ratings
            from saves.messages import SaveError

            try:
                set_ratings(self.archived, hand, self.ratings[hand])
            except SaveError as exc:
                self.save_warning = exc.message

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
        out["review"] = self.review_extra()
        out["started"] = self.started
        if self.ratings:
            out["ratings"] = {str(k): v for k, v in self.ratings.items()}
        if self.practice:
            out["practice"] = True
            out["coach"] = self.coach
            if self.snapshots:
                out["undo"] = self.undo_extra()
        return out

    def autosave(self) -> None:
        self.unsaved = False
        if not self.autosaves:
            return
        from saves.store import SaveError, autosave_writer

        writer = autosave_writer()
        if self.game.is_over:
            writer.clear()
            return
        try:
            writer.submit(self.game, self.extra())
        except SaveError as exc:  # the game plays on; the table shows why it is not saved
            self.save_warning = exc.message
            logger.warning("Autosave failed: %s", exc)
            return
        if writer.last_error is not None:
            self.save_warning = writer.last_error.message


class Thought(Background):
    """A computer player's move being worked out off the UI thread, so the table keeps
    drawing while `hard` samples (up to its wall-clock cap, 1.5 s). The player sees only the view
    taken when it started; `stamp` lets the table drop a move for a position that has
    since changed under it (undo, the tutorial)."""

    def __init__(self, player: Player, view: PlayerView, stamp: int,
                 on_done: Callable[[], None] | None = None) -> None:
        super().__init__(on_done)
        self.stamp = stamp
        self._player = player
        self._view = view
        self._action: Action | None = None
        self._error: BaseException | None = None
        self.start()

    def work(self) -> None:
        try:
            self._action = act(self._player, self._view)
        except BaseException as exc:  # noqa: BLE001 - handed to the UI thread by result()
            self._error = exc

    def result(self) -> Action:
        """The move (waiting for it if need be); a player's exception is raised here."""
        self.wait()
        if self._error is not None:
            raise self._error
        assert self._action is not None
        return self._action
