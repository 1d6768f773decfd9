"""Test set-up: headless SDL, the repository on the path, a fixed hypothesis profile."""

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# the game follows the system language: tests read English unless they pick another
os.environ["LANGUAGE"] = "en"

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from hypothesis import HealthCheck, settings  # noqa: E402

# CI is repeatable: derandomised, bounded examples. `HYPOTHESIS_PROFILE=soak` runs longer.
settings.register_profile("ci", derandomize=True, max_examples=25, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("soak", max_examples=2000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
