"""The vocabulary of the game: cells, paths and the frozen `Board` value.

A board is a rectangle of `rows` x `cols` positions; the open ones must be visited
exactly once, starting at `start` (where the cat sits) and, when `end` is given,
finishing there. Moves go to the 4 orthogonal neighbours, or to all 8 with `moves=8`.

The text format (README, "Board text"):
one line per row, one character per cell (`.` open, `#` hole, `S` start, `E` end),
spaces between cells ignored, blank lines and `;` comment lines ignored, except the comment
`; moves: 8` (or `4`), which gives the neighbourhood; `to_text` writes it for 8-move boards.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from onestroke.solver.errors import BoardFormatError, quote

Cell = tuple[int, int]
"""A grid position `(row, col)`, 0-based, row 0 at the top."""

Path = Sequence[Cell]
"""A route: the cells in the order the cat visits them."""

OPEN, HOLE, START, END = ".", "#", "S", "E"

ORTHOGONAL: tuple[Cell, ...] = ((-1, 0), (0, 1), (1, 0), (0, -1))
DIAGONAL: tuple[Cell, ...] = ((-1, 1), (1, 1), (1, -1), (-1, -1))

MAX_CELLS = 1_000_000
"""The largest grid (rows x cols, holes included) a board may have.

Every stage is linear in the grid, but Python spends about 500 bytes per cell to solve a board
(measured in docs/solver.md, "Hard limits"): a million cells stays under 1 GB, and boards of the
game are a few hundred cells. `from_text` refuses larger text as soon as it has read that many.
"""

_BOARD_CHARS = str.maketrans("", "", OPEN + HOLE + START + END)


def row_problem(rows: Sequence[str], row: str, first_line: int, what: str) -> str | None:
    """What is wrong with `row` as the next row of a text grid after `rows` (None: nothing):
    a length unlike the first row's (read on line `first_line`), or more than MAX_CELLS in all.
    `what` names the grid in the message ("board", "maze"). Boards and mazes share these rules."""
    if rows and len(row) != len(rows[0]):
        return f"ragged row: {len(row)} cells, but line {first_line} has {len(rows[0])}"
    if (len(rows) + 1) * len(row) > MAX_CELLS:
        return f"{what} too large: more than {MAX_CELLS:,} cells ({len(rows) + 1} rows of {len(row)} so far)"
    return None


MOVES_MARKER = "; moves: {moves}"
"""The comment line that carries a board's neighbourhood in its text (written for 8-moves only,
so 4-move text is what it always was; readers that ignore comments are unaffected)."""

_MOVES_LINE = re.compile(r";\s*moves\s*:\s*(.*?)\s*$")


def steps_for(moves: int) -> tuple[Cell, ...]:
    """The (dr, dc) steps allowed in a 4- or 8-neighbourhood."""
    if moves == 4:
        return ORTHOGONAL
    if moves == 8:
        return ORTHOGONAL + DIAGONAL
    raise ValueError(f"moves must be 4 or 8, not {moves!r}")


@dataclass(frozen=True, repr=False)
class Board:
    """An immutable puzzle: grid size, open cells, start, optional end, neighbourhood.

    Its repr is the expression that rebuilds it, `Board.from_text('S . #\\n. . .\\n')`.
    """

    rows: int
    cols: int
    open_cells: frozenset[Cell]
    start: Cell
    end: Cell | None = None
    moves: int = 4
    _order: tuple[Cell, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._validate()
        outside = [c for c in self.open_cells if not self.in_grid(c)]
        if outside:
            raise BoardFormatError(
                f"open cell {sorted(outside)[0]} lies outside the {self.rows}x{self.cols} grid"
            )
        object.__setattr__(self, "open_cells", frozenset(self.open_cells))
        object.__setattr__(self, "_order", tuple(sorted(self.open_cells)))

    def _validate(self) -> None:
        """The checks that do not look at every cell."""
        steps_for(self.moves)  # validates `moves`
        if self.rows < 1 or self.cols < 1:
            raise BoardFormatError(
                f"board must have at least one row and column, got {self.rows}x{self.cols}"
            )
        if self.rows * self.cols > MAX_CELLS:
            raise BoardFormatError(
                f"board too large: {self.rows}x{self.cols} = {self.rows * self.cols:,} cells"
                f" (at most {MAX_CELLS:,})"
            )
        if self.start not in self.open_cells:
            raise BoardFormatError(f"start {self.start} is not an open cell")
        if self.end is not None and (self.end not in self.open_cells or self.end == self.start):
            raise BoardFormatError(f"end {self.end} must be an open cell other than the start")

    @classmethod
    def _from_ordered(
        cls, rows: int, cols: int, order: list[Cell], start: Cell, end: Cell | None, moves: int
    ) -> Board:
        """A board from open cells known to lie in the grid, in row-major order (the parser's).

        Skips `__post_init__`'s per-cell bounds test and its sort, the slow part of reading a
        large board (a million-cell board: about 1.5 s of sorting).
        """
        board = cls.__new__(cls)
        fields = {"rows": rows, "cols": cols, "open_cells": frozenset(order), "start": start}
        fields |= {"end": end, "moves": moves, "_order": tuple(order)}
        for name, value in fields.items():
            object.__setattr__(board, name, value)
        board._validate()
        return board

    # -- construction -------------------------------------------------------------------

    @classmethod
    def from_text(cls, text: str, *, moves: int | None = None, source: str = "<board>") -> Board:
        """Parse the board text format; errors name `source` and the line number.

        The neighbourhood is the text's `; moves:` line, else `moves`, else 4; a `moves` that
        contradicts the text's line is an error (a route for the wrong neighbourhood is one
        the game refuses).
        """
        grid: list[str] = []
        line_numbers: list[int] = []
        marked: tuple[int, int] | None = None  # (moves, line number) of the text's moves line
        for number, raw in enumerate(text.splitlines(), start=1):
            line = raw.strip()
            if not line:
                continue
            if line.startswith(";"):
                marker = _MOVES_LINE.match(line)
                if marker:
                    marked = _marked_moves(marker.group(1), number, marked, source)
                continue
            cells = line.replace(" ", "").replace("\t", "")
            if cells.translate(_BOARD_CHARS):  # something left once the four known characters go
                bad = next(ch for ch in cells if ch not in (OPEN, HOLE, START, END))
                raise BoardFormatError(
                    f"{source}: line {number}: unknown character {bad!r} in {quote(raw.rstrip())}"
                    " (expected . # S E)"
                )
            problem = row_problem(grid, cells, line_numbers[0] if line_numbers else number, "board")
            if problem is not None:
                raise BoardFormatError(f"{source}: line {number}: {problem}")
            grid.append(cells)
            line_numbers.append(number)
        if not grid:
            raise BoardFormatError(f"{source}: empty board: no rows")

        found: dict[str, list[tuple[Cell, int]]] = {START: [], END: []}
        order: list[Cell] = []
        for r, row in enumerate(grid):
            if HOLE in row:
                order += [(r, c) for c, ch in enumerate(row) if ch != HOLE]
            else:
                order += [(r, c) for c in range(len(row))]
            for ch in (START, END):
                c = row.find(ch)
                while c >= 0 and len(found[ch]) < 2:
                    found[ch].append(((r, c), line_numbers[r]))
                    c = row.find(ch, c + 1)
        if not found[START]:
            raise BoardFormatError(f"{source}: no start: the board needs one 'S' cell")
        if len(found[START]) > 1:
            (a, la), (b, lb) = found[START][:2]
            raise BoardFormatError(
                f"{source}: line {lb}: two starts: 'S' at {list(a)} (line {la}) and {list(b)}"
            )
        if len(found[END]) > 1:
            (a, la), (b, lb) = found[END][:2]
            raise BoardFormatError(
                f"{source}: line {lb}: two ends: 'E' at {list(a)} (line {la}) and {list(b)}"
            )
        end = found[END][0][0] if found[END] else None
        return cls._from_ordered(
            len(grid), len(grid[0]), order, found[START][0][0], end, _moves_of(marked, moves, source)
        )

    @classmethod
    def from_rows(cls, rows: Iterable[str], *, start: Cell, moves: int = 4) -> Board:
        """Build from 0/1-style rows such as `["111", "101"]` (1 = open), as the articles write them."""
        grid = [r.strip() for r in rows]
        open_cells = {(r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch == "1"}
        return cls(len(grid), len(grid[0]) if grid else 0, frozenset(open_cells), start, None, moves)

    # -- text -------------------------------------------------------------------------

    def char_at(self, cell: Cell) -> str:
        if cell == self.start:
            return START
        if cell == self.end:
            return END
        return OPEN if cell in self.open_cells else HOLE

    def to_text(self) -> str:
        """The canonical board text: cells separated by spaces, one line per row; an 8-move
        board begins with its `; moves: 8` line."""
        marker = MOVES_MARKER.format(moves=self.moves) + "\n" if self.moves != 4 else ""
        return marker + "".join(
            " ".join(self.char_at((r, c)) for c in range(self.cols)) + "\n" for r in range(self.rows)
        )

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        """The expression that rebuilds the board (`eval` gives an equal one, with `Board` in scope);
        an 8-move board's text begins with its `; moves: 8` line."""
        return f"{type(self).__name__}.from_text({self.to_text()!r})"

    # -- geometry ---------------------------------------------------------------------

    def in_grid(self, cell: Cell) -> bool:
        r, c = cell
        return 0 <= r < self.rows and 0 <= c < self.cols

    @property
    def cells(self) -> tuple[Cell, ...]:
        """The open cells in row-major order."""
        return self._order

    @property
    def holes(self) -> frozenset[Cell]:
        return frozenset(
            (r, c) for r in range(self.rows) for c in range(self.cols) if (r, c) not in self.open_cells
        )

    def __len__(self) -> int:
        return len(self.open_cells)

    def neighbours(self, cell: Cell) -> Iterator[Cell]:
        """Open cells one move away from `cell`."""
        r, c = cell
        for dr, dc in steps_for(self.moves):
            n = (r + dr, c + dc)
            if n in self.open_cells:
                yield n

    def draw_path(self, path: Path) -> str:
        """The board with each visited cell replaced by its step number (1-based)."""
        step = {cell: i for i, cell in enumerate(path, start=1)}
        width = len(str(max(len(path), 1)))
        lines = []
        for r in range(self.rows):
            row = []
            for c in range(self.cols):
                cell = (r, c)
                if cell in step:
                    row.append(str(step[cell]).rjust(width))
                else:
                    row.append(self.char_at(cell).rjust(width))
            lines.append(" ".join(row))
        return "\n".join(lines) + "\n"


def _marked_moves(value: str, number: int, marked: tuple[int, int] | None, source: str) -> tuple[int, int]:
    """The neighbourhood a `; moves:` line on line `number` gives, checked against an earlier one."""
    if value not in ("4", "8"):
        raise BoardFormatError(f"{source}: line {number}: moves must be 4 or 8, not {quote(value)}")
    moves = int(value)
    if marked is not None and marked[0] != moves:
        raise BoardFormatError(
            f"{source}: line {number}: '; moves: {moves}' contradicts '; moves: {marked[0]}'"
            f" on line {marked[1]}"
        )
    return marked or (moves, number)


def _moves_of(marked: tuple[int, int] | None, asked: int | None, source: str) -> int:
    """The board's neighbourhood: the text's moves line, else what was asked, else 4."""
    if marked is None:
        return 4 if asked is None else asked
    moves, number = marked
    if asked is not None and asked != moves:
        raise BoardFormatError(
            f"{source}: line {number}: the board says '; moves: {moves}', but {asked}-moves were asked"
            f" for (--moves {asked})"
        )
    return moves
