"""The keyboard says what a key will do and does it in few keys: the ring's label names
the meld Enter adds to, X discards, typing a rank finds its card, a key plays the hint."""

from __future__ import annotations

import pygame

from game.i18n import tr
from game.rules import VARIANTS, Game, Phase, Rank
from game.rules.actions import Draw
from game.rules.events import Discarded
from game.ui.table.keyboard import Area

OTHERS = ["5C 5D 6C 6D 7H 7S 8C 9C 10C JC QC", "5H 5S 6S 7C 7D 9S 10D JD QD KC 4D",
          "4H 4S 10H 10S JH JS QH QS 9H 7H 5H"]


def jacks_down() -> Game:
    """classic, the side has Jacks down, the player has drawn: J♥ J♦ in the hand."""
    g = Game.scripted(VARIANTS["classic"], hands=["JH JD 5S 6H 7C 9D KS", *OTHERS],
                      melds={0: ["JC JS JK"]}, pile="4C 8H", stock="6D 10S 4H")
    g.apply(Draw())
    return g


def key(t, k: int, unicode: str = "", mod: int = 0) -> None:
    t.post(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0)
    t.post(pygame.KEYUP, key=k, mod=mod, unicode=unicode, scancode=0)
    t.frames(2)


def test_the_rings_label_names_the_meld_enter_adds_the_cards_to(table):
    t = table(jacks_down())
    s = t.scene
    for c in t.game.hands[0]:
        if c.label in ("JH", "JD"):
            s.controller.toggle_selected(c)
    assert s.keys.focus(s, Area.MELDS, kind="new")
    label = s.keys.preview(s)
    assert label is not None and label.legal
    assert label.text == tr("ui.drop.joins_meld", rank=Rank.JACK) == "Add to the Jacks"
    key(t, pygame.K_RETURN)
    assert len(t.game.melds[0][Rank.JACK].cards) == 5 and t.game.phase is Phase.MELD


def classic_turn(me: str) -> Game:
    return Game.scripted(VARIANTS["classic"], hands=[me, *OTHERS], pile="4C 5D 8H", stock="6D 10S 4H")


def my_discards(g: Game) -> list[str]:
    return [e.card.label for e in g.history if isinstance(e, Discarded) and e.seat == 0]


class Counted:
    """Keys pressed on a table, counted (no mouse event is posted)."""

    def __init__(self, t) -> None:
        self.t = t
        self.count = 0

    def __call__(self, k: int, mod: int = 0) -> None:
        self.count += 1
        key(self.t, k, mod=mod)
        self.t.settle()


def test_a_plain_turn_is_three_keys_draw_type_the_rank_discard(table):
    t = table(classic_turn("KH KD 5S 6H 7C 9D JS QH 4D 8C 10C"))
    press = Counted(t)
    press(pygame.K_d)
    press(pygame.K_9)
    spot = t.scene.keys.current(t.scene)
    assert spot is not None and spot.kind == "card"
    assert next(c for c in t.game.hands[0] if c.identity == spot.key).label == "9D"
    press(pygame.K_x)
    assert my_discards(t.game) == ["9D"]
    assert press.count == 3


def test_an_opening_of_two_melds_and_a_discard_is_eight_keys(table):
    t = table(classic_turn("KH KD KS AH AD AC 5S 6H 7C 9D JS"))
    press = Counted(t)
    press(pygame.K_d)
    press(pygame.K_k, pygame.KMOD_SHIFT)  # every King selected, the ring on one
    press(pygame.K_RETURN)  # staged as a meld (the side has not opened)
    press(pygame.K_a, pygame.KMOD_SHIFT)
    press(pygame.K_RETURN)
    assert len(t.scene.staged) == 2
    press(pygame.K_RETURN)  # nothing selected: the staging is laid down
    assert set(t.game.melds[0]) == {Rank.KING, Rank.ACE}
    press(pygame.K_9)
    press(pygame.K_x)
    assert my_discards(t.game) == ["9D"]
    assert press.count == 8


def test_typing_a_rank_again_moves_to_its_next_card(table):
    t = table(classic_turn("KH KD 5S 6H 7C 9D JS QH 4D 8C 10C"))
    s = t.scene
    key(t, pygame.K_k)
    first = s.keys.current(s).key
    key(t, pygame.K_k)
    second = s.keys.current(s).key
    assert first != second
    labels = {c.identity: c.label for c in t.game.hands[0]}
    assert {labels[first], labels[second]} == {"KH", "KD"}
    key(t, pygame.K_0)
    assert labels[s.keys.current(s).key] == "10C"


def test_h_shows_the_hint_and_h_again_plays_it(table):
    t = table(classic_turn("KH KD 5S 6H 7C 9D JS QH 4D 8C 10C"))
    key(t, pygame.K_h)
    h = t.scene.controller.current_hint()
    assert h is not None and t.game.phase is Phase.DRAW
    key(t, pygame.K_h)
    assert t.game.phase is not Phase.DRAW or t.game.to_play != 0, f"the hint {h.action} was played"


def test_the_prompt_speaks_of_keys_after_a_key_and_of_clicks_after_a_click(table):
    t = table(classic_turn("KH KD 5S 6H 7C 9D JS QH 4D 8C 10C"))
    key(t, pygame.K_LEFT)
    assert t.scene.prompt_text() == tr("ui.prompt.draw.keys")
    t.click((5, 5))
    assert t.scene.prompt_text() == tr("ui.prompt.draw")


def test_a_keyboard_players_turn_starts_with_the_ring_on_the_stock_then_in_the_hand(table):
    t = table(classic_turn("KH KD 5S 6H 7C 9D JS QH 4D 8C 10C"))
    s = t.scene
    t.app.focus.keyboard = True  # the menus were worked by keys
    t.frames(2)
    spot = s.keys.current(s)
    assert s.keys.visible and spot is not None and spot.kind == "stock"
    key(t, pygame.K_RETURN)  # Enter on the stock draws
    t.frames(2)
    spot = s.keys.current(s)
    assert t.game.phase is Phase.MELD and s.keys.visible and spot is not None and spot.kind == "card"
