"""A screen read with a taught look and the built-in reading side by side (`--look LOOK`).

A look is taught because the built-in reading refused an app, but teaching from two or three
screens rarely shows every role (a fresh start, an end, a hole, the complete screen), and the
built-in reading still knows what the genre draws in general: the level-complete screens by
their words, starts and ends it has rules for. So the two read every screen, and:

- both read a board: they must read the same one (board and walked path), else refused, naming
  both (one of them misread; which is not known), unless the look's own reading tells: the
  built-in board is the look's with a ring of holes round it where the look tells its holes from
  the page (`holes_round`), or it reads a cell where the look read a hole, of a role the look
  weighed there (`hole_read_open`: the built-in reading misread it, as if it had refused);
- one reads a board and the other nothing: that board, when its lattice's pitch is one the look
  could show (the built-in reading's board on another part of the screen, a look-alike in the
  app's menus, is not the taught app's board) and the look, refusing, did not score a board of
  another extent over it (one of the two misses part of the board) that its own `edge` check
  found ends there;
- a complete screen by either, with no unfinished board read by the other: complete;
- neither: refused with the taught look's reason, the built-in reading's after it.

Neither reading lends the other a check: each board passed all of its own reader's.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from onestroke.bot.vision.blobs import as_bgr
from onestroke.bot.vision.checks import Check
from onestroke.bot.vision.detect import Detection, detect
from onestroke.bot.vision.taught import OPEN_ROLES, TaughtLook, alike_roles, cell_roles, read
from onestroke.coords import Geometry
from onestroke.solver.board import Cell

PITCH_SLACK = 2.0  # a board's pitch over the screen's width within this factor of the look's range
LATTICE_SLACK = 0.03  # two readings' pitches within this share of each other: one lattice


def read_with_look(image: np.ndarray, look: TaughtLook, *, read_text: bool = True) -> Detection:
    """The screen as the taught `look` and the built-in reading read it together (module doc);
    `read_text=False` as `detect` takes it (the play loop reads a screen's words in steps of its
    own, once the screen holds still)."""
    image = as_bgr(image)
    return combined(read(image, look), detect(image, read_text=read_text), look, image.shape[1])


def combined(taught: Detection, builtin: Detection, look: TaughtLook, width: int) -> Detection:
    """One reading of a screen `width` px wide from what the taught `look` and the built-in
    reading made of it."""
    if taught.ok and builtin.ok:
        if same_reading(taught, builtin) or holes_round(taught, builtin, look):
            return taught
        if hole_read_open(taught, builtin, look) is not None:
            return taught  # the built-in reading misread a cell: as if it had refused
        return disagreement(taught, builtin, look)
    if taught.ok:
        if builtin.next is not None and unfinished(taught):
            return disagreement(taught, builtin, look)
        return taught
    if taught.next is not None:
        if builtin.ok and unfinished(builtin):
            return disagreement(taught, builtin, look)
        return taught
    if builtin.ok:
        if other_box(taught, builtin):
            return disagreement(taught, builtin, look)
        why = pitch_unlike(builtin, look, width)
        if why is not None:
            return both_refused(taught, builtin, f"its board is not look {look.name}'s: {why}")
        return lent(builtin, f"look {look.name} refused ({taught.reason}); read by the built-in reading")
    if builtin.next is not None:
        return lent(builtin, f"look {look.name} read no complete screen; the built-in reading did")
    return both_refused(taught, builtin, builtin.reason or "nothing read")


def same_reading(a: Detection, b: Detection) -> bool:
    return a.board == b.board and a.walked == b.walked


def holes_round(taught: Detection, builtin: Detection, look: TaughtLook) -> bool:
    """Whether the built-in reading's board is the taught look's with rows or columns of holes
    round it, at the same place on the screen (look 23's 23006: the dark page beyond the board read
    as a ring of holes drawn in its colour), where the look tells its holes from the background
    around a board: it grows a board by edge rows of holes wherever they look like its holes
    (`taught.hole_edges`), so the positions it left out looked like something else. The puzzle is
    the same either way; the look saw where its board ends."""
    a, b, ga, gb = taught.board, builtin.board, taught.geometry, builtin.geometry
    if a is None or b is None or ga is None or gb is None:
        return False
    if "hole" not in look.roles or "outside" not in look.roles:
        return False
    if any({"hole", "outside"} == set(pair) for pair in alike_roles(look.roles)):
        return False
    offset = on_lattice(ga, gb)
    if offset is None:
        return False
    dr, dc = offset
    if (
        dr < 0
        or dc < 0
        or dr + a.rows > b.rows
        or dc + a.cols > b.cols
        or (a.rows, a.cols) == (b.rows, b.cols)
    ):
        return False

    def moved(cell: Cell | None) -> Cell | None:
        return None if cell is None else (cell[0] + dr, cell[1] + dc)

    return (
        b.open_cells == {moved(cell) for cell in a.open_cells}
        and b.start == moved(a.start)
        and b.end == moved(a.end)
        and builtin.walked == tuple(moved(cell) for cell in taught.walked)
    )


def hole_read_open(taught: Detection, builtin: Detection, look: TaughtLook) -> Cell | None:
    """A position of the taught look's board that it read as a hole and the built-in reading as a
    cell of a role the look was taught (look 15's 15011: a hole beside the fresh start read as the
    start the path left, the start as the head); None when there is none. The look scored that
    position against that role too and found a hole likelier by its margin (`taught.MARGIN`,
    asked of every position of a board it reads), so the built-in reading misread it. Roles the
    look never saw, and the fresh start where the look read a path (it takes that role out), it
    could not weigh."""
    a, b, ga, gb = taught.board, builtin.board, taught.geometry, builtin.geometry
    if a is None or b is None or ga is None or gb is None or "hole" not in look.roles:
        return None
    offset = on_lattice(ga, gb)
    if offset is None:
        return None
    weighed = {role for role in look.roles if role in OPEN_ROLES and not (role == "start" and taught.walked)}
    theirs = cell_roles(b, builtin.walked)
    dr, dc = offset
    for r in range(a.rows):
        for c in range(a.cols):
            if (r, c) not in a.open_cells and theirs.get((r + dr, c + dc)) in weighed:
                return (r, c)
    return None


def on_lattice(a: Geometry, b: Geometry) -> tuple[int, int] | None:
    """Where cell [0, 0] of `a` lies on lattice `b` (rows, columns), when the two are one lattice:
    pitches within LATTICE_SLACK of each other and `a`'s first centre within a quarter pitch of
    one of `b`'s; else None."""
    if any(abs(p / q - 1) > LATTICE_SLACK for p, q in zip(a.pitch, b.pitch, strict=True)):
        return None
    steps = [(a.origin[i] - b.origin[i]) / b.pitch[i] for i in (1, 0)]
    if any(abs(step - round(step)) > 0.25 for step in steps):
        return None
    return round(steps[0]), round(steps[1])


def other_box(taught: Detection, builtin: Detection) -> bool:
    """Whether the taught look, refusing, scored a board (its positions against its roles) where
    the built-in reading read one of another extent: the built-in reading's 5x3 of a 9x3 board
    whose faint grid lines washed out (look 19's level 19004), which the look saw whole and
    refused for cells between two roles. Boards apart (the look's lattice on something else)
    are no disagreement."""
    if taught.geometry is None or builtin.geometry is None:
        return False
    if not any(check.name == "look" for check in taught.checks):
        return False  # refused before scoring the board: its lattice is not the board's
    if any(check.name == "edge" and not check.ok for check in taught.checks):
        # the look saw cells just beyond its own box too (look 27's gradient field, nearest
        # plain, round its 27005): it tells no board's border, so its extent says nothing
        return False
    a, b = taught.geometry.bounds(), builtin.geometry.bounds()
    reach = 0.5 * min(builtin.geometry.pitch)
    same = all(abs(p - q) <= reach for p, q in zip(a.corners, b.corners, strict=True))
    width = min(a.right, b.right) - max(a.left, b.left)
    height = min(a.bottom, b.bottom) - max(a.top, b.top)
    overlap = max(0.0, width) * max(0.0, height)
    return not same and overlap > 0.25 * min(a.width * a.height, b.width * b.height)


def unfinished(found: Detection) -> bool:
    """A board read with cells still to walk (a solved board may sit behind a complete panel)."""
    return found.board is not None and len(found.walked) < len(found.board.open_cells)


def pitch_unlike(found: Detection, look: TaughtLook, width: int) -> str | None:
    """Why the board's lattice is not one look `look` draws (None when it may be): its pitch
    over the screen's width (or in pixels, for a grab of more than the game) far from every
    board the look was taught from."""
    if found.geometry is None:
        return "no lattice"
    pitch = found.geometry.pitch[0]
    lo, hi = look.pitch_share
    px_lo, px_hi = look.pitch_px
    if lo / PITCH_SLACK <= pitch / width <= hi * PITCH_SLACK:
        return None
    if px_lo / PITCH_SLACK <= pitch <= px_hi * PITCH_SLACK:
        return None
    return (
        f"a pitch of {pitch:.1f} px, the look's {px_lo:.0f}-{px_hi:.0f} px ({lo:.3f}-{hi:.3f} of the width)"
    )


def lent(found: Detection, detail: str) -> Detection:
    return replace(found, checks=(*found.checks, Check("look", True, detail)))


def disagreement(taught: Detection, builtin: Detection, look: TaughtLook) -> Detection:
    detail = (
        f"look {look.name} reads {summary(taught)}, the built-in reading {summary(builtin)}:"
        " one of them misreads the screen"
    )
    check = Check("look", False, detail)
    return Detection(
        None, taught.geometry, (*taught.checks, check), f"look: {detail}", taught.board, style=taught.style
    )


def both_refused(taught: Detection, builtin: Detection, why: str) -> Detection:
    reason = f"{taught.reason}; the built-in reading: {why}"
    return replace(taught, reason=reason)


def summary(found: Detection) -> str:
    if found.next is not None:
        return f"a complete screen (go on at {found.next.x:.0f}, {found.next.y:.0f})"
    board = found.board
    if board is None:
        return "nothing"
    return (
        f"a {board.rows}x{board.cols} board of {len(board.open_cells)} cells from {list(board.start)},"
        f" {len(found.walked)} walked"
    )
