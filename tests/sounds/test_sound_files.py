"""The generated effect files: present, well-formed, level-checked and reproducible."""

from __future__ import annotations

import math
import wave
from array import array
from pathlib import Path

import pytest

from sounds import DATA_DIR, SOUND_NAMES, generate


def _pcm(path: Path) -> tuple[tuple[int, int, int, int], array]:
    """(channels, sample width, rate, frames) and the samples."""
    with wave.open(str(path), "rb") as w:
        params = (w.getnchannels(), w.getsampwidth(), w.getframerate(), w.getnframes())
        pcm = array("h", w.readframes(w.getnframes()))
    return params, pcm


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_committed_file_is_short_mono_16bit_normalised_and_unclipped(name: str) -> None:
    path = DATA_DIR / f"{name}.wav"
    assert path.is_file(), f"run `python -m sounds.generate` to create {path}"
    (channels, width, rate, frames), pcm = _pcm(path)
    assert channels == 1
    assert width == 2
    assert rate == 44_100
    assert 0 < frames / rate < 1.0
    peak = max(abs(v) for v in pcm)
    peak_db = 20 * math.log10(peak / 32768)
    assert -1.5 <= peak_db <= -0.5
    assert max(pcm) < 32767 and min(pcm) > -32768, "a sample sits at full scale"
    assert generate.problems(path) == []


def test_no_stray_files_in_data_dir() -> None:
    assert sorted(p.stem for p in DATA_DIR.glob("*.wav")) == sorted(SOUND_NAMES)


def test_generation_is_deterministic_and_matches_committed_files(tmp_path: Path) -> None:
    first = generate.generate_all(tmp_path / "a")
    second = generate.generate_all(tmp_path / "b")
    for a, b in zip(first, second, strict=True):
        assert a.read_bytes() == b.read_bytes(), f"{a.name} differs between runs"
        committed_params, committed = _pcm(DATA_DIR / a.name)
        fresh_params, fresh = _pcm(a)
        assert fresh_params == committed_params, f"{a.name}: rerun `python -m sounds.generate`"
        # Allow one step of rounding: another platform's libm may differ in the last bit.
        assert max(abs(x - y) for x, y in zip(fresh, committed, strict=True)) <= 1


def test_main_reports_success(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert generate.main([str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.count(" ok") == len(SOUND_NAMES)


@pytest.mark.parametrize("target_db", [0.0, -3.0])
def test_main_fails_when_a_level_check_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], target_db: float
) -> None:
    # Only the level matters here, and clicks are the quickest effect to synthesise.
    monkeypatch.setattr(generate, "RECIPES", {n: generate.make_click for n in SOUND_NAMES})
    monkeypatch.setattr(generate, "TARGET_PEAK_DBFS", target_db)
    assert generate.main([str(tmp_path)]) == 1
    assert "FAIL" in capsys.readouterr().out


def test_checks_catch_long_stereo_and_abrupt_files(tmp_path: Path) -> None:
    path = tmp_path / "bad.wav"
    frames = 50_000  # > 1 s
    with wave.open(str(path), "wb") as w:
        w.setnchannels(2)
        w.setsampwidth(2)
        w.setframerate(44_100)
        w.writeframes(array("h", [20_000] * (2 * frames)).tobytes())
    found = " ".join(generate.problems(path))
    assert "format" in found
    assert "duration" in found
    assert "peak" in found
    assert "abruptly" in found


def test_usage_error() -> None:
    assert generate.main(["--bogus"]) == 2
