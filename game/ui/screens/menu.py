"""Main menu, new-game options, settings and the rules text."""

from __future__ import annotations

import math
import random
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIHorizontalSlider, UIPanel, UITextEntryLine

from game.i18n import LANGUAGES, number, system_language, tr
from game.ui.shell import style
from game.ui.shell.backdrop import felt
from game.ui.shell.dialogs import ask_before_replacing, keys_dialog
from game.ui.shell.prefs import CARD_SCALES, SPEEDS
from game.ui.shell.scene import Scene
from game.ui.shell.widgets import Choice, button, label
from saves.settings import ARCHIVE_SIZES


def _title(surface: pygame.Surface, text: str, centre: tuple[int, int], size: int) -> None:
    img = style.TEXT.render(text, size, style.GOLD, bold=True)
    sh = style.TEXT.render(text, size, (0, 0, 0), bold=True)
    r = img.get_rect(center=centre)
    surface.blit(sh, r.move(2, 3))
    surface.blit(img, r)


class MainMenuScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.buttons: dict[str, Any] = {}
        self._fan: pygame.Surface | None = None
        self._fan_size: tuple[int, int] | None = None
        self.message = ""

    def build_ui(self) -> None:
        w, h = self.app.size
        bw, bh = min(self.px(340), int(w * 0.3)), max(self.px(44), int(h * 0.065))
        x = int(w * 0.28) - bw // 2
        from saves.store import has_autosave

        items = [("continue", tr("ui.menu.continue")), ("new", tr("ui.menu.new_game")),
                 ("load", tr("ui.menu.load")), ("learn", tr("ui.menu.learn")),
                 ("past", tr("ui.menu.past")), ("stats", tr("ui.menu.stats")),
                 ("rules", tr("ui.menu.rules")),
                 ("settings", tr("ui.menu.settings")),
                 ("quit", tr("ui.menu.quit"))]
        y = int(h * 0.34)
        bh = min(bh, int((h * 0.95 - y) / len(items)) - 8)
        gap = min(bh + max(10, h // 60), int((h * 0.95 - y) / len(items)))
        self.buttons = {}
        self.first_choice = self.suggested(has_autosave())
        for i, (key, text) in enumerate(items):
            oid = "#primary" if key == self.first_choice else "#menu_button"
            b = self.ui_add(button(pygame.Rect(x, y + i * gap, bw, bh), text, self.app.manager,
                                   object_id=oid))
            self.buttons[key] = b
        if not has_autosave():
            self.buttons["continue"].disable()
        self.app.focus.start_on(self, self.buttons[self.first_choice])

    def suggested(self, saved_game: bool) -> str:
        """The button offered first: the game in progress, else the tutorial to a player
        who has not been through it, else a new game."""
        if saved_game:
            return "continue"
        return "new" if self.app.prefs.seen_tutorial else "learn"

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for key, b in self.buttons.items():
                if event.ui_element is b:
                    self.choose(key)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.on_quit_request()
            elif event.key == pygame.K_RETURN:
                self.choose(self.first_choice)

    def choose(self, key: str) -> None:
        if key == "continue":
            try:
                scene = self.app.make("table.resume")
            except Exception as exc:  # noqa: BLE001 - a bad save must not crash the menu
                self.message = str(getattr(exc, "message", exc))
                return
            if scene is None:
                self.message = tr("ui.menu.no_saved_game")
                return
            self.app.reset_to(scene)
        elif key == "new":
            self.app.push(self.app.make("new_game"))
        elif key == "load":
            self.app.push(self.app.make("load_game"))
        elif key == "learn":
            self.app.reset_to(self.app.make("tutorial"))
        elif key == "rules":
            self.app.push(self.app.make("rules"))
        elif key == "past":
            self.app.push(self.app.make("past_games"))
        elif key == "stats":
            self.app.push(self.app.make("stats"))
        elif key == "settings":
            self.app.push(self.app.make("settings"))
        elif key == "quit":
            self.app.on_quit_request()

    def _card_fan(self, size: tuple[int, int]) -> pygame.Surface:
        """Five cards fanned on the right: the one picture on the menu, built once per size."""
        if self._fan is not None and self._fan_size == size:
            return self._fan
        from game.rules.cards import parse_cards

        w, h = size
        cw = max(60, int(min(w, h * 1.6) * 0.095))
        art = self.app.art
        cards = parse_cards("AS KH 2C JK QD")
        fan = pygame.Surface((int(cw * 4.2), int(cw * 3.2)), pygame.SRCALPHA)
        cx, cy = fan.get_width() / 2, fan.get_height() * 0.95
        for i, c in enumerate(cards):
            angle = (i - 2) * 13
            img = pygame.transform.rotozoom(art.face_for(c, cw), -angle, 1.0)
            rad = math.radians(angle)
            px = cx + math.sin(rad) * cw * 1.9
            py = cy - math.cos(rad) * cw * 1.9
            fan.blit(img, img.get_rect(center=(px, py)))
        self._fan, self._fan_size = fan, size
        return fan

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        w, h = size
        surface.blit(felt(size), (0, 0))
        _title(surface, tr("ui.title"), (int(w * 0.28), int(h * 0.2)), max(48, h // 9))
        sub = style.TEXT.render(tr("ui.menu.subtitle"), max(16, h // 40), style.CREAM, italic=True)
        surface.blit(sub, sub.get_rect(center=(int(w * 0.28), int(h * 0.2) + h // 12)))
        if self.app.frames > 0:  # the first frame shows without waiting for card art
            fan = self._card_fan(size)
            surface.blit(fan, fan.get_rect(center=(int(w * 0.7), int(h * 0.5))))
        if self.message:
            img = style.TEXT.render(self.message, max(15, h // 48), style.ILLEGAL)
            surface.blit(img, img.get_rect(midbottom=(w // 2, h - 20)))

    def next_frame_in(self) -> float | None:
        # the card fan is drawn from the second frame on (see draw): one more frame for it
        return 0.0 if self._fan_size != self.app.size else None


class _FormScene(Scene):
    """A centred themed panel over the felt, with a title and bottom buttons."""

    title_key = ""

    def panel_rect(self) -> pygame.Rect:
        w, h = self.app.size
        pw, ph = min(self.px(940), w - 60), min(h - self.px(50), self.px(700))
        return pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)

    def make_panel(self) -> UIPanel:
        r = self.panel_rect()
        panel = self.ui_add(UIPanel(r, manager=self.app.manager))
        label(pygame.Rect(0, self.px(12), r.w - 6, self.px(44)), tr(self.title_key), self.app.manager,
              container=panel, object_id="#title")
        return panel

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(surface.get_size()), (0, 0))


class NewGameScene(_FormScene):
    title_key = "ui.new.title"

    def __init__(self, app) -> None:
        super().__init__(app)
        from game.rules.ruleset import VARIANTS

        self.variants = list(VARIANTS)
        p = app.prefs
        self.variant = p.variant if p.variant in VARIANTS else "classic"
        self.target: int | None = p.target
        self.level = p.ai_level
        self.house: dict[str, Any] = dict(p.house_rules.get(self.variant, {}))
        self.practice = False
        self.choices: dict[str, Choice] = {}
        # fair deals (docs/FAIR_DEALS.md): the server seed is drawn now and only its
        # commitment shown; the player's seed is fixed when they press Play
        from game.rules.deal import fresh_player_seed, fresh_server_seed

        self.server_seed = fresh_server_seed()
        self.player_seed = fresh_player_seed()
        self.seed_entry: UITextEntryLine | None = None

    def build_ui(self) -> None:
        from game.rules.ruleset import VARIANTS, offered_house_options
        from game.ui.shell.session import ai_levels

        m = self.app.manager
        panel = self.make_panel()
        pr = self.panel_rect()
        rules = VARIANTS[self.variant]
        px = self.px
        col_w = (pr.w - px(60)) // 2
        row_h = max(px(48), min(px(72), (pr.h - px(280)) // 6))  # the fair-deal rows below
        self.choices = {}

        def row(col: int, i: int, name: str, text: str, help_text: str, values: list[Any],
                labels: list[str], current: Any) -> None:
            x = px(20) + col * (col_w + px(20))
            y = px(112) + i * row_h
            label(pygame.Rect(x, y, int(col_w * 0.52), px(32)), text, m, container=panel)
            self.choices[name] = Choice(pygame.Rect(x + int(col_w * 0.52), y, col_w - int(col_w * 0.52), px(32)),
                                        values, labels, current, m, container=panel)
            if help_text:
                label(pygame.Rect(x, y + px(32), col_w, px(22)), help_text, m, container=panel,
                      object_id="#help")

        label(pygame.Rect(px(20), px(70), col_w, px(30)), tr("ui.new.game"), m, container=panel,
              object_id="#heading")
        row(0, 0, "variant", tr("ui.new.variant"), tr(f"ui.variant.{self.variant}.help"),
            self.variants, [tr(f"ui.variant.{v}") for v in self.variants], self.variant)
        # the variant's own target is always offered (modern american plays to 8,500, which
        # the shared list lacks: the drop-down showed its first entry, 2,500, and played to it)
        targets = sorted({*rules.target_options, rules.target})
        target = self.target if self.target in targets else rules.target
        row(0, 1, "target", tr("ui.new.target"), tr("ui.new.target.help"), targets,
            [number(t) for t in targets], target)
        levels = ai_levels()
        level = self.level if self.level in levels else levels[0]
        row(0, 2, "level", tr("ui.new.ai"), tr("ui.new.ai.help"), levels,
            [tr(f"ui.ai.{lv}") for lv in levels], level)
        row(0, 3, "practice", tr("ui.new.practice"), tr("ui.new.practice.help"), [False, True],
            [tr("ui.new.practice.off"), tr("ui.new.practice.on")], self.practice)
        hx = px(20) + col_w + px(20)
        label(pygame.Rect(hx, px(70), col_w, px(30)), tr("ui.new.house_rules"), m, container=panel,
              object_id="#heading")
        for i, (name, values) in enumerate(offered_house_options(rules).items()):
            current = self.house.get(name, getattr(rules, name))
            row(1, i, f"house:{name}", tr(f"ui.house.{name}"), tr(f"ui.house.{name}.help"),
                list(values), [tr(f"ui.house.{name}.{_vkey(v)}") for v in values], current)
        bw, bh, edge = px(200), px(46), px(20)
        self.fair_rows(panel, pr.h - bh - edge - px(78), pr.w)
        self.back_btn = button(pygame.Rect(edge, pr.h - bh - edge, bw, bh), tr("ui.back"), m,
                               container=panel)
        self.play_btn = button(pygame.Rect(pr.w - bw - edge, pr.h - bh - edge, bw, bh),
                               tr("ui.new.play"), m, container=panel, object_id="#primary")

    def fair_rows(self, panel: UIPanel, y: int, width: int) -> None:
        """The commitment (copyable) and the player's seed, above the buttons."""
        from game.rules.deal import PLAYER_SEED_MAX, commitment_of, grouped

        m, px = self.app.manager, self.px
        self.commitment_label = label(pygame.Rect(px(20), y, width - px(180), px(30)),
                                      tr("ui.new.commitment", hash=grouped(commitment_of(self.server_seed))),
                                      m, container=panel, object_id="#help")
        self.copy_btn = button(pygame.Rect(width - px(150), y, px(130), px(30)), tr("ui.copy"), m,
                               container=panel)
        label(pygame.Rect(px(20), y + px(36), int(width * 0.32), px(32)), tr("ui.new.player_seed"), m,
              container=panel)
        self.seed_entry = UITextEntryLine(pygame.Rect(px(20) + int(width * 0.32), y + px(36),
                                                      int(width * 0.6), px(34)), manager=m, container=panel)
        self.seed_entry.set_text_length_limit(PLAYER_SEED_MAX)
        self.seed_entry.set_text(self.player_seed)

    def _remember(self) -> None:
        if self.seed_entry is not None:
            self.player_seed = self.seed_entry.get_text()
        for name, ch in self.choices.items():
            if name.startswith("house:"):
                self.house[name[6:]] = ch.value
        self.variant = self.choices["variant"].value
        self.target = self.choices["target"].value
        self.level = self.choices["level"].value
        self.practice = bool(self.choices["practice"].value)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element is self.choices["variant"].widget:
                old = self.variant
                self._remember()
                if self.variant != old:
                    self.target = None
                    self.house = dict(self.app.prefs.house_rules.get(self.variant, {}))
                    self.resize(self.app.size)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back_btn:
                self.app.pop()
            elif event.ui_element is self.play_btn:
                self.start()
            elif event.ui_element is self.copy_btn:
                from game.rules.deal import commitment_of
                from game.ui.shell.clipboard import copy_text

                copy_text(commitment_of(self.server_seed))
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key == pygame.K_RETURN:
                self.start()

    def start(self) -> None:
        """Start the game, once the player agrees to replace a game in progress."""
        ask_before_replacing(self.app, "ui.replace.new_text", self._start)

    def _start(self) -> None:
        from game.rules.ruleset import VARIANTS, offered_house_options

        self._remember()
        rules = VARIANTS[self.variant]
        options = {k: v for k, v in self.house.items() if k in offered_house_options(rules)}
        target = rules.target if self.target is None else self.target  # (read just above)
        rules = rules.with_options(target=target, **options)
        p = self.app.prefs
        p.variant, p.ai_level, p.target = self.variant, self.level, self.target
        p.house_rules = {**p.house_rules, self.variant: options}
        self.app.apply_prefs()
        from game.rules.deal import DealKey

        key = DealKey(self.server_seed, self.player_seed)
        self.app.reset_to(self.app.make("table.new", rules, self.level,
                                        random.randrange(1 << 30), practice=self.practice, key=key))


def _vkey(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


class SettingsScene(_FormScene):
    title_key = "ui.settings.title"

    def build_ui(self) -> None:
        m = self.app.manager
        p = self.app.prefs
        panel = self.make_panel()
        pr = self.panel_rect()
        self.choices: dict[str, Choice] = {}
        px = self.px
        lx, cx, cw = px(40), int(pr.w * 0.45), int(pr.w * 0.45)
        bw, bh, edge = px(200), px(46), px(20)
        y = px(80)
        # thirteen rows between the title and the buttons, however short the window
        rh = min(px(60), (pr.h - y - bh - 2 * edge) // 13)
        wh = min(px(34), rh - 4)  # a row's widgets

        def row(name: str, text: str, values: list[Any], labels: list[str], current: Any) -> None:
            nonlocal y
            label(pygame.Rect(lx, y, cx - lx - px(10), wh), text, m, container=panel)
            self.choices[name] = Choice(pygame.Rect(cx, y, cw, wh), values, labels, current, m,
                                        container=panel)
            y += rh

        # first, and each language named in itself: findable whatever is showing now
        langs = ["", *LANGUAGES]
        row("language", tr("ui.settings.language"), langs,
            [tr("ui.language.system", language=tr(f"ui.language.{system_language()}"))]
            + [tr(f"ui.language.{code}") for code in LANGUAGES],
            p.language if p.language in langs else "")
        row("speed", tr("ui.settings.speed"), list(SPEEDS),
            [tr(f"ui.speed.{i}") for i in range(len(SPEEDS))],
            min(SPEEDS, key=lambda s: abs(s - p.animation_speed)))
        label(pygame.Rect(lx, y, cx - lx - px(10), wh), tr("ui.settings.volume"), m, container=panel)
        self.volume = UIHorizontalSlider(pygame.Rect(cx, y, cw, wh), round(p.sound_volume * 100),
                                         (0, 100), manager=m, container=panel, click_increment=5)
        y += rh
        row("muted", tr("ui.settings.sound"), [False, True],
            [tr("ui.settings.sound_on"), tr("ui.settings.sound_off")], bool(p.muted))
        row("four", tr("ui.settings.deck"), [False, True],
            [tr("ui.settings.two_colour"), tr("ui.settings.four_colour")], p.four_colour)
        from sprites.palette import BACKS

        backs = list(BACKS)
        row("back", tr("ui.settings.back"), backs, [tr(f"ui.back_colour.{b}") for b in backs],
            p.back_colour)
        row("sort", tr("ui.settings.sort"), ["rank", "suit", "none"],
            [tr("ui.sort.rank"), tr("ui.sort.suit"), tr("ui.sort.none")], p.hand_sort)
        row("coach", tr("ui.settings.coach"), [True, False],
            [tr("ui.settings.coach_on"), tr("ui.settings.coach_off")], bool(p.coach))
        sizes = list(CARD_SCALES)
        row("card_size", tr("ui.settings.card_size"), sizes, [tr(f"ui.card_size.{c}") for c in sizes],
            p.card_size if p.card_size in sizes else "normal")
        row("motion", tr("ui.settings.motion"), [False, True],
            [tr("ui.settings.motion_full"), tr("ui.settings.motion_reduced")], bool(p.reduced_motion))
        row("fullscreen", tr("ui.settings.screen"), [False, True],
            [tr("ui.settings.windowed"), tr("ui.settings.fullscreen")], bool(self.app.fullscreen))
        row("wait_first_move", tr("ui.settings.wait_first_move"), [False, True],
            [tr("ui.settings.wait_off"), tr("ui.settings.wait_on")], bool(p.wait_first_move))
        row("archive_games", tr("ui.settings.archive_games"), list(ARCHIVE_SIZES),
            [tr("ui.settings.archive_count", count=number(n)) for n in ARCHIVE_SIZES], p.archive_games)
        self.done_btn = button(pygame.Rect(pr.w - bw - edge, pr.h - bh - edge, bw, bh), tr("ui.done"),
                               m, container=panel, object_id="#primary")
        self.keys_btn = button(pygame.Rect(edge, pr.h - bh - edge, bw + px(40), bh), tr("ui.keys.button"),
                               m, container=panel)

    def save(self) -> None:
        p = self.app.prefs
        p.animation_speed = self.choices["speed"].value
        p.sound_volume = self.volume.get_current_value() / 100
        p.muted = self.choices["muted"].value
        p.card_style = "four_colour" if self.choices["four"].value else "classic"
        p.back_colour = self.choices["back"].value
        p.hand_sort = self.choices["sort"].value
        p.coach = bool(self.choices["coach"].value)
        p.card_size = self.choices["card_size"].value
        p.reduced_motion = bool(self.choices["motion"].value)
        p.language = self.choices["language"].value
        p.wait_first_move = bool(self.choices["wait_first_move"].value)
        p.archive_games = self.choices["archive_games"].value
        self.app.apply_prefs()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.keys_btn or \
                event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.app.push(keys_dialog(self.app))
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and \
                event.ui_element is self.choices["language"].widget:
            self.save()  # remembered at once; the rebuild then reads every row from prefs
            self.app.set_language(self.app.prefs.language)
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and \
                event.ui_element is self.choices["fullscreen"].widget:
            self.save()  # at once, like the language: the player sees what they chose
            self.app.set_fullscreen(bool(self.choices["fullscreen"].value))
        elif (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.done_btn) or \
                (event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN)):
            self.save()
            self.app.pop()

    def resize(self, size: tuple[int, int]) -> None:
        if getattr(self, "choices", None):
            self.save()  # the rebuild reads every row from prefs: keep what is chosen (F11)
        super().resize(size)

    def leave(self) -> None:
        super().leave()

