"""The padded grid layout that the searches share, and the local cut test built on it.

A `rows` x `cols` grid is laid out flat with one closed cell on every side: cell (r, c) is
index `(r + 1) * width + c + 1` with `width = cols + 2`. A neighbour is then `index + offset`
with no bounds test (the padding is never open), which is cheaper in Python than tuple
arithmetic, and a set of cells fits one Python int whose shifts never wrap around a row.

Taking a cell out of a connected region can split the region only when the free cells of its
ring of 8, joined by moves among themselves, fall into several groups that touch the cell. A
table answers that for all 256 patterns of the ring, so a search tests one byte and keeps its
flood fill for the few steps where the table says "maybe" (the backtracker in
`solver.backtrack`, the Romeo and Juliet search in `solver.puzzles.romeo`).
"""

from __future__ import annotations

from onestroke.solver.board import DIAGONAL, ORTHOGONAL, Cell, steps_for

# ORTHOGONAL is N E S W and DIAGONAL is NE SE SW NW, so interleaving them walks clockwise.
RING: tuple[Cell, ...] = tuple(step for pair in zip(ORTHOGONAL, DIAGONAL, strict=True) for step in pair)
"""The 8 (dr, dc) steps around a cell, clockwise from north: N NE E SE S SW W NW."""


class PaddedGrid:
    """Flat indices for a `rows` x `cols` grid with a one-cell closed border."""

    def __init__(self, rows: int, cols: int) -> None:
        self.rows = rows
        self.cols = cols
        self.width = cols + 2
        self.size = (rows + 2) * self.width

    def index(self, cell: Cell) -> int:
        return (cell[0] + 1) * self.width + cell[1] + 1

    def cell(self, index: int) -> Cell:
        r, c = divmod(index, self.width)
        return (r - 1, c - 1)

    def offsets(self, steps: tuple[Cell, ...]) -> tuple[int, ...]:
        """Index differences of the given (dr, dc) steps."""
        return tuple(dr * self.width + dc for dr, dc in steps)


def ring_split_table(moves: int) -> bytes:
    """For each pattern of free cells around a cell: 1 if removing the cell may split them.

    Bit k of the pattern is `RING[k]`. The cell's own neighbours among them (orthogonal ones for
    4-moves, all for 8-moves) must all lie in one group, connected through free ring cells, for
    the removal to be harmless locally.
    """
    step_set = set(steps_for(moves))
    table = bytearray(256)
    for pattern in range(256):
        free = [k for k in range(8) if pattern >> k & 1]
        parent = {k: k for k in free}
        for a in free:
            for b in free:
                if a < b and (RING[b][0] - RING[a][0], RING[b][1] - RING[a][1]) in step_set:
                    parent[_root(parent, a)] = _root(parent, b)
        touching = {_root(parent, k) for k in free if RING[k] in step_set}
        table[pattern] = 1 if len(touching) > 1 else 0
    return bytes(table)


def _root(parent: dict[int, int], k: int) -> int:
    while parent[k] != k:
        k = parent[k]
    return k


SPLITS: dict[int, bytes] = {moves: ring_split_table(moves) for moves in (4, 8)}
"""`ring_split_table` per neighbourhood, built at import (about 2 ms) so that no search pays for it."""
