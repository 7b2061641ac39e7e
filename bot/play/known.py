"""After an open-loop stroke, the board the loop knows where vision alone refuses: the cells the
game took, judged against the walk the loop sent.

Vision finds the lattice from plain cells, so a stroke cut short near its end (nearly every
cell walked) leaves a screenshot it refuses (docs/vision.md, limits). The loop still knows the
board: vision read it on the look the stroke was planned on. `KnownBoard.reread` asks vision
to read a later screenshot with that lattice (`KnownLattice`, bot/vision/known.py: the cells
off the plain colour, or None when the screen around the board changed), then judges the
answer by the walk it sent. A walk that passes each cell once: the taken cells are put in the
order the walk sent them (a game only takes cells in the order the finger reaches them, some
skipped when frames come late); they must make a path from the start on the board, and no cell
off the walk may be taken. A walk that goes back over drawn cells (a finish that undoes some
first): the same cells can be taken in more than one order (`solver.finish.shown_after`), so
the paths the game can show with exactly the taken cells are kept, and where more than one is
left the figure on the head says which (`KnownLattice.head`). Where the figure shows, it must
sit on the path's head in either case.

Anything else gives None: the screenshot is then what vision says it is. Pure: a `Sight` in, a
`Sight` with the walked cells out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property

from onestroke.bot.play.sight import Sight
from onestroke.bot.vision.known import KnownLattice
from onestroke.solver.board import Board, Cell
from onestroke.solver.finish import drawn_problem, shown_after


@dataclass
class KnownBoard:
    """The look a drag was planned on (`before`: vision read its board) and the walk sent (from the start)."""

    before: Sight
    walk: Sequence[Cell]
    lattice: KnownLattice = field(init=False, repr=False)

    def __post_init__(self) -> None:
        try:
            self.lattice = KnownLattice(self.before.image, self.before.screen_map, self.before.detection)
        except ValueError:
            raise ValueError("a known board needs a look whose board passed every check") from None

    @property
    def board(self) -> Board:
        return self.lattice.board

    def reread(self, sight: Sight) -> Sight | None:
        """`sight` with the known board and the walked cells it shows, or None when it is not that
        level, or when which path it shows cannot be told."""
        taken = self.lattice.taken(sight.image, sight.screen_map)
        if taken is None:
            return None
        head = self.lattice.head(sight.image, sight.screen_map, taken)
        candidates = [path for path in self._paths_taking(taken) if head in (None, path[-1])]
        if len(candidates) != 1:
            return None  # no path the walk can leave has these cells, or more than one and no figure
        return replace(sight, detection=self.lattice.detection_with(sight.screen_map, candidates[0]))

    def _paths_taking(self, taken: frozenset[Cell]) -> list[tuple[Cell, ...]]:
        """The paths from the start with exactly the `taken` cells that the walk can have left drawn."""
        if len(set(self.walk)) == len(self.walk):  # each cell passed once: the order sent
            order = tuple(cell for cell in self.walk if cell in taken)
            fits = len(order) == len(taken) and not drawn_problem(self.board, order)
            return [order] if fits else []
        return sorted(path for path in self._shown if set(path) == taken)

    @cached_property
    def _shown(self) -> frozenset[tuple[Cell, ...]]:
        """Every path the walk can leave drawn (`shown_after`), worked out once: the loop rereads
        every look after the drag with the same walk."""
        drawn = self.before.detection.walked or (self.board.start,)
        if tuple(self.walk[: len(drawn)]) != tuple(drawn):
            return frozenset()  # not a walk on from the path this look showed
        return shown_after(self.board, drawn, self.walk[len(drawn) - 1 :]) or frozenset()
