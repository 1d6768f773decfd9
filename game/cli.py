"""`canasta` (play), `canasta simulate`, `canasta tournament`."""

from __future__ import annotations

import argparse
import json
import sys

from game.rules.ruleset import VARIANTS


def _variant(name: str):
    if name not in VARIANTS:
        raise argparse.ArgumentTypeError(
            f"unknown variant {name!r}; choose from {', '.join(VARIANTS)}")
    return VARIANTS[name]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="canasta", description="Canasta for the desktop.")
    sub = parser.add_subparsers(dest="command")

    sim = sub.add_parser("simulate", help="computer players play whole games")
    sim.add_argument("--variant", type=_variant, default=VARIANTS["classic"])
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--agents", default="greedy,random",
                     help="comma-separated player names, one per side (cycled)")
    sim.add_argument("--max-hands", type=int, default=60,
                     help="stop a game that has not reached the target after this many hands")
    sim.add_argument("--no-check", action="store_true",
                     help="check invariants once per hand instead of after every move")
    sim.add_argument("--json", action="store_true")

    args = parser.parse_args(argv)
    if args.command == "simulate":
        import game.ai  # noqa: F401 - registers the players
        from game.sim import simulate

        names = [n.strip() for n in args.agents.split(",") if n.strip()]
        result = simulate(args.variant, names, args.games, args.seed, args.max_hands,
                          not args.no_check)
        if args.json:
            print(json.dumps(result))
        else:
            for k, v in result.items():
                print(f"{k:>22}: {v}")
        return 1 if result["errors"] or result["invariant_violations"] else 0
    from game.ui.app import run  # the table needs pygame; the commands above do not

    return run()


if __name__ == "__main__":
    sys.exit(main())
