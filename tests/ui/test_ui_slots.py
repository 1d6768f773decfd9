"""Named save slots through the dialogs: save from the pause menu, load and delete from the
main menu, and a clear word about files that cannot be read."""

from __future__ import annotations

import pygame

from game.rules import VARIANTS, Game
from game.ui.dialogs import Dialog
from game.ui.menu_scene import MainMenuScene
from game.ui.slots import LoadGameScene, SaveSlotDialog
from game.ui.table_scene import TableScene
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
    t.click(dlg.save_btn.rect.center)


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
