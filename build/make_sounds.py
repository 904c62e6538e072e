"""Make the app's sounds: ``python build/make_sounds.py`` writes game/app/assets/sounds/{move,capture,end}.ogg.

The sounds are synthesised here from a few sine partials with quick decays (no recordings, nothing
to license): a short wooden "tock" for a move, a lower knock with a sharper click on top for a
capture, and a soft rising three-note chime for the end of a game. They are written as Ogg Vorbis,
mono, 22,050 Hz, at a low quality setting, so each file is a few kilobytes (the browser build wants
``.ogg``; pygame plays it on the desktop too).

Writing Ogg Vorbis needs ``soundfile`` (its wheel bundles libsndfile with Vorbis), a build-time
dependency only, never needed to run the app: ``pip install -e '.[sounds]'``, or into a throw-away
virtualenv (``python -m venv /tmp/snd && /tmp/snd/bin/pip install soundfile==0.14.0`` then
``/tmp/snd/bin/python build/make_sounds.py``). The samples themselves are made with the standard
library alone (`synthesise`), and the noise in them comes from a fixed seed, so the sounds are the
same at every run (the Ogg container's serial number differs from run to run, so the bytes do too).
The generated files are committed: the app and its tests never run this script.

Exit status 0 when written, 1 with a message when soundfile is missing or a file cannot be written.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from array import array
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "game" / "app" / "assets" / "sounds"
RATE = 22050
#: Vorbis quality for libsndfile's compression level (0 best .. 1 smallest); the sounds are short and
#: simple, so a small file loses nothing audible
COMPRESSION = 0.85


def tone(seconds: float, partials: list[tuple[float, float, float]], *, attack: float = 0.002,
         glide: float = 0.0, noise: tuple[float, float] = (0.0, 0.01), seed: int = 1) -> list[float]:
    """`seconds` of samples in -1..1: each partial (frequency Hz, amplitude, decay time s) a sine that
    fades exponentially, its pitch falling by `glide` (a fraction) over the first 40 ms, plus a burst of
    noise (amplitude, decay s) for the strike; a short linear attack avoids a click."""
    rng = random.Random(seed)
    count = round(seconds * RATE)
    out = []
    phases = [0.0] * len(partials)
    level, decay = noise
    for n in range(count):
        t = n / RATE
        bend = 1.0 + glide * math.exp(-t / 0.04)
        value = 0.0
        for k, (freq, amp, fade) in enumerate(partials):
            phases[k] += 2 * math.pi * freq * bend / RATE
            value += amp * math.exp(-t / fade) * math.sin(phases[k])
        if level:
            value += level * math.exp(-t / decay) * (2 * rng.random() - 1)
        value *= min(1.0, t / attack) if attack else 1.0
        out.append(value)
    tail = min(count, round(0.01 * RATE))  # the last 10 ms fade to silence
    for k in range(tail):
        out[count - 1 - k] *= k / tail
    return out


def mix(*parts: tuple[float, list[float]]) -> list[float]:
    """Sounds laid over each other, each starting at its offset (seconds)."""
    length = max(round(at * RATE) + len(samples) for at, samples in parts)
    out = [0.0] * length
    for at, samples in parts:
        start = round(at * RATE)
        for k, value in enumerate(samples):
            out[start + k] += value
    return out


def synthesise() -> dict[str, list[float]]:
    """The three sounds as samples in -1..1 (peak-normalised to 0.8)."""
    move = tone(0.11, [(660.0, 0.8, 0.028), (1320.0, 0.25, 0.012), (1980.0, 0.1, 0.008)], glide=0.18,
                noise=(0.35, 0.004), seed=1)
    capture = mix((0.0, tone(0.16, [(330.0, 0.9, 0.05), (660.0, 0.35, 0.02)], glide=0.25, noise=(0.4, 0.006),
                             seed=2)),
                  (0.035, tone(0.09, [(1180.0, 0.6, 0.02), (2360.0, 0.2, 0.01)], glide=0.1, noise=(0.3, 0.003),
                               seed=3)))
    notes = (523.25, 659.25, 783.99)  # C5 E5 G5
    end = mix(*((0.11 * k, tone(0.5 if k == 2 else 0.3, [(f, 0.7, 0.16 if k == 2 else 0.09), (2 * f, 0.18, 0.06),
                                                          (3 * f, 0.06, 0.03)], attack=0.004, seed=4 + k))
                for k, f in enumerate(notes)))
    return {name: normalise(samples) for name, samples in (("move", move), ("capture", capture), ("end", end))}


def normalise(samples: list[float], peak: float = 0.8) -> list[float]:
    top = max(abs(v) for v in samples) or 1.0
    return [v * peak / top for v in samples]


def pcm16(samples: list[float]) -> array:
    return array("h", (max(-32767, min(32767, round(v * 32767))) for v in samples))


def write_ogg(path: Path, samples: list[float]) -> None:
    import soundfile  # build-time only (see the module's docstring)

    with soundfile.SoundFile(str(path), "w", samplerate=RATE, channels=1, format="OGG", subtype="VORBIS",
                             compression_level=COMPRESSION) as out:
        out.buffer_write(pcm16(samples).tobytes(), dtype="int16")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Synthesise the app's sounds as small .ogg files.")
    parser.add_argument("--out", type=Path, default=OUT, help=f"folder to write to (default {OUT.relative_to(ROOT)})")
    args = parser.parse_args(argv)
    try:
        import soundfile  # noqa: F401
    except ImportError:
        print("make_sounds: soundfile is not installed (pip install soundfile==0.14.0; see this script's "
              "docstring)", file=sys.stderr)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    for name, samples in synthesise().items():
        path = args.out / f"{name}.ogg"
        try:
            write_ogg(path, samples)
        except (OSError, RuntimeError) as error:
            print(f"make_sounds: could not write {path}: {error}", file=sys.stderr)
            return 1
        print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: {len(samples) / RATE:.2f} s, "
              f"{path.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
