"""Playing the table's sound effects: short clips mixed into one output stream.

The program plays its clips (``resources/sounds/*.wav``, made by ``scripts/make_sounds.py``)
through miniaudio (the ``miniaudio`` package: one C library in a wheel of well under a
megabyte for Windows, macOS and Linux, which talks to WASAPI, Core Audio, PulseAudio or ALSA
itself). README says why not QtMultimedia. One playback device is opened at the first sound
and closed again when the table has been quiet a while (``idle``); its callback (miniaudio's
thread) takes the next frames from a ``Mixer``, which adds up the clips that are playing.

Where there is no audio device (a server, CI) or miniaudio cannot load, ``MiniaudioBackend``
logs one line, once, and plays nothing from then on: the table goes on in silence. No Qt
here: ``aids/sound.py`` decides what sounds when; this module only plays it.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import threading
from array import array
from collections.abc import Callable, Generator, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from shengji_desktop.assets import RESOURCES_DIR

log = logging.getLogger(__name__)

SOUNDS_DIR = RESOURCES_DIR / "sounds"
SOUND_NAMES = (
    "deal",
    "play",
    "throw",
    "ruff",
    "trick",
    "points",
    "turn",
    "reminder",
    "declare",
    "overcall",
    "win",
    "loss",
)
RATE = 44100  # the clips' rate; miniaudio converts to the device's own
PERIOD_MS = 20  # how much the device asks for at a time: the latency of a click
MAX_VOICES = 8  # clips playing at once; the oldest gives way


@dataclass(frozen=True)
class Clip:
    """One sound: mono 16-bit samples at ``RATE``."""

    name: str
    samples: array[int]  # array('h')

    @property
    def seconds(self) -> float:
        return len(self.samples) / RATE


def load_clip(path: Path) -> Clip:
    """Read one of the program's WAV files; anything else is refused with its reason."""
    import wave  # at the first sound, not at the window's start

    with wave.open(str(path), "rb") as f:
        shape = (f.getnchannels(), f.getsampwidth(), f.getframerate())
        if shape != (1, 2, RATE):
            raise ValueError(f"{path.name}: {shape} is not mono 16-bit {RATE} Hz")
        data = f.readframes(f.getnframes())
    samples = array("h")
    samples.frombytes(data)
    if sys.byteorder == "big":
        samples.byteswap()
    return Clip(path.stem, samples)


def load_clips(folder: Path = SOUNDS_DIR) -> dict[str, Clip]:
    return {name: load_clip(folder / f"{name}.wav") for name in SOUND_NAMES}


def scaled(samples: array[int], volume: float) -> array[int]:
    """The samples at ``volume`` (0..1)."""
    if volume >= 1.0:
        return samples
    return array("h", [int(v * volume) for v in samples])


class Backend(Protocol):
    """What plays a named sound at a volume (0..1)."""

    def play(self, name: str, volume: float) -> None: ...

    def idle(self) -> None:
        """Nothing has played for a while: let the device go (it comes back on demand)."""

    def close(self) -> None: ...


class SilentBackend:
    """Plays nothing (sound switched off for good, or no way to play it)."""

    def play(self, name: str, volume: float) -> None:
        pass

    def idle(self) -> None:
        pass

    def close(self) -> None:
        pass


class RecordingBackend:
    """Plays nothing and keeps (name, volume) of each sound asked for: the tests' backend."""

    def __init__(self) -> None:
        self.played: list[tuple[str, float]] = []
        self.closed = False

    @property
    def names(self) -> list[str]:
        return [name for name, _ in self.played]

    def play(self, name: str, volume: float) -> None:
        self.played.append((name, volume))

    def idle(self) -> None:
        pass

    def close(self) -> None:
        self.closed = True


class Mixer:
    """The clips playing now, added up frame by frame; thread-safe (the device's thread reads,
    the GUI thread adds)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._voices: list[list[Any]] = []  # [samples, position]

    def add(self, samples: array[int]) -> None:
        with self._lock:
            self._voices.append([samples, 0])
            del self._voices[:-MAX_VOICES]

    @property
    def busy(self) -> bool:
        with self._lock:
            return bool(self._voices)

    def chunk(self, frames: int) -> bytes:
        """The next ``frames`` frames, or fewer (the device fills the rest with silence)."""
        with self._lock:
            parts: list[array[int]] = []
            for voice in self._voices:
                samples, pos = voice
                parts.append(samples[pos : pos + frames])
                voice[1] = pos + frames
            self._voices = [v for v in self._voices if v[1] < len(v[0])]
        if not parts:
            return b""
        if len(parts) == 1:
            out = parts[0]
        else:
            total = [0] * max(len(p) for p in parts)
            for part in parts:
                for i, value in enumerate(part):
                    total[i] += value
            out = array("h", [-32768 if v < -32768 else 32767 if v > 32767 else v for v in total])
        if sys.byteorder == "big":
            out = array("h", out)
            out.byteswap()
        return out.tobytes()

    def stream(self) -> Generator[bytes, int, None]:
        """miniaudio's callback generator: sent a frame count, yields the frames."""
        frames = yield b""
        while True:
            frames = yield self.chunk(frames)


@contextlib.contextmanager
def quiet_stderr() -> Iterator[None]:
    """On Linux, ALSA's library prints a screenful to the process's stderr (file descriptor 2)
    when it finds no sound card; our own log line says it once. Elsewhere, nothing."""
    if not sys.platform.startswith("linux"):
        yield
        return
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def open_miniaudio_device(mixer: Mixer) -> Any:
    """A started playback device (miniaudio's default backends, never its silent "null" one),
    fed by ``mixer``; raises whatever miniaudio raises when there is none."""
    import miniaudio

    backends = [b for b in miniaudio.Backend if b is not miniaudio.Backend.NULL]
    with quiet_stderr():
        device = miniaudio.PlaybackDevice(
            output_format=miniaudio.SampleFormat.SIGNED16,
            nchannels=1,
            sample_rate=RATE,
            buffersize_msec=PERIOD_MS,
            backends=backends,
            app_name="Shengji Desktop",
        )
    stream = mixer.stream()
    next(stream)
    device.start(stream)
    return device


class MiniaudioBackend:
    """Plays the clips through one miniaudio device, opened at the first sound.

    ``open_device`` (tests pass their own) makes the started device from the mixer. If it
    fails, or the clips cannot be read, one line goes to the log and nothing plays again."""

    def __init__(
        self,
        clips: Mapping[str, Clip] | None = None,
        open_device: Callable[[Mixer], Any] = open_miniaudio_device,
    ) -> None:
        self._clips = clips
        self._open_device = open_device
        self.mixer = Mixer()
        self.device: Any = None
        self.failed: str | None = None  # why it plays nothing
        self.backend_name = ""
        self._scaled: dict[tuple[str, int], array[int]] = {}

    def _ready(self) -> bool:
        if self.failed is not None:
            return False
        if self.device is not None:
            return True
        try:
            if self._clips is None:
                self._clips = load_clips()
            self.device = self._open_device(self.mixer)
        except Exception as exc:  # no device, no library, no files: silence, said once
            self.failed = f"{type(exc).__name__}: {exc}"
            log.warning("sound: no audio output, playing in silence (%s)", self.failed)
            return False
        self.backend_name = str(getattr(self.device, "backend", ""))
        log.info("sound: playing through %s", self.backend_name or "an audio device")
        return True

    def play(self, name: str, volume: float) -> None:
        if volume <= 0 or not self._ready():
            return
        assert self._clips is not None
        clip = self._clips.get(name)
        if clip is None:
            return
        key = (name, round(volume * 100))
        samples = self._scaled.get(key)
        if samples is None:
            samples = self._scaled[key] = scaled(clip.samples, key[1] / 100)
        self.mixer.add(samples)

    def idle(self) -> None:
        if self.device is not None and not self.mixer.busy:
            self.close()

    def close(self) -> None:
        device, self.device = self.device, None
        if device is not None:
            with contextlib.suppress(Exception):
                device.close()
