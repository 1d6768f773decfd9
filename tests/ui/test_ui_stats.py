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
    assert rows["Best game (your score)"] == "5,110"
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
