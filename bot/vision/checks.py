"""The self-checks. A board is returned only when every one of them passed.

Each check is a `Check(name, ok, detail)` whose detail quotes what was measured, so a refusal
says which check failed and why. `roles.py` adds two of its own: "start" (exactly one start,
at most one goal) and "path" (the walked cells form one unbranched path).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from onestroke.bot.vision.lattice import Lattice
from onestroke.bot.vision.sampling import COLOUR_TOLERANCE, colour_distance, colour_groups, median
from onestroke.solver.board import Board
from onestroke.solver.search import quick_certificate

if TYPE_CHECKING:
    from onestroke.bot.vision.reading import Reading

MAX_SKEW = 0.15  # x and y pitch may differ this much: a stretched window is still one lattice
MAX_OFF = 0.12  # every member's centre within this many pitches of its lattice point
# members on two rows and two columns only measure each pitch once, over one step: nothing checks
# it, so the two pitches must agree as on an unstretched screen (seed 704: three lilac dots beside
# a path's red squares made a lattice 12 % stretched, 10 % short of the board's)
MAX_SKEW_ONE_STEP = 0.04


@dataclass(frozen=True)
class Check:
    """One self-check: its name, whether it passed, and what it measured."""

    name: str
    ok: bool
    detail: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "ok", bool(self.ok))  # numpy comparisons give numpy booleans


def lattice_check(lattice: Lattice, grid: tuple[int, int] | None = None) -> Check:
    """The lattice's members on their points, its pitches alike. `grid` (rows, columns) is the grid
    read on it: one of two rows (or columns) measures that pitch over its one step, whatever the
    members, as members on two rows and two columns do (`MAX_SKEW_ONE_STEP`)."""
    px, py = lattice.pitch
    skew = abs(px - py) / max(px, py)
    one_step = len(np.unique(lattice.rows)) <= 2 and len(np.unique(lattice.cols)) <= 2
    one_step = one_step or _two_rows_or_columns(grid)
    ok = (
        lattice.worst < MAX_OFF
        and skew <= (MAX_SKEW_ONE_STEP if one_step else MAX_SKEW)
        and len(lattice.rows) >= 3
    )
    detail = (
        f"{len(lattice.rows)} cells on a {px:.1f} x {py:.1f} px lattice, worst centre {lattice.worst:.3f}"
        f" pitch off, pitches differ by {100 * skew:.1f} %"
    )
    if one_step and skew > MAX_SKEW_ONE_STEP:
        detail += f" (more than {100 * MAX_SKEW_ONE_STEP:.0f} %, a pitch measured over one step only)"
    return Check("lattice", ok, detail)


def _two_rows_or_columns(grid: tuple[int, int] | None) -> bool:
    """Whether the grid read has two rows or two columns: that pitch is measured over one step,
    and nothing checks it. A side of a cell cut short there by what lies over the board's edge
    moves it (look 130's complete screen 130008: a panel over a tall board, the two rows above
    it, the lower one cut by the panel's edge, read as a 2x3 level, its rows 8 % closer than its
    columns); an unstretched board's pitches agree."""
    return grid is not None and min(grid) == 2


def size_check(lattice: Lattice) -> Check:
    """One cell size: widths and heights each spread < 15 %, and the cells as stretched as the lattice."""
    # 2 px of slack: JPEG ringing and pixel rounding eat a pixel or so off a blob's edge
    spreads = [
        float(max(0.0, s.max() - s.min() - 2) / np.median(s)) for s in (lattice.widths, lattice.heights)
    ]
    spread = max(spreads)
    # a stretched screen stretches cells and pitch alike; cards taller than their spacing are no cells
    w, h = np.median(lattice.widths), np.median(lattice.heights)
    shape = (w / h) / (lattice.pitch[0] / lattice.pitch[1])
    slack = 1.12 + 2.0 / min(w, h)  # a pixel either way on a small dot
    ok = spread < 0.15 and 1 / slack < shape < slack
    w, h = np.median(lattice.widths), np.median(lattice.heights)
    detail = (
        f"cells {w:.0f} x {h:.0f} px ({100 * spread:.0f} % spread, {shape:.2f} as stretched as the lattice)"
    )
    return Check("cell size", ok, detail)


def cells_check(reading: Reading) -> Check:
    from onestroke.bot.vision.reading import FOREIGN

    foreign = reading.positions(FOREIGN)
    if not foreign:
        return Check("cells", True, "every position is a cell, a hole, or a marked cell")
    shown = ", ".join(str(list(cell)) for cell in foreign[:4])
    return Check("cells", False, f"{len(foreign)} positions are neither cell nor hole, e.g. {shown}")


MIN_OPEN = (
    5  # open cells on a board: fewer is a piece of a board or of the UI (a 2x2 of buttons), not a level
)


def board_size_check(board: Board) -> Check:
    """At least two rows and two columns of the grid and MIN_OPEN open cells: a single row or
    column, or a board of one to three cells, is far more often a part of a board the reader
    cut short (or a row of buttons) than a level of the game."""
    ok = board.rows >= 2 and board.cols >= 2 and len(board.open_cells) >= MIN_OPEN
    detail = f"{board.rows}x{board.cols} grid with {len(board.open_cells)} open cells"
    if not ok:
        detail += f" (a level has at least 2 rows, 2 columns and {MIN_OPEN} open cells)"
    return Check("board size", ok, detail)


def certificate_check(board: Board) -> Check:
    proof = quick_certificate(board)
    if proof is None:
        return Check("solvable", True, "no quick proof of unsolvability")
    return Check("solvable", False, f"unsolvable as read: {proof}")


def gaps_check(reading: Reading) -> Check:
    """The gaps' colour told from the shapes the lattice was found on: a member blob has an edge of
    its own all round, so it is no gap; where most flat members read as the gaps, the colour taken
    for the gaps is theirs, and the board read with it has its cells and holes swapped."""
    shown, flat = reading.members_in_gaps
    if not flat or 2 * shown <= flat:
        return Check("gaps", True, f"{shown} of {flat} flat shapes of the lattice in the gaps' colour")
    return Check(
        "gaps",
        False,
        f"{shown} of {flat} flat shapes of the lattice are in the gaps' colour: the lines between the"
        " cells are too faint to tell them from the cells",
    )


FRAMED_SHARE = 0.5  # of the ring around the grid in one colour: what the grid lies on


def holes_check(reading: Reading) -> Check:
    """The holes are of one family: not some in the gaps' colour and others drawn dark
    (`tiles.holes_two_ways`). A look draws its holes one way; read both ways, one family is
    plain cells (drawn as the board's ground, faint lines between them) and the board read
    around the walked tiles is a part of it."""
    in_gaps, drawn = reading.holes_two_ways
    if not in_gaps:
        return Check("holes", True, "the holes read are of one family")
    return Check(
        "holes",
        False,
        f"{in_gaps} holes in the gaps' colour beside {drawn} drawn dark: a look draws its holes one"
        " way, so one family is cells",
    )


def frame_check(reading: Reading, page: np.ndarray) -> Check:
    """The plain cells are not the page seen through the holes of a frame. Where the ring around
    the grid is mostly one colour off the page and off the plain cells, and the plain cells are
    far nearer the page than that ring is, the grid lies inside a region of another colour (a
    framed grid's cells) and its "cells" are holes showing what lies under the frame, a shade off
    the page: the frame's own cells were read as holes (fresh levels 1177, 1324). A board's
    plain cells are drawn on the page, or off it as the ring is; they are the page's colour only
    where the page surrounds them."""
    from onestroke.bot.vision.reading import CELL

    plain = reading.colours[reading.kinds == CELL]
    if len(plain) < 2 or reading.around is None:
        return Check("frame", True, "no ring or too few cells to tell")
    inside = np.zeros(reading.around.shape[:2], dtype=bool)
    inside[1:-1, 1:-1] = True
    ring_groups = colour_groups(reading.around[~inside])
    ring = median(ring_groups[0], axis=0)
    ring_to_page = float(colour_distance(ring, page))
    # the cheap half first: most rings are the page, or of no one colour
    if len(ring_groups[0]) < FRAMED_SHARE * (~inside).sum() or ring_to_page <= COLOUR_TOLERANCE:
        return Check(
            "frame",
            True,
            f"the ring around the grid {ring_to_page:.0f} levels off the page, or of many colours",
        )
    cells = median(colour_groups(plain)[0], axis=0)
    to_page = float(colour_distance(cells, page))
    detail = f"the plain cells {to_page:.0f} levels off the page, the ring around them {ring_to_page:.0f}"
    if float(colour_distance(ring, cells)) <= COLOUR_TOLERANCE or 2 * to_page >= ring_to_page:
        return Check("frame", True, detail)
    return Check("frame", False, f"{detail}: the cells are holes showing the page through a frame")


def edge_check(reading: Reading) -> Check:
    """No marked cell (a flag, a letter, a frame) lies just outside the grid, beside it, no band
    of the path crosses out of it, the grid's own lines go on past none of its sides between
    cells of its colour (`styles.goes_on`), and nothing beside it is drawn as its plain cells or
    holes are (`styles.drawn_beyond`): each means the grid was cut short (or UI touches it), so
    the board is not trusted."""
    if reading.leaving:
        shown = ", ".join(str(list(cell)) for cell in reading.leaving[:4])
        return Check("edge", False, f"a band of the path leaves the grid at {shown}: the grid is cut short")
    if reading.goes_on:
        return Check(
            "edge",
            False,
            f"the grid's lines go on past its {' and '.join(reading.goes_on)} side between cells of"
            " its colour: a part of the board",
        )
    if reading.drawn_beyond:
        shown = ", ".join(str(list(cell)) for cell in reading.drawn_beyond[:4])
        return Check(
            "edge",
            False,
            f"just outside the grid, {shown} is drawn as its plain cells or its holes are (a tile of"
            " their look, bounded on all four sides): the board goes on past the grid read",
        )
    if not reading.left_out:
        return Check("edge", True, "no marked cell just outside the grid, no band leaving it")
    shown = ", ".join(str(list(cell)) for cell in reading.left_out[:4])
    return Check(
        "edge",
        False,
        f"just outside the grid, {shown} is neither cell nor hole (a marked cell, a figure, unknown,"
        " or holes drawn as none inside is): the grid may go on",
    )
