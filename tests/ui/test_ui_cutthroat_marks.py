"""Cut-throat at the table: before the first pile take the panel says the house rule is
on; once partners form, each partner's red 3s lie in the shared area under their owner's
name (they moved there and lost their owner)."""

from __future__ import annotations

import pygame

from game.i18n import tr
from game.rules import VARIANTS, Game
from game.ui.table import panel

from .driving import rendered

CUT = VARIANTS["classic-3p"].with_options(cutthroat=True)


def _game() -> Game:
    return Game.scripted(CUT, ["9H 9D AS AH AD 7C 8C KC 5S", "QS 4C 8H 10C JD 6D 6H", "KS KC KH 5C 5D 7S"],
                         pile="4D 9C", stock="KD QH", melds={1: ["JS JH JC"], 2: ["10S 10H 10D"]},
                         red_threes={1: "3H", 2: "3D 3H"}, to_play=0)


def _panel_words(t) -> list[str]:
    return [text for text, _ in rendered(t, panel)]


def _take_the_pile_first(t) -> None:
    t.select("AS", "AH", "AD")
    t.drag(t.card_pos("AS"), t.new_meld_pos())
    t.click(t.scene.layout.pile.center)  # staged aces plus the pair of 9s left in the hand
    t.frames(3)


def test_the_panel_says_cut_throat_is_on_until_the_first_pile_take(table):
    t = table(_game())
    pending = tr("ui.panel.cutthroat_pending")
    assert any(pending.startswith(w) for w in _panel_words(t) if w), "no word that cut-throat is on"
    _take_the_pile_first(t)
    g = t.game
    assert g.side_of_seat(1) == g.side_of_seat(2)
    assert not any(pending.startswith(w) for w in _panel_words(t) if w)


def test_partners_red_threes_are_each_marked_with_their_owner(table):
    t = table(_game())
    _take_the_pile_first(t)
    s, g = t.scene, t.game
    shared = g.side_of_seat(1)
    owners = dict((seat, group) for seat, group in s.board.three_owners)
    assert set(owners) == {1, 2}, "each partner's red 3s are a group of their own"
    by_owner = {seat: [it.rect for it in s.board.red_threes[shared]
                       if it.card is not None and it.card.identity in {c.identity for c in g.red_threes[seat]}]
                for seat in (1, 2)}
    for seat, group in owners.items():
        assert by_owner[seat] and all(group.contains(r) for r in by_owner[seat])
        other = by_owner[3 - seat]
        assert not any(group.colliderect(r) for r in other), "the owners' red 3s are mixed"
    tags = s.renderer.owner_tags
    assert len(tags) == 2 and not tags[0].colliderect(tags[1])
    melds = [it.rect for box in s.board.melds for it in box.cards]
    threes = [r for rects in by_owner.values() for r in rects]
    assert not [tag for tag in tags for r in melds + threes if tag.colliderect(r)]
    for seat, tag in zip((seat for seat, _g in s.board.three_owners), tags, strict=True):
        assert tag.centerx == owners[seat].centerx
    assert all(t.scene.layout.top_area.inflate(2, 2).contains(tag) for tag in tags)
    assert pygame.Rect(t.scene.layout.play).contains(tags[0])
