"""Where files live: CANASTA_HOME, appdirs, and safe fallbacks (never a relative path)."""

from __future__ import annotations

from pathlib import Path

import appdirs
import pytest

from saves import paths


def test_canasta_home_overrides_both(home: Path) -> None:
    assert paths.data_dir() == home / "data"
    assert paths.config_dir() == home / "config"
    assert (home / "data").is_dir() and (home / "config").is_dir()
    assert paths.location_notice() is None


def _fake_platform(monkeypatch: pytest.MonkeyPatch, base: Path) -> None:
    monkeypatch.setattr(appdirs, "user_data_dir", lambda *a, **k: str(base / "user-data"))
    monkeypatch.setattr(appdirs, "user_config_dir", lambda *a, **k: str(base / "user-config"))


@pytest.mark.parametrize("value", ["", "   ", "relative/dir", "./x", "~nonexistentuser12345/x"])
def test_empty_or_relative_home_falls_back_to_appdirs(value: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CANASTA_HOME", value)
    _fake_platform(monkeypatch, tmp_path)
    assert paths.data_dir() == tmp_path / "user-data"
    assert paths.config_dir() == tmp_path / "user-config"
    assert not (tmp_path / "relative").exists() and not (tmp_path / "x").exists()


def test_unusable_home_falls_back_and_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("CANASTA_HOME", str(blocker / "home"))
    _fake_platform(monkeypatch, tmp_path)
    assert paths.data_dir() == tmp_path / "user-data"
    notice = paths.location_notice()
    assert notice and str(blocker / "home" / "data") in notice


def test_read_only_home_falls_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the folder refuses what is written into it, as a read-only one does; injected in the
    # write path rather than set with file modes, which root (and CI) would ignore
    ro = tmp_path / "ro"
    ro.mkdir()
    mkdir = Path.mkdir

    def refusing(self: Path, *args, **kwargs) -> None:
        if self.is_relative_to(ro):
            raise PermissionError(13, "Permission denied", str(self))
        mkdir(self, *args, **kwargs)

    monkeypatch.setattr(Path, "mkdir", refusing)
    monkeypatch.setenv("CANASTA_HOME", str(ro))
    _fake_platform(monkeypatch, tmp_path)
    assert paths.data_dir() == tmp_path / "user-data"
    assert paths.config_dir() == tmp_path / "user-config"
    notice = paths.location_notice()
    assert notice and str(ro / "data") in notice


def test_unusable_appdirs_falls_back_to_temp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    monkeypatch.setenv("CANASTA_HOME", "")
    monkeypatch.setattr(appdirs, "user_data_dir", lambda *a, **k: str(blocker / "d"))
    monkeypatch.setattr(appdirs, "user_config_dir", lambda *a, **k: "relative/config")
    monkeypatch.setattr(paths.tempfile, "gettempdir", lambda: str(tmp_path / "tmp"))
    monkeypatch.chdir(tmp_path)
    d, c = paths.data_dir(), paths.config_dir()
    for p in (d, c):
        assert p.is_absolute() and p.is_dir()
        assert p.is_relative_to((tmp_path / "tmp").resolve())
    assert d != c
    assert not (tmp_path / "relative").exists()


def test_broken_appdirs_does_not_stop_a_launch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(*a: object, **k: object) -> str:
        raise KeyError("HOME")

    monkeypatch.delenv("CANASTA_HOME", raising=False)
    monkeypatch.setattr(appdirs, "user_data_dir", boom)
    monkeypatch.setattr(paths.tempfile, "gettempdir", lambda: str(tmp_path))
    assert paths.data_dir().is_relative_to(tmp_path.resolve())
