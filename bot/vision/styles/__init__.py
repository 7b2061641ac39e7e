"""One reader per board style: each turns the positions of a found lattice into a `Reading`.

- `tiles`: a flat tile per cell (separate or touching), holes show the background between;
- `nodes`: a dot per cell on one continuous field, holes hatched (or empty).

A lattice of big blobs (tiles fill ~90 % of the pitch) goes to `tiles`, one of small blobs
(dots, ~25 %) to `nodes`. Both grow the grid the same way (`grow`); what the positions mean is
decided afterwards, the same for every style (`roles.py`).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from onestroke.bot.vision.blobs import FLAT_THRESHOLD
from onestroke.bot.vision.faces import faces_at
from onestroke.bot.vision.ground import level_ground
from onestroke.bot.vision.lattice import Lattice
from onestroke.bot.vision.letters import read_letters
from onestroke.bot.vision.reading import CELL, DRAWN, FIGURE, FOREIGN, HOLE, MARK, Reading
from onestroke.bot.vision.sampling import (
    COLOUR_TOLERANCE,
    COLOURLESS,
    CORE,
    DENSE_ALONG,
    RIM,
    SPARSE,
    Box,
    colour_distance,
    commonest_colour,
    corner_colours,
    corner_samples,
    gap_colours,
    median,
    patches,
    same,
    sample,
    sample_at,
    square_offsets,
)
from onestroke.bot.vision.styles.apart import set_apart
from onestroke.bot.vision.styles.goes_on import sides_going_on
from onestroke.solver.board import Cell

# a style's classifier: (image, lattice, background, box) -> (kinds, colours) of the box's positions
Classifier = Callable[[np.ndarray, Lattice, np.ndarray, Box], tuple[np.ndarray, np.ndarray]]

MAX_GRID = 24  # no real level is larger; bounds the ring growth on strange images
DOTS_BELOW = 0.5  # member blobs smaller than this share of the pitch are dots, not tiles


def read(image: np.ndarray, lattice: Lattice) -> Reading:
    """The reading of the style this lattice's blobs belong to."""
    from onestroke.bot.vision.styles import nodes, tiles

    image = level_ground(image, lattice)  # a page shading under the board, made one colour
    if lattice.fill < DOTS_BELOW:
        return nodes.read_nodes(image, lattice)
    return tiles.read_tiles(image, lattice)


def read_grid(
    style: str,
    image: np.ndarray,
    lattice: Lattice,
    classify: Classifier,
    edge_offsets: np.ndarray,
    band_across: float,
    ground_offsets: np.ndarray,
    *,
    figure_in_path_colour: bool = False,
    marks_on_cells: bool = False,
    letters_in_corners: bool = False,
    thin_bands: bool = False,
    page_holes: bool = False,
    members_on_the_field: bool = False,
    near: float = COLOUR_TOLERANCE,
) -> Reading:
    """What every style does with its classifier: grow the grid, then read the kinds, colours,
    bands, letters and what lies beside the grid. `background` is the median colour of the
    lattice corners between the member blobs (the tiles' background, the nodes' field);
    `edge_offsets` where a position's outer colour is sampled; `band_across` how far either side
    of the line joining two centres a band is sampled; `ground_offsets` where a cell's own colour
    shows beside a mark drawn on it; `page_holes` that a cell in the colour of the page around the
    grid is a hole (cells bounded by lines, whose holes show the page: `_page_showing`); `near`
    how near the gaps' colour a colour is taken for them (`tiles.ground_tolerance`: less than the
    colour tolerance for tiles a shade off their ground), so a shape is told from them (`set_apart`);
    `members_on_the_field` that every member blob is a cell's (a dot on the field), so a border
    line of the members' box that holds nothing but holes is no part of the board
    (`_without_lines_off_the_field`)."""
    members = lattice.members_box()
    background = median(corner_colours(image, lattice, members).reshape(-1, 3), axis=0)

    raw: dict[Box, tuple[np.ndarray, np.ndarray]] = {}
    lost: dict[Box, np.ndarray] = {}
    squares: set[Cell] = set()  # unknown squares once read as holes drawn on the ring (lattice indices)

    def kinds_of(box: Box) -> tuple[np.ndarray, np.ndarray]:
        kinds, colours = classify(image, lattice, background, box)
        raw[box] = (kinds.copy(), colours.copy())
        ring = np.ones(kinds.shape, bool)
        ring[1:-1, 1:-1] = False
        # the board ends where the cells stop being cells of its family: a ring position is taken
        # only when it is bounded on its far side like every cell (the gap or a band of the path)
        open_beyond, continues, joined = _beyond(image, lattice, box, background, band_across, colours)
        # (a cell whose far side goes on in its own colour: the page, or a cell whose line beyond
        # it was lost, a pixel wide scaled away; kept to tell them apart where the growth ends)
        lost[box] = ring & (kinds == CELL) & open_beyond & continues
        # a hole drawn (a dark flat tile) on the ring in the page's own colour, its far side not
        # bounded as a cell's is, is the page beyond the grid: nothing is drawn there (seed 1311:
        # a framed grid's frame under the page's edge, the panel above it read as dark tiles)
        kinds[ring & (kinds == DRAWN) & open_beyond & _shows_the_page(colours, ring)] = HOLE
        # so is one in the page's own colour where the holes drawn inside the grid are not: a
        # family of holes is drawn in one colour, and the page's grain or shading read as a dark
        # or hatched tile is no member of it, bounded or not (77011, 77005: a noisy page a shade
        # off the gaps; 23006: a dark gradient within the tolerance of the border lines)
        kinds[_page_unlike_the_holes(colours, ring, ring & (kinds == DRAWN), ~ring & (kinds == DRAWN))] = HOLE
        kinds[ring & (kinds == CELL) & open_beyond] = FOREIGN
        # and so is a marked position whose far side is not bounded as a cell's is (an avatar in
        # the top bar: the night theme's 9x7 board grew a row of holes up to it), or a figure so
        # beside the grid's own figure (the real game's cat on the top row, its tail up into the
        # avatar: the practice game's level 8 of seed 101 was refused as a grid that may go on),
        # where nothing as wide as a band crosses the gap between it and the grid (a walked dot
        # or the head beside the grid, a band into it, stays marked and leaves the grid
        # untrusted: looks 151015, 162015 read as parts of the board without it)
        unbounded = ring & open_beyond & ~joined
        kinds[unbounded & (kinds == MARK)] = FOREIGN
        kinds[unbounded & (kinds == FIGURE) & _beside_any((kinds == FIGURE) & ~ring)] = FOREIGN
        # an unknown position whose far side goes on in its own colour is the page or a panel
        # beyond the grid's frame, not a cell the reader missed (a cell ends at a gap or a band)
        kinds[ring & (kinds == FOREIGN) & continues] = HOLE
        # a position beside the grid on a shape set apart from it and wider than a cell (a row
        # of buttons in the cells' colour, words on them) is no cell, marked or missed
        sides = ring.copy()
        sides[[0, 0, -1, -1], [0, -1, 0, -1]] = False
        unsure = (kinds == MARK) | (kinds == FIGURE) | (kinds == DRAWN) | _like_a_cell(kinds, colours, ~ring)
        # but a figure drawn like a family of figures inside the grid (two or more alike: holes
        # drawn as a square over the dot, which `roles.py` takes for holes) may be one more of
        # them on the board's border row, not UI: it stays a figure, and two or more such beside
        # the grid leave the board untrusted (`checks.edge_check`) rather than trimmed
        unsure &= ~((kinds == FIGURE) & _alike_any(colours, families((kinds == FIGURE) & ~ring, colours)))
        # nor a mark drawn on a tile of a cell's colour (the path's band over walked tiles runs on
        # sideways as a button does, but its tiles' margins are the board's)
        unsure &= ~_on_a_cells_tile(image, lattice, box, kinds, colours, sides & unsure, ground_offsets)
        kinds[set_apart(image, lattice, box, colours, sides & unsure, background, near)] = HOLE
        # holes drawn along one side of the grid on the board's own ground, the ground between
        # them, are a border of the board's holes (one shape to `set_apart` where that ground is
        # a thin line, JPEG'd), not a bar beside it
        on_the_ground = _drawn_on_the_ground(image, lattice, box, kinds, colours, background, band_across)
        kinds[on_the_ground] = DRAWN
        # an unknown square taken as a hole drawn on the ring stays one inside the grid, where only
        # the ring is judged so (seed 594: two rows of inner squares side by side)
        squares.update(
            (int(r) + box[0], int(c) + box[2]) for r, c in zip(*np.nonzero(on_the_ground), strict=True)
        )
        for r, c in squares:
            if box[0] <= r < box[1] and box[2] <= c < box[3] and kinds[r - box[0], c - box[2]] == FOREIGN:
                kinds[r - box[0], c - box[2]] = DRAWN
        return kinds, colours

    classified: dict[Box, tuple[np.ndarray, np.ndarray]] = {}

    def kinds_once(box: Box) -> tuple[np.ndarray, np.ndarray]:
        if box not in classified:  # (the members' ring is asked twice where they are trimmed)
            classified[box] = kinds_of(box)
        kinds, colours = classified[box]
        raw[box] = (kinds.copy(), colours.copy())
        return kinds.copy(), colours.copy()

    if members_on_the_field:
        r0, r1, c0, c1 = members
        kinds, _ = kinds_once((r0 - 1, r1 + 1, c0 - 1, c1 + 1))
        members = _without_lines_off_the_field(kinds[1:-1, 1:-1], lattice, members)
    box, left_out = grow(kinds_once, members)
    # the board's positions as read with the ring that ended the growth around them, not read a
    # second time (the classifier was a fifth of a read). Its few box-wide judgements (the plain
    # cells' colour) then also see a ring position read as a cell before it was found open
    # beyond: 3 of 1,070 random-look screens gave another refusal reason, none another outcome
    r0, r1, c0, c1 = box
    ring_kinds, ring_colours = raw[(r0 - 1, r1 + 1, c0 - 1, c1 + 1)]
    left_out += _lines_lost(lost[(r0 - 1, r1 + 1, c0 - 1, c1 + 1)], ring_kinds, ring_colours)
    kinds, colours = ring_kinds[1:-1, 1:-1].copy(), ring_colours[1:-1, 1:-1].copy()
    drawn = kinds == DRAWN
    kinds[drawn] = HOLE
    leaving = bands_leaving(image, lattice, box, kinds, background, band_across)
    edges = median(sample(image, lattice, box, edge_offsets), axis=2)
    grounds = median(sample(image, lattice, box, ground_offsets), axis=2)
    # an unknown position drawn like the family of marked tiles or drawn holes beside it is one of
    # them, its corners covered by its neighbours' tiles (holes side by side on touching cells)
    kinds = _drawn_like_neighbours(kinds, drawn, colours, edges, grounds)
    dense_right, dense_down = gap_colours(image, lattice, box, band_across, DENSE_ALONG)
    right, down = dense_right[..., SPARSE, :], dense_down[..., SPARSE, :]
    bands_right, gaps_right, covered_right, wide_right = gaps(right, background)
    bands_down, gaps_down, covered_down, wide_down = gaps(down, background)
    lines_right, lines_down = _line_walls(dense_right, background), _line_walls(dense_down, background)
    # a wall: a line in the background's colour straight across the gap, or a thin one blurred
    walls_right = straight_walls(dense_right, background) | lines_right
    walls_down = straight_walls(dense_down, background) | lines_down
    if page_holes:
        # (a "band" across a wall is a cell's own colour beside a line too thin for the samples)
        bands = (bands_right & ~walls_right, bands_down & ~walls_down, gaps_right, gaps_down)
        kinds[_page_showing(image, lattice, box, kinds, colours, grounds, background, *bands)] = HOLE
    if thin_bands and (kinds == CELL).any():
        # a thin line joins two positions that are both unlike the plain cells (lit dots, a
        # framed head): a hint line over plain cells, as thin, is no band
        # (a line a few pixels wide is sampled off its middle as often as on it: it takes the
        # colour of the dot it leaves, the path's colour at that dot)
        # the plain colour from the cells no band or thin line touches: with a path drawn over
        # most of the board, the commonest colour of all the cells is the path's (lit dots)
        thin_right, thin_down = thin_lines(right, background)[0], thin_lines(down, background)[0]
        untouched = (kinds == CELL) & ~touched_by(bands_right | thin_right, bands_down | thin_down)
        plain = commonest_colour(colours[untouched if untouched.any() else kinds == CELL])
        unlike = ~same(colours, plain) | (kinds == MARK) | (kinds == FIGURE)
        cell = kinds == CELL
        for bands_, gaps_, covered, thin_found, a, b, cell_a, colour_a, colour_b in (
            (
                bands_right,
                gaps_right,
                covered_right,
                thin_right,
                unlike[:, :-1],
                unlike[:, 1:],
                cell[:, :-1],
                colours[:, :-1],
                colours[:, 1:],
            ),
            (
                bands_down,
                gaps_down,
                covered_down,
                thin_down,
                unlike[:-1, :],
                unlike[1:, :],
                cell[:-1, :],
                colours[:-1, :],
                colours[1:, :],
            ),
        ):
            thin = thin_found & ~bands_ & a & b
            bands_ |= thin
            gaps_[thin] = np.where(cell_a[..., None], colour_a, colour_b)[thin]
            covered &= ~thin
    pairs_right, pairs_down = open_pairs(kinds)
    if letters_in_corners and lattice.tile_side <= FRAMED_TILE:
        # tiles with gaps: a frame drawn in the gaps around one cell marks it
        framed = framed_in_the_gaps(
            kinds,
            bands_right & pairs_right,
            bands_down & pairs_down,
            pairs_right,
            pairs_down,
            wide_right,
            wide_down,
        )
        if not framed.any():
            # a frame drawn a pixel or two off the gaps' middle (around the tile, at half scale
            # or on dots: seeds 60, 1738) crosses them beside the middle samples
            across_right = (wide_right | lines_across(dense_right, background)) & ~bands_right & pairs_right
            across_down = (wide_down | lines_across(dense_down, background)) & ~bands_down & pairs_down
            framed = _alone_in_the_gaps(
                framed_in_the_gaps(
                    kinds, bands_right, bands_down, pairs_right, pairs_down, across_right, across_down
                ),
                across_right,
                across_down,
            )
        kinds[framed] = MARK
    # a line between touching cells, seen densely on all three lines across at one place, is no
    # join: a path paints over the line where it steps (a filled join, a band, the middle line's
    # stroke). Between the sparse samples or within the tolerance of the cells (a pixel wide,
    # scaled down), it let plain cells read as joined on every side, and no cell was left to give
    # the plain colour. Only between two cells: a frame around a marked cell and a figure's edge
    # cross a real step
    cell = kinds == CELL
    bands_right &= ~(lines_right & cell[:, :-1] & cell[:, 1:])
    bands_down &= ~(lines_down & cell[:-1, :] & cell[1:, :])
    return Reading(
        style,
        lattice,
        box,
        kinds,
        colours,
        edges,
        grounds,
        bands_right & pairs_right,
        bands_down & pairs_down,
        gaps_right,
        gaps_down,
        covered_right & pairs_right,
        covered_down & pairs_down,
        wide_right & pairs_right,
        wide_down & pairs_down,
        read_letters(image, lattice, box, kinds, corners=letters_in_corners),
        left_out,
        leaving,
        figure_in_path_colour=figure_in_path_colour,
        marks_on_cells=marks_on_cells,
        turned=quarter_turn_alike(image, lattice, box, kinds == FIGURE),
        faces=_faces(image, lattice, box, kinds),
        middles=median(sample(image, lattice, box, MIDDLE), axis=2),
        patches=_patches_of_odd(image, lattice, box, kinds, colours),
        walls_right=walls_right & pairs_right,
        walls_down=walls_down & pairs_down,
        around=ring_colours,
        goes_on=sides_going_on(image, lattice, box, kinds, colours, grounds),
    )


def _page_showing(
    image: np.ndarray,
    lattice: Lattice,
    box: Box,
    kinds: np.ndarray,
    colours: np.ndarray,
    grounds: np.ndarray,
    background: np.ndarray,
    bands_right: np.ndarray,
    bands_down: np.ndarray,
    gaps_right: np.ndarray,
    gaps_down: np.ndarray,
) -> np.ndarray:
    """Cells that show the page around the grid: holes of a grid of touching cells or a framed
    grid, where a missing cell leaves the page's colour inside the lines around it (the lines,
    not the page, are such a grid's `background`). The page is the colour most positions of the
    ring around the grid share; a cell in it that is neither the plain cells' colour nor joined
    to a neighbour by a band (walked cells of that colour are) is a hole. None is, where a marked
    cell (a flag, a letter: `grounds`) or a figure (an avatar, a disc) is drawn on the page's
    colour: such cells are plain cells a shade off the page (or in its colour), which with most
    of the board walked are not the commonest colour.

    Holes side by side show the page across the gap between them too (a grid of lines draws no
    line where no cell is), which reads as a band in the page's colour; and where four meet, the
    lattice corner between them is the page, so the ones inside such a block are no cells to the
    classifier (FOREIGN). Such positions, joined to each other by the page and to nothing else
    by any band, are holes as one is: walked cells of the page's colour would be joined to the
    start or the head, which is no cell of that colour."""
    cell = kinds == CELL
    if not cell.any():
        return np.zeros(kinds.shape, bool)
    r0, r1, c0, c1 = box
    around = median(sample(image, lattice, (r0 - 1, r1 + 1, c0 - 1, c1 + 1), CORE), axis=2)
    ring = np.ones(around.shape[:2], bool)
    ring[1:-1, 1:-1] = False
    beyond = around[ring]
    page = commonest_colour(beyond)
    if same(beyond, page).mean() < PAGE_SHARE or same(page, background):
        return np.zeros(kinds.shape, bool)
    # a marked cell (a flag, a letter) or a figure (the cat, an avatar, the start's disc) stands on
    # a cell: the colour showing beside its mark is a cell's, so the page's colour is no hole's
    # (most of the board walked, the plain cells are not the commonest colour: seeds 897, 1616)
    marked = (kinds == MARK) | (kinds == FIGURE)
    if same(page, commonest_colour(colours[cell])) or same(grounds[marked], page).any():
        return np.zeros(kinds.shape, bool)
    shown = (cell | (kinds == FOREIGN)) & same(colours, page)
    if ((kinds == FOREIGN) & shown).any():  # an unknown position shows the page only where it is flat
        core = sample(image, lattice, box, CORE)
        flat = same(core, colours[:, :, None, :]).mean(axis=2) >= PAGE_FLAT
        shown &= cell | flat
    page_right = bands_right & same(gaps_right, page) & shown[:, :-1] & shown[:, 1:]
    page_down = bands_down & same(gaps_down, page) & shown[:-1, :] & shown[1:, :]
    joined = touched_by(bands_right & ~page_right, bands_down & ~page_down)
    out = np.zeros(kinds.shape, bool)
    for patch in _patches(shown, page_right, page_down):
        if not any(joined[m] for m in patch):
            out[tuple(np.transpose(patch))] = True
    # a whole row or column of the page at the grid's border is the page beyond it, which the
    # growth took a line of (the grid's lines end there; a border line of holes is no part of a
    # level either): patches of two or more, or of unknown positions, are no holes there
    gone = out | (kinds == HOLE)
    lines = np.zeros(kinds.shape, bool)
    lines[gone.all(axis=1), :] = True
    lines[:, gone.all(axis=0)] = True
    for patch in _patches(out, page_right, page_down):
        if (len(patch) > 1 or not cell[patch[0]]) and any(lines[m] for m in patch):
            out[tuple(np.transpose(patch))] = False
    return out


def _patches(where: np.ndarray, right: np.ndarray, down: np.ndarray) -> list[list[Cell]]:
    """The positions of `where` in groups joined side by side where `right` (between [r, c] and
    [r, c+1]) or `down` (between [r, c] and [r+1, c]) says so."""
    rows, cols = where.shape
    seen = np.zeros(where.shape, bool)
    out = []
    for first in zip(*np.nonzero(where), strict=True):
        if seen[first]:
            continue
        seen[first] = True
        members, todo = [], [(int(first[0]), int(first[1]))]
        while todo:
            r, c = todo.pop()
            members.append((r, c))
            steps = (
                (r, c + 1, c + 1 < cols and right[r, c]),
                (r, c - 1, c > 0 and right[r, c - 1]),
                (r + 1, c, r + 1 < rows and down[r, c]),
                (r - 1, c, r > 0 and down[r - 1, c]),
            )
            for r2, c2, joined in steps:
                if joined and where[r2, c2] and not seen[r2, c2]:
                    seen[r2, c2] = True
                    todo.append((r2, c2))
        out.append(members)
    return out


PAGE_SHARE = 0.5  # of the ring around the grid in one colour: the page (a gradient has none)
PAGE_FLAT = 0.95  # share of an unknown position's middle in its colour: the page seen flat (as a cell is)


MIDDLE = square_offsets(0.05, 3)  # the very middle of a position: what a ring leaves bare


FACES_LOOKED_FOR = 8  # at most: a grid with more figures and marks is refused anyway (a keypad)


def _faces(image: np.ndarray, lattice: Lattice, box: Box, kinds: np.ndarray) -> np.ndarray:
    marked = (kinds == FIGURE) | (kinds == MARK)
    if marked.sum() > FACES_LOOKED_FOR:
        return np.zeros_like(marked)
    return faces_at(image, lattice, box, marked)


def quarter_turn_alike(image: np.ndarray, lattice: Lattice, box: Box, where: np.ndarray) -> np.ndarray:
    """For the positions `where` (the figures: roles asks only of them), the share of the middle
    (the CORE samples) that looks the same turned a quarter turn about the position's centre: a
    disc, a dot or a ring (a marker) near 1, a character with a face and ears (the cat, an avatar)
    far less; 0 elsewhere. Only `where` is compared: the rest would cost every reading of the grid
    for nothing."""
    out = np.zeros(where.shape, float)
    if not where.any():
        return out
    core = sample(image, lattice, box, CORE)[where]  # (n, m, 3)
    side = int(round(np.sqrt(core.shape[1])))
    square = core.reshape(-1, side, side, 3)
    turned = np.rot90(square, 1, axes=(1, 2))
    # alike within one sample either way: a marker a pixel off its lattice point, or blurred by
    # scaling and JPEG at its edge, is still the same turned (a face's eyes and ears are not)
    padded = np.pad(turned, ((0, 0), (1, 1), (1, 1), (0, 0)), mode="edge")
    alike = np.zeros(square.shape[:3], bool)
    for dy in range(3):
        for dx in range(3):
            alike |= same(square, padded[:, dy : dy + side, dx : dx + side])
    out[where] = alike.mean(axis=(1, 2))
    return out


def grow(classify: Callable[[Box], tuple[np.ndarray, np.ndarray]], start: Box) -> tuple[Box, list[Cell]]:
    """Grow `start` one ring at a time while the ring holds cells; then the odd ones beside them.

    Cells come first; only when no ring adds cells may a ring add a figure (while the grid holds
    none) or a marked cell (while the grid holds fewer than three odd positions: a start, a
    goal, the figure on a path's head), beside an open position. So UI next to the grid (an
    avatar, a button) cannot become a second start when the real one is reachable through
    cells, and the extent comes from the lattice, not from what the blob finder happened to see.

    Returns the box and what lies beside it that was left out (box coordinates: row -1 is the
    ring above): marked cells, figures, two or more holes drawn as no hole inside is, and
    unknown positions in the colour of a cell of the grid (a cell the reader did not recognise:
    under a hint line, on a gradient's far end); a board with such a neighbour is not trusted
    (`checks.edge_check`).
    """
    r0, r1, c0, c1 = start
    while True:
        kinds, colours = classify((r0 - 1, r1 + 1, c0 - 1, c1 + 1))
        inner = np.zeros(kinds.shape, bool)
        inner[1:-1, 1:-1] = True
        odd = (kinds == FIGURE) | (kinds == MARK)
        open_inside = ((kinds == CELL) | odd) & inner
        beside = _beside_any(open_inside)
        # holes drawn as such (a hatched row) belong to the board beside it, as cells do
        # (one that looks like no hole inside is as likely a dark panel or pill beside the board)
        drawn_inside = (kinds == DRAWN) & inner
        # and so does a row or column of holes drawn alike along one side of it (two or more): a
        # border of holes drawn is part of the board (seeds 347, 1116, 1534: a row of squares read off)
        drawn_ring = (kinds == DRAWN) & _beside_any(open_inside | drawn_inside)
        drawn_beside = drawn_ring & (
            _alike_any(colours, drawn_inside) | _alike_along_a_side(drawn_ring, colours)
        )
        take = ~inner & ((kinds == CELL) | drawn_beside)
        candidates = ~inner & beside & odd
        if not take.any():
            figures = candidates & (kinds == FIGURE)
            marks = candidates & (kinds == MARK)
            if ((kinds == FIGURE) & inner).any() or figures.sum() > 1:
                figures[:] = False
            if int((odd & inner).sum()) + figures.sum() + marks.sum() > 3:
                marks[:] = False
            take = figures | marks
        grow_top, grow_bottom = take[0].any(), take[-1].any()
        grow_left, grow_right = take[:, 0].any(), take[:, -1].any()
        if not (grow_top or grow_bottom or grow_left or grow_right) or max(r1 - r0, c1 - c0) >= MAX_GRID:
            # what lies beside the grid and is neither cell nor hole: a marked cell, a figure that
            # was not taken (a second one, or beside a grid that has one), something unknown —
            # the grid may go on past it (walked cells, a hint line, a row the reader missed)
            left = ~inner & beside & ((kinds == MARK) | _two_or_more(~inner & beside & (kinds == FIGURE)))
            # (beside a hole of the border as well: the board goes on past its holes as past its
            # cells, and holes along the border hid all but one of such a column, seed 1107)
            left |= _two_or_more(~inner & _beside_any(inner) & _like_a_cell(kinds, colours, inner))
            # holes drawn beside the grid like none inside it (a border row of hatched squares):
            # a row of the board as likely as a row of UI, so the board is not trusted either way
            left |= _two_or_more(~inner & beside & (kinds == DRAWN))
            # a figure beside the grid next to a figure in it: a board has one figure, so one of
            # them is a cell the other overlaps (a path's head, its band's end over the next tile)
            left |= ~inner & (kinds == FIGURE) & _beside_any((kinds == FIGURE) & inner)
            left_out = [(int(r) - 1, int(c) - 1) for r, c in zip(*np.nonzero(left), strict=True)]
            return (r0, r1, c0, c1), left_out
        r0, r1 = r0 - int(grow_top), r1 + int(grow_bottom)
        c0, c1 = c0 - int(grow_left), c1 + int(grow_right)


def _without_lines_off_the_field(kinds: np.ndarray, lattice: Lattice, members: Box) -> Box:
    """`members` (the members' box, whose kinds are `kinds`) less the border rows and columns
    where every position reads as a hole, the members on them as well. A dot of the board has
    the field around it; a member blob that reads as a hole has none: grain on the page beside
    the board that happened to fall on the lattice and be linked (seed 908: a 12 px speck of a
    noisy page one pitch right of the field's edge, a column of page read as holes). Holes drawn
    on the field (a hatched row) are never member dots, and the grid grows over them again."""
    r0, r1, c0, c1 = members
    is_member = np.zeros(kinds.shape, bool)
    is_member[lattice.rows - r0, lattice.cols - c0] = True
    hole = kinds == HOLE
    if (hole & is_member).sum() * 2 > is_member.sum():  # the holes' own markings made the lattice:
        return members  # refused as such (`nodes._holes_made_the_lattice`)
    top, bottom, left, right = 0, kinds.shape[0], 0, kinds.shape[1]
    while bottom - top > 1 and right - left > 1:
        lines = {
            "top": np.s_[top, left:right],
            "bottom": np.s_[bottom - 1, left:right],
            "left": np.s_[top:bottom, left],
            "right": np.s_[top:bottom, right - 1],
        }
        gone = [side for side, line in lines.items() if is_member[line].any() and hole[line].all()]
        if not gone:
            break
        top += "top" in gone
        bottom -= "bottom" in gone
        left += "left" in gone
        right -= "right" in gone
    return (r0 + top, r0 + bottom, c0 + left, c0 + right)


def _alike_along_a_side(found: np.ndarray, colours: np.ndarray) -> np.ndarray:
    """Positions of `found` (on the ring around a grid) beside another of them on the same side of
    the ring in the same colour: a run of alike shapes along the grid's border. Two apart with
    something else between them are no row of holes (seed 1117: a dark noisy page beyond touching
    cells read as two drawn holes either side of a position that is neither)."""
    out = np.zeros(found.shape, bool)
    for side in (np.s_[0, :], np.s_[-1, :], np.s_[:, 0], np.s_[:, -1]):
        along = np.zeros(found.shape, bool)
        along[side] = found[side]
        right = along[:, :-1] & along[:, 1:] & same(colours[:, :-1], colours[:, 1:])
        down = along[:-1, :] & along[1:, :] & same(colours[:-1, :], colours[1:, :])
        out[:, :-1] |= right
        out[:, 1:] |= right
        out[:-1, :] |= down
        out[1:, :] |= down
    return out


def _drawn_on_the_ground(
    image: np.ndarray,
    lattice: Lattice,
    box: Box,
    kinds: np.ndarray,
    colours: np.ndarray,
    background: np.ndarray,
    across: float,
) -> np.ndarray:
    """Holes on the ring of `box` (the grid grown by one) drawn on the board's own ground, in a
    row or column of two or more: grey to black (a void or a shadow: a dark square, an inner
    square, a hatching), unlike every cell inside, drawn (unlike the ground, or a square inside a
    margin of another shade), with the ground between each and an alike neighbour on the same
    side of the ring (the gaps' colour, the field of dots, the grid's lines run on between them).
    The page beyond a board shows nothing drawn: where it is another colour than the ground, the
    gap between two of its positions is the page too; where it is near the ground's, it is flat;
    where half the ring or more shows one colour (the page, as `_page_showing` takes it), a
    position within a flat edge of it is the page (as `roles._drawn_like_a_hole_beyond` says)."""
    ring = np.ones(kinds.shape, bool)
    ring[1:-1, 1:-1] = False
    out = np.zeros(kinds.shape, bool)
    # (or unknown: an inner square on a tile whose corners show the page, not the gaps: holes
    # side by side on touching cells, where no line is drawn between them, seed 594)
    hole = ring & ((kinds == HOLE) | (kinds == FOREIGN)) & (np.ptp(colours, axis=-1) <= COLOURLESS)
    hole &= ~_alike_any(colours, ~ring & (kinds == CELL))
    if not _two_along_a_side(hole):
        return out
    page = commonest_colour(colours[ring])
    page_shown = bool(same(colours[ring], page).mean() >= PAGE_SHARE)
    # (a dark noisy page a shade off the ground: some samples of a gap on it lie within the
    # tolerance of the ground, so the gap reads neither band nor covered, seed 315)
    hole &= ~_shows_the_page(colours, ring)
    if not _alike_along_a_side(hole, colours).any():
        return out
    at_r, at_c = np.nonzero(hole)
    margin = np.zeros(colours.shape)
    margin[at_r, at_c] = median(sample_at(image, lattice, at_r + box[0], at_c + box[2], RIM), axis=1)
    square = hole & (colour_distance(colours, margin) > FLAT_THRESHOLD)
    on_the_page = page_shown & same(margin, page)
    hole &= ~same(colours, background) | square
    # an unknown position is a hole drawn only as a square on a tile of its own, off the page
    hole &= (kinds == HOLE) | (square & page_shown & ~on_the_page)
    if not _alike_along_a_side(hole, colours).any():  # (the gaps, the costly part, only then)
        return out
    right, down = gap_colours(image, lattice, box, across)
    # (two ring positions side by side lie on one side of the ring: the ring's inside is no ring)
    for gap_samples, a, b in ((right, np.s_[:, :-1], np.s_[:, 1:]), (down, np.s_[:-1, :], np.s_[1:, :])):
        band, colour, covered, _ = gaps(gap_samples, background)
        # between them the ground, or (squares side by side, their line lost at a small scale) the
        # margin they are drawn in (an inner square's tile), where that margin is not the page
        # around the grid: squares drawn on the page beside a board are no border of its holes
        ground = ~band & ~covered
        in_margin = square[a] & square[b] & same(colour, margin[a]) & same(colour, margin[b])
        in_margin &= ~on_the_page[a] & ~on_the_page[b]
        # or the page, between two such tiles alike (holes side by side on touching cells: no
        # line is drawn where no cell is, so the page shows between their tiles)
        tiles = square[a] & square[b] & ~on_the_page[a] & ~on_the_page[b] & same(margin[a], margin[b])
        set_apart_by_page = tiles & page_shown & same(colour, page)
        alike = same(colours[a], colours[b])
        pair = hole[a] & hole[b] & alike & (ground | in_margin | set_apart_by_page)
        out[a] |= pair
        out[b] |= pair
    return out


def _shows_the_page(colours: np.ndarray, ring: np.ndarray) -> np.ndarray:
    """Positions within a flat edge (`FLAT_THRESHOLD`) of the page: the colour half or more of
    the `ring` around the grid shows (as `_page_showing` takes it; none where no colour does)."""
    page = commonest_colour(colours[ring])
    if same(colours[ring], page).mean() < PAGE_SHARE:
        return np.zeros(colours.shape[:2], bool)
    return colour_distance(colours, page) <= FLAT_THRESHOLD


def _page_unlike_the_holes(
    colours: np.ndarray, ring: np.ndarray, found: np.ndarray, holes: np.ndarray
) -> np.ndarray:
    """Positions of `found` (holes drawn on the `ring`) that show the page (`_shows_the_page`)
    where no hole drawn inside the grid (`holes`) does: within a flat edge of the page, more than
    a flat edge off every such hole and nearer the page than any. None where no hole is drawn
    inside, or where one shows the page itself (holes drawn in nearly the page's colour on a dark
    page: the two cannot be told apart)."""
    none = np.zeros(colours.shape[:2], bool)
    if not found.any() or not holes.any():
        return none
    shows = _shows_the_page(colours, ring)
    if not (shows & found).any() or shows[holes].any():
        return none
    to_page = colour_distance(colours, commonest_colour(colours[ring]))
    to_holes = np.min(
        [colour_distance(colours, np.broadcast_to(h, colours.shape)) for h in colours[holes]], axis=0
    )
    return found & shows & (to_holes > FLAT_THRESHOLD) & (to_page < to_holes)


def _two_along_a_side(found: np.ndarray) -> bool:
    """Whether two or more positions of `found` (on a ring) lie on one side of it."""
    sides = (found[0], found[-1], found[:, 0], found[:, -1])
    return max(int(side.sum()) for side in sides) >= 2


def touched_by(join_right: np.ndarray, join_down: np.ndarray) -> np.ndarray:
    """The positions a join (right or down) touches."""
    joined = np.zeros((join_down.shape[0] + 1, join_right.shape[1] + 1), bool)
    joined[:, :-1] |= join_right
    joined[:, 1:] |= join_right
    joined[:-1, :] |= join_down
    joined[1:, :] |= join_down
    return joined


def _beside_any(found: np.ndarray) -> np.ndarray:
    """Positions beside (above, below, left or right of) any position in `found`."""
    beside = np.zeros(found.shape, bool)
    beside[1:, :] |= found[:-1, :]
    beside[:-1, :] |= found[1:, :]
    beside[:, 1:] |= found[:, :-1]
    beside[:, :-1] |= found[:, 1:]
    return beside


def _beyond(
    image: np.ndarray, lattice: Lattice, box: Box, background: np.ndarray, across: float, colours: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """What lies past the far side of the border positions of `box`, and on the near side:
    (open, continues, joined).

    `open`: the gap beyond them (away from the box) shows something that is neither the
    background nor a band of the path. A cell of the board, plain or walked, ends at a gap (the
    background, a border line, the grid's frame) or at a band to the next walked cell; the page
    above a framed grid, a panel in the cells' own colour, the gradient under the board go on
    past where a cell would end (a title's letters on the gap line count as not bounded too).

    `continues`: the gap beyond shows one colour, no background, and it is the position's own
    colour (`colours`, the box's median colours): the surface goes on past where a cell would
    end, as the page does beyond a grid's frame. A cell the reader did not recognise (under a hint
    line, at a gradient's far end) still ends at a gap of another colour.

    `joined`: the gap on the near side, between the position and the grid's border beside it, is
    as wide as a band is (`gaps`: no background in its middle on two lines): a band, or something
    over one, joins it to the grid; a thin thing across (a cat's tail) leaves it unjoined.
    """
    r0, r1, c0, c1 = box
    dense_right, dense_down = gap_colours(
        image, lattice, (r0 - 1, r1 + 1, c0 - 1, c1 + 1), across, DENSE_ALONG
    )
    right, down = dense_right[..., SPARSE, :], dense_down[..., SPARSE, :]
    band_right, colour_right, covered_right, wide_right = gaps(right, background)
    band_down, colour_down, covered_down, wide_down = gaps(down, background)
    # a band is narrower than what it joins: the lattice corners beside it show the background
    # (a panel or the page beyond the grid fills them too)
    corner = same(median(corner_samples(image, lattice, box), axis=2), background)
    # a thin line across the gap (the path drawn centre to centre) leaves the background beside
    # it: bounded as a band is, where a panel or the page fills the gap's whole width
    thin_right = thin_lines(right, background)[0] & _beside(corner, "right")
    thin_down = thin_lines(down, background)[0] & _beside(corner, "down")
    open_right = (covered_right & ~thin_right) | (band_right & ~_beside(corner, "right"))
    open_down = (covered_down & ~thin_down) | (band_down & ~_beside(corner, "down"))
    open_right &= ~straight_walls(dense_right, background)
    open_down &= ~straight_walls(dense_down, background)
    rows, cols = r1 - r0, c1 - c0
    open_ = np.zeros((rows, cols), bool)
    open_[0, :] |= open_down[0, 1:-1]
    open_[-1, :] |= open_down[rows, 1:-1]
    open_[:, 0] |= open_right[1:-1, 0]
    open_[:, -1] |= open_right[1:-1, cols]
    continues = np.zeros((rows, cols), bool)
    continues[0, :] |= band_down[0, 1:-1] & same(colour_down[0, 1:-1], colours[0, :])
    continues[-1, :] |= band_down[rows, 1:-1] & same(colour_down[rows, 1:-1], colours[-1, :])
    continues[:, 0] |= band_right[1:-1, 0] & same(colour_right[1:-1, 0], colours[:, 0])
    continues[:, -1] |= band_right[1:-1, cols] & same(colour_right[1:-1, cols], colours[:, -1])
    joined = np.zeros((rows, cols), bool)
    joined[0, :] |= wide_down[1, 1:-1]
    joined[-1, :] |= wide_down[rows - 1, 1:-1]
    joined[:, 0] |= wide_right[1:-1, 1]
    joined[:, -1] |= wide_right[1:-1, cols - 1]
    return open_, continues, joined


def straight_walls(dense: np.ndarray, background: np.ndarray) -> np.ndarray:
    """Per gap from `gap_colours(..., DENSE_ALONG)`: a wall in the background's colour crosses
    all three lines at the same place (a grid's frame line between touching cells, a pixel or
    two off where the lattice puts the gap, missed by samples 0.03 pitch apart). A letter's
    strokes beside the gap wall a line here and there, rarely all three at one place."""
    middle = dense[..., 1:-1, :]  # 0.47 to 0.53 pitch
    to_background = colour_distance(middle, background)  # (..., line, sample)
    line_colour = median(middle, axis=-2)
    to_line = colour_distance(middle, line_colour[..., None, :])
    walled = (to_background <= COLOUR_TOLERANCE) | (to_background < to_line)
    return walled.all(axis=-2).any(axis=-1)


WALL_SHARE = 0.3  # a line across a gap, blurred: the fill taken at least this far toward the background


def _line_walls(dense: np.ndarray, background: np.ndarray) -> np.ndarray:
    """Per gap from `gap_colours(..., DENSE_ALONG)`: a line a pixel or two wide between touching
    cells, sharp or blurred into the fill either side (scaled down or JPEG'd), crosses it: on all
    three lines at the same place a sample lies between the line's own colour (its median, the
    fill) and the background, at least WALL_SHARE of the way. What crosses a gap where the path
    steps (a band, the fill, a line) is not on that segment on the middle line; nor is a frame of
    a colour of its own around a start's tile (`straight_walls` takes a sample beside such a
    frame, nearer the background than the frame's colour, for a wall)."""
    middle = dense[..., 1:-1, :].astype(float)  # 0.47 to 0.53 pitch
    fill = median(dense, axis=-2)[..., None, :].astype(float)  # (..., line, 1, channel)
    direction = background.astype(float) - fill
    length = (direction * direction).sum(axis=-1)
    share = ((middle - fill) * direction).sum(axis=-1) / np.maximum(length, 1.0)
    off = colour_distance(middle, fill + share[..., None] * direction)
    apart = np.abs(direction).max(axis=-1) > 2 * COLOUR_TOLERANCE
    faint = (share >= WALL_SHARE) & (off <= COLOUR_TOLERANCE) & apart
    return faint.all(axis=-2).any(axis=-1)


def _beside(corner: np.ndarray, axis: str) -> np.ndarray:
    """For every gap of the box extended by one ring (as `gap_colours` gives them), whether both
    lattice corners at its ends show the background; `corner` is (R+1, C+1) for the box itself,
    so the ring's outer gaps are the box's border corners."""
    rows, cols = corner.shape[0] - 1, corner.shape[1] - 1
    if axis == "right":  # gaps between [r, c] and [r, c+1] of the extended box: (R+2, C+1)
        both = np.zeros((rows + 2, cols + 1), bool)
        both[1:-1, :] = corner[:-1, :] & corner[1:, :]
        return both
    both = np.zeros((rows + 1, cols + 2), bool)
    both[:, 1:-1] = corner[:, :-1] & corner[:, 1:]
    return both


def _like_a_cell(kinds: np.ndarray, colours: np.ndarray, inner: np.ndarray) -> np.ndarray:
    """Unknown positions whose colour is that of a cell inside the grid (a cell the reader did
    not recognise: under a hint line, at a gradient's far end)."""
    return (kinds == FOREIGN) & _alike_any(colours, inner & (kinds == CELL))


def _on_a_cells_tile(
    image: np.ndarray,
    lattice: Lattice,
    box: Box,
    kinds: np.ndarray,
    colours: np.ndarray,
    where: np.ndarray,
    ground_offsets: np.ndarray,
) -> np.ndarray:
    """Marks and figures of `where` (ring positions of `box`) whose margin is the colour of a cell
    inside the grid while their middle is not: something drawn on a tile of the board (a band of
    the path across walked tiles), not a shape of its own beside it (a button: its margin is
    itself, or the page around it)."""
    odd = where & ((kinds == MARK) | (kinds == FIGURE))
    inside = np.zeros(kinds.shape, bool)
    inside[1:-1, 1:-1] = True
    cells = inside & (kinds == CELL)
    out = np.zeros(kinds.shape, bool)
    if not odd.any() or not cells.any():
        return out
    rows, cols = np.nonzero(odd)
    margins = median(sample_at(image, lattice, rows + box[0], cols + box[2], ground_offsets), axis=1)
    cell_colours = colours[cells]
    for i, (r, c) in enumerate(zip(rows, cols, strict=True)):
        margin = margins[i]
        out[r, c] = not bool(same(margin, colours[r, c])) and bool(same(margin[None, :], cell_colours).any())
    return out


def _alike_any(colours: np.ndarray, found: np.ndarray) -> np.ndarray:
    """Positions whose colour is that of any position in `found`."""
    if not found.any():
        return np.zeros(found.shape, bool)
    return same(colours[:, :, None, :], colours[found][None, None, :, :]).any(axis=2)


MOST_PATCHED = 16  # a start, a goal, four rings, and room to spare: more odd positions, no patches


def _patches_of_odd(
    image: np.ndarray, lattice: Lattice, box: Box, kinds: np.ndarray, colours: np.ndarray
) -> np.ndarray | None:
    """The patches (`sampling.patches`) of the positions that may hold a role or a mark: figures,
    marked cells, and cells of a colour other than the commonest cells' (the ones `roles.py` may
    compare). Where there are more than MOST_PATCHED (a half-drawn path over cells that change
    colour), figures and marks alone (rings beside the head); None where those are more too (a
    keypad): a patch costs a thousand samples."""
    marked = (kinds == FIGURE) | (kinds == MARK)
    odd = marked.copy()
    cells = kinds == CELL
    if cells.any():
        odd |= cells & ~same(colours, commonest_colour(colours[cells]))
    if int(odd.sum()) > MOST_PATCHED:  # a path drawn over the cells: the marks beside it alone
        odd = marked
    if int(marked.sum()) == 2:  # a start and one mark: their open neighbours too, so a mark beside
        # the start can be told from a ring on a next step whose other rings a hint's line hides
        odd |= _beside_any(marked) & cells
    if int(marked.sum()) in (1, 2):  # one mark alone: the cells two steps from it too, so a ring
        # beside a path's head, read as the goal, can be told from the head's other next steps (their
        # rings read plain: `roles._goal_alike_a_next_step`), where that leaves room for them; so too
        # beside two, a mark and the start's disc (level 296005: a ring beside the head read as the
        # goal, the start's disc the other mark, the head's other rings read plain and not patched)
        near = odd | (_beside_any(_beside_any(marked)) & cells)
        odd = near if int(near.sum()) <= MOST_PATCHED else odd
    if int(odd.sum()) > MOST_PATCHED:
        return None
    return patches(image, lattice, box, odd)


def _lines_lost(lost: np.ndarray, kinds: np.ndarray, colours: np.ndarray) -> list[Cell]:
    """Positions on the ring around a grid (box coordinates, as `grow` leaves them out) that the
    classifier took for cells of the grid's colour, framed by the gaps at three corners or more,
    and that were dropped only because their far side goes on in their own colour, all along one
    side: cells whose line beyond them was lost (a pixel wide, scaled away), the grid going on
    past them (seed 25: a 9-row board read as 7). The page beyond a grid's frame shows the gaps
    at two corners at most (the frame's), so it is seldom read as such a cell, and then at a few
    positions only (a title's letters above the frame make a third corner)."""
    inner = np.zeros(kinds.shape, bool)
    inner[1:-1, 1:-1] = True
    found = lost & _alike_any(colours, inner & (kinds == CELL))
    along = np.zeros(found.shape, bool)
    # (all along the side: a line lost runs across the whole grid, where a title's letters on
    # the page above a frame make a third corner at a few positions only)
    for index in ((0, slice(1, -1)), (-1, slice(1, -1)), (slice(1, -1), 0), (slice(1, -1), -1)):
        if found[index].all():
            along[index] = True
    return [(int(r) - 1, int(c) - 1) for r, c in zip(*np.nonzero(along), strict=True)]


def _two_or_more(found: np.ndarray) -> np.ndarray:
    """`found` when it holds two or more positions, else none: a row of walked cells or of cells
    not recognised beside the grid shows several, where one alone is more often UI beside the
    board (an avatar, a panel in the cells' colour)."""
    return found if found.sum() >= 2 else np.zeros(found.shape, bool)


FRAMED_SIDES = 3  # gaps to open neighbours at the least, every one crossed by the frame
# tile side / pitch at the most (`Lattice.tile_side`): a gap of a tenth of the pitch, a frame in it
FRAMED_TILE = 0.9


def framed_in_the_gaps(
    kinds: np.ndarray,
    bands_right: np.ndarray,
    bands_down: np.ndarray,
    open_right: np.ndarray,
    open_down: np.ndarray,
    wide_right: np.ndarray,
    wide_down: np.ndarray,
) -> np.ndarray:
    """Cells read plain whose every gap to an open neighbour (three at the least) shows no
    background in its middle and carries no band: a frame drawn in the gaps around the cell (the
    start's, or the goal's), the cell itself left plain. Apps frame the start around its letter,
    which on a small tile may be missed where it is printed in the tile's corner (seed 1856: the
    red goal then read as the start). A path's band is one colour filling the gap, a hint line
    or a thin path runs along the middle of a gap and leaves the background either side of it;
    only a line across the gap, parallel to the tile's side, shows no background on the lines
    across it, and only a frame does so on every side of one cell (a path turns through two). The
    gaps to holes are not asked: a hatching or a dark square reaches into a framed grid's line
    (seed 1221: a red goal between two hatched holes read as framed). Asked only of tiles with
    gaps (`FRAMED_TILE`): between touching cells or in a framed grid the gap is a line, and a
    colour bled into its middle (a red goal's under JPEG, a grid's lines at half scale: seeds
    310, 407) is no frame."""
    rows, cols = kinds.shape
    crossed = np.zeros((rows, cols), int)
    sides = np.zeros((rows, cols), int)
    frame_r = wide_right & ~bands_right & open_right
    frame_d = wide_down & ~bands_down & open_down
    for frame, open_, axis in ((frame_r, open_right, 1), (frame_d, open_down, 0)):
        lead = (slice(None), slice(None, -1)) if axis == 1 else (slice(None, -1), slice(None))
        trail = (slice(None), slice(1, None)) if axis == 1 else (slice(1, None), slice(None))
        for part in (lead, trail):
            sides[part] += open_
            crossed[part] += frame
    return (kinds == CELL) & (sides >= FRAMED_SIDES) & (crossed == sides)


def lines_across(dense: np.ndarray, background: np.ndarray) -> np.ndarray:
    """Per gap from `gap_colours(..., DENSE_ALONG)`: a line not in the background's colour
    crosses all three lines across the gap at one place between 0.47 and 0.53 pitch (a frame's
    side drawn a pixel or two off the gap's middle, where `gaps` asks its `wide` of the middle
    sample only). A tile's anti-aliased edge or its shadow reaches into every gap alike, a hint
    or a thin path runs along the gap (on its middle line only)."""
    middle = dense[..., 1:-1, :]  # 0.47 to 0.53 pitch
    return (colour_distance(middle, background) > COLOUR_TOLERANCE).all(axis=-2).any(axis=-1)


def _alone_in_the_gaps(framed: np.ndarray, across_right: np.ndarray, across_down: np.ndarray) -> np.ndarray:
    """`framed` when it holds exactly one cell and no line crosses a gap (`across_*`, per gap)
    but that cell's own: a frame drawn around one cell marks it (the start's, or the goal's).
    Lines across other gaps too are the tiles' own look (their anti-aliased edges a gap's width
    apart on rounded tiles at 0.75 scale, seed 145: a border cell's three gaps all crossed),
    which marks none of them."""
    none = np.zeros(framed.shape, bool)
    if framed.sum() != 1:
        return none
    ((r, c),) = np.argwhere(framed)
    own_right, own_down = np.zeros(across_right.shape, bool), np.zeros(across_down.shape, bool)
    own_right[r, max(c - 1, 0) : c + 1] = True
    own_down[max(r - 1, 0) : r + 1, c] = True
    return none if (across_right & ~own_right).any() or (across_down & ~own_down).any() else framed


def open_pairs(kinds: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Neighbouring position pairs where both are open (a band can only join those)."""
    open_ = (kinds != HOLE) & (kinds != FOREIGN)
    return open_[:, :-1] & open_[:, 1:], open_[:-1, :] & open_[1:, :]


def gaps(
    samples: np.ndarray, background: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(band, colour, covered, wide) per gap from `sampling.gap_colours`.

    A band fills the gap: on at least two of the three lines across it no sample is background
    and most samples share one colour, the same on those lines. A covered gap
    has some line without background that is no band (the cat's legs, a tail). A wide gap shows
    no background in its middle on at least two lines, whatever colours: as wide as a band is, so a band
    may run under what covers it (the cat's feet over the band), where a thin thing over the
    background (a tail) leaves the background showing beside it.
    """
    # walls from the samples nearest the middle (0.47 to 0.53 pitch: inside the narrowest gap);
    # the band's colour from all of them, so a frame across one or two of them leaves it
    middle = samples[..., 1:-1, :]
    mid = samples.shape[-2] // 2 - 1  # the sample halfway, in `middle`
    line_colour = median(middle, axis=3)  # (..., line, channel)
    to_background = colour_distance(middle, background)  # (..., line, sample)
    to_line = colour_distance(middle, line_colour[..., None, :])
    # a line is walled where a sample is the background, or nearer it than the line's own colour
    # (the blurred middle of a thin border line between touching tiles)
    # (only the middle sample: at the gap's edges a halo or anti-aliasing is no line)
    nearer = np.zeros_like(to_background, dtype=bool)
    nearer[..., mid] = to_background[..., mid] < to_line[..., mid]
    walled = ((to_background <= COLOUR_TOLERANCE) | nearer).any(axis=3)
    clear = ~walled
    # most samples along in one colour: JPEG bleeds at a tile's edge, a frame crosses one or two
    along_colour = median(samples, axis=3)
    to_along = colour_distance(samples, along_colour[..., None, :])
    even = (to_along <= COLOUR_TOLERANCE).sum(axis=3) > samples.shape[3] // 2
    colour = median(along_colour, axis=2)
    agree = same(along_colour, colour[..., None, :]) & clear & even
    # and the band stands well clear of the background (a blurred thin line does not)
    band = (agree.sum(axis=2) >= 2) & (colour_distance(colour, background) > 2 * COLOUR_TOLERANCE)
    covered = ~band & clear.any(axis=2)
    # at the gap's middle only: the edge of whatever covers the band (the cat's body in the line
    # colour of a board of touching tiles) may reach over the gap's sides
    middle_walled = (to_background[..., mid] <= COLOUR_TOLERANCE) | nearer[..., mid]
    wide = (~middle_walled).sum(axis=2) >= 2
    return band, colour, covered, wide


def thin_lines(samples: np.ndarray, background: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(thin, colour) per gap from `sampling.gap_colours`: a line thinner than the three lines
    across sample it on the middle one only (clear of the background, one colour along it, well
    clear of the background's colour), as a glowing path a few pixels wide between dots is.

    What such a line joins is for the reader to say: only one in the colour of a cell it joins
    is a band of the path (a hint line in the plain cells' own colour is dropped by `roles.py`).
    """
    # the middle line's three samples nearest the gap's middle (the outer two of five reach the
    # tiles' edges across a narrow gap)
    # (by the count given: tiles' `_lines_across` samples three along, `gap_colours` five)
    along = samples.shape[-2]
    middle = samples[..., 1, along // 2 - 1 : along // 2 + 2, :]  # (..., sample along, channel)
    colour = median(middle, axis=-2)
    clear = (colour_distance(middle, background) > COLOUR_TOLERANCE).all(axis=-1)
    even = (colour_distance(middle, colour[..., None, :]) <= COLOUR_TOLERANCE).sum(axis=-1) >= 2
    apart = colour_distance(colour, background) > 2 * COLOUR_TOLERANCE
    # or a line of a hue of its own on a colourless field (a dark stroke on a dark page)
    apart |= (
        (colour_distance(colour, background) > COLOUR_TOLERANCE)
        & (np.ptp(colour, axis=-1) > COLOURLESS)
        & (np.ptp(background) <= COLOURLESS)
    )
    return clear & even & apart, colour


def bands_leaving(
    image: np.ndarray, lattice: Lattice, box: Box, kinds: np.ndarray, background: np.ndarray, across: float
) -> list[Cell]:
    """Open positions on the grid's border with a band of the path crossing the gap outwards.

    A path never leaves its grid: such a band means the grid was cut short (walked cells outside
    it were not recognised), so the board is not trusted (`checks.edge_check`).
    """
    r0, r1, c0, c1 = box
    # only the gaps out of the border are sampled (each gap's samples and reading are its own:
    # the same answers as the whole ring's gaps, at a quarter of their cost on a 9 x 9 grid)
    above = gaps(gap_colours(image, lattice, (r0 - 1, r0 + 1, c0, c1), across)[1], background)[0][0]
    below = gaps(gap_colours(image, lattice, (r1 - 1, r1 + 1, c0, c1), across)[1], background)[0][0]
    left = gaps(gap_colours(image, lattice, (r0, r1, c0 - 1, c0 + 1), across)[0], background)[0][:, 0]
    right = gaps(gap_colours(image, lattice, (r0, r1, c1 - 1, c1 + 1), across)[0], background)[0][:, 0]
    rows, cols = kinds.shape
    # a figure's own parts (the cat's legs and tail) reach out of its cell: not a band
    open_ = (kinds != HOLE) & (kinds != FOREIGN) & (kinds != FIGURE)
    out = []
    for c in range(cols):
        if open_[0, c] and above[c]:
            out.append((0, c))
        if open_[rows - 1, c] and below[c]:
            out.append((rows - 1, c))
    for r in range(rows):
        if open_[r, 0] and left[r]:
            out.append((r, 0))
        if open_[r, cols - 1] and right[r]:
            out.append((r, cols - 1))
    return sorted(set(out))


FAMILY = 2  # alike positions, at least, that make a family of holes drawn (a start or a goal is one)


def _drawn_like_neighbours(
    kinds: np.ndarray, drawn: np.ndarray, colours: np.ndarray, edges: np.ndarray, grounds: np.ndarray
) -> np.ndarray:
    """`kinds` with each unknown position that is drawn like a family beside it read as one of
    that family: a marked tile, or a hole drawn (`drawn`, read as HOLE), alike in every colour
    measured (the middle, around the middle, the margin), its middle unlike its margin (a square
    drawn on a tile), with at least `FAMILY` such positions in the grid and one of them a neighbour.

    A tile is told from the page by the gaps' colour at three of its corners (`tiles._gap_corners`);
    on touching cells the lines between tiles are those gaps, and holes drawn side by side (an inner
    square on a darker tile) have no line between them: their shared corners show the holes' own
    tile. The one whose corners are all such is read as unknown beside its alike neighbours, and the
    board was refused ("neither cell nor hole"). Its look is its family's, which a start, a goal or a
    walked cell (one of a kind, or joined by the path) never shares in all three colours. A flat
    unknown position is not taken: the page beyond a framed grid, alike a row of it the growth
    took for dark holes (seed 8), is flat where a square on a tile is not."""
    # a square drawn on a tile: its middle unlike its margin (the page or a panel is flat)
    inner_square = ~same(colours, grounds)
    if not ((kinds == FOREIGN) & inner_square).any():
        return kinds
    out = kinds.copy()
    for kind, source in ((HOLE, drawn.copy()), (MARK, kinds == MARK), (FIGURE, kinds == FIGURE)):
        if int(source.sum()) < FAMILY:
            continue
        first = source.copy()  # the family as read: what each unknown position is compared with
        while True:  # from the family's edge inward: a block of such holes has no line inside it
            unknown = (out == FOREIGN) & inner_square & _beside_any(source)
            alike = np.zeros(kinds.shape, bool)
            for r, c in zip(*np.nonzero(unknown), strict=True):
                alike[r, c] = (
                    sum(
                        all(bool(same(values[r, c], values[m])) for values in (colours, edges, grounds))
                        for m in zip(*np.nonzero(first), strict=True)
                    )
                    >= FAMILY
                )
            if not alike.any():
                break
            out[alike] = kind
            source |= alike
    return out


def families(found: np.ndarray, colours: np.ndarray) -> np.ndarray:
    """The positions of `found` whose colour two or more of them share. A hatching on the grid's
    own ground (as light as the lines between the cells) is not darker than those lines; but a
    start, a goal or a figure is one of a kind, where an app draws every hole alike."""
    cells = list(zip(*np.nonzero(found), strict=True))
    out = np.zeros(found.shape, bool)
    for cell in cells:
        alike = sum(bool(same(colours[cell], colours[other])) for other in cells)
        out[cell] = alike >= 2
    return out
