"""SoundPlayer: event mapping, playback on the dummy driver, levels, and failing quietly."""

from __future__ import annotations

import logging
import shutil
import sys
from pathlib import Path

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rules import events as ev
from game.rules.cards import Card, Rank, Suit
from sounds import DATA_DIR, SOUND_NAMES
from sounds.player import EVENT_SOUNDS, LEVELS, SoundPlayer

FIVE_H = Card(Rank.FIVE, Suit.HEARTS)
THREE_D = Card(Rank.THREE, Suit.DIAMONDS)
SEVEN_S = Card(Rank.SEVEN, Suit.SPADES)
LEVEL_STEP = 1 / 128  # SDL_mixer stores channel volume in 128 steps


def all_event_classes() -> list[type[ev.Event]]:
    """Every engine event type, found by walking Event's subclasses (so a type added
    anywhere in the engine is seen), not by listing them."""
    found: set[type[ev.Event]] = set()
    todo = list(ev.Event.__subclasses__())
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        # `@dataclass(slots=True)` replaces each class with a new one, and the discarded
        # original can linger in __subclasses__ until collected; keep only the class its
        # module actually exports. Classes made up by tests are not engine events.
        module = sys.modules.get(cls.__module__)
        if cls.__module__.startswith("game.") and getattr(module, cls.__qualname__, None) is cls:
            found.add(cls)
    return sorted(found, key=lambda c: c.__name__)


# One instance of every event type and the sound it should make for human side 0, which
# here wins the hand and the game.
SAMPLES: list[tuple[ev.Event, str | None]] = [
    (ev.HandDealt(hand_number=1, dealer=0, cards_each=11, pile_top=SEVEN_S, pile_size=1), "shuffle"),
    (ev.RedThreeLaidOut(seat=0, card=THREE_D, replaced=True), "red_three"),
    (ev.CardsDrawn(seat=1, cards=(FIVE_H, SEVEN_S)), "card_slide"),
    (ev.PileTaken(seat=2, top=FIVE_H, cards=(SEVEN_S, FIVE_H), melded=(FIVE_H, FIVE_H)), "pile_pickup"),
    (ev.Melded(seat=0, side=0, rank=Rank.FIVE, cards=(FIVE_H,) * 3, new=True, size=3), "card_place"),
    (ev.CanastaCompleted(side=0, rank=Rank.FIVE, natural=True), "canasta"),
    (ev.Discarded(seat=3, card=SEVEN_S), "card_place"),
    (ev.AskedToGoOut(seat=0, partner=2), "click"),
    (ev.Answered(seat=2, yes=True), None),
    (ev.PilePassed(seat=1), None),
    (ev.PileFormed(upcard=FIVE_H, wilds=(), buried=5), None),
    (ev.PartnershipFormed(lone_seat=1, partners=(0, 2)), "click"),
    (ev.WentOut(seat=0, concealed=False), "going_out"),
    (ev.HandEnded(reason="went_out"), None),
    (ev.HandScored(hand_number=1, totals=(850, 120), scores=(850, 120)), "hand_won"),
    (ev.GameWon(winners=(0,), scores=(5120, 3400)), "going_out"),
]


def busy_volumes() -> list[float]:
    channels = (pygame.mixer.Channel(i) for i in range(pygame.mixer.get_num_channels()))
    return [c.get_volume() for c in channels if c.get_busy()]


def break_mixer(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_device(*_args: object, **_kwargs: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)


def sound_warnings(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "canasta.sound" and r.levelno == logging.WARNING]


# ---------------------------------------------------------------------------- mapping


def test_every_event_class_is_mapped_explicitly() -> None:
    classes = all_event_classes()
    assert classes, "no Event subclasses found"
    missing = [c.__name__ for c in classes if c not in EVENT_SOUNDS]
    assert not missing, f"add these to sounds.player.EVENT_SOUNDS (None to stay silent): {missing}"


def test_samples_cover_every_event_class() -> None:
    assert sorted(type(e).__name__ for e, _ in SAMPLES) == [c.__name__ for c in all_event_classes()]


def test_mapping_only_names_real_effects() -> None:
    assert set(LEVELS) == set(SOUND_NAMES)
    for rule in EVENT_SOUNDS.values():
        assert rule is None or callable(rule) or rule in SOUND_NAMES


@pytest.mark.parametrize(("event", "expected"), SAMPLES, ids=lambda x: type(x).__name__)
def test_sound_for(event: ev.Event, expected: str | None) -> None:
    assert SoundPlayer.sound_for(SoundPlayer.__new__(SoundPlayer), event, human_side=0) == expected


@pytest.mark.parametrize(
    ("totals", "side", "expected"),
    [
        ((850, 120), 0, "hand_won"),
        ((850, 120), 1, "hand_lost"),
        ((300, 300), 1, "hand_won"),  # a tie is not a loss
        ((-200, -500, -100), 0, "hand_lost"),  # cut-throat: best of the *others* counts
        ((-200, -500, -100), 2, "hand_won"),
        ((400,), 0, "hand_won"),
        ((850, 120), None, "hand_won"),
        ((-50, -120), None, "hand_lost"),
        ((-50, -120), 7, "hand_lost"),  # out of range: treated as unknown
        ((), None, "hand_won"),
    ],
)
def test_hand_scored_from_the_humans_side(totals: tuple[int, ...], side: int | None, expected: str) -> None:
    player = SoundPlayer.__new__(SoundPlayer)  # mapping is pure: no mixer needed
    event = ev.HandScored(hand_number=3, totals=totals, scores=totals)
    assert player.sound_for(event, side) == expected


@pytest.mark.parametrize(
    ("winners", "side", "expected"),
    [((0,), 0, "going_out"), ((0,), 1, "hand_lost"), ((0, 2), 2, "going_out"), ((1,), None, "going_out")],
)
def test_game_won_from_the_humans_side(winners: tuple[int, ...], side: int | None, expected: str) -> None:
    player = SoundPlayer.__new__(SoundPlayer)
    assert player.sound_for(ev.GameWon(winners=winners, scores=(0, 0)), side) == expected


@given(
    totals=st.lists(st.integers(-10_000, 10_000), max_size=4).map(tuple),
    side=st.none() | st.integers(-2, 5),
)
def test_hand_scored_always_names_an_outcome(totals: tuple[int, ...], side: int | None) -> None:
    player = SoundPlayer.__new__(SoundPlayer)
    name = player.sound_for(ev.HandScored(hand_number=1, totals=totals, scores=totals), side)
    assert name in ("hand_won", "hand_lost")
    if side is not None and 0 <= side < len(totals) and totals[side] > max(totals[:side] + totals[side + 1 :], default=0):
        assert name == "hand_won"


def test_unmapped_event_type_is_silent() -> None:
    class Sneeze(ev.Event):
        pass

    assert SoundPlayer.__new__(SoundPlayer).sound_for(Sneeze(), 0) is None


# ---------------------------------------------------------------------------- playing


@pytest.mark.parametrize(("event", "expected"), SAMPLES, ids=lambda x: type(x).__name__)
def test_each_event_plays_its_sound(event: ev.Event, expected: str | None) -> None:
    player = SoundPlayer()
    assert player.available
    played = player.play_events([event], human_side=0)
    assert played == ([] if expected is None else [expected])
    assert len(busy_volumes()) == len(played)


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_play_every_effect(name: str) -> None:
    player = SoundPlayer(volume=1.0)
    assert player.play(name) is True
    assert busy_volumes() == [pytest.approx(LEVELS[name], abs=LEVEL_STEP)]


def test_play_events_plays_each_name_once_per_batch() -> None:
    melds = [ev.Melded(seat=0, side=0, rank=Rank.FIVE, cards=(FIVE_H,) * 3, new=True, size=3)] * 3
    batch = [*melds, ev.CanastaCompleted(side=0, rank=Rank.FIVE, natural=True), ev.HandEnded(reason="x")]
    assert SoundPlayer().play_events(batch, human_side=0) == ["card_place", "canasta"]
    assert len(busy_volumes()) == 2


def test_unknown_name_plays_nothing_and_is_logged_once(caplog: pytest.LogCaptureFixture) -> None:
    player = SoundPlayer()
    with caplog.at_level(logging.DEBUG, logger="canasta.sound"):
        assert player.play("kazoo") is False
        assert player.play("kazoo") is False
    assert [r.levelno for r in caplog.records if r.name == "canasta.sound"] == [logging.ERROR]
    assert busy_volumes() == []


# ---------------------------------------------------------------------------- levels


def test_volume_sets_channel_volume_and_follows_changes() -> None:
    player = SoundPlayer(volume=0.5)
    assert player.play("shuffle")
    assert busy_volumes() == [pytest.approx(0.5 * LEVELS["shuffle"], abs=LEVEL_STEP)]
    player.set_volume(0.25)
    assert busy_volumes() == [pytest.approx(0.25 * LEVELS["shuffle"], abs=LEVEL_STEP)]
    player.set_volume(7.0)  # clamped
    assert player.volume == 1.0
    assert busy_volumes() == [pytest.approx(LEVELS["shuffle"], abs=LEVEL_STEP)]


def test_mute_stops_playing_and_unmute_resumes() -> None:
    player = SoundPlayer()
    assert player.play("shuffle") and player.play("canasta")
    player.set_muted(True)
    assert busy_volumes() == []
    assert player.play("click") is False
    assert player.play_events([ev.WentOut(seat=0, concealed=True)]) == []
    player.set_muted(False)
    assert player.play("click") is True


def test_starting_muted_or_at_zero_volume_plays_nothing() -> None:
    assert SoundPlayer(muted=True).play("deal") is False
    zero = SoundPlayer(volume=0.0)
    assert zero.play("deal") is False
    zero.set_volume(0.6)
    assert zero.play("deal") is True


def test_volume_zero_stops_playing() -> None:
    player = SoundPlayer()
    assert player.play("going_out")
    player.set_volume(0.0)
    assert busy_volumes() == []


# ---------------------------------------------------------------------------- failing quietly


def exercise(player: SoundPlayer) -> None:
    for name in SOUND_NAMES:
        assert player.play(name) is False
    assert player.play_events([e for e, _ in SAMPLES], human_side=0) == []
    player.set_volume(0.3)
    player.set_muted(True)
    player.set_muted(False)
    assert player.play("click") is False


def test_mixer_init_failure_is_silent_with_one_warning(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    break_mixer(monkeypatch)
    with caplog.at_level(logging.WARNING, logger="canasta.sound"):
        player = SoundPlayer()
        assert player.available is False
        exercise(player)
        exercise(player)
    assert len(sound_warnings(caplog)) == 1
    assert "audio device" in sound_warnings(caplog)[0].getMessage()
    # The mapping still works without a mixer (the UI may use it for captions, say).
    assert player.sound_for(SAMPLES[0][0]) == "shuffle"


def test_missing_files_are_silent_with_one_warning(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    for name in SOUND_NAMES[:-1]:
        shutil.copy(DATA_DIR / f"{name}.wav", tmp_path)
    with caplog.at_level(logging.WARNING, logger="canasta.sound"):
        player = SoundPlayer(data_dir=tmp_path)
        assert player.available is False
        exercise(player)
    warnings = sound_warnings(caplog)
    assert len(warnings) == 1
    assert SOUND_NAMES[-1] in warnings[0].getMessage()


def test_corrupt_file_is_silent_with_one_warning(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    for name in SOUND_NAMES:
        shutil.copy(DATA_DIR / f"{name}.wav", tmp_path)
    (tmp_path / "deal.wav").write_bytes(b"not a wav file at all")
    with caplog.at_level(logging.WARNING, logger="canasta.sound"):
        player = SoundPlayer(data_dir=tmp_path)
        assert player.available is False
        exercise(player)
    assert len(sound_warnings(caplog)) == 1


def test_mixer_shut_down_later_goes_silent_with_one_warning(caplog: pytest.LogCaptureFixture) -> None:
    player = SoundPlayer()
    assert player.play("click")
    with caplog.at_level(logging.WARNING, logger="canasta.sound"):
        pygame.mixer.quit()  # as pygame.quit() at exit would; touching a Sound now would crash
        exercise(player)
        exercise(player)
    assert player.available is False
    assert len(sound_warnings(caplog)) == 1


def test_each_failing_player_warns_once(monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    break_mixer(monkeypatch)
    with caplog.at_level(logging.WARNING, logger="canasta.sound"):
        first = SoundPlayer()
        exercise(first)
    assert len(sound_warnings(caplog)) == 1
