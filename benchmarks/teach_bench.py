"""Taught looks on looks nobody tuned for: teach from a few screens of one look, read others.

    python -m benchmarks.teach_bench [--looks N] [--first S] [--teach K] [--check M] [--write DIR --look SEED]

For each look seed (practice/looks.py `look_from_seed`), levels of that one look are drawn
(`sample(level_seed, look)`: fresh, half-drawn and complete screens as the sweep draws them).
The look is taught (bot/vision/taught.py `teach`, as `onestroke teach` does) from K screens:
a half-drawn one, a fresh one and, when the look has one among the first screens, a complete
one; then M other levels of the same look (held out) are read with it and compared with their
truth as `fixtures check` compares (bot/labels.py): exact / refused / wrong. The built-in
`detect` reads the same held-out screens, so the table says how often the taught look reads
what the built-in reading refuses. Every taught look also reads the first screens of the next
look seed and look-alikes (tools/lookalikes.py): any board or go-on read there is a false read.
The row "both" is what `--look` reads: the taught look with the built-in reading beside it
(bot/vision/with_look.py). The last table groups that reading's misses by the screen's kind and
the reason's first clause (which check refused, which role did not match), most frequent first.

`--write DIR --look SEED` saves K + M screens of look SEED as labelled pairs (NAME.png +
NAME.txt), for `onestroke teach DIR --name NAME` to learn from.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # tools/ is a folder of scripts beside the package, not part of it
    sys.path.insert(0, str(ROOT))

from benchmarks.looks_bench import (  # noqa: E402
    LEVELS_PER_LOOK,
    OUTCOMES,
    Outcome,
    reason_group,
    truth_label,
    write_pair,
)
from onestroke.bot.labels import compare, detection_record  # noqa: E402
from onestroke.bot.vision import Detection, detect  # noqa: E402
from onestroke.bot.vision.taught import Example, TaughtLook, TeachError, read, teach  # noqa: E402
from onestroke.bot.vision.with_look import combined  # noqa: E402
from onestroke.practice.looks import Sample, look_from_seed, sample  # noqa: E402
from onestroke.progressbar import progress  # noqa: E402
from tools.lookalikes import LOOKALIKE_KINDS, lookalike  # noqa: E402


def screens_of(look_seed: int, count: int) -> list[Sample]:
    """The first `count` screens of look `look_seed` (levels of that one look)."""
    look = look_from_seed(look_seed)
    return [sample(look_seed * LEVELS_PER_LOOK + k, look) for k in range(count)]


def split(
    shown: list[Sample], teach_count: int, complete_taught: bool = True
) -> tuple[list[Sample], list[Sample]]:
    """Screens to teach from (a half-drawn one, a fresh one, a complete one when there is one and
    `complete_taught`, then more of the first two) and the rest, held out."""
    half = [s for s in shown if s.kind == "half"]
    fresh = [s for s in shown if s.kind == "level"]
    complete = [s for s in shown if s.kind == "complete"][: int(complete_taught)]
    boards = (
        [s for pair in zip(half, fresh, strict=False) for s in pair] + half[len(fresh) :] + fresh[len(half) :]
    )
    chosen = boards[: max(1, teach_count - len(complete))] + complete
    return chosen, [s for s in shown if s not in chosen]


def example_of(shown: Sample, name: str) -> Example:
    t = shown.truth
    return Example(name, shown.image, t.board, t.walked, t.origin, t.pitch, t.screen, t.next)


def outcome_of(shown: Sample, found: Detection, seconds: float) -> tuple[Outcome, str]:
    """How `found` compares with the screen's truth: exact, refused or wrong, and why."""
    label = truth_label(shown)
    record = detection_record(f"look-{shown.seed}", found, seconds)
    comparison = compare(label, record, (shown.image.shape[1], shown.image.shape[0]))
    if comparison.ok:
        return "exact", ""
    if record.get("board") is None and record.get("next") is None:
        return "refused", found.reason or ""
    return "wrong", comparison.summary()


def false_reads(look: TaughtLook, look_seed: int) -> list[str]:
    """Screens that are not this look's boards (the next look's, look-alikes) read as a board or
    a complete screen."""
    others = [(f"look {look_seed + 1} {s.kind}", s.image) for s in screens_of(look_seed + 1, 3)]
    alikes = [(f"look-alike {k}", lookalike(k, look_seed)) for k in LOOKALIKE_KINDS]
    false = [
        name for name, image in others + alikes if (found := read(image, look)).ok or found.next is not None
    ]
    # with the built-in reading beside it (another look's boards are boards: only look-alikes count)
    return false + [
        f"both: {name}"
        for name, image in alikes
        if (found := combined(read(image, look), detect(image), look, image.shape[1])).ok
        or found.next is not None
    ]


@dataclass(frozen=True)
class LookResult:
    seed: int
    taught: Counter
    builtin: Counter
    both: Counter  # the taught look and the built-in reading together (`--look`: with_look.py)
    rescued: int  # held-out screens the built-in reading refused and the taught look read exactly
    refused_builtin: int
    false: list[str]
    error: str
    teach_seconds: float
    read_ms: float
    style: str
    # each held-out screen the taught look did not read exactly: (screen kind, outcome, reason, level seed)
    misses: tuple[tuple[str, str, str, int], ...] = ()


def run_look(seed: int, teach_count: int, check_count: int, complete_taught: bool = True) -> LookResult:
    shown = screens_of(seed, teach_count + check_count + 4)
    taught_from, held = split(shown, teach_count, complete_taught)
    held = held[:check_count]
    look = look_from_seed(seed)
    style = f"{look.cell_style}/{look.path_style}"
    began = time.perf_counter()
    try:
        learned = teach(f"look{seed}", [example_of(s, f"look-{s.seed}") for s in taught_from]).look
    except TeachError as error:
        return LookResult(seed, Counter(), Counter(), Counter(), 0, 0, [], str(error), 0.0, 0.0, style)
    teach_seconds = time.perf_counter() - began
    taught, builtin, both = Counter(), Counter(), Counter()
    rescued = refused_builtin = 0
    read_seconds = 0.0
    misses: list[tuple[str, str, str, int]] = []
    for s in held:
        began = time.perf_counter()
        found = read(s.image, learned)
        seconds = time.perf_counter() - began
        read_seconds += seconds
        mine, why = outcome_of(s, found, seconds)
        built_in = detect(s.image)
        theirs, _ = outcome_of(s, built_in, 0.0)
        ours, our_why = outcome_of(s, combined(found, built_in, learned, s.image.shape[1]), 0.0)
        if ours != "exact":
            misses.append((s.kind, ours, our_why, s.seed))
        taught[mine] += 1
        builtin[theirs] += 1
        both[ours] += 1
        if theirs != "exact":
            refused_builtin += 1
            rescued += mine == "exact"
    false = false_reads(learned, seed)
    return LookResult(
        seed,
        taught,
        builtin,
        both,
        rescued,
        refused_builtin,
        false,
        "",
        teach_seconds,
        1000 * read_seconds / max(1, len(held)),
        style,
        tuple(misses),
    )


def table(results: list[LookResult]) -> str:
    taught = sum((r.taught for r in results), Counter())
    builtin = sum((r.builtin for r in results), Counter())
    both = sum((r.both for r in results), Counter())
    total = sum(taught.values())
    rescued = sum(r.rescued for r in results)
    refused = sum(r.refused_builtin for r in results)
    false = sum(len(r.false) for r in results)
    errors = sum(bool(r.error) for r in results)

    def share(n: int, of: int) -> str:
        return f"{n} ({100 * n / of:.0f} %)" if of else "0"

    lines = [
        "| reading | " + " | ".join(OUTCOMES) + " |",
        "|---|" + "---|" * len(OUTCOMES),
        "| built-in `detect` | " + " | ".join(share(builtin[o], total) for o in OUTCOMES) + " |",
        "| taught look | " + " | ".join(share(taught[o], total) for o in OUTCOMES) + " |",
        "| both (`--look`) | " + " | ".join(share(both[o], total) for o in OUTCOMES) + " |",
        "",
        f"{len(results)} looks, {total} held-out screens; the taught look read exactly"
        f" {share(rescued, refused)}"
        f" of the {refused} the built-in reading did not; false reads on other looks and look-alikes:"
        f" {false}; looks that could not be taught: {errors}"
        + (" (their held-out screens are in no column above)." if errors else "."),
        f"teach {sum(r.teach_seconds for r in results) / max(1, len(results)):.2f} s a look (in-process),"
        f" read {sum(r.read_ms for r in results) / max(1, len(results)):.0f} ms a screen.",
        "",
        "| look | style | taught exact/refused/wrong | built-in exact/refused/wrong | both | false reads |",
        "|---|---|---|---|---|---|",
    ]
    for r in results:
        t = "/".join(str(r.taught[o]) for o in OUTCOMES) if not r.error else f"not taught: {r.error[:60]}"
        b = "/".join(str(r.builtin[o]) for o in OUTCOMES)
        o = "/".join(str(r.both[o]) for o in OUTCOMES)
        lines.append(f"| {r.seed} | {r.style} | {t} | {b} | {o} | {', '.join(r.false) or '-'} |")
    return "\n".join([*lines, "", miss_table(results)])


def miss_table(results: list[LookResult]) -> str:
    """The taught look's refusals (and wrong reads) grouped by the screen's kind and the reason's
    first clause (numbers and cells folded, the roles kept: which role did not match, which check
    refused), most frequent first, each with a level seed to look at."""
    groups: dict[tuple[str, str, str], list[int]] = defaultdict(list)
    for r in results:
        for kind, outcome, why, level in r.misses:
            groups[(outcome, kind, reason_group(why) if outcome == "refused" else why)].append(level)
    if not groups:
        return "Every held-out screen read exactly."
    lines = [
        "| screens | outcome | shows | reason (N a number, [cells] a list of cells) | e.g. level |",
        "|---|---|---|---|---|",
    ]
    for (outcome, kind, why), levels in sorted(groups.items(), key=lambda g: (-len(g[1]), g[0])):
        lines.append(f"| {len(levels)} | {outcome} | {kind} | {why.replace('|', '/')} | {levels[0]} |")
    return "\n".join(lines)


def write_look(folder: Path, seed: int, count: int) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for s in screens_of(seed, count):
        write_pair(folder, f"{s.kind}-{s.seed}", s.image, truth_label(s))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.teach_bench", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--looks", type=int, default=30, help="how many look seeds (default 30)")
    parser.add_argument("--first", type=int, default=1, help="the first look seed (default 1)")
    parser.add_argument("--teach", type=int, default=3, help="screens to teach from (default 3)")
    parser.add_argument("--check", type=int, default=10, help="held-out screens to read (default 10)")
    parser.add_argument(
        "--write", type=Path, metavar="DIR", help="save screens of --look SEED as labelled pairs"
    )
    parser.add_argument("--look", type=int, metavar="SEED", help="the look seed --write saves")
    parser.add_argument(
        "--boards-only",
        action="store_true",
        help="teach from boards only, never a complete screen (the built-in reading reads those)",
    )
    args = parser.parse_args(argv)
    if args.write is not None:
        if args.look is None:
            parser.error("--write needs --look SEED")
        write_look(args.write, args.look, args.teach + args.check)
        return 0
    seeds = range(args.first, args.first + args.looks)
    results = []
    with progress(len(seeds), "teach bench", unit="look") as bar:
        for seed in seeds:
            results.append(run_look(seed, args.teach, args.check, not args.boards_only))
            bar.advance(note=str(seed))
    print(table(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
