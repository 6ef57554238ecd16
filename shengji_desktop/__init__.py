"""Desktop 升级 (Shengji) card games: Dalian 3-deck 打滚子, 2-deck tractor and 1-deck 三打一."""

# The one place the version is written (pyproject.toml reads it from here). A constant, not a
# look-up in the installed package's metadata: importlib.metadata costs some 30 ms at every
# start of the program.
__version__ = "0.1.0"
