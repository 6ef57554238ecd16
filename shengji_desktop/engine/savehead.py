"""What the window offers to continue, read from a save journal without loading the engine.

The window's saves note the hand in their meta (``offer_meta``: ``"hand"`` and ``"over"``
beside the seats); ``peek_save`` reads the game from the journal's head and that meta from its
last meta line, so the start screen offers **Continue** at once and the match itself is read
(``record.load_saved``: every action replayed, some 40 ms and the engine's import) after the
window is complete (issue 21). A file that cannot say (no such meta: an older save, or one
written elsewhere; not a journal; a damaged line) gives None, and is read whole before it is
offered, as before. Only the standard library's ``json`` and the rules' ``Game`` load here.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from shengji_desktop.rules.options import Game

if TYPE_CHECKING:
    from .match import Match

JOURNAL_FORMAT = "shengji-desktop journal"  # a save journal's head says so (codec uses these)
JOURNAL_VERSIONS = (1, 2, 3)  # those record.load_saved reads; the last is the one written
_META_LINE = b'\n{"meta":'  # a journal's meta line as codec.journal_meta writes it


@dataclass(frozen=True)
class SaveHead:
    """The game and the hand a save holds, as the start screen names them."""

    game: Game
    hand: int


def offer_meta(match: Match) -> dict[str, Any]:
    """The part of a save's window meta that ``peek_save`` reads: the hand being played and
    whether the match is over (then there is nothing to continue)."""
    from .phase import Phase

    return {"hand": match.hand_number, "over": match.phase is Phase.OVER}


def peek_save(path: Path) -> SaveHead | None:
    """The game and hand of the save journal at ``path``, when its head and last meta line say
    them and the match is not over; None when the file must be read whole to know (or is not
    there: the caller has looked for it)."""
    import json

    try:
        raw = path.read_bytes()
    except OSError:
        return None
    first, newline, _ = raw.partition(b"\n")
    at = raw.rfind(_META_LINE)
    try:
        head = json.loads(first)
        if not newline or not isinstance(head, dict) or head.get("format") != JOURNAL_FORMAT:
            return None
        if head.get("version") not in JOURNAL_VERSIONS or isinstance(head.get("version"), bool):
            return None
        game = Game(head.get("game"))
        meta = head.get("meta")
        if at >= 0:
            end = raw.find(b"\n", at + 1)
            if end < 0:
                return None  # a meta line cut off as it was written
            line = json.loads(raw[at + 1 : end])
            meta = line.get("meta") if isinstance(line, dict) else None
    except (ValueError, UnicodeDecodeError):  # json.JSONDecodeError is a ValueError
        return None
    ui = meta.get("ui") if isinstance(meta, dict) else None
    if not isinstance(ui, dict):
        return None
    hand, over = ui.get("hand"), ui.get("over")
    if type(hand) is not int or hand < 1 or over is not False:
        return None
    return SaveHead(game, hand)
