"""Synthesise the table's sound effects into `sounds/data/*.wav`.

Run `python -m sounds.generate [OUT_DIR]`. Pure standard library, so it runs anywhere the
game's sources do. Each effect is built from two ingredients:

* card sounds: white noise through a band-pass / low-pass biquad, shaped by fast envelopes
  (paper on felt is mostly noise; its "colour" comes from the filter centre);
* tonal sounds: a few sine partials, each with its own exponential decay, so the upper
  partials die first and notes mellow as they ring, like struck metal or a mallet.

Every written file is read back and checked (format, length, peak level, clipping, quiet
ending); any failure makes the script exit non-zero, so a bad tweak cannot slip through.
Randomness is seeded per effect (from the name, not `hash()`, which is salted per process),
so rerunning produces byte-identical files.
"""

from __future__ import annotations

import math
import random
import sys
import wave
import zlib
from array import array
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from sounds import DATA_DIR, SOUND_NAMES

RATE = 44_100
NYQUIST = RATE / 2
SAMPLE_WIDTH = 2  # 16-bit
FULL_SCALE = 32_768  # dBFS reference: |sample| / 32768
MAX_SECONDS = 1.0
TARGET_PEAK_DBFS = -1.0
PEAK_MIN_DBFS = -1.5
PEAK_MAX_DBFS = -0.5
# An effect cut off mid-sound clicks; the last sample must be near silence.
MAX_END_LEVEL = 0.01

Signal = list[float]
# (frequency ratio to the note, amplitude, decay time constant in seconds)
Partial = tuple[float, float, float]


# --------------------------------------------------------------------------- building blocks


def samples(seconds: float) -> int:
    return round(seconds * RATE)


def silence(seconds: float) -> Signal:
    return [0.0] * samples(seconds)


def mix_into(dst: Signal, src: Sequence[float], at: float, gain: float = 1.0) -> None:
    """Add `src` into `dst` starting at `at` seconds; whatever overhangs the end is dropped
    rather than growing `dst`, so each effect's length is fixed by its recipe."""
    start = samples(at)
    for i, value in enumerate(src[: max(0, len(dst) - start)]):
        dst[start + i] += gain * value


def white_noise(seconds: float, rng: random.Random) -> Signal:
    return [rng.uniform(-1.0, 1.0) for _ in range(samples(seconds))]


def envelope(n: int, attack: float, decay: float, hold: float = 0.0) -> Signal:
    """Raised-cosine attack (no click at onset), optional hold, then exponential decay."""
    a = max(1, samples(attack))
    h = samples(hold)
    k = math.exp(-1.0 / (decay * RATE))
    out: Signal = []
    level = 1.0
    for i in range(n):
        if i < a:
            out.append(0.5 - 0.5 * math.cos(math.pi * i / a))
        elif i < a + h:
            out.append(1.0)
        else:
            out.append(level)
            level *= k
    return out


def shaped(x: Sequence[float], env: Sequence[float]) -> Signal:
    return [a * b for a, b in zip(x, env, strict=True)]


def fade_out(x: Signal, seconds: float) -> None:
    n = min(len(x), samples(seconds))
    for i in range(n):
        x[len(x) - n + i] *= 0.5 + 0.5 * math.cos(math.pi * (i + 1) / n)


@dataclass(frozen=True, slots=True)
class _Biquad:
    b0: float
    b1: float
    b2: float
    a1: float
    a2: float


def _design(kind: str, freq: float, q: float) -> _Biquad:
    # Standard second-order sections (bilinear transform of the analogue prototypes).
    w0 = 2.0 * math.pi * min(freq, NYQUIST * 0.95) / RATE
    cos_w0 = math.cos(w0)
    alpha = math.sin(w0) / (2.0 * q)
    a0 = 1.0 + alpha
    if kind == "bandpass":  # 0 dB at the centre
        b0, b1, b2 = alpha, 0.0, -alpha
    elif kind == "lowpass":
        b0 = b2 = (1.0 - cos_w0) / 2.0
        b1 = 1.0 - cos_w0
    elif kind == "highpass":
        b0 = b2 = (1.0 + cos_w0) / 2.0
        b1 = -(1.0 + cos_w0)
    else:
        raise ValueError(f"unknown filter kind {kind!r}")
    return _Biquad(b0 / a0, b1 / a0, b2 / a0, (-2.0 * cos_w0) / a0, (1.0 - alpha) / a0)


def filtered(
    x: Sequence[float],
    kind: str,
    freq: float | Callable[[float], float],
    q: float = 0.707,
    block: int = 32,
) -> Signal:
    """Biquad filter; `freq` may be a function of time (seconds) for sweeps. Coefficients
    are refreshed every `block` samples: smooth enough to the ear, far cheaper than per
    sample in pure Python."""
    freq_at = freq if callable(freq) else (lambda _t, f=freq: f)
    out: Signal = []
    x1 = x2 = y1 = y2 = 0.0
    c = _design(kind, freq_at(0.0), q)
    for i, x0 in enumerate(x):
        if i % block == 0 and callable(freq):
            c = _design(kind, freq_at(i / RATE), q)
        y0 = c.b0 * x0 + c.b1 * x1 + c.b2 * x2 - c.a1 * y1 - c.a2 * y2
        x2, x1, y2, y1 = x1, x0, y1, y0
        out.append(y0)
    return out


def tone(
    freq: float,
    seconds: float,
    partials: Iterable[Partial],
    attack: float = 0.004,
    bend: float = 0.0,
) -> Signal:
    """A note of sine partials. `bend` glides the pitch by that fraction over the note
    (phase is accumulated so the glide stays continuous)."""
    n = samples(seconds)
    out = [0.0] * n
    for ratio, amp, tau in partials:
        f = freq * ratio
        if f * (1.0 + max(bend, 0.0)) >= NYQUIST * 0.9:
            continue  # would alias back down as a sour, unrelated pitch
        k = math.exp(-1.0 / (tau * RATE))
        step = 2.0 * math.pi * f / RATE
        phase = 0.0
        level = amp
        for i in range(n):
            out[i] += level * math.sin(phase)
            level *= k
            phase += step * (1.0 + bend * i / n)
    a = max(1, samples(attack))
    for i in range(min(a, n)):
        out[i] *= 0.5 - 0.5 * math.cos(math.pi * i / a)
    return out


def noise_burst(
    rng: random.Random,
    seconds: float,
    centre: float | Callable[[float], float],
    q: float,
    attack: float,
    decay: float,
    hold: float = 0.0,
) -> Signal:
    raw = filtered(white_noise(seconds, rng), "bandpass", centre, q)
    return shaped(raw, envelope(len(raw), attack, decay, hold))


def note_hz(semitones_from_a4: float) -> float:
    return 440.0 * 2.0 ** (semitones_from_a4 / 12.0)


# Note names used below, as semitones from A4.
C4, E_FLAT4, G4 = -9, -6, -2
C5, E5, G5, C6, E6 = 3, 7, 10, 15, 19

# Timbres. Ratios > 1 decay faster, which is what makes these read as "struck".
CHIME: tuple[Partial, ...] = ((1.0, 1.0, 0.22), (2.0, 0.35, 0.12), (3.0, 0.15, 0.07), (4.2, 0.08, 0.04))
# A church-bell partial series (hum, prime, minor-third tierce, quint, nominal, upper
# partials), kept quiet above the prime so the bell is soft rather than clangy.
BELL: tuple[Partial, ...] = (
    (0.5, 0.30, 0.55),
    (1.0, 1.00, 0.40),
    (1.19, 0.30, 0.30),
    (1.5, 0.18, 0.25),
    (2.0, 0.28, 0.20),
    (2.74, 0.10, 0.12),
    (4.07, 0.05, 0.07),
)
BRASS: tuple[Partial, ...] = tuple((float(k), 1.0 / k**1.3, 0.5 / k**0.5) for k in range(1, 7))
MARIMBA: tuple[Partial, ...] = ((1.0, 1.0, 0.28), (3.93, 0.25, 0.05), (9.2, 0.06, 0.015))
MELLOW: tuple[Partial, ...] = ((1.0, 1.0, 0.35), (2.0, 0.25, 0.20), (3.0, 0.08, 0.12))


# --------------------------------------------------------------------------- the effects


def card_tap(rng: random.Random, weight: float = 1.0) -> Signal:
    """A card landing on felt: a dull low thump with a faint crisp edge."""
    thump = shaped(
        filtered(white_noise(0.09, rng), "lowpass", 650.0 * weight, 0.9),
        envelope(samples(0.09), 0.0008, 0.014),
    )
    body = tone(170.0 * weight, 0.09, ((1.0, 0.35, 0.018),), attack=0.0008)
    edge = noise_burst(rng, 0.012, 3800.0, 1.0, 0.0003, 0.0018)
    out = [0.0] * len(thump)
    mix_into(out, thump, 0.0, 1.6)
    mix_into(out, body, 0.0)
    mix_into(out, edge, 0.0, 0.5)
    return out


def make_shuffle(rng: random.Random) -> Signal:
    """A riffle: ~40 tiny paper flicks, sparse at the start and end and fastest in the
    middle (the thumbs speed up then let the last cards go), then the deck squared up."""
    out = silence(0.78)
    t = 0.01
    count = 40
    for k in range(count):
        phase = k / (count - 1)
        gap = 0.0095 + 0.009 * (2.0 * phase - 1.0) ** 2
        gap *= rng.uniform(0.8, 1.2)
        flick = noise_burst(rng, 0.010, rng.uniform(2600.0, 5200.0), 1.4, 0.0004, 0.0016)
        swell = 0.55 + 0.45 * math.sin(math.pi * phase)
        mix_into(out, flick, t, swell * rng.uniform(0.7, 1.0))
        t += gap
    # The flutter of the whole deck under the flicks: a faint band of low noise.
    flutter = noise_burst(rng, t, 900.0, 0.7, 0.05, 0.5, hold=t - 0.1)
    mix_into(out, flutter, 0.0, 0.12)
    # Kept below the flicks: the riffle is the sound, the squaring-up is only its end.
    mix_into(out, card_tap(rng, 0.9), t + 0.07, 0.35)
    mix_into(out, card_tap(rng, 1.0), t + 0.13, 0.25)
    return out


def make_deal(rng: random.Random) -> Signal:
    """One card flicked off the deck: a short downward swish ending in a light tap."""
    out = silence(0.16)
    swish = noise_burst(rng, 0.07, lambda s: 4200.0 - 30_000.0 * s, 1.1, 0.003, 0.018)
    mix_into(out, swish, 0.0)
    mix_into(out, card_tap(rng, 1.1), 0.045, 0.45)
    return out


def make_card_slide(rng: random.Random) -> Signal:
    """A card pushed across the cloth: a rising, softly swelling swish."""
    out = silence(0.32)
    swish = noise_burst(rng, 0.30, lambda s: 1300.0 + 9000.0 * s, 0.8, 0.07, 0.055)
    mix_into(out, swish, 0.0)
    return out


def make_card_place(rng: random.Random) -> Signal:
    """A card set down: a brief slide into a tap."""
    out = silence(0.14)
    mix_into(out, noise_burst(rng, 0.04, 2600.0, 0.9, 0.008, 0.01), 0.0, 0.35)
    mix_into(out, card_tap(rng), 0.018)
    return out


def make_pile_pickup(rng: random.Random) -> Signal:
    """Gathering the discard pile: several overlapping swipes, then the pile squared."""
    out = silence(0.52)
    for k, at in enumerate((0.0, 0.055, 0.12, 0.17, 0.235)):
        centre = 1500.0 + 500.0 * k + rng.uniform(-200.0, 200.0)

        def sweep(s: float, c: float = centre) -> float:
            return c + 6000.0 * s

        swipe = noise_burst(rng, 0.12, sweep, 0.9, 0.025, 0.03)
        mix_into(out, swipe, at, rng.uniform(0.65, 1.0))
    mix_into(out, card_tap(rng, 0.85), 0.37, 1.1)
    mix_into(out, card_tap(rng, 0.95), 0.42, 0.6)
    return out


def make_canasta(rng: random.Random) -> Signal:
    """A bright rising arpeggio of chimes; the top note rings on."""
    del rng  # purely tonal
    out = silence(0.92)
    notes = (C5, E5, G5, C6, E6)
    for k, semis in enumerate(notes):
        last = k == len(notes) - 1
        partials = tuple((r, a, tau * (2.2 if last else 1.0)) for r, a, tau in CHIME)
        mix_into(out, tone(note_hz(semis), 0.9, partials, attack=0.002), 0.07 * k, 0.8 if last else 0.6)
    fade_out(out, 0.12)
    return out


def make_red_three(rng: random.Random) -> Signal:
    """A single soft bell."""
    del rng
    out = tone(note_hz(E5), 0.9, BELL, attack=0.006)
    fade_out(out, 0.15)
    return out


def make_going_out(rng: random.Random) -> Signal:
    """A little fanfare: two quick pickups, then a held major chord."""
    del rng
    out = silence(0.96)
    short = (0.0, 0.11)
    for at in short:
        note = tone(note_hz(G4), 0.1, BRASS, attack=0.008)
        fade_out(note, 0.03)
        mix_into(out, note, at, 1.3)
    for semis, gain in ((C5, 0.7), (E5, 0.5), (G5, 0.45)):
        # A slightly detuned double of each note gives a warm, section-like chord.
        for detune in (1.0, 1.003):
            mix_into(out, tone(note_hz(semis) * detune, 0.74, BRASS, attack=0.015), 0.22, gain)
    fade_out(out, 0.2)
    return out


def make_hand_won(rng: random.Random) -> Signal:
    """A cheerful rising mallet figure, lower and rounder than the canasta chimes."""
    del rng
    out = silence(0.82)
    for k, semis in enumerate((G4, C5, E5, G5)):
        last = k == 3
        partials = tuple((r, a, tau * (1.6 if last else 1.0)) for r, a, tau in MARIMBA)
        mix_into(out, tone(note_hz(semis), 0.8, partials, attack=0.002), 0.09 * k)
    fade_out(out, 0.15)
    return out


def make_hand_lost(rng: random.Random) -> Signal:
    """A gentle falling minor figure that sags a little at the end: sympathetic, not mocking."""
    del rng
    out = silence(0.92)
    for k, semis in enumerate((G4, E_FLAT4, C4)):
        last = k == 2
        note = tone(note_hz(semis), 0.9 if last else 0.3, MELLOW, attack=0.012, bend=-0.03 if last else 0.0)
        if not last:
            fade_out(note, 0.08)
        mix_into(out, note, 0.19 * k)
    fade_out(out, 0.2)
    return out


def make_click(rng: random.Random) -> Signal:
    """A UI button: a tiny high blip with a crisp edge."""
    out = silence(0.045)
    mix_into(out, tone(1900.0, 0.04, ((1.0, 1.0, 0.005), (2.0, 0.2, 0.003)), attack=0.0004), 0.0)
    mix_into(out, filtered(noise_burst(rng, 0.006, 5000.0, 0.8, 0.0002, 0.0008), "highpass", 2000.0), 0.0, 0.6)
    return out


RECIPES: dict[str, Callable[[random.Random], Signal]] = {
    "shuffle": make_shuffle,
    "deal": make_deal,
    "card_slide": make_card_slide,
    "card_place": make_card_place,
    "pile_pickup": make_pile_pickup,
    "canasta": make_canasta,
    "red_three": make_red_three,
    "going_out": make_going_out,
    "hand_won": make_hand_won,
    "hand_lost": make_hand_lost,
    "click": make_click,
}
assert tuple(RECIPES) == SOUND_NAMES, "every effect the player knows needs a recipe"


# --------------------------------------------------------------------------- output and checks


def to_pcm(x: Sequence[float]) -> array:
    """Peak-normalise to TARGET_PEAK_DBFS and quantise to 16-bit little-endian."""
    peak = max((abs(v) for v in x), default=0.0)
    if peak == 0.0:
        raise ValueError("silent effect")
    scale = FULL_SCALE * 10.0 ** (TARGET_PEAK_DBFS / 20.0) / peak
    # Clamp rather than overflow, so a mis-set target is reported by the checks as clipping
    # instead of crashing the array constructor.
    pcm = array("h", (max(-FULL_SCALE, min(FULL_SCALE - 1, round(v * scale))) for v in x))
    if sys.byteorder == "big":
        pcm.byteswap()  # WAV is little-endian
    return pcm


def write_wav(path: Path, x: Sequence[float]) -> None:
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(SAMPLE_WIDTH)
        w.setframerate(RATE)
        w.writeframes(to_pcm(x).tobytes())


@dataclass(frozen=True, slots=True)
class WavStats:
    channels: int
    sample_width: int
    rate: int
    frames: int
    peak: int  # largest |sample|
    end_level: float  # |last sample| / full scale

    @property
    def seconds(self) -> float:
        return self.frames / self.rate if self.rate else 0.0

    @property
    def peak_dbfs(self) -> float:
        return 20.0 * math.log10(self.peak / FULL_SCALE) if self.peak else -math.inf


def read_stats(path: Path) -> WavStats:
    with wave.open(str(path), "rb") as w:
        channels, width, rate, frames = w.getnchannels(), w.getsampwidth(), w.getframerate(), w.getnframes()
        data = w.readframes(frames)
    pcm = array("h")
    if width == SAMPLE_WIDTH:
        pcm.frombytes(data)
        if sys.byteorder == "big":
            pcm.byteswap()
    # abs() of -32768 is 32768, which correctly counts as full scale.
    peak = max((abs(v) for v in pcm), default=0)
    end = abs(pcm[-1]) / FULL_SCALE if pcm else 0.0
    return WavStats(channels, width, rate, frames, peak, end)


def problems(path: Path) -> list[str]:
    """Everything wrong with one written effect (empty when it is fine)."""
    s = read_stats(path)
    found: list[str] = []
    if (s.channels, s.sample_width, s.rate) != (1, SAMPLE_WIDTH, RATE):
        found.append(f"format {s.channels}ch/{8 * s.sample_width}bit/{s.rate}Hz, want mono/16bit/{RATE}Hz")
    if not 0 < s.seconds < MAX_SECONDS:
        found.append(f"duration {s.seconds:.3f}s, want under {MAX_SECONDS}s")
    if not PEAK_MIN_DBFS <= s.peak_dbfs <= PEAK_MAX_DBFS:
        found.append(f"peak {s.peak_dbfs:.2f} dBFS, want {PEAK_MIN_DBFS}..{PEAK_MAX_DBFS}")
    if s.peak >= FULL_SCALE - 1:
        found.append("clipped: a sample reaches full scale")
    if s.end_level > MAX_END_LEVEL:
        found.append(f"ends abruptly at {s.end_level:.3f} of full scale")
    return found


def generate_all(out_dir: Path, names: Iterable[str] = SOUND_NAMES) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for name in names:
        rng = random.Random(zlib.crc32(name.encode("utf-8")))
        path = out_dir / f"{name}.wav"
        write_wav(path, RECIPES[name](rng))
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) > 1 or any(a.startswith("-") for a in args):
        print("usage: python -m sounds.generate [OUT_DIR]", file=sys.stderr)
        return 2
    out_dir = Path(args[0]) if args else DATA_DIR
    failed = False
    for path in generate_all(out_dir):
        s = read_stats(path)
        issues = problems(path)
        status = "ok" if not issues else "FAIL: " + "; ".join(issues)
        print(f"{path.name:16} {s.seconds:6.3f}s  peak {s.peak_dbfs:6.2f} dBFS  {status}")
        failed = failed or bool(issues)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
