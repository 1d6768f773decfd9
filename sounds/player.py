"""Plays the table's sound effects, and maps engine events to them.

A game must run on machines with no sound card (CI, remote desktops, muted laptops), so
the player never lets audio trouble reach its caller: if the mixer cannot start or an effect
cannot be loaded, it logs one warning on the "canasta.sound" logger, sets `available` to
False and from then on every call is a silent no-op.

Event → sound (see `EVENT_SOUNDS`):

* HandDealt → shuffle (the table plays `deal` itself for each card it animates)
* CardsDrawn → card_slide, PileTaken → pile_pickup, Melded / Discarded → card_place
* RedThreeLaidOut → red_three, CanastaCompleted → canasta, WentOut → going_out
* HandScored → hand_won / hand_lost, seen from `human_side` (see `_hand_scored`)
* GameWon → going_out if `human_side` is among the winners, else hand_lost; with no
  known side (all-AI game, spectator) → going_out: someone won, so celebrate
* AskedToGoOut → click: a question appears and wants the player's attention
* PartnershipFormed → click: a banner announces who plays alone
* PileFormed → None: italian's starting pile comes with the deal and its shuffle
* Answered, PilePassed, HandEnded → None: each is immediately followed by an event with
  its own sound (going out, or the hand being scored), so a click would only clutter it
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from pathlib import Path

import pygame

from game.rules.events import (
    Answered,
    AskedToGoOut,
    CanastaCompleted,
    CardsDrawn,
    Discarded,
    Event,
    GameWon,
    HandDealt,
    HandEnded,
    HandScored,
    Melded,
    PartnershipFormed,
    PileFormed,
    PilePassed,
    PileTaken,
    RedThreeLaidOut,
    WentOut,
)
from sounds import DATA_DIR, SOUND_NAMES

logger = logging.getLogger("canasta.sound")

# Files are all peak-normalised, but a peak-normalised click or low falling tone sounds far
# louder than a card flick at the same peak; these trims balance them against each other.
LEVELS: dict[str, float] = {
    "shuffle": 1.0,
    "deal": 0.8,
    "card_slide": 0.9,
    "card_place": 0.9,
    "pile_pickup": 1.0,
    "canasta": 0.8,
    "red_three": 0.75,
    "going_out": 0.85,
    "hand_won": 0.8,
    "hand_lost": 0.6,
    "click": 0.5,
}


def _hand_scored(event: Event, human_side: int | None) -> str:
    """Won if the human's side scored at least as much as the best other side this hand
    (a tie is not a loss). With no known side, or one out of range, there is nobody to
    commiserate with: hand_won unless every side scored below zero."""
    assert isinstance(event, HandScored)
    totals = event.totals
    if human_side is not None and 0 <= human_side < len(totals):
        others = [t for i, t in enumerate(totals) if i != human_side]
        return "hand_won" if not others or totals[human_side] >= max(others) else "hand_lost"
    return "hand_lost" if totals and all(t < 0 for t in totals) else "hand_won"


def _game_won(event: Event, human_side: int | None) -> str:
    assert isinstance(event, GameWon)
    if human_side is None:
        return "going_out"
    return "going_out" if human_side in event.winners else "hand_lost"


SoundRule = str | None | Callable[[Event, int | None], str | None]

# Every Event subclass must appear here, with None meaning "deliberately silent"; a test
# enforces that so a new event type cannot be forgotten.
EVENT_SOUNDS: dict[type[Event], SoundRule] = {
    HandDealt: "shuffle",
    RedThreeLaidOut: "red_three",
    CardsDrawn: "card_slide",
    PileTaken: "pile_pickup",
    Melded: "card_place",
    CanastaCompleted: "canasta",
    Discarded: "card_place",
    AskedToGoOut: "click",
    Answered: None,
    PilePassed: None,
    PartnershipFormed: "click",
    WentOut: "going_out",
    HandEnded: None,
    PileFormed: None,  # it comes with the deal, whose shuffle already plays
    HandScored: _hand_scored,
    GameWon: _game_won,
}


class SoundPlayer:
    """Loads every effect once and plays them on free mixer channels.

    `volume` is the master level (0..1); each effect's channel volume is
    `volume * LEVELS[name]`. Muting (or a volume of 0) stops this player's sounds and makes
    `play` start nothing.
    """

    available: bool

    def __init__(self, volume: float = 0.8, muted: bool = False, data_dir: Path | None = None) -> None:
        self._volume = _clamp(volume)
        self._muted = bool(muted)
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._warned = False
        self._unknown_logged: set[str] = set()
        self.available = False
        try:
            self._sounds = self._load(DATA_DIR if data_dir is None else Path(data_dir))
        except Exception as exc:  # noqa: BLE001 - audio trouble of any kind must not stop the game
            self._give_up(exc)
        else:
            self.available = True

    @staticmethod
    def _load(data_dir: Path) -> dict[str, pygame.mixer.Sound]:
        pygame.mixer.init(frequency=44_100, size=-16, channels=2, buffer=512)
        if pygame.mixer.get_init() is None:
            raise pygame.error("mixer did not initialise")
        missing = [n for n in SOUND_NAMES if not (data_dir / f"{n}.wav").is_file()]
        if missing:
            # Partial sets are treated as broken: it means a bad install, better reported
            # once now than heard as random gaps later.
            raise FileNotFoundError(f"missing sound files in {data_dir}: {', '.join(missing)}")
        return {n: pygame.mixer.Sound(str(data_dir / f"{n}.wav")) for n in SOUND_NAMES}

    def _give_up(self, exc: BaseException) -> None:
        self.available = False
        self._sounds = {}
        if not self._warned:
            self._warned = True
            logger.warning("Sound disabled: %s", exc)

    def _mixer_alive(self) -> bool:
        """False (and silent from now on) once the mixer has been shut down, e.g. by
        `pygame.quit()` at exit: touching a Sound after that crashes SDL_mixer outright
        rather than raising, so it must be checked before every use."""
        if pygame.mixer.get_init() is None:
            self._give_up(pygame.error("the mixer was shut down"))
            return False
        return True

    # ------------------------------------------------------------------ levels

    @property
    def volume(self) -> float:
        return self._volume

    @property
    def muted(self) -> bool:
        return self._muted

    def _level(self, name: str) -> float:
        return 0.0 if self._muted else self._volume * LEVELS.get(name, 1.0)

    def set_volume(self, v: float) -> None:
        self._volume = _clamp(v)
        self._apply_levels()

    def set_muted(self, m: bool) -> None:
        self._muted = bool(m)
        self._apply_levels()

    def _apply_levels(self) -> None:
        """Bring already-playing effects to the new level, or stop them when silenced."""
        if not self.available or not self._mixer_alive():
            return
        try:
            if self._muted or self._volume <= 0.0:
                for sound in self._sounds.values():
                    sound.stop()
                return
            by_id = {id(s): n for n, s in self._sounds.items()}
            for i in range(pygame.mixer.get_num_channels()):
                channel = pygame.mixer.Channel(i)
                name = by_id.get(id(channel.get_sound()))
                if name is not None:
                    channel.set_volume(self._level(name))
        except pygame.error as exc:  # e.g. someone quit the mixer under us
            self._give_up(exc)

    # ------------------------------------------------------------------ playing

    def play(self, name: str) -> bool:
        """Start effect `name`; True if it started. Unknown names start nothing (logged
        once each as an error, since that is a bug in the caller, not in the machine)."""
        if name not in LEVELS:
            if name not in self._unknown_logged:
                self._unknown_logged.add(name)
                logger.error("Unknown sound effect %r", name)
            return False
        level = self._level(name)
        if not self.available or level <= 0.0 or not self._mixer_alive():
            return False
        try:
            channel = self._sounds[name].play()
            if channel is None:  # every channel busy: dropping a blip beats cutting one off
                return False
            channel.set_volume(level)
        except pygame.error as exc:
            self._give_up(exc)
            return False
        return True

    def sound_for(self, event: Event, human_side: int | None = None) -> str | None:
        """The effect for an engine event, seen from `human_side` (a side/scoring-unit
        index, None when no human plays). Pure: plays nothing, needs no mixer."""
        for cls in type(event).__mro__:
            if cls in EVENT_SOUNDS:
                rule = EVENT_SOUNDS[cls]
                return rule(event, human_side) if callable(rule) else rule
        return None

    def play_events(self, events: Iterable[Event], human_side: int | None = None) -> list[str]:
        """Play the sounds for a batch of events (one `Game.apply`); returns the names that
        actually started. Each name plays at most once per batch: three melds laid at once
        should sound like one move, not one tap three times as loud."""
        played: list[str] = []
        seen: set[str] = set()
        for event in events:
            name = self.sound_for(event, human_side)
            if name is None or name in seen:
                continue
            seen.add(name)
            if self.play(name):
                played.append(name)
        return played


def _clamp(v: float) -> float:
    return min(1.0, max(0.0, float(v)))
