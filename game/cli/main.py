"""`canasta` (play), `canasta simulate`, `canasta tournament`, `canasta verify`."""

from __future__ import annotations

import argparse
import json

from game.rules.ruleset import VARIANTS, RuleSet, house_options_for


def _variant(name: str):
    if name not in VARIANTS:
        raise argparse.ArgumentTypeError(
            f"unknown variant {name!r}; choose from {', '.join(VARIANTS)}")
    return VARIANTS[name]


def _option(text: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep or not name.strip() or not value.strip():
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {text!r}")
    return name.strip(), value.strip()


def with_house_options(rules: RuleSet, options: list[tuple[str, str]]) -> RuleSet:
    """The variant with house-rule options given as text (cutthroat=true, target=7500);
    only the options the variant offers, each with one of its allowed values."""
    offered = house_options_for(rules)
    chosen = {}
    for name, text in options:
        if name == "target":
            allowed: tuple = rules.target_options
        elif name in offered:
            allowed = offered[name]
        else:
            names = ", ".join(sorted([*offered, "target"]))
            raise ValueError(f"{rules.name} has no house option {name!r}; choose from {names}")
        by_text = {str(v).lower(): v for v in allowed}
        if text.lower() not in by_text:
            raise ValueError(f"{name} takes one of {', '.join(map(str, allowed))}, not {text!r}")
        chosen[name] = by_text[text.lower()]
    return rules.with_options(**chosen)


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
    sim.add_argument("--option", type=_option, action="append", default=[],
                     metavar="NAME=VALUE",
                     help="a house-rule option, e.g. cutthroat=true (repeatable)")
    sim.add_argument("--json", action="store_true")

    tour = sub.add_parser("tournament", help="two computer players: win rate with a 95%% CI")
    tour.add_argument("--variant", default="classic", choices=sorted(VARIANTS))
    tour.add_argument("--games", type=int, default=400,
                      help="games (rounded up to pairs); with --duplicate: deals")
    tour.add_argument("--a", default="heuristic", help="player A (e.g. normal, hard)")
    tour.add_argument("--b", default="greedy", help="player B")
    tour.add_argument("--seed", type=int, default=1)
    tour.add_argument("--jobs", type=int, default=1, help="worker processes")
    tour.add_argument("--max-hands", type=int, default=60)
    tour.add_argument("--duplicate", action="store_true",
                      help="one hand per deal, each deal twice with partnerships swapped")
    tour.add_argument("--json", action="store_true")

    ver = sub.add_parser("verify", help="re-deal a hand from its revealed seed")
    ver.add_argument("--seed", type=int, required=True, help="the hand's seed, shown after the hand")
    ver.add_argument("--variant", type=_variant, default=VARIANTS["classic"])
    ver.add_argument("--dealer", type=int, default=0,
                     help="the dealer's seat (0 = you); it only turns who receives which hand")
    ver.add_argument("--commitment", default=None,
                     help="the SHA-256 shown at the deal: exit 1 unless it matches")
    ver.add_argument("--json", action="store_true")

    args = parser.parse_args(argv)
    if args.command == "verify":
        from game.cli.verify import run_verify

        try:
            return run_verify(args.variant, args.seed, args.dealer, args.commitment, args.json)
        except ValueError as e:
            parser.error(str(e))
    if args.command == "simulate":
        import game.ai  # noqa: F401 - registers the players
        from game.cli.sim import simulate

        names = [n.strip() for n in args.agents.split(",") if n.strip()]
        try:
            rules = with_house_options(args.variant, args.option)
        except ValueError as e:
            parser.error(str(e))
        result = simulate(rules, names, args.games, args.seed, args.max_hands,
                          not args.no_check)
        if args.option:
            result["options"] = {n: getattr(rules, n) for n, _ in args.option}
        if args.json:
            print(json.dumps(result))
        else:
            for k, v in result.items():
                print(f"{k:>22}: {v}")
        return 1 if result["errors"] or result["invariant_violations"] else 0
    if args.command == "tournament":
        import game.ai  # noqa: F401 - registers the players
        from game.ai.base import REGISTRY
        from game.cli.tournament import format_result, run_duplicate, run_tournament

        for name in (args.a, args.b):
            if name not in REGISTRY:
                parser.error(f"unknown player {name!r}; choose from {', '.join(sorted(REGISTRY))}")
        if args.duplicate:
            result = run_duplicate(args.variant, args.a, args.b, args.games, args.seed, args.jobs)
        else:
            result = run_tournament(args.variant, args.a, args.b, args.games, args.seed,
                                    args.jobs, args.max_hands)
        if args.json:
            print(json.dumps(result))
        else:
            for line in format_result(result):
                print(line)
        return 1 if result["errors"] else 0
    from game.ui.shell.app import run  # the table needs pygame; the commands above do not

    return run()

