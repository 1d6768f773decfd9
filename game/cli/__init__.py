"""The command line: `canasta` opens the table (game/ui); `simulate`, `tournament` and
`verify` run without a window (sim.py, tournament.py, verify.py). main.py reads the
arguments and hands over to one of them."""

from game.cli.main import main

__all__ = ["main"]
