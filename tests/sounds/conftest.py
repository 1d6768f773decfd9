"""Shared set-up for the sound tests: no real audio or video device, and a fresh mixer."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

# Must be set before pygame opens any device: CI machines have no sound card.
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# `sounds` and `game` are top-level packages of the repository, whatever pytest's cwd.
ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402
import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def fresh_mixer() -> Iterator[None]:
    """Each test starts and ends with the mixer shut, so channels and init failures made
    by one test cannot leak into the next."""
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()
