"""Save and load times for a mid-game classic state (target: each <= 20 ms).

    python benchmarks/save_load.py [--runs 300] [--dir PATH]

Also: Game.to_dict per call (what undo snapshots, autosave and the AI's worlds pay), how
long a file with hostile rule values takes to be refused, and how long the slot list
takes with such files among the slots.

Saves go through the real path (Game.to_dict, JSON, temp file, fsync, .bak link, rename,
directory fsync) into a temp CANASTA_HOME, or into --dir to measure another disk. Loads
are the full checked load (read, parse, validate, Game.from_dict with its card count and
invariant checks).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
import timeit
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import make_player  # noqa: E402
from game.ai.base import act  # noqa: E402
from game.rules import VARIANTS, Game, Phase  # noqa: E402


def midgame(seed: int = 7, moves: int = 90) -> Game:
    g = Game.new(VARIANTS["classic"], seed=seed)
    players = [make_player("greedy", seed + s) for s in range(g.players)]
    for _ in range(moves):
        seat = g.to_play
        if g.phase is Phase.HAND_OVER:
            action = g.legal_actions()[0]
        else:
            action = act(players[seat], g.view(seat))
        g.apply(action)
    return g


def _ms(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return statistics.median(ordered) * 1000, p99 * 1000


# Rule values an edited (or malicious) older save may hold; before the rules were checked,
# decks 100000 took 15-44 s to refuse and 10**8 did not finish.
HOSTILE_RULES: tuple[tuple[str, Any], ...] = (
    ("decks", 10**8), ("decks", 100_000), ("hand_size", 10**9), ("target", -5),
    ("players", "four"), ("minimums", [[0, 50]] * 100_000))


def _format_1(doc: dict[str, Any], g: Game, field: str, value: Any) -> dict[str, Any]:
    state = dict(doc["game"])
    state.pop("variant", None)
    state.pop("options", None)
    rules = {**json.loads(json.dumps(g.rules.to_dict())), field: value}
    return {**doc, "format": 1, "game": {**state, "state_format": 1, "rules": rules}}


def hostile_figures(g: Game) -> None:
    import saves
    from saves import store

    calls = 2000
    per_call = min(timeit.repeat(g.to_dict, number=calls, repeat=5)) / calls
    print(f"Game.to_dict (mid-game classic)     best of 5 x {calls}: {per_call * 1000:.3f} ms a call")
    path = saves.save_slot("sound", g)
    doc = json.loads(path.read_text(encoding="utf-8"))
    for field, value in HOSTILE_RULES:
        bad = saves.save_slot(f"hostile {field} {str(value)[:12]}", g)
        bad.write_text(json.dumps(_format_1(doc, g, field, value)), encoding="utf-8")
        t0 = time.perf_counter()
        try:
            saves.load_file(bad)
            outcome = "LOADED"
        except saves.SaveError as e:
            outcome = f"refused: {e.key}"
        took = time.perf_counter() - t0
        print(f"hostile {field} = {str(value)[:14]:14s} {took * 1000:8.2f} ms  {outcome}")
    t0 = time.perf_counter()
    slots, problems = store.scan_slots()
    took = time.perf_counter() - t0
    print(f"slot list: {len(slots)} sound + {len(problems)} hostile files read in {took * 1000:.1f} ms")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=300)
    ap.add_argument("--dir", type=Path, default=None, help="CANASTA_HOME to use (default: a temp dir)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["CANASTA_HOME"] = str((args.dir or Path(tmp)).resolve())
        import saves

        g = midgame()
        extra = {"human_seat": 0, "ai_level": "normal", "seen": [["KH", "QS"]] * 4}
        path = saves.autosave(g, extra)
        save_t, load_t = [], []
        for _ in range(args.runs):
            t0 = time.perf_counter()
            saves.autosave(g, extra)
            t1 = time.perf_counter()
            loaded = saves.load_autosave()
            t2 = time.perf_counter()
            save_t.append(t1 - t0)
            load_t.append(t2 - t1)
        assert loaded is not None and loaded.game.to_dict() == g.to_dict()
        # what the UI thread pays with the background writer: serialising only
        writer = saves.AutosaveWriter()
        submit_t = []
        for _ in range(args.runs):
            t0 = time.perf_counter()
            writer.submit(g, extra)
            submit_t.append(time.perf_counter() - t0)
        writer.close()
        hostile_figures(g)
        size = path.stat().st_size
        print(f"mid-game classic state: hand {g.hand_number}, {len(g.stock)} cards in stock, "
              f"file {size / 1024:.1f} KiB, {args.runs} runs, in {path.parent}")
        for label, samples in (("save (autosave, 2 fsyncs)", save_t), ("load (load_autosave)", load_t),
                               ("AutosaveWriter.submit (UI thread)", submit_t)):
            median, p99 = _ms(samples)
            print(f"{label:34s} median {median:6.2f} ms   p99 {p99:6.2f} ms   (target <= 20 ms)")
        if args.dir is None:
            os.environ.pop("CANASTA_HOME", None)


if __name__ == "__main__":
    main()
