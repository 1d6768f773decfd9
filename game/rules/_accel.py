"""The engine's optional compiled modules (built by `scripts/build_engine.py`).

A compiled copy is used only while it was built from the very source beside it: each
module's SHA-256 is kept in the build's manifest and checked on import, so an edited
rule never runs a stale compiled copy. Without a build, or with CANASTA_PURE=1, the
engine is the plain Python modules, which behave identically (the move digests match)."""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import sysconfig
from pathlib import Path

_RULES = Path(__file__).resolve().parent
_ROOT = _RULES.parent.parent  # the checkout or install holding `game/`


def build_dir() -> Path:
    """Where this interpreter's compiled modules live (one folder per ABI)."""
    tag = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    return _ROOT / ".accel" / tag.strip(".").replace(".", "-")


def source_hash(path: Path) -> str:
    """The SHA-256 a build's manifest keeps for a module's source."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


class _Finder(importlib.abc.MetaPathFinder):
    """Finds `game.rules.*` modules in the build whose source has not changed."""

    def __init__(self, folder: Path, manifest: dict[str, dict[str, str]]) -> None:
        self.folder = folder
        self.manifest = manifest

    def find_spec(self, fullname, path=None, target=None):  # noqa: ANN001 (importlib's)
        entry = self.manifest.get(fullname)
        binary = None if entry is None else fresh_binary(self.folder, entry)
        if binary is None:
            return None  # not built, or edited since the build: the plain module is imported
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(binary))
        return importlib.util.spec_from_file_location(fullname, str(binary), loader=loader)


def fresh_binary(folder: Path, entry: dict[str, str]) -> Path | None:
    """A manifest entry's compiled module, if it was built from the source there now."""
    try:
        binary = folder / entry["binary"]
        if source_hash(_ROOT / entry["source"]) == entry["sha256"] and binary.is_file():
            return binary
    except (OSError, KeyError, TypeError):
        pass
    return None


def read_manifest(folder: Path) -> dict[str, dict[str, str]] | None:
    """A build's manifest (module name -> source, binary, sha256), or None."""
    try:
        manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return manifest if isinstance(manifest, dict) else None


def install() -> bool:
    """Put the compiled modules ahead of the plain ones where a fresh build exists."""
    if os.environ.get("CANASTA_PURE") or any(isinstance(f, _Finder) for f in sys.meta_path):
        return False
    folder = build_dir()
    manifest = read_manifest(folder)
    if manifest is None:
        return False
    sys.meta_path.insert(0, _Finder(folder, manifest))
    return True


def compiled(module_name: str) -> bool:
    """Whether `module_name` was imported from the compiled build."""
    mod = sys.modules.get(module_name)
    return mod is not None and isinstance(getattr(mod, "__loader__", None),
                                          importlib.machinery.ExtensionFileLoader)
