"""Named save slots through the dialogs: save from the pause menu, load and delete from the
main menu, and a clear word about files that cannot be read."""

from __future__ import annotations

import pygame

from game.i18n import tr
from game.rules import VARIANTS, Game
from game.ui.screens.menu import MainMenuScene
from game.ui.screens.slots import LoadGameScene, SaveSlotDialog
from game.ui.shell.dialogs import Dialog
from game.ui.table.scene import TableScene
from saves import store

OTHERS = ["5S 6C 7H 7S 8C 9C 10C QC", "5H 6S 7C 9S 10D QD KC 4D", "4H 4S 10H 10S QC 9H 8H 5H"]


def position() -> Game:
    return Game.scripted(VARIANTS["classic"], hands=["KH KD 9D AH 2D 7D 4C 8S 6H QH QS", *OTHERS],
                         pile="5C 6D", melds={0: ["9S 9C 9H"]}, scores=(1200, 950), to_play=0)


def type_text(t, text: str) -> None:
    for ch in text:
        t.post(pygame.TEXTINPUT, text=ch)
    t.frames(2)


def save_through_the_menu(t, name: str) -> None:
    t.key(pygame.K_ESCAPE)
    pause = t.app.top
    assert isinstance(pause, Dialog)
    save_btn = next(b for b in pause.buttons if b.text.startswith("Save game"))
    t.click(save_btn.rect.center)
    dlg = t.app.top
    assert isinstance(dlg, SaveSlotDialog)
    t.click(dlg.entry.rect.center)
    dlg.entry.set_text("")
    type_text(t, name)
    assert dlg.entry.get_text() == name
    t.click(dlg.ok_btn.rect.center)


def test_save_load_and_delete_a_slot(table):
    t = table(position())
    t.click(t.scene.layout.stock.center)
    saved = t.game.to_dict()
    save_through_the_menu(t, "Sunday game")
    assert t.app.top is t.scene
    assert "Sunday game" in t.scene.message_text()[0]
    slots = store.list_slots()
    assert [s.name for s in slots] == ["Sunday game"] and slots[0].scores == (1200, 950)

    # load it from the main menu
    t.app.reset_to(MainMenuScene(t.app))
    t.frames(2)
    t.click(t.app.top.buttons["load"].rect.center)
    scene = t.app.top
    assert isinstance(scene, LoadGameScene)
    assert "Sunday game" in scene.rows[0] and "1,200 : 950" in scene.rows[0] and "hand 1" in scene.rows[0]
    t.click(scene.load_btn.rect.center)
    ask = t.app.top  # the game in progress (the autosave) would be replaced: asked first
    assert isinstance(ask, Dialog) and ask.title() == tr("ui.replace.title")
    t.click(ask.buttons[0].rect.center)
    table_scene = t.app.top
    assert isinstance(table_scene, TableScene)
    assert table_scene.game.to_dict() == saved

    # delete it, with a confirmation
    t.app.reset_to(LoadGameScene(t.app))
    t.frames(2)
    scene = t.app.top
    t.click(scene.delete_btn.rect.center)
    confirm = t.app.top
    assert isinstance(confirm, Dialog)
    t.click(confirm.buttons[1].rect.center)  # cancel: still there
    assert [s.name for s in store.list_slots()] == ["Sunday game"]
    t.click(scene.delete_btn.rect.center)
    t.click(t.app.top.buttons[0].rect.center)
    assert store.list_slots() == []
    assert not scene.rows


def test_replacing_a_slot_asks_first_and_bad_files_are_reported(table):
    t = table(position())
    save_through_the_menu(t, "Mine")
    t.click(t.scene.layout.stock.center)
    save_through_the_menu(t, "Mine")
    ask = t.app.top
    assert isinstance(ask, Dialog) and "Mine" in ask.text
    t.click(ask.buttons[0].rect.center)  # replace it
    assert store.load_slot("Mine").game.to_dict() == t.game.to_dict()
    (store.slots_dir() / "broken.json").write_text("{ not json", encoding="utf-8")
    t.app.reset_to(LoadGameScene(t.app))
    t.frames(2)
    scene = t.app.top
    assert len(scene.slots) == 1 and len(scene.problems) == 1
    t.frames(1)  # drawn with the summary line under the list
    from saves.messages import list_problems_message

    assert list_problems_message(len(scene.problems)) == "One saved game could not be read."


def _as_format_1_with(path, **rule_changes) -> None:
    """Rewrite a slot file as an older version wrote it (every rule field), with hostile
    rule values."""
    import json

    doc = json.loads(path.read_text(encoding="utf-8"))
    state = doc["game"]
    rules = {**VARIANTS[state.pop("variant")].to_dict(), **rule_changes}
    state.pop("options")
    doc.update(format=1, game={**state, "state_format": 1, "rules": rules})
    path.write_text(json.dumps(doc), encoding="utf-8")


def test_the_load_list_opens_at_once_with_hostile_files_and_shows_them_damaged(table):
    t = table(position())
    save_through_the_menu(t, "Mine")
    store.save_slot("Older", t.game)
    _as_format_1_with(store.save_slot("Huge decks", t.game), decks=10**8)
    _as_format_1_with(store.save_slot("Negative target", t.game), target=-5)
    _as_format_1_with(store.save_slot("Older", t.game))  # an older save, sound: listed

    # the whole list, hostile files included, is read while the scene is made
    t.app.reset_to(LoadGameScene(t.app))
    t.frames(2)
    scene = t.app.top
    assert sorted(s.name for s in scene.slots) == ["Mine", "Older"]
    assert sorted(p.path.stem for p in scene.problems) == ["Huge decks", "Negative target"]
    assert len(scene.rows) == 4
    damaged = [r for r in scene.rows if "damaged, cannot be loaded" in r]
    assert sorted(damaged) == ["Huge decks  ·  damaged, cannot be loaded",
                               "Negative target  ·  damaged, cannot be loaded"]

    # Load on a damaged row says what is wrong with it and stays on the list
    i = scene.rows.index("Huge decks  ·  damaged, cannot be loaded")
    scene.select(i)
    t.click(scene.load_btn.rect.center)
    assert t.app.top is scene
    assert '"game.rules.decks" holds a value this game cannot use' in scene.message
    t.frames(1)

    # and Delete removes it (with the usual question first)
    t.click(scene.delete_btn.rect.center)
    confirm = t.app.top
    assert isinstance(confirm, Dialog) and "Huge decks" in confirm.text
    t.click(confirm.buttons[0].rect.center)
    assert not (store.slots_dir() / "Huge decks.json").exists()
    assert sorted(p.path.stem for p in scene.problems) == ["Negative target"]

    # the older sound save loads and plays on
    i = next(j for j, r in enumerate(scene.rows) if r.startswith("Older"))
    scene.select(i)
    t.click(scene.load_btn.rect.center)
    table_scene = t.app.top
    assert isinstance(table_scene, TableScene)
    assert table_scene.game.to_dict()["options"]["target"] == 5000
    table_scene.game.apply(table_scene.game.legal_actions()[0])


def test_save_and_load_by_keyboard(table):
    t = table(position())
    t.key(pygame.K_d)
    saved = t.game.to_dict()
    t.key(pygame.K_ESCAPE)
    pause = t.app.top
    assert isinstance(pause, Dialog)
    for _ in range(len(pause.buttons)):
        if t.app.focus.visible and t.app.focus.element.text.startswith("Save game"):
            break
        t.key(pygame.K_DOWN)
    t.key(pygame.K_RETURN)
    dlg = t.app.top
    assert isinstance(dlg, SaveSlotDialog) and dlg.entry.is_focused, "the name field has the keys"
    dlg.entry.set_text("")
    type_text(t, "By keys only")
    t.key(pygame.K_RETURN)  # the field's Return saves
    assert [s.name for s in store.list_slots()] == ["By keys only"]
    assert t.app.top is t.scene

    t.app.reset_to(MainMenuScene(t.app))
    t.frames(2)
    menu = t.app.top
    for _ in range(len(menu.buttons) + 1):
        if t.app.focus.visible and t.app.focus.element is menu.buttons["load"]:
            break
        t.key(pygame.K_TAB)
    t.key(pygame.K_RETURN)
    scene = t.app.top
    assert isinstance(scene, LoadGameScene)
    assert t.app.focus.visible, "opened by keys: the ring shows at once"
    t.key(pygame.K_RETURN)
    ask = t.app.top
    assert isinstance(ask, Dialog)  # replace the game in progress? ("Keep it" is suggested)
    assert t.app.focus.visible and t.app.focus.element is ask.buttons[1], "the ring starts on the suggestion"
    t.key(pygame.K_LEFT)
    assert t.app.focus.element is ask.buttons[0]
    t.key(pygame.K_RETURN)  # "Replace": load it
    assert isinstance(t.app.top, TableScene) and t.app.top.game.to_dict() == saved
