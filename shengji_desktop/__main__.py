"""Lets `python -m shengji_desktop` run the command line."""

import sys

from shengji_desktop.cli import main

sys.exit(main())
