"""The window's autosave of a local game is a journal (issue 16, item 10): a line per action,
the file rewritten at most once a hand; it resumes to the same game; a cut-off last line loses
only that action (with a warning), a damaged file is refused and set aside; an autosave of the
older format still continues."""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any

import pytest

from shengji_desktop.engine.match import Match
from shengji_desktop.engine.players import RandomPlayer
from shengji_desktop.engine.record import RecordError, record_json, write_atomic
from shengji_desktop.engine.view import seat_view
from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.options import Game
from shengji_desktop.ui.session.games import read_saved_game
from shengji_desktop.ui.session.local import LocalTable


class Watching:
    """A session that shows every update at once and notes when the table has played on."""

    def __init__(self, hands: int) -> None:
        self.hands = hands
        self.link: LocalTable | None = None
        self.shown = 0
        self.done = threading.Event()
        self.errors: list[str] = []

    def deliver(self, events: Any, view: Any) -> None:
        self.shown += 1
        assert self.link is not None
        self.link.caught_up(self.shown)
        if len(view.history) >= self.hands:
            self.done.set()

    def refuse(self, why: Any) -> None:
        self.errors.append(str(why))

    def fail(self, text: str) -> None:
        self.errors.append(text)
        self.done.set()

    def note_saved(self) -> None:
        pass


def random_factory(kind: str, seed: str) -> RandomPlayer:
    import random

    return RandomPlayer(random.Random(seed))


def play_local(path: Path, hands: int, match: Match | None = None) -> LocalTable:
    match = match or Match(Game.SD, None, 12)
    link = LocalTable(match, ["random"] * 4, random_factory, path, auto_next_ms=0)
    session = Watching(len(match.history) + hands)
    session.link = link
    link.start(session)  # type: ignore[arg-type]
    assert session.done.wait(60) and not session.errors, session.errors
    link.shutdown()
    return link


def test_the_autosave_appends_a_line_per_action_and_rewrites_once_a_hand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "autosave.json"
    replaced: list[Any] = []
    real = os.replace

    def counting(src: Any, dst: Any) -> None:
        if Path(dst) == path:
            replaced.append(dst)
        real(src, dst)

    monkeypatch.setattr(os, "replace", counting)
    hands = 3
    link = play_local(path, hands)
    match = link.match
    assert len(match.history) >= hands and len(match.actions) > 150
    assert 1 <= len(replaced) <= len(match.history) + 2, (len(replaced), len(match.actions))
    assert link.journal is not None and link.journal.longest_line <= 200
    saved = read_saved_game(path)
    assert saved is not None and saved.seats == ["random"] * 4 and not saved.warnings
    assert saved.match.actions == match.actions
    assert [seat_view(saved.match, s) for s in Seat] == [seat_view(match, s) for s in Seat]
    # and it goes on from there: a resumed game saves into the same file
    again = play_local(path, 1, saved.match)
    assert read_saved_game(path).match.actions == again.match.actions  # type: ignore[union-attr]


def test_a_cut_off_autosave_loses_only_its_last_action(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    link = play_local(path, 1)
    path.write_bytes(path.read_bytes() + b'{"a": "pl')  # a crash in the middle of a line
    saved = read_saved_game(path)
    assert saved is not None and saved.match.actions == link.match.actions
    assert saved.warnings and "cut off" in saved.warnings[0]


def test_a_damaged_autosave_is_refused_and_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    play_local(path, 1)
    lines = path.read_bytes().split(b"\n")
    lines[3] = b"\xff\xfe not json"
    path.write_bytes(b"\n".join(lines))
    with pytest.raises(RecordError, match="line 4"):
        read_saved_game(path)
    assert not path.exists() and len(list(tmp_path.glob("autosave.json.corrupt-*"))) == 1


def test_an_autosave_of_the_older_format_continues(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    played = play_local(tmp_path / "new.json", 1).match
    match = Match(Game.SD, None, 12)
    for action in played.actions[:80]:
        match.apply(action)
    write_atomic(path, {**record_json(match), "ui": {"seats": ["human", "easy", "easy", "easy"]}})
    saved = read_saved_game(path)
    assert saved is not None and saved.seats == ["human", "easy", "easy", "easy"]
    assert saved.match.actions == match.actions and not saved.warnings


# ---------------------------------------------------------------------- the Continue offer's head


def test_the_autosave_names_its_game_and_hand_without_being_read(tmp_path: Path) -> None:
    # issue 21: the start screen offers Continue from the journal's head and last meta line
    # (savehead.peek_save), and reads the match after; the two must name the same hand
    from shengji_desktop.engine.savehead import SaveHead, peek_save

    path = tmp_path / "autosave.json"
    play_local(path, 3)
    saved = read_saved_game(path)
    assert saved is not None and saved.match.hand_number >= 3
    assert peek_save(path) == SaveHead(Game.SD, saved.match.hand_number)
    # a meta line only when the hand changes, not one per action
    metas = [line for line in path.read_bytes().split(b"\n") if line.startswith(b'{"meta":')]
    assert len(metas) <= 1  # the file was rewritten at the last hand's end, meta in its head
    again = play_local(path, 1, saved.match)  # on into the next hand: its line is appended
    assert peek_save(path) == SaveHead(Game.SD, again.match.hand_number)
    assert read_saved_game(path).match.hand_number == again.match.hand_number  # type: ignore[union-attr]


def test_a_finished_match_is_not_offered_from_its_head(tmp_path: Path) -> None:
    from shengji_desktop.engine.savehead import peek_save
    from shengji_desktop.rules.options import Options

    path = tmp_path / "autosave.json"
    play_local(path, 1, Match(Game.SD, Options(sd_hands_per_session=1), 12))
    assert peek_save(path) is None and read_saved_game(path) is None


@pytest.mark.parametrize(
    "damage",
    ["torn meta line", "no hand in the meta", "head not json", "older format", "missing"],
)
def test_a_save_whose_head_cannot_say_is_read_whole(tmp_path: Path, damage: str) -> None:
    from shengji_desktop.engine.record import Journal
    from shengji_desktop.engine.savehead import peek_save

    path = tmp_path / "autosave.json"
    link = play_local(path, 1)
    m = link.match
    if damage == "torn meta line":  # a crash while the meta line was written
        path.write_bytes(path.read_bytes() + b'{"meta":{"ui":{"hand":')
    elif damage == "no hand in the meta":  # a journal of before the offer's meta
        journal = Journal(path, m.game, m.options, m.seed, m.actions, {"ui": {"seats": ["x"]}})
        journal.compact()
        journal.close()
    elif damage == "head not json":
        path.write_bytes(b"\xff" + path.read_bytes())
    elif damage == "older format":
        write_atomic(path, {**record_json(m), "ui": {"seats": ["human", "easy", "easy", "easy"]}})
    else:
        path.unlink()
    assert peek_save(path) is None


def test_the_head_reader_knows_the_journal_it_reads() -> None:
    from shengji_desktop.engine import codec, savehead

    assert savehead.JOURNAL_FORMAT == codec.JOURNAL_FORMAT
    assert codec.JOURNAL_VERSION in savehead.JOURNAL_VERSIONS
    assert codec.journal_meta({"ui": {}}).startswith(savehead._META_LINE[1:])
