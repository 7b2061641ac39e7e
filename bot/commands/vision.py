"""`onestroke detect IMAGE... [--json] [--overlay OUT.png]` and `onestroke solve-image IMAGE`.

Contract: ../shared/spec/formats.md. Every image file is checked before the first is read, so a
missing file stops the run with one line on stderr (exit 2). Exit 1 when any image has no
board (or, for solve-image, no route); 0 otherwise. A level-complete screen has no board and
says where its go-on control is: for detect a screen read right (exit 0), for solve-image
nothing to solve (exit 1). When part of a path is drawn, solve-image finishes it
as the bot would (solver/finish.py: from the cat's cell when a finish exists, else after
undoing as few drawn cells as can be), and says so.

With several images and `--overlay OUT.png`, each overlay is written as `OUT-<image name>.png`.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from onestroke.bot.commands.common import positive_seconds
from onestroke.bot.commands.look_option import add_look_option, reader_for
from onestroke.bot.commands.solve import verdict
from onestroke.bot.commands.status import ExitStatus
from onestroke.bot.imageio import ImageFileError, check_writable, read_image, write_image
from onestroke.bot.labels import detection_record
from onestroke.bot.overlay import draw_overlay
from onestroke.bot.vision import Detection
from onestroke.solver.finish import Finish, finish


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
    add_look_option(detect)
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
    add_look_option(solve)
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
    detect = reader_for(args.look)
    status = ExitStatus.DONE
    several = len(args.images) > 1
    for number, name in enumerate(args.images):
        image = read_image(name)
        began = time.perf_counter()
        found = detect(image)
        seconds = time.perf_counter() - began
        if not found.ok and found.screen != "complete":  # a complete screen read right is done
            status = ExitStatus.NOT_DONE
        if args.overlay:
            write_image(overlay_path(args.overlay, name, several), draw_overlay(image, found))
        if args.json:
            print(json.dumps(detection_json(name, found, seconds), ensure_ascii=False), flush=True)
        else:
            print(("\n" if number else "") + detection_text(name, found, seconds), end="", flush=True)
    return status


def run_solve_image(args: argparse.Namespace) -> int:
    _check_files([args.image], args.overlay)
    detect = reader_for(args.look)
    image = read_image(args.image)
    began = time.perf_counter()
    found = detect(image)
    detect_seconds = time.perf_counter() - began
    plan: Finish | None = None
    plan_seconds = 0.0
    if found.board is not None and found.ok:
        began = time.perf_counter()
        plan = finish(found.board, found.walked, timeout=args.timeout)
        plan_seconds = time.perf_counter() - began
        if plan.problem is not None:  # never hand out a route the independent checker rejects
            print(
                f"onestroke: {args.image}: the solver's route fails the path check: {plan.problem}",
                file=sys.stderr,
            )
            return ExitStatus.NOT_DONE
    if args.overlay:
        write_image(args.overlay, draw_overlay(image, found, plan.path if plan is not None else ()))
    if args.json:
        record = solve_image_json(args.image, found, detect_seconds, plan, plan_seconds)
        print(json.dumps(record, ensure_ascii=False))
    else:
        print(solve_image_text(args.image, found, detect_seconds, plan, plan_seconds), end="")
    return ExitStatus.DONE if plan is not None and plan.solved else ExitStatus.NOT_DONE


def solve_image_json(
    name: str, found: Detection, detect_seconds: float, plan: Finish | None, plan_seconds: float
) -> dict[str, Any]:
    """`detect`'s JSON object plus `solvable`, `from`, `path`, `points` (pixel centres), `undo`,
    `note`, `reason` and `solve_seconds`: with `from` "head" the path begins at the cat's cell (a
    drawn path finished from there), with "start" it is the whole path from the start, after the
    drawn cells in `undo` (head first) are undone."""
    out = detection_json(name, found, detect_seconds)
    if plan is None:
        return out
    out["solvable"] = plan.result.solvable if plan.result is not None else True
    out["from"] = plan.begins
    if plan.done:
        out.update(path=[], points=[])
    elif plan.solved:
        assert found.geometry is not None
        shown = plan.route if plan.begins == "head" else plan.path
        out["path"] = [list(cell) for cell in shown]
        out["points"] = [[round(v, 1) for v in found.geometry.centre(cell)] for cell in shown]
        if plan.undo:
            out["undo"] = [list(cell) for cell in plan.undo]
    note = plan.describe()
    if note:
        out["note"] = note
    if plan.result is not None:
        if plan.result.reason:
            out["reason"] = plan.result.reason
        out["solve_seconds"] = round(plan_seconds, 4)
    return out


def solve_image_text(
    name: str, found: Detection, detect_seconds: float, plan: Finish | None, plan_seconds: float
) -> str:
    """The board with the whole path as step numbers; or what was seen and why there is no route."""
    if plan is None:
        return detection_text(name, found, detect_seconds)
    board = plan.board
    note = plan.describe()
    said = f"{name}: {note}\n" if note else ""
    if plan.done:
        return f"{detection_text(name, found, detect_seconds)}{said}"
    result = plan.result
    assert result is not None
    if not plan.solved:
        return (
            f"{detection_text(name, found, detect_seconds)}{said}{name}: {verdict(result)}: {result.reason}\n"
        )
    head = (
        f"{name}: {board.rows}x{board.cols} board, {len(board)} cells, start {list(board.start)};"
        f" detected in {detect_seconds * 1000:.0f} ms, solved in {plan_seconds * 1000:.1f} ms"
    )
    return f"{head}\n{said}{board.draw_path(plan.path)}"
