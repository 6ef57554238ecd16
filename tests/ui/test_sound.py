"""Sound at the table (issue 18): each event kind plays its sound, from the typed events the
animator shows; a trick with points sounds unlike one without; mute, volume and silence while
minimised are settings, remembered; the seat's turn and the idle reminder; no audio device
means silence and one log line; the clips are valid short WAVs that the generator script
makes, the same bytes every run.

Every window here records what it would play (tests/ui/conftest.py: ``RecordingBackend``);
nothing reaches the speakers."""

from __future__ import annotations

import logging
import subprocess
import sys
import wave
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMenu
from ui_driver import WAIT_MS
from ui_matches import Played, play_until

from shengji_desktop.engine import events as ev
from shengji_desktop.engine.phase import Phase
from shengji_desktop.engine.results import DLResult, SDResult, TRResult
from shengji_desktop.rules.cards import Seat
from shengji_desktop.rules.options import Game, Options
from shengji_desktop.rules.sd import SDOutcome
from shengji_desktop.rules.trick import Shape
from shengji_desktop.ui.aids import audio, sound
from shengji_desktop.ui.aids.audio import (
    RATE,
    SOUND_NAMES,
    SOUNDS_DIR,
    MiniaudioBackend,
    Mixer,
    RecordingBackend,
    load_clips,
)
from shengji_desktop.ui.dialogs import NewGame
from shengji_desktop.ui.i18n import tr
from shengji_desktop.ui.session.session import HUMAN
from shengji_desktop.ui.window.mainwindow import MainWindow

pytestmark = pytest.mark.gui
ROOT = Path(__file__).resolve().parents[2]


class Clock:
    """A clock that moves a second at each look: no sound is held back as a repeat."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


@pytest.fixture
def window(qtbot, tmp_path):
    w = MainWindow(save_path=tmp_path / "autosave.json", check_save=False)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    w.table.animator.set_speed("instant")
    w.sounds.clock = Clock()
    yield w
    w.stop_session()


def recorded(window: MainWindow) -> RecordingBackend:
    backend = window.sounds.backend
    if backend is None:  # nothing played yet
        window.sounds.backend = backend = RecordingBackend()
    assert isinstance(backend, RecordingBackend)
    return backend


def show(window: MainWindow, qtbot, events, view) -> list[str]:
    """The animator shows one batch; the sounds it made (a trick's come as it is swept)."""
    backend = recorded(window)
    before = len(backend.played)
    if window.table.score.game is not view.game:  # as a session's first view does (table/screen.py)
        window.table.score.viewer = window.table.log.viewer = view.seat
        window.table.score.reset(view.game)
    window.table.animator.push(tuple(events), view)
    qtbot.waitUntil(lambda: not window.table.animator.running, timeout=WAIT_MS)
    if any(isinstance(e, ev.TrickWon) for e in events):
        qtbot.waitUntil(lambda: len(backend.played) > before, timeout=WAIT_MS)
    return backend.names[before:]


def sounds_of(
    window: MainWindow, qtbot, played: Played, wanted: Callable[[ev.Event], bool]
) -> list[tuple[ev.Event, list[str]]]:
    """Show every batch of ``played``, one event at a time with the view after its batch; the
    sounds of each event for which ``wanted`` holds."""
    out = []
    for events, view in played.batches:
        for event in events:
            names = show(window, qtbot, [event], view)
            if wanted(event):
                out.append((event, names))
    return out


def first_hand(game: Game, wanted: Callable[[Played], bool], **kw) -> Played:
    return play_until(game, wanted, **kw)


def settled(p: Played) -> bool:
    return p.match.phase in (Phase.SETTLED, Phase.OVER)


# ---------------------------------------------------------------------- event kinds


@pytest.mark.parametrize("game", list(Game))
def test_each_event_of_a_hand_plays_its_sound(window, qtbot, game: Game) -> None:
    """A whole hand shown event by event: the deal, every play (a throw, a ruff — trumps only
    on a plain lead, checked here from the cards — or a plain play), every trick (points or
    not), and the hand's end, as the window's side sees it."""
    played = first_hand(game, settled)
    trump = None
    lead = None
    kinds = set()
    for events, view in played.batches:
        for event in events:
            names = show(window, qtbot, [event], view)
            if isinstance(event, ev.CardDealt):
                assert names == ["deal"]
            elif isinstance(event, ev.CardsPlayed):
                trump = view.trump
                assert trump is not None
                if event.shape is Shape.THROW:
                    want = "throw"
                elif (
                    lead is not None
                    and not any(trump.is_trump(c) for c in lead)
                    and all(trump.is_trump(c) for c in event.cards)
                ):
                    want = "ruff"
                else:
                    want = "play"
                lead = lead or event.cards
                assert names == [want], (event, names)
                kinds.add(want)
            elif isinstance(event, ev.TrickWon):
                lead = None
                assert names == ["points" if event.points else "trick"], (event, names)
                kinds.add(names[0])
            elif isinstance(event, ev.Claimed):
                assert names == ["throw"]
            elif isinstance(event, ev.HandSettled):
                assert names == [hand_end(event, view.dealer)], (event.result, names)
                kinds.add(names[0])
            elif not isinstance(event, ev.Declared):
                assert names == [], (event, names)
    assert {"play", "trick"} <= kinds and kinds & {"win", "loss"}, kinds


def hand_end(event: ev.HandSettled, dealer: Seat | None) -> str:
    """Seat S's side won or lost, read from the result as the rules define it."""
    result = event.result
    assert dealer is not None
    ours = Seat.S in (
        {dealer} if isinstance(result, SDResult) else {dealer, dealer.partner}
    )  # SD: the declarer alone
    if isinstance(result, DLResult):
        dealer_won = result.case in ("A", "B")  # DL-SETTLE-1: the dealer keeps the deal
    elif isinstance(result, TRResult):
        dealer_won = not result.takeover  # TR-SETTLE-5
    else:
        assert isinstance(result, SDResult) and result.outcome is not SDOutcome.DRAW
        dealer_won = result.outcome.defender_factor < 0  # SD-COIN-2
    return "win" if dealer_won == ours else "loss"


def test_a_trick_with_points_sounds_unlike_a_trick_without(window, qtbot) -> None:
    def both(p: Played) -> bool:
        won = [e for e in p.events if isinstance(e, ev.TrickWon)]
        return any(e.points for e in won) and any(not e.points for e in won)

    played = first_hand(Game.TR, both)
    heard = sounds_of(window, qtbot, played, lambda e: isinstance(e, ev.TrickWon))
    with_points = {n for e, names in heard if e.points for n in names}
    without = {n for e, names in heard if not e.points for n in names}
    assert with_points == {"points"}
    assert without == {"trick"}


def test_a_throw_and_a_ruff_have_their_own_sounds(window, qtbot) -> None:
    def throw_and_ruff(p: Played) -> bool:
        shapes = [e.shape for e in p.events if isinstance(e, ev.CardsPlayed)]
        return Shape.THROW in shapes and ruffs(p) > 0

    played = first_hand(Game.TR, throw_and_ruff)
    heard = sounds_of(window, qtbot, played, lambda e: isinstance(e, ev.CardsPlayed))
    names = [n for _, ns in heard for n in ns]
    assert names.count("ruff") == ruffs(played)
    assert names.count("throw") == sum(e.shape is Shape.THROW for e, _ in heard)
    assert "play" in names


def ruffs(p: Played) -> int:
    """Follows of trumps only on a plain lead, from the finished tricks."""
    view = p.view
    trump = view.trump
    if trump is None:
        return 0
    n = 0
    for trick in view.tricks:
        lead = trick.plays[0][1]
        if any(trump.is_trump(c) for c in lead):
            continue
        n += sum(all(trump.is_trump(c) for c in cards) for _, cards in trick.plays[1:])
    return n


def test_a_declaration_and_an_overcall(window, qtbot) -> None:
    def overcalled(p: Played) -> bool:
        """Two declarations in the hand now in play."""
        n = 0
        for e in p.events:
            n = 0 if isinstance(e, ev.HandStarted) else n + isinstance(e, ev.Declared)
        return n >= 2

    played = first_hand(Game.TR, overcalled)
    heard = sounds_of(window, qtbot, played, lambda e: isinstance(e, ev.Declared | ev.HandStarted))
    starts = [i for i, (e, _) in enumerate(heard) if isinstance(e, ev.HandStarted)]
    this_hand = [names for _, names in heard[starts[-1] + 1 if starts else 0 :]]
    assert this_hand[0] == ["declare"]
    assert this_hand[1:] == [["overcall"]] * (len(this_hand) - 1)


def test_the_deal_does_not_rattle_at_instant_speed(window, qtbot) -> None:
    """A whole deal shown at once: the deal sound at most once per DEAL_GAP of real time."""
    window.sounds.clock = lambda: 100.0  # no time passes
    played = first_hand(Game.SD, lambda p: p.match.phase is not Phase.DEAL)
    deal = [e for events, _ in played.batches for e in events if isinstance(e, ev.CardDealt)]
    assert len(deal) > 40
    names = show(window, qtbot, deal, played.batches[-1][1])
    assert names == ["deal"]


# ---------------------------------------------------------------------- settings


def a_card_played(window: MainWindow, qtbot) -> list[str]:
    played = first_hand(Game.SD, lambda p: any(isinstance(e, ev.CardsPlayed) for e in p.events))
    events, view = next(
        (es, v) for es, v in played.batches if any(isinstance(e, ev.CardsPlayed) for e in es)
    )
    return show(window, qtbot, [e for e in events if isinstance(e, ev.CardsPlayed)], view)


def test_mute_and_volume_are_settings_remembered_by_the_next_window(
    window, qtbot, tmp_path
) -> None:
    assert a_card_played(window, qtbot) == ["play"]
    assert recorded(window).played[-1] == ("play", sound.DEFAULT_VOLUME / 100)
    window.sounds.volume_actions[25].trigger()
    assert a_card_played(window, qtbot) == ["play"]
    assert recorded(window).played[-1] == ("play", 0.25)
    window.sounds.mute_action.trigger()
    assert a_card_played(window, qtbot) == []
    assert QSettings().value(sound.MUTED_KEY) in (True, "true")

    again = MainWindow(save_path=tmp_path / "again.json", check_save=False)
    qtbot.addWidget(again)
    assert again.sounds.mute_action.isChecked()
    assert again.sounds.volume_actions[25].isChecked()
    again.sounds.mute_action.trigger()  # sound back on
    assert not window.sounds.muted()
    assert a_card_played(window, qtbot) == ["play"]


def test_the_sound_menu_is_in_settings(window) -> None:
    menus = window.menuBar().findChildren(QMenu)
    settings = next(a.menu() for a in window.menuBar().actions() if a.text() == tr("&Settings"))
    menu = next(m for m in menus if window.sounds.mute_action in m.actions())
    assert menu.menuAction() in settings.actions() and menu.title() == tr("Sound")
    texts = [a.text() for a in menu.actions()]
    assert texts == [tr("&Mute"), tr("Volume"), tr("Silent while minimised"), tr("Turn reminder")]
    reminder = next(a.menu() for a in menu.actions() if a.text() == tr("Turn reminder"))
    assert [a.text() for a in reminder.actions()] == [tr("Off")] + [
        tr("After {n} s").format(n=n) for n in (10, 20, 30, 60)
    ]
    reminder.actions()[0].trigger()
    assert window.sounds.reminder_seconds() == 0
    assert QSettings().value(sound.REMINDER_KEY) in (0, "0")


def test_minimised_the_window_is_silent_when_the_player_chose_so(window, qtbot) -> None:
    window.showMinimized()
    qtbot.waitUntil(window.isMinimized, timeout=WAIT_MS)
    assert a_card_played(window, qtbot) == ["play"]  # by default it still sounds
    window.sounds.minimised_action.trigger()
    assert QSettings().value(sound.QUIET_MINIMISED_KEY) in (True, "true")
    assert a_card_played(window, qtbot) == []
    window.showNormal()
    qtbot.waitUntil(lambda: not window.isMinimized(), timeout=WAIT_MS)
    assert a_card_played(window, qtbot) == ["play"]


# ---------------------------------------------------------------------- the seat's turn


def test_the_seats_turn_sounds_and_the_reminder_after_the_idle_time(window, qtbot) -> None:
    QSettings().setValue(sound.REMINDER_KEY, 1)  # a second, for the test
    backend = recorded(window)
    seats = ["human", "random", "random", "random"]
    session = window.games.start_new(NewGame(Game.SD, Options(), seats, "instant"), seed=3)
    qtbot.waitUntil(lambda: session.waiting == HUMAN, timeout=WAIT_MS)
    assert "turn" in backend.names
    assert "reminder" not in backend.names
    qtbot.waitUntil(lambda: "reminder" in backend.names, timeout=WAIT_MS)
    assert backend.names.count("reminder") == 1
    assert session.waiting == HUMAN  # still idle: that is what it reminded of
    assert backend.names.index("turn") < backend.names.index("reminder")


def test_no_turn_sound_under_autoplay(window, qtbot) -> None:
    backend = recorded(window)
    seats = ["human", "random", "random", "random"]
    session = window.games.start_new(NewGame(Game.SD, Options(), seats, "instant"), seed=3)
    assert window.sounds.backend is backend
    session.set_autoplay(True, "easy")
    qtbot.waitUntil(lambda: any(n in ("win", "loss") for n in backend.names), timeout=WAIT_MS)
    assert "turn" not in backend.names


# ---------------------------------------------------------------------- playing, no device


class NoDevice(Exception):
    pass


def test_without_an_audio_device_silence_and_one_log_line(caplog) -> None:
    opened = []

    def no_device(mixer: Mixer) -> object:
        opened.append(mixer)
        raise NoDevice("no playback device")

    backend = MiniaudioBackend(load_clips(), open_device=no_device)
    with caplog.at_level(logging.INFO, logger=audio.__name__):
        for name in SOUND_NAMES * 3:
            backend.play(name, 0.8)
    assert len(opened) == 1  # not tried again
    assert not backend.mixer.busy
    lines = [r for r in caplog.records if r.name == audio.__name__]
    assert len(lines) == 1, lines
    assert "silence" in lines[0].getMessage() and "no playback device" in lines[0].getMessage()


def test_on_this_machine_miniaudio_finds_no_device_and_says_so_once(caplog, capfd) -> None:
    """The real library, where there is no sound card (CI, this server): no exception, one
    line, and none of ALSA's own complaints on stderr."""
    pytest.importorskip("miniaudio")
    backend = MiniaudioBackend()
    with caplog.at_level(logging.INFO, logger=audio.__name__):
        if backend._ready():  # opened (plays nothing yet)
            backend.close()
            pytest.skip(f"this machine has an audio device ({backend.backend_name})")
        backend.play("play", 1.0)
        backend.play("turn", 1.0)
    assert backend.failed is not None and backend.device is None
    assert len([r for r in caplog.records if r.name == audio.__name__]) == 1
    assert "ALSA" not in capfd.readouterr().err


def test_clips_play_through_a_miniaudio_device_until_done(qtbot) -> None:
    """miniaudio's silent "null" device pulls frames in real time from the mixer."""
    miniaudio = pytest.importorskip("miniaudio")

    def null_device(mixer: Mixer) -> object:
        device = miniaudio.PlaybackDevice(
            output_format=miniaudio.SampleFormat.SIGNED16,
            nchannels=1,
            sample_rate=RATE,
            buffersize_msec=audio.PERIOD_MS,
            backends=[miniaudio.Backend.NULL],
        )
        stream = mixer.stream()
        next(stream)
        device.start(stream)
        return device

    backend = MiniaudioBackend(load_clips(), open_device=null_device)
    backend.play("deal", 0.5)
    backend.play("turn", 1.0)
    assert backend.device is not None and backend.mixer.busy
    backend.idle()  # still playing: the device stays
    assert backend.device is not None
    # the device's own thread drains it
    qtbot.waitUntil(lambda: not backend.mixer.busy, timeout=WAIT_MS)
    backend.idle()
    assert backend.device is None


def test_the_mixer_adds_clips_and_clips_at_full_scale() -> None:
    from array import array

    mixer = Mixer()
    mixer.add(array("h", [1000, 30000, -30000, 5]))
    mixer.add(array("h", [2000, 10000, -10000]))
    out = array("h")
    out.frombytes(mixer.chunk(3))
    if sys.byteorder == "big":
        out.byteswap()
    assert list(out) == [3000, 32767, -32768]
    out = array("h")
    out.frombytes(mixer.chunk(3))
    assert list(out) == [5] and not mixer.busy
    assert mixer.chunk(3) == b""


def test_volume_scales_the_samples() -> None:
    clips = load_clips()
    loud = max(abs(v) for v in clips["play"].samples)
    quiet = max(abs(v) for v in audio.scaled(clips["play"].samples, 0.25))
    assert abs(quiet - loud * 0.25) <= 1


# ---------------------------------------------------------------------- the files


def test_every_sound_is_a_short_valid_wav() -> None:
    assert sorted(p.stem for p in SOUNDS_DIR.glob("*.wav")) == sorted(SOUND_NAMES)
    for name in SOUND_NAMES:
        with wave.open(str(SOUNDS_DIR / f"{name}.wav"), "rb") as f:
            assert (f.getnchannels(), f.getsampwidth(), f.getframerate()) == (1, 2, RATE)
            seconds = f.getnframes() / RATE
        assert 0.03 <= seconds <= 1.0, (name, seconds)
        clip = load_clips()[name]
        assert max(abs(v) for v in clip.samples) > 10000, name  # not silent
        assert abs(clip.samples[-1]) < 300, name  # faded out: no click at the end


def test_the_generator_makes_the_same_bytes_every_run(tmp_path) -> None:
    script = ROOT / "scripts" / "make_sounds.py"
    outputs = []
    for run in ("a", "b"):
        folder = tmp_path / run
        subprocess.run([sys.executable, str(script), "--out", str(folder)], check=True)
        outputs.append({p.name: p.read_bytes() for p in sorted(folder.glob("*.wav"))})
    assert outputs[0] == outputs[1]
    assert sorted(outputs[0]) == sorted(f"{n}.wav" for n in SOUND_NAMES)
    if sys.platform.startswith("linux"):  # where they were made (another libm may round apart)
        committed = {p.name: p.read_bytes() for p in sorted(SOUNDS_DIR.glob("*.wav"))}
        assert committed == outputs[0], "resources/sounds/ is stale: run scripts/make_sounds.py"


def test_wheels_and_the_frozen_app_ship_the_sounds() -> None:
    from shengji_desktop.assets import bundled_files

    shipped = {(p.name, folder) for p, folder in bundled_files(ROOT)}
    for name in SOUND_NAMES:
        assert (f"{name}.wav", "resources/sounds") in shipped
