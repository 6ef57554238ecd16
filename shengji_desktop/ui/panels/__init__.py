"""The widgets around the table: the side panel, the action bar and the overlays; each game's
words come from one formatter per game (``formats.game_text``)."""

from .bar import ActionBar, Choice
from .info import InfoPanel
from .minicards import MiniCards
from .overlay import Overlay, settlement_lines

__all__ = ["ActionBar", "Choice", "InfoPanel", "MiniCards", "Overlay", "settlement_lines"]
