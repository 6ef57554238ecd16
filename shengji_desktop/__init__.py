"""Desktop 升级 (Shengji) card games: Dalian 3-deck 打滚子, 2-deck tractor and 1-deck 三打一."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("shengji-desktop")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.1.0"
