"""Compile the rules engine with Cython into `.accel/` (optional: the plain modules
are used where this was never run, where it fails, or once a source changes).

Run: python scripts/build_engine.py [--clean]
Needs Cython and a C compiler; without them it says so and changes nothing."""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.rules import _accel  # noqa: E402

PACKAGES = ("game/rules", "game/rules/units")


def sources() -> list[Path]:
    """The engine's modules to compile (package `__init__`s stay plain: the first one
    installs the finder)."""
    return sorted(p for pkg in PACKAGES for p in (ROOT / pkg).glob("*.py")
                  if p.name != "__init__.py" and p.name != "_accel.py")


def module_name(src: Path) -> str:
    """The dotted name a source file imports as (`game.rules.units.shapes`)."""
    return ".".join(src.relative_to(ROOT).with_suffix("").parts)


def _fresh(out: Path) -> bool:
    """Whether the build holds every module, each from its present source."""
    manifest = _accel.read_manifest(out)
    return manifest is not None and all(
        module_name(src) in manifest and _accel.fresh_binary(out, manifest[module_name(src)])
        for src in sources())


def build(jobs: int) -> int:
    try:
        import Cython  # noqa: F401
    except ImportError:
        print("build_engine: Cython is not installed; the engine stays plain Python")
        return 0
    out = _accel.build_dir()
    if _fresh(out):
        print(f"build_engine: the compiled engine in {out} is up to date")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        stage = Path(tmp)
        for pkg in ("game", *PACKAGES):  # a package tree, so each module keeps its full name
            (stage / pkg).mkdir(parents=True, exist_ok=True)
            (stage / pkg / "__init__.py").write_text("", encoding="utf-8")
        files = sources()
        for src in files:
            shutil.copy2(src, stage / src.relative_to(ROOT))
        rel = [str(src.relative_to(ROOT)) for src in files]
        cmd = [sys.executable, "-m", "Cython.Build.Cythonize", "-i", "-q", "-3", "-j", str(jobs),
               "-X", "annotation_typing=False",  # plain Python semantics: hints are not checks
               *rel]
        done = subprocess.run(cmd, cwd=stage, capture_output=True, text=True)
        if done.returncode != 0:
            print("build_engine: compiling failed; the engine stays plain Python")
            print(done.stderr[-2000:])
            return 0
        if out.exists():
            shutil.rmtree(out)
        out.mkdir(parents=True)
        manifest = {}
        for src in files:
            name = module_name(src)
            built = sorted((stage / src.relative_to(ROOT)).parent.glob(src.stem + ".*.so"))
            if not built:
                continue
            target = out / built[0].name.replace(src.stem, name, 1)
            shutil.copy2(built[0], target)
            manifest[name] = {"source": str(src.relative_to(ROOT)), "binary": target.name,
                              "sha256": _accel.source_hash(src)}
        (out / "manifest.json").write_text(json.dumps(manifest, indent=1), encoding="utf-8")
    print(f"build_engine: {len(manifest)} modules compiled into {out}")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--clean", action="store_true", help="remove the build")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    if args.clean:
        shutil.rmtree(ROOT / ".accel", ignore_errors=True)
        return 0
    return build(args.jobs)


if __name__ == "__main__":
    sys.exit(main())
