"""Random solvable levels, each with a witness path (pure: the caller passes the random source).

A random Hamiltonian path of the full rectangle comes from the boustrophedon path mixed by
backbite moves (join an end to one of its grid neighbours on the path and reverse the piece
between); cutting its tail off turns those cells into holes, so the level is solvable by
construction and the remaining path proves it.
"""

from __future__ import annotations

import random

from onestroke.solver.board import Board, Cell, steps_for


def snake_path(rows: int, cols: int) -> list[Cell]:
    """The boustrophedon path: row 0 left to right, row 1 right to left, and so on."""
    path: list[Cell] = []
    for r in range(rows):
        columns = range(cols) if r % 2 == 0 else range(cols - 1, -1, -1)
        path.extend((r, c) for c in columns)
    return path


def backbite(rng: random.Random, path: list[Cell], rows: int, cols: int, moves: int = 4) -> None:
    """One backbite move on `path` (a Hamiltonian path of the rectangle), in place."""
    if len(path) < 3:
        return
    if rng.random() < 0.5:
        path.reverse()
    head = path[0]
    r, c = head
    options = [
        (r + dr, c + dc)
        for dr, dc in steps_for(moves)
        if 0 <= r + dr < rows and 0 <= c + dc < cols and (r + dr, c + dc) != path[1]
    ]
    if not options:
        return
    _bite(path, rng.choice(options))


def _bite(path: list[Cell], target: Cell) -> None:
    """Join the head `path[0]` to `target`, a later path cell next to it, in place.

    The new edge head-target replaces path[k-1]-path[k]: the piece before `target` is reversed.
    """
    k = path.index(target)
    path[:k] = path[k - 1 :: -1]


def random_hamiltonian_path(
    rng: random.Random, rows: int, cols: int, *, moves: int = 4, mixing: int | None = None
) -> list[Cell]:
    """A random Hamiltonian path of the full rows x cols rectangle (backbite from the snake)."""
    if rows < 1 or cols < 1:
        raise ValueError(f"a level needs at least one row and column, got {rows}x{cols}")
    path = snake_path(rows, cols)
    steps = mixing if mixing is not None else 20 * rows * cols
    for _ in range(steps):
        backbite(rng, path, rows, cols, moves)
    if rng.random() < 0.5:
        path.reverse()
    return path


def random_hamiltonian_level(
    rng: random.Random,
    rows: int,
    cols: int,
    *,
    holes: int = 0,
    moves: int = 4,
    with_end: bool = False,
    mixing: int | None = None,
) -> tuple[Board, tuple[Cell, ...]]:
    """A solvable level and a solution: a random Hamiltonian path with `holes` tail cells cut off.

    The start is the path's first cell; with `with_end` the last remaining cell becomes the
    required end `E`. `holes` must leave at least one cell (two with `with_end`).
    """
    total = rows * cols
    keep = total - holes
    if holes < 0 or keep < (2 if with_end else 1):
        raise ValueError(f"cannot cut {holes} holes from a {rows}x{cols} board")
    path = random_hamiltonian_path(rng, rows, cols, moves=moves, mixing=mixing)[:keep]
    board = Board(
        rows,
        cols,
        frozenset(path),
        path[0],
        path[-1] if with_end else None,
        moves,
    )
    return board, tuple(path)


def random_holey_board(rng: random.Random, rows: int, cols: int, *, holes: int, moves: int = 4) -> Board:
    """A board with `holes` holes at random places and a random start (maybe unsolvable)."""
    positions = [(r, c) for r in range(rows) for c in range(cols)]
    hole_set = set(rng.sample(positions, holes))
    open_cells = [p for p in positions if p not in hole_set]
    start = rng.choice(open_cells)
    return Board(rows, cols, frozenset(open_cells), start, None, moves)


def random_walk_level(
    rng: random.Random,
    rows: int,
    cols: int,
    *,
    cells: int,
    moves: int = 4,
    mixing: int | None = None,
) -> tuple[Board, tuple[Cell, ...]]:
    """A solvable level whose holes are scattered: a random self-avoiding walk of `cells` cells.

    The walk starts as the first `cells` cells of the snake path and is mixed by two moves that
    keep it self-avoiding inside the rectangle: backbite (join an end to a walk cell next to it)
    and slithering (the end steps onto a free cell and the other end lets go of its last cell).
    The cells off the walk become holes, so they end up spread over the board.
    """
    total = rows * cols
    if not 1 <= cells <= total:
        raise ValueError(f"a {rows}x{cols} walk level needs 1..{total} cells, not {cells}")
    path = snake_path(rows, cols)[:cells]
    on_path = set(path)
    steps = steps_for(moves)
    for _ in range(mixing if mixing is not None else 40 * total):
        if len(path) < 2:
            break
        if rng.random() < 0.5:
            path.reverse()
        r, c = path[0]
        dr, dc = rng.choice(steps)
        target = (r + dr, c + dc)
        if not (0 <= target[0] < rows and 0 <= target[1] < cols) or target == path[1]:
            continue
        if target in on_path:
            _bite(path, target)
        else:
            on_path.discard(path.pop())
            path.insert(0, target)
            on_path.add(target)
    if rng.random() < 0.5:
        path.reverse()
    board = Board(rows, cols, frozenset(path), path[0], None, moves)
    return board, tuple(path)


# -- fixed shapes for the limits benchmark and tests (board text: the CLI reads them from files) --


def row_text(cells: int) -> str:
    """One row of `cells` open cells, the start at its left end: a path of cells - 1 steps."""
    return "S" + "." * (cells - 1) + "\n"


def serpentine_text(rows: int, cols: int, width: int = 1) -> str:
    """A corridor `width` cells wide winding down the board: full bands joined at alternate ends.

    Bands of `width` rows are separated by wall rows with a `width`-wide gap at alternate ends;
    the start is the top-left corner. With width 1 it is a single path; wider ones are solvable
    snakes that make the search branch and fill.
    """
    lines = []
    band = 0
    r = 0
    while r < rows:
        lines.extend(["." * cols] * min(width, rows - r))
        r += width
        if r < rows:
            gap = "." * width
            wall = "#" * (cols - width)
            lines.append(wall + gap if band % 2 == 0 else gap + wall)
            r += 1
            band += 1
    lines[0] = "S" + lines[0][1:]
    return "\n".join(lines) + "\n"


def full_text(rows: int, cols: int) -> str:
    """A full rectangle with the start in the top-left corner (solvable: a boustrophedon)."""
    return "S" + "." * (cols - 1) + "\n" + ("." * cols + "\n") * (rows - 1)


def two_rooms_text(side: int = 30) -> str:
    """No path, and no certificate says so: two rooms joined by two doors of the same colour.

    A wall column splits a `side` x `side` board; its two doors are on rows of equal parity, and
    the left room has one hole of the doors' colour, so the whole board passes the parity count.
    Every path must cross into the right room through one door and leave through the other, so
    the right room (balanced, even) would need a path between two cells of the same colour:
    impossible, but only a counting argument shows it, which is hard for SAT (cut clauses and
    conflicts) and for backtracking alike. `side` must be even and at least 8.
    """
    wall = side // 2
    doors = (side // 6, side // 6 + 2 * (side // 3))
    if (doors[0] + wall) % 2:
        doors = (doors[0] + 1, doors[1] + 1)  # the doors' colour: (r + c) even, like the start's
    hole = (side // 3, 2 if side // 3 % 2 == 0 else 1)  # in the left room, also (r + c) even
    lines = []
    for r in range(side):
        row = []
        for c in range(side):
            if c == wall:
                row.append("." if r in doors else "#")
            elif (r, c) == hole:
                row.append("#")
            else:
                row.append("S" if (r, c) == (0, 0) else ".")
        lines.append(" ".join(row))
    return "\n".join(lines) + "\n"
