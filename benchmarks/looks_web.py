"""Which random looks the built-in detector reads as the web practice game shows them.

    python -m benchmarks.looks_web [--looks N] [--first S] [--levels N] [--game-seed G] [--seeds 1,2,...]

For each look seed, the first `--levels` levels of the practice game (game seed `--game-seed`)
are drawn headless as the strict web game shows them in that look (practice/view.py `GameView`
at the page's size, 450x800; the page draws its canvas pixel for pixel), and each screen is read
by `detect` with its words (as the bot reads), twice: the page alone and the page on a 1920x1080
black screen at `--position` (what the bot's whole-screen search sees on Xvfb). A look passes
when every screen reads exactly against its truth, compared as `fixtures check` compares a label
(bot/labels.py `compare`):

- each level fresh, and half drawn after every `--every`-th cell of its route (board, walked
  cells in order, origin, pitch);
- each level's complete screen (the go-on control where the page draws it);
- the solved board shown before it and the ranking screen after it: no go-on control, and no
  board other than the level's (a solved board read back is the level, every cell walked).

Looks are screened first (`fresh_levels_read`: a NEXT LEVEL button, every level fresh read on
the page alone), then measured fully, one line per look: its styles, then the first fresh,
solved, complete or ranking screen not read exactly (the look fails there), or the half-drawn
screens' exact / refused / wrong counts with every wrong read named. `--seeds` measures the
given looks fully, unscreened. tests/e2e/test_looks_web_e2e.py picks its looks by this measure.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import Literal

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from onestroke.bot.labels import Label, compare, detection_record  # noqa: E402
from onestroke.bot.vision import detect  # noqa: E402
from onestroke.practice.game import BASE_SIZE  # noqa: E402
from onestroke.practice.levels import make_level  # noqa: E402
from onestroke.practice.looks import RandomLook, look_from_seed, render_look  # noqa: E402
from onestroke.practice.rules import PracticeGame, Rules  # noqa: E402
from onestroke.practice.view import GameView  # noqa: E402
from onestroke.solver.search import solve  # noqa: E402

SCREEN = (1920, 1080)


@dataclass(frozen=True)
class Shown:
    """One screen the page shows, and what reading it must give."""

    name: str
    kind: Literal["fresh", "half", "solved", "complete", "ranking"]
    image: np.ndarray
    label: Label | None  # None: neither a board but the level's nor a go-on control may be read
    level_board: str  # the level's board as text (a solved board read back may be it)


def on_screen(page: np.ndarray, position: tuple[int, int]) -> np.ndarray:
    """The page at `position` on a black 1920x1080 screen (Xvfb's root window around Chromium)."""
    screen = np.zeros((SCREEN[1], SCREEN[0], 3), np.uint8)
    x, y = position
    screen[y : y + page.shape[0], x : x + page.shape[1]] = page
    return screen


def shown_screens(look: RandomLook, game_seed: int, levels: int, every: int) -> Iterator[Shown]:
    """Every screen of the game's first `levels` levels in `look`, as the page draws them: first
    each level fresh, then each complete screen, then the rest (the likeliest misreads first)."""
    width, height = BASE_SIZE
    view = GameView(width, height, look=look)
    numbers = range(1, levels + 1)
    boards = {n: make_level(game_seed, n).board for n in numbers}
    paths = {}
    for number, board in boards.items():
        path = solve(board, timeout=10).path
        assert path is not None, f"level {number} of game seed {game_seed} has no solution"
        paths[number] = tuple(path)

    def level(number: int, walked: int) -> Shown:
        board, g = boards[number], view.geometry(boards[number])
        route = paths[number][:walked] if walked > 1 else ()
        image = render_look(board, look, route=route, width=width, height=height, level=number).image
        label = Label(board, "level", None, route, g.origin, g.pitch)
        kind: Literal["fresh", "half"] = "half" if route else "fresh"
        return Shown(f"level {number} walked {len(route)}", kind, image, label, board.to_text())

    for number in numbers:
        yield level(number, 0)
    for number in numbers:
        board = boards[number]
        complete = render_look(
            board, look, route=paths[number], complete=True, width=width, height=height, level=number
        )
        go = complete.controls["go_on"]
        centre = (go.left + go.width / 2, go.top + go.height / 2)
        yield Shown(
            f"level {number} complete",
            "complete",
            complete.image,
            Label(None, "complete", centre),
            board.to_text(),
        )
    for number in numbers:
        board = boards[number]
        for walked in range(2, len(paths[number]), every):
            yield level(number, walked)
        solved = render_look(board, look, route=paths[number], width=width, height=height, level=number)
        yield Shown(f"level {number} solved", "solved", solved.image, None, board.to_text())
        game = PracticeGame(view, seed=game_seed, rules=Rules(fps=30), first_level=number)
        game.screen = "ranking"
        yield Shown(f"level {number} ranking", "ranking", view.draw(game), None, board.to_text())


def outcome(shown: Shown, image: np.ndarray, offset: tuple[int, int]) -> tuple[str, str]:
    """("exact", ""), ("refused", reason) or ("wrong", what differs) for `image`, the page at
    `offset` in it. On a solved board or the ranking screen any go-on control, or a board but the
    level's, is wrong; anything else there is exact (nothing to press)."""
    found = detect(image)
    record = detection_record(shown.name, found, 0.0)
    if shown.label is None:
        if found.next is not None:
            return "wrong", f"a go-on control read at ({found.next.x:.0f}, {found.next.y:.0f})"
        if found.ok and record["board"] != shown.level_board:
            return "wrong", f"a board read: {record['board']!r}"
        return "exact", ""
    label = shown.label
    dx, dy = offset
    moved = Label(
        label.board,
        label.screen,
        None if label.next is None else (label.next[0] + dx, label.next[1] + dy),
        label.walked,
        None if label.origin is None else (label.origin[0] + dx, label.origin[1] + dy),
        label.pitch,
    )
    comparison = compare(moved, record, (image.shape[1], image.shape[0]))
    if comparison.ok:
        return "exact", ""
    if record.get("board") is None and found.next is None:
        return "refused", found.reason or ""
    return "wrong", comparison.summary()


def misread(shown: Shown, image: np.ndarray, offset: tuple[int, int]) -> str | None:
    """Why `image` is not read exactly as `shown` must be, or None."""
    kind, why = outcome(shown, image, offset)
    return None if kind == "exact" else f"{kind}: {why}"


def styles(look: RandomLook) -> str:
    return (
        f"{look.cell_style}/{look.cell_shape}, holes {look.hole_style}, start {look.start_marker},"
        f" end {look.end_marker}, path {look.path_style}, go-on {look.go_on}"
    )


def measure(look_seed: int, game_seed: int, levels: int, every: int, position: tuple[int, int]) -> str:
    """One line: the look's styles, then the first fresh level, complete, solved or ranking screen
    not read exactly (the look fails there), or how many were, and the half-drawn screens' exact /
    refused / wrong counts with every wrong one named."""
    look = look_from_seed(look_seed)
    head = f"look {look_seed} ({styles(look)})"
    screens = list(shown_screens(look, game_seed, levels, every))
    steady = [s for s in screens if s.kind != "half"]
    half = [s for s in screens if s.kind == "half"]
    places = (("page", (0, 0)), ("screen", position))

    def placed(shown: Shown, where: str) -> np.ndarray:
        return on_screen(shown.image, position) if where == "screen" else shown.image

    for where, offset in places:
        for shown in steady:
            why = misread(shown, placed(shown, where), offset)
            if why is not None:
                return f"{head}: FAILS at {shown.name} on the {where}: {why}"
    counts = {"exact": 0, "refused": 0, "wrong": 0}
    wrong = []
    for where, offset in places:
        for shown in half:
            kind, why = outcome(shown, placed(shown, where), offset)
            counts[kind] += 1
            if kind == "wrong":
                wrong.append(f"{shown.name} on the {where}: {why}")
    line = (
        f"{head}: {2 * len(steady)} fresh, solved, complete and ranking screens exact;"
        f" half drawn {counts['exact']} exact, {counts['refused']} refused, {counts['wrong']} wrong"
    )
    return line + "".join(f"\n    wrong: {w}" for w in wrong)


def fresh_levels_read(look_seed: int, game_seed: int, levels: int) -> bool:
    """The cheap screen before the full measure: the look's go-on control is a NEXT LEVEL button
    (a round arrow is no control the detector proves) and every level fresh on the page alone
    reads exactly (most looks stop there)."""
    look = look_from_seed(look_seed)
    if look.go_on != "button":
        return False
    screens = shown_screens(look, game_seed, levels, every=10**6)
    return all(misread(shown, shown.image, (0, 0)) is None for shown in islice(screens, levels))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.looks_web", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--looks", type=int, default=200, help="how many look seeds (default 200)")
    parser.add_argument("--first", type=int, default=0, help="the first look seed (default 0)")
    parser.add_argument("--seeds", help="measure these look seeds only (comma-separated), fully")
    parser.add_argument("--levels", type=int, default=5, help="levels of the game per look (default 5)")
    parser.add_argument("--game-seed", type=int, default=12, help="the game's level seed (default 12)")
    parser.add_argument("--every", type=int, default=1, help="a half-drawn screen every N cells (default 1)")
    parser.add_argument("--position", default="600,120", help="the page's place on the screen (X,Y)")
    args = parser.parse_args(argv)
    x, y = (int(v) for v in args.position.split(","))
    began = time.perf_counter()
    if args.seeds:
        candidates = [int(s) for s in args.seeds.split(",")]
    else:
        seeds = range(args.first, args.first + args.looks)
        candidates = [s for s in seeds if fresh_levels_read(s, args.game_seed, args.levels)]
        print(f"{len(candidates)} of {len(seeds)} looks read every level fresh: {candidates}", flush=True)
    for seed in candidates:
        print(measure(seed, args.game_seed, args.levels, args.every, (x, y)), flush=True)
    print(f"{time.perf_counter() - began:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
