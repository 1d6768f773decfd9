"""A whole hand played as the human with posted mouse and key events only."""

from __future__ import annotations

import pygame

from game.rules import VARIANTS, Game, Phase
from game.rules.actions import Discard, Meld, PassPile, TakePile
from game.ui.dialogs import Dialog
from game.ui.score_scene import HandEndScene
from game.ui.table_scene import TableScene


def test_a_whole_hand_through_events(table):
    play_a_whole_hand(table)


def test_a_whole_hand_is_played_when_the_mixer_cannot_start(table, monkeypatch, caplog):
    def broken_init(*args, **kwargs):
        raise pygame.error("No available audio device")

    pygame.mixer.quit()
    monkeypatch.setattr(pygame.mixer, "init", broken_init)
    with caplog.at_level("WARNING", logger="canasta.sound"):
        t = play_a_whole_hand(table, muted=False)
    assert not t.app.sound.available
    warnings = [r for r in caplog.records if r.name == "canasta.sound"]
    assert len(warnings) == 1, "the game says so once in the log, and only once"


def play_a_whole_hand(table, **table_options):
    g = Game.scripted(VARIANTS["classic"], seed=11,
                      hands=["KH KD KS AH AD AS 9D 4C 8S 6D 6H",
                             "5C 5D 6C 7C 7H 7S 8C 9C 10C JC QC",
                             "5H 5S 6S 7D 8D 9S 10D JD QD KC 4D",
                             "4H 4S 10H 10S JH JS QH QS 9H 8H 5H"],
                      pile="4C 10C", to_play=0)
    t = table(g, **table_options)
    opened = took = laid_off = 0
    for _turn in range(200):
        t.settle()
        top = t.app.top
        if isinstance(top, HandEndScene):
            break
        if isinstance(top, Dialog):
            t.key(pygame.K_RETURN)
            continue
        assert top is t.scene
        legal = g.legal_actions()
        if g.phase is Phase.STOCK_END:
            if any(isinstance(a, PassPile) for a in legal):
                t.click(t.button_pos("pass"))
            else:
                t.click(t.scene.layout.pile.center)
            continue
        assert g.phase is Phase.DRAW and g.to_play == 0
        takes = [a for a in legal if isinstance(a, TakePile) and a.cards and not a.melds]
        if takes and opened:
            t.click(t.scene.layout.pile.center)
            if isinstance(t.app.top, Dialog):
                t.key(pygame.K_RETURN)
            took += 1
        else:
            t.click(t.scene.layout.stock.center)
        if g.phase is not Phase.MELD:
            continue
        if not opened:
            t.select("KH", "KD", "KS")
            t.drag(t.card_pos("KD"), t.new_meld_pos())
            t.select("AH", "AD", "AS")
            t.drag(t.card_pos("AH"), t.new_meld_pos())
            t.key(pygame.K_RETURN)
            assert g.melds[0], "the staged opening was laid down"
            opened = 1
        for rank in list(g.melds[0]):
            for c in [c for c in g.hands[0] if c.rank == rank]:
                if g.phase is Phase.MELD and g.check(Meld([[c]], onto=[rank])) is None \
                        and len(g.hands[0]) > 2:
                    t.drag(t.card_pos(c.label), t.meld_pos(rank))
                    laid_off += 1
        if g.phase is not Phase.MELD:
            continue
        discard = next(a for a in g.legal_actions() if isinstance(a, Discard))
        before = len(g.hands[0])
        t.drag(t.card_pos(discard.card.label), t.scene.layout.pile.center)
        assert len(g.hands[0]) == before - 1 or g.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
    assert isinstance(t.app.top, HandEndScene), "the hand never ended"
    assert g.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
    assert opened and laid_off + took > 0
    assert g.invariant_violations() == []
    t.frames(2)  # the summary draws its lines
    if g.phase is Phase.HAND_OVER:
        t.key(pygame.K_RETURN)
        assert isinstance(t.app.top, TableScene) and g.hand_number == 2
    return t
