"""The walked path of a half-drawn level: the walked cells and their order, read from the bands.

A game draws the path so far as a band of one colour joining consecutive walked cells (the
real game: as wide as a cell, in the cat's colour), so the band's joins, not the cells' colours,
give the order: the joins must form one unbranched chain. Where something lies over a gap (the
cat's legs between the head and the cell before it), the reader reports the gap as covered and
`roles.py` decides whether it joins.
"""

from __future__ import annotations

from collections.abc import Iterable

from onestroke.solver.backtrack import first_index_path
from onestroke.solver.board import Board, Cell
from onestroke.solver.certificates import grid_certificate, parity_problem
from onestroke.solver.errors import SearchTimeout
from onestroke.solver.finish import rest_of_level
from onestroke.solver.grid import Grid


def chain(edges: Iterable[tuple[Cell, Cell]]) -> tuple[list[Cell] | None, str | None]:
    """The cells joined by `edges` in order from one end to the other, or None and why not."""
    links: dict[Cell, set[Cell]] = {}
    for a, b in edges:
        links.setdefault(a, set()).add(b)
        links.setdefault(b, set()).add(a)
    if not links:
        return [], None
    branching = sorted(cell for cell, others in links.items() if len(others) > 2)
    if branching:
        return None, f"the drawn path branches at {list(branching[0])}"
    ends = sorted(cell for cell, others in links.items() if len(others) == 1)
    if not ends:
        return None, f"the drawn path closes on itself through {list(min(links))}"
    order = [ends[0]]
    previous: Cell | None = None
    while True:
        following = [cell for cell in links[order[-1]] if cell != previous]
        if not following:
            break
        previous = order[-1]
        order.append(following[0])
    if len(order) != len(links):
        pieces = 1 + (len(ends) - 2) // 2
        return (
            None,
            f"the drawn path is in {max(2, pieces)} pieces (one runs {list(order[0])} to {list(order[-1])})",
        )
    return order, None


FINISH_STEPS = 5000
"""The backtracker's steps for one way round of `began_at` (a node limit, not a clock, so the
answer is the same on any machine): a finish of a game-size board is found within a few times
its cells (`solver.search._search_budget`), and a search that runs past this is left undecided."""


def began_at(order: list[Cell], open_cells: frozenset[Cell], goal: Cell | None) -> tuple[Cell | None, str]:
    """The end of the drawn chain `order` the path began at, told by the puzzle when the screen
    cannot tell it (both ends look alike): the start, or None, and what the solver found.

    Why it is sound: the path on the screen is the player's route from the start, and a level is
    worth going on with only while the cells not walked yet can still be covered from the head.
    Each way round (start at one end, head at the other) is asked for that finish: the open cells
    not walked, the head kept as the finish's start, the goal (if one is marked) its end. The way
    round with a finish found (an actual path) is taken only when the other is proven to have
    none (a certificate: parity, a cut-off cell, dead ends, cut cells; or the goal walked over; or
    an exhaustive search within FINISH_STEPS). Both finishable, neither, or a search that ran out
    of steps: None, and the board is refused as before.

    Its risk: a player who walked into a dead end one way round while the other way round could
    still be finished (a state no solution passes through). Then the read is reversed: the true
    head is taken for the start and the finish is dragged from the true start, where the bot
    believes the cat is (bot/play/attempt.py plans it with `solver.finish`, which accepts the
    reversed walk: it is a path from the start it was given). The game takes no step from a cell
    that is not its head, or drops the path and begins again there; either way play's watched
    drag (bot/play/drag.py) sees the cells it sends not taken, or the path dropped, and stops with
    the finger lifted (an open-loop drag, without fast capture, leaves the level not advanced),
    and the level is looked at again: a dropped path reads as the level untouched and is solved
    from the true start; an unchanged screen is read the same way again, and after the attempts
    the loop stops ("did not advance after N attempts"). No level is reported solved that was
    not. In play this meets only a level found half-drawn at start-up: the bot reads every level
    before it draws on it.
    """
    top = min(r for r, _ in open_cells)
    left = min(c for _, c in open_cells)
    rows = max(r for r, _ in open_cells) - top + 1
    cols = max(c for _, c in open_cells) - left + 1

    def moved(cell: Cell) -> Cell:
        return (cell[0] - top, cell[1] - left)

    def finishable(walked: list[Cell]) -> bool | None:
        """True: a finish found from the head; False: proven none; None: undecided."""
        level = Board(rows, cols, frozenset(map(moved, open_cells)), moved(walked[0]), goal and moved(goal))
        board = rest_of_level(level, [moved(cell) for cell in walked])
        if board is None:
            return False  # the goal walked over, or reached with cells still open
        if parity_problem(board) is not None:
            return False
        grid = Grid(board)
        if grid_certificate(grid) is not None:
            return False
        try:
            return first_index_path(grid, None, FINISH_STEPS) is not None
        except SearchTimeout:
            return None

    if len(open_cells) == len(order) or not set(order) <= open_cells:
        return None, "no open cell left to tell the ends by"
    ways = [finishable(order), finishable(order[::-1])]
    if ways == [True, False]:
        return order[0], f"only the way from {list(order[0])} can still be finished"
    if ways == [False, True]:
        return order[-1], f"only the way from {list(order[-1])} can still be finished"
    if None in ways:
        return None, f"the search for a finish ran out of its {FINISH_STEPS} steps"
    if ways == [True, True]:
        return None, "the rest of the level can be finished either way"
    return None, "the rest of the level can be finished neither way"
