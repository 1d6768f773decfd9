"""Nothing covers anything at the table: at 12 window sizes, the three card sizes and 2, 3
and 4 players, with six-card melds on every side, red 3s down and a frozen pile, the melds
stay in their bands and clear of the stock, the pile, the pile's badge, the counts, the
other players' hands and the human's hand (extra-large cards ran tall melds over the stock
and the pile, the badge onto a meld, the human's melds over the hand); the seats' names,
every seat's speech bubble, the hint's box and a refused drop's box with its "Rule" chip
cover none of them (nor each other)."""

from __future__ import annotations

import pygame
import pytest

from game.i18n import tr
from game.rules import VARIANTS, Game
from game.ui.geometry.board import side_area
from game.ui.shell.prefs import CARD_SCALES
from game.ui.table.drag import Target, meld_targets
from game.ui.table.guidance import rule_link
from game.ui.table.keyboard import Area

SIZES = [(1024, 600), (1024, 768), (1152, 648), (1280, 720), (1280, 800), (1366, 768), (1440, 900),
         (1600, 900), (1680, 1050), (1920, 1080), (1920, 1200), (2560, 1440)]

HANDS = ["5H 5D 5S 5C 6H 6D 6S 6C 7H 7D 7S", "AH AD AS AC 4H 4D 4S 4C 7C 5H 5D",
         "AH AD AS AC 4H 4D 4S 4C 7C 6H 6D", "8S 8C 9S 9C 10S 10C JS JC QS QC KS"]
MELDS = {0: ["8H 8D 8S 8C 8H 8D", "9H 9D 9S 9C 9H 9D"], 1: ["10H 10D 10S 10C 10H 10D", "JH JD JS JC JH JD"],
         2: ["QH QD QS QC QH QD", "KH KD KS KC KH KD"]}


def tall_melds(players: int) -> Game:
    variant = {2: "classic-2p", 3: "classic-3p", 4: "classic"}[players]
    sides = 3 if players == 3 else 2
    return Game.scripted(VARIANTS[variant], hands=HANDS[:players], melds={s: MELDS[s] for s in range(sides)},
                         pile="5S 2C 7H", red_threes={0: "3H", 1: "3D"}, to_play=0)


def overlaps(a: list[pygame.Rect], b: list[pygame.Rect]) -> list[tuple[pygame.Rect, pygame.Rect]]:
    return [(x, y) for x in a for y in b if x.colliderect(y)]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_nothing_covers_anything_at_any_size_card_size_and_player_count(table, players):
    t = table(tall_melds(players))
    s = t.scene
    t.key(pygame.K_h)  # the hint stays up across the sizes: the position does not change
    assert s.current_hint() is not None
    found = []
    for size in SIZES:
        for name in CARD_SCALES:
            t.app.prefs.card_size = name
            t.app.resize(size)
            t.frames(2)
            L, b, g = s.layout, s.board, s.game
            where = (size, name, players)
            melds = {side: [it.rect for box in b.melds if box.side == side for it in box.cards]
                     + [it.rect for it in b.red_threes.get(side, [])] for side in range(len(g.melds))}
            every_meld = [r for rects in melds.values() for r in rects]
            marks = s.renderer.keep_clear()
            assert len(marks) >= 3, "the pile's badge and both counts were drawn"
            hand = [it.rect for it in b.hand]
            backs = [it.rect for items in b.backs.values() for it in items]
            for side, rects in melds.items():
                area = side_area(g, L, 0, side)
                assert area is not None
                found += [(where, "meld out of its band", r) for r in rects if not area.inflate(2, 2).contains(r)]
            found += [(where, "meld over stock/pile/badge/count", p) for p in overlaps(every_meld, [L.stock, L.pile, *marks])]
            found += [(where, "meld over the hand", p) for p in overlaps(every_meld, hand)]
            found += [(where, "a hand's backs over the table", p) for p in overlaps(backs, [L.stock, L.pile, *marks, *every_meld])]
            labels = list(s.renderer.seat_labels.values())
            assert len(labels) == players - 1, "every other seat's name was drawn"
            found += [(where, "a seat's name over the table", p)
                      for p in overlaps(labels, [L.stock, L.pile, *marks, *every_meld, *hand, *backs])]
            found += [(where, "two seats' names", (a, c)) for i, a in enumerate(labels) for c in labels[i + 1:]
                      if a.colliderect(c)]
            hint = s.frame.hint_box
            assert hint is not None, "the hint's box is shown"
            found += [(where, "the hint over the hand, a name, a hand or the pile's words", p)
                      for p in overlaps([hint], [*hand, *labels, *backs, *marks])]
            for seat in range(1, players):
                for words in (tr("ui.bubble.may_i"), tr("ui.bubble.yes")):
                    bubble = s.renderer.speech(t.app.screen, words, seat, L.play.center, L)
                    found += [(where, f"seat {seat}'s bubble", p)
                              for p in overlaps([bubble], [*hand, *labels, *backs, L.stock, L.pile, *marks])]
            # a refusal beside every place the hand's first card could be dropped (the new
            # meld's tall drop zone took the hand's cards for its words and pushed its box
            # over the stock)
            text_size = max(12, round(L.size[1] * 0.019))
            for drop in meld_targets(g, b, [b.hand[0].card], [], 0):
                refused = Target("refusal", drop.rect, False, tr("ui.reason.not_your_turn"), key="turn.not_now")
                box = s.renderer.callout(t.app.screen, refused, L, text_size)
                chip = rule_link(t.app.screen, box, text_size)
                clear_of = [r for r in s.renderer.keep_off() if not r.colliderect(drop.rect)]
                found += [(where, f"a refusal beside the {drop.kind}", p) for p in overlaps([box, chip], clear_of)]
    assert not found, f"{len(found)} overlaps, first: {found[:3]}"


def test_the_keyboard_ring_on_the_pile_leaves_its_badge_in_view(table):
    t = table(tall_melds(4))
    s = t.scene
    assert s.keys.focus(s, Area.DECK, kind="pile")
    t.frames(2)
    badge = s.renderer.marks["pile"][0]
    colour = tuple(t.app.screen.get_at(badge.center))[:3]
    assert colour != (110, 196, 255), "the ring's blue is drawn over the badge"
    shot = t.app.screen.subsurface(badge.inflate(-6, -6)).copy()
    assert not any(tuple(shot.get_at((x, y)))[:3] == (110, 196, 255)
                   for x in range(shot.get_width()) for y in range(shot.get_height())), "ring over the badge"
