"""Cut-throat drawn as it is: three areas until the pile is taken; when the human takes it
first, the two others meld into one shared top area, and the log says who plays alone."""

from __future__ import annotations

from game.i18n import tr
from game.rules import VARIANTS, Game

CUT = VARIANTS["classic-3p"].with_options(cutthroat=True)


def test_the_human_takes_the_pile_first_and_the_partners_share_the_top(table):
    g = Game.scripted(CUT, ["9H 9D AS AH AD 7C 8C KC 5S", "QS 4C 8H 10C JD 6D 6H", "KS KC KH 5C 5D 7S"],
                      pile="4D 9C", stock="KD QH", melds={1: ["JS JH JC"], 2: ["10S 10H 10D"]}, to_play=0)
    t = table(g)
    t.frames(2)
    assert t.scene.renderer._static_key[2] is False, "three areas before the pile is taken"
    t.select("AS", "AH", "AD")
    t.drag(t.card_pos("AS"), t.new_meld_pos())
    t.click(t.scene.layout.pile.center)  # staged aces plus the pair of 9s left in the hand
    assert g.side_of_seat(1) == g.side_of_seat(2) != g.side_of_seat(0)
    t.frames(3)
    assert t.scene.renderer._static_key[2] is True, "one shared area for the partners"
    boxes = [b for b in t.scene.board.melds if b.side == g.side_of_seat(1)]
    top = t.scene.layout.top_area
    assert len(boxes) == 2 and all(top.contains(b.column) for b in boxes)
    assert tr("ui.log.you.alone") in [text for text, _hot in t.scene.view.log_lines()]


def test_a_banner_says_who_plays_alone_against_whom(table):
    g = Game.scripted(CUT, ["9H 9D AS AH AD 7C 8C KC 5S", "QS 4C 8H 10C JD 6D 6H", "KS KC KH 5C 5D 7S"],
                      pile="4D 9C", stock="KD QH", melds={1: ["JS JH JC"], 2: ["10S 10H 10D"]}, to_play=0)
    t = table(g)
    shown = []
    effect = t.scene.animator.effect
    t.scene.animator.effect = lambda e: (shown.append(e), effect(e))[1]
    t.select("AS", "AH", "AD")
    t.drag(t.card_pos("AS"), t.new_meld_pos())
    t.click(t.scene.layout.pile.center)
    banners = [e.text for e in shown if e.kind == "banner"]
    assert tr("ui.fx.alone_you", first=tr("ui.seat.west"), second=tr("ui.seat.east")) in banners
    assert "You play alone against West & East" in banners or tr("ui.seat.you") != "You"
    # when another player takes the pile first, the banner names them and the other partner
    assert t.scene.choreo.alone_text(1, 3) == tr("ui.fx.alone_other", name=tr("ui.seat.west"),
                                                 other=tr("ui.seat.east"))


def test_the_banner_keeps_clear_of_the_stock_the_pile_and_their_counts(table):
    g = Game.scripted(CUT, ["9H 9D AS AH AD 7C 8C KC 5S", "QS 4C 8H 10C JD 6D 6H", "KS KC KH 5C 5D 7S"],
                      pile="4D 9C", stock="KD QH", melds={1: ["JS JH JC"], 2: ["10S 10H 10D"]}, to_play=0)
    t = table(g)
    t.select("AS", "AH", "AD")
    t.drag(t.card_pos("AS"), t.new_meld_pos())
    t.app.prefs.animation_speed = 1.0  # the banner stays up a moment, as in play
    t.click(t.scene.layout.pile.center)
    assert g.side_of_seat(1) == g.side_of_seat(2)
    for _ in range(240):
        t.frames(1)
        boxes = getattr(t.scene.renderer, "banner_boxes", [])
        if boxes:
            break
    else:
        raise AssertionError("no banner")
    L = t.scene.layout
    for r in (L.stock, L.pile, *t.scene.renderer.keep_clear()):
        assert not boxes[0].colliderect(r), r


def test_the_banner_and_the_partners_area_join_two_names_the_same_way(table):
    from game.i18n import get_locale, set_locale

    g = Game.scripted(CUT, ["9H 9D AS AH AD 7C 8C KC 5S", "QS 4C 8H 10C JD 6D 6H", "KS KC KH 5C 5D 7S"],
                      pile="4D 9C", stock="KD QH", melds={1: ["JS JH JC"], 2: ["10S 10H 10D"]}, to_play=0)
    t = table(g)
    t.select("AS", "AH", "AD")
    t.drag(t.card_pos("AS"), t.new_meld_pos())
    t.click(t.scene.layout.pile.center)
    assert g.side_of_seat(1) == g.side_of_seat(2) != g.side_of_seat(0)
    was = get_locale()
    try:
        for lang in ("en", "it", "es"):
            set_locale(lang)
            caption = t.scene.side_name(g.side_of_seat(1))  # "West & East" over their melds
            assert caption in t.scene.choreo.alone_text(0, 3), (lang, caption)
    finally:
        set_locale(was)
