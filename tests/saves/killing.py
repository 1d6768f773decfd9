"""Kill a writing child process at a seeded moment, in the middle of its writes."""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import time
from pathlib import Path


def kill_midway(child: Path, args: list[str], env: dict[str, str], rng: random.Random,
                most_lines: int, jitter: float) -> list[int]:
    """Start `child` with `args`, let it print between 1 and `most_lines` numbers (one a
    line, each printed once the write it counts is done), wait up to `jitter` seconds more
    so the kill lands anywhere in the next writes, SIGKILL it, and return every number it
    printed whole."""
    proc = subprocess.Popen([sys.executable, str(child), *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env)
    assert proc.stdout is not None and proc.stderr is not None
    wait_for = rng.randint(1, most_lines)
    printed: list[int] = []
    while len(printed) < wait_for:
        line = proc.stdout.readline()
        if not line:
            break
        printed.append(int(line))
    time.sleep(rng.uniform(0, jitter))
    proc.send_signal(signal.SIGKILL)
    # the rest through the same buffered reader: communicate() reads the raw descriptor
    # and would miss lines readline() already pulled into its buffer
    rest = proc.stdout.read()
    err = proc.stderr.read()
    proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL, err.decode(errors="replace")
    # only whole lines count: a number cut in half was not fully printed
    return printed + [int(x) for x in rest.decode().split("\n")[:-1] if x]
