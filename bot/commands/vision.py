"""`onestroke detect IMAGE... [--json] [--overlay OUT.png]` and `onestroke solve-image IMAGE`.

Contract: ../shared/spec/formats.md. Every image file is checked before the first is read, so a
missing file stops the run with one line on stderr (exit 2). Exit 1 when any image has no
board (or, for solve-image, no route); 0 otherwise. A level-complete screen has no board (exit
1) and says where its go-on control is. When part of a path is drawn, solve-image finishes it
from the cat's cell when a finish exists, and says so.

With several images and `--overlay OUT.png`, each overlay is written as `OUT-<image name>.png`.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from onestroke.bot.commands.common import positive_seconds
from onestroke.bot.commands.solve import verdict
from onestroke.bot.imageio import ImageFileError, check_writable, read_image, write_image
from onestroke.bot.labels import detection_record
from onestroke.bot.overlay import draw_overlay
from onestroke.bot.vision import Detection, detect
from onestroke.bot.vision.progress import rest_of_level
from onestroke.solver.board import Cell
from onestroke.solver.check import path_problem
from onestroke.solver.search import solve

EXIT_OK, EXIT_NO_BOARD = 0, 1


def register(sub: argparse._SubParsersAction) -> None:
    """Add `detect` and `solve-image` to the `onestroke` parser."""
    detect = sub.add_parser(
        "detect",
        help="read the board (cells, holes, cat) from screenshots",
        description="Find the board in screenshots (PNG/JPEG: phone screens, desktops, crops) and print it.",
    )
    detect.add_argument("images", nargs="+", metavar="IMAGE", help="screenshot file (PNG or JPEG)")
    detect.add_argument("--json", action="store_true", help="one JSON object per image, one per line")
    detect.add_argument(
        "--overlay", metavar="OUT.png", help="write the screenshot with what was detected drawn on it"
    )
    detect.set_defaults(run=run_detect)

    solve = sub.add_parser(
        "solve-image",
        help="read the board from a screenshot and solve it",
        description="Detect the board in a screenshot, then find the route from the cat through every cell.",
    )
    solve.add_argument("image", metavar="IMAGE", help="screenshot file (PNG or JPEG)")
    solve.add_argument(
        "--overlay", metavar="OUT.png", help="write the screenshot with the grid and the route drawn"
    )
    solve.add_argument("--json", action="store_true", help="one JSON object: board, path and pixel points")
    solve.add_argument(
        "--timeout", type=positive_seconds, default=10.0, metavar="S", help="solver time limit (default 10)"
    )
    solve.set_defaults(run=run_solve_image)


def _check_files(names: list[str], overlay: str | None) -> None:
    """Fail before any work on a missing image or an overlay that cannot be written."""

    for name in names:
        if not os.path.exists(name):
            raise ImageFileError(f"{name}: no such file")
        if os.path.isdir(name):
            raise ImageFileError(f"{name}: is a folder, not an image")
    if overlay is None:
        return
    written: dict[str, str] = {}
    for name in names:
        out = overlay_path(overlay, name, len(names) > 1)
        if out in written:  # a/shot.png and b/shot.png: the second would overwrite the first
            raise ImageFileError(f"{written[out]} and {name} would both write the overlay {out}")
        if any(os.path.exists(out) and os.path.samefile(out, image) for image in names):
            raise ImageFileError(f"{out}: the overlay would overwrite an input image")
        written[out] = name
        check_writable(out)


def overlay_path(out: str, image: str, several: bool) -> str:
    """Where the overlay of `image` goes: `out` itself, or `out` with the image's name added."""
    if not several:
        return out
    base = Path(out)
    return str(base.with_name(f"{base.stem}-{Path(image).stem}{base.suffix}"))


def detection_json(name: str, found: Detection, seconds: float) -> dict[str, Any]:
    """The spec's JSON object for one image (plus the optional `checks` list); built in
    bot/labels.py, where `fixtures check` compares the same record with a label."""
    return detection_record(name, found, seconds)


def detection_text(name: str, found: Detection, seconds: float) -> str:
    if found.screen == "complete" and found.next is not None:
        return f"{name}: the level-complete screen, go on at ({found.next.x:.0f}, {found.next.y:.0f})\n"
    if not found.ok:
        return f"{name}: no board: {found.reason}\n"
    g, board = found.geometry, found.board
    assert g is not None and board is not None
    pitch = (
        f"{g.pitch[0]:.1f}" if abs(g.pitch[0] - g.pitch[1]) < 0.05 else f"{g.pitch[0]:.1f} x {g.pitch[1]:.1f}"
    )
    head = (
        f"{name}: {board.rows}x{board.cols} board, start {list(board.start)}, pitch {pitch} px,"
        f" cell [0, 0] at ({g.origin[0]:.1f}, {g.origin[1]:.1f}), {seconds * 1000:.0f} ms"
    )
    if board.end is not None:
        head += f"; end {list(board.end)}"
    if found.walked:
        head += f"\n{len(found.walked)} cells walked so far, the cat on {list(found.walked[-1])}"
        return f"{head}\n{board.draw_path(found.walked)}"
    return f"{head}\n{board.to_text()}"


def run_detect(args: argparse.Namespace) -> int:

    _check_files(args.images, args.overlay)
    status = EXIT_OK
    several = len(args.images) > 1
    for number, name in enumerate(args.images):
        image = read_image(name)
        began = time.perf_counter()
        found = detect(image)
        seconds = time.perf_counter() - began
        if not found.ok:
            status = EXIT_NO_BOARD
        if args.overlay:
            write_image(overlay_path(args.overlay, name, several), draw_overlay(image, found))
        if args.json:
            print(json.dumps(detection_json(name, found, seconds), ensure_ascii=False), flush=True)
        else:
            print(("\n" if number else "") + detection_text(name, found, seconds), end="", flush=True)
    return status


def run_solve_image(args: argparse.Namespace) -> int:
    _check_files([args.image], args.overlay)
    image = read_image(args.image)
    began = time.perf_counter()
    found = detect(image)
    detect_seconds = time.perf_counter() - began
    plan: Plan | None = None
    if found.ok:
        plan = plan_route(found, args.timeout)
        if plan.problem is not None:  # never hand out a route the independent checker rejects
            print(
                f"onestroke: {args.image}: the solver's route fails the path check: {plan.problem}",
                file=sys.stderr,
            )
            return EXIT_NO_BOARD
    route = plan.route if plan is not None else ()
    if args.overlay:
        write_image(args.overlay, draw_overlay(image, found, route))
    if args.json:
        print(json.dumps(solve_image_json(args.image, found, detect_seconds, plan), ensure_ascii=False))
    else:
        print(solve_image_text(args.image, found, detect_seconds, plan), end="")
    return EXIT_OK if route or (plan is not None and plan.done) else EXIT_NO_BOARD


@dataclass(frozen=True)
class Plan:
    """What to drag: `route` from `begins` ("head": finishing a drawn path from the cat; "start":
    the whole level), the solver's result, and a note for people when it is not the plain case."""

    route: tuple[Cell, ...]
    begins: str
    result: Any
    note: str | None = None
    done: bool = False  # every cell is walked already: nothing left to drag
    problem: str | None = None


def plan_route(found: Detection, timeout: float) -> Plan:
    """Finish from the head when a path is drawn and a finish exists; else solve from the start."""
    board = found.board
    assert board is not None
    walked = found.walked
    note = None
    if walked:
        if len(walked) == len(board):
            return Plan(
                (), "head", None, f"every cell is walked already (the cat on {list(walked[-1])})", done=True
            )
        rest = rest_of_level(board, walked)
        if rest is not None:
            result = solve(rest, timeout=timeout)
            if result.path is not None:
                finish = tuple(result.path)
                problem = path_problem(rest, finish) or path_problem(board, tuple(walked) + finish[1:])
                note = (
                    f"finishing the drawn path from the cat on {list(walked[-1])}: {len(rest) - 1} cells left"
                )
                return Plan(finish, "head", result, note, problem=problem)
        note = (
            f"no finish from the cat on {list(walked[-1])}: solved from the start (undo the drawn path first)"
        )
    result = solve(board, timeout=timeout)
    route = tuple(result.path) if result.path is not None else ()
    problem = path_problem(board, route) if route else None
    return Plan(route, "start", result, note, problem=problem)


def solve_image_json(name: str, found: Detection, detect_seconds: float, plan: Plan | None) -> dict[str, Any]:
    """`detect`'s JSON object plus `solvable`, `path` (from the cat's cell when a drawn path is
    finished: `from` is "head", else "start"), `points` (pixel centres), `note` and `solve_seconds`."""
    out = detection_json(name, found, detect_seconds)
    if plan is None:
        return out
    if plan.done:
        out.update(solvable=True, path=[], points=[], note=plan.note)
        out["from"] = "head"
        return out
    result, route = plan.result, plan.route
    out["solvable"] = result.solvable
    out["from"] = plan.begins
    if route:
        assert found.geometry is not None
        out["path"] = [list(cell) for cell in route]
        out["points"] = [[round(v, 1) for v in found.geometry.centre(cell)] for cell in route]
    if plan.note:
        out["note"] = plan.note
    if result.reason:
        out["reason"] = result.reason
    out["solve_seconds"] = round(result.seconds, 4)
    return out


def solve_image_text(name: str, found: Detection, detect_seconds: float, plan: Plan | None) -> str:
    """The board with the route as step numbers; or what was seen and why there is no route."""
    if plan is None:
        return detection_text(name, found, detect_seconds)
    board = found.board
    assert board is not None
    note = f"{name}: {plan.note}\n" if plan.note else ""
    if plan.done:
        return f"{detection_text(name, found, detect_seconds)}{note}"
    result, route = plan.result, plan.route
    if not route:
        return (
            f"{detection_text(name, found, detect_seconds)}{note}{name}: {verdict(result)}: {result.reason}\n"
        )
    head = (
        f"{name}: {board.rows}x{board.cols} board, {len(board)} cells, start {list(board.start)};"
        f" detected in {detect_seconds * 1000:.0f} ms, solved in {result.seconds * 1000:.1f} ms"
    )
    shown = tuple(found.walked) + route[1:] if plan.begins == "head" else route
    return f"{head}\n{note}{board.draw_path(shown)}"
