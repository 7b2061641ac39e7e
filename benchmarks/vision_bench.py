"""Vision benchmark: detection time per image on the fixtures, printed as a markdown table.

    python -m benchmarks.vision_bench [--repeat N] [--fixtures DIR] [--baseline REV] [--clock cpu]

Classes: 1080x1920 phone screens and 1920x1080 desktops (the targets: median <= 30 ms and
<= 60 ms per image), then every other size together. Each image is decoded once, detected once
to warm up, then `--repeat` times; its time is the median of those runs. Variants run side by
side in the same process, so the table shows ratios (these machines are noisy; ratios measured
together are what to compare):

- `detect`: the pipeline as shipped (screen kind, board, walked path);
- `full-size`: blobs searched at full size instead of on a half-size copy of large screens;
- `baseline` (with `--baseline REV`): `onestroke.bot.vision.detect` of git revision REV (any
  revision: the single-module detector of 1dcc756 as well as the package), its tree from
  `git archive` laid out as its own pyproject maps the packages, timed in a worker process of its
  own, image by image right after `detect` (so both see the same moment's load). Its answers are
  not checked: an old detector knows fewer screen kinds, paths and styles. Its column "detect /
  baseline" is the median of the images' own ratios (a class mixes fast levels and slow other
  screens: a ratio of the two medians swings with the load on whichever image is in the middle).

`--clock cpu` times each call by the CPU time of its process instead of the wall clock: the same
work, but not the time spent waiting for a core that other processes hold (on a shared machine
the wall clock measures the neighbours as much as the detector).

Every result of the shipped variants is checked against the fixture's label (board, walked
cells, screen kind, go-on control), so a fast wrong answer cannot hide in the table.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np
import tomllib

from onestroke.bot.labels import parse_label
from onestroke.bot.vision import Detection, detect

ROOT = Path(__file__).resolve().parent.parent
TARGETS_MS = {"phone 1080x1920": 30.0, "desktop 1920x1080": 60.0}
CLASSES = ("phone 1080x1920", "desktop 1920x1080", "other sizes")
# each class again split: a level screen is the hot path of play; the rest also read their words
KINDS = ("levels", "other screens")


def image_class(image: np.ndarray) -> str:
    h, w = image.shape[:2]
    if (w, h) == (1080, 1920):
        return "phone 1080x1920"
    if (w, h) == (1920, 1080):
        return "desktop 1920x1080"
    return "other sizes"


def screen_kind(label_path: Path) -> str:
    """`levels` for a fixture whose label has a board, else `other screens` (complete, menus, look-alikes)."""
    label = parse_label(label_path.read_text(), source=str(label_path))
    return KINDS[0] if label.board is not None else KINDS[1]


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


WORKER = """
import statistics, sys, time
import cv2
cv2.setNumThreads(1)
from onestroke.bot.vision import detect
for line in sys.stdin:
    path, repeat, clock = line.rsplit(" ", 2)
    now = time.process_time if clock.strip() == "cpu" else time.perf_counter
    image = cv2.imread(path, cv2.IMREAD_COLOR)
    detect(image)
    times = []
    for _ in range(int(repeat)):
        began = now()
        detect(image)
        times.append(now() - began)
    print(statistics.median(times) * 1000, flush=True)
"""

CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}


class Baseline:
    """`detect` of git revision `rev`, in a process of its own: the revision's tree from
    `git archive`, its packages laid out under one `onestroke` folder as its pyproject maps them
    (`onestroke.bot` = `bot/`, ...), first on the worker's path so it wins over the install."""

    def __init__(self, rev: str) -> None:
        self.folder = tempfile.TemporaryDirectory(prefix="vision-baseline-")
        tree = Path(self.folder.name) / "tree"
        tree.mkdir()
        archive = subprocess.run(["git", "archive", rev], cwd=ROOT, capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
        path = Path(self.folder.name) / "path"
        mapping = tomllib.loads((tree / "pyproject.toml").read_text())["tool"]["setuptools"]["package-dir"]
        for package, folder in sorted(mapping.items()):  # parents first: "onestroke" before "onestroke.bot"
            target = path.joinpath(*package.split("."))
            if not target.exists():
                target.parent.mkdir(parents=True, exist_ok=True)
                target.symlink_to(tree / folder, target_is_directory=True)
        self.process = subprocess.Popen(
            [sys.executable, "-c", WORKER],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONPATH": str(path)},
            cwd=self.folder.name,
        )

    def time_image(self, path: Path, repeat: int, clock: str = "wall") -> float:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(f"{path} {repeat} {clock}\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        if not answer:
            raise SystemExit(f"vision_bench: the baseline worker ended on {path.name} (its error is above)")
        return float(answer)

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=30)
        self.folder.cleanup()


def time_image(
    run: Callable[[np.ndarray], object], image: np.ndarray, repeat: int, clock: str = "wall"
) -> tuple[float, object]:
    now = CLOCKS[clock]
    found = run(image)  # warm-up (first call also pays for lazy imports)
    times = []
    for _ in range(repeat):
        began = now()
        found = run(image)
        times.append(now() - began)
    return statistics.median(times) * 1000, found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Detection time per image on the fixtures.")
    parser.add_argument("--repeat", type=int, default=5, help="timed runs per image and variant (default 5)")
    parser.add_argument("--fixtures", type=Path, default=ROOT / "fixtures")
    parser.add_argument("--baseline", metavar="REV", help="also time the detector of this git revision")
    parser.add_argument(
        "--clock", choices=sorted(CLOCKS), default="wall", help="wall (default) or the process's CPU time"
    )
    args = parser.parse_args(argv)
    images = sorted(p for p in args.fixtures.glob("*") if p.suffix in (".png", ".jpg"))
    if not images:
        print(f"vision_bench: no fixtures in {args.fixtures}", file=sys.stderr)
        return 2
    variants: dict[str, Callable[[np.ndarray], object]] = {
        "detect": detect,
        "full-size": lambda image: detect(image, halve_above=1 << 30),
    }
    worker = Baseline(args.baseline) if args.baseline else None
    cv2.setNumThreads(1)  # one core, like the bot beside a game; also steadier numbers
    rows: dict[str, dict[str, list[float]]] = {}
    wrong: list[str] = []
    try:
        for path in images:
            image = cv2.imread(str(path), cv2.IMREAD_COLOR)
            size = image_class(image)
            groups = [
                rows.setdefault(label, {name: [] for name in [*variants, "baseline", "ratio"]})
                for label in (size, f"{size}: {screen_kind(path.with_suffix('.txt'))}")
            ]
            for name, run in variants.items():
                ms, found = time_image(run, image, args.repeat, args.clock)
                for group in groups:
                    group[name].append(ms)
                if not correct(found, path.with_suffix(".txt")):  # type: ignore[arg-type]
                    wrong.append(f"{name}: {path.name}")
            if worker is not None:
                ms = worker.time_image(path, args.repeat, args.clock)
                for group in groups:
                    group["baseline"].append(ms)
                    group["ratio"].append(group["detect"][-1] / ms)
    finally:
        if worker is not None:
            worker.close()
    head = "| images | count | `detect` median ms | `detect` max ms | full-size median ms |"
    rule = "|---|---:|---:|---:|---:|"
    if args.baseline:
        head += f" baseline {args.baseline} median ms | detect / baseline |"
        rule += "---:|---:|"
    print(head + " target |")
    print(rule + "---|")
    verdicts = []
    for label in [f"{size}{kind}" for size in CLASSES for kind in ("", *(f": {k}" for k in KINDS))]:
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
            line += f" {old:.1f} | {statistics.median(rows[label]['ratio']):.2f}x |"
        print(f"{line} {goal} |")
    clock = "CPU time" if args.clock == "cpu" else "wall clock"
    runs = f"median of {args.repeat} runs each ({clock})"
    print(f"\n{len(images)} fixtures, {runs}, one OpenCV thread.", end=" ")
    print("All results correct." if not wrong else f"WRONG: {', '.join(wrong)}")
    return 0 if not wrong and all(verdicts) else 1


if __name__ == "__main__":
    sys.exit(main())
