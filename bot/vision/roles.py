"""What the positions mean, the same for every style: plain cells, the walked path, start, end.

Positions are grouped by look, not by fixed roles:

- **walked** cells are the ones a band of the path joins (their colour is the path's colour);
- **plain** cells are the largest group of one colour among the cells no band joins;
- the **start** is the one position unlike all the others: a figure (the cat, any avatar, a
  disc), a cell of a colour of its own, or a marked cell (a frame, a letter S);
- the **end** is a second odd position marked as the goal (a flag, a frame, a letter E).

With a path drawn, the figure sits on the path's head, so the start is the chain's other end
(or the end that keeps the start's own colour or its S). Every way this can fail is a failed
check that says why; nothing is guessed.
"""

from __future__ import annotations

import colorsys
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial

import numpy as np

from onestroke.bot.vision.blobs import FLAT_THRESHOLD
from onestroke.bot.vision.checks import Check
from onestroke.bot.vision.reading import CELL, FIGURE, HOLE, MARK, Reading
from onestroke.bot.vision.sampling import COLOURLESS, colour_distance, commonest_colour, same
from onestroke.bot.vision.styles import PAGE_SHARE
from onestroke.bot.vision.walked import began_at, chain
from onestroke.solver.board import Board, Cell
from onestroke.solver.certificates import quick_certificate
from onestroke.solver.finish import rest_of_level


@dataclass(frozen=True)
class Roles:
    """The board as it began (open cells, start, end) and the path drawn on it so far."""

    open_cells: frozenset[Cell]
    start: Cell | None
    end: Cell | None
    walked: tuple[Cell, ...]
    checks: tuple[Check, ...]  # "start" and "path"


def interpret(reading: Reading) -> Roles:
    cells, figures, marks = (reading.positions(kind) for kind in (CELL, FIGURE, MARK))
    open_cells = frozenset(cells + figures + marks)
    colour = {cell: reading.colours[cell] for cell in cells}
    bands = _bands(reading, open_cells)
    # first the bands between two cells, then the plain colour from the cells no band touches,
    # then the bands beside figures and marks, which must not be in the plain colour
    between_cells = {pair: g for pair, g in bands.items() if pair[0] in colour and pair[1] in colour}
    if between_cells:  # a band has the colour of a cell it joins, or the colour most bands share
        common = _largest_colour_group(list(between_cells), between_cells)
        band_colour = np.median([between_cells[pair] for pair in common], axis=0)
        between_cells = {
            (a, b): g
            for (a, b), g in between_cells.items()
            if same(g, colour[a]) or same(g, colour[b]) or same(g, band_colour)
        }
    plain_colour = _plain_colour(cells, between_cells, colour)
    if plain_colour is not None:  # a "band" in the plain colour between plain cells is no path
        between_cells = {
            (a, b): g
            for (a, b), g in between_cells.items()
            if not (same(g, plain_colour) and same(colour[a], plain_colour) and same(colour[b], plain_colour))
        }
        plain_colour = _plain_colour(cells, between_cells, colour)
    if plain_colour is not None:  # a "band" in just one end's colour, between a plain cell and
        # one that is not, is that end's own edge (touching cells, the lattice a pixel off the
        # line between them): a cell the path joins takes the path's colour, a plain one has not
        # (but a head under a finger's translucent light can pass for plain, the light spread over
        # the gap into it: a band in the lit end's colour, a line running in, is a join)
        between_cells = {
            (a, b): g
            for (a, b), g in between_cells.items()
            if not _one_sided(g, colour[a], colour[b], plain_colour) or _lit_end(reading, g, a, b, colour)
        }
    edges = list(between_cells) + _joins_beside_marks(reading, bands, between_cells, plain_colour)
    joined = {cell for edge in edges for cell in edge}
    walked_colour = _walked_colour([cell for cell in cells if cell in joined], between_cells, colour)
    edges += _covered_joins(reading, figures, edges, colour, plain_colour, walked_colour)
    # (a marked tile on a plain cell, a ring on the head's next step, is no head)
    edges += _lined_into(
        reading, figures + _marks_off_plain(reading, marks, set(), plain_colour, None), edges
    )
    order, problem = chain(edges)
    if problem is not None:
        order, problem = _unwalled_chain(reading, edges, order, problem)
    if problem is not None:
        order, problem = _chain_without_a_join_at_an_end(reading, edges, order, problem)
    path_check = Check("path", problem is None, problem or _path_detail(order))
    in_path = set(order or ())
    if _red_alone(reading, cells, between_cells, colour, plain_colour, walked_colour) is not None:
        plain_colour = None  # the one cell left no plain cell but the goal's red: no plain cell shown
    elif (red_left := _red_left_beside_a_red_path(cells, between_cells, colour, walked_colour)) is not None:
        return _refused(
            open_cells,
            order,
            path_check,
            f"the one cell no band touches, {list(red_left)}, is red and the path near red: the goal"
            " or a walked cell missed, not a plain cell, and which is not told",
        )
    # cells of neither the plain nor the path's colour: a start of its own colour, or trouble
    others = [
        c for c in cells if c not in in_path and (plain_colour is None or not same(colour[c], plain_colour))
    ]
    coloured = [c for c in others if sum(same(colour[c], colour[o]) for o in others) == 1]
    strays = [c for c in others if c not in coloured]
    over_middle: list[Cell] = []  # walked cells with something of another colour over the middle only
    if walked_colour is not None:  # a start of its own colour stays so under the path
        off_colour = [c for c in in_path if c in colour and not same(colour[c], walked_colour)]
        chain_ends = (order[0], order[-1]) if order else ()
        over_middle = [
            c for c in off_colour if c in chain_ends and _plain_margin(reading, c, colour[c], plain_colour)
        ]
        coloured += [c for c in off_colour if c not in over_middle]
    marks = _named_marks(reading, marks, plain_colour)
    ends = [order[0], order[-1]] if order else sorted(set(figures + marks + coloured))
    ringed = _ringed(reading, strays, colour, open_cells, in_path, ends)
    shaded = _shaded_holes(reading, strays, colour, plain_colour) if ringed is None else frozenset()
    if shaded:  # the field under a framed grid showing where holes leave it: no cells
        open_cells = open_cells - shaded
        strays = [c for c in strays if c not in shaded]
    if ringed is not None:  # the cells the path may go to next, marked around the head: plain cells
        strays = []
    else:  # or rings (thin marks on plain cells) around the head
        rings = _thin_marks(reading, marks, plain_colour)
        heads = ends if order else [e for e in ends if e not in rings]
        ringed = _ringed_by(reading, rings, open_cells, in_path, heads)
        # with a path drawn, every next step marked but not alike: a ring, and a goal under one?
        # (around a fresh start: one of them unlike every other, a flag under its ring)
        unlike = None
        if ringed is not None:
            unlike = _unlike_rings(reading, rings) if order else _ring_unlike_the_rest(reading, rings)
        if unlike is not None:
            ringed = None
        if ringed is None and order:  # the rings beside the head, and one thin mark unlike them
            ringed, rings = _ringed_but_one(reading, rings, open_cells, in_path, heads)
        if ringed is not None:
            marks = [m for m in marks if m not in rings]
        elif unlike is not None:
            return _refused(
                open_cells,
                order,
                path_check,
                f"the marks on every next step are drawn unlike ({unlike}): a goal under its ring"
                " among them, not told which",
            )
    off_marks = _marks_off_plain(reading, marks, in_path, plain_colour, walked_colour)
    # a big inner square covers enough of its tile to pass for a figure (on dots too: a square
    # over the dot, bigger than the ring around it, reads as a figure on the field)
    off_figures = _marks_off_plain(reading, figures, in_path, plain_colour, walked_colour, are_figures=True)
    odd_now = [*figures, *marks, *coloured]
    drawn = _drawn_holes(reading, off_marks + off_figures, odd_now, walked_colour is None)
    if drawn:  # marked tiles alike, two or more: holes drawn as tiles (an inner square), not roles
        open_cells = open_cells - drawn
        marks = [m for m in marks if m not in drawn]
        figures = [f for f in figures if f not in drawn]
        off_marks = [m for m in off_marks if m not in drawn]
    lone_square = _lone_grey_square(reading, off_marks, figures, marks, coloured, plain_colour, in_path)
    if lone_square is not None:  # a board has one start and one goal: a third odd tile, grey on grey, a hole
        open_cells = open_cells - {lone_square}
        marks = [m for m in marks if m != lone_square]
        off_marks = []
    if off_marks:  # a mark on a tile of its own colour: a start, a goal, or a hole drawn as a tile?
        shown = ", ".join(str(list(c)) for c in off_marks[:4])
        return _refused(
            open_cells,
            order,
            path_check,
            f"{len(off_marks)} marked positions on a tile of neither the plain cells' nor the path's"
            f" colour, with no S or E (a start, a goal or a drawn hole?): {shown}",
        )
    if strays:
        shown = ", ".join(str(list(c)) for c in strays[:4])
        return _refused(
            open_cells,
            order,
            path_check,
            f"{len(strays)} cells in a colour that is neither the plain cells' nor the path's, e.g. {shown}",
        )
    # a face on a marked tile is a character standing on it (an avatar drawn inside the tile)
    faced = [m for m in marks if m not in reading.letters and _has_face(reading, m)]
    figures, marks = figures + faced, [m for m in marks if m not in faced]
    around = _rings_around(reading, figures + marks + coloured, open_cells) if not order else None
    if around is not None:  # the next steps marked around a fresh start: plain cells, decorated
        ringed, rings = around
        figures = [f for f in figures if f not in rings]
        marks = [m for m in marks if m not in rings]
        coloured = [c for c in coloured if c not in rings]
    lone = _lone_hole(reading, figures, marks, coloured, plain_colour) if not order else None
    if lone is not None:  # a board has one start: beside a position drawn as one, a hole drawn as one
        open_cells = open_cells - {lone}
        figures = [f for f in figures if f != lone]
        coloured = [c for c in coloured if c != lone]
    covering = _covering_marks(reading, marks, plain_colour)
    uncovered = [m for m in marks if m not in covering] + coloured  # the odd positions a red goal may be
    odd = _Odd(
        figures,
        marks,
        coloured,
        reading.letters,
        covering,
        # a figure or a mark over a cell's middle is never the goal: near red, it is no rival to a
        # red tile (seeds 718, 833, 968: a pink or orange disc, dot or avatar beside the red goal)
        red_goal=_red_goal(reading, uncovered, coloured, walked_colour)
        or _red_off_the_path(reading, uncovered, coloured, walked_colour, order),
        ringed=ringed,
    )
    if walked_colour is None and order:
        # the path found only under a figure (one step: the figure and one cell beside it): its
        # colour is that cell's, and a marker on the figure's end may be the start's as well
        walked_colour = _walked_colour([c for c in order if c in colour], {}, colour)
    if walked_colour is not None and order:
        ends_now = (order[0], order[-1])
        # a finger's translucent light on an end: the head (never the start's own colour)
        lit = [
            e
            for e in ends_now
            if e not in reading.letters
            and (
                (e in marks and _light_over(reading.colours[e], reading.grounds[e]))
                or (e in colour and _light_over(colour[e], walked_colour))
                # a finger's light over a band's end on a dot: a round "figure", lit all over (a start's
                # dot of a paler shade of the path's colour is lit in its middle only)
                or (
                    e in figures
                    and _light_over(reading.colours[e], walked_colour)
                    and _light_over(reading.grounds[e], walked_colour)
                )
                or (reading.lights is not None and bool(reading.lights[e]))
            )
        ]
        odd = replace(
            odd,
            figures=[f for f in odd.figures if f not in lit],
            coloured=[c for c in coloured if c not in lit],
            unsure=[
                c
                for c in _markers(reading, figures, marks, ends_now, walked_colour, plain_colour)
                + [e for e in ends_now if e in over_middle]
                if c not in lit
            ],
            lit=lit,
            path_coloured=[
                c
                for c in coloured
                if same(reading.colours[c], walked_colour)
                or _walked_look(reading, c, coloured, order)
                or (c in ends_now and _under_less_line(reading.colours[c], walked_colour))
            ],
        )
    elif order:  # a step from a figure into a marked tile, no cell to take the path's colour from: a
        # round marker on the figure's end may be the start's as well (seed 1217: the start's dot,
        # the first step's line ending on a plain tile read as marked)
        ends_now = (order[0], order[-1])
        odd = replace(odd, unsure=_markers(reading, figures, marks, ends_now, None, plain_colour))
    if order:
        order = _with_the_first_step(reading, order, odd)
        walked_mark = _walked_mark_beside_an_end(reading, order, odd, walked_colour)
        if walked_mark is not None:  # on the path, at one end: the start's frame or the head's
            mark, end = walked_mark
            order = [mark, *order] if end == order[0] else [*order, mark]
            odd = replace(odd, unsure=[*odd.unsure, mark])
        # (why the board or the chain may not be whole: asked only where the ends look alike)
        doubt = partial(_doubt, reading, bands, order, walked_colour)
        start, end, start_check = _ends_of_path(order, odd, open_cells, doubt)
        if start is not None and order[0] != start:
            order.reverse()
        walked = tuple(order) if start is not None else ()
        head = order[-1]
    else:
        start, end, start_check = _start_and_end(odd)
        walked, head = (), start
    veto = _first_veto(
        reading, order, start, end, walked, head, ringed, plain_colour, open_cells, start_check.ok
    )
    if veto is not None:
        if veto.name == "path":
            path_check = veto
        else:
            start_check = veto
        start, end, walked = None, None, ()
    return Roles(open_cells, start, end, walked, (start_check, path_check))


def _refused(open_cells: frozenset[Cell], order: list[Cell] | None, path_check: Check, detail: str) -> Roles:
    """Roles with no start, goal or walked path, the start check failed for `detail`."""
    return Roles(open_cells, None, None, tuple(order or ()), (Check("start", False, detail), path_check))


def _first_veto(
    reading: Reading,
    order: list[Cell] | None,
    start: Cell | None,
    end: Cell | None,
    walked: tuple[Cell, ...],
    head: Cell | None,
    ringed: Cell | None,
    plain_colour: np.ndarray | None,
    open_cells: frozenset[Cell],
    start_ok: bool,
) -> Check | None:
    """The first reason the start, goal and path read do not hold (a failed "start" or "path"
    check; the caller then keeps none of them), or None.

    Each asks about a start or a walked path that was read, and a veto clears both: so once one
    finds a reason, no later one could, and the first is the only one. Those for a fresh board
    (`order` empty) come with `start`; those for a path drawn, with `walked`."""
    fresh = not order
    ring = _next_step_alike(reading, start, end, open_cells) if fresh and end is not None else None
    if ring is not None and start is not None and end is not None:
        return Check(
            "start",
            False,
            f"the goal {list(end)} beside the start {list(start)} is drawn alike its next step"
            f" {list(ring)} (but for a hint's line): a ring on a next step, the others read plain,"
            " not a goal",
        )
    ringed_goal = _goal_alike_a_next_step(reading, walked, end, open_cells) if walked else None
    if ringed_goal is not None and end is not None:
        return Check(
            "start",
            False,
            f"the goal {list(end)} beside the path's end {list(ringed_goal[0])} is drawn alike that"
            f" end's next step {list(ringed_goal[1])}: a ring on a next step, the others read plain,"
            " not a goal",
        )
    line_in = _line_into(reading, start) if fresh and start is not None else None
    if line_in is not None and start is not None:
        return Check(
            "start",
            False,
            f"a line through the cells' centres runs from {list(line_in)} into the start {list(start)},"
            " over cells in the plain colour: a path drawn in that colour or a hint, not told apart",
        )
    past = _line_past_an_end(reading, list(walked)) if walked else None
    if past is not None:
        return Check(
            "path",
            False,
            f"a line through the cells' centres runs on from the path's end {list(past[0])} into"
            f" {list(past[1])}: the path drawn goes on past what was read (its end hidden or missed)",
        )
    through = _line_through_an_end(reading, list(walked)) if walked else None
    if through is not None:
        return Check(
            "path",
            False,
            f"a line runs through the path's end {list(through[0])} on into {list(through[1])}, walked"
            " but not its step as read: the path's steps were read wrong at its ends, which end began"
            " it is not told",
        )
    short = _line_short_of_an_end(reading, list(walked)) if walked else None
    if short is not None:
        return Check(
            "path",
            False,
            f"the line through the cells' centres ends at {list(short[0])}, but the path read goes on"
            f" across the gap into {list(short[1])}, which no line crosses: a gap misread as a step",
        )
    lines = _line_count(reading) if fresh and start is not None else 0
    if lines > 1:
        return Check(
            "start",
            False,
            f"{lines} lines through the cells' centres on a board read as untouched: a hint is one"
            " line at most, the others a path drawn thin (its start's marker missed)",
        )
    beside_a_line = _ring_beside_a_line(reading, start, plain_colour) if fresh else None
    if beside_a_line is not None and start is not None and start_ok:
        return Check(
            "start",
            False,
            f"the start {list(start)} is marked only by a ring, beside a line through the cells' centres"
            f" at {list(beside_a_line)}: the next step after a path drawn thin, or a start beside a hint,"
            " not told apart",
        )
    if ringed is not None and start is not None and head is not None and ringed != head:
        return Check(
            "start",
            False,
            f"the cells marked as the next steps are beside {list(ringed)}, not beside the head {list(head)}",
        )
    stuck = _no_finish_on(reading, open_cells, walked, end) if walked and end is not None else None
    if stuck is not None and end is not None:
        return Check(
            "start",
            False,
            f"the drawn path cannot be finished on the goal read at {list(end)} ({stuck}): the mark"
            " there is a next step's or a hole's, or the board is misread",
        )
    if end is not None and _goal_drawn_as_a_void(reading, end, plain_colour):
        return Check(
            "start",
            False,
            f"the goal read at {list(end)} is a mark with no letter, grey to black and far darker than"
            " the plain cells: a hole drawn (a hatching, a dark square), not a goal's sign",
        )
    return None


def _goal_drawn_as_a_void(reading: Reading, goal: Cell, plain_colour: np.ndarray | None) -> bool:
    """Whether the goal read is a bare mark (no E) whose colour is colourless and at most
    `VOID_SHARE` as bright as the plain cells: what a hole is drawn as, where a goal's sign has a
    colour (a red tile, a flag's pennant, a frame in the goal's colour) or is mostly the cell's own
    (a flag on a plain cell). A lone hatched hole on a board of dots, its stripes and the field
    between them a dark grey square with a rim of its own, reads as a framed position, and a
    frame with no letter as the goal (level 260003: a look with no goal, its one hole the goal)."""
    if plain_colour is None or reading.kinds[goal] != MARK or reading.letters.get(goal) == "E":
        return False
    seen = reading.colours[goal]
    return float(np.ptp(seen)) <= COLOURLESS and float(seen.mean()) <= VOID_SHARE * float(plain_colour.mean())


def _no_finish_on(
    reading: Reading, open_cells: frozenset[Cell], walked: tuple[Cell, ...], goal: Cell
) -> str | None:
    """Why the drawn path `walked` (start to head) can never be finished on `goal`, proven by a
    certificate (parity, a cell cut off, dead ends, cut cells: `solver.certificates`), or None.

    An app draws a level that can be finished, and the path on a screen of one is the player's
    route along it so far, so a goal read where no finish from the head can end is no goal of that
    level: a mark on the head's one next step, beside both ends of the path (level 160014: the
    ring on the last plain cell before two more, which only it reaches, read as the goal), or a
    hole drawn with a mark in it. A player's path into a dead end is refused as well: the screen
    says nothing wrong, but no reading is lost that was right (`began_at` asks the same of a path
    whose ends look alike, and keeps a way round only where a finish is found)."""
    rows, cols = reading.kinds.shape[:2]
    if goal not in open_cells or goal in walked or not set(walked) <= open_cells:
        return None
    rest = rest_of_level(Board(rows, cols, open_cells, walked[0], goal), list(walked))
    return None if rest is None else quick_certificate(rest)


def _unwalled_chain(
    reading: Reading, edges: list[tuple[Cell, Cell]], order: list[Cell] | None, problem: str
) -> tuple[list[Cell] | None, str | None]:
    """The chain of `edges` less the joins whose gap a wall crosses straight, when the joins as
    read make no chain (they branch or close on themselves); else (`order`, `problem`) as they were.

    Walked cells side by side that are not consecutive keep the line between them (a filled path
    over touching tiles paints over the line only where it steps). Thin and a pixel off where the
    lattice puts the gap, that line slips between the gap's samples, and the two walked cells read
    as joined: the path branches. Densely sampled, it shows straight across all three lines,
    the one through both centres too, where a step always has the path across that middle line
    (a band, a line, the fill). Only joins seen so are dropped, and only when what is left is one
    chain through every cell they joined: every join the path really makes crosses its gap, so
    the chain left holds every step and nothing else; a cell left joined to nothing is not
    guessed to be the start (refused as before). No join to a marked cell is dropped: a frame
    around it (an S) crosses the gaps around it, the step out of it too."""
    walled = [
        (a, b) for a, b in edges if MARK not in (reading.kinds[a], reading.kinds[b]) and reading.walled(a, b)
    ]
    if not walled:
        return order, problem
    kept = [edge for edge in edges if edge not in walled]
    new_order, new_problem = chain(kept)
    if new_problem is not None or not new_order:
        return order, problem
    if any(cell not in new_order for edge in walled for cell in edge):
        return order, problem
    return new_order, None


def _chain_without_a_join_at_an_end(
    reading: Reading, edges: list[tuple[Cell, Cell]], order: list[Cell] | None, problem: str
) -> tuple[list[Cell] | None, str | None]:
    """The chain of `edges` less one join of a figure or a marked cell joined twice, when that
    is the only join whose loss leaves one chain through every cell the joins reach; else
    (`order`, `problem`) as they were.

    A figure sits on the path's head, a marker (an S, a frame, a start's disc) on its start:
    both are ends of the path, joined once. A walked cell beside one that is not its step (a
    later step passing by the start, the head turned back beside an older step) can read as
    joined to it where the fill or the figure's glow covers the line between them: the path
    branches at the cell beside it. Of the end's two joins, dropping the real step leaves that
    branch (or splits the path); only where exactly one drop over all such ends leaves one
    chain through every joined cell is it taken. Two ways that both leave a chain (the head
    beside the start: the path read either way round) are not chosen between."""
    links: dict[Cell, list[tuple[Cell, Cell]]] = {}
    for edge in edges:
        for cell in edge:
            links.setdefault(cell, []).append(edge)
    reached = set(links)
    chains = []
    for cell, joins in sorted(links.items()):
        if reading.kinds[cell] not in (FIGURE, MARK) or len(joins) != 2:
            continue
        for join in joins:
            new_order, new_problem = chain([edge for edge in edges if edge != join])
            if new_problem is None and new_order and set(new_order) == reached:
                chains.append(new_order)
    if len(chains) != 1:
        return order, problem
    return chains[0], None


ARM_BACK = {(-1, 0): 2, (0, 1): 3, (1, 0): 0, (0, -1): 1}  # a cell this way of the start: its arm toward it


def _ring_beside_a_line(reading: Reading, start: Cell | None, plain: np.ndarray | None) -> Cell | None:
    """A cell beside the start with a centre line on it, when the start is marked only by a ring
    (a mark with no letter whose very middle is the plain cells' colour) and no path was read.
    Apps ring the cells a path's head may go on to; a thin line over cells that keep their colour
    (read as a hint) that ends beside a lone ring is as likely a path drawn thin, its next step
    ringed, as a hint beside a start (seed 293: a 3x8 level read untouched, from the ring)."""
    if start is None or plain is None or reading.lines_to is None or reading.middles is None:
        return None
    if reading.kinds[start] != MARK or start in reading.letters or not same(reading.middles[start], plain):
        return None
    for cell in reading.neighbours(start):
        if bool(reading.lines_to[cell].any()):
            return cell
    return None


def _line_into(reading: Reading, start: Cell) -> Cell | None:
    """A cell beside the start whose centre line runs toward the start, when no path was read: a
    line over cells in the plain colour. Apps draw a hint from beyond the head (a line from the
    head itself would be a path in all but colour), and some draw the path itself as a thin line
    over cells that keep their colour; read as untouched, that path would be missed."""
    if reading.lines_to is None:
        return None
    for cell in reading.neighbours(start):
        arm = ARM_BACK[(cell[0] - start[0], cell[1] - start[1])]
        if bool(reading.lines_to[cell][arm]):
            return cell
    return None


STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))  # the neighbour each arm of `Reading.lines_to` runs to


def _line_past_an_end(reading: Reading, walked: list[Cell]) -> tuple[Cell, Cell] | None:
    """(an end of the read path, the cell its centre line runs on into), when the line on that
    end and the line on a neighbour off the path run into each other. A path drawn as a thin line
    ends in its head's middle (or the start's); an arm running on means the drawn path goes on:
    its true head hidden (a finger's disc over it, seed 155) or its line read only in part
    (seed 355: a framed board, the read stopped at a turn)."""
    if reading.lines_to is None or len(walked) < 2:
        return None
    for end, inner in ((walked[-1], walked[-2]), (walked[0], walked[1])):
        for arm, (dr, dc) in enumerate(STEPS):
            beyond = (end[0] + dr, end[1] + dc)
            # (the cell beyond's line runs back into the end: a finger's disc or a marker on the end
            # reaches its core's edge every way, and a hint begins in the middle of the cell beyond)
            if (
                beyond != inner
                and beyond not in walked
                and bool(reading.lines_to[end][arm])
                and 0 <= beyond[0] < reading.lines_to.shape[0]
                and 0 <= beyond[1] < reading.lines_to.shape[1]
                and bool(reading.lines_to[beyond][(arm + 2) % 4])
            ):
                return end, beyond
    return None


def _line_through_an_end(reading: Reading, walked: list[Cell]) -> tuple[Cell, Cell] | None:
    """(an end of the read path, the walked cell its centre line runs on into) where the line on
    that end runs out of it on exactly two sides, one to its step in the chain and one across a
    crossed gap into another walked cell. A path drawn as a thin line enters a cell and leaves it
    once: a line through the end is the path's middle, and the cell it runs into is a step the
    chain left out, so the chain's ends are not the path's (level 106011: the head's figure joined
    to the start by a band read between two walked tiles, the line from the cell before the head
    running into the figure unread; the path read from a cell in its middle). One arm is an end's
    (the start's, the head's), and a marker over an end reaches its core's edge every way."""
    if reading.lines_to is None or len(walked) < 2:
        return None
    on_path = set(walked)
    for end, inner in ((walked[-1], walked[-2]), (walked[0], walked[1])):
        arms = reading.lines_to[end]
        if int(arms.sum()) != 2:
            continue
        for arm, (dr, dc) in enumerate(STEPS):
            beyond = (end[0] + dr, end[1] + dc)
            if (
                bool(arms[arm])
                and beyond != inner
                and beyond in on_path
                and bool(arms[STEPS.index((inner[0] - end[0], inner[1] - end[1]))])
                and _crossed(reading, end, beyond)
            ):
                return end, beyond
    return None


def _line_short_of_an_end(reading: Reading, walked: list[Cell]) -> tuple[Cell, Cell] | None:
    """(the step next to an end of the read path, that end) where the centre line on the step runs
    out of it on one side alone, not toward the end, and the end shows no line toward the step: the
    line drawn ends in that step's middle, so the path drawn ends there too (its start or its head),
    and the end beyond was joined by a gap misread as a band (level 207005: the start's frame,
    drawn a little larger than its tile, reached over a narrow gap into a hole drawn as an inner
    square, read as a band; the hole was taken for the start). A path drawn as a thin line
    crosses every gap between its steps; a line's last cell has one arm."""
    if reading.lines_to is None or len(walked) < 2:
        return None
    for end, step in ((walked[-1], walked[-2]), (walked[0], walked[1])):
        arms = reading.lines_to[step]
        toward_end = STEPS.index((end[0] - step[0], end[1] - step[1]))
        if int(arms.sum()) == 1 and not arms[toward_end] and not reading.lines_to[end][(toward_end + 2) % 4]:
            return step, end
    return None


def _line_count(reading: Reading) -> int:
    """How many separate lines run through the cells' centres: cells with a centre line, joined
    where an arm of one runs into the other. Apps draw one hint at most; a second line on a board
    read as untouched is a path drawn thin whose start went unread (seed 511).

    A cell with no line of its own that exactly two arms run into joins them too: a line enters a
    cell and leaves it once, and a mark drawn over the cell's middle (a ring on a next step) hides
    the line there (seed 1595: a hint cut in two by a ring, counted as two lines)."""
    if reading.lines_to is None:
        return 0
    lined = {(int(r), int(c)) for r, c in np.argwhere(reading.lines_to.any(axis=-1))}
    into: dict[Cell, list[Cell]] = {}  # an unlined cell: the lined cells whose arms run into it
    for cell in sorted(lined):
        for arm, (dr, dc) in enumerate(STEPS):
            n = (cell[0] + dr, cell[1] + dc)
            if bool(reading.lines_to[cell][arm]) and n not in lined:
                into.setdefault(n, []).append(cell)
    hidden = {cell: ends for cell, ends in into.items() if len(ends) == 2}
    seen: set[Cell] = set()
    count = 0
    for first in sorted(lined):
        if first in seen:
            continue
        count += 1
        todo = [first]
        seen.add(first)
        while todo:
            cell = todo.pop()
            reached = []
            for arm, (dr, dc) in enumerate(STEPS):
                n = (cell[0] + dr, cell[1] + dc)
                if bool(reading.lines_to[cell][arm]):
                    reached += [n] if n in lined else hidden.get(n, [])
            for n in reached:
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
    return count


def _bands(reading: Reading, open_cells: frozenset[Cell]) -> dict[tuple[Cell, Cell], np.ndarray]:
    """Every pair of open neighbours with a band across their gap, and the band's colour."""
    bands = {}
    for a in sorted(open_cells):
        for b in reading.neighbours(a):
            colour = reading.band(a, b) if a < b and b in open_cells else None
            if colour is not None:
                bands[(a, b)] = colour
    return bands


def _ringed(
    reading: Reading,
    strays: list[Cell],
    colour: dict[Cell, np.ndarray],
    open_cells: frozenset[Cell],
    in_path: set[Cell],
    ends: list[Cell],
) -> Cell | None:
    """The head whose next steps `strays` are: cells of one colour that is neither the plain nor
    the path's, exactly the open cells not walked beside one candidate head (an odd position, or
    an end of the path), and no other cells. Apps mark the cells the path may go to next (a ring
    around a dot, a lighter tile); those are plain cells, decorated.

    Cells of a third colour that are holes or walked cells drawn unseen cannot pass for that: a
    start whose every open neighbour is a hole cannot begin a path, and a path of three cells or
    more reaches a cell that is not beside where it began.
    """
    if len(strays) < 2 or not all(same(colour[c], colour[strays[0]]) for c in strays):
        return None
    return _ringed_by(reading, strays, open_cells, in_path, ends)


def _ringed_by(
    reading: Reading, marked: list[Cell], open_cells: frozenset[Cell], in_path: set[Cell], ends: list[Cell]
) -> Cell | None:
    """The one candidate head among `ends` whose open cells not walked are exactly `marked`: the
    cells the path may go to next.

    One marked cell will do when cells are left beyond it: were it the goal, the head's only way
    on would end the path there, with cells left unwalked (no app draws a level it cannot finish).
    It will do as well when it is the last cell left beside a drawn path's head: goal or next
    step, the one move left is the same (seed 924 read a ringed last cell as the goal)."""
    wanted = set(marked)
    if not wanted:
        return None
    fits = [
        end
        for end in ends
        if {n for n in reading.neighbours(end) if n in open_cells and n not in in_path} == wanted
        and (
            len(wanted) > 1
            or len(open_cells - in_path - {end}) > 1
            or _last_step(end, wanted, open_cells, in_path)
        )
    ]
    return fits[0] if len(fits) == 1 else None


def _last_step(head: Cell, wanted: set[Cell], open_cells: frozenset[Cell], in_path: set[Cell]) -> bool:
    """Whether `wanted` is the one cell a drawn path (with `head` on it) has left to walk."""
    return head in in_path and open_cells - in_path == wanted


def _ringed_but_one(
    reading: Reading, rings: list[Cell], open_cells: frozenset[Cell], in_path: set[Cell], heads: list[Cell]
) -> tuple[Cell | None, list[Cell]]:
    """With a path drawn: the head whose next steps are all of `rings` but one, drawn alike (their
    patches within RING_ALIKE), the one left over drawn unlike each of them (a thin flag on the
    goal beside rings on the next steps: seed 42, "2 odd positions off the drawn path"). Returns
    the head and the rings on its next steps, or (None, `rings`). A mark left over that looks like
    the rings is a ring elsewhere, and the marks are then no next steps of one head."""
    patches = reading.patches
    if patches is None or len(rings) < 2:
        return None, rings
    found = []
    for extra in rings:
        rest = [r for r in rings if r != extra]
        head = _ringed_by(reading, rest, open_cells, in_path, heads)
        if (
            head is not None
            and _all_alike(patches, rest)
            and all(_apart(patches, extra, r) > RING_ALIKE for r in rest)
        ):
            found.append((head, rest))
    return found[0] if len(found) == 1 else (None, rings)


def _unlike_rings(reading: Reading, rings: list[Cell]) -> str | None:
    """The two of `rings` drawn most unlike (their patches farther apart than RING_ALIKE), shown,
    or None when they are all alike (or cannot be compared).

    An app draws the same ring on every next step; a goal among them keeps its own mark under
    the ring (a flag drawn small, its pole and pennant off the middle, leaves the middle plain as
    a ring does: seed 1251 read the flag beside the head as one more ring, and lost the goal).
    Asked with a path drawn only: around a fresh start the rings of two boards read exactly
    differed as much (seeds 1801, 1960: a framed grid at half scale, dots; both JPEG q75)."""
    if reading.patches is None or len(rings) < 2:
        return None
    apart = [(_apart(reading.patches, a, b), a, b) for i, a in enumerate(rings) for b in rings[i + 1 :]]
    most, a, b = max(apart)
    return f"{list(a)}, {list(b)}" if most > RING_ALIKE else None


def _ring_unlike_the_rest(reading: Reading, rings: list[Cell]) -> str | None:
    """With no path drawn: one of `rings` drawn unlike every other one (their patches farther
    apart than RING_ALIKE), shown with the one nearest it, or None.

    Around a fresh start the rings of a board read exactly may differ a little more than
    RING_ALIKE pair by pair (seed 1960: four rings on dots, JPEG q75, two pairs 5.2 apart), but no
    ring from all the others did on the seeds measured; a goal's mark under its ring (a flag
    drawn small, which leaves the middle plain) is unlike all of them (look 78, level 78006: a
    flag under the ring of one of the start's two next steps, 7.4 apart, read as a plain next
    step and the goal lost). With two rings, neither can be told for the goal: refused."""
    if reading.patches is None or len(rings) < 2:
        return None
    for ring in rings:
        apart = sorted((_apart(reading.patches, ring, other), other) for other in rings if other != ring)
        if apart[0][0] > RING_ALIKE:
            return f"{list(ring)}, {list(apart[0][1])}"
    return None


RING_ALIKE = 5.0  # levels a patch pixel apart, on average: the same ring drawn on two cells
# (measured 0.0-3.8 between the rings of one screen; a ring against a flag or a ringed E 11-16)


def _apart(patches: np.ndarray, a: Cell, b: Cell) -> float:
    """How far apart two positions' patches are: levels a patch pixel, on average."""
    return float(np.abs(patches[a] - patches[b]).mean())


def _all_alike(patches: np.ndarray, cells: list[Cell]) -> bool:
    """Whether every two of `cells` are drawn alike (their patches within RING_ALIKE)."""
    return all(_apart(patches, a, b) <= RING_ALIKE for i, a in enumerate(cells) for b in cells[i + 1 :])


# each arm of a patch (PATCH_SIDE 8): the strip two pixels wide from its middle out to one side
ARMS = (
    (slice(0, 4), slice(3, 5)),
    (slice(3, 5), slice(4, 8)),
    (slice(4, 8), slice(3, 5)),
    (slice(3, 5), slice(0, 4)),
)
LINE_APART = 10.0  # levels: two patches apart along a thin line through one's middle, all the way
# out (a hint's line, 0.04 pitch wide, on a patch pixel of 0.09 pitch: 14-28 levels)


def _lined_arms(apart: np.ndarray) -> np.ndarray:
    """Where two patches' difference `apart` (8 x 8 levels) is a thin line from the middle out to
    a side: the pixels of each arm along whose whole length, out to the patch's edge, the strip
    is LINE_APART or more apart (a letter's bar, a flag's pole, stop short of the edge)."""
    lined = np.zeros(apart.shape, bool)
    for rows, cols in ARMS:
        strip = apart[rows, cols]
        along = strip.max(axis=1) if strip.shape[0] > strip.shape[1] else strip.max(axis=0)
        if bool((along >= LINE_APART).all()):
            lined[rows, cols] = True
    return lined


def _alike_but_lines(patches: np.ndarray, rings: list[Cell]) -> bool:
    """Whether every two of `rings` are drawn alike (their patches within RING_ALIKE) but for thin
    lines through their middles out to a side: a hint drawn over the cells a fresh level's path
    will take, from the first step on (a ring under it differed from the others by 6-9 levels:
    seeds 7, 1995). Only the lines' strips are left out: a cell with no ring differs from a
    ringed one all round the ring, and an E under a ring keeps its stem and outer bars."""
    for i, a in enumerate(rings):
        for b in rings[i + 1 :]:
            apart = np.abs(patches[a] - patches[b]).mean(axis=2)
            if float(apart[~_lined_arms(apart)].mean()) > RING_ALIKE:
                return False
    return True


def _rings_around(
    reading: Reading, odd: list[Cell], open_cells: frozenset[Cell]
) -> tuple[Cell, list[Cell]] | None:
    """On a level with no path drawn, the one odd position whose every open neighbour (two or
    more) is odd too, drawn alike (their patches within RING_ALIKE but for a hint's thin line
    through them: `_alike_but_lines`) and unlike it, with no letter read on them, and at most
    one odd position besides, unlike them (a goal, not one more ring):
    the start, its next steps marked around it (a ring, a frame, a lighter shade on each).
    Returns the start and the marked cells.

    A mark unlike the others among them (a flag, an E under its ring: the goal beside the start)
    leaves the board to the other rules, which refuse five odd positions (seeds 95, 273, 371:
    "5 positions look unlike the plain cells"). Where no position has every open neighbour
    ringed, two or more alike rings about one odd position whose other open neighbours read plain
    are taken too: a ring under a hint line, or faint on its dot, reads as a plain cell (seeds
    306, 314, 580, 597)."""
    if reading.patches is None:
        return None
    patches, odd_set = reading.patches, set(odd)

    def around(every: bool) -> list[tuple[Cell, list[Cell]]]:
        found = []
        for centre in odd:
            open_beside = [n for n in reading.neighbours(centre) if n in open_cells]
            beside = open_beside if every else [n for n in open_beside if n in odd_set]
            if (
                len(beside) >= 2
                and all(n in odd_set and n not in reading.letters for n in beside)
                and _alike_but_lines(patches, beside)
                and all(_apart(patches, centre, n) > RING_ALIKE for n in beside)
                and len(rest := odd_set - set(beside) - {centre}) <= 1
                # a ring elsewhere is no goal: the marks are then not the next steps of one start
                and all(_apart(patches, other, n) > RING_ALIKE for other in rest for n in beside)
            ):
                found.append((centre, beside))
        return found

    found = around(every=True)
    if not found:
        # one ring or more missed (a hint line drawn over a next step, a faint ring read plain):
        # two or more alike rings about one odd position, every other open neighbour of it plain
        # (not odd: no goal, no unlike mark among them), still mark it as the start. Only where
        # no position has all its neighbours ringed, and only one position has such rings
        found = around(every=False)
    return found[0] if len(found) == 1 else None


def _next_step_alike(
    reading: Reading, start: Cell | None, end: Cell, open_cells: frozenset[Cell]
) -> Cell | None:
    """Another open neighbour of `start` drawn alike the unlettered goal `end` beside it (their
    patches within RING_ALIKE but for a hint's thin line: `_alike_but_lines`), or None.

    On a fresh level the next steps may be ringed; where all rings but one read plain (a hint's
    line drawn over them, or rings on dots taken for plain dots) the one ring left, beside the
    start, passed for the goal (seeds 1205, 1259, 1762, 1964 as fresh levels: no goal drawn at
    all). A goal of its own (a flag, a red tile) is unlike a plain next step, ringed or not."""
    patches = reading.patches
    if start is None or patches is None or not _next_to(start, end) or reading.letters.get(end) == "E":
        return None
    # (a neighbour with no patch was not asked for: `styles._patches_of_odd`)
    beside = [
        n
        for n in reading.neighbours(start)
        if n != end and n in open_cells and not np.isnan(patches[n]).any()
    ]
    return next((n for n in beside if _alike_but_lines(patches, [end, n])), None)


def _goal_alike_a_next_step(
    reading: Reading, walked: tuple[Cell, ...], goal: Cell | None, open_cells: frozenset[Cell]
) -> tuple[Cell, Cell] | None:
    """(an end of the drawn path, another of its next steps) where the unlettered goal `goal` lies
    beside that end and is drawn alike that next step, a cell not walked (their patches within
    RING_ALIKE but for a hint's line: `_alike_but_lines`); else None.

    With a path drawn, apps ring the head's next steps; where one ring alone is read (the others
    taken for plain dots), it passes for the goal, and the puzzle, asked which way round the
    path can be finished with that goal, answers for another level (level 195008: the head taken
    for the start, its ring above it for the goal). `_next_step_alike` asks the same of a fresh
    start. A goal of its own (a flag, a red tile) is unlike a plain next step, ringed or not."""
    patches = reading.patches
    if goal is None or patches is None or reading.letters.get(goal) == "E" or len(walked) < 2:
        return None
    for end in (walked[0], walked[-1]):
        if not _next_to(end, goal):
            continue
        for n in reading.neighbours(end):
            # (a neighbour with no patch was not asked for: `styles._patches_of_odd`)
            if n == goal or n in walked or n not in open_cells or np.isnan(patches[n]).any():
                continue
            if _alike_but_lines(patches, [goal, n]):
                return end, n
    return None


def _thin_marks(reading: Reading, marks: list[Cell], plain_colour: np.ndarray | None) -> list[Cell]:
    """The marks that leave a plain cell plain in its middle, its very middle and its margin, with
    no letter read on them: a thin ring or frame, such as apps draw around the cells the path may
    go to next (a ring drawn over the goal's E has the E's bar across its middle). With no plain
    cell left to compare (every other cell walked), a mark's own ground stands for the plain
    colour, unless it is near red: the genre's goal tile, ringed as the last step too (look 1,
    level 1004 of the teaching benchmark)."""

    def thin(m: Cell) -> bool:
        plain = plain_colour if plain_colour is not None else reading.grounds[m]
        if plain_colour is None and _red_distance(plain) < NOT_RED:
            return False
        return (
            same(reading.colours[m], plain)
            and same(reading.grounds[m], plain)
            and (reading.middles is None or same(reading.middles[m], plain))
        )

    return [m for m in marks if m not in reading.letters and thin(m)]


def _named_marks(reading: Reading, marks: list[Cell], plain_colour: np.ndarray | None) -> list[Cell]:
    """`marks` less the bare frames on plain cells when the start and the goal are both named by
    their letters elsewhere (one S, one E): on a style whose marks always lie on cells (a frame
    around a dot), such a frame names no role (an app frames the cell under the pointer, or the
    path's head, as it frames the start), and a board has one start and at most one goal."""
    named = list(reading.letters.values())
    if not reading.marks_on_cells or plain_colour is None or sorted(named) != ["E", "S"]:
        return marks
    return [
        m
        for m in marks
        if m in reading.letters
        or not (same(reading.colours[m], plain_colour) or same(reading.grounds[m], plain_colour))
    ]


def _one_sided(band: np.ndarray, a: np.ndarray, b: np.ndarray, plain: np.ndarray) -> bool:
    """Whether `band` has the colour of just one of the two cells it lies between, one of them in
    the plain colour and the other not: the gap shows one cell's own edge, not a join."""
    one_plain = bool(same(a, plain)) != bool(same(b, plain))
    return one_plain and bool(same(band, a)) != bool(same(band, b))


def _lit_end(reading: Reading, band: np.ndarray, a: Cell, b: Cell, colour: dict[Cell, np.ndarray]) -> bool:
    """Whether the end of a band in whose colour the band is lies under a translucent white light
    (`reading.lights`, where a line runs in): a finger's dot on the head, not a plain cell's edge."""
    if reading.lights is None:
        return False
    return any(bool(reading.lights[e]) and bool(same(band, colour[e])) for e in (a, b))


def _walked_colour(
    walked: list[Cell], between_cells: dict[tuple[Cell, Cell], np.ndarray], colour: dict[Cell, np.ndarray]
) -> np.ndarray | None:
    """The path's colour: the walked cells' in the band's colour when the band has their colour
    (so a start of its own colour at one end does not count), else the walked cells' median."""
    if not walked:
        return None
    if between_cells:
        band = np.median(list(between_cells.values()), axis=0)
        like_band = [colour[c] for c in walked if same(colour[c], band)]
        if like_band:
            return np.median(like_band, axis=0)
    return np.median([colour[c] for c in walked], axis=0)


def _plain_colour(
    cells: list[Cell], between_cells: dict[tuple[Cell, Cell], np.ndarray], colour: dict[Cell, np.ndarray]
) -> np.ndarray | None:
    touched = {cell for pair in between_cells for cell in pair}
    plain = _largest_colour_group([c for c in cells if c not in touched], colour)
    return np.median([colour[c] for c in plain], axis=0) if plain else None


def _joins_beside_marks(
    reading: Reading,
    bands: dict[tuple[Cell, Cell], np.ndarray],
    between_cells: dict[tuple[Cell, Cell], np.ndarray],
    plain_colour: np.ndarray | None,
) -> list[tuple[Cell, Cell]]:
    """Bands that join a figure or a marked cell to the path.

    Such a band must be in the path's colour — the cell's at its other end, or the bands'
    between cells — and not in the plain colour, so the cat's legs over a gap are no join.
    """
    kinds = reading.kinds
    band_colour = np.median(list(between_cells.values()), axis=0) if between_cells else None
    edges = []
    for (a, b), g in bands.items():
        if (a, b) in between_cells or (kinds[a] == CELL and kinds[b] == CELL):
            continue
        if plain_colour is not None and same(g, plain_colour):
            continue
        # (a figure's one step, nothing else walked: into a cell of a colour repeated off the path, none)
        alone = band_colour is None and FIGURE in (kinds[a], kinds[b])
        if alone and _one_of_a_family(reading, a if kinds[a] == CELL else b, set(), plain_colour):
            continue
        path_colours = [reading.colours[x] for x in (a, b) if kinds[x] == CELL]
        if reading.figure_in_path_colour:
            path_colours += [reading.edges[x] for x in (a, b) if kinds[x] == FIGURE]
        if band_colour is not None:
            path_colours.append(band_colour)
        # a marked start and the first cell after it, with no band between cells yet to compare
        # (a thin band in its own shade): the cell is not plain, so it is walked
        first_step = (
            band_colour is None and MARK in (kinds[a], kinds[b]) and FIGURE not in (kinds[a], kinds[b])
        )
        other = b if kinds[a] == MARK else a
        if first_step and kinds[other] == CELL and plain_colour is not None:
            first_step = not same(reading.colours[other], plain_colour)
        if any(same(g, c) for c in path_colours) or (first_step and kinds[other] == CELL):
            edges.append((a, b))
    return edges


def _largest_colour_group(cells: list, colour: dict) -> list:
    """The biggest set of cells (or anything with a colour) of one colour (greedy clustering
    within the colour tolerance)."""
    groups: list[tuple[np.ndarray, list]] = []
    for cell in cells:
        for centre, members in groups:
            if same(colour[cell], centre):
                members.append(cell)
                break
        else:
            groups.append((colour[cell], [cell]))
    return max((members for _, members in groups), key=len, default=[])


def _covered_joins(
    reading: Reading,
    figures: list[Cell],
    edges: list[tuple[Cell, Cell]],
    colour: dict[Cell, np.ndarray],
    plain_colour: np.ndarray | None,
    walked_colour: np.ndarray | None,
) -> list[tuple[Cell, Cell]]:
    """Joins hidden under a figure: the head's figure (its legs, its tail) may cover the band to
    the cell before it.

    A figure is joined to the one cell beside it, across a gap that is not background, that is
    in the path's colour (or, when no band shows anywhere, not plain) and is an end of the path
    so far (a figure no band reaches: a cell with at most one band; a figure one band reaches, so
    caught mid-step: a cell with none). When two cells beside it could be that cell (the path
    came back beside its start), the band runs through the one gap as wide as a band (its
    middle no background on two of three lines across: the cat's feet over the band), where the
    other shows the background, or a thin tail over it; when the gaps do not tell them apart, to
    neither: which one the figure hides would be a guess.
    """
    degree = _degrees(edges)
    joined = set(degree)
    out = []
    for figure in figures:
        # joined to nothing yet: the band to the cell before it is hidden, and that cell is an
        # end of the path so far; joined once: it may be mid-step, with the head a lone cell beside
        if degree.get(figure, 0) > 1:
            continue
        most = 1 if not degree.get(figure, 0) else 0
        # every cell beside the figure that could be the one before it, whatever its gap shows:
        # with two (the path's end and its start side by side), which one is hidden is a guess
        beside = [
            cell
            for cell in reading.neighbours(figure)
            if cell in colour
            and degree.get(cell, 0) <= most
            and (plain_colour is None or not same(colour[cell], plain_colour))
            and (walked_colour is None or same(colour[cell], walked_colour))
            and (walked_colour is not None or not _one_of_a_family(reading, cell, joined, plain_colour))
        ]
        if len(beside) > 1:
            beside = [cell for cell in beside if reading.wide(figure, cell)]
        if len(beside) == 1 and (
            reading.band(figure, beside[0]) is not None
            or (
                (reading.covered(figure, beside[0]) or reading.wide(figure, beside[0]))
                and not _own_edge_cover(reading, beside[0], figure, joined)
            )
        ):
            out.append(tuple(sorted((figure, beside[0]))))
    return out  # type: ignore[return-value]


def _own_edge_cover(reading: Reading, cell: Cell, figure: Cell, joined: set[Cell]) -> bool:
    """Whether the gap between `cell` and the figure beside it is covered only as the cell's other
    gaps are: the same colour over a gap to a position no join reaches and no figure stands on.

    A figure's legs or tail over the band to the cell before it cover that gap alone; a tile of a
    colour of its own on touching or framed cells reaches into the line around it on every side,
    blurred (a capture scaled down), so each of its gaps reads covered in the same mix of its
    colour and the line. That cover is the tile's edge, no join (level 211016: the start's teal
    tile beside the goal's flag, read as a path of one step from the flag into the tile)."""
    gap = _gap_colour(reading, cell, figure)
    if gap is None:
        return False
    for other in reading.neighbours(cell):
        if other == figure or other in joined or reading.kinds[other] in (FIGURE, HOLE):
            continue
        if not (reading.covered(cell, other) or reading.wide(cell, other)):
            continue
        seen = _gap_colour(reading, cell, other)
        if seen is not None and bool(same(seen, gap)):
            return True
    return False


def _gap_colour(reading: Reading, a: Cell, b: Cell) -> np.ndarray | None:
    """The colour across the gap between neighbouring positions `a` and `b`, band or not."""
    (r, c), (r2, c2) = sorted((a, b))
    if r == r2 and c2 == c + 1:
        return reading.gaps_right[r, c]
    if c == c2 and r2 == r + 1:
        return reading.gaps_down[r, c]
    return None


def _one_of_a_family(
    reading: Reading, cell: Cell, joined: set[Cell], plain_colour: np.ndarray | None
) -> bool:
    """Whether the cell `cell` shares its colour, neither plain nor nothing, with another cell no
    join reaches: with no band between two cells (nothing walked but a figure's one step), that
    colour is a look repeated off the path (holes drawn as grey tiles), not the path's, which
    only walked cells take (look 15's level 11: a hole beside the start's disc joined as a step)."""
    if reading.kinds[cell] != CELL:
        return False
    mine = reading.colours[cell]
    if plain_colour is not None and same(mine, plain_colour):
        return False
    return any(
        other != cell and other not in joined and bool(same(reading.colours[other], mine))
        for other in reading.positions(CELL)
    )


def _degrees(edges: list[tuple[Cell, Cell]]) -> dict[Cell, int]:
    """How many of `edges` each cell is an end of."""
    degree: dict[Cell, int] = {}
    for a, b in edges:
        degree[a] = degree.get(a, 0) + 1
        degree[b] = degree.get(b, 0) + 1
    return degree


def _lined_into(
    reading: Reading, covered: list[Cell], edges: list[tuple[Cell, Cell]]
) -> list[tuple[Cell, Cell]]:
    """Joins to a figure or a marked tile joined to nothing that the centre line of exactly one
    cell beside it runs into (that cell an end of the path so far): the head's figure (a blob)
    hides the line's end on its tile."""
    if reading.lines_to is None:
        return []
    degree = _degrees(edges)
    out = []
    for m in covered:
        if degree.get(m, 0) or m in reading.letters or _a_drawn_hole(reading, m):
            continue
        into = [
            n
            for n in reading.neighbours(m)
            if degree.get(n, 0) <= 1 and bool(reading.lines_to[n][ARM_BACK[(n[0] - m[0], n[1] - m[1])]])
        ]
        if len(into) == 1:
            out.append(tuple(sorted((m, into[0]))))
    return out  # type: ignore[return-value]


def _marks_off_plain(
    reading: Reading,
    marks: list[Cell],
    in_path: set[Cell],
    plain_colour: np.ndarray | None,
    walked_colour: np.ndarray | None,
    *,
    are_figures: bool = False,
) -> list[Cell]:
    """Marked positions off the path whose tile is neither the plain cells' colour nor the path's,
    with no letter read on them. A start or goal marked on a plain cell keeps the plain colour
    under its mark: in its middle beside a small mark (a frame, a flag, an S), in its margin
    beside one that covers the middle (a disc, an avatar). A tile of another colour all over with
    something on it is as often a hole drawn as a tile (an inner square, a hatching) as a start,
    so it is not guessed. A style whose marks always lie on cells (a frame around a dot) has no
    marked position off plain; its figures (`are_figures`: a square over the dot) are taken all the
    same."""
    if plain_colour is None or (reading.marks_on_cells and not are_figures):
        return []

    return [
        m
        for m in marks
        if m not in in_path
        and m not in reading.letters
        and not _marked_on(reading, m, plain_colour)
        and (walked_colour is None or not _marked_on(reading, m, walked_colour))
    ]


def _marked_on(reading: Reading, m: Cell, colour: np.ndarray) -> bool:
    """Whether the marked position `m` is drawn on a cell of `colour`: its margin is that colour
    (a flag, an S or a disc over it), or a frame around it leaves its middle that colour itself.

    A frame drawn over a cell leaves the cell's own pixels inside it, no edge from the colour the
    plain cells show (within FLAT_THRESHOLD: the glow app's gold frame on the start, 0-2 levels
    off). A tile of another colour with a square of a near colour drawn in its middle is no frame
    on a cell, however thick the "frame": a hole drawn as an inner square (look 104: a grey
    square 18 levels off the plain cells' mauve, within the colour tolerance, on a darker tile,
    read as a framed plain cell and so as the goal, levels 104004, 104008, 104011)."""
    if same(reading.grounds[m], colour):
        return True
    return bool(same(reading.colours[m], colour, FLAT_THRESHOLD))


def _drawn_holes(
    reading: Reading, off_marks: list[Cell], odd: list[Cell], path_unknown: bool
) -> frozenset[Cell]:
    """The marked tiles of `off_marks` (a tile of neither the plain nor the path's colour, a mark
    on it) that come in families: two or more alike in every colour measured (the tile's middle,
    its margin, around its middle). A start is one of a kind and so is a goal; a look repeated
    over the board, neither plain nor walked, is how an app draws its holes (an inner square on a
    darker tile). A family is not taken when no path was seen and its tiles are joined to each
    other and to another odd position: that is also how walked tiles look whose path was missed
    (a start, then numbered tiles in the path's colour), and a hole read for a walked cell would
    be a wrong board."""
    families: list[list[Cell]] = []
    for m in off_marks:
        for family in families:
            first = family[0]
            if all(
                bool(same(values[m], values[first]))
                for values in (reading.colours, reading.grounds, reading.edges)
            ):
                family.append(m)
                break
        else:
            families.append([m])
    holes: set[Cell] = set()
    for family in families:
        if len(family) < 2:
            continue
        members = set(family)
        if (
            path_unknown
            and _connected(members)
            # (a goal named by its E beside them is no start they were walked from)
            and any(
                n in odd and n not in members and reading.letters.get(n) != "E"
                for m in family
                for n in reading.neighbours(m)
            )
            and not _grey_squares(reading, family)
        ):
            continue
        holes |= members
    return frozenset(holes)


def _grey_squares(reading: Reading, family: list[Cell]) -> bool:
    """Whether every tile of `family` has one flat grey square over its middle, drawn the same on
    each: its middle (median and very middle) one colour with no hue, unlike the tile around it,
    and the middles' patches alike (within RING_ALIKE). A walked tile keeps the path's colour in
    its middle (a path has a hue), and its step number differs from tile to tile, so a run of
    such squares from an odd position is holes drawn, not a path missed (seeds 209, 581, 936)."""
    if reading.patches is None:
        return False
    return all(_grey_square(reading, m) for m in family) and _all_alike(reading.patches, family)


def _grey_square(reading: Reading, m: Cell) -> bool:
    """Whether the marked tile `m` has one flat grey square over its middle: its middle (median
    and very middle) one colour with no hue, unlike the tile around it."""
    middle = reading.colours[m]
    if float(np.ptp(middle)) > COLOURLESS or same(middle, reading.grounds[m]):
        return False
    return reading.middles is None or bool(same(reading.middles[m], middle))


def _lone_grey_square(
    reading: Reading,
    off_marks: list[Cell],
    figures: list[Cell],
    marks: list[Cell],
    coloured: list[Cell],
    plain_colour: np.ndarray | None,
    in_path: set[Cell],
) -> Cell | None:
    """The one marked tile of `off_marks` (a tile of neither the plain nor the path's colour, off
    the path, no letter on it) drawn as a hole is (a flat grey square over its middle, unlike the
    tile around it, and no hue on the tile either: `_grey_square`), when the other odd positions
    already name the board's one start and at most one goal: the start one end of the drawn path,
    or with no path exactly one position drawn as a start (a figure, a tile of its own colour, a
    mark over a plain cell's middle, an S), and at most one off the path drawn as a goal (a bare
    mark on a plain cell, a flag or a frame, or an E). A board has one start and one goal, so the
    grey square is neither: a hole (seeds 11, 235, 292, 418: an inner square beside an avatar, a
    disc or a start tile; 471: beside a filled path). Two or more alike are holes by family
    already (`_drawn_holes`); a lone one beside no start, or beside a second start-like or
    goal-like position, may be the start or the goal itself and is refused as before."""
    if plain_colour is None or len(off_marks) != 1:
        return None
    (square,) = off_marks
    if not _grey_square(reading, square) or float(np.ptp(reading.grounds[square])) > COLOURLESS:
        return None
    covering = set(_covering_marks(reading, marks, plain_colour))
    others = [c for c in figures + coloured + marks if c != square and c not in in_path]
    starts = [
        c
        for c in others
        if reading.letters.get(c) != "E"
        and (c not in marks or c in covering or reading.letters.get(c) == "S")
    ]
    goals = [c for c in others if c not in starts]
    return square if len(starts) == (0 if in_path else 1) and len(goals) <= 1 else None


ALL_PLAIN = "no cell looks like a start (every cell is plain)"  # the start check's detail when no cell is odd

FIELD_SHADE = (0.5, 0.9)  # the field under a framed grid against its cells: each channel this share


def _shaded_holes(
    reading: Reading, strays: list[Cell], colour: dict[Cell, np.ndarray], plain_colour: np.ndarray | None
) -> frozenset[Cell]:
    """The cells of `strays` that are holes showing the field under the grid: two or more
    positions, off the path, of one flat colour that is a darker shade of the plain cells' (every
    channel lower by one share, the hue kept). A framed grid lays its cells on a field a shade
    darker than they are, and a hole that is left out shows that field inside the frame lines.

    A start tile of a colour of its own is one position (and is not among the strays); a walked
    path is joined by bands or a line through the centres, so no join may touch any of them: no
    line, and no band but a plain cell's own edge (`_field_edge`; the frame line between a hole
    and a plain cell, a pixel wide, slips between the gap's samples) or the field itself between
    two of them side by side. And the holes may not leave a whole row or column of the grid without
    a cell (a frame around a row of field is no board this reads)."""
    if plain_colour is None or len(strays) < 2:
        return frozenset()
    first = colour[strays[0]]
    if not all(same(colour[c], first) for c in strays):
        return frozenset()
    if not _shade_of(first, plain_colour, FIELD_SHADE):
        return frozenset()
    shown = set(strays)
    for cell in strays:
        for n in reading.neighbours(cell):
            band = reading.band(cell, n)
            if band is not None and not _field_edge(reading, band, cell, n, shown, plain_colour):
                return frozenset()
        if reading.lines_to is not None and bool(reading.lines_to[cell].any()):
            return frozenset()
    gone = reading.kinds == HOLE
    for cell in strays:
        gone[cell] = True
    if gone.all(axis=1).any() or gone.all(axis=0).any():
        return frozenset()
    return frozenset(strays)


def _field_edge(
    reading: Reading, band: np.ndarray, hole: Cell, other: Cell, shown: set[Cell], plain_colour: np.ndarray
) -> bool:
    """Whether a "band" from `hole` (a position showing the field) to `other` is no join: the
    field itself between two of `shown` side by side (a framed grid draws its thin lines there
    too, missed as between any two cells), or, beside a plain cell, the colour of just one of the
    two (one's own edge up to a line too thin for the samples), or, beside a figure, the field's
    colour up to a wall (look 15's level 11: holes drawn as grey tiles beside a start's disc). A
    join of the path is in the path's colour on both sides, or in a colour of its own (a band
    over them)."""
    if other in shown:
        return bool(same(band, reading.colours[hole]))
    if reading.kinds[other] == FIGURE:  # beside a figure, the field's own colour up to a bare line
        # straight across the gap through both centres: no band hidden under the figure crosses it
        return bool(same(band, reading.colours[hole])) and reading.walled(hole, other)
    if reading.kinds[other] != CELL or not same(reading.colours[other], plain_colour):
        return False
    return _one_sided(band, reading.colours[hole], reading.colours[other], plain_colour)


VOID_SHARE = 0.5  # a void drawn as a hole is at most this bright against the plain cells or the field


def _lone_hole(
    reading: Reading,
    figures: list[Cell],
    marks: list[Cell],
    coloured: list[Cell],
    plain_colour: np.ndarray | None,
) -> Cell | None:
    """With no path drawn, the one position whose look is a hole's (below), when exactly one other
    odd position is drawn as a start (a figure, a tile of its own colour, an S, a mark over a plain
    cell's middle: nothing a goal is drawn as): a board has one start, so that one is a hole
    (seeds 49, 72: a lone void beside an S or a start's dot; 605: the field in one hole beside an
    avatar, "2 positions look like the start").

    Drawn as a hole: a flat colourless figure far darker than the plain cells, turned a quarter
    turn alike and with no face (a void: an inner square on the field of dots), or a cell of a
    darker shade of the plain colour that no band or line touches (the field under a framed grid
    showing where one hole leaves it). Two or more alike are holes by family already (`nodes._voids`,
    `_shaded_holes`); one alone is a start as well as a hole by its look (a black disc, a grey
    tile), so beside a goal-like mark (a flag, a frame with no letter), or with no start-like
    position beside it, it is not taken."""
    if plain_colour is None:
        return None

    def void(f: Cell) -> bool:
        middle = reading.colours[f]
        return (
            bool(same(middle, reading.grounds[f]) and same(middle, reading.edges[f]))
            and float(np.ptp(middle)) <= COLOURLESS
            and float(middle.mean()) <= VOID_SHARE * float(plain_colour.mean())
            and reading.turned is not None
            and float(reading.turned[f]) >= ROUND
            and not _has_face(reading, f)
        )

    def field_shown(c: Cell) -> bool:
        return (
            _shade_of(reading.colours[c], plain_colour, FIELD_SHADE)
            and all(reading.band(c, n) is None for n in reading.neighbours(c))
            and (reading.lines_to is None or not bool(reading.lines_to[c].any()))
        )

    holes = [f for f in figures if void(f)] + [c for c in coloured if field_shown(c)]
    if len(holes) != 1:
        return None
    (hole,) = holes
    covering = _covering_marks(reading, marks, plain_colour)
    if any(m not in covering and m not in reading.letters for m in marks):
        return None  # a bare mark (a flag, a frame): a goal, and the hole's look may be the start's
    starts = [c for c in figures + coloured + marks if c != hole and reading.letters.get(c) != "E"]
    return hole if len(starts) == 1 else None


def _connected(cells: set[Cell]) -> bool:
    """Whether `cells` form one group joined side by side."""
    todo, seen = [next(iter(cells))], set()
    while todo:
        r, c = todo.pop()
        if (r, c) in seen:
            continue
        seen.add((r, c))
        todo += [n for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)) if n in cells]
    return seen == cells


def _covering_marks(reading: Reading, marks: list[Cell], plain_colour: np.ndarray | None) -> list[Cell]:
    """Marked positions whose mark covers the middle of a plain cell (its margin plain, its middle
    not): a disc, an avatar, a big dot, drawn as a start is drawn; such a mark with no E on it is
    never guessed to be the goal."""
    if plain_colour is None:
        return []
    return [
        m
        for m in marks
        if not same(reading.colours[m], plain_colour) and same(reading.grounds[m], plain_colour)
    ]


RED_HUE = 15.0  # degrees either side of pure red: a goal tile's red
NOT_RED = 40.0  # degrees: every other odd position, and the path, at least this far from red
SATURATED = 0.5  # a red tile is a colour, not a grey


def _red_goal(
    reading: Reading, odd: list[Cell], coloured: list[Cell], walked_colour: np.ndarray | None
) -> Cell | None:
    """The one tile of its own colour that is red, when no other odd position of `odd` (and not
    the path) is near red: the goal, by the genre's own sign (a red tile, where a start is blue or
    green). `odd` holds what could be the goal in its place (tiles, bare marks): a figure or a mark
    over a cell's middle never is, so one near red leaves the red tile the goal.

    Two tiles of their own colours give no other clue which one is the start; a board read with
    the two swapped is as solvable (a path reversed), so a guess would pass every check. Red
    for the goal is what the apps of the genre that mark the goal by colour do; a start near red
    too (an orange, a pink) leaves it a guess, and the board is refused as before.
    """
    reds = [c for c in coloured if _red_distance(reading.colours[c]) <= RED_HUE]
    if len(reds) != 1:
        return None
    near = [
        c
        for c in odd
        if c != reds[0] and min(_red_distance(reading.colours[c]), _red_distance(reading.edges[c])) < NOT_RED
    ]
    if near or (walked_colour is not None and _red_distance(walked_colour) < NOT_RED):
        return None
    return reds[0]


def _red_alone(
    reading: Reading,
    cells: list[Cell],
    between_cells: dict[tuple[Cell, Cell], np.ndarray],
    colour: dict[Cell, np.ndarray],
    plain_colour: np.ndarray | None,
    walked_colour: np.ndarray | None,
) -> Cell | None:
    """The one cell no band touches, where it is red and the path is not near red: the plain
    colour was taken from it alone, and it is the goal's sign rather than a plain cell.

    The plain colour is the largest colour group of the cells no band touches; where the drawn
    path has walked every cell but one, that group is the one cell left, whatever it is. A family
    of one proves no plain colour: the last plain cell, or a goal of its own colour (look 60,
    level 60004: the red goal, the only cell left beside the path's head, read as a plain cell
    and the goal lost). Red, where the path is not, is what the genre marks a goal with (as
    `_red_goal` takes it); the cell is then no plain cell, and the rules for a tile of its own
    colour read it."""
    if plain_colour is None or walked_colour is None or _red_distance(walked_colour) < NOT_RED:
        return None
    return _red_left(cells, between_cells, colour)


def _red_left(
    cells: list[Cell], between_cells: dict[tuple[Cell, Cell], np.ndarray], colour: dict[Cell, np.ndarray]
) -> Cell | None:
    """The one cell no band touches, when there is one alone and it is red."""
    touched = {cell for pair in between_cells for cell in pair}
    left = [c for c in cells if c not in touched]
    if len(left) != 1 or _red_distance(colour[left[0]]) > RED_HUE:
        return None
    return left[0]


def _red_left_beside_a_red_path(
    cells: list[Cell],
    between_cells: dict[tuple[Cell, Cell], np.ndarray],
    colour: dict[Cell, np.ndarray],
    walked_colour: np.ndarray | None,
) -> Cell | None:
    """The one cell no band touches, red, where the path is near red (`NOT_RED`): `_red_alone`
    does not take it for the goal, yet a family of one proves no plain colour, and a plain cell is
    no saturated red (the genre's plain cells are quiet colours; a red is a goal's sign or the
    path's). Taken for the plain colour, the goal was lost (level 216005: every cell walked but
    the red goal, the path's orange 36 degrees from red, and the board read with no goal); which
    of the goal and a walked cell the chain missed it is, is not told."""
    if walked_colour is None or _red_distance(walked_colour) >= NOT_RED:
        return None
    return _red_left(cells, between_cells, colour)


def _red_off_the_path(
    reading: Reading,
    odd: list[Cell],
    coloured: list[Cell],
    walked_colour: np.ndarray | None,
    order: list[Cell] | None,
) -> Cell | None:
    """With a path drawn: the one red tile off it, when no other odd position off it is near red
    and the tile lies beside neither end of the chain: the goal, whatever the path's colour.

    A drawn path begins at the start, so the start lies on the chain (or, its first step hidden
    under its own look, beside an end: `_with_the_first_step`); a start or a path near red is then
    no rival to a red tile away from both ends, which can only be where the path is to end (seeds
    377, 588, 636, 1836: an orange-red path or start, "looks like a start, not a goal"; 96: the
    ends alike, the puzzle left untold). Nor is it a walked cell the chain missed, even in the
    path's colour: the two bands into it missed would cut the chain in two pieces (refused by the
    "path" check), one missed only at an end. A red tile beside an end may be the start whose
    first step was not read: it keeps the rule of `_red_goal`."""
    if not order or walked_colour is None:
        return None
    ends = (order[0], order[-1])
    reds = [c for c in coloured if c not in order and _red_distance(reading.colours[c]) <= RED_HUE]
    if len(reds) != 1:
        return None
    (red,) = reds
    if any(_next_to(red, e) for e in ends):
        return None
    near = [
        c
        for c in odd
        if c != red
        and c not in order
        and min(_red_distance(reading.colours[c]), _red_distance(reading.edges[c])) < NOT_RED
    ]
    return None if near else red


def _red_distance(bgr: np.ndarray) -> float:
    """Degrees of hue from pure red; 180 for a colour too grey or too dark to have a hue."""
    b, g, r = (float(v) / 255 for v in bgr)
    high, low = max(r, g, b), min(r, g, b)
    if high < 0.3 or high - low < SATURATED * high:
        return 180.0
    hue, _, _ = colorsys.rgb_to_hsv(r, g, b)
    return 360.0 * min(hue, 1.0 - hue)


def _with_the_first_step(reading: Reading, order: list[Cell], odd: _Odd) -> list[Cell]:
    """The chain with the start joined to it where the start's own marking hid its first step.

    A drawn path begins at the start, so a start drawn by its own look (a tile of its own
    colour, an S) that lies off the chain, beside one of its ends, is the cell the path left
    from: the band of that first step runs under the start's frame or letter and was not read
    (seeds 38, 44, 81, 518: "cannot tell where the drawn path began"; 119, 536, 699, 928: "looks
    like a start, not a goal"). Joined only where the chain's ends show no start's look
    themselves, the start is the one such position off the chain and beside one end alone, and
    the gap between them is no bare background (a band, or something over it: a hint line begins
    a step away from the start and leaves that gap bare)."""
    ends = (order[0], order[-1])
    looks = [c for c in odd.coloured if c not in order] + [
        c for c, letter in odd.letters.items() if letter == "S" and c not in order
    ]
    if any(e in odd.coloured or odd.letters.get(e) == "S" for e in ends) or len(set(looks)) != 1:
        return order
    start = looks[0]
    beside = [e for e in ends if _next_to(start, e)]
    if len(beside) != 1:
        return order
    (step,) = beside
    if not _crossed(reading, start, step) or _no_first_step(reading, start, step, odd):
        return order
    return [start, *order] if step == order[0] else [*order, start]


def _walked_mark_beside_an_end(
    reading: Reading, order: list[Cell], odd: _Odd, walked_colour: np.ndarray | None
) -> tuple[Cell, Cell] | None:
    """The one marked tile off the chain that is a walked tile under its mark, and the end of the
    chain it is the next step from.

    A frame around a tile drawn in the walked colour (the practice game's glow theme frames the
    start) lies over the gap of the path's step out of it, so no band is read there and the mark
    stays off the chain: beside an end, as a goal would be, and the board was refused half drawn
    ("the start ... as well as the goal"). A goal is never walked before the path ends, so a mark
    on a tile of the walked colour, the gap crossed to one end of the chain beside it (and only
    one), is on the path: at its start or at its head (apps frame the head too), which the caller
    leaves to the puzzle (`walked.began_at`) unless a figure or the like tells. No wall is asked
    for, as `_no_first_step` asks none of a start in the path's colour: the frame's own edge
    reads as one across that gap. Letters are read elsewhere (an S: `_with_the_first_step`; an
    E: the goal)."""
    if walked_colour is None or not order:
        return None
    walked = [
        m
        for m in odd.marks
        if m not in order
        and m not in reading.letters
        and m != odd.red_goal
        and same(reading.colours[m], walked_colour)
    ]
    if len(walked) != 1:
        return None
    (mark,) = walked
    beside = [e for e in {order[0], order[-1]} if _next_to(mark, e) and _crossed(reading, mark, e)]
    return (mark, beside[0]) if len(beside) == 1 else None


def _no_first_step(reading: Reading, start: Cell, step: Cell, odd: _Odd) -> bool:
    """Whether a position off the chain beside its end cannot be the start the path left from.

    The red tile is the goal, never the start (look 60's level 5: the red goal beside a start
    whose S sits in a frame's corner, unread, was joined as the start). A tile of a colour of
    its own, neither the path's nor carrying an S, across a wall straight through both centres
    (`Reading.walled`): nothing crosses that gap, so no step does (look 19's level 1: a hole drawn
    dark beside a start's disc in the path's colour). A start tile in the path's colour is not
    asked: a thin dark line of the path into it reads as a wall where the grid's lines are as dark
    (seed 44), and an S's frame walls the step out of it."""
    if start == odd.red_goal:
        return True
    own_colour = odd.letters.get(start) != "S" and start not in odd.path_coloured
    return own_colour and reading.walled(start, step)


def _a_drawn_hole(reading: Reading, mark: Cell) -> bool:
    """Whether the marked tile `mark` is one of a family of holes drawn as a grey square over a
    tile (`_grey_squares`, with another marked position alike): a start's or the head's marker
    is one of a kind, so no line runs into such a tile (look 45's level 9: two inner-square holes
    above the start's disc, whose round middle reads as an arm up; the lower hole was joined as
    the head and the path read from the wrong end)."""
    if reading.kinds[mark] != MARK:
        return False
    return any(other != mark and _grey_squares(reading, [mark, other]) for other in reading.positions(MARK))


def _path_detail(order: list[Cell] | None) -> str:
    if not order:
        return "no path drawn"
    return f"{len(order)} cells walked, {list(order[0])} .. {list(order[-1])}"


@dataclass(frozen=True)
class _Odd:
    """The positions unlike a plain cell, by what is unlike: what tells the start from the goal."""

    figures: list[Cell]  # a figure on the cell (the cat, an avatar)
    marks: list[Cell]  # a mark on a plain cell (a frame, a flag, a letter, a disc)
    coloured: list[Cell]  # a tile of its own colour
    letters: dict[Cell, str]  # the S or E read on a cell
    covering: list[Cell]  # marks over a plain cell's middle (a disc, an avatar): never a goal without an E
    unsure: list[Cell] = field(default_factory=list)  # markers on the path: the head's or the start's?
    lit: list[Cell] = field(default_factory=list)  # path ends under a translucent light (a finger): the head
    red_goal: Cell | None = None  # the one red tile, when nothing else odd is near red
    ringed: Cell | None = None  # the cell whose next steps are marked (rings around them): the head
    path_coloured: list[Cell] = field(default_factory=list)  # tiles of their own colour in the path's

    def is_goal(self, cell: Cell) -> bool:
        """A marked cell that may be the goal: an E, or a small mark (a flag, a frame) with no S."""
        return self.letters.get(cell) == "E" or (self.letters.get(cell) != "S" and cell not in self.covering)


def _start_and_end(odd_cells: _Odd) -> tuple[Cell | None, Cell | None, Check]:
    """No path drawn: the start is the one odd position, the end a second one marked as the goal."""
    figures, marks, coloured, letters = (
        odd_cells.figures,
        odd_cells.marks,
        odd_cells.coloured,
        odd_cells.letters,
    )
    odd = sorted(figures + marks + coloured)
    shown = ", ".join(str(list(c)) for c in odd[:4])
    if not odd:
        return None, None, Check("start", False, ALL_PLAIN)
    if len(odd) == 1:
        (cell,) = odd
        if letters.get(cell) == "E":
            return None, None, Check("start", False, f"no start: only a goal (E) at {list(cell)}")
        return cell, None, Check("start", True, f"the start is {list(cell)} ({_kind(cell, figures, marks)})")
    if len(odd) == 2:
        goals = [c for c in odd if letters.get(c) == "E"]
        if len(goals) != 1:  # no E read: a marked cell (a flag, a frame) beside a figure or a colour
            goals = [c for c in odd if c in marks and odd_cells.is_goal(c)]
        red = odd_cells.red_goal
        if red is not None and len(goals) == 1 and goals[0] != red and letters.get(goals[0]) != "E":
            goals = []  # a flag or a frame on one, the red tile the other: two signs, no answer
        elif len(goals) != 1 and red is not None:  # a red tile beside a start of another hue
            goals = [red]
        starts = [c for c in odd if c not in goals and letters.get(c) != "E"]
        if len(starts) == 1 and len(goals) == 1:
            start, end = starts[0], goals[0]
            detail = f"the start is {list(start)} ({_kind(start, figures, marks)}), the goal {list(end)}"
            return start, end, Check("start", True, detail)
        return None, None, Check("start", False, f"2 positions look like the start: {shown}")
    return None, None, Check("start", False, f"{len(odd)} positions look unlike the plain cells: {shown}")


def _doubt(
    reading: Reading,
    bands: dict[tuple[Cell, Cell], np.ndarray],
    order: list[Cell],
    walked_colour: np.ndarray | None,
    beside: list[tuple[Cell, Cell]],
) -> str | None:
    """Why the read board and chain may not be the whole level and route (None: no doubt seen).

    The puzzle tells a drawn path's alike ends apart only on the whole board with the whole
    route: a chain cut short, or a grid cut short, asks the solver about another level. So does
    a goal told to it that is the start: `beside` pairs the marked goal with an end of the chain
    next to it, and where the gap between them is crossed (a band, or something over it: the
    first step under the start's frame, seed 1778), the mark may be the start as well."""
    crossed = [(mark, end) for mark, end in beside if _crossed(reading, mark, end)]
    if crossed:
        mark, end = crossed[0]
        return (
            f"{list(mark)} beside the end {list(end)}, the gap between them crossed: the start,"
            " its first step under its mark, as well as the goal"
        )
    loose = _loose_bands(bands, order, walked_colour)
    if loose is None:
        return "the path's colour unknown: the chain may not be the whole drawn path"
    if loose:
        shown = ", ".join(f"{list(a)}-{list(b)}" for a, b in loose[:3])
        return f"gaps in the path's colour off the chain ({shown}): it may go on"
    holes = _holes_on_the_border(reading)
    beyond = _drawn_like_a_hole_beyond(reading) if holes else []
    if beyond:
        return (
            f"a hole on the border of a board of dots ({list(holes[0])}), and beyond the grid"
            f" {list(beyond[0])} drawn like its holes: the grid may go on"
        )
    return None


def _holes_on_the_border(reading: Reading) -> list[Cell]:
    """Holes on the border of a board of dots: the dots' reader grows the grid over dots (and
    hatching) only, so a border of holes drawn as squares may go on past the grid it read (seeds
    124 and 347: a column or a row of dark or inner squares left off)."""
    if reading.style != "nodes":
        return []
    rows, cols = reading.kinds.shape[:2]
    return [h for h in reading.positions(HOLE) if h[0] in (0, rows - 1) or h[1] in (0, cols - 1)]


def _drawn_like_a_hole_beyond(reading: Reading) -> list[Cell]:
    """The positions just beyond the grid (row or column -1 or one past the last) drawn like one
    of its holes, where that is not the page around the board: a border of holes drawn as
    squares the grid did not grow over (seed 124: a column of dark squares beyond one holding two).

    The page is the colour most of the ring around the grid shares (half at the least, as
    `styles._page_showing` takes it); a position within a flat edge of it (`FLAT_THRESHOLD`: no
    edge the blob finder would see) shows nothing drawn, whatever the holes look like: a hole left
    as the page (a missing dot where the field is drawn under the dots alone) is alike the page,
    and a border of such holes could be seen by no reader; a hatched one, whose middle may be near
    the page's shade, would have been grown over. Only a position off the page and drawn like a
    hole inside the grid (a square of its colour) keeps the doubt. Seeds 68, 154, 279, 813, 850,
    880, 908, 935: the ring the page (or a panel) all round. With no page (a gradient, a ring of
    mixed UI), every position alike a hole counts.
    """
    if reading.around is None or not (reading.kinds == HOLE).any():
        return []
    around = reading.around
    ring = np.ones(around.shape[:2], bool)
    ring[1:-1, 1:-1] = False
    holes = around[1:-1, 1:-1][reading.kinds == HOLE]
    alike = ring & same(around[:, :, None, :], holes[None, None, :, :]).any(axis=2)
    page = commonest_colour(around[ring])
    if same(around[ring], page).mean() >= PAGE_SHARE:
        alike &= colour_distance(around, page) > FLAT_THRESHOLD
    return [(int(r) - 1, int(c) - 1) for r, c in zip(*np.nonzero(alike), strict=True)]


def _loose_bands(
    bands: dict[tuple[Cell, Cell], np.ndarray],
    order: list[Cell],
    walked_colour: np.ndarray | None,
) -> list[tuple[Cell, Cell]] | None:
    """Gaps in the colour of the chain's own bands that join a cell off the chain: the drawn path
    may go on past what the chain holds (a thin line read only in part: seed 882), so the chain
    is not the whole route. None when the chain's band colour is not known (no band of it read)."""
    steps = {frozenset(pair) for pair in zip(order, order[1:], strict=False)}
    own = [g for pair, g in bands.items() if frozenset(pair) in steps]
    colour = np.median(own, axis=0) if own else walked_colour
    if colour is None:
        return None
    walked = set(order)
    return [
        pair
        for pair, g in sorted(bands.items())
        if not (pair[0] in walked and pair[1] in walked) and same(g, colour)
    ]


def _ends_of_path(
    order: list[Cell],
    odd_cells: _Odd,
    open_cells: frozenset[Cell] | None = None,
    doubt: Callable[[list[tuple[Cell, Cell]]], str | None] = lambda beside: None,
) -> tuple[Cell | None, Cell | None, Check]:
    """A path is drawn: the start is the end of the path away from its head, or the end that keeps
    the start's own look; an odd position off the path may be the goal.

    What says which end is the head: a figure that is not a marker drawn on a walked cell (the
    cat, standing over its cell), a figure caught mid-step beside an end, the next steps marked
    around one end, a finger's translucent light on one end. What says which is the start: its
    own colour or its S kept under the path, or (when no end carries a marker that may be either)
    its frame or mark. A disc, a dot or an avatar drawn on a walked cell may be the start's marker,
    which stays on the start, as well as the head's: alone, it says nothing, and the board is
    refused rather than read the wrong way round -- unless (with `open_cells`) the puzzle tells:
    only one way round can still be finished (`walked.began_at`: why that is sound, and its risk).
    """
    told = ""
    figures, marks, coloured, letters = (
        odd_cells.figures,
        odd_cells.marks,
        odd_cells.coloured,
        odd_cells.letters,
    )
    ends = (order[0], order[-1])
    unsure = [c for c in odd_cells.unsure if c in ends]
    # the start keeps its own look under the path: its own colour, its S, its frame (but a bare
    # frame on the end whose next steps are marked is the head's: apps frame the head too)
    ringed = odd_cells.ringed if odd_cells.ringed in ends else None
    # (a tile in the path's own colour is what the head's cell looks like where the band of the
    # last step was missed and the chain, one cell short, joined it as the start's first step
    # under its own look: it says "start" as weakly as a mark, seed 124)
    own_colour = [c for c in coloured if c not in odd_cells.path_coloured]
    strong = [e for e in ends if e in own_colour or letters.get(e) == "S"]
    weak = [
        e
        for e in ends
        if (e in marks or e in odd_cells.path_coloured)
        and letters.get(e) not in ("E", "S")
        and e != ringed
        and e not in odd_cells.lit
        and e not in unsure
    ]
    # a small mark says "start" only where no end carries a marker that may be the head's too:
    # beside a disc, a mark on the other end may be the line's end or a step number on the head
    own_look = strong + ([] if unsure else [e for e in weak if e not in strong])
    heads = []
    for figure in figures:  # the figure sits on the head, or (mid-step) on the cell before it
        if figure in ends:
            if figure not in unsure:
                heads.append(figure)
        elif figure in order:
            heads += [e for e in ends if abs(order.index(figure) - order.index(e)) == 1]
    heads += [e for e in odd_cells.lit if e not in heads]
    if ringed is not None and ringed not in heads:
        heads.append(ringed)
    off_path = [c for c in sorted(figures + marks + coloured) if c not in order]
    problem = None
    if len(figures) > 1:
        problem = f"{len(figures)} figures on the board: {', '.join(str(list(f)) for f in figures[:4])}"
    elif figures and figures[0] not in ends and not heads:
        problem = f"the figure at {list(figures[0])} is at neither end of the drawn path"
    elif len(own_look) > 1:
        problem = f"both ends of the drawn path look like a start: {list(ends[0])}, {list(ends[1])}"
    elif len(heads) > 1:
        shown = " and ".join(str(list(h)) for h in heads)
        problem = f"cannot tell where the drawn path began: both ends look like its head ({shown})"
    alike = False  # the screen cannot tell the ends apart: the puzzle may (below)
    if problem is None:
        if heads:
            start = ends[1] if heads[0] == ends[0] else ends[0]
            if own_look and own_look[0] != start:
                problem = f"the path's head {list(heads[0])} keeps the start's look"
        elif own_look:
            start = own_look[0]
        elif unsure:
            alike = True
            problem = (
                f"cannot tell where the drawn path began: the marker at {list(unsure[0])} may mark the"
                " start as well as the head, and nothing else tells the ends apart"
            )
        else:
            alike = True
            problem = f"cannot tell where the drawn path began: {list(ends[0])} or {list(ends[1])}"
    goal = off_path and (
        (off_path[0] in marks and odd_cells.is_goal(off_path[0])) or off_path[0] == odd_cells.red_goal
    )
    end = off_path[0] if off_path else None
    if alike and open_cells is not None and len(off_path) <= 1 and (not off_path or goal):
        # ends alike, and nothing else wrong: the way round that can still be finished (walked.py),
        # when the chain is surely the whole drawn path (the puzzle's answer is for that route)
        # the goal beside an end that carries no marker (the cell after the start never does) may
        # be the start, its first step hidden under its own marking (a frame, an S not read)
        beside = [(off_path[0], e) for e in ends if off_path and _next_to(off_path[0], e) and e not in unsure]
        doubted = doubt(beside)
        if doubted is not None:
            began, why = None, doubted
        else:
            began, why = began_at(order, open_cells, end)
        if began is None:
            problem += f" ({why})"
        else:
            start, problem = began, None
            told = f" ({why})"
    if problem is None and len(off_path) > 1:
        shown = ", ".join(str(list(c)) for c in off_path[:4])
        problem = f"{len(off_path)} odd positions off the drawn path: {shown}"
    if problem is None and off_path and not goal:
        problem = f"{list(off_path[0])} is off the drawn path and looks like a start, not a goal"
    if problem is not None:
        return None, None, Check("start", False, problem)
    head = ends[1] if start == ends[0] else ends[0]
    detail = (
        f"the path began at {list(start)}; its head is {list(head)}"
        + (f", the goal {list(end)}" if end else "")
        + told
    )
    return start, end, Check("start", True, detail)


def _next_to(a: Cell, b: Cell) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def _crossed(reading: Reading, a: Cell, b: Cell) -> bool:
    """Whether the gap between two neighbouring positions is no bare background: a band crosses
    it, or something lies over it (a band under a frame or a letter, a thin line)."""
    return reading.band(a, b) is not None or reading.covered(a, b) or reading.wide(a, b)


ROUND = 0.8  # share of a figure's middle alike turned a quarter turn: a disc or a dot (0.93-0.99
# measured, scaled and JPEG'd), where the cats of the real game and the project, a face with ears,
# measure 0.56-0.64
SHADE = (0.3, 0.85)  # a darker shade of the path's colour: the path's own head marker


def _markers(
    reading: Reading,
    figures: list[Cell],
    marks: list[Cell],
    ends: tuple[Cell, Cell],
    walked_colour: np.ndarray | None,
    plain_colour: np.ndarray | None,
) -> list[Cell]:
    """The path's ends that carry a marker that may be the start's as well as the head's.

    A disc, a dot or a ring (the same turned a quarter turn) on a path's end is drawn by some apps
    on the start, where it stays under the path, and by others on the head (the nodes style's
    head in the path's colour, a finger's dot); so is any mark covering an end's middle (an
    avatar inside the tile, a disc). Only a figure that is no marker says "head" by itself: a
    character (the cat: a face with ears, not alike turned), or a disc in a darker shade of the
    path's own colour (an app's head marker belongs to the path; a start's is in the start's
    colour). A face (faces.py: two eyes) makes a character of any figure, round or not."""
    out = []
    for cell in ends:
        if cell in reading.letters:
            continue
        if cell in figures:
            if _has_face(reading, cell):
                continue  # a character: it walks with the head
            round_ = reading.turned is not None and float(reading.turned[cell]) >= ROUND
            shade = walked_colour is not None and _shade_of(reading.colours[cell], walked_colour)
            if reading.figure_in_path_colour or (round_ and not shade):
                out.append(cell)
        elif cell in marks and _covers(reading, cell, [walked_colour, plain_colour]):
            out.append(cell)  # a mark over the end's middle: a disc, an avatar
    return out


def _plain_margin(reading: Reading, cell: Cell, middle: np.ndarray, plain_colour: np.ndarray | None) -> bool:
    """Whether a walked cell whose middle reads `middle` (another colour than the path's) shows
    the plain cells' colour in its margin rather than that colour: something drawn over its middle
    only (a disc, an avatar, the rounded end of a glowing line), not a tile of a colour of its own.

    A start drawn as a tile of its own colour keeps that colour to the tile's edge under the path;
    a mark over the middle leaves the tile's own colour around it, and where the path is drawn over
    tiles that keep their colour (a band, a line), that is the plain colour (seed 1603: the
    glowing line's end on the head, paler than along the line; 1116: an avatar under the finger's
    light, read as one flat colour, the cell's showing beside it, blurred)."""
    if plain_colour is None:
        return False
    ground = reading.grounds[cell]
    return bool(colour_distance(ground, plain_colour) < colour_distance(ground, middle))


def _walked_look(reading: Reading, end: Cell, coloured: list[Cell], order: list[Cell]) -> bool:
    """Whether the path's end `end`, in a colour of its own, shows the colour of a cell in the path's
    middle as well: the walked cells' own look (a lit dot under each step of a line on dots), which
    the path keeps on its head as on any walked cell; the start's own colour is one of a kind
    (level 90014: the lit dots under a dark line, the head's read as the start's own colour and the
    path read from its head)."""
    middle = [c for c in coloured if c in order[1:-1]]
    return end in (order[0], order[-1]) and any(
        same(reading.colours[end], reading.colours[c]) for c in middle
    )


def _under_less_line(end_colour: np.ndarray, walked_colour: np.ndarray) -> bool:
    """Whether the path's end in `end_colour` (a colour of its own) is the walked cells' own look
    with less of a line over it: the walked colour is that colour taken toward white (a white
    line) or darkened (a dark line) by one share in every channel (`_light_over`, `_shade_of`).

    A line through the centres of small walked cells (lit dots) covers a share of each, and the
    cell's colour read is its blend with the line's; the line enters an end from one side only,
    so the end shows the cells' own colour, and passed for a start of its own colour (level
    228006: a white line over orange dots, the head's dot read as the start; the start's disc on
    the other end). A start of its own colour is no blend of the path's with a line's."""
    return _light_over(walked_colour, end_colour) or _shade_of(walked_colour, end_colour)


def _has_face(reading: Reading, cell: Cell) -> bool:
    return reading.faces is not None and bool(reading.faces[cell])


def _covers(reading: Reading, cell: Cell, cell_colours: list[np.ndarray | None]) -> bool:
    """Whether the mark on `cell` covers its middle, the cell's own colour (walked or plain)
    showing around it in its margin: a disc, an avatar; not a frame on its rim."""
    ground, middle = reading.grounds[cell], reading.colours[cell]
    return not same(middle, ground) and any(c is not None and same(ground, c) for c in cell_colours)


def _shade_of(seen: np.ndarray, base: np.ndarray, shares: tuple[float, float] = SHADE) -> bool:
    """Whether `seen` is `base` darkened by one share within `shares` in every channel (a darker
    shade of it)."""
    share = _share_along(seen, np.zeros(3), base.astype(float))
    return share is not None and shares[0] <= share <= shares[1]


LIGHT_SHARE = (0.2, 0.7)  # how far toward white a translucent light takes the cell's colour
LIGHT_FIT = 14  # levels: a shade or a light is its colour moved by one share in every channel, within this


def _light_over(seen: np.ndarray, under: np.ndarray) -> bool:
    """Whether `seen` is a translucent white light over a cell of colour `under` (a finger's dot on
    the head): the cell's colour taken toward white by one share in every channel, where a start's
    disc or dot, or a start tile, is a colour of its own."""
    ground = under.astype(float)
    share = _share_along(seen, ground, 255.0 - ground)
    return share is not None and LIGHT_SHARE[0] <= share <= LIGHT_SHARE[1]


def _share_along(seen: np.ndarray, origin: np.ndarray, direction: np.ndarray) -> float | None:
    """How far `seen` lies from `origin` along `direction` (0 at origin, 1 at its end), when it lies
    on that line within `LIGHT_FIT` levels in every channel; None when it lies off it (or the line
    has no length)."""
    if float(direction @ direction) < 1.0:
        return None
    colour = seen.astype(float)
    share = float((colour - origin) @ direction / (direction @ direction))
    fitted = origin + share * direction
    return share if float(np.abs(colour - fitted).max()) <= LIGHT_FIT else None


def _kind(cell: Cell, figures: list[Cell], marks: list[Cell]) -> str:
    if cell in figures:
        return "a figure on it"
    if cell in marks:
        return "marked"
    return "a colour of its own"
