"""The pipeline: `detect(image) -> Detection`. No screen access, no I/O.

1. blobs (`blobs.py`): flat compact regions, the pieces of any repeating structure;
2. lattice (`lattice.py`): blobs linked into a grid, origin and x/y pitch fitted;
3. reading (`styles/`): every lattice position classified by its look, the grid grown;
4. roles (`roles.py`, `walked.py`): plain cells, the walked path and its order, start, end;
5. self-checks (`checks.py`): any failure returns no board and says which check failed;
6. screen kind (`screens.py`): a level, the level-complete screen with its go-on control, or
   anything else; a screen that is not a plain level (no board read, or every cell walked) is
   also known by the words on it (`text.py`: OCR, read only there).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, replace

import cv2
import numpy as np

from onestroke.bot.vision import screens, styles, text
from onestroke.bot.vision.blobs import (
    DOT_REACH,
    FLAT_THRESHOLD,
    MIN_DOT,
    WIDE_DOT_REACH,
    Blobs,
    DotSearch,
    FlatRegions,
    as_bgr,
    compact_regions,
    cut_apart_blobs,
    flat_mask,
    flat_regions,
)
from onestroke.bot.vision.checks import (
    Check,
    board_size_check,
    cells_check,
    certificate_check,
    edge_check,
    frame_check,
    gaps_check,
    holes_check,
    lattice_check,
    size_check,
)
from onestroke.bot.vision.gapfit import fit_to_gaps, moves_a_corner
from onestroke.bot.vision.gridlines import drawn_in, grid_lattices
from onestroke.bot.vision.lattice import (
    MAX_STEP,
    Group,
    Lattice,
    fit_lattice,
    fitted_to_alike,
    lattice_groups,
)
from onestroke.bot.vision.reading import CELL
from onestroke.bot.vision.roles import ALL_PLAIN, interpret
from onestroke.bot.vision.sampling import CORE, commonest_colour, same, sample
from onestroke.bot.vision.screens import COMPLETE, LEVEL, OTHER, ScreenKind
from onestroke.bot.vision.wordlists import WordLists
from onestroke.coords import Geometry, Point, Rect
from onestroke.solver.board import Board, Cell

HALVE_ABOVE = 1400  # images with a longer side are searched for blobs at half size
GROUPS_TRIED = 3  # linked groups tried, largest first, before giving up
DOT_STEP = 12.0  # dots found by contrast: a neighbour at most this many dot sides away
MIN_CUT_CELLS = 5  # blobs cut apart (`cut_apart_blobs`) read only in groups this large: a level's open cells
MIN_SIDE = 24  # px: three linked cells of at least 8 px; below, no board fits (and 1x1 trips OpenCV)


@dataclass(frozen=True)
class Detection:
    """What `detect` found. `board` is None unless every check passed (`ok`).

    - `screen`: "level" (a board to play: `board` is set), "complete" (the level-complete screen:
      `next` is the centre of its go-on control) or "other" (anything else);
    - `board`: the level as it began (walked cells are open cells, `start` is where the path
      began), so a level reads as the same board at any moment of play;
    - `walked`: the path drawn so far, in order from the start to the head (where the cat now
      sits); empty when nothing is drawn;
    - `geometry` is set whenever a lattice was found (also when a later check failed), so the
      overlay can show what was seen; `unchecked_board` is the board as read before the checks,
      for messages and overlays only — never for dragging;
    - `words`: the lines of text read on the screen (`text.Word`), or None when the text was not
      read (a plain level: a board with cells still to walk, or the real game's known layout);
      `text_seconds` the time that reading took (None when not read).
    """

    board: Board | None
    geometry: Geometry | None
    checks: tuple[Check, ...]
    reason: str | None
    unchecked_board: Board | None = None
    screen: ScreenKind = OTHER
    next: Point | None = None
    walked: tuple[Cell, ...] = ()
    style: str | None = None
    words: tuple[text.Word, ...] | None = None
    text_seconds: float | None = None

    @property
    def ok(self) -> bool:
        return self.board is not None and all(check.ok for check in self.checks)

    @property
    def end(self) -> Cell | None:
        """The required end cell, when the game marks one."""
        return self.board.end if self.board is not None else None

    @property
    def head(self) -> Cell | None:
        """Where the cat sits: the path's head, or the start when nothing is drawn."""
        if self.board is None:
            return None
        return self.walked[-1] if self.walked else self.board.start


def detect(
    image: np.ndarray,
    *,
    halve_above: int = HALVE_ABOVE,
    read_text: bool = True,
    lists: WordLists | None = None,
    solved_board: Rect | None = None,
) -> Detection:
    """Read a BGR (or grey / BGRA) screenshot of any size: the screen kind, the board, the path.

    `halve_above` is the longer side above which blobs are searched at half size (the
    benchmark compares that with searching at full size). `read_text=False` never reads the
    words on the screen (other apps' complete screens then read as "other"); `lists` are the
    word lists the words are judged by (None: the project's, `wordlists.json`; the play loop
    passes them with the user's own words added). `solved_board` is the box (image pixels) of a
    board read solved with an earlier look's lattice (`known.py`: a path whose band merges every
    cell into one shape leaves no plain cell for the lattice here): its words are judged as those
    beside a solved board.
    """
    image = as_bgr(image)
    if min(image.shape[:2]) < MIN_SIDE:
        reason = f"image of {image.shape[1]}x{image.shape[0]} px is too small to hold a board"
        return Detection(None, None, (Check("lattice", False, reason),), reason)
    found = _read_board(image, halve_above)
    complete = screens.find_complete(image)
    if complete.go_on is None:
        found = found if not found.ok else _replace(found, screen=LEVEL)
        solved = _solved(found)
        if (found.ok and not solved) or not read_text:
            return found  # a plain level: its text is never read (it costs 100 times the board)
        return _by_words(image, found, solved, lists, solved_board)
    if found.ok:  # a board and the complete screen's controls at once: trust neither
        check = Check("screen", False, f"a board, and also {complete.detail}")
        return _replace(found, board=None, checks=(*found.checks, check), reason=f"screen: {check.detail}")
    check = Check("screen", True, complete.detail)
    return Detection(
        None,
        None,
        (check,),
        f"the level-complete screen: {complete.detail}",
        screen=COMPLETE,
        next=complete.go_on,
    )


def _solved(found: Detection) -> bool:
    """A board read with every open cell walked: the level is done, its screen may say how to go on."""
    return found.board is not None and found.ok and len(found.walked) == len(found.board.open_cells)


def _by_words(
    image: np.ndarray, found: Detection, solved: bool, lists: WordLists | None, solved_board: Rect | None
) -> Detection:
    """`found` (a screen that is not a plain level) with the words on it, complete when they prove it."""
    started = time.perf_counter()
    lines = screens.screen_words(image)
    seconds = time.perf_counter() - started
    board = found.geometry.bounds() if solved and found.geometry is not None else solved_board
    said = screens.complete_by_words(lines, solved_board=board, lists=lists)
    if said.go_on is None:  # a panel that labels no control may still show its go-on by its arrow
        said = screens.complete_by_arrow(image, lines, lists=lists)
    if said.go_on is None:
        return _replace(found, words=lines, text_seconds=seconds)
    check = Check("screen", True, said.detail)
    return Detection(
        None,
        found.geometry if solved else None,
        (*found.checks, check) if solved else (check,),
        f"the level-complete screen: {said.detail}",
        screen=COMPLETE,
        next=said.go_on,
        words=lines,
        text_seconds=seconds,
    )


def _replace(found: Detection, **changes: object) -> Detection:
    from dataclasses import replace

    return replace(found, **changes)


def _read_board(image: np.ndarray, halve_above: int) -> Detection:
    """The first lattice that gives a board that passes every check, or the most telling refusal."""
    # Blobs are found on a half-size copy of large screens: 4x fewer pixels, and cells of 40 px
    # still give 20 px blobs there (the blob finder needs 8). Cells are read at full size.
    factor = 0.5 if max(image.shape[:2]) > halve_above else 1.0
    work = _searched(image, factor)
    flat = flat_mask(work)  # made once: the blob search and the line search both start from it
    regions = flat_regions(work, flat)  # (its regions labelled once for both where no line cuts them)
    best: Detection | None = None
    for found in _detections(image, factor, work, regions):
        if found.ok:
            return found
        if best is None or (best.geometry is None and found.geometry is not None):
            best = found
    assert best is not None
    # no flat shapes made a board: shaded dots on a field (a glow, a soft shadow) give no flat
    # region, so look for small things standing out of the field (only here: it finds letters too)
    dots = DotSearch(work)  # the wider reach builds on the narrow one's erosion and dilation
    for reach in (DOT_REACH, WIDE_DOT_REACH):  # the wider reach only where the narrow read nothing
        for found in _detections(image, factor, work, regions, dots=dots, reach=reach):
            if found.ok and found.style != "nodes":
                found = _too_small(found)
            if found.ok:
                return found
            best = _kept(best, found)
    if best.geometry is None or _all_plain(best) or _too_few_lines(best.geometry) or _in_gaps(best):
        # no lattice of shapes at all, one whose every cell read plain (the holes' squares of
        # such a board: its cells are one region), or one too narrow for a level (a row of
        # buttons or icons beside the board): touching or framed cells split by lines too
        # faint for the blob finder are one flat region. Its lattice from the grid's lines is
        # read with the lines drawn in where they show (`gridlines.drawn_in`): the reading
        # takes the gaps' colour from the lines, which on such a faint line would be the cells' own
        for lattice in grid_lattices(image, work, flat, regions.whole):
            drawn = drawn_in(image, lattice)
            if drawn is None:
                continue
            found = _read_lattice(drawn, lattice)
            if found.ok:
                return found
            best = _kept(best, found)
    if best.geometry is None:
        # still no lattice at all: a path drawn as cells joined by something narrower (lit dots on
        # a line, tiles joined by a narrower band) over nearly every cell leaves one flat region
        # and too few plain cells; opened, it falls apart into its cells (`cut_apart_blobs`)
        for blobs in cut_apart_blobs(regions.cut):
            for found in _detections(image, factor, work, regions, cut_apart=blobs):
                if found.ok:
                    return found
                best = _kept(best, found)
    if best.geometry is None:
        # still none: flat dots under a seventh of their pitch lie farther apart than
        # `lattice.MAX_STEP` of their sides; linked as far as the dots found by contrast are
        for found in _detections(image, factor, work, regions, max_step=DOT_STEP):
            if found.ok:
                return found
            best = _kept(best, found)
    return best


def _kept(best: Detection, found: Detection) -> Detection:
    """The refusal worth reporting of two: the first one that found a lattice at all."""
    return found if best.geometry is None and found.geometry is not None else best


def _in_gaps(found: Detection) -> bool:
    """A lattice whose own shapes read as the gaps between them (`checks.gaps_check`): the lines
    between its cells were too faint to show where they cross, as they are to the blob finder."""
    return any(not check.ok and check.name == "gaps" for check in found.checks)


def _too_few_lines(geometry: Geometry) -> bool:
    """A lattice of under three rows or columns: a row of buttons or icons, no level's grid."""
    return min(geometry.rows, geometry.cols) < 3


def _searched(image: np.ndarray, factor: float) -> np.ndarray:
    """The copy of `image` searched for shapes (`factor`: half size on large screens)."""
    if factor == 1.0:
        return image
    return cv2.resize(image, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA)


def _too_small(found: Detection) -> Detection:
    """A board the dots search found that reads as tiles, not dots on a field: tiles so small that
    only the search for small marks saw them (a game drawn at a third of its size). Cells that
    small are not trusted: a drag on them is watched on a few pixels a cell (the game at 0.3 of its
    size: "the board vanished from the screen at cell 15 of 24")."""
    assert found.geometry is not None
    px, py = found.geometry.pitch
    detail = f"{found.style} cells {px:.0f} x {py:.0f} px apart, seen only as small marks: too small to trust"
    check = Check("cell size", False, detail)
    # no geometry either: the loop must not zoom into this place and read the tiles there
    return Detection(
        None, None, (*found.checks, check), f"cell size: {detail}", found.board, style=found.style
    )


def _detections(
    image: np.ndarray,
    factor: float,
    work: np.ndarray,
    regions: FlatRegions,
    *,
    dots: DotSearch | None = None,
    reach: int = DOT_REACH,
    cut_apart: Blobs | None = None,
    max_step: float = MAX_STEP,
) -> Iterator[Detection]:
    """One detection per linked group of blobs found on `work` (`image` at `factor` scale;
    `regions`: its flat regions), largest groups first: flat compact regions, or with `dots` (the dot
    search of `work`) small things (narrower than `reach`) that stand out of the field around them,
    or the blobs `cut_apart` found on `work` already (`cut_apart_blobs`: only groups that may be a
    level's cells, MIN_CUT_CELLS or more, are read); a flat blob's neighbour at most `max_step` of
    its sides away."""
    # the wider reach looks only for what the narrow one could not see: what both see was read already
    least = DOT_REACH if reach > DOT_REACH else MIN_DOT
    if cut_apart is not None:
        blobs = cut_apart
    else:
        blobs = dots.blobs(reach, least) if dots is not None else compact_regions(regions.cut)
    if factor != 1.0:  # back to full-size pixel coordinates
        blobs = blobs.scaled(factor)
    # a dot found by its contrast is measured smaller than its glow: its neighbours lie further
    groups = lattice_groups(blobs, DOT_STEP) if dots is not None else lattice_groups(blobs, max_step)
    if cut_apart is not None:  # the cells of a board nearly all walked: at least a level's few
        groups = [group for group in groups if len(group.members) >= MIN_CUT_CELLS]
    if dots is not None:
        yield from (_read_group(image, blobs, group) for group in groups[:GROUPS_TRIED])
        return
    if not groups:
        reason = f"no lattice of cell-like shapes found ({len(blobs)} compact blobs, none in a grid)"
        yield Detection(None, None, (Check("lattice", False, reason),), reason)
    for group in groups[:GROUPS_TRIED]:
        found = _read_group(image, blobs, group)
        yield found
        # a lattice of holes drawn as squares on a dots board: its cells are the field beside them
        if not found.ok and _all_plain(found):
            yield from _cells_beside(image, fit_lattice(blobs, group))


def _read_group(image: np.ndarray, blobs: Blobs, group: Group) -> Detection:
    return _read_lattice(image, fit_lattice(blobs, group), blobs)


def _all_plain(found: Detection) -> bool:
    return any(not check.ok and check.name == "start" and check.detail == ALL_PLAIN for check in found.checks)


def _cells_beside(image: np.ndarray, lattice: Lattice) -> Iterator[Detection]:
    """The board read as dots on a field around a lattice of blobs whose every cell read plain.

    Holes drawn as squares (dark, hatched, an inner square) on a board of dots are compact blobs
    on the board's own lattice, where the dots may give none (too small, or too faint to stand
    out). A lattice found on the holes reads them as plain tiles and the field around them as
    the gaps: no start, and the board is refused. The positions beside the holes are then the
    board's cells: each flat colour that two or more of them share, unlike the holes' own, is
    taken in turn for the field, and the same lattice with those positions as its members is
    read as dots on a field (`nodes`: the field measured between them, the holes now holes).
    Only ever tried after that refusal, and each reading must pass every check on its own."""
    (ox, oy), (px, py) = lattice.origin, lattice.pitch
    members = set(zip(lattice.rows.tolist(), lattice.cols.tolist(), strict=True))
    steps = ((-1, 0), (1, 0), (0, -1), (0, 1))
    beside = sorted({(r + dr, c + dc) for r, c in members for dr, dc in steps} - members)
    rows, cols = np.array([r for r, _ in beside]), np.array([c for _, c in beside])
    h, w = image.shape[:2]
    cx, cy = ox + px * cols, oy + py * rows
    inside = (cx - px / 2 >= 0) & (cy - py / 2 >= 0) & (cx + px / 2 <= w) & (cy + py / 2 <= h)
    r0, c0 = int(rows.min()), int(cols.min())  # the members' box grown by one: rows and cols >= -1
    box = (r0, int(rows.max()) + 1, c0, int(cols.max()) + 1)
    colours = np.median(sample(image, lattice, box, CORE), axis=2)
    own = commonest_colour(colours[lattice.rows - r0, lattice.cols - c0])
    seen = colours[rows - r0, cols - c0]
    left = inside & ~same(seen, own)
    for _ in range(FIELDS_TRIED):
        if left.sum() < 2:
            return
        # one continuous field is one flat colour: within a flat edge of it (no edge the blob
        # finder would see). The page past the field's edge, beside a hole on the border, may lie
        # within the colour tolerance of it (a dark look's field is a shade lighter than its page)
        # and, taken for a member, made a column of the page the board's (seed 1441)
        colour = commonest_colour(seen[left])
        family = left & same(seen, colour, FLAT_THRESHOLD)
        left &= ~same(seen, colour)
        if family.sum() < 2:
            continue
        top, first = int(rows[family].min()), int(cols[family].min())
        n = int(family.sum())
        dots = Lattice(
            (ox + px * first, oy + py * top),
            lattice.pitch,
            rows[family] - top,
            cols[family] - first,
            lattice.worst,
            np.full(n, DOT_SHARE * px),
            np.full(n, DOT_SHARE * py),
        )
        yield _read_lattice(image, dots)


FIELDS_TRIED = 2  # colours beside the holes taken for the field: the board's, and the page's
DOT_SHARE = 0.25  # the members' side in pitches: a dot, so the lattice is read as `nodes`


def _page_colour(image: np.ndarray) -> np.ndarray:
    """The page's colour: the median of the screen's outermost pixels, which the board never
    reaches (a gradient's middle, a panel's edge or a bar where they reach the border)."""
    border = np.concatenate([image[0], image[-1], image[1:-1, 0], image[1:-1, -1]])
    return np.median(border, axis=0)


def _read_lattice(image: np.ndarray, lattice: Lattice, blobs: Blobs | None = None) -> Detection:
    """The board read on `lattice`, measured again over the grid it grew to: tiles by the lines
    between them (`gapfit.py`), dots by every dot among `blobs` (the blobs it was linked from)
    that sits on one of its cells (`lattice.fitted_to_alike`)."""
    reading = styles.read(image, lattice)
    if reading.box != lattice.members_box():
        # the grid grew past the blobs the lattice was fitted to: measure it again over the
        # whole grid and read once more where that moves the far cells
        refitted: Lattice | None = None
        if reading.style == "tiles":
            refitted = fit_to_gaps(image, lattice, reading.box, reading.kinds)
        elif blobs is not None:
            # dots have no boundaries between them to measure: their own centres are the lattice
            refitted = fitted_to_alike(blobs, lattice, reading.box, reading.kinds == CELL)
        if refitted is not None and moves_a_corner(lattice, refitted, reading.box):
            lattice = refitted
            reading = styles.read(image, lattice)
    roles = interpret(reading)
    r0, r1, c0, c1 = reading.box
    rows, cols = r1 - r0, c1 - c0
    (ox, oy), (px, py) = lattice.origin, lattice.pitch
    geometry = Geometry((ox + px * c0, oy + py * r0), lattice.pitch, rows, cols)
    checks = [
        lattice_check(lattice, (rows, cols)),
        size_check(lattice),
        *roles.checks,
        cells_check(reading),
        gaps_check(reading),
        frame_check(reading, _page_colour(image)),
        holes_check(reading),
        # a "band" leaving the grid from a position read as a hole is that hole's own tile
        # reaching the border (a darker tile of touching cells, no line outside it): a path never
        # crosses a hole (seed 235: a lone inner square in the grid's corner)
        edge_check(replace(reading, leaving=[c for c in reading.leaving if c in roles.open_cells])),
    ]
    unchecked: Board | None = None
    if roles.start is not None:
        unchecked = Board(rows, cols, roles.open_cells, roles.start, roles.end)
        checks += [board_size_check(unchecked), certificate_check(unchecked)]
    failed = [check for check in checks if not check.ok]
    if failed:
        reason = "; ".join(f"{check.name}: {check.detail}" for check in failed)
        return Detection(
            None, geometry, tuple(checks), reason, unchecked, walked=roles.walked, style=reading.style
        )
    return Detection(
        unchecked, geometry, tuple(checks), None, unchecked, walked=roles.walked, style=reading.style
    )
