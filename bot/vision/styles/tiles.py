"""Tiles: a flat tile of any colour per cell, the background showing in the gaps and the holes.

Each position is sampled well inside its tile (`CORE`), near the tile's edge (`RIM`) and at the
lattice corners (where the gaps cross; the background colour is their median). A position is

- a HOLE when its core is the background (a bit of the cat's tail sticking in is allowed);
- a CELL when its core is one colour that is not the background and at least three of its
  corners are background (so a window edge or a big flat panel is no cell); plain, walked and a
  start of its own colour alike — `roles.py` tells them apart;
- a MARK when it is a plain cell with something on it: a frame on its rim, or a flag or a
  letter on a tile that stays mostly its own colour;
- a FIGURE when it is covered by something of several colours, none of them most of it,
  framed by background corners like a cell: the cat, an avatar, a tile with a big disc;
- FOREIGN otherwise.

Tiles that touch work the same: their border lines are the "background" in the gaps.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial

import numpy as np

from onestroke.bot.vision.blobs import FLAT_THRESHOLD
from onestroke.bot.vision.lattice import Lattice
from onestroke.bot.vision.reading import CELL, DRAWN, FIGURE, FOREIGN, HOLE, MARK, Reading
from onestroke.bot.vision.roles import LIGHT_FIT, LIGHT_SHARE
from onestroke.bot.vision.sampling import (
    ALONG,
    COLOUR_TOLERANCE,
    COLOURLESS,
    CORE,
    RIM,
    Box,
    colour_distance,
    colour_groups,
    commonest_colour,
    corner_colours,
    corner_samples,
    diagonal_stripes,
    gap_colours,
    outside,
    ring_offsets,
    same,
    sample,
    sample_at,
    square_offsets,
)
from onestroke.bot.vision.sampling import median as median_of
from onestroke.bot.vision.styles import families, gaps, read_grid, thin_lines, touched_by
from onestroke.bot.vision.styles.drawn_beyond import tiles_beyond

CELL_UNIFORM = 0.95  # share of a cell's samples in its own colour
MARKED_CELL = 0.6  # a covered position mostly in one colour is a cell with a mark on it, not a figure
RIM_SAME = 0.6  # a cell's rim is mostly its own colour; a frame makes it another
BAND_ACROSS = 0.12  # gap samples either side of the line joining two centres (a band is >= 0.3 wide)


TILE_FILL = 0.88  # the tile side over the pitch that RIM is placed for (its half-side ~0.44)


def rim_of(lattice: Lattice) -> np.ndarray:
    """RIM for this lattice's tiles: as far in from the edge of a smaller tile as from a tile of
    TILE_FILL (at a fixed 0.37 pitch, a circle 0.73 of the pitch wide had half its rim samples
    outside it, on the background, and any anti-aliasing tipped it into a marked tile)."""
    return RIM * min(1.0, lattice.fill / TILE_FILL)


MARGIN = 0.45  # a tile's margin, in tile sides from its centre: beyond a disc or an avatar (<= 0.39)


def margin_of(lattice: Lattice) -> np.ndarray:
    """Where a tile's own colour shows beside a mark covering its middle (a disc, an avatar)."""
    side = lattice.fill
    return ring_offsets(MARGIN * side, 0.1 * side, 3)


def read_tiles(image: np.ndarray, lattice: Lattice) -> Reading:
    background = _background_of(image, lattice)
    # what is taken for the gaps' colour, from how far the plain tiles stand off it
    flat = flat_members(image, lattice)  # sampled once: the tolerance and the gaps check both ask it
    near = ground_tolerance(flat, background)
    # a mark that covers the tile's middle (a disc, an avatar) leaves its margin the tile's colour;
    # measured from the tile's own size, so it stays inside a small tile and outside a big mark
    reading = read_grid(
        "tiles",
        image,
        lattice,
        partial(_classify, near=near),
        rim_of(lattice),
        BAND_ACROSS,
        margin_of(lattice),
        letters_in_corners=True,
        page_holes=True,
        near=near,
    )
    reading = replace(
        reading,
        members_in_gaps=members_in_gaps(flat, background, near),
        holes_two_ways=holes_two_ways(image, reading, background, near),
    )
    reading = _with_centre_line(image, reading, background, near)
    beyond = tiles_beyond(image, lattice, reading.box, reading.kinds, reading.colours)
    return replace(reading, drawn_beyond=beyond)


def _with_centre_line(
    image: np.ndarray, reading: Reading, background: np.ndarray, near: float = COLOUR_TOLERANCE
) -> Reading:
    """The reading with the joins a thin line through the walked tiles' centres makes, and the
    finger's light on the tiles that line runs through.

    An app that draws the path as a thin line from centre to centre leaves the gaps between walked
    tiles showing the background beside the line: no band fills them. The line itself joins them
    (`centre_line_joins`); the joins are bands in the tiles' colour, as a band filling the gap
    would be, so `roles.py` reads the path as it reads any other."""
    lattice, box = reading.lattice, reading.box
    core = sample(image, lattice, box, CORE)
    lined, join_right, join_down, lines_to, walked_colours, into_plain = centre_line_joins(
        image,
        lattice,
        box,
        core,
        median_of(core, axis=2),
        background,
        reading.kinds == CELL,
        reading.kinds == MARK,
        near=near,
        covered=(reading.kinds == MARK) | (reading.kinds == FIGURE),
    )
    # a marked tile (a start with its S, a frame) carries the line on as a plain one does; a join
    # between two marks says nothing about the path's colour, so one side must be a plain tile
    cell, marked = reading.kinds == CELL, reading.kinds == MARK
    lined &= cell | marked
    both_right = lined[:, :-1] & lined[:, 1:] & (cell[:, :-1] | cell[:, 1:])
    both_down = lined[:-1, :] & lined[1:, :] & (cell[:-1, :] | cell[1:, :])
    join_right &= both_right
    join_down &= both_down
    lined &= cell
    # (and a tile in the plain colour, marked or not, whose line runs into a start's marker and
    # ends in its middle: a step from the start, which no hint is (a hint begins beyond the head),
    # joined to the marker by `roles._lined_into`; seed 1217's line end read as a marked tile)
    into_plain &= cell | marked
    if (lined | into_plain).any():  # which way each line runs, joined or not (a line over plain cells)
        reading = replace(reading, lines_to=lines_to & (lined | into_plain)[..., None])
    if not (join_right.any() or join_down.any()):
        # (a line into a start's marker, joined by `roles.py`: the finger's light on it says the head)
        return replace(reading, lights=_lit(core, reading.grounds) & lined) if lined.any() else reading
    gaps_right, gaps_down = reading.gaps_right.copy(), reading.gaps_down.copy()
    colours = reading.colours.copy()
    colours[lined] = walked_colours[lined]
    # the join takes the colour of its tile that is no mark (a mark's middle may be a disc)
    right_colour = np.where(cell[:, :-1, None], colours[:, :-1], colours[:, 1:])
    down_colour = np.where(cell[:-1, :, None], colours[:-1, :], colours[1:, :])
    gaps_right[join_right] = right_colour[join_right]
    gaps_down[join_down] = down_colour[join_down]
    # between two tiles the line runs through, the line says which are joined: where tiles touch
    # (a grid split by thin lines), walked tiles side by side show their colour across every line
    # between them, joined in the path's order or not
    return replace(
        reading,
        colours=colours,
        bands_right=(reading.bands_right & ~both_right) | join_right,
        bands_down=(reading.bands_down & ~both_down) | join_down,
        gaps_right=gaps_right,
        gaps_down=gaps_down,
        covered_right=reading.covered_right & ~join_right,
        covered_down=reading.covered_down & ~join_down,
        lights=_lit(core, reading.grounds) & lined,
    )


def centre_line_joins(
    image: np.ndarray,
    lattice: Lattice,
    box: Box,
    core: np.ndarray,
    median: np.ndarray,
    background: np.ndarray,
    cells: np.ndarray,
    marked: np.ndarray | None = None,
    near: float = COLOUR_TOLERANCE,
    covered: np.ndarray | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(lined, join_right, join_down, lines_to, walked_colours, into_plain) for the positions of
    `box`: the tiles a line or band through their middles joins to a neighbour, the joins, which
    way (up, right, down, left) each tile's centre line runs (`_centre_lines`' arms, (R, C, 4);
    only `lined` tiles' mean it), the colour each lined tile shows as walked, and the tiles in the
    plain colour whose line runs only into a covered middle (see below; not in `lined`).

    Two neighbouring tiles are joined when each carries a centre line (`_centre_lines`) running to
    the side they share and the line crosses the gap between them (`_lines_across`; a band as
    wide as `BAND_HALF` may fill the gap, `styles.gaps`): the path drawn centre to centre. A
    tile's line counts only when it goes on into a neighbour's: a letter or a bar drawn inside one
    tile (an E, a 1) never does. A thin line joining tiles in the colour of the plain cells (the
    commonest colour of the `cells` no line joins) is a hint drawn over cells not walked, no path
    (walked tiles take the path's colour): its tiles are `lined` (plain cells under a line, not
    marked ones) but not joined. A band as wide as `BAND_HALF` over tiles in the plain colour is
    the path drawn over tiles that keep their colour (no hint is drawn that bold): walked, in the
    band's colour. A line that crosses the gap into a neighbour of `covered` (figures and marks)
    whose middle shows no line goes on into it all the same: the start's disc or ring is drawn
    over the line's first end. The tile it leaves is `lined` (no join: `roles.py` joins a figure
    to the one line running into it), unless in the plain colour.
    """
    grounds = _core_grounds(core)
    rows, cols = core.shape[:2]
    # a line is found only through a middle the tile's own colour does not fill (`_centre_lines`):
    # where fewer than two such middles lie apart from a covered one, nothing is joined whatever
    # the lines, and their search (4 ms a read: the whole core's colours) is not made
    off_gaps = ~same(grounds, background, near)
    may = _crossed_middles(core, grounds) & (off_gaps if marked is None else off_gaps | marked)
    if may.sum() < 2 and not (may & _and_beside(_bare_middles(covered, may))).any():  # (most screens)
        # (no line: which way one runs is never asked)
        return _no_joins(rows, cols, np.zeros((rows, cols, 4), bool), median.copy())
    lines, arms, marked_lines, halves, line_colours = _centre_lines(core, grounds)
    # a tile is unlike the gaps around it: one "in the gaps' colour" with a line through it is the
    # gaps themselves (cells whose border lines are too faint to see: plain and hole alike)
    lines &= off_gaps
    if marked is not None:  # a marked tile's own drawing (an S, a frame) is off the line: its arms say it
        lines |= marked & marked_lines
    walked_colours = median.copy()
    # the middles a marker covers, where a line's end may lie hidden (a path of one step: the
    # head's line runs into the start's disc or ring, and no tile but the head shows a line)
    bare = _bare_middles(covered, lines)
    if lines.sum() < 2 and not (lines & _and_beside(bare)).any():  # nothing to join (most screens)
        return _no_joins(rows, cols, arms, walked_colours)
    thin_right, thin_down = _lines_across(image, lattice, box, background)
    # a line in nearly the page's colour (white on a pale page) does not stand clear of the gaps:
    # the gap crossed in the colour both tiles' lines show is that line
    like_right, like_down = _lines_alike(image, lattice, box, _pure_lines(core, grounds), lines, grounds)
    thin_right, thin_down = thin_right | like_right, thin_down | like_down
    bold = halves >= BAND_HALF
    if bold.any():  # a bold band fills the gaps it crosses
        right, down = gap_colours(image, lattice, box, BAND_ACROSS)
        thin_right = thin_right | (gaps(right, background)[0] & (bold[:, :-1] | bold[:, 1:]))
        thin_down = thin_down | (gaps(down, background)[0] & (bold[:-1, :] | bold[1:, :]))
    # arms: (R, C, 4) as up, right, down, left; two lines run into each other across the gap
    into_right = lines[:, :-1] & lines[:, 1:] & arms[:, :-1, 1] & arms[:, 1:, 3]
    into_down = lines[:-1, :] & lines[1:, :] & arms[:-1, :, 2] & arms[1:, :, 0]
    join_right, join_down = into_right & thin_right, into_down & thin_down
    if bold.any():  # a bold band's end keeps its walked colour where it looks thinner (under a light)
        bold = bold | touched_by(
            join_right & (bold[:, :-1] | bold[:, 1:]), join_down & (bold[:-1, :] | bold[1:, :])
        )
        bold = _along_one_line(bold, join_right, join_down, line_colours)
    lined = touched_by(join_right, join_down)
    # a line across the gap into a covered middle: the tile it leaves is walked (a cell)
    into_bare = np.zeros((rows, cols), bool)
    into_bare[:, :-1] |= lines[:, :-1] & arms[:, :-1, 1] & bare[:, 1:] & thin_right
    into_bare[:, 1:] |= lines[:, 1:] & arms[:, 1:, 3] & bare[:, :-1] & thin_right
    into_bare[:-1, :] |= lines[:-1, :] & arms[:-1, :, 2] & bare[1:, :] & thin_down
    into_bare[1:, :] |= lines[1:, :] & arms[1:, :, 0] & bare[:-1, :] & thin_down
    rest = cells & ~lined & ~into_bare
    into_plain = np.zeros((rows, cols), bool)
    if rest.any():
        plain = same(grounds, commonest_colour(median[rest]))
        # the path drawn as a bold band over tiles in the plain colour: walked in the band's colour
        banded = plain & bold & lined
        walked_colours[banded] = line_colours[banded]
        thin_plain = plain & ~bold
        plain_right, plain_down = (
            thin_plain[:, :-1] & thin_plain[:, 1:],
            thin_plain[:-1, :] & thin_plain[1:, :],
        )
        join_right &= ~plain_right
        join_down &= ~plain_down
        # a hint's line is often as pale as the gaps it crosses, so it may not show there: plain
        # tiles whose lines run into each other are plain cells under a line all the same
        lined |= touched_by(into_right & plain_right, into_down & plain_down)
        # (a line over a plain tile into a start is a hint's or a path's, not told apart:
        # `roles._line_into`; one that ends on that tile, its only arm into the start, is a step)
        into_plain = into_bare & plain & (arms.sum(axis=-1) == 1)
        into_bare &= ~plain
    return lined | into_bare, join_right, join_down, arms, walked_colours, into_plain


def _crossed_middles(core: np.ndarray, grounds: np.ndarray) -> np.ndarray:
    """Positions whose middle (the centre STRIP either way of the CORE samples) is not all the
    tile's own colour: every centre line `_centre_lines` finds crosses such a middle."""
    side = int(round(np.sqrt(core.shape[2])))
    mid = side // 2
    across = slice(mid - STRIP, mid + STRIP + 1)
    middle = core.reshape(*core.shape[:2], side, side, 3)[:, :, across, across]
    return (~same(middle, grounds[:, :, None, None, :])).any(axis=(2, 3))


def _bare_middles(covered: np.ndarray | None, lines: np.ndarray) -> np.ndarray:
    """The covered positions whose middle shows no line (`lines`): where a line's end may lie
    hidden under a marker."""
    return np.zeros(lines.shape, bool) if covered is None else covered & ~lines


def _and_beside(found: np.ndarray) -> np.ndarray:
    """`found` and the positions beside it."""
    return touched_by(found[:, :-1] | found[:, 1:], found[:-1, :] | found[1:, :])


def _no_joins(
    rows: int, cols: int, arms: np.ndarray, walked_colours: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """`centre_line_joins`'s answer where nothing is joined: no tile lined, no join, none into plain."""
    return (
        np.zeros((rows, cols), bool),
        np.zeros((rows, cols - 1), bool),
        np.zeros((rows - 1, cols), bool),
        arms,
        walked_colours,
        np.zeros((rows, cols), bool),
    )


def _along_one_line(
    bold: np.ndarray, join_right: np.ndarray, join_down: np.ndarray, line_colours: np.ndarray
) -> np.ndarray:
    """`bold` spread along the joins between tiles whose lines are one colour: one line drawn
    centre to centre is one width, and a tile of it that samples thin is the bold band still.

    A glowing line's soft edge lies near a sample's spacing from the middle: one tile of the
    band samples it two across, the next one (the line a pixel nearer its middle row) one. The
    tiles a joined line of the band's colour runs through are walked as the bold ones are, to the
    line's end in the head's middle (seed 1572: the head two joins from a bold tile read plain, so
    the path read a cell short)."""
    right = join_right & same(line_colours[:, :-1], line_colours[:, 1:])
    down = join_down & same(line_colours[:-1, :], line_colours[1:, :])
    while True:
        grown = bold | touched_by(right & (bold[:, :-1] | bold[:, 1:]), down & (bold[:-1, :] | bold[1:, :]))
        if (grown == bold).all():
            return bold
        bold = grown


def _pure_lines(core: np.ndarray, grounds: np.ndarray) -> np.ndarray:
    """Each position's sample in the middle cross (the centre row and column) farthest from its
    ground: a thin line's own colour, where the median of its samples is a blend with the tile."""
    side = int(round(np.sqrt(core.shape[2])))
    mid = side // 2
    grid = core.reshape(*core.shape[:2], side, side, 3).astype(float)
    cross = np.concatenate([grid[:, :, mid, :], grid[:, :, :, mid]], axis=2)  # (R, C, 2*side, 3)
    distance = colour_distance(cross, grounds[:, :, None, :])
    return np.take_along_axis(cross, distance.argmax(axis=2)[:, :, None, None], axis=2)[:, :, 0]


def _lines_alike(
    image: np.ndarray,
    lattice: Lattice,
    box: Box,
    line_colours: np.ndarray,
    lines: np.ndarray,
    grounds: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """Gaps (right, down) whose samples along the line joining the two centres (within
    LINE_SEARCH of it) are all the colour of the centre line both tiles carry.

    A line a pixel or two wide is sampled on its soft edge in one tile and on its core in the
    next: where the two tiles are one colour, the colour nearer it is taken for the other's blend
    with the tile (`_between`), and the line's is the farther one."""
    r0, r1, c0, c1 = box
    along = ALONG
    found = []
    for axis, sub in ((0, (r0, r1, c0, c1 - 1)), (1, (r0, r1 - 1, c0, c1))):
        a, b = _pairs(line_colours, axis)
        ga, gb = _pairs(grounds, axis)
        tile = same(ga, gb)
        a_far = colour_distance(a, ga) >= colour_distance(b, gb)
        far = np.where(a_far[..., None], a, b)
        # the nearer lies between the tile and the farther (its blend): both read as the farther
        blend = tile & _between(np.where(a_far[..., None], b, a), ga, far)
        a = np.where(blend[..., None], far, a)
        b = np.where(blend[..., None], far, b)
        la = np.logical_and(*_pairs(lines, axis))
        hit = np.zeros(a.shape[:2], bool)
        for t in np.linspace(-LINE_SEARCH, LINE_SEARCH, LINE_TRIES):
            across = np.full(len(along), t)
            offsets = np.stack([along, across] if axis == 0 else [across, along], axis=1)
            samples = sample(image, lattice, sub, offsets)
            # (a frame around a marked tile may cross one of them)
            hit |= (same(samples, a[:, :, None, :]) & same(samples, b[:, :, None, :])).sum(axis=2) >= 2
        found.append(hit & la & same(a, b))
    return found[0], found[1]


def _pairs(values: np.ndarray, axis: int) -> tuple[np.ndarray, np.ndarray]:
    """`values` at the two positions either side of each gap: right gaps (axis 0) or down (1)."""
    return (values[:, :-1], values[:, 1:]) if axis == 0 else (values[:-1, :], values[1:, :])


def _between(seen: np.ndarray, ground: np.ndarray, line: np.ndarray) -> np.ndarray:
    """Whether each colour `seen` lies on the segment from `ground` to `line`, within the colour
    tolerance: a thin line's blend with the tile it is drawn on."""
    direction = line - ground
    length = np.maximum((direction * direction).sum(axis=-1), 1.0)
    share = np.clip(((seen - ground) * direction).sum(axis=-1) / length, 0.0, 1.0)
    return colour_distance(seen, ground + share[..., None] * direction) <= COLOUR_TOLERANCE


LINE_SEARCH = 0.05  # pitches either side of the line joining two centres a centre line is looked for
LINE_TRIES = 7  # lines across the gap, over -LINE_SEARCH..LINE_SEARCH


def _lines_across(
    image: np.ndarray, lattice: Lattice, box: Box, background: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Whether a thin line crosses each gap (right, down) near the line joining the two centres:
    some line of samples along the gap within `LINE_SEARCH` of it (a few pixels: an app draws its
    line a pixel or two off the tiles' middle, and a line 4 px wide sampled on its soft edge is
    too pale) that `thin_lines` takes for one."""
    r0, r1, c0, c1 = box
    along = np.tile([0.47, 0.5, 0.53], 3)
    found = []
    for axis, sub in ((0, (r0, r1, c0, c1 - 1)), (1, (r0, r1 - 1, c0, c1))):
        hit = None
        for t in np.linspace(-LINE_SEARCH, LINE_SEARCH, LINE_TRIES):
            across = np.repeat([-BAND_ACROSS, t, BAND_ACROSS], 3)
            offsets = np.stack([along, across] if axis == 0 else [across, along], axis=1)
            samples = sample(image, lattice, sub, offsets)
            thin, _ = thin_lines(samples.reshape(*samples.shape[:2], 3, 3, 3), background)
            hit = thin if hit is None else hit | thin
        found.append(hit)
    return found[0], found[1]


def _background_of(image: np.ndarray, lattice: Lattice) -> np.ndarray:
    """The gaps' colour as `read_grid` measures it: the median of the members' lattice corners."""
    return median_of(corner_colours(image, lattice, lattice.members_box()).reshape(-1, 3), axis=0)


STRIP = 1  # samples either side of the core's middle row or column a thin centre line may take
MAX_HALF = 3  # ... and a band (7 of the 9 samples across, ~0.5 pitch; a wider one fills the tile)
BAND_HALF = 2  # a band this many samples either side of the middle (>= ~0.25 pitch) is bold
OWN_SHARE = 0.2  # share of a lined tile's samples in its own (ground) colour
LINE_EVEN = 0.6  # share of a centre line's samples in its one colour or blended with the tile
DISC_WIDER = 2  # samples a disc on an end of the line is wider than the line
GROUND_SPAN = 2  # samples from each corner of the core, either way: clear of a band of MAX_HALF


def _core_grounds(core: np.ndarray) -> np.ndarray:
    """Each position's own colour (R, C, 3) from the corners of its CORE samples (R, C, 81, 3),
    where a line or band through its middle never reaches (nor a disc or a cap at its middle)."""
    side = int(round(np.sqrt(core.shape[2])))
    grid = core.reshape(*core.shape[:2], side, side, 3)
    ends = np.r_[0:GROUND_SPAN, side - GROUND_SPAN : side]
    corners = grid[:, :, ends][:, :, :, ends]
    return median_of(corners.reshape(*core.shape[:2], -1, 3), axis=2)


def _centre_lines(
    core: np.ndarray, grounds: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(lines, arms, crossed, halves, colours) per position from its CORE samples (R, C, 81, 3)
    and its own colour (`_core_grounds`).

    `lines`: the tile's own colour everywhere but a line or band of one colour through its
    middle, straight or turning there (the path drawn centre to centre), and perhaps a
    translucent light (the finger's dot at the head): every other sample lies within `halves`
    samples of the middle row or column (the narrowest such strip, 1 to `MAX_HALF`), the middle
    is crossed, and on at least one side the line runs unbroken from the middle to the core's
    edge. `arms[..., k]`: it does so upwards, right, down, left (k = 0..3): toward which
    neighbours the path runs. `crossed`: the middle crossed and an arm running from it, whatever
    else the tile shows (a marked tile's S or frame). `colours`: the line's colour (the median
    of its samples).
    """
    side = int(round(np.sqrt(core.shape[2])))
    mid = side // 2
    grid = core.reshape(*core.shape[:2], side, side, 3)
    off = ~same(grid, grounds[:, :, None, None, :])
    # a light's soft rim (next to its samples) is part of it, not of the line
    light = _lights(grid, grounds)
    near = light.copy()
    near[..., 1:, :] |= light[..., :-1, :]
    near[..., :-1, :] |= light[..., 1:, :]
    near[..., :, 1:] |= near[..., :, :-1].copy()
    near[..., :, :-1] |= near[..., :, 1:].copy()
    line = off & ~near
    # the core's corners fall off a round tile a little smaller than TILE_FILL
    line[..., 0, 0] = line[..., 0, -1] = line[..., -1, 0] = line[..., -1, -1] = False
    # the line is one colour: most of its samples are it or its blend with the tile (a line as
    # wide as the samples' spacing is sampled half on its soft edge)
    even = _blends(grid, grounds, line).sum(axis=(2, 3)) >= LINE_EVEN * line.sum(axis=(2, 3))
    # the ground is the tile's own colour only where it is drawn: a ground that falls between two
    # colours (a pale ring around a disc) is no tile with a line on it
    own = (~off).mean(axis=(2, 3)) >= OWN_SHARE
    rows, cols = grid.shape[:2]
    lines = np.zeros((rows, cols), bool)
    halves = np.zeros((rows, cols), int)
    arms_found = np.zeros((rows, cols, 4), bool)
    crossed = np.zeros((rows, cols), bool)
    for half in range(STRIP, MAX_HALF + 1):
        strip = np.zeros((side, side), bool)
        strip[mid - half : mid + half + 1, :] = True
        strip[:, mid - half : mid + half + 1] = True
        # the line's blend with the tile is as light as a light: where it runs, any sample off counts
        across = slice(mid - half, mid + half + 1)
        centre = off[:, :, across, across].any(axis=(2, 3))
        # an arm runs from the strip's end to the core's edge; a band's arm, from the middle itself,
        # near the middle line all the way (a ring around the middle crosses it only at the ring)
        reach = mid - half if half == STRIP else mid
        along = across if half == STRIP else slice(mid - STRIP, mid + STRIP + 1)
        arms = np.stack(
            [
                off[:, :, :reach, along].any(axis=3).all(axis=2),
                off[:, :, along, side - reach :].any(axis=2).all(axis=2),
                off[:, :, side - reach :, along].any(axis=3).all(axis=2),
                off[:, :, along, :reach].any(axis=2).all(axis=2),
            ],
            axis=-1,
        )
        if half == STRIP:
            crossed = centre & arms.any(axis=-1) & own
            arms_found[:] = arms
            middle = centre  # a line or band runs through the very middle (a ring leaves it bare)
        fits = ~(line & ~strip).any(axis=(2, 3)) & middle & arms.any(axis=-1) & even & own & ~lines
        lines |= fits
        halves[fits] = half
        arms_found[fits] = arms[fits]
    # an end of the line wider across its middle than across its arm at the core's edge: a disc
    # on it (a start marker in the line's colour), where the line's own end is a cap as wide as it
    at_edge = np.stack(
        [
            line[:, :, 0, :].sum(-1),
            line[:, :, :, -1].sum(-1),
            line[:, :, -1, :].sum(-1),
            line[:, :, :, 0].sum(-1),
        ],
        axis=-1,
    )
    at_middle = np.stack([line[:, :, mid, :].sum(-1), line[:, :, :, mid].sum(-1)] * 2, axis=-1)
    disc = (arms_found.sum(axis=-1) == 1) & ((at_middle - at_edge) * arms_found >= DISC_WIDER).any(axis=-1)
    lines &= ~disc
    colours = grounds.astype(float).copy()
    for r, c in zip(*np.nonzero((lines | crossed) & line.any(axis=(2, 3))), strict=True):
        colours[r, c] = median_of(grid[r, c][line[r, c]], axis=0)
    return lines, arms_found, crossed, halves, colours


def _blends(grid: np.ndarray, median: np.ndarray, line: np.ndarray) -> np.ndarray:
    """Which samples (R, C, side, side) lie between the tile's colour and the line's (the `line`
    sample farthest from the tile's colour), within the colour tolerance: the line or its soft
    edge over the tile, where a mark of several colours is off that segment."""
    rows, cols, side = grid.shape[0], grid.shape[1], grid.shape[2]
    flat = grid.reshape(rows, cols, side * side, 3).astype(float)
    base = median[:, :, None, :].astype(float)
    distance = np.where(line.reshape(rows, cols, -1), colour_distance(flat, base), -1.0)
    far = np.take_along_axis(flat, distance.argmax(axis=2)[:, :, None, None], axis=2)  # (R, C, 1, 3)
    return (_between(flat, base, far) & line.reshape(rows, cols, -1)).reshape(line.shape)


def _lit(core: np.ndarray, grounds: np.ndarray) -> np.ndarray:
    """Positions under a translucent white light (the finger's dot): CORE samples that are the
    tile's ground taken toward white by one share (`roles._light_over`), at least two samples wide
    and tall somewhere, which a thin line's soft edge never is."""
    side = int(round(np.sqrt(core.shape[2])))
    light = _lights(core.reshape(*core.shape[:2], side, side, 3), grounds)
    block = light[:, :, :-1, :-1] & light[:, :, 1:, :-1] & light[:, :, :-1, 1:] & light[:, :, 1:, 1:]
    return block.any(axis=(2, 3))


def _lights(grid: np.ndarray, grounds: np.ndarray) -> np.ndarray:
    """Samples (R, C, side, side) that are a translucent white light over the position's colour
    `grounds` (R, C, 3)."""
    ground = grounds[:, :, None, None, :].astype(float)
    direction = 255.0 - ground
    length = np.maximum((direction * direction).sum(axis=-1), 1.0)
    share = ((grid - ground) * direction).sum(axis=-1) / length
    fitted = ground + share[..., None] * direction
    fits = colour_distance(grid, fitted) <= LIGHT_FIT
    return fits & (share >= LIGHT_SHARE[0]) & (share <= LIGHT_SHARE[1])


GROUND_SHARE = 0.45  # of the plain tiles' distance from the gaps' colour: what lies nearer is the gaps
PLAIN_TILES = 4  # flat member tiles of one colour, at least, to judge the gaps' colour against


def ground_tolerance(flat: np.ndarray, background: np.ndarray) -> float:
    """How near the gaps' colour (`background`) a colour must be to be taken for them, from the
    flat member blobs' colours (`flat_members`).

    The colour tolerance, or less where the plain tiles themselves lie within it of the gaps' colour
    (a tile a shade lighter than thin grid lines, a pale tile on a pale page): `GROUND_SHARE` of
    their distance, so a tile is still told from the gaps beside it, where the fixed tolerance took
    every such tile for the ground (a hole) and the board was refused. The plain tiles are the
    largest group of one colour among the member blobs (shapes with an edge of their own, which a
    hole showing the gaps has not) that are flat, and there must be `PLAIN_TILES` of them (a
    lattice fitted to two or three shapes says little of what the plain tiles are: fitted at twice
    the pitch over cells a shade off faint lines, it read a board of a quarter of the cells).
    Tiles the fixed tolerance tells from the gaps keep it (a tighter one only splits a family of
    tiles or of holes shaded by the page or by JPEG), and so do tiles less than a flat page's edge
    (`FLAT_THRESHOLD`) off the gaps: nothing tells those from the ground."""
    if len(flat) < PLAIN_TILES:
        return float(COLOUR_TOLERANCE)
    plain = colour_groups(flat)[0]
    distance = float(np.abs(median_of(plain, axis=0) - background).max())
    if len(plain) < PLAIN_TILES or not FLAT_THRESHOLD < distance <= COLOUR_TOLERANCE:
        return float(COLOUR_TOLERANCE)
    return GROUND_SHARE * distance


def flat_members(image: np.ndarray, lattice: Lattice) -> np.ndarray:
    """The median colours (n, 3) of the member blobs that are flat (`CELL_UNIFORM` of their core
    in one colour): tiles, or holes drawn as a flat square, never the gaps between them."""
    box = lattice.members_box()
    core = sample(image, lattice, box, CORE)
    median = median_of(core, axis=2)
    rows, cols = lattice.rows - box[0], lattice.cols - box[2]
    flat = (same(core, median[:, :, None, :]).mean(axis=2) >= CELL_UNIFORM)[rows, cols]
    return median[rows, cols][flat]


def members_in_gaps(flat: np.ndarray, background: np.ndarray, near: float) -> tuple[int, int]:
    """(in the gaps' colour, flat) of the member blobs' colours `flat` (`flat_members`): a member
    is a shape with an edge of its own
    all round, so it is never the gaps between the cells. Where most are in the gaps' colour, the
    colour measured at the lattice corners is the members' own (lines between touching cells too
    faint to show at the corners): every cell of their colour would read as a hole, and a family
    of holes drawn as squares as the cells (seed 1594: a framed grid of grey cells on faint grey
    lines, read as four rows of holes around its hatched holes)."""
    return int(same(flat, background, near).sum()), len(flat)


def holes_two_ways(
    image: np.ndarray, reading: Reading, background: np.ndarray, near: float
) -> tuple[int, int]:
    """(flat in the gaps' colour, drawn dark) of the holes read inside the grid; (0, 0) unless both.

    A look draws its holes one way: as nothing (the gaps, the page or a panel show through) or
    as something drawn (a dark square, an inner square, a hatching: grey to black and darker
    than the gaps by more than the colour tolerance). Where holes of both kinds are read, one
    family is no holes: in the looks that draw the unwalked cells as the board's own ground,
    split only by faint lines, and the walked cells and the holes as tiles, the lattice found
    on those tiles measures the ground at its corners, and every plain cell reads as a hole in
    the gaps' colour beside the holes drawn (levels 106010, 106016, 144008, 159014: the rows of
    plain cells past them then read as the page, and a part of the board was read for the
    whole). A hole in the gaps' colour counts only where it is flat, as a tile of the ground is:
    a hatching's median lands on the gaps' colour or on its stripes' by its phase (seed 137)."""
    none = (0, 0)
    kinds, colours = reading.kinds, reading.colours
    holes = kinds == HOLE
    in_gaps = holes & same(colours, background, near)
    drawn = holes & ~in_gaps & (np.ptp(colours, axis=-1) <= COLOURLESS)
    drawn &= colours.mean(axis=-1) < float(background.mean()) - COLOUR_TOLERANCE
    if not in_gaps.any() or not drawn.any():
        return none
    core = sample(image, reading.lattice, reading.box, CORE)
    in_gaps &= same(core, colours[:, :, None, :]).mean(axis=2) >= CELL_UNIFORM
    if not in_gaps.any():
        return none
    return int(in_gaps.sum()), int(drawn.sum())


def _classify(
    image: np.ndarray, lattice: Lattice, background: np.ndarray, box: Box, near: float = COLOUR_TOLERANCE
) -> tuple[np.ndarray, np.ndarray]:
    """Kinds and median colours of every position in `box`; colours within `near` of `background`
    are the gaps' (`ground_tolerance`)."""
    core = sample(image, lattice, box, CORE)
    median = median_of(core, axis=2)
    # a cell is one colour all over: a flag or a letter on 5 % of it makes it a marked cell
    # (the samples in the median's colour, and the median in the gaps', are asked once each here:
    # the median changes below only on lined tiles, which are cells, never the marks that
    # `_overlapped_cells` looks at)
    own = same(core, median[:, :, None, :])
    dominant = own.mean(axis=2)
    uniform = dominant >= CELL_UNIFORM
    gaps_colour = same(median, background, near)
    background_share = same(core, background, near).mean(axis=2)
    # a marked corner counts only for a position in a tile's colour: one nearer the page beside the
    # board is a hole showing the page (level 817), however many corners the page reaches
    tile_like = ~_nearer_the_page(median, median[uniform & _members(lattice, box, median.shape)])
    samples = corner_samples(image, lattice, box, diagonal=True)
    gap_corners = _gap_corners(samples, background, near, marks_for=tile_like)
    framed = gap_corners >= 3
    rim = sample(image, lattice, box, rim_of(lattice))
    rim_same = same(rim, median[:, :, None, :]).mean(axis=2) >= RIM_SAME

    kinds = np.full(median.shape[:2], FOREIGN)
    filled = uniform & ~gaps_colour
    covered = ~uniform & (background_share < 0.6)
    kinds[filled & framed & rim_same] = CELL
    kinds[filled & framed & ~rim_same] = MARK  # a frame drawn on a tile
    kinds[covered & framed & (dominant >= MARKED_CELL)] = MARK
    kinds[covered & framed & (dominant < MARKED_CELL)] = FIGURE
    kinds[(uniform & gaps_colour) | (~uniform & (background_share >= 0.6))] = HOLE
    # holes drawn (a grey mark on the ground, a dark tile, a hatching) are part of the board: the
    # grid grows through them as through cells (`styles.grow`), where a hole showing the page may
    # be the page beyond the board
    # (one at the grid's border or among such holes may show the page at two corners)
    unsure = (kinds == MARK) | (kinds == FIGURE) | ((kinds == FOREIGN) & covered & (gap_corners >= 2))
    kinds[_ground_with_a_grey_mark(unsure, rim, median, background, near)] = DRAWN
    kinds[outside(image, lattice, box)] = HOLE
    # a tile with only a thin line through its middle (and perhaps the finger's light) is a cell
    # the path runs through, not a marked one: the line is the path's, drawn centre to centre
    marked = framed & ((kinds == MARK) | (kinds == FIGURE)) & ~gaps_colour
    # (or a covered tile unframed: walked tiles side by side on a grid of touching tiles, the line
    # a pixel wide between them blended into the path's colour, show the gaps' colour at fewer
    # than 3 corners; their centre lines joined say they are cells all the same)
    unframed = ~framed & covered & (kinds == FOREIGN) & ~gaps_colour
    if (marked | unframed).any():  # only a marked or covered tile may carry a centre line
        lined, _, _, arms, walked, _ = centre_line_joins(
            image, lattice, box, core, median, background, kinds == CELL, near=near, covered=marked
        )
        # a path enters a cell and leaves it once: lines out to three or four sides of an unframed
        # position are the grid's own (a lattice at twice the pitch, on the corners where lines
        # between touching tiles cross), where a framed tile's are the finger's light on it
        lined &= marked | (unframed & (arms.sum(axis=-1) <= 2))
        kinds[lined] = CELL
        median[lined] = walked[lined]
    # (first: the plain cells the dark and hatched holes are judged against are then all known)
    kinds[_drawn_dark(kinds, median, background, edged=filled & _members(lattice, box, kinds.shape))] = DRAWN
    kinds[_hatched(kinds, core, median, background)] = DRAWN
    kinds[_striped(image, lattice, box, kinds, median)] = DRAWN
    kinds[(kinds == HOLE) & _pale_shapes(kinds, lattice, box, median, background)] = FOREIGN
    _overlapped_cells(kinds, ~own)
    kinds[_corner_marks(image, lattice, box, kinds, median)] = MARK
    kinds[_on_the_ground(image, lattice, box, kinds, background, near)] = FOREIGN
    return kinds, median


def _on_the_ground(
    image: np.ndarray,
    lattice: Lattice,
    box: Box,
    kinds: np.ndarray,
    background: np.ndarray,
    near: float = COLOUR_TOLERANCE,
) -> np.ndarray:
    """Figures and marks whose margin (where a tile shows beside a disc or an avatar) is the gaps'
    colour: drawn on the ground between the cells, not on a tile. No role is (a start, a goal, the
    cat stand on cells); where the cells themselves are the gaps' colour (border lines too faint
    to see), plain cells read as the ground and anything else as the cells, so such a mark says
    the board cannot be read (a colourless mark on the ground is a hole drawn, read before)."""
    odd = (kinds == FIGURE) | (kinds == MARK)
    if not odd.any():
        return odd
    margin = sample(image, lattice, box, margin_of(lattice))
    return odd & same(median_of(margin, axis=2), background, near)


CORNER_SPAN = (0.3, 0.8)  # a corner patch, in half tile sides from the centre along both axes
CORNER_SAMPLES = 12  # per side of a corner patch: closer than a small letter's strokes
EDGE = 0.9  # half tile sides from the centre: just inside the tile's edge
CORNER_INK = 4  # samples off the tile's colour in a corner patch: a mark there (a small S)


def _corner_marks(
    image: np.ndarray, lattice: Lattice, box: Box, kinds: np.ndarray, colours: np.ndarray
) -> np.ndarray:
    """Cells with a small mark in one lower corner of the tile and nothing in the other three:
    an S printed in the corner of the start's tile (beside a frame in the gap around it), which
    the middle's samples miss. What an app draws on every cell or around a cell's middle (rings
    on the next steps, a rounded tile's corners, a glow) is alike in all four corners; step numbers
    go in an upper corner, and only on walked cells."""
    cells = kinds == CELL
    if not cells.any():
        return cells
    half = lattice.fill / 2
    t = np.linspace(CORNER_SPAN[0] * half, CORNER_SPAN[1] * half, CORNER_SAMPLES)
    gx, gy = np.meshgrid(t, t)
    # inside the tile's inscribed circle too: a round tile's corners are the page
    inside = np.hypot(gx, gy) <= 0.95 * half
    gx, gy = gx[inside], gy[inside]
    # the tile's edges along each patch, from their middles (inside the tile's inscribed circle):
    # a mark printed in the corner leaves them the tile's colour, where something reaching in
    # from outside (the path's band mid-step into the next tile, a figure's foot) crosses them
    edge = np.linspace(0.0, CORNER_SPAN[1] * half, CORNER_SAMPLES)
    edge = edge[np.hypot(edge, EDGE * half) <= 0.95 * half]
    inked, across, along = [], [], []
    for sx, sy in ((-1, 1), (1, 1), (-1, -1), (1, -1)):  # lower left, lower right, upper ones
        patch = sample(image, lattice, box, np.stack([sx * gx, sy * gy], axis=1))
        inked.append((~same(patch, colours[:, :, None, :])).sum(axis=2) >= CORNER_INK)
        if len(inked) == 2 and not (cells & (inked[0] != inked[1])).any():
            # no cell inked in one lower corner alone: no mark, whatever the rest shows (most
            # boards; the other samples were a twentieth of a read)
            return np.zeros(kinds.shape, bool)
        side = np.stack([np.full_like(edge, sx * EDGE * half), sy * edge], axis=1)  # the upright edge
        level = np.stack([sx * edge, np.full_like(edge, sy * EDGE * half)], axis=1)  # the level one
        for strip, out in ((side, across), (level, along)):
            out.append(~same(sample(image, lattice, box, strip), colours[:, :, None, :]))
    crossed = _crossed_edges(across, along)
    lower_left, lower_right, upper_left, upper_right = inked
    one_lower = (lower_left & ~lower_right & ~crossed[0]) | (lower_right & ~lower_left & ~crossed[1])
    # a figure's tail or ear reaches over into the cell beside it (the real game's cat)
    by_figure = np.zeros(kinds.shape, bool)
    figure = kinds == FIGURE
    by_figure[:-1, :] |= figure[1:, :]
    by_figure[:, 1:] |= figure[:, :-1]
    by_figure[:, :-1] |= figure[:, 1:]
    return cells & one_lower & ~upper_left & ~upper_right & ~by_figure


def _crossed_edges(across: list[np.ndarray], along: list[np.ndarray]) -> list[np.ndarray]:
    """Per corner (lower left, lower right, upper left, upper right), whether something crosses
    the tile's edges beside its patch (`across`: the upright edges' samples, `along`: the level
    edges', each (R, C, n) off the tile's colour), less a frame on the tile's rim.

    A frame drawn on the rim of touching or framed cells (the start's, around its corner S) runs
    the whole length of an edge, so it is off the tile's colour at every sample of that edge at
    both its corners, where something reaching in from outside (a band mid-step, a figure's
    foot) crosses an edge at its middle, or at one corner; an edge off all along at both corners
    is that frame, and crosses nothing (levels 213005, 213014: the S's frame a pixel inside the
    edge's samples, the S read as no mark and the red goal taken for the start)."""
    # each edge is shared by two corners: (lower left, lower right) the lower one, and so on
    level_pairs, upright_pairs = ((0, 1), (0, 1), (2, 3), (2, 3)), ((0, 2), (1, 3), (0, 2), (1, 3))
    crossed = []
    for k in range(4):
        level = along[k].any(axis=2) & ~_off_all_along(along, level_pairs[k])
        upright = across[k].any(axis=2) & ~_off_all_along(across, upright_pairs[k])
        crossed.append(level | upright)
    return crossed


def _off_all_along(strips: list[np.ndarray], corners: tuple[int, int]) -> np.ndarray:
    """Whether one edge's samples (`strips`, per corner (R, C, n) off the tile's colour) are off at
    every sample at both its `corners`: a line along the edge, a frame on the rim."""
    a, b = corners
    return strips[a].all(axis=2) & strips[b].all(axis=2)


def _lighter_of_two(colours: np.ndarray) -> np.ndarray:
    """The lighter of the two largest groups of one colour: the plain cells', where a path drawn
    over most of the board makes the walked cells' colour the commonest."""
    big = colour_groups(colours)[:2]
    medians = [median_of(m, axis=0) for m in big if len(m) >= 2] or [median_of(big[0], axis=0)]
    return max(medians, key=lambda c: float(c.mean()))


DARK_HOLE = 0.5  # a hole drawn dark is at most this bright against the plain cells
DARKER_SHARE = 0.5  # a hole drawn on a dark page is at most this bright against the gaps


def _drawn_dark(
    kinds: np.ndarray, colours: np.ndarray, background: np.ndarray, edged: np.ndarray | None = None
) -> np.ndarray:
    """Flat tiles that are holes drawn as dark squares: grey to black, at most half as bright as
    the plain cells (the largest group of one colour among the cells), and darker than what lies
    between the cells (by the colour tolerance, or half as bright on a dark page) or, beside
    lines of a dark grey, alike two or more over the board (`families`).

    A hole drawn is a void or a shadow in the board: it has no hue and is darker than anything
    else on it, where every cell the player may walk (plain, walked, a start, a goal) is drawn
    to be seen — lighter than a dark hole, or in a colour. So a dark colourless tile is read as
    what the board leaves out, whatever the app's palette (dark squares in a framed grid, a
    near-black tile among light ones on a dark field).

    `edged` are flat tiles the lattice was fitted to (shapes with an edge of their own) that are
    not the gaps' colour: one left unknown for its corners is judged too. A dark hole at the
    grid's border, or between dark holes, shows the page at its corners where cells show lines
    (seeds 93, 320: "1 positions are neither cell nor hole").
    """
    cells = kinds == CELL
    if not cells.any():
        return np.zeros(kinds.shape, bool)
    plain = _lighter_of_two(colours[cells])
    if edged is not None:
        cells = cells | (edged & (kinds == FOREIGN))
    # darker than the gaps by more than the colour tolerance, or (on a dark page, where that is
    # near black) at most half as bright as them
    lightness, gaps = colours.mean(axis=-1), float(background.mean())
    darker = (lightness < gaps - COLOUR_TOLERANCE) | (lightness <= DARKER_SHARE * gaps)
    colourless = np.ptp(colours, axis=-1) <= COLOURLESS
    dark = cells & colourless & _dark_as_a_hole(colours, plain) & ~same(colours, plain)
    # or, as dark as grid lines of a dark grey, alike over the board (`families`)
    return dark & (darker | families(dark, colours))


def _ground_with_a_grey_mark(
    unsure: np.ndarray,
    rim: np.ndarray,
    colours: np.ndarray,
    background: np.ndarray,
    near: float = COLOUR_TOLERANCE,
) -> np.ndarray:
    """Marked or covered positions (`unsure`) that are holes drawn as the board's own ground with a grey or
    black mark in it (an inner square): the rim shows what lies between the cells, the middle has
    no hue. Every role is drawn on a cell (a start, a goal, a walked tile: the rim in the cell's
    colour, or a frame in a colour of its own), never on the ground between the cells."""
    on_ground = same(rim, background, near).mean(axis=2) >= RIM_SAME
    return unsure & on_ground & (np.ptp(colours, axis=-1) <= COLOURLESS)


def _hatched(kinds: np.ndarray, core: np.ndarray, colours: np.ndarray, background: np.ndarray) -> np.ndarray:
    """Marked or covered tiles that are holes drawn hatched: a dark square with thin lines across
    it, every sample grey to black and darker than what lies between the cells, the whole as dark
    as a hole drawn flat (`_drawn_dark`). The lines make it no flat tile, but nothing a player may
    walk is drawn that way: a start, a goal, a walked cell and any mark on them have a colour or a
    cell's brightness somewhere on them."""
    cells = kinds == CELL
    if not cells.any():
        return np.zeros(kinds.shape, bool)
    plain = commonest_colour(colours[cells])
    dark = ((kinds == MARK) | (kinds == FIGURE)) & _dark_as_a_hole(colours, plain) & ~same(colours, plain)
    if not dark.any():  # (most screens: the samples' greys below, 1 ms a read, judge only these)
        return dark
    grey = np.ptp(core, axis=-1) <= COLOURLESS
    darker = (core.mean(axis=-1) < background.mean() - COLOUR_TOLERANCE).all(axis=2)
    # or hatched on the grid's own ground, as light as the lines between the cells and tinged with
    # the cells' hue: grey to black as a whole, and alike over the board (`families`)
    grey_whole = np.ptp(colours, axis=-1) <= COLOURLESS
    family = families(dark & grey_whole & (grey.mean(axis=2) >= GREY_SHARE), colours)
    return dark & ((grey.all(axis=2) & darker) | family)


STRIPES_HALF = 0.36  # of the tile's side, either way from its centre: the hatching, not the gap around it
STRIPES_SIDE = 21
STEADY = 0.5  # along the stripes over across them: hatched holes <= 0.45, other tiles >= 0.73 (seeds 0-299)


def _striped(
    image: np.ndarray, lattice: Lattice, box: Box, kinds: np.ndarray, colours: np.ndarray
) -> np.ndarray:
    """Marked, covered, unknown or odd-coloured tiles hatched with diagonal stripes
    (`diagonal_stripes`): holes drawn hatched, in any colours (one alone on the board, where
    `_hatched` needs a family or a hatching darker than the gaps)."""
    out = np.zeros(kinds.shape, bool)
    offsets = square_offsets(STRIPES_HALF * lattice.fill, STRIPES_SIDE)
    r0, _, c0, _ = box
    unsure = (kinds == MARK) | (kinds == FIGURE) | (kinds == FOREIGN)
    cells = kinds == CELL
    if cells.any():  # a fine hatching sampled coarsely may pass for a flat tile of its own colour
        unsure |= cells & ~same(colours, commonest_colour(colours[cells]))
    rows, cols = np.nonzero(unsure)
    if rows.size:  # only the unsure positions are sampled (21 x 21 samples each)
        texture = sample_at(image, lattice, rows + r0, cols + c0, offsets)
        out[rows, cols] = diagonal_stripes(texture[:, None], STEADY)[:, 0]
    return out


GREY_SHARE = 0.5  # share of a hatched hole's samples grey to black, where a family of them is alike


def _dark_as_a_hole(colours: np.ndarray, plain: np.ndarray) -> np.ndarray:
    """Where a colour is at most `DARK_HOLE` times as bright as the plain cells': as dark as a hole drawn."""
    return colours.mean(axis=-1) <= DARK_HOLE * plain.mean()


def _members(lattice: Lattice, box: Box, shape: tuple[int, ...]) -> np.ndarray:
    """Positions of `box` (an array of `shape`) where the lattice found a member blob."""
    r0, r1, c0, c1 = box
    found = np.zeros(shape[:2], bool)
    inside = (lattice.rows >= r0) & (lattice.rows < r1) & (lattice.cols >= c0) & (lattice.cols < c1)
    found[lattice.rows[inside] - r0, lattice.cols[inside] - c0] = True
    return found


def _pale_shapes(
    kinds: np.ndarray, lattice: Lattice, box: Box, colours: np.ndarray, background: np.ndarray
) -> np.ndarray:
    """Positions where the lattice found a tile (a member blob: a shape with an edge of its own)
    whose colour is near the background's, yet more than a shape's edge away from it, and which is
    not dark as a hole drawn is (at most half as bright as the cells' commonest colour): a cell
    drawn in nearly the page's colour, not a hole showing the page (a hole that shows the
    background has no edge to be found by). Within the colour tolerance such a tile would be read
    as a hole; it is neither cell nor hole, so the board is refused rather than read with cells
    missing (plain tiles on a gradient, beside a path that outnumbers them)."""
    found = _members(lattice, box, colours.shape)
    cells = kinds == CELL
    if not cells.any():
        return np.zeros(kinds.shape, bool)
    dark = _dark_as_a_hole(colours, commonest_colour(colours[cells]))
    step = colour_distance(colours, background)
    return found & same(colours, background) & (step > FLAT_THRESHOLD) & ~dark


def _overlapped_cells(kinds: np.ndarray, off: np.ndarray) -> None:
    """A figure may reach over a neighbour (the cat's feet on the cell below it, mid-step): a
    marked cell whose marks all lie in the third of it next to a figure is that cell."""
    side = int(round(np.sqrt(off.shape[2])))
    third = side // 3
    off = off.reshape(*off.shape[:2], side, side)
    rows, cols = kinds.shape
    for r, c in zip(*np.nonzero(kinds == MARK), strict=True):
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            if not (0 <= r + dr < rows and 0 <= c + dc < cols) or kinds[r + dr, c + dc] != FIGURE:
                continue
            rest = off[r, c].copy()
            near = slice(0, third) if dr + dc < 0 else slice(side - third, side)
            if dr:
                rest[near, :] = False
            else:
                rest[:, near] = False
            if rest.sum() <= 2:
                kinds[r, c] = CELL
                break


def _gap_corners(
    corners: np.ndarray,
    background: np.ndarray,
    near: float = COLOUR_TOLERANCE,
    marks_for: np.ndarray | None = None,
) -> np.ndarray:
    """How many of each position's four corners show the background (a cell has 3 or 4, a flat
    panel none): any of the five samples at a corner, so a thin border line counts; or, where
    something small lies on the corner (a sparkle), two of the four samples off it along the
    diagonals, or the gaps in three of the four directions along them (`corner_samples`). (Any
    one diagonal sample was too lenient: a framed grid's page read as cells mid-drag.)

    Where two corners show the background, a corner under a small mark centred on it
    (`_small_marks`) counts as showing it too: a look that draws sparkles on every fourth corner
    puts them on a diagonal, so a tile between two of them has two corners covered, and on thin
    lines blurred by scaling or JPEG the gaps beyond the sparkle's arms stay a shade off the
    background (sparkle seeds 138, 606, 693, 890: "neither cell nor hole"). Only positions in
    `marks_for` (R, C) count a marked corner, where given: a hole showing the page, a sparkle on the
    corner between two such holes, has the page at its other corners too (level 817)."""
    seen = same(corners, background, near)  # (R+1, C+1, 21)
    gap = seen[:, :, :5].any(axis=2)
    if seen.shape[2] == 5:
        return _corner_count(gap)
    diagonal = seen[:, :, 5:9].sum(axis=2) >= 2
    along = seen[:, :, 9:].reshape(*seen.shape[:2], 2, 3, 2)  # (side, jitter, direction)
    gap |= diagonal | (along.any(axis=3).sum(axis=(2, 3)) >= 3)
    shown = _corner_count(gap)
    with_marks = _corner_count(gap | _small_marks(corners, background, near))
    counts = shown >= MARKED_CORNERS_WITH
    if marks_for is not None:
        counts &= marks_for
    return np.where(counts, with_marks, shown)


def _nearer_the_page(colours: np.ndarray, tiles: np.ndarray) -> np.ndarray:
    """Positions (R, C) whose colour (`colours`, (R, C, 3): a box with the ring beyond the board
    around it) lies nearer the page than every member tile's colour (`tiles`, (n, 3)): the page is
    the ring's colour at either end of the position's row or column (a page shaded in a gradient
    matches a hole beside it there, not across the board). With no tile colour, none is."""
    if not len(tiles):
        return np.zeros(colours.shape[:2], bool)
    rows, cols = colours.shape[:2]
    ends = np.stack(
        [
            np.repeat(colours[:, :1], cols, axis=1),
            np.repeat(colours[:, -1:], cols, axis=1),
            np.repeat(colours[:1], rows, axis=0),
            np.repeat(colours[-1:], rows, axis=0),
        ],
        axis=2,
    )
    to_page = colour_distance(colours[:, :, None], ends).min(axis=2)
    to_tiles = colour_distance(colours[:, :, None], tiles[None, None]).min(axis=2)
    return to_page < to_tiles


MARKED_CORNERS_WITH = 2  # corners showing the gaps, at the least, beside which a marked corner counts


def _corner_count(at: np.ndarray) -> np.ndarray:
    """How many of each position's four corners are flagged in `at` (R+1, C+1): (R, C)."""
    return at[:-1, :-1].astype(int) + at[:-1, 1:] + at[1:, :-1] + at[1:, 1:]


def _small_marks(corners: np.ndarray, background: np.ndarray, near: float) -> np.ndarray:
    """Lattice corners covered by a small mark centred on them (a sparkle, a dot where the gaps
    meet), from `corner_samples(diagonal=True)`: the five samples at the corner are one colour
    off the background; none of the four samples a little way off along the diagonals is that
    colour (the mark is smaller than a few pixels across, no blob or stroke crossing the
    corner); and along each of the two gaps through the corner, the samples past a sparkle's arms
    on one side at least are not that colour either (no line runs through it: a separator or a
    frame's edge; the other side may be the page beside a hole, as light as a sparkle)."""
    centre = corners[:, :, :5].astype(float)
    mark = np.median(centre, axis=2)
    one = same(centre, mark[:, :, None, :]).all(axis=2) & ~same(mark, background, near)
    small = ~same(corners[:, :, 5:9], mark[:, :, None, :]).any(axis=2)
    along = same(corners[:, :, 9:], mark[:, :, None, :]).reshape(*corners.shape[:2], 2, 3, 2)
    in_mark = along.any(axis=3)  # (R+1, C+1, side, axis): the mark's colour on that side of the gap
    ends = (~in_mark).any(axis=2).all(axis=2)  # on both gaps, a side free of it
    return one & small & ends
