"""After an open-loop stroke, the board the loop knows where vision alone refuses: the cells the
game took, judged against the walk the loop sent.

Vision finds the lattice from plain cells, so a stroke cut short near its end (nearly every
cell walked) leaves a screenshot it refuses (docs/vision.md, limits). The loop still knows the
board: vision read it on the look the stroke was planned on. `KnownBoard.reread` asks vision
to read a later screenshot with that lattice (`KnownLattice`, bot/vision/known.py: the cells
off the plain colour, or None when the screen around the board changed), then judges the
answer by the walk it sent: the taken cells are put in the order the walk sent them (a game
only takes cells in the order the finger reaches them, some skipped when frames come late);
they must make a path from the start on the board, and no cell off the walk may be taken.

Anything else gives None: the screenshot is then what vision says it is. Pure: a `Sight` in, a
`Sight` with the walked cells out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from onestroke.bot.play.sight import Sight
from onestroke.bot.vision.known import KnownLattice
from onestroke.solver.board import Board, Cell
from onestroke.solver.finish import drawn_problem


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
        """`sight` with the known board and the walked cells it shows, or None when it is not that level."""
        taken = self.lattice.taken(sight.image, sight.screen_map)
        if taken is None:
            return None
        order = [cell for cell in dict.fromkeys(self.walk) if cell in taken]
        if len(order) != len(taken) or drawn_problem(self.board, order):
            return None  # a cell off the walk changed, or the taken cells make no path from the start
        return replace(sight, detection=self.lattice.detection_with(sight.screen_map, order))
