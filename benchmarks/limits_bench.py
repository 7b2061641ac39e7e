"""Hard limits benchmark: worst-case time and peak memory of `onestroke solve` over a size sweep.

    python -m benchmarks.limits_bench [--quick] [--timeouts 0.5,10] [--repeat N] [--only NAME,...]

Shapes: long lines (1 x N rows), one-wide serpentines, three-wide corridors (serpentines whose
bands are 3 rows high, so the search branches and fills), full grids, the two-room board with no
path that no certificate refutes, and boards over the size limit (which must be refused, exit 2).
Each case runs as its own process, `python -m onestroke solve --json --timeout T FILE`, as a
user would run it: peak memory is that process's ru_maxrss (os.wait4, from a small launcher),
"solve s" the time the command reports (reading the file excluded) and "wall s" the whole
process. A row passes when
the answer came within T + max(10 %, 50 ms), peak memory stayed under 1 GB, and a refused board
was refused with one line within 2 s. Prints one markdown table (docs/solver.md, "Hard limits").
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from onestroke.solver.generate import full_text, row_text, serpentine_text, two_rooms_text

MEMORY_LIMIT_MB = 1024
REFUSE_SECONDS = 2.0


@dataclass(frozen=True)
class Case:
    group: str
    name: str
    text: Callable[[], str]
    cells: int
    refused: bool = False
    options: tuple[str, ...] = ()


def cases(quick: bool) -> list[Case]:
    lines = (1_000, 100_000, 200_000) if quick else (1_000, 10_000, 100_000, 200_000, 1_000_000)
    serpentines = (101, 601) if quick else (101, 301, 601, 999)
    sides = (100, 600) if quick else (100, 300, 600, 1000)
    out = [Case("long line", f"1x{n:,}", lambda n=n: row_text(n), n) for n in lines]
    out += [Case("serpentine", f"{n}x{n}", lambda n=n: serpentine_text(n, n), n * n) for n in serpentines]
    out += [Case("corridor 3 wide", f"{n}x{n}", lambda n=n: serpentine_text(n, n, 3), n * n) for n in sides]
    out += [Case("full grid", f"{n}x{n}", lambda n=n: full_text(n, n), n * n) for n in sides]
    out.append(
        Case("full grid, 8-moves", "1000x1000", lambda: full_text(1000, 1000), 10**6, False, ("--moves", "8"))
    )
    # the SAT engine at its size limits (exact.MAX_CELLS): its model is the memory-hungry part
    out.append(
        Case("SAT only", "316x316", lambda: full_text(316, 316), 316 * 316, False, ("--engine", "exact"))
    )
    out.append(
        Case(
            "SAT only, 8-moves",
            "158x158",
            lambda: full_text(158, 158),
            158 * 158,
            False,
            ("--engine", "exact", "--moves", "8"),
        )
    )
    out.append(Case("no path, no certificate", "two rooms 30x30", lambda: two_rooms_text(30), 900))
    out.append(Case("over the limit", "1x2,000,000", lambda: row_text(2_000_000), 2_000_000, True))
    out.append(Case("over the limit", "2000x2000", lambda: full_text(2000, 2000), 4_000_000, True))
    return out


@dataclass(frozen=True)
class Run:
    status: int
    verdict: str
    engine: str
    solve_seconds: float | None
    wall_seconds: float
    peak_mb: float
    stderr: str


# Forks the command from a fresh, small interpreter and reports that child's ru_maxrss (os.wait4):
# a child forked from this process would count this process's own memory at the fork as its peak.
LAUNCHER = """
import os, sys
pid = os.fork()
if pid == 0:
    os.execv(sys.argv[2], sys.argv[2:])
_, status, usage = os.wait4(pid, 0)
with open(sys.argv[1], "w") as report:
    report.write(str(usage.ru_maxrss))
sys.exit(os.waitstatus_to_exitcode(status))
"""


def run_once(path: Path, timeout: float, options: tuple[str, ...] = ()) -> Run:
    """One `onestroke solve` process on `path`; its exit status, answer, times and peak memory."""
    command = [sys.executable, "-m", "onestroke", "solve", "--json", "--timeout", f"{timeout:g}", *options]
    command.append(str(path))
    with (
        tempfile.TemporaryFile() as out,
        tempfile.TemporaryFile() as err,
        tempfile.NamedTemporaryFile() as rss,
    ):
        began = time.perf_counter()
        status = subprocess.run(
            [sys.executable, "-c", LAUNCHER, rss.name, *command], stdout=out, stderr=err
        ).returncode
        wall = time.perf_counter() - began
        out.seek(0)
        err.seek(0)
        text, message = out.read().decode(), err.read().decode().strip()
        peak = int(Path(rss.name).read_text() or 0) / 1024
    if not text.strip():  # refused with a one-line error (exit 2), or the command failed
        return Run(
            status, "refused" if status == 2 else f"failed (exit {status})", "-", None, wall, peak, message
        )
    record = json.loads(text.splitlines()[0])
    verdict = {True: "solved", False: "no path", None: "undecided"}[record["solvable"]]
    return Run(status, verdict, record.get("engine", ""), record["seconds"], wall, peak, message)


def bound(timeout: float) -> float:
    """The promise: an answer within the timeout plus max(10 %, 50 ms)."""
    return timeout + max(0.1 * timeout, 0.05)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.limits_bench", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--quick", action="store_true", help="fewer sizes (about a minute)")
    parser.add_argument(
        "--timeouts", default="0.5,10", help="comma-separated --timeout values (default 0.5,10)"
    )
    parser.add_argument("--repeat", type=int, default=1, help="runs per case and timeout; the worst is shown")
    parser.add_argument("--only", help="comma-separated fragments of case groups or names to run")
    args = parser.parse_args(argv)
    timeouts = [float(t) for t in args.timeouts.split(",")]
    chosen = cases(args.quick)
    if args.only:
        wanted = args.only.split(",")
        chosen = [c for c in chosen if any(w in c.group or w in c.name for w in wanted)]
    failures = 0
    rows = []
    with tempfile.TemporaryDirectory(prefix="limits-bench-") as folder:
        for case in chosen:
            path = Path(folder) / "board.txt"
            path.write_text(case.text())
            size_mb = path.stat().st_size / 1e6
            for timeout in timeouts[:1] if case.refused else timeouts:
                runs = [run_once(path, timeout, case.options) for _ in range(args.repeat)]
                worst = max(runs, key=lambda r: (r.solve_seconds or 0.0, r.wall_seconds))
                peak = max(r.peak_mb for r in runs)
                wall = max(r.wall_seconds for r in runs)
                if case.refused:
                    ok = all(r.status == 2 and "\n" not in r.stderr for r in runs) and wall < REFUSE_SECONDS
                    answer, ratio, solve_s = f"refused (exit {worst.status})", "-", "-"
                else:
                    slowest = max(r.solve_seconds or 0.0 for r in runs)
                    answered = all(r.solve_seconds is not None for r in runs)
                    ok = answered and slowest <= bound(timeout)
                    answer = f"{worst.verdict} ({worst.engine})"
                    ratio = f"{slowest / timeout:.3f}"
                    solve_s = f"{slowest:.3f}"
                ok = ok and peak < MEMORY_LIMIT_MB
                failures += not ok
                size = " ".join((case.name, *case.options))
                rows.append(
                    f"| {case.group} | {size} | {case.cells:,} | {size_mb:.1f} | {timeout:g} | {answer}"
                    f" | {solve_s} | {ratio} | {wall:.2f} | {peak:.0f} | {'yes' if ok else '**no**'} |"
                )
                print(f"  {rows[-1]}", file=sys.stderr, flush=True)
                if case.refused and worst.stderr:
                    print(f"    stderr: {worst.stderr}", file=sys.stderr, flush=True)
    print(
        f"`onestroke solve --json --timeout T`, one process per run, worst of {args.repeat};"
        " solve s = the command's own `seconds` (reading excluded), wall s = the whole process;"
        " within = solve s <= T + max(10 %, 50 ms) (refused: exit 2, one line, < 2 s), peak < 1 GB."
    )
    print()
    print(
        "| shape | size | cells | text MB | T s | answer | solve s | solve / T | wall s | peak MB | within |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    print("\n".join(rows))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
