"""A meld or a discard never slides another card under the pointer while it rests on the
hand (a player discarded A♣ meaning 9♠): the cards that stay keep their places, and the
hand closes up, gliding, once the pointer leaves it."""

from __future__ import annotations

import pygame

from game.rules import VARIANTS, Game, Phase
from game.ui.geometry.hand_view import fan_rects

ME = "KH KD KS 9S AC 7D 4C 8S 8D 8H 6H QC"
OTHERS = ["5C 5D 6C 6D 7H 7S 8C 9C 10C JC QC",
          "5H 5S 6S 7C 7D 9S 10D JD QD KC 4D",
          "4H 4S 10H 10S JH JS QH QS 9H 7H 5H"]


def _game(opened: bool = True) -> Game:
    g = Game.scripted(VARIANTS["classic"], hands=[ME, *OTHERS], stock="6D 10S 4H", pile="4C 5D 9D",
                      melds={0: ["AH AD AS"]} if opened else None, to_play=0)
    g.apply(next(a for a in g.legal_actions() if type(a).__name__ == "Draw"))
    assert g.phase is Phase.MELD
    return g


def _under(t, point):
    it = t.scene.board.hand_card_at(point)
    return None if it is None else it.card.label


def _hover(t, point) -> None:
    t.post(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0))
    t.frames(3)


def _centred(t) -> bool:
    sc = t.scene
    b = sc.board
    cards = [it.card for it in b.hand]
    want = fan_rects(cards, sc.layout, sc.sort_mode)
    return [it.rect.topleft for it in b.hand] == [r.topleft for r in want]


def test_a_meld_made_with_the_pointer_on_the_hand_leaves_the_card_under_it(table):
    from game.ui.table.keyboard import Area, spots

    t = table(_game())
    # the kings picked with the mouse; the pointer then rests on the 9♠
    t.select("KH", "KD", "KS")
    point = t.card_pos("9S")
    _hover(t, point)
    assert _under(t, point) == "9S"
    # the keyboard's ring plays them onto the new-meld space (Tab to the melds, End, Enter)
    sc = t.scene
    for _ in range(4):
        if sc.keys.visible and sc.keys.area is Area.MELDS:
            break
        t.key(pygame.K_TAB)
    for _ in range(len(spots(sc, Area.MELDS)) + 1):
        if sc.keys.current(sc).kind == "new":
            break
        t.key(pygame.K_RIGHT)
    t.key(pygame.K_RETURN)
    t.frames(5)
    assert t.game.melds[0].get(13) is not None, "the kings were melded"
    assert _under(t, point) == "9S", "another card slid under the pointer"
    nine = next(it for it in t.scene.board.hand if it.card.label == "9S")
    assert t.scene.hand_disp[nine.card.identity] == [float(nine.rect.x), float(nine.rect.y)], \
        "drawn where it is hit-tested"
    assert not _centred(t), "the gap stays while the pointer rests on the hand"
    # the pointer leaves: the hand closes up, gliding (not in one jump)
    from game.ui.shell.prefs import INSTANT

    t.app.prefs.animation_speed = 1.0
    old_x = nine.rect.x
    t.post(pygame.MOUSEMOTION, pos=t.scene.layout.play.center, rel=(0, 0), buttons=(0, 0, 0))
    t.frames(1)
    new = next(it for it in t.scene.board.hand if it.card.label == "9S")
    assert new.rect.x != old_x and _centred(t)
    shown = t.scene.hand_disp[new.card.identity][0]
    assert min(old_x, new.rect.x) < shown < max(old_x, new.rect.x), "the card glides to its new place"
    t.app.prefs.animation_speed = INSTANT
    t.frames(3)
    assert t.scene.hand_disp[new.card.identity][0] == new.rect.x


def test_a_discard_by_keys_with_the_pointer_on_the_hand_keeps_the_others_in_place(table):
    t = table(_game())
    point = t.card_pos("8S")
    _hover(t, point)
    before = {it.card.identity: it.rect.topleft for it in t.scene.board.hand}
    seven = next(c for c in t.game.hands[0] if c.label == "7D")
    t.scene.perform(next(a for a in t.game.legal_actions()
                         if type(a).__name__ == "Discard" and a.card.code == seven.code))
    t.frames(3)
    after = {it.card.identity: it.rect.topleft for it in t.scene.board.hand if it.card.identity in before}
    assert after == {k: v for k, v in before.items() if k != seven.identity}
    assert _under(t, point) == "8S"


def test_a_card_coming_in_lays_the_hand_out_afresh(table):
    g = Game.scripted(VARIANTS["classic"], hands=[ME, *OTHERS], stock="6D 10S 4H", pile="4C 5D 9D",
                      melds={0: ["AH AD AS"]}, to_play=0)
    t = table(g)
    _hover(t, t.card_pos("QC"))
    t.key(pygame.K_d)  # drawn by key with the pointer resting on the hand
    assert len(g.hands[0]) == 13 and g.phase is Phase.MELD
    assert _centred(t), "the drawn card needs a place: the fan is laid out again"
