"""The table's finish (issue 33): a refusal said once with its "Rule" link in view, the
hint going when the position it spoke about changes and keeping off the hand, the ring
round the visible strip of a fanned card."""

from __future__ import annotations

import pygame

from game.rules import VARIANTS, Game
from game.rules.actions import Draw
from game.ui.shell import style
from game.ui.table.keyboard import Area

OTHERS = ["5C 5D 6C 6D 7H 7S 8C 9C 10C JC QC", "5H 5S 6S 7C 7D 9S 10D JD QD KC 4D",
          "4H 4S 10H 10S JH JS QH QS 9H 7H 5H"]


def drawn(me: str, **kw) -> Game:
    g = Game.scripted(VARIANTS["classic"], hands=[me, *OTHERS], pile="4C 5D 8H", stock="6D 10S 4H", **kw)
    g.apply(Draw())
    return g


def ring_to(t, label: str) -> None:
    """Arrow keys until the ring is on that card of the hand."""
    s = t.scene
    for _ in range(30):
        spot = s.keys.current(s)
        if spot is not None and spot.area is Area.HAND and any(
                it.card is not None and it.card.identity == spot.key and it.card.label == label for it in s.board.hand):
            return
        t.key(pygame.K_RIGHT)
    raise AssertionError(f"the ring never reached {label}")


def test_a_refused_enter_says_its_reason_once_with_the_rule_link_in_view(table):
    t = table(drawn("KH KD 5S 6H 7C 9D JS QH 4D 8C 10C"))
    s = t.scene
    t.key(pygame.K_RIGHT)  # the player works by keys: the ring shows
    for label in ("5S", "6H"):
        ring_to(t, label)
        t.key(pygame.K_SPACE)
    t.key(pygame.K_UP)  # the new-meld space: red, "one rank only"
    boxes: list[pygame.Rect] = []
    callout = s.renderer.callout

    def counted(*args, **kw):
        boxes.append(callout(*args, **kw))
        return boxes[-1]

    s.renderer.callout = counted
    t.key(pygame.K_RETURN)
    assert s.toast is not None, "the try was refused beside the new-meld space"
    boxes.clear()
    t.frames(1)
    assert len(boxes) == 1, f"the reason is drawn in {len(boxes)} boxes"
    assert s.message_text() is None, "the panel repeats the reason the table shows"
    link = s.rule_link_rect
    assert link is not None
    colour = tuple(t.app.screen.get_at((link.x + 4, link.centery)))[:3]
    assert colour == style.GOLD, f"the Rule link is covered ({colour})"


def test_the_hint_keeps_off_the_hand(table):
    for size in ((1024, 768), (1280, 800)):
        t = table(drawn("KH KD KS AH AD AC 9D 4C 8S 8D 6H", melds={0: ["QH QD QS"]}), size=size)
        s = t.scene
        t.key(pygame.K_h)
        t.frames(2)
        assert s.current_hint() is not None
        box = s.frame.hint_box
        assert box is not None
        covered = [it.card.label for it in s.board.hand if it.rect.colliderect(box)]
        assert not covered, f"at {size} the hint's box covers {covered} of the hand"
        seats = [seat for seat, items in s.board.backs.items() if any(it.rect.colliderect(box) for it in items)]
        assert not seats, f"at {size} the hint's box covers seat {seats}'s cards"


def test_the_hint_is_said_once_in_its_box_not_again_in_the_panel(table):
    """Said twice, the panel's copy of a long hint pushed the move log out of the panel."""
    t = table(drawn("KH KD KS AH AD AC 9D 4C 8S 8D 6H", melds={0: ["QH QD QS"]}), size=(1280, 800))
    s = t.scene
    t.key(pygame.K_h)
    t.frames(2)
    assert s.current_hint() is not None and s.frame.hint_box is not None
    assert s.message_text() is None, "the panel repeats the hint its box shows"


def test_the_hint_goes_once_another_meld_is_staged(table):
    t = table(drawn("KH KD KS 8S 8D 8C 9D 4C 6H 5S 7C"))
    s = t.scene
    t.key(pygame.K_h)
    t.frames(2)
    assert s.current_hint() is not None
    t.post(pygame.KEYDOWN, key=pygame.K_8, mod=pygame.KMOD_SHIFT, unicode="*", scancode=0)
    t.frames(2)  # Shift+8 selects the 8s; Enter stages them (the opening needs the kings too)
    t.key(pygame.K_RETURN)
    assert len(s.staged) == 1 and not s.game.melds[0], "the 8s were staged, nothing laid down"
    assert s.current_hint() is None, "the hint still speaks about the position before the staging"
    assert s.message_text() is None, "the panel still says the hint"
    t.frames(1)
    assert s.frame.hint_box is None


def test_the_ring_on_a_fanned_card_encloses_its_visible_strip_not_its_neighbour(table):
    g = Game.scripted(VARIANTS["classic"], hands=["KH KD KS AH AD AC 9D 4C 8S 8D 6H 5S 7C 10H JC",
                                                 *OTHERS], pile="4C 5D 8H", stock="6D 10S 4H")
    t = table(g, size=(1024, 600))
    s = t.scene
    t.key(pygame.K_LEFT)  # the ring shows on the hand
    items = [it for it in s.board.hand if it.card is not None]
    assert items[1].rect.x < items[0].rect.right, "the hand is fanned at this size"
    for _ in range(len(items)):
        spot = s.keys.current(s)
        it = next(k for k, it in enumerate(items) if it.card.identity == spot.key)
        if it + 1 < len(items):
            neighbour = items[it + 1].rect
            inside = spot.rect.clip(neighbour)
            assert inside.w <= 2, f"the ring takes in {inside.w} px of the next card"
            assert spot.rect.w >= min(12, neighbour.x - items[it].rect.x)
        t.key(pygame.K_RIGHT)


def test_the_table_buttons_words_fit_at_their_normal_size_in_every_language(table):
    from game.i18n import set_locale

    found = []
    try:
        for lang in ("en", "it", "es"):
            for size in ((1024, 600), (1024, 768), (1280, 800)):
                t = table(drawn("KH KD 5S 6H 7C 9D JS QH 4D 8C 10C"), size=size)
                t.scene.session.practice = True  # the Undo and Show all hands row too
                t.app.set_language(lang)
                t.app.resize(size)
                t.frames(1)
                theme = t.app.manager.get_theme()
                s = t.scene
                labels = {"sort": [s.buttons["sort"].text], "show_all": [s.buttons["show_all"].text]}
                for _ in range(3):  # the sort's every label, the show-all toggle's both
                    t.click(t.button_pos("sort"))
                    labels["sort"].append(s.buttons["sort"].text)
                t.click(t.button_pos("show_all"))
                labels["show_all"].append(s.buttons["show_all"].text)
                for key, b in s.buttons.items():
                    font = theme.get_font(b.combined_element_ids)
                    if b.font.point_size != font.point_size:
                        found.append((lang, size, key, b.text, "shrunk"))
                    for text in labels.get(key, [b.text]):
                        if font.size(text)[0] > b.rect.w - 16:
                            found.append((lang, size, key, text, "too wide"))
                rects = [b.rect for b in s.buttons.values() if b.visible]
                assert not [(a, c) for i, a in enumerate(rects) for c in rects[i + 1:] if a.colliderect(c)]
    finally:
        set_locale("en")
    assert not found, found


def test_waiting_for_the_partners_answer_stays_inside_the_panel(table):
    g = Game.scripted(VARIANTS["classic"], ["9C 9D 9H 4C", "4H 7H 10S QC 8C", "4D 7D 10H JH 8D", "4S 7S 10D JS 8S"],
                      melds={0: ["5S 5H 5D 5C 5S 5H 5D"]}, pile="JD 8H", stock="9S", pile_frozen=False)
    g.apply(Draw())
    t = table(g, size=(1024, 768))
    t.app.prefs.animation_speed = 1.0  # the question's bubble shows before the partner answers
    t.key(pygame.K_g)
    for _ in range(300):  # the question's bubble, then the table waits for North
        if t.scene.turn_text()[0].startswith("Waiting for"):
            break
        t.frames(1)
    assert t.game.asked and t.scene.turn_text()[0] == "Waiting for North's answer"
    t.frames(1)
    screen = t.app.screen
    w = screen.get_width()
    bright = [(x, y) for x in range(w - 6, w) for y in range(0, t.scene.panel_bottom)
              if sum(tuple(screen.get_at((x, y)))[:3]) > 330]
    assert not bright, f"text reaches the window's edge at {bright[:3]}"
