"""The random-look sweep: today's `detect` on levels drawn in looks nobody chose (issue 18).

    python -m benchmarks.looks_bench [--seeds N] [--first S] [--negatives N] [--levels K] [--write DIR]

Each seed draws a random level in a random look (practice/looks.py: palette, background, cell
style and shape, holes, start and end markers, path style, icons, hint line, screen size,
scaling, JPEG) at a random moment (nothing drawn, half drawn, the level-complete screen), runs
`detect` on it and compares the detection with the render's truth the way `onestroke fixtures
check` compares it with a label (bot/labels.py `compare`: board, walked cells in order, screen
kind, origin/pitch, the go-on control). Every outcome is one of:

- `exact`: no difference;
- `refused`: no board read (and no go-on control read where there is none, or in the wrong place);
- `wrong`: a board read that differs from the truth in any field, or a go-on control read where
  there is none or away from the real one: what the bot would act on wrongly.

Look-alike negatives (tools/lookalikes.py: keypads, calendars, tile-matching and sliding
puzzles, app icons, crosswords, chess boards in the same random looks) must all be refused: a
board read on one is a false board, a go-on control read on one a false go-on.

It prints the totals, a table per freedom (exact / refused / wrong by the freedom's value), the
refusal reasons grouped (numbers and cell lists folded), and every wrong seed with its read.
`--levels K` sweeps K levels of each look instead (seed S is then a look: its levels are the level
seeds S * 1000 + k, drawn in look S, as benchmarks/teach_bench.py draws them): the standing sweep
draws one level per look, so a look's rules meet only that level's cells, start and path; many
levels of one look are how a user's app is met (the built-in reading misread 12 of 1,200 such
screens of looks 1-100 whose own seeds it read without a wrong read).
tests/test_random_looks.py runs the same sweep on fewer seeds. `--write DIR` also saves every
screen as a labelled pair (`look-SEED.png` + `.txt`, `lookalike-KIND-SEED.png` + `; no board`), for
`onestroke fixtures check DIR` and `onestroke detect --overlay` to look at one.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # tools/ is a folder of scripts beside the package, not part of it
    sys.path.insert(0, str(ROOT))

from onestroke.bot.imageio import write_image  # noqa: E402
from onestroke.bot.labels import Label, compare, detection_record, label_text  # noqa: E402
from onestroke.bot.vision import detect  # noqa: E402
from onestroke.practice.looks import Sample, look_from_seed, sample  # noqa: E402
from onestroke.progressbar import progress  # noqa: E402
from onestroke.solver.board import Board, Cell  # noqa: E402
from tools.lookalikes import LOOKALIKE_KINDS, lookalike  # noqa: E402

Outcome = Literal["exact", "refused", "wrong"]
OUTCOMES: tuple[Outcome, ...] = ("exact", "refused", "wrong")
LEVELS_PER_LOOK = 1000  # level seeds of look L: L * 1000 + k, none shared between looks
FREEDOMS = (
    "kind",
    "palette",
    "background",
    "cell_style",
    "cell_shape",
    "hole_style",
    "start_marker",
    "end_marker",
    "path_style",
    "step_numbers",
    "finger",
    "extras",
    "side_panel",
    "hint",
    "go_on",
    "screen",
    "scale",
    "jpeg",
    "sparkles",
    "next_rings",
)


@dataclass(frozen=True)
class Result:
    """One seed's outcome: what it showed (`kind`, and for negatives the look-alike), the look's
    choices, and why it was refused or what was read wrong."""

    seed: int
    kind: str  # "level", "half", "complete", or "negative:<look-alike>"
    freedoms: dict[str, str]
    outcome: Outcome
    detail: str  # the refusal reason, or the differences of a wrong read ("" when exact)
    read: str  # the board read, as text ("" when none)
    ms: float


def truth_label(shown: Sample) -> Label:
    """The render's truth as the label `fixtures check` would read for it (the look in a note)."""
    t = shown.truth
    look = ", ".join(f"{name} {value}" for name, value in shown.look.freedoms().items())
    notes = (f"random look {shown.seed} ({shown.kind}): {look}",)
    return Label(t.board, t.screen, t.next, t.walked, t.origin, t.pitch, notes)


def write_pair(folder: Path, name: str, image: np.ndarray, label: Label) -> None:
    """`image` and its label as NAME.png + NAME.txt in `folder`, as `fixtures check` reads them."""
    write_image(folder / f"{name}.png", image)
    (folder / f"{name}.txt").write_text(label_text(label), encoding="utf-8")


def shown_of(seed: int, in_look: int | None = None) -> Sample:
    """Seed `seed`'s random screen; with `in_look`, level `seed` drawn in look `in_look` instead."""
    return sample(seed) if in_look is None else sample(seed, look_from_seed(in_look))


def write_seed(folder: Path, seed: int, *, in_look: int | None = None) -> None:
    shown = shown_of(seed, in_look)
    write_pair(folder, f"look-{seed}", shown.image, truth_label(shown))


def write_negative(folder: Path, seed: int) -> None:
    kind = LOOKALIKE_KINDS[seed % len(LOOKALIKE_KINDS)]
    note = f"look-alike {kind} in random look {seed}"
    write_pair(folder, f"lookalike-{kind}-{seed}", lookalike(kind, seed), Label(None, notes=(note,)))


def level_seeds(looks: Iterable[int], levels: int) -> list[int]:
    """The first `levels` level seeds of each look in `looks` (look L's are L * 1000 + k)."""
    return [look * LEVELS_PER_LOOK + k for look in looks for k in range(levels)]


def run_seed(seed: int, *, in_look: int | None = None) -> Result:
    """Seed `seed`'s random screen, detected and compared with its truth; with `in_look`, level
    `seed` drawn in look `in_look` instead of the seed's own look."""
    shown = shown_of(seed, in_look)
    began = time.perf_counter()
    found = detect(shown.image)
    seconds = time.perf_counter() - began
    record = detection_record(f"seed {seed}", found, seconds)
    height, width = shown.image.shape[:2]
    comparison = compare(truth_label(shown), record, (width, height))
    read = record["board"] or ""
    if comparison.ok:
        outcome: Outcome = "exact"
        detail = ""
    elif record["board"] is None and not any(
        d.field == "next" and record["next"] for d in comparison.differences
    ):
        outcome = "refused"
        detail = record["reason"] or ""
        if shown.kind == "complete":  # no board is right there; what is missing is the go-on control
            detail = f"complete screen read as {record['screen']}, no go-on control"
    else:
        outcome = "wrong"
        detail = comparison.summary()
        if (
            shown.truth.board is not None
            and record["board"]
            and same_level(shown.truth.board, record["board"], shown.truth.walked, record["walked"])
        ):
            detail = f"only a border of holes trimmed (the same level to solve): {detail}"
    freedoms = {"kind": shown.kind, **shown.look.freedoms()}
    return Result(seed, shown.kind, freedoms, outcome, detail, read, 1000 * seconds)


def same_level(
    truth: Board, read_text: str, truth_walked: Sequence[Cell] = (), read_walked: Sequence[Sequence[int]] = ()
) -> bool:
    """Whether the read board is the truth with rows or columns of holes at its border left off:
    the same open cells, start, end and walked path, shifted (a difference of outline, not of the
    level; a path read a cell short is another position to go on from, seed 1572)."""
    read = Board.from_text(read_text)

    def shifted(board: Board, walked: Sequence[Sequence[int]]) -> tuple[object, ...]:
        top = min(r for r, _ in board.open_cells)
        left = min(c for _, c in board.open_cells)

        def move(cell: Sequence[int]) -> Cell:
            return (cell[0] - top, cell[1] - left)

        end = move(board.end) if board.end is not None else None
        path = tuple(move(c) for c in walked)
        return frozenset(move(c) for c in board.open_cells), move(board.start), end, path

    return shifted(truth, truth_walked) == shifted(read, read_walked)


def run_negative(seed: int) -> Result:
    """Look-alike `seed`: the kind LOOKALIKE_KINDS[seed % 7] in seed `seed`'s look; any board or
    go-on control read on it is wrong."""
    kind = LOOKALIKE_KINDS[seed % len(LOOKALIKE_KINDS)]
    image = lookalike(kind, seed)
    began = time.perf_counter()
    found = detect(image)
    seconds = time.perf_counter() - began
    if found.ok:
        assert found.board is not None
        outcome: Outcome = "wrong"
        detail = f"a false board: {found.board.rows}x{found.board.cols}"
    elif found.next is not None:
        outcome, detail = "wrong", f"a false go-on control at ({found.next.x:.0f}, {found.next.y:.0f})"
    else:
        outcome, detail = "refused", found.reason or ""
    freedoms = {"kind": f"negative:{kind}", **look_from_seed(seed).freedoms()}
    read = found.board.to_text() if found.board is not None else ""
    return Result(seed, f"negative:{kind}", freedoms, outcome, detail, read, 1000 * seconds)


def sweep(
    seeds: Iterable[int], negatives: Iterable[int] = (), *, bar: bool = True, per_look: bool = False
) -> list[Result]:
    """Every seed's and every negative's result, with the project's progress bar on a terminal;
    `per_look`: the seeds are level seeds (`level_seeds`), each drawn in its look."""
    seeds, negatives = list(seeds), list(negatives)
    results: list[Result] = []
    with progress(len(seeds) + len(negatives), "random looks", enabled=bar, unit="screen") as shown:
        for seed in seeds:
            results.append(run_seed(seed, in_look=seed // LEVELS_PER_LOOK if per_look else None))
            shown.advance(note=f"seed {seed}")
        for seed in negatives:
            results.append(run_negative(seed))
            shown.advance(note=f"negative {seed}")
    return results


def reason_group(reason: str) -> str:
    """A refusal reason's first clause with its numbers and cell lists folded, so alike refusals group."""
    first = reason.split("; ")[0]
    first = re.sub(r"\[\d+, \d+\](, \[\d+, \d+\])*( and \[\d+, \d+\])?", "[cells]", first)
    first = re.sub(r"\d+(\.\d+)?", "N", first)
    return first


def percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f} %" if whole else "-"


def totals_table(results: Sequence[Result]) -> str:
    boards = [r for r in results if not r.kind.startswith("negative:")]
    negatives = [r for r in results if r.kind.startswith("negative:")]
    counts = Counter(r.outcome for r in boards)
    lines = [
        "| screens | exact | refused | wrong |",
        "|---|---|---|---|",
        f"| {len(boards)} | {counts['exact']} ({percent(counts['exact'], len(boards))}) | {counts['refused']}"
        f" ({percent(counts['refused'], len(boards))}) | {counts['wrong']} |",
    ]
    if negatives:
        lines += [
            "",
            "| look-alike | screens | refused (right) | false boards or go-on |",
            "|---|---|---|---|",
        ]
        for kind in (*LOOKALIKE_KINDS, None):
            these = [r for r in negatives if kind is None or r.kind == f"negative:{kind}"]
            false = sum(r.outcome == "wrong" for r in these)
            lines.append(f"| {kind or 'all'} | {len(these)} | {len(these) - false} | {false} |")
    return "\n".join(lines)


def freedom_tables(results: Sequence[Result]) -> str:
    """One table per freedom: for each of its values, how many screens, exact, refused, wrong."""
    boards = [r for r in results if not r.kind.startswith("negative:")]
    out: list[str] = []
    for freedom in FREEDOMS:
        by: dict[str, Counter[str]] = defaultdict(Counter)
        for r in boards:
            by[r.freedoms[freedom]][r.outcome] += 1
        out += [
            f"**{freedom}**",
            "",
            "| value | screens | exact | refused | wrong |",
            "|---|---|---|---|---|",
        ]
        for value in sorted(by):
            c = by[value]
            n = sum(c.values())
            out.append(
                f"| {value} | {n} | {c['exact']} ({percent(c['exact'], n)}) | {c['refused']} | {c['wrong']} |"
            )
        out.append("")
    return "\n".join(out)


def reason_table(results: Sequence[Result], top: int = 25) -> str:
    """The refusal reasons grouped, most frequent first, each with its count and a seed to look at."""
    groups: dict[str, list[int]] = defaultdict(list)
    for r in results:
        if r.outcome == "refused" and not r.kind.startswith("negative:"):
            groups[reason_group(r.detail)].append(r.seed)
    ranked = sorted(groups.items(), key=lambda item: (-len(item[1]), item[0]))
    lines = [
        "| refusals | reason (first clause; N a number, [cells] a list of cells) | e.g. seed |",
        "|---|---|---|",
    ]
    for reason, seeds in ranked[:top]:
        lines.append(f"| {len(seeds)} | {reason.replace('|', '/')} | {seeds[0]} |")
    if len(ranked) > top:
        rest = sum(len(s) for _, s in ranked[top:])
        lines.append(f"| {rest} | ({len(ranked) - top} other reasons) | |")
    return "\n".join(lines)


def wrong_list(results: Sequence[Result]) -> str:
    wrong = [r for r in results if r.outcome == "wrong"]
    if not wrong:
        return "No wrong reads."
    lines = ["| seed | shows | what was read wrong |", "|---|---|---|"]
    for r in wrong:
        lines.append(f"| {r.seed} | {r.kind} | {r.detail.replace('|', '/')} |")
    return "\n".join(lines)


def report(results: Sequence[Result], seconds: float) -> str:
    ms = sorted(r.ms for r in results)
    median = ms[len(ms) // 2] if ms else 0.0
    return "\n\n".join(
        [
            f"{len(results)} screens in {seconds:.0f} s (detect median {median:.0f} ms)",
            totals_table(results),
            "Wrong reads:\n\n" + wrong_list(results),
            "Refusal reasons:\n\n" + reason_table(results),
            "By freedom:\n\n" + freedom_tables(results),
        ]
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=1000, help="random-look screens (default 1000)")
    parser.add_argument("--first", type=int, default=0, help="the first seed (default 0)")
    parser.add_argument("--negatives", type=int, default=140, help="look-alike negatives (default 140)")
    parser.add_argument(
        "--levels",
        type=int,
        metavar="K",
        help="K levels of each look (the seeds are looks; level seeds look * 1000 + k)",
    )
    parser.add_argument("--write", type=Path, metavar="DIR", help="also save each screen with its label")
    args = parser.parse_args(argv)
    if args.levels is not None and args.levels < 1:
        parser.error(f"--levels must be at least 1, not {args.levels}")
    firsts = range(args.first, args.first + args.seeds)
    seeds = firsts if args.levels is None else level_seeds(firsts, args.levels)
    if args.write is not None:
        args.write.mkdir(parents=True, exist_ok=True)
        for seed in seeds:
            write_seed(args.write, seed, in_look=seed // LEVELS_PER_LOOK if args.levels else None)
        for seed in range(args.first, args.first + args.negatives):
            write_negative(args.write, seed)
    began = time.perf_counter()
    results = sweep(seeds, range(args.first, args.first + args.negatives), per_look=args.levels is not None)
    print(report(results, time.perf_counter() - began))
    return 0


if __name__ == "__main__":
    sys.exit(main())
