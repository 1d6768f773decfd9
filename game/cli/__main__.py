"""`python -m game.cli`: the same as the `canasta` command."""

import sys

from game.cli.main import main

sys.exit(main())
