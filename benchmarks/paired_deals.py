"""Two duplicate matches over the same deals, compared deal by deal.

A change to a computer player is measured by playing the same deals with the old and the
new version against the same opponent (the same `--variant` and `--seed`) and comparing
each deal's margin: two versions of `hard` play most deals to another margin, and one
100-deal mean can move by 60 points on noise alone, so only the per-deal difference with
its interval says whether the change did anything.

    python -m game.cli tournament --variant classic --games 200 --a hard --b normal \\
        --duplicate --seed 41 --json > new.json        (and old.json from the old tree)
    python benchmarks/paired_deals.py new.json old.json
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.cli.tournament import paired_difference  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first", type=Path, help="a duplicate match's --json output")
    parser.add_argument("second", type=Path, help="the same deals played by the other version")
    args = parser.parse_args(argv)
    first, second = (json.loads(p.read_text()) for p in (args.first, args.second))
    if (first["variant"], first["seed"]) != (second["variant"], second["seed"]):
        parser.error("the two matches were not played over the same deals (variant, seed)")
    for k, v in paired_difference(first, second).items():
        print(f"{k:>16}: {v}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
