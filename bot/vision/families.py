"""Holes that are drawn, not absent: a family of positions drawn alike that is neither plain nor path.

On tile boards a hole may show the background (the tile reader calls that HOLE at once) or be
drawn: a dark tile, a hatching, an inner square, a tile in a colour of its own. (Dots on a field
read every position that is not field as a hole already, and their look over the middle is
mostly field.) What tells a drawn hole from a marked start is not its look but how many share
it: the start (and a required end) is the one position marked unlike the rest, while a hole
style is drawn the same on every hole. So the positions the reader saw as something (a cell, a
mark, a figure, unknown) are grouped by their look (`Reading.patches`: the colours over each
position's middle), and a group of two or more alike positions is a family of holes when

- none of them is in the plain cells' colour (a ring or a sparkle on plain cells is no hole);
- nothing crosses the gaps around any of them in a colour not their own (no band, no line:
  walked cells and cells under a hint line are never holes);
- no path is drawn (a band not in the plain colour, or a line across an open position's gap):
  the head's own marker is then one more odd look, and a thin path line missed would leave its
  walked cells to pass for a family;
- the plain cells (the largest group of flat cells of one colour that no band joins) outnumber
  every family, so a grid of look-alike tiles (a tile-matching game, a chess board) is not made
  a board of holes.

What is left odd (one position of its own look) is for `roles.py` to read as the start or the
end, as before.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from onestroke.bot.vision.reading import CELL, FIGURE, HOLE, MARK, Reading
from onestroke.bot.vision.sampling import same
from onestroke.solver.board import Cell

ALIKE = 0.8  # share of two positions' look samples of the same colour for them to be drawn alike
MIN_PLAIN = 4  # fewer plain cells than this tell no plain colour to set holes against


def drawn_holes(reading: Reading) -> Reading:
    """`reading` with every family of drawn holes made HOLE (unchanged when there is none)."""
    families = hole_families(reading)
    if not families:
        return reading
    kinds = reading.kinds.copy()
    for family in families:
        for r, c in family:
            kinds[r, c] = HOLE
    holes = {cell for family in families for cell in family}
    letters = {cell: letter for cell, letter in reading.letters.items() if cell not in holes}
    leaving = [cell for cell in reading.leaving if cell not in holes]
    return replace(reading, kinds=kinds, letters=letters, leaving=leaving)


def hole_families(reading: Reading) -> list[list[Cell]]:
    """The families of two or more alike positions, neither plain nor crossed by anything, that
    the plain cells outnumber."""
    if reading.style != "tiles" or reading.patches is None or reading.quiet is None:
        return []
    plain = _plain_cells(reading)
    if len(plain) < MIN_PLAIN:
        return []
    plain_colour = np.median([reading.colours[c] for c in plain], axis=0)
    if _path_drawn(reading, plain_colour):
        return []
    banded = _banded(reading)
    candidates = [
        (int(r), int(c))
        for r, c in zip(*np.nonzero((reading.kinds != HOLE) & reading.quiet & ~banded), strict=True)
        if not same(reading.colours[r, c], plain_colour)
    ]
    families: list[list[Cell]] = []
    for cell in candidates:
        for family in families:
            if _alike(reading.patches[cell], reading.patches[family[0]]):
                family.append(cell)
                break
        else:
            families.append([cell])
    return [family for family in families if 2 <= len(family) < len(plain)]


def _plain_cells(reading: Reading) -> list[Cell]:
    """The largest group of flat cells of one colour that no band joins (walked cells may be more)."""
    groups: list[list[Cell]] = []
    for r, c in zip(*np.nonzero((reading.kinds == CELL) & ~_banded(reading)), strict=True):
        cell = (int(r), int(c))
        for group in groups:
            if same(reading.colours[cell], reading.colours[group[0]]):
                group.append(cell)
                break
        else:
            groups.append([cell])
    return max(groups, key=len, default=[])


def _path_drawn(reading: Reading, plain_colour: np.ndarray) -> bool:
    """Whether a band not in the plain colour joins two positions: a path is drawn. Its head's
    marker is then one more odd look (a finger's dot, an avatar read as a mark) that only the
    path's order can place, so drawn holes are left to be refused rather than guessed around."""
    for gaps, bands in ((reading.gaps_right, reading.bands_right), (reading.gaps_down, reading.bands_down)):
        if (bands & ~same(gaps, plain_colour)).any():
            return True
    # or a thin line through the centres, in no colour of the cells it crosses (no band)
    open_ = (reading.kinds == CELL) | (reading.kinds == MARK) | (reading.kinds == FIGURE)
    return bool((open_ & ~reading.quiet).any())


def _banded(reading: Reading) -> np.ndarray:
    """Positions a band joins to an open neighbour (walked cells, whatever their colour)."""
    banded = np.zeros(reading.shape, bool)
    banded[:, :-1] |= reading.bands_right
    banded[:, 1:] |= reading.bands_right
    banded[:-1, :] |= reading.bands_down
    banded[1:, :] |= reading.bands_down
    return banded


def _alike(a: np.ndarray, b: np.ndarray) -> bool:
    return bool(same(a, b).mean() >= ALIKE)
