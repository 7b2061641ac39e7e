"""How the detector reads the practice game's own levels, in each of its themes.

    python -m benchmarks.practice_bench [--seeds N] [--first S] [--levels L] [--themes a,b] [--procs P]

The main job (`onestroke demo`, `play` on the practice game) meets these screens: for game seeds
S..S+N-1 and levels 1..L (practice/levels.py `make_level`), each level is drawn at the window's
size (450x800) in each theme, fresh and with half its route walked (where a drag was stopped, or
a level is resumed), and read by `detect` without its words (a plain level's words are never
read). A screen is exact when the board and the walked cells in order are the level's; refused
when `detect` gives no board; wrong otherwise. Prints exact / refused / wrong per theme and
moment, every wrong screen, and the commonest refusal reasons.

The CI's `demo` test draws one game seed at random: a level of it refused stops the run (seed
101's level 8 did, 2026-12-07), a level misread drags on a board that is not there.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections import Counter
from multiprocessing import Pool
from pathlib import Path
from typing import Literal

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from onestroke.bot.vision import detect  # noqa: E402
from onestroke.practice.game import BASE_SIZE  # noqa: E402
from onestroke.practice.levels import make_level  # noqa: E402
from onestroke.practice.render import THEMES, render_screen  # noqa: E402
from onestroke.solver.search import solve  # noqa: E402

Moment = Literal["fresh", "half"]
Outcome = Literal["exact", "refused", "wrong"]
MOMENTS: tuple[Moment, ...] = ("fresh", "half")


def read_one(job: tuple[int, int, str]) -> list[tuple[str, Moment, Outcome, str]]:
    """The outcome of level `number` of game seed `seed` in `theme`, fresh and half walked."""
    seed, number, theme = job
    level = make_level(seed, number)
    path = solve(level.board, timeout=10).path
    if path is None:  # the game's generator makes solvable levels only; say so if not
        return [(theme, m, "wrong", f"{seed}:{number} unsolvable level") for m in MOMENTS]
    results = []
    for moment in MOMENTS:
        route = path[: len(path) // 2] if moment == "half" else ()
        image = render_screen(
            level.board,
            width=BASE_SIZE[0],
            height=BASE_SIZE[1],
            level=number,
            theme=theme,
            cat=level.cat,
            route=route,
        ).image
        found = detect(image, read_text=False)
        walked = tuple(route) if len(route) > 1 else ()
        name = f"seed {seed} level {number}"
        if found.board is None:
            results.append((theme, moment, "refused", f"{name}: {found.reason or 'no reason given'}"))
        elif found.board == level.board and found.walked == walked:
            results.append((theme, moment, "exact", ""))
        else:
            got = "board" if found.board != level.board else "walked cells"
            results.append((theme, moment, "wrong", f"{name}: the {got} read differ"))
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="practice_bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=100, help="game seeds (default 100)")
    parser.add_argument("--first", type=int, default=0, help="first game seed (default 0)")
    parser.add_argument("--levels", type=int, default=12, help="levels of each seed (default 12)")
    parser.add_argument("--themes", default=",".join(THEMES), help="comma-separated (default: all)")
    parser.add_argument("--procs", type=int, default=1, help="processes (default 1)")
    args = parser.parse_args(argv)
    themes = [t for t in args.themes.split(",") if t]
    unknown = [t for t in themes if t not in THEMES]
    if unknown:
        print(f"practice_bench: unknown theme {unknown[0]!r}; known: {', '.join(THEMES)}", file=sys.stderr)
        return 2
    jobs = [
        (seed, number, theme)
        for seed in range(args.first, args.first + args.seeds)
        for number in range(1, args.levels + 1)
        for theme in themes
    ]
    began = time.perf_counter()
    with Pool(args.procs) as pool:
        results = [r for batch in pool.imap(read_one, jobs, chunksize=8) for r in batch]
    seconds = time.perf_counter() - began
    counts: Counter[tuple[str, Moment, Outcome]] = Counter((t, m, o) for t, m, o, _ in results)
    print(
        f"practice game seeds {args.first}-{args.first + args.seeds - 1}, levels 1-{args.levels},"
        f" {BASE_SIZE[0]}x{BASE_SIZE[1]}: {len(results)} screens in {seconds:.0f} s"
    )
    print(f"| theme | {' | '.join(f'{m} exact / refused / wrong' for m in MOMENTS)} |")
    print(f"|---|{'---|' * len(MOMENTS)}")
    for theme in [*themes, "all"]:
        cells = []
        for moment in MOMENTS:
            row = [
                sum(n for (t, m, o), n in counts.items() if theme in ("all", t) and m == moment and o == want)
                for want in ("exact", "refused", "wrong")
            ]
            total = sum(row) or 1
            cells.append(f"{row[0]} ({100 * row[0] / total:.1f} %) / {row[1]} / {row[2]}")
        print(f"| {theme} | {' | '.join(cells)} |")
    wrong = [(t, m, d) for t, m, o, d in results if o == "wrong"]
    for theme, moment, detail in wrong:
        print(f"wrong: {theme} {moment} {detail}")
    # refusals grouped by their reason with the numbers taken out (cells, counts), one example each
    examples: dict[tuple[str, Moment, str], str] = {}
    reasons: Counter[tuple[str, Moment, str]] = Counter()
    for theme, moment, outcome, detail in results:
        if outcome == "refused":
            name, reason = detail.split(": ", 1)
            key = (theme, moment, re.sub(r"\d+", "N", reason)[:100])
            reasons[key] += 1
            examples.setdefault(key, name)
    for key, n in reasons.most_common(12):
        print(f"refused {n}x: {key[0]} {key[1]} (e.g. {examples[key]}): {key[2]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
