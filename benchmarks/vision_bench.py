"""Vision benchmark: detection time per image on the fixtures, printed as a markdown table.

    python -m benchmarks.vision_bench [--repeat N] [--fixtures DIR] [--baseline REV]

Classes: 1080x1920 phone screens and 1920x1080 desktops (the targets: median <= 30 ms and
<= 60 ms per image), then every other size together. Each image is decoded once, detected once
to warm up, then `--repeat` times; its time is the median of those runs. Variants run side by
side in the same process, so the table shows ratios (these machines are noisy; ratios measured
together are what to compare):

- `detect`: the pipeline as shipped (screen kind, board, walked path);
- `full-size`: blobs searched at full size instead of on a half-size copy of large screens;
- `baseline` (with `--baseline REV`): the single-module detector of git revision REV (before the
  vision package, e.g. 1dcc756), loaded from `git show`, timed on the same images (its answers
  are not checked: it knows no screen kinds, paths or other styles).

Every result of the shipped variants is checked against the fixture's label (board, walked
cells, screen kind, go-on control), so a fast wrong answer cannot hide in the table.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np

from onestroke.bot.labels import parse_label
from onestroke.bot.vision import Detection, detect

ROOT = Path(__file__).resolve().parent.parent
TARGETS_MS = {"phone 1080x1920": 30.0, "desktop 1920x1080": 60.0}
CLASSES = ("phone 1080x1920", "desktop 1920x1080", "other sizes")


def image_class(image: np.ndarray) -> str:
    h, w = image.shape[:2]
    if (w, h) == (1080, 1920):
        return "phone 1080x1920"
    if (w, h) == (1920, 1080):
        return "desktop 1920x1080"
    return "other sizes"


def correct(found: Detection, label_path: Path) -> bool:
    """The detection agrees with the fixture's label (tests/test_vision_fixtures.py checks more)."""
    label = parse_label(label_path.read_text(), source=str(label_path))
    screen = label.screen or ("level" if label.board is not None else ("complete" if label.next else "other"))
    if found.screen != screen:
        return False
    if label.board is None:
        if label.next is None:
            return found.board is None and found.next is None
        return found.next is not None and abs(found.next.x - label.next[0]) <= 15
    return found.ok and found.board == label.board and found.walked == label.walked


def baseline(rev: str) -> Callable[[np.ndarray], object]:
    """`detect` of the single-module detector at git revision `rev`, loaded from `git show`."""
    source = subprocess.run(
        ["git", "show", f"{rev}:bot/vision.py"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    source = source.replace(
        "from onestroke.bot.geometry import Geometry", "from onestroke.coords import Geometry"
    )
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as handle:
        handle.write(source)
    spec = importlib.util.spec_from_file_location("baseline_vision", handle.name)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["baseline_vision"] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module.detect


def time_image(run: Callable[[np.ndarray], object], image: np.ndarray, repeat: int) -> tuple[float, object]:
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
    parser.add_argument("--baseline", metavar="REV", help="also time the detector of this git revision")
    args = parser.parse_args(argv)
    images = sorted(p for p in args.fixtures.glob("*") if p.suffix in (".png", ".jpg"))
    if not images:
        print(f"vision_bench: no fixtures in {args.fixtures}", file=sys.stderr)
        return 2
    variants: dict[str, Callable[[np.ndarray], object]] = {
        "detect": detect,
        "full-size": lambda image: detect(image, halve_above=1 << 30),
    }
    if args.baseline:
        variants["baseline"] = baseline(args.baseline)
    cv2.setNumThreads(1)  # one core, like the bot beside a game; also steadier numbers
    rows: dict[str, dict[str, list[float]]] = {}
    wrong: list[str] = []
    for path in images:
        image = cv2.imread(str(path), cv2.IMREAD_COLOR)
        group = rows.setdefault(image_class(image), {name: [] for name in variants})
        for name, run in variants.items():
            ms, found = time_image(run, image, args.repeat)
            group[name].append(ms)
            if name != "baseline" and not correct(found, path.with_suffix(".txt")):  # type: ignore[arg-type]
                wrong.append(f"{name}: {path.name}")
    head = "| images | count | `detect` median ms | `detect` max ms | full-size median ms |"
    rule = "|---|---:|---:|---:|---:|"
    if args.baseline:
        head += f" baseline {args.baseline} median ms | detect / baseline |"
        rule += "---:|---:|"
    print(head + " target |")
    print(rule + "---|")
    verdicts = []
    for label in CLASSES:
        if label not in rows:
            continue
        shipped, full = rows[label]["detect"], rows[label]["full-size"]
        target = TARGETS_MS.get(label)
        goal = "—"
        if target is not None:
            met = statistics.median(shipped) <= target
            goal = f"median <= {target:.0f} ms: {'met' if met else 'MISSED'}"
            verdicts.append(met)
        line = (
            f"| {label} | {len(shipped)} | {statistics.median(shipped):.1f} | {max(shipped):.1f} |"
            f" {statistics.median(full):.1f} |"
        )
        if args.baseline:
            old = statistics.median(rows[label]["baseline"])
            line += f" {old:.1f} | {statistics.median(shipped) / old:.1f}x |"
        print(f"{line} {goal} |")
    print(f"\n{len(images)} fixtures, median of {args.repeat} runs each, one OpenCV thread.", end=" ")
    print("All results correct." if not wrong else f"WRONG: {', '.join(wrong)}")
    return 0 if not wrong and all(verdicts) else 1


if __name__ == "__main__":
    sys.exit(main())
