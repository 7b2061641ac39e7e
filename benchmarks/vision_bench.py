"""Vision benchmark: detection time per image on the fixtures, printed as a markdown table.

    python -m benchmarks.vision_bench [--repeat N] [--fixtures DIR]

Classes: 1080x1920 phone screens and 1920x1080 desktops (the issue's targets: <= 30 ms and
<= 60 ms per image), then every other size together. Each image is decoded once, detected once
to warm up, then `--repeat` times; its time is the median of those runs. Two variants run side
by side in the same process: `detect` as shipped (blobs searched on a half-size copy of large
screens) and `full-size` (blobs searched at full size), so the table shows the gain as a ratio
(these machines are noisy; ratios measured together are what to compare). Every result is also
checked against the fixture's expected board, so a fast wrong answer cannot hide in the table.
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

from onestroke.bot.vision import Detection, detect
from onestroke.solver.board import Board

ROOT = Path(__file__).resolve().parent.parent
NO_BOARD_MARKER = "; no board"
TARGETS_MS = {"phone 1080x1920": 30.0, "desktop 1920x1080": 60.0}

VARIANTS: dict[str, Callable[[np.ndarray], Detection]] = {
    "detect": detect,
    "full-size": lambda image: detect(image, halve_above=1 << 30),
}


def image_class(image: np.ndarray) -> str:
    h, w = image.shape[:2]
    if (w, h) == (1080, 1920):
        return "phone 1080x1920"
    if (w, h) == (1920, 1080):
        return "desktop 1920x1080"
    return "other sizes"


def correct(found: Detection, expected_text: str) -> bool:
    if expected_text.startswith(NO_BOARD_MARKER):
        return found.board is None
    return found.ok and found.board == Board.from_text(expected_text)


def time_image(
    run: Callable[[np.ndarray], Detection], image: np.ndarray, repeat: int
) -> tuple[float, Detection]:
    found = run(image)  # warm-up (first call also pays for lazy imports)
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        found = run(image)
        times.append(time.perf_counter() - began)
    return statistics.median(times) * 1000, found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Detection time per image on the fixtures.")
    parser.add_argument("--repeat", type=int, default=5, help="timed runs per image and variant (default 5)")
    parser.add_argument("--fixtures", type=Path, default=ROOT / "fixtures")
    args = parser.parse_args(argv)
    images = sorted(p for p in args.fixtures.glob("*") if p.suffix in (".png", ".jpg"))
    if not images:
        print(f"vision_bench: no fixtures in {args.fixtures}", file=sys.stderr)
        return 2
    cv2.setNumThreads(1)  # one core, like the bot beside a game; also steadier numbers
    rows: dict[str, dict[str, list[float]]] = {}
    wrong: list[str] = []
    for path in images:
        image = cv2.imread(str(path), cv2.IMREAD_COLOR)
        expected = path.with_suffix(".txt").read_text()
        group = rows.setdefault(image_class(image), {name: [] for name in VARIANTS})
        for name, run in VARIANTS.items():
            ms, found = time_image(run, image, args.repeat)
            group[name].append(ms)
            if not correct(found, expected):
                wrong.append(f"{name}: {path.name}")
    print(
        "| images | count | `detect` median ms | `detect` max ms | full-size median ms | speed-up | target |"
    )
    print("|---|---:|---:|---:|---:|---:|---|")
    verdicts = []
    for label in ("phone 1080x1920", "desktop 1920x1080", "other sizes"):
        if label not in rows:
            continue
        shipped, full = rows[label]["detect"], rows[label]["full-size"]
        target = TARGETS_MS.get(label)
        if target is None:
            goal = "—"
        else:
            met = max(shipped) <= target
            goal = f"<= {target:.0f} ms: {'met' if met else 'MISSED'}"
            verdicts.append(met)
        ratio = statistics.median(full) / statistics.median(shipped)
        print(
            f"| {label} | {len(shipped)} | {statistics.median(shipped):.1f} | {max(shipped):.1f} |"
            f" {statistics.median(full):.1f} | {ratio:.1f}x | {goal} |"
        )
    print(f"\n{len(images)} fixtures, median of {args.repeat} runs each, one OpenCV thread.", end=" ")
    print("All results correct." if not wrong else f"WRONG: {', '.join(wrong)}")
    return 0 if not wrong and all(verdicts) else 1


if __name__ == "__main__":
    sys.exit(main())
