"""A board in the padded index form the certificates and the backtracker work on, and its fills.

`Grid` lays the board out with one blank column and row around it (`solver.padded`) so that a
cell's neighbours are constant index offsets and, on small grids, the open cells fit in one
Python int whose shifts never wrap around a row. Two flood fills answer "which cells can still
be reached": `Grid.spread` over that int (small grids) and `unreached`, breadth-first over a
byte array (large grids, linear in the cells reached).
"""

from __future__ import annotations

from itertools import islice

from onestroke.solver.board import Board, Cell, steps_for
from onestroke.solver.limits import CHECK_EVERY, check, pieces
from onestroke.solver.padded import RING, SPLITS, PaddedGrid

BITSET_LIMIT = 1 << 14
"""Grids of up to this many padded positions keep the unvisited cells in one int as well.

A bitset flood fill costs (rounds) x (grid size / 30) digit operations and keeping the int costs
O(grid size) per step, which is cheap on game-size boards and quadratic on long corridors (a
1x200,000 row took 28 s); larger grids use a breadth-first fill over a byte array, linear in
the cells reached (measured in docs/solver.md, "Hard limits").
"""


class Grid(PaddedGrid):
    """A board in padded index form (`solver.padded`), with what the searches need of it.

    Built in slices with the clock read between them (`deadline`, a perf_counter time): a
    million-cell board takes about a second. `bitset` (default: the grid has at most
    BITSET_LIMIT positions) also packs the open cells into the int `mask`.
    """

    def __init__(self, board: Board, deadline: float | None = None, *, bitset: bool | None = None) -> None:
        super().__init__(board.rows, board.cols)
        self.board = board
        self.moves = board.moves
        self.bitset = self.size <= BITSET_LIMIT if bitset is None else bitset
        width = self.width
        is_open = self.open = bytearray(self.size)
        cells: list[Cell] = [(-1, -1)] * self.size
        order: list[int] = []
        for part in pieces(board.cells, deadline):
            for cell in part:
                i = (cell[0] + 1) * width + cell[1] + 1
                is_open[i] = 1
                cells[i] = cell
                order.append(i)
        self.cells = cells
        self.order = tuple(order)
        self.start = self.index(board.start)
        self.end = self.index(board.end) if board.end is not None else -1
        offsets = self.offsets(steps_for(board.moves))
        # each open index as one int object, shared by every neighbour tuple that names it: a
        # million-cell 8-move board held 8 million copies (224 MB) otherwise
        named: list[int | None] = [None] * self.size
        for part in pieces(order, deadline):
            for i in part:
                named[i] = i
        nbrs: list[tuple[int, ...]] = [()] * self.size
        for part in pieces(order, deadline):
            for i in part:
                nbrs[i] = tuple([j for d in offsets if (j := named[i + d]) is not None])
        self.neighbours = nbrs
        self.mask = 0
        if self.bitset:
            # one int from the byte-per-cell array: far cheaper than summing n big powers of two
            packed = bytearray(self.size // 8 + 1)
            for i in order:
                packed[i >> 3] |= 1 << (i & 7)
            self.mask = int.from_bytes(packed, "little")
        self.connected = False  # True once a certificate found every open cell reachable from the start
        # the 8 surrounding cells, clockwise from north, for the local cut test
        self.ring = self.offsets(RING)
        self.splits = SPLITS[board.moves]

    def spread(self, seed: int, region: int) -> int:
        """The cells of `region` reachable from the bits of `seed` (bitset flood fill).

        One round per step of distance from the seed, each O(grid size): for bitset grids only.
        """
        w = self.width
        reached = seed & region
        if self.moves == 4:
            while True:
                grown = (reached | reached << 1 | reached >> 1 | reached << w | reached >> w) & region
                if grown == reached:
                    return reached
                reached = grown
        while True:
            side = reached | reached << 1 | reached >> 1
            grown = (side | side << w | side >> w) & region
            if grown == reached:
                return reached
            reached = grown


def unreached(nbrs: list[tuple[int, ...]], usable: bytearray, seed: int, deadline: float | None) -> bytearray:
    """A copy of `usable` with the cells reachable from `seed` through usable cells cleared.

    Breadth-first over the neighbour lists: linear in the cells reached whatever the shape of
    the region (the bitset fill needs one pass over the whole grid per step of distance, which
    is quadratic on corridors). Connected when the result has no 1 left (`find(1) < 0`).
    """
    left = bytearray(usable)
    left[seed] = 0
    todo = [seed]
    queue = iter(todo)  # one iterator, so each slice goes on where the last one stopped
    taken = 0
    while taken < len(todo):
        check(deadline)
        for v in islice(queue, CHECK_EVERY):  # reads cells appended during the loop too
            for w in nbrs[v]:
                if left[w]:
                    left[w] = 0
                    todo.append(w)
        taken += CHECK_EVERY
    return left
