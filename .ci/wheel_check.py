"""CI: the game as `pip install` delivers it, not as the source tree runs it.

Builds the wheel, checks that it carries every tracked file of the packaged folders (a file
missing from the package data — a catalogue, the theme, a sound — would pass the tests,
which run from the source tree, and break an installed game), installs it into a fresh
virtual environment in a temporary folder outside the source tree, then from there opens
the game to its first frame (dummy SDL drivers) and plays `canasta simulate` in every
variant.

    python .ci/wheel_check.py [--keep]

Needs only the standard library and PyPI access (pip fetches setuptools to build the wheel
and the game's dependencies to install it). Exit status 0 when everything holds.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import venv
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The folders pyproject.toml packages (tool.setuptools.packages.find include).
PACKAGED = ("game", "sprites", "sounds", "saves")
VARIANTS = ("classic", "classic-2p", "classic-3p", "modern-american", "italian")


def step(message: str) -> None:
    print(f"wheel check: {message}", flush=True)


def run(cmd: list[str], **kwargs) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(cmd, capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        sys.stdout.write(result.stdout[-4000:])
        sys.stderr.write(result.stderr[-4000:])
        raise SystemExit(f"wheel check: failed ({result.returncode}): {' '.join(cmd)}")
    return result


def tracked_files(*paths: str) -> list[str]:
    out = run(["git", "ls-files", "-z", "--", *paths], cwd=ROOT).stdout
    return [name for name in out.split("\0") if name and (ROOT / name).is_file()]


def clean_copy(dest: Path) -> Path:
    """The tracked files only: a *.egg-info left by an editable install lists every file and
    would smuggle into the wheel what the package data forgets."""
    for name in tracked_files():
        target = dest / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target)
    return dest


def build_wheel(source: Path, dist: Path) -> Path:
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dist), str(source)])
    wheels = sorted(dist.glob("canasta-*.whl"))
    if len(wheels) != 1:
        raise SystemExit(f"wheel check: expected one wheel in {dist}, found {wheels}")
    return wheels[0]


def tracked_package_files() -> set[str]:
    return set(tracked_files(*PACKAGED))


def check_contents(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as zf:
        inside = set(zf.namelist())
    missing = sorted(tracked_package_files() - inside)
    if missing:
        raise SystemExit("wheel check: the wheel lacks tracked files (add them to "
                         "[tool.setuptools.package-data] in pyproject.toml):\n  " + "\n  ".join(missing))


def installed(venv_dir: Path, name: str) -> str:
    scripts = venv_dir / ("Scripts" if os.name == "nt" else "bin")
    return str(scripts / (f"{name}.exe" if os.name == "nt" else name))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--keep", action="store_true", help="keep the temporary folder (its path is printed)")
    args = ap.parse_args()
    started = time.perf_counter()
    work = Path(tempfile.mkdtemp(prefix="canasta-wheel-"))
    try:
        step(f"building the wheel from the tracked files into {work / 'dist'}")
        wheel = build_wheel(clean_copy(work / "source"), work / "dist")
        check_contents(wheel)
        step(f"{wheel.name} holds every tracked file of {', '.join(PACKAGED)}")

        env_dir = work / "venv"
        venv.EnvBuilder(with_pip=True, clear=True).create(env_dir)
        python = installed(env_dir, "python")
        run([python, "-m", "pip", "install", "-q", str(wheel)], cwd=work)
        step("installed into a fresh virtual environment")

        # Run from an empty folder with a clean environment: nothing may come from the source tree.
        away = work / "elsewhere"
        away.mkdir()
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
        env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", CANASTA_HOME=str(work / "home"),
                   PYTHONDONTWRITEBYTECODE="1")
        where = run([python, "-c", "import game, sounds; print(game.__file__); print(sounds.__file__)"],
                    cwd=away, env=env).stdout.split()
        for path in where:
            if Path(path).resolve().is_relative_to(ROOT):
                raise SystemExit(f"wheel check: imported from the source tree: {path}")

        first = run([installed(env_dir, "canasta")], cwd=away, env=dict(env, CANASTA_FIRST_FRAME_EXIT="1"), timeout=120)
        if "first_frame_ms" not in first.stdout:
            raise SystemExit(f"wheel check: the installed game drew no first frame:\n{first.stdout}{first.stderr}")
        step("the installed game opened its main menu: " + first.stdout.strip().splitlines()[-1])

        for variant in VARIANTS:
            out = run([installed(env_dir, "canasta"), "simulate", "--variant", variant, "--games", "2",
                       "--seed", "1", "--agents", "greedy,random", "--json"], cwd=away, env=env, timeout=300)
            result = json.loads(out.stdout.strip().splitlines()[-1])
            if result["errors"] or result["invariant_violations"]:
                raise SystemExit(f"wheel check: canasta simulate {variant}: {result}")
            step(f"canasta simulate --variant {variant} --games 2: 0 errors, 0 invariant violations")
    finally:
        if args.keep:
            step(f"kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    step(f"passed in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
