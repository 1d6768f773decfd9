"""How the table draws melds (found by playing whole games under Xvfb with real mouse
clicks: scripts/xvfb_play.py)."""

from __future__ import annotations

from game.i18n import tr
from game.rules import VARIANTS, Game
from game.rules.melds import WILD_MELD


def crowded_three_player_table() -> Game:
    """West holds seven melds in half of the top band, two canastas side by side."""
    return Game.scripted(VARIANTS["classic-3p"],
                         hands=["4C 9H 6S 4S 10D", "4H 6S 4D 8D", "4D 6D 8S 9S"],
                         melds={1: ["AS AH AD AC", "KS KH JK", "QS QH QD QC QS JK 2C", "JS JH JD JC 2D 2H JC",
                                    "10S 10H 10D 10C 10S", "9D 9H 9C", "8C 8H JK"],
                                2: ["7C 7H 7C 7H 7D 7S 2S", "5S 5C 5H 5C 5S 5D 5D", "6H 6C 6D"]},
                         to_play=0)


def test_canasta_ribbons_stay_on_the_strip_of_their_pile_that_shows(table):
    """With the columns overlapping, the next column was drawn over half of a canasta's
    "Mixed" ribbon (and the next ribbon over the rest)."""
    t = table(crowded_three_player_table())
    t.frames(3)
    b = t.scene.board
    canastas = [box for box in b.melds if box.canasta]
    assert len(canastas) == 4
    ribbons = [r for r, _word in t.scene.renderer.ribbons]
    assert len(ribbons) == 4, "each canasta has its ribbon"
    for i, r in enumerate(ribbons):
        assert not any(r.colliderect(o) for o in ribbons[i + 1:]), "ribbons do not overlap"
    for box, ribbon in zip(canastas, ribbons, strict=True):
        assert ribbon.colliderect(box.cards[0].rect)
        later = [m.column.x for m in b.melds if m.side == box.side and m.column.x > box.column.x]
        if later:
            assert ribbon.right <= min(later) + 2, "the ribbon ends where the next column begins"
            assert ribbon.w >= 40, "still wide enough to read"


def test_a_canasta_of_wild_cards_is_not_called_natural(table):
    """The engine counts a meld of wild cards as natural (for italian's red 3s), and the
    ribbon said "Natural" over seven jokers and 2s; the score sheet says "Canasta of wild
    cards"."""
    g = Game.scripted(VARIANTS["italian"], hands=["4C 9H 6S 4S 10D 5H", "4H 6S 4D 8D", "4D 6D 8S 9S", "5C 5D 7H"],
                      melds={0: ["JK JK 2C 2D 2H 2S JK", "KS KH KD KC KS KH KD", "QS QH QD QC QS JK 2C"]}, to_play=0)
    t = table(g)
    t.frames(3)
    canastas = [b for b in t.scene.board.melds if b.canasta]
    words = {box.rank: word for box, (_r, word) in zip(canastas, t.scene.renderer.ribbons, strict=True)}
    assert words[WILD_MELD] == tr("ui.canasta.wild")
    assert words[13] == tr("ui.canasta.natural") and words[12] == tr("ui.canasta.mixed")
