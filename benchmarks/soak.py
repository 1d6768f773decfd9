"""A long soak of the engine's property tests (thousands of examples, randomised seeds).

Run: python benchmarks/soak.py [extra pytest args]
CI runs the same tests with the bounded, derandomised "ci" profile instead.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

if __name__ == "__main__":
    env = dict(os.environ, HYPOTHESIS_PROFILE="soak")
    cmd = [sys.executable, "-m", "pytest", str(ROOT / "tests" / "rules" / "test_properties.py"),
           "-q", *sys.argv[1:]]
    sys.exit(subprocess.call(cmd, cwd=ROOT, env=env))
