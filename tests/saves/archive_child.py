"""A process that archives games one after another until it is killed (see
test_saves_archive.py): `python archive_child.py FIRST KEEP` prints each game's number
once `add_game` has returned."""

from __future__ import annotations

import sys

from saves.archive import add_game
from tests.record.records import game_record


def finished(number: int) -> str:
    """A finishing time that orders the games by number."""
    return f"2026-12-{1 + number // 86400:02}T{number // 3600 % 24:02}:{number // 60 % 60:02}:{number % 60:02}Z"


def main() -> None:
    first, keep = int(sys.argv[1]), int(sys.argv[2])
    record = game_record()
    number = first
    while True:
        add_game({**record, "finished": finished(number)}, keep)
        print(number, flush=True)
        number += 1


if __name__ == "__main__":
    main()
