"""Text-stage benchmark: what reading the words on a screen costs, printed as a markdown table.

    python -m benchmarks.text_bench [--repeat N] [DIR_OR_IMAGE ...]

First the engine's one-off costs (importing rapidocr and ONNX Runtime, the first read, which
builds the two ONNX sessions), then per image: a whole-screen read (`text.words(image)`, the
cache dropped before each run), the screen as detect reads it (`screens.screen_words`: the whole
screen plus the buttons that read missed), one line's box read alone (the go-on label when the
screen has one, else its tallest line: a button's box), and a read of an unchanged screen (the
cache). Times are medians of `--repeat` runs. Images default to the shared real screens (when
beside the project), the panel screens of tests/data/panels and a few fixtures.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "real-screens"
DEFAULTS = [
    SHARED,
    SHARED / "other-apps",
    ROOT / "tests" / "data" / "panels",
    ROOT / "fixtures" / "neg-menu.png",
    ROOT / "fixtures" / "neg-desktop-no-game.png",
    ROOT / "fixtures" / "neg-path-classic-all-walked.png",
]


def images_in(paths: list[Path]) -> list[Path]:
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found += sorted(p for p in path.iterdir() if p.suffix in (".png", ".jpg"))
        elif path.is_file():
            found.append(path)
    return found


def median_ms(run: Callable[[], object], repeat: int, before: Callable[[], None] | None = None) -> float:
    times = []
    for _ in range(repeat):
        if before is not None:
            before()
        began = time.perf_counter()
        run()
        times.append(time.perf_counter() - began)
    return statistics.median(times) * 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="What reading the words on a screen costs.")
    parser.add_argument("paths", nargs="*", type=Path, help="images or folders (default: see the module doc)")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per measurement (default 3)")
    args = parser.parse_args(argv)
    images = images_in(args.paths or DEFAULTS)
    if not images:
        print("text_bench: no images", file=sys.stderr)
        return 2

    began = time.perf_counter()
    from onestroke.bot.vision import screens, text  # (the text stage's own import is lazy)
    from onestroke.bot.vision.wordlists import Kind, word_lists

    imported = time.perf_counter()
    text.engine()  # imports rapidocr and onnxruntime, reads the config
    built = time.perf_counter()
    text.words(cv2.imread(str(images[0])))  # the first read builds the ONNX sessions
    first = time.perf_counter()
    print("| one-off | ms |\n|---|---:|")
    print(f"| import onestroke's vision + text stage | {(imported - began) * 1000:.0f} |")
    print(f"| engine: import rapidocr + onnxruntime, config | {(built - imported) * 1000:.0f} |")
    print(f"| first read (builds the sessions) of {images[0].name} | {(first - built) * 1000:.0f} |")
    print()

    lists = word_lists()
    print(
        "| image | size | lines | whole screen ms | + buttons (detect's read) ms | one line's box ms"
        " | unchanged ms |"
    )
    print("|---|---|---:|---:|---:|---:|---:|")
    wholes, boxes = [], []
    for path in images:
        image = cv2.imread(str(path), cv2.IMREAD_COLOR)
        lines = screens.screen_words(image)
        go_on = [w for w in lines if lists.label(w.text, Kind.GO_ON) is not None]
        target = go_on[0] if go_on else max(lines, key=lambda w: w.box.height, default=None)
        whole = median_ms(lambda image=image: text.words(image), args.repeat, text.forget)
        both = median_ms(lambda image=image: screens.screen_words(image), args.repeat, text.forget)
        box = float("nan")
        if target is not None:
            region = target.box.grown(8)
            box = median_ms(lambda i=image, r=region: text.words(i, r), args.repeat, text.forget)
        text.words(image)
        kept = median_ms(lambda image=image: text.words(image), args.repeat)
        wholes.append(whole)
        if not np.isnan(box):
            boxes.append(box)
        h, w = image.shape[:2]
        print(f"| {path.name} | {w}x{h} | {len(lines)} | {whole:.0f} | {both:.0f} | {box:.0f} | {kept:.1f} |")
    print(
        f"\n{len(images)} images, median of {args.repeat} runs each; whole-screen median"
        f" {statistics.median(wholes):.0f} ms, one line's box median"
        f" {statistics.median(boxes) if boxes else float('nan'):.0f} ms."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
