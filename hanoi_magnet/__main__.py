"""``python -m hanoi_magnet``: the same as the ``hanoi-magnet`` command."""

import sys

from hanoi_magnet.cli._main import main

if __name__ == "__main__":
    sys.exit(main())
