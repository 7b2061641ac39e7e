"""What a style reader hands on: every position of the grid classified by its look.

The vocabulary is the board's where the meaning is the board's (`HOLE` '#', `OPEN` '.'), plus
the looks only vision needs. Readers (styles/) decide looks; `roles.py` decides what they mean
(plain, walked, start, end) the same way for every style.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from onestroke.bot.vision.lattice import Lattice
from onestroke.bot.vision.sampling import Box
from onestroke.solver.board import HOLE, OPEN, Cell

CELL = OPEN  # a cell of one flat colour: plain, walked, or a start of a colour of its own
FIGURE = "@"  # a cell covered by a figure: the cat or another avatar, a disc, the path's head marker
MARK = "m"  # a plain cell with a mark on it: a letter, a flag, a frame
FOREIGN = "?"  # none of these: text, an icon, a panel; fails the "cells" check
DRAWN = "x"  # while the grid grows only: a hole drawn as such (a hatching), part of the board; read as HOLE

__all__ = ["CELL", "DRAWN", "FIGURE", "FOREIGN", "HOLE", "MARK", "Reading"]


@dataclass(frozen=True)
class Reading:
    """A grid read by one style.

    `kinds[r, c]` is HOLE, CELL, FIGURE, MARK or FOREIGN; `colours[r, c]` the position's median
    colour (a cell's colour), `edges[r, c]` the colour around its middle (a figure's outer
    colour) and `grounds[r, c]` the colour of the cell itself where a mark on it does not reach
    (a tile's margin around a disc or an avatar; a dot's middle inside its frame).
    `bands_right[r, c]` says one colour that is not the background crosses the gap
    between [r, c] and [r, c+1] (`gaps_right[r, c]` is that colour), `bands_down[r, c]` the same
    for [r, c] and [r+1, c]; `covered_*` marks gaps that are neither background nor one colour
    (something lies over them, like the cat's legs); `wide_*` gaps whose middle is no background
    on at least two of the three lines across (as wide as a band, whatever lies over it). Whether
    a band joins two cells of the path is for `roles.py` to say. `letters` holds the letter read
    on a MARK position ('S' or 'E'); `left_out` the marked cells just outside the grid, beside
    it, that growing it did not take (row or column -1 or one past the last); `leaving` the
    border positions from which a band crosses the gap out of the grid.
    """

    style: str
    lattice: Lattice
    box: Box  # the grid in lattice indices (r0, r1, c0, c1)
    kinds: np.ndarray
    colours: np.ndarray
    edges: np.ndarray
    grounds: np.ndarray
    bands_right: np.ndarray
    bands_down: np.ndarray
    gaps_right: np.ndarray
    gaps_down: np.ndarray
    covered_right: np.ndarray
    covered_down: np.ndarray
    wide_right: np.ndarray
    wide_down: np.ndarray
    letters: dict[Cell, str] = field(default_factory=dict)
    left_out: list[Cell] = field(default_factory=list)  # marked cells just outside the grid
    leaving: list[Cell] = field(default_factory=list)  # border positions a band leaves the grid from
    figure_in_path_colour: bool = False  # the style draws its head marker in the path's colour
    marks_on_cells: bool = False  # a marked position of the style is always a cell (a frame around a dot)
    turned: np.ndarray | None = None  # share of each position's middle alike turned a quarter turn
    faces: np.ndarray | None = None  # figures and marked positions whose middle shows a face (faces.py)
    middles: np.ndarray | None = None  # the colour at each position's very middle (a ring leaves it bare)
    lights: np.ndarray | None = None  # positions under a translucent white light (a finger's dot)
    lines_to: np.ndarray | None = None  # (R, C, 4): a thin centre line runs up, right, down, left
    patches: np.ndarray | None = None  # (R, C, 8, 8, 3): each position's middle in brief (sampling.patches)
    # gaps a line in the background's colour crosses straight, on all three lines across at one
    # place (the line between touching cells, sharp or blurred, seen densely sampled:
    # `styles.straight_walls` and `styles._line_walls`)
    walls_right: np.ndarray | None = None
    walls_down: np.ndarray | None = None
    # the colours of the grid with the ring of positions around it, (R + 2, C + 2, 3), as the
    # classifier read them while growing the grid: what lies just beyond the board
    around: np.ndarray | None = None
    # (members in the gaps' colour, flat members): the lattice's own shapes read as the gaps
    # between them say the gaps' colour was not found (`tiles.members_in_gaps`, `checks.gaps_check`)
    members_in_gaps: tuple[int, int] = (0, 0)
    # the sides of the grid past which its own lines go on between cells of its colour: the grid
    # read is a part of the board (`styles.goes_on`, `checks.edge_check`)
    goes_on: tuple[str, ...] = ()
    # (holes in the gaps' colour, holes drawn dark) inside the grid: a look draws its holes one
    # way, so where both are read one family is no holes (`tiles.holes_two_ways`, `checks.holes_check`)
    holes_two_ways: tuple[int, int] = (0, 0)
    # positions beside the grid drawn as its plain cells or its holes are (a tile of their look,
    # bounded on all four sides): the board goes on past the grid (`styles.drawn_beyond`, `checks.edge_check`)
    drawn_beyond: list[Cell] = field(default_factory=list)

    @property
    def shape(self) -> tuple[int, int]:
        return (self.kinds.shape[0], self.kinds.shape[1])

    def positions(self, kind: str) -> list[Cell]:
        return sorted((int(r), int(c)) for r, c in zip(*np.nonzero(self.kinds == kind), strict=True))

    def band(self, cell: Cell, other: Cell) -> np.ndarray | None:
        """The colour of the band across the gap between two neighbouring positions, if one does."""
        if not _between(self.bands_right, self.bands_down, cell, other):
            return None
        (r, c), (r2, _) = sorted((cell, other))
        return self.gaps_right[r, c] if r == r2 else self.gaps_down[r, c]

    def covered(self, cell: Cell, other: Cell) -> bool:
        """True when the gap between two neighbouring positions is covered by something."""
        return _between(self.covered_right, self.covered_down, cell, other)

    def wide(self, cell: Cell, other: Cell) -> bool:
        """True when the gap between two neighbouring positions is as wide as a band could be
        (its middle no background on at least two of its three lines across), whatever covers it."""
        return _between(self.wide_right, self.wide_down, cell, other)

    def walled(self, cell: Cell, other: Cell) -> bool:
        """True when a wall in the background's colour crosses the gap between two neighbouring
        positions straight, on all three lines across, the one through both centres too."""
        if self.walls_right is None or self.walls_down is None:
            return False
        return _between(self.walls_right, self.walls_down, cell, other)

    def neighbours(self, cell: Cell) -> list[Cell]:
        r, c = cell
        rows, cols = self.shape
        return [
            (r + dr, c + dc)
            for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1))
            if 0 <= r + dr < rows and 0 <= c + dc < cols
        ]


def _between(right: np.ndarray, down: np.ndarray, a: Cell, b: Cell) -> bool:
    """The flag for the gap between two neighbouring positions (False when they are not neighbours)."""
    (r, c), (r2, c2) = sorted((a, b))
    if r == r2 and c2 == c + 1:
        return bool(right[r, c])
    if c == c2 and r2 == r + 1:
        return bool(down[r, c])
    return False
