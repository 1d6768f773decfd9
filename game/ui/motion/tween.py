"""Tweened motion: easing curves, flying cards and short-lived table effects.

All durations are in "normal speed" seconds; the animator scales time by the speed
setting, and `hurry()` finishes whatever is under way (a click or a key press).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from game.rules.cards import Card


def ease_in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


@dataclass
class Flight:
    """One card travelling across the table: position, size, rotation and a flip."""

    card: Card | None
    src: tuple[float, float]  # centres
    dst: tuple[float, float]
    src_w: int
    dst_w: int
    src_angle: float = 0.0
    dst_angle: float = 0.0
    src_face: bool = True
    dst_face: bool = True
    delay: float = 0.0
    duration: float = 0.4
    hide: tuple[int, int] | None = None  # the card's slot stays empty until it lands
    seat_in: int | None = None  # a back arriving in another player's hand
    sound: str | None = None
    arc: float = 0.0  # extra height of the path, in pixels
    elapsed: float = 0.0
    started: bool = False
    fade: bool = False  # reduced motion: the card fades in where it lands instead of flying

    @property
    def alpha(self) -> int:
        return round(255 * self.t) if self.fade else 255

    @property
    def t(self) -> float:
        if self.elapsed <= self.delay:
            return 0.0
        if self.duration <= 0:
            return 1.0
        return min(1.0, (self.elapsed - self.delay) / self.duration)

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    @property
    def active(self) -> bool:
        return self.elapsed > self.delay and not self.done

    def state(self) -> tuple[float, float, float, float, bool, float]:
        """(x, y, width, angle, face_up, flip_squash) at the current time."""
        if self.fade:
            return self.dst[0], self.dst[1], self.dst_w, self.dst_angle, self.dst_face, 1.0
        t = ease_in_out_cubic(self.t)
        x = lerp(self.src[0], self.dst[0], t)
        y = lerp(self.src[1], self.dst[1], t) - math.sin(math.pi * t) * self.arc
        w = lerp(self.src_w, self.dst_w, t)
        a = lerp(self.src_angle, self.dst_angle, t)
        if self.src_face == self.dst_face:
            return x, y, w, a, self.dst_face, 1.0
        # a flip: the card narrows to an edge at half way and opens on its other side
        squash = abs(math.cos(math.pi * t))
        face = self.dst_face if t >= 0.5 else self.src_face
        return x, y, w, a, face, max(0.04, squash)


@dataclass
class Effect:
    kind: str  # "banner", "burst", "bubble", "toast", "glow"
    pos: tuple[int, int]
    text: str = ""
    delay: float = 0.0
    duration: float = 1.0
    blocking: bool = True
    colour: tuple[int, int, int] = (244, 234, 208)
    elapsed: float = 0.0
    seed: int = 0
    payload: object = None  # "sound" effects: the engine event whose sound to play
    seat: int | None = None  # a speech bubble's speaker (drawn beside that seat)
    started: bool = False
    particles: list[tuple[float, float, float, tuple[int, int, int]]] = field(default_factory=list)
    steady: bool = False  # reduced motion: shown without growing into place

    @property
    def t(self) -> float:
        if self.elapsed <= self.delay:
            return 0.0
        return min(1.0, (self.elapsed - self.delay) / max(1e-6, self.duration))

    @property
    def visible(self) -> bool:
        return self.elapsed > self.delay and not self.done

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    def make_particles(self, n: int = 36) -> None:
        rng = random.Random(self.seed)
        colours = [(240, 200, 90), (255, 236, 160), (220, 60, 60), (250, 250, 240)]
        self.particles = [(rng.uniform(0, 2 * math.pi), rng.uniform(0.5, 1.0),
                           rng.uniform(3, 6), rng.choice(colours)) for _ in range(n)]


FADE = 0.16  # reduced motion: how long a card takes to fade in where it lands


class Animator:
    def __init__(self, speed: float = 1.0, reduced: bool = False) -> None:
        self.speed = speed
        self.reduced = reduced  # fades instead of flights, no bursts, banners that stay still
        self.flights: list[Flight] = []
        self.effects: list[Effect] = []
        self.landed: list[Flight] = []  # landed since the last `take_landed`

    @property
    def instant(self) -> bool:
        return self.speed >= 10

    @property
    def busy(self) -> bool:
        return bool(self.flights) or any(e.blocking for e in self.effects)

    def horizon(self) -> float:
        """When, from now, the last queued flight lands (to chain the next event)."""
        ends = [f.delay + f.duration - f.elapsed for f in self.flights]
        ends += [e.delay + e.duration - e.elapsed for e in self.effects if e.blocking]
        return max([0.0] + ends)

    def add(self, flight: Flight) -> None:
        if self.reduced:
            # the delays stay, so the cards still appear one after another in the order
            # of the play; only the travel goes
            flight.fade = True
            flight.arc = 0.0
            flight.duration = min(flight.duration, FADE)
        self.flights.append(flight)

    def effect(self, e: Effect) -> None:
        if e.kind == "burst":
            if self.reduced:
                return  # flying sparks are motion for its own sake
            e.make_particles()
        e.steady = self.reduced
        self.effects.append(e)

    def hidden(self) -> set[tuple[int, int]]:
        return {f.hide for f in self.flights if f.hide is not None}

    def incoming(self) -> dict[int, int]:
        out: dict[int, int] = {}
        for f in self.flights:
            if f.seat_in is not None:
                out[f.seat_in] = out.get(f.seat_in, 0) + 1
        return out

    def update(self, dt: float) -> tuple[list[str], list[object]]:
        """Advance time; returns the sounds of flights that just started and the events
        whose moment has come (for their sound)."""
        step = 10.0 if self.instant else dt * self.speed
        sounds: list[str] = []
        due: list[object] = []
        for f in self.flights:
            f.elapsed += step
            if not f.started and f.elapsed > f.delay:
                f.started = True
                if f.sound:
                    sounds.append(f.sound)
        for e in self.effects:
            e.elapsed += step
            if not e.started and e.elapsed > e.delay:
                e.started = True
                if e.payload is not None:
                    due.append(e.payload)
        landed = [f for f in self.flights if f.done]
        if landed:
            self.landed.extend(landed)
            self.flights = [f for f in self.flights if not f.done]
        self.effects = [e for e in self.effects if not e.done]
        return sounds, due

    def hurry(self) -> None:
        """Finish everything that blocks the game: flights land, banners go."""
        for f in self.flights:
            f.elapsed = f.delay + f.duration
            f.started = True
        self.landed.extend(self.flights)
        self.flights = []
        # pending sounds would all fire at once after a hurry: skip them instead
        self.effects = [e for e in self.effects
                        if not e.blocking and not (e.payload is not None and not e.started)]
