"""The Statistics screen: reached from the main menu, it shows the recorded figures and
both charts, and resets only after the player confirms."""

from __future__ import annotations

import pytest

from game.i18n import set_locale
from game.ui.screens.menu import MainMenuScene
from game.ui.screens.stats import StatsScene, decimal
from game.ui.shell.app import App
from game.ui.shell.dialogs import Dialog
from game.ui.shell.prefs import INSTANT
from saves import stats as store
from saves.settings import Settings
from saves.stats import Stats

from .driving import click as _click
from .driving import frames as _frames


def _recorded() -> Stats:
    """Two finished classic games and a third under way, as the table records them."""
    s = Stats()
    for gid, hands, final, won in (("classic:1", [(620, 310), (1540, -90), (2330, 1100)],
                                    (5110, 2620), True),
                                   ("classic:2", [(150, 900), (400, 2300), (2100, 3600)],
                                    (2650, 5400), False)):
        ours = theirs = 0
        for n, (a, b) in enumerate(hands, 1):
            ours, theirs = ours + a, theirs + b
            s.record_hand(gid, "classic", "normal", 0, n, (a, b), (ours, theirs), 2, a > b)
        s.record_game(gid, (0,) if won else (1,), final)
    s.record_hand("classic:3", "classic", "hard", 0, 1, (780, 260), (780, 260), 1, True)
    return s


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("CANASTA_HOME", str(tmp_path / "home"))
    set_locale("en")
    store.save_stats(_recorded())
    a = App(size=(1280, 800), prefs=Settings(animation_speed=INSTANT, muted=True))
    a.push(MainMenuScene(a))
    _frames(a, 2)
    yield a
    set_locale("en")


def test_the_statistics_screen_opens_from_the_menu_with_the_figures(app):
    _click(app, app.top.buttons["stats"].rect.center)
    scene = app.top
    assert isinstance(scene, StatsScene)
    rows = dict(scene.figures())
    assert rows["Games played"] == "2"
    assert rows["Games won"] == "1 of 2 (50%)"
    assert rows["Hands played"] == "7"
    assert rows["Best game won (your score)"] == "5,110"
    # (620 + 1540 + 2330 + 150 + 400 + 2100 + 780) / 7 hands
    assert rows["Average hand score"] == "+1,131"
    assert rows["Canastas per hand"] == decimal(13 / 7, 2) == "1.86"
    # the running scores of the game under way, our side's line first
    series = scene.progress_series()
    assert [s.values for s in series] == [(780,), (260,)]
    assert series[0].name == "You & North" and series[0].bold
    assert [g.margin for g in scene.recent()] == [2490, -2750]
    # a level filter narrows the figures
    scene.level = "hard"
    assert dict(scene.figures())["Hands played"] == "1"
    assert dict(scene.figures())["Games played"] == "0"
    scene.level = None
    # it draws (both charts and the table) without error, and Back returns to the menu
    _frames(app, 2)
    assert scene._layer is not None
    _click(app, scene.back_btn.rect.center)
    assert isinstance(app.top, MainMenuScene)


def test_reset_asks_first_and_then_starts_again(app):
    app.push(StatsScene(app))
    _frames(app, 2)
    scene = app.top
    _click(app, scene.reset_btn.rect.center)
    assert isinstance(app.top, Dialog)
    _click(app, app.top.buttons[1].rect.center)  # "No": nothing is lost
    assert app.top is scene and store.load_stats().stats.summary().games == 2
    _click(app, scene.reset_btn.rect.center)
    _click(app, app.top.buttons[0].rect.center)  # "Yes"
    assert app.top is scene and scene.stats.empty
    assert store.load_stats().stats.empty
    assert dict(scene.figures())["Games played"] == "0"


def test_a_damaged_file_is_reported_on_the_screen(app):
    store.stats_path().write_text("{ not json", encoding="utf-8")
    app.push(StatsScene(app))
    _frames(app, 2)
    scene = app.top
    assert scene.stats.empty and scene.message is not None
    assert "statistics" in scene.message[0].lower()


@pytest.mark.parametrize("lang", ["it", "es"])
def test_the_screen_speaks_the_players_language(app, lang):
    set_locale(lang)
    app.push(StatsScene(app))
    _frames(app, 2)
    rows = dict(app.top.figures())
    assert "Games played" not in rows
    assert "5.110" in rows.values()  # the language's grouping
    assert decimal(13 / 7, 2) == "1,86"


def test_chart_ticks_are_round_and_cover_the_values():
    from game.ui.screens.charts import nice_ticks

    assert nice_ticks(0, 5465) == [0, 1000, 2000, 3000, 4000, 5000, 6000]
    assert nice_ticks(-90, 5465) == [-1000, 0, 1000, 2000, 3000, 4000, 5000, 6000]
    assert nice_ticks(-3300, 2100, 4) == [-4000, -2000, 0, 2000, 4000]
    assert nice_ticks(0, 0) == [0, 1]
    for lo, hi in ((-17, 23), (0, 7), (120, 12345)):
        ticks = nice_ticks(lo, hi)
        assert ticks[0] <= lo and ticks[-1] >= hi and len(ticks) <= 8
        steps = {b - a for a, b in zip(ticks, ticks[1:], strict=False)}
        assert len(steps) == 1


def test_the_accuracy_chart_follows_the_reviewed_archived_games(app):
    from saves.archive import add_game
    from tests.record.records import game_record

    record = game_record()
    labels = [("best", "good", "mistake", "good"), ("blunder", "good")]
    for n, rated in enumerate(labels):  # the first game is the older one
        hands = [dict(h) for h in record["hands"]]
        hands[0] = {**hands[0], "ratings": [{"move": i, "label": x, "loss": 0.0} for i, x in enumerate(rated)]}
        add_game({**record, "hands": hands, "finished": f"2026-12-0{n + 1}T10:00:00Z"})
    add_game({**record, "finished": "2026-12-05T10:00:00Z"})  # not reviewed: no point
    _click(app, app.top.buttons["stats"].rect.center)
    scene = app.top
    assert [s.values for s in scene.accuracy_series()] == [(75, 50)]
    _frames(app, 2)  # and it draws


def _key(app, key: int) -> None:
    import pygame

    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
    _frames(app, 2)


def test_the_hand_by_hand_chart_follows_the_variant_filter(app):
    import pygame

    from game.i18n import tr

    _click(app, app.top.buttons["stats"].rect.center)
    scene = app.top
    assert scene.progress_series(), "the classic game under way is charted under all variants"
    variant = scene.choices["variant"]
    for _ in range(30):
        if app.focus.visible and app.focus.element is variant.widget:
            break
        _key(app, pygame.K_TAB)
    _key(app, pygame.K_RIGHT)  # All variants -> the first variant, classic: still charted
    assert scene.variant == "classic" and scene.progress_series()
    _key(app, pygame.K_RIGHT)  # another variant: the classic game is not its chart
    assert scene.variant not in (None, "classic")
    assert scene.progress_series() == [] and scene.progress_filtered_out()
    assert tr("ui.variant.classic") in tr("ui.stats.progress.filtered", variant=tr("ui.variant.classic"))


def test_each_recent_game_bar_shows_its_value(app):
    import pygame

    from game.i18n import number

    _click(app, app.top.buttons["stats"].rect.center)
    scene = app.top
    _frames(app, 2)
    margins = [g.margin for g in scene.recent()]
    assert [text for text, _at in scene.bar_labels] == [number(m, signed=m != 0) for m in margins]
    screen = pygame.Rect((0, 0), app.size)
    rects = [at for _text, at in scene.bar_labels]
    assert all(screen.contains(r) for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
