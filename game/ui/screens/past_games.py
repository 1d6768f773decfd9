"""Past games: every finished game from the archive (saves/archive.py), newest first; a
game's hands, each to review, to play again or to verify; export and import of a game's
record (docs/FAIR_DEALS.md)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIPanel, UISelectionList

from game.ai.review import HandRecord
from game.i18n import date_time, number, tr
from game.ui.shell import style
from game.ui.shell.backdrop import felt
from game.ui.shell.dialogs import Dialog, EntryDialog
from game.ui.shell.scene import Scene
from game.ui.shell.widgets import button, label

T = style.TEXT
DASH = "\u2013"


def _message(exc: BaseException) -> str:
    return str(getattr(exc, "message", None) or exc)


def when(iso: str, months: list[str] | None = None) -> str:
    """A record's ISO time in the player's language and time zone."""
    try:
        moment = datetime.fromisoformat(iso.replace("Z", "+00:00"))
    except ValueError:
        return iso
    return date_time(moment.astimezone(), months)


def game_rows(games: list[Any]) -> list[str]:
    """The archived games (saves.archive.PastGame) as the list shows them. A thousand rows
    are made each time the list is built: the words every row shares are looked up once."""
    variants: dict[str, str] = {}
    result = {True: tr("ui.past.won"), False: tr("ui.past.lost")}
    months = tr("format.months").split()
    out = []
    for g in games:
        accuracy = DASH if g.accuracy is None else tr("ui.stats.percent", value=number(round(100 * g.accuracy)))
        if g.variant not in variants:
            variants[g.variant] = tr(f"ui.variant.{g.variant}")
        out.append(tr("ui.past.row", when=when(g.finished, months), variant=variants[g.variant],
                      result=result[g.won], scores=" : ".join(number(s) for s in g.scores),
                      count=g.hands, accuracy=accuracy))
    return out


def hand_records(record: dict[str, Any]) -> list[HandRecord]:
    """A checked record's hands as the review replays them (the scores before each)."""
    from game.rules.actions import action_from_dict

    before = [0] * len(record["scores"])
    out = []
    for h in record["hands"]:
        moves = tuple(action_from_dict(m["action"]) for m in h["moves"])
        out.append(HandRecord(h["hand"], int(h["seed"], 16), h["dealer"], tuple(before), moves, record["human"]))
        before = list(h["scores"])
    return out


class PastGamesScene(Scene):
    """The archived games; Open shows one game's hands with what can be done with each."""

    arrows_scroll = True

    def __init__(self, app) -> None:
        super().__init__(app)
        from saves.archive import list_games

        listing = list_games()
        self.games = listing.games
        self.message = " ".join(listing.messages)
        self.selected = 0
        self.record: dict[str, Any] | None = None  # the game opened (its hands listed)
        self.file = ""
        self.session: Any = None  # the opened game as a session, for the review
        self.hand = 0
        self.rows: list[str] = []
        self.list: UISelectionList | None = None
        self.buttons: dict[str, Any] = {}

    # -- what is listed ------------------------------------------------------------------
    def hand_rows(self) -> list[str]:
        from game.record_text import seat_name

        assert self.record is not None
        rec = self.record
        return [tr("ui.past.hand_row", hand=h["hand"],
                   dealer=seat_name(rec["players"], rec["human"], h["dealer"]),
                   totals=" : ".join(number(t, signed=True) for t in h["totals"]),
                   scores=" : ".join(number(s) for s in h["scores"]))
                for h in rec["hands"]]

    def panel_rect(self) -> pygame.Rect:
        w, h = self.app.size
        pw, ph = min(self.px(980), w - 60), min(h - self.px(50), self.px(660))
        return pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)

    def build_ui(self) -> None:
        m = self.app.manager
        r = self.panel_rect()
        px = self.px
        panel = self.ui_add(UIPanel(r, manager=m))
        title = tr("ui.past.title") if self.record is None else \
            tr("ui.past.game_title", when=when(self.record["finished"]))
        label(pygame.Rect(0, px(12), r.w - 6, px(44)), title, m, container=panel, object_id="#title")
        if self.record is not None:
            from game.rules.deal import grouped

            label(pygame.Rect(px(24), px(54), r.w - px(54), px(26)),
                  tr("ui.past.commitment", hash=grouped(self.record["commitment"])), m, container=panel,
                  object_id="#help")
        self.rows = game_rows(self.games) if self.record is None else self.hand_rows()
        chosen = self.selected if self.record is None else self.hand
        list_h = r.h - px(230)
        self.list = None
        if self.rows:
            items: list[str | tuple[str, str]] = [(text, f"#row{i}") for i, text in enumerate(self.rows)]
            self.list = UISelectionList(pygame.Rect(px(24), px(84), r.w - px(54), list_h), items, manager=m,
                                        container=panel, default_selection=items[min(chosen, len(items) - 1)])
        else:
            label(pygame.Rect(px(24), px(84), r.w - px(54), px(40)), tr("ui.past.none"), m, container=panel)
        keys = ["back", "import", "open"] if self.record is None else \
            ["back", "export", "verify", "replay", "review"]
        bh, edge, gap = px(46), px(20), px(10)
        bw = (r.w - 2 * edge - gap * (len(keys) - 1)) // len(keys)
        y = r.h - bh - edge
        self.buttons = {}
        for i, key in enumerate(keys):
            self.buttons[key] = button(pygame.Rect(edge + i * (bw + gap), y, bw, bh), tr(f"ui.past.{key}"), m,
                                       container=panel, object_id="#primary" if i == len(keys) - 1 else None)
        if not self.rows:
            for key in ("open", "review", "replay", "verify", "export"):
                if key in self.buttons:
                    self.buttons[key].disable()

    def _selection(self) -> int:
        current = self.selected if self.record is None else self.hand
        if self.list is None:
            return current
        text = self.list.get_single_selection()
        if not isinstance(text, str):
            return current
        try:
            return self.rows.index(text)
        except ValueError:
            return current

    def _remember(self) -> None:
        if self.record is None:
            self.selected = self._selection()
        else:
            self.hand = self._selection()

    def rebuild(self) -> None:
        self.resize(self.app.size)

    # -- input -----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.list:
            self._remember()
        elif event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION and event.ui_element is self.list:
            self._remember()
            self.choose("open" if self.record is None else "review")
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            for key, b in self.buttons.items():
                if event.ui_element is b:
                    self._remember()
                    self.choose(key)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.choose("back")
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.choose("open" if self.record is None else "review")
            elif event.key in (pygame.K_UP, pygame.K_DOWN) and self.rows:
                step = 1 if event.key == pygame.K_DOWN else -1
                i = max(0, min(len(self.rows) - 1, self._selection() + step))
                if self.record is None:
                    self.selected = i
                else:
                    self.hand = i
                self.rebuild()

    def choose(self, key: str) -> None:
        if key == "back":
            if self.record is None:
                self.app.pop()
            else:
                self.record = self.session = None
                self.rebuild()
        elif key == "open":
            self.open_game()
        elif key == "import":
            self.app.push(ImportDialog(self.app, self))
        elif key == "review":
            self.review()
        elif key == "replay":
            self.replay()
        elif key == "verify":
            self.verify()
        elif key == "export":
            self.export()

    # -- a game ----------------------------------------------------------------------------
    def open_game(self) -> None:
        """Read the chosen game's record and check it; list its hands."""
        from game.record_text import disagreement_text
        from game.rules.record import Checked, verify_record
        from game.ui.shell.session import Session
        from saves.archive import load_game

        if not self.games:
            return
        past = self.games[min(self.selected, len(self.games) - 1)]
        try:
            record = load_game(past.file)
        except Exception as exc:  # noqa: BLE001 - SaveError: its sentence names the file
            self.message = _message(exc)
            self.rebuild()
            return
        checked = verify_record(record)
        if not isinstance(checked, Checked):
            self.message = disagreement_text(checked, record)
            return
        session = Session(checked.game, str(record.get("level", "normal")), 0, record["human"])
        session.hands = hand_records(record)
        session.archived = past.file
        self.record, self.file, self.session, self.hand = record, past.file, session, 0
        self.message = ""
        self.rebuild()

    def review(self) -> None:
        if self.session is None:
            return
        self.app.push(self.app.make("review", self.session, self.hand + 1))

    def replay(self) -> None:
        """The hand at a new table (neither counted nor autosaved)."""
        from game.ai.review import start_of
        from game.ui.shell.session import Session

        if self.session is None:
            return
        old = self.session
        s = Session(start_of(old.game.rules, old.hands[self.hand]), old.level, 0, old.human)
        s.autosaves = False
        s.replay_of = old.hands[self.hand].hand
        self.app.reset_to(self.app.make("table", s))

    def verify(self) -> None:
        """The whole record checked again, and the command that checks this hand alone."""
        from game.rules.deal import DealKey
        from game.rules.record import hand_command
        from game.ui.shell.clipboard import copy_text

        assert self.record is not None
        rec = self.record
        h = rec["hands"][self.hand]
        key = DealKey(bytes.fromhex(rec["server_seed"]), rec["player_seed"])
        command = hand_command(rec["variant"], h["dealer"], h["hand"], key)

        def copy() -> None:
            self.message = tr("ui.copied" if copy_text(command) else "ui.copy_failed")

        self.app.push(Dialog(self.app, lambda: tr("ui.past.verify_title"),
                             lambda: tr("ui.past.verified", count=len(rec["hands"]), hand=h["hand"],
                                        command=command),
                             [(lambda: tr("ui.copy"), copy), (lambda: tr("ui.back"), lambda: None)],
                             escape=1, primary=1, width=760))

    def export(self) -> None:
        from game.ui.shell.clipboard import copy_text
        from saves.archive import export_game
        from saves.paths import data_dir

        target = data_dir() / "exports" / self.file
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            export_game(self.file, target)
        except Exception as exc:  # noqa: BLE001 - SaveError or OSError: say so
            self.message = _message(exc)
            return

        def copy() -> None:
            self.message = tr("ui.copied" if copy_text(str(target)) else "ui.copy_failed")

        self.app.push(Dialog(self.app, lambda: tr("ui.past.export_title"),
                             lambda: tr("ui.past.exported", file=str(target), name=target.name),
                             [(lambda: tr("ui.copy"), copy), (lambda: tr("ui.back"), lambda: None)],
                             escape=1, primary=1, width=760))

    def imported(self, name: str) -> None:
        from saves.archive import list_games

        self.games = list_games().games
        self.selected = next((i for i, g in enumerate(self.games) if g.file == name), 0)
        self.message = tr("ui.past.imported")
        self.rebuild()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(surface.get_size()), (0, 0))

    def draw_after_ui(self, surface: pygame.Surface) -> None:
        if self.app.top is not self or not self.message:
            return
        r = self.panel_rect()
        size = max(13, round(self.app.size[1] * 0.019))
        y = r.bottom - self.px(130)
        for line in T.wrap(self.message, size, r.w - 60)[:3]:
            img = T.render(line, size, style.GOLD)
            surface.blit(img, (r.x + 26, y))
            y += img.get_height()


class ImportDialog(EntryDialog):
    """Ask for a game record file and archive it once it verifies."""

    title_key = "ui.past.import_title"
    prompt_key = "ui.past.import_prompt"
    submit_key = "ui.past.import"
    width = 640
    height = 270

    def __init__(self, app, past: PastGamesScene) -> None:
        super().__init__(app)
        self.past = past

    def submit(self) -> None:
        self.load()

    def load(self) -> None:
        from pathlib import Path

        from saves.archive import import_game

        path = self.typed().strip()
        if not path:
            return
        try:
            name = import_game(Path(path).expanduser(), int(self.app.prefs.archive_games))
        except Exception as exc:  # noqa: BLE001 - SaveError names the file and the reason
            self.error = _message(exc)
            return
        self.app.pop()
        self.past.imported(name)
