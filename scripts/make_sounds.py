"""Make the table's sound effects: resources/sounds/*.wav (issue 18, "Sound").

    python scripts/make_sounds.py            # writes resources/sounds/
    python scripts/make_sounds.py --out DIR  # somewhere else (the tests compare the bytes)

Plain Python (math, random with fixed seeds, wave): no numpy, no recordings, nobody else's
samples. The same run makes the same bytes. Each effect is mono, 16-bit, 44.1 kHz and short
(at most a second): card snaps are filtered noise bursts, the cues are sine tones with a
little of their octave, shaped by an attack and an exponential decay.
"""

from __future__ import annotations

import argparse
import math
import random
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 44100
ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "resources" / "sounds"

Samples = list[float]


def silence(seconds: float) -> Samples:
    return [0.0] * int(seconds * RATE)


def tone(freq: float, seconds: float, decay: float = 8.0, attack: float = 0.004) -> Samples:
    """A struck tone: the note and a softer octave, a short attack and an exponential decay."""
    n = int(seconds * RATE)
    out = []
    for i in range(n):
        t = i / RATE
        env = min(1.0, t / attack) * math.exp(-decay * t)
        w = 2 * math.pi * freq * t
        out.append(env * (math.sin(w) + 0.3 * math.sin(2 * w) + 0.1 * math.sin(3 * w)))
    return out


def noise(seconds: float, seed: int, decay: float, colour: float) -> Samples:
    """A burst of noise through a one-pole low-pass (``colour`` 0..1: darker when higher)."""
    rng = random.Random(seed)
    n = int(seconds * RATE)
    out, last = [], 0.0
    for i in range(n):
        t = i / RATE
        last = colour * last + (1 - colour) * rng.uniform(-1.0, 1.0)
        out.append(last * min(1.0, t / 0.0015) * math.exp(-decay * t))
    return out


def thump(freq: float, seconds: float, decay: float) -> Samples:
    """A low knock whose pitch falls (the table under the card)."""
    n = int(seconds * RATE)
    out, phase = [], 0.0
    for i in range(n):
        t = i / RATE
        phase += 2 * math.pi * freq * (1.0 - 0.5 * min(1.0, t / seconds)) / RATE
        out.append(math.sin(phase) * math.exp(-decay * t))
    return out


def mix(*parts: tuple[float, float, Samples]) -> Samples:
    """(start in seconds, gain, samples) laid over each other."""
    length = max(int(start * RATE) + len(s) for start, _, s in parts)
    out = [0.0] * length
    for start, gain, samples in parts:
        offset = int(start * RATE)
        for i, value in enumerate(samples):
            out[offset + i] += gain * value
    return out


def notes(freqs: list[float], step: float, length: float, decay: float) -> Samples:
    return mix(*((k * step, 1.0, tone(f, length, decay)) for k, f in enumerate(freqs)))


C5, E5, G5, B5 = 523.25, 659.26, 783.99, 987.77
C6, E6, G6 = 1046.5, 1318.5, 1568.0
A4, G4, EB4, C4, G3 = 440.0, 392.0, 311.13, 261.63, 196.0


def card(seed: int) -> Samples:
    return mix((0, 0.9, noise(0.07, seed, 70, 0.35)), (0, 0.5, thump(180, 0.06, 60)))


SOUNDS: dict[str, Callable[[], Samples]] = {
    # a card leaves the pile: a light flick
    "deal": lambda: noise(0.045, 1, 110, 0.2),
    # a card lands on the table
    "play": lambda: card(2),
    # a throw (甩牌): several cards land one after another
    "throw": lambda: mix(*((k * 0.045, 0.8, card(10 + k)) for k in range(4))),
    # a ruff (毙): a hard knock and a low tone
    "ruff": lambda: mix(
        (0, 1.0, thump(140, 0.18, 22)),
        (0, 0.8, noise(0.09, 3, 45, 0.15)),
        (0.02, 0.5, tone(A4 / 2, 0.25, 14)),
    ),
    # a trick goes to its winner: a soft swish
    "trick": lambda: mix((0, 0.7, noise(0.22, 4, 18, 0.75)), (0.05, 0.25, tone(G5, 0.2, 20))),
    # a trick with points goes to its winner: the swish and a bright two-note chime
    "points": lambda: mix(
        (0, 0.5, noise(0.2, 5, 18, 0.75)),
        (0.03, 0.55, notes([E6, G6], 0.08, 0.35, 11)),
    ),
    # the seat is to act
    "turn": lambda: notes([G5, C6], 0.11, 0.3, 10),
    # the seat has been idle a while
    "reminder": lambda: notes([C6, C6, C6], 0.13, 0.16, 18),
    # a declaration (亮主)
    "declare": lambda: notes([C5, E5, G5], 0.07, 0.32, 9),
    # an overcall (反主): higher, with a fourth note
    "overcall": lambda: notes([E5, G5, B5, E6], 0.06, 0.32, 9),
    # the hand is over: the seat's side won, or lost
    "win": lambda: notes([C5, E5, G5, C6], 0.12, 0.5, 5),
    "loss": lambda: notes([G4, EB4, C4, G3], 0.14, 0.5, 5),
}
MAX_SECONDS = 1.0
FADE = 0.012  # seconds faded out at the end


def pcm(samples: Samples, peak: float = 0.8) -> bytes:
    """Normalised to ``peak`` of full scale, 16-bit little-endian."""
    top = max(abs(v) for v in samples) or 1.0
    scale = peak * 32767 / top
    fade = min(len(samples), int(FADE * RATE))  # no click where a tone is cut off
    out = bytearray()
    for i, value in enumerate(samples):
        left = len(samples) - i
        gain = scale * (left / fade if left < fade else 1.0)
        out += int(round(value * gain)).to_bytes(2, "little", signed=True)
    return bytes(out)


def write(name: str, samples: Samples, folder: Path) -> Path:
    path = folder / f"{name}.wav"
    with wave.open(str(path), "wb") as f:
        f.setnchannels(1)
        f.setsampwidth(2)
        f.setframerate(RATE)
        f.writeframes(pcm(samples))
    return path


def make(folder: Path = OUT) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, build in SOUNDS.items():
        samples = build()
        assert len(samples) <= MAX_SECONDS * RATE, name
        paths.append(write(name, samples, folder))
    return paths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="folder (default resources/sounds)")
    args = parser.parse_args()
    for path in make(args.out):
        print(f"{path} {path.stat().st_size} bytes")


if __name__ == "__main__":
    main()
