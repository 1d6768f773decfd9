"""The engine's characterization digests (tests/rules/characterization.py), printed.

Run: python benchmarks/digest.py [--hands 80] [--record]
  --hands N   hands per case (the test plays characterization.HANDS; more covers more)
  --record    print the table tests/rules/test_characterization.py holds

Each line shows the ordered digest and the as-sets digest: when only the first differs
from a run on the old engine, the new one lists the same moves in another order.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.rules.characterization import HANDS, cases, digest  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=HANDS)
    parser.add_argument("--record", action="store_true")
    args = parser.parse_args()
    for name, rules in cases():
        d = digest(rules, args.hands)
        if args.record:
            print(f'    "{name}": "{d.ordered}",')
        else:
            print(f"{name:40} ordered {d.ordered[:16]}  as sets {d.as_sets[:16]}")


if __name__ == "__main__":
    main()
