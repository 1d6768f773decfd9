"""A whole hand played as the human with posted mouse and key events only."""

from __future__ import annotations

import pygame

from game.rules import VARIANTS, Game, Phase
from game.ui.table.scene import TableScene


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
    counts = t.play_hand()
    assert counts["opened"] == 1 and counts["laid_off"] + counts["took"] > 0
    assert counts["discarded"] > 0
    t.frames(2)  # the summary draws its lines
    if g.phase is Phase.HAND_OVER:
        t.key(pygame.K_RETURN)
        assert isinstance(t.app.top, TableScene) and g.hand_number == 2
    return t
