"""A look taught from labelled screenshots: learning it (`teach`) and reading with it (`read`).

The built-in reading (`detect.py`) knows the looks it was built for; an app it refuses can be
taught. Each labelled screen (`Example`: the image and what it shows, from a `fixtures` label)
gives, for every lattice position of its board, a small normalised picture of that cell (the
cell's pitch square resampled to PATCH x PATCH, CIE Lab) and the role the label gives it:

- `plain`, `hole`, `start` (nothing walked yet), `end`, `walked`, `head` (the path's last cell),
  `start_walked` (the start once the path has left it), and `outside` (the positions around the
  board);
- for neighbouring walked cells, the picture of the gap between them: `joined` (consecutive on the
  path) or `apart` (next to each other, not consecutive): the path's joins, which give its order.

A picture also holds, for each of its PATCH x PATCH places, the brightest and the darkest
lightness near it: a frame a pixel wide, a small letter, a 12 px dot on a continuous field are
lost in the resampled mean and kept in these. Each labelled cell is learned at its place and
JITTER of the pitch off it each way (a read lattice is a pixel or two off the label's).

Each role is a `Model`: the mean picture and each pixel's spread (a diagonal Gaussian; pixels
that vary within a role, a band's direction or a step number, weigh little). The look weighs
each pixel by how much the roles' means differ there over how much a role's cells vary there
(`pixel_weights`): where the cells differ in a small part (a dot, a frame, an S) that part
decides. A cell is scored against every role (weighted mean squared z, each pixel's share
capped) and takes the nearest; the positions around the board are learned in a few kinds
(`background_models`: the field, a title, a frame line), the nearest kind speaking for
`outside`. A cell of the board farther than the role's `limit` from every role is refused,
naming the nearest role, and so is one with a part unlike every labelled cell of its nearest
role (`Model.local`: a mark of a role never taught, an E on a look taught without an end).
A look taught from no fresh level (a half-drawn screen and the complete one) learns its fresh
start as the marks the path's cells show beyond a walked cell (the start's once left, the head's)
drawn on a plain cell (`fresh_start`); where those show none, a fresh start stays untaught.

Reading a screen: the plain cells' centre colour gives candidate blobs whose size (over the
learned fill) says the pitch; blobs of one pitch are fitted to a lattice; every position around
them is scored; the board is the group of open positions, less a row of controls at its edge
(shapes in the cells' colour larger than any labelled cell's, `without_controls`) and what lies
beyond it; the positions just outside the board must not look like cells (`extent_check`: the
board may go on); the start, the walked path in order (through the joins) and the end follow,
and the self-checks of the built-in reading run (board size, solvability). A lattice fitted to a few
blobs that reads no board is read once more at the period its lightness edges repeat at, through
the same reference blob (`refined_lattice`). A learned go-on control (a grey template of
the labelled complete screen around its `next`, at its place on the screen) makes a screen
"complete".

Pure: numpy images and plain data in, a `Detection` or a `TaughtLook` out; the file is
calibration/looks.py's.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import cv2
import numpy as np

from onestroke.bot.vision import text
from onestroke.bot.vision.blobs import as_bgr, compact_blobs, flat_mask
from onestroke.bot.vision.checks import Check, board_size_check, certificate_check
from onestroke.bot.vision.detect import Detection
from onestroke.bot.vision.gridlines import grid_lattices
from onestroke.bot.vision.lattice import fit_lattice, lattice_groups
from onestroke.bot.vision.screens import COMPLETE, LEVEL, point_box
from onestroke.bot.vision.wordlists import LABEL_SLACK, letters_of, word_lists
from onestroke.coords import Geometry, Point
from onestroke.plural import counted, noun
from onestroke.solver.board import Board, Cell
from onestroke.solver.errors import OnestrokeError

Role = Literal["plain", "hole", "start", "end", "walked", "head", "start_walked", "outside"]
ROLES: tuple[Role, ...] = ("plain", "hole", "start", "end", "walked", "head", "start_walked", "outside")
OPEN_ROLES: frozenset[str] = frozenset({"plain", "start", "end", "walked", "head", "start_walked"})
WALKED_ROLES: frozenset[str] = frozenset({"walked", "head", "start_walked"})
STARTS: frozenset[str] = frozenset({"start", "start_walked"})
JOINS = ("joined", "apart")

PATCH = 12  # a cell's picture: its pitch square resampled to PATCH x PATCH
JOIN_PATCH = 6  # the gap between two cells: half a pitch square around their midpoint
SPREAD_FLOOR = 7.0  # Lab units: JPEG, scaling and sub-pixel placement move a pixel this much
Z_CAP = 16.0  # a pixel's share of a score at most this (4 spreads): a stray digit does not decide
LIMIT_FLOOR = 3.0  # a role's limit is at least this mean squared z
LIMIT_FACTOR = 2.0  # ... and this many times the 95th percentile of its labelled cells' scores
MIN_PLAIN = 3  # plain cells to learn from, at the least
ALIKE = 1.5  # two roles whose means score below this against each other are not told apart
GO_ON_SIDE = 0.16  # the go-on template: a square this share of the screen's shorter side
GO_ON_COLOUR = 25.0  # BGR levels the matched region's mean colour may differ from the template's
GO_ON_PIXELS = 32  # the template's side as saved
GO_ON_SEARCH = 0.12  # searched this share of the shorter side around its learned place
GO_ON_MIN = 0.8  # normalised correlation the go-on template needs at the least
MAX_ASPECT_CHANGE = 0.03  # a read lattice's pitch y over x within 3 % of the look's
MARGIN = 0.15  # the likeliest role's cost per pixel at least this much below the next one's
WINDOW = 3  # positions scored beyond the fitted blobs on each side
JITTER = 0.02  # a labelled cell is also learned this share of the pitch off its place, each way
WEIGHT_FLOOR = 0.1  # a pixel's weight at the least (over the mean): every pixel says something
BACKGROUNDS = 6  # kinds of background around the board learned apart, at most
MIN_BACKGROUND = 8  # positions a kind of background needs to be learned apart
LOCAL_FLOOR = 6.0  # a part of a cell may be this unlike its role (`Model.local`) at the least
LOCAL_FACTOR = 1.25  # ... and this many times the most unlike part among its labelled cells
LOCAL_MIN = 20  # ... learned from this many pictures at the least (4 cells, each at 5 places)
MAX_RUNS = 3  # runs of blob sizes tried for the cells' lattice, densest first
PATH_BUDGET = 20000  # steps of the search for the walked cells' order when joins do not say
BAND_TOLERANCE = 12.0  # Lab units, each channel: a pixel of the walked band's colour
BAND_RUNS = 5  # the band's runs across rows (or columns) at the least, to place a lattice on it
BAND_AGREEMENT = 0.9  # their middles' mean direction on the circle of one pitch at least this long
REFINE_REACH = 0.12  # a lattice's pitch is refined within this share of the fitted one
EDGE_SLACK = 0.1  # a hole grown onto the board may reach this share of the pitch past the image's edge
# the path's cells, seen on one screen with the path running one way, are read in every quarter
# turn: a head on another screen comes in from another side (look 15's band), a walked cell taught
# from a horizontal stretch shows a vertical one elsewhere (look 15's 15010: nearest head at 3.1)
TURNED_ROLES: frozenset[str] = frozenset({"head", "start_walked", "walked"})
MIN_PATH = 2  # positions read as walked that say a path is drawn (one may be a misread cell)
MARKER_Z = 3.0  # a pixel is a path cell's marker where it lies this many spreads off a walked cell's
MIN_MARKER = 12  # pixels a marker needs to be drawn on a plain cell as the fresh start
PATH_COLOUR = 2.0 * SPREAD_FLOOR  # Lab units: a marker's pixels this near the path's colours are in it
SHAPE_REACH = 1.5  # a cell's shape in the cells' colour is looked for this many pitches each way
SHAPE_OPEN = 0.12  # ... its mask opened by this share of the pitch (a thin line joining cells goes)
SHAPE_SLACK = 1.25  # a shape this many times a labelled plain cell's largest side is no cell's
APART = 1.05  # cells whose shapes are at most this many pitches across lie apart
VERSION = 1
ShapeKind = Literal["cell", "larger", "none"]  # what a position shows in the cells' colour (`shape_kind`)


class TeachError(OnestrokeError):
    """A labelled screen the look cannot be learned from; the message names the file."""


@dataclass(frozen=True)
class Example:
    """One labelled screen, in vision's terms (the command turns a fixtures label into it)."""

    name: str
    image: np.ndarray
    board: Board | None
    walked: tuple[Cell, ...] = ()
    origin: tuple[float, float] | None = None
    pitch: tuple[float, float] | None = None
    screen: str | None = None
    next: tuple[float, float] | None = None


@dataclass(frozen=True)
class Model:
    """One role's look: the mean picture, each pixel's spread, and how far a member may lie."""

    mean: np.ndarray
    spread: np.ndarray
    limit: float
    count: int
    weights: np.ndarray | None = None  # the look's weight of each pixel (None: all alike)
    local_limit: float = float("inf")  # how unlike its role a part of a member may be (`local`)
    even_limit: float = float("inf")  # how far a member may lie with every pixel weighed alike (`even`)

    def scores(self, features: np.ndarray) -> np.ndarray:
        """Mean squared z of each row of `features` (each pixel's share capped at Z_CAP), each
        pixel weighted by the look's `weights`."""
        z = np.minimum(((features - self.mean) / self.spread) ** 2, Z_CAP)
        return z.mean(axis=1) if self.weights is None else z @ self.weights / len(self.weights)

    def even(self, features: np.ndarray) -> np.ndarray:
        """`scores` with every pixel weighed alike. The look's weights favour the pixels where
        the taught roles differ; a colour no taught role shows (a path's colour, taught from
        fresh levels only) may differ where they are alike, and only this score sees it."""
        return np.minimum(((features - self.mean) / self.spread) ** 2, Z_CAP).mean(axis=1)

    def costs(self, features: np.ndarray) -> np.ndarray:
        """The mean negative log-likelihood per pixel (up to a constant): a broad role pays for
        its breadth, so the nearest role is the likeliest, not merely the widest."""
        breadth = np.log(self.spread)
        if self.weights is not None:
            breadth = breadth * self.weights
        return 0.5 * self.scores(features) + float(breadth.mean())

    def local(self, features: np.ndarray) -> np.ndarray:
        """How unlike this role the most unlike part of each picture is: the lightness extremes'
        squared z (capped), the larger of the two, averaged over each ninth of a third of the
        cell, the largest (a letter or a frame the role does not show, however small the rest
        makes it in the whole picture's mean). Zero for pictures without the extremes."""
        plain = PATCH * PATCH * 3
        if features.shape[1] != feature_count(True) or len(self.mean) != feature_count(True):
            return np.zeros(len(features))
        z = np.minimum(((features[:, plain:] - self.mean[plain:]) / self.spread[plain:]) ** 2, Z_CAP)
        n, third = len(features), PATCH // 3
        worst = z.reshape(n, 2, PATCH, PATCH).max(axis=1)
        return worst.reshape(n, 3, third, 3, third).mean(axis=(2, 4)).reshape(n, -1).max(axis=1)

    def weighted(self, weights: np.ndarray | None) -> Model:
        """This role's model with the look's pixel weights (its limits as they were)."""
        return Model(
            self.mean, self.spread, self.limit, self.count, weights, self.local_limit, self.even_limit
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "count": self.count,
            "limit": round(self.limit, 3),
            "local_limit": None if np.isinf(self.local_limit) else round(self.local_limit, 3),
            "even_limit": None if np.isinf(self.even_limit) else round(self.even_limit, 3),
            "mean": [round(float(v), 1) for v in self.mean],
            "spread": [round(float(v), 1) for v in self.spread],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Model:
        return cls(
            np.asarray(data["mean"], np.float32),
            np.asarray(data["spread"], np.float32),
            float(data["limit"]),
            int(data["count"]),
            None,
            float("inf") if data.get("local_limit") is None else float(data["local_limit"]),
            float("inf") if data.get("even_limit") is None else float(data["even_limit"]),
        )


@dataclass(frozen=True)
class TaughtGoOn:
    """The go-on control a look was taught on its complete screen: its colour template and its
    place on the screen (bot/play/go_on.py's `GoOn` is the loop's step that presses one)."""

    template: np.ndarray  # uint8 BGR, square
    place: tuple[float, float]  # its centre over the screen's width and height
    side: float  # the template's side over the screen's shorter side
    limit: float  # the normalised correlation a match needs
    words: tuple[str, ...] = ()  # the control's label as read on the taught screen; () for an icon

    def says(self, lines: Sequence[text.Word]) -> text.Word | None:
        """The line among `lines` (read in the control's box) that is the taught label, or None;
        never a line that holds a never-press word."""
        lists = word_lists()
        for line in lines:
            letters = letters_of(line.text)
            if lists.vetoing(line.text) is not None or not letters:
                continue
            for word in self.words:
                taught = letters_of(word)
                if taught and taught in letters and len(letters) - len(taught) <= LABEL_SLACK:
                    return line
        return None


@dataclass(frozen=True)
class TaughtLook:
    """What an app's board looks like, learned from labelled screens (practice/looks.py's
    `RandomLook` is one the practice renderer draws)."""

    name: str
    roles: dict[str, Model]
    joins: dict[str, Model]
    centre_colour: tuple[float, float, float]  # Lab of a plain cell's centre
    centre_tolerance: float  # Lab distance within which a pixel is a plain cell's centre colour
    fill: float  # the plain cells' blob side over the pitch
    pitch_share: tuple[float, float]  # the smallest and largest pitch seen over the screen's width
    go_on: TaughtGoOn | None = None
    aspect: float = 1.0  # pitch y over pitch x
    pitch_px: tuple[float, float] = (0.0, 0.0)  # the smallest and largest pitch seen, in pixels
    sources: tuple[str, ...] = ()
    notes: tuple[str, ...] = field(default=())
    # the background's kinds (the field beside the board, a title, a frame line), each a model:
    # one Gaussian for all of them is so broad that a plain stretch of field is nearer a hole
    backgrounds: tuple[Model, ...] = ()
    detail: bool = True  # a cell's picture has its lightness's extremes too (a look taught before: not)
    # the largest side of a labelled plain cell's shape in the cells' centre colour (within
    # `shape_tolerance`), over the pitch (`cell_shape`; infinite: not known, or the cells' colour
    # runs on past them at every tolerance tried)
    cell_extent: float = float("inf")
    shape_tolerance: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        """The look as plain data (JSON): what was learned first, the pictures last."""
        out: dict[str, Any] = {
            "look": self.name,
            "version": VERSION,
            "taught_from": list(self.sources),
            "notes": list(self.notes),
            "pitch_share": [round(v, 4) for v in self.pitch_share],
            "fill": round(self.fill, 3),
            "aspect": round(self.aspect, 4),
            "pitch_px": [round(v, 2) for v in self.pitch_px],
            "centre_colour_lab": [round(v, 1) for v in self.centre_colour],
            "centre_tolerance": round(self.centre_tolerance, 1),
            "roles": {name: model.to_dict() for name, model in self.roles.items()},
            "weights": look_weights(self.roles),
            "joins": {name: model.to_dict() for name, model in self.joins.items()},
            "backgrounds": [model.to_dict() for model in self.backgrounds],
            "detail": self.detail,
            "cell_extent": None if np.isinf(self.cell_extent) else round(self.cell_extent, 3),
            "shape_tolerance": round(self.shape_tolerance, 2),
        }
        if self.go_on is not None:
            g = self.go_on
            out["go_on"] = {
                "place": [round(v, 4) for v in g.place],
                "side": round(g.side, 4),
                "limit": round(g.limit, 3),
                "words": list(g.words),
                "template": g.template.tolist(),
            }
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TaughtLook:
        """The look `to_dict` wrote; KeyError, TypeError or ValueError on anything else."""
        if data.get("version") != VERSION:
            raise ValueError(f"version {data.get('version')!r}, this onestroke reads version {VERSION}")
        go = data.get("go_on")
        go_on = None
        if go is not None:
            go_on = TaughtGoOn(
                np.asarray(go["template"], np.uint8),
                (float(go["place"][0]), float(go["place"][1])),
                float(go["side"]),
                float(go["limit"]),
                tuple(str(w) for w in go.get("words", ())),
            )
        lo, hi = data["pitch_share"]
        weights = None if data.get("weights") is None else np.asarray(data["weights"], np.float32)
        return cls(
            str(data["look"]),
            {name: Model.from_dict(m).weighted(weights) for name, m in data["roles"].items()},
            {name: Model.from_dict(m) for name, m in data["joins"].items()},
            tuple(float(v) for v in data["centre_colour_lab"]),  # type: ignore[arg-type]
            float(data["centre_tolerance"]),
            float(data["fill"]),
            (float(lo), float(hi)),
            go_on,
            float(data.get("aspect", 1.0)),
            tuple(float(v) for v in data.get("pitch_px", (0.0, 0.0))),  # type: ignore[arg-type]
            tuple(data.get("taught_from", ())),
            tuple(data.get("notes", ())),
            tuple(Model.from_dict(m).weighted(weights) for m in data.get("backgrounds", ())),
            bool(data.get("detail", False)),
            float("inf") if data.get("cell_extent") is None else float(data["cell_extent"]),
            float(data.get("shape_tolerance", 0.0)),
        )


def look_weights(roles: dict[str, Model]) -> list[float] | None:
    """The pixel weights the roles share, as saved (None: a look taught before weights)."""
    weights = next(iter(roles.values())).weights if roles else None
    return None if weights is None else [round(float(v), 3) for v in weights]


# -- pictures of cells -----------------------------------------------------------------------


def lab_image(image: np.ndarray) -> np.ndarray:
    return cv2.cvtColor(as_bgr(image), cv2.COLOR_BGR2LAB).astype(np.float32)


def patch(
    lab: np.ndarray, centre: tuple[float, float], size: tuple[float, float], side: int, detail: bool = False
) -> np.ndarray:
    """The `size` box around `centre`, resampled to `side` x `side`, as one flat vector; with
    `detail`, then its lightness's brightest and darkest pixel near each of the side x side
    places (a line a pixel wide, a small letter, a frame: the resampled mean loses them)."""
    w, h = max(2, round(size[0])), max(2, round(size[1]))
    box = cv2.getRectSubPix(lab, (w, h), (float(centre[0]), float(centre[1])))
    out = cv2.resize(box, (side, side), interpolation=cv2.INTER_AREA).reshape(-1)
    if not detail:
        return out
    light = np.ascontiguousarray(box[:, :, 0])
    reach = np.ones((max(1, round(h / side)), max(1, round(w / side))), np.uint8)
    brightest = cv2.resize(cv2.dilate(light, reach), (side, side), interpolation=cv2.INTER_AREA)
    darkest = cv2.resize(cv2.erode(light, reach), (side, side), interpolation=cv2.INTER_AREA)
    return np.concatenate([out, brightest.reshape(-1), darkest.reshape(-1)])


def feature_count(detail: bool) -> int:
    return PATCH * PATCH * (5 if detail else 3)


def cell_features(
    lab: np.ndarray, geometry: Geometry, cells: Sequence[Cell], detail: bool = True
) -> np.ndarray:
    """One picture per cell (any lattice index, also outside the grid)."""
    if not cells:
        return np.zeros((0, feature_count(detail)), np.float32)
    return np.stack([patch(lab, geometry.centre(cell), geometry.pitch, PATCH, detail) for cell in cells])


def join_features(lab: np.ndarray, geometry: Geometry, pairs: Sequence[tuple[Cell, Cell]]) -> np.ndarray:
    """One picture of the gap between each pair of side neighbours, turned to lie across."""
    out = []
    px, py = geometry.pitch
    for a, b in pairs:
        (ax, ay), (bx, by) = geometry.centre(a), geometry.centre(b)
        mid = ((ax + bx) / 2, (ay + by) / 2)
        vector = patch(lab, mid, (px / 2, py / 2), JOIN_PATCH).reshape(JOIN_PATCH, JOIN_PATCH, 3)
        if a[0] != b[0]:  # a vertical pair: its gap turned to lie as a horizontal one's
            vector = vector.transpose(1, 0, 2)
        out.append(vector.reshape(-1))
    if not out:
        return np.zeros((0, JOIN_PATCH * JOIN_PATCH * 3), np.float32)
    return np.stack(out)


def jittered(geometry: Geometry) -> list[Geometry]:
    """`geometry` moved by JITTER of its pitch each way along each axis."""
    (ox, oy), (px, py) = geometry.origin, geometry.pitch
    dx, dy = JITTER * px, JITTER * py
    return [
        Geometry((ox + ax * dx, oy + ay * dy), geometry.pitch, geometry.rows, geometry.cols)
        for ax, ay in ((1, 0), (-1, 0), (0, 1), (0, -1))
    ]


def fit_model(samples: np.ndarray, weights: np.ndarray | None = None, cells: int | None = None) -> Model:
    """The model of `samples` (pictures of `cells` labelled cells: all of them unless said)."""
    count = len(samples) if cells is None else cells
    mean = samples.mean(axis=0)
    spread = np.sqrt(samples.var(axis=0) + SPREAD_FLOOR**2)
    model = Model(mean.astype(np.float32), spread.astype(np.float32), LIMIT_FLOOR, count, weights)
    own = model.scores(samples)
    limit = max(LIMIT_FLOOR, LIMIT_FACTOR * float(np.quantile(own, 0.95)))
    local_limit = float("inf")  # a role seen in a few cells (a head): how its parts vary is not known
    if samples.shape[1] == feature_count(True) and len(samples) >= LOCAL_MIN:
        local_limit = max(LOCAL_FLOOR, LOCAL_FACTOR * float(model.local(samples).max()))
    even_limit = float("inf")  # as `local_limit`: known only for a role seen in many cells (plain, hole)
    if len(samples) >= LOCAL_MIN:
        even_limit = max(LIMIT_FLOOR, LIMIT_FACTOR * float(np.quantile(model.even(samples), 0.95)))
    return Model(model.mean, model.spread, limit, count, weights, local_limit, even_limit)


def quarter_turns(features: np.ndarray) -> list[np.ndarray]:
    """Cells' pictures (`cell_features`, one a row, with or without their detail) as they are and
    turned by one, two and three quarters: a path's end cell as it shows with the path coming in
    from each side."""
    n = len(features)
    planes = features.shape[1] // (PATCH * PATCH)
    colour = features[:, : PATCH * PATCH * 3].reshape(n, PATCH, PATCH, 3)
    detail = features[:, PATCH * PATCH * 3 :].reshape(n, planes - 3, PATCH, PATCH)
    turned = [(np.rot90(colour, k, axes=(1, 2)), np.rot90(detail, k, axes=(2, 3))) for k in range(4)]
    return [np.concatenate([c.reshape(n, -1), d.reshape(n, -1)], axis=1) for c, d in turned]


def pixel_weights(samples: dict[str, list[np.ndarray]]) -> np.ndarray:
    """Each pixel's weight: how much the roles' mean pictures differ there over how much a role's
    cells vary there (mean 1). Where the roles look alike (the field around a small dot, the
    tile's plain body) a pixel says little; where they differ (the dot, a frame, a letter) it
    decides: a look whose cells differ in a small part of the cell is told apart by that part."""
    stacks = [np.stack(v) for v in samples.values() if v]
    means = np.stack([s.mean(axis=0) for s in stacks])
    within = np.mean([s.var(axis=0) for s in stacks], axis=0) + SPREAD_FLOOR**2
    ratio = means.var(axis=0) / within
    weights = np.maximum(ratio / max(float(ratio.mean()), 1e-9), WEIGHT_FLOOR)
    return (weights / weights.mean()).astype(np.float32)


# -- what a label says each position is ----------------------------------------------------------


def cell_roles(board: Board, walked: Sequence[Cell]) -> dict[Cell, Role]:
    """Each grid position's role as the label gives it."""
    roles: dict[Cell, Role] = {}
    on_path = set(walked)
    head = walked[-1] if len(walked) > 1 else None
    for r in range(board.rows):
        for c in range(board.cols):
            cell = (r, c)
            role: Role
            if cell not in board.open_cells:
                role = "hole"
            elif cell == board.start:
                role = "start_walked" if len(walked) > 1 else "start"
            elif cell == head:
                role = "head"
            elif cell in on_path:
                role = "walked"
            elif cell == board.end:
                role = "end"
            else:
                role = "plain"
            roles[cell] = role
    return roles


def ring(rows: int, cols: int, width: int = 2) -> list[Cell]:
    """The lattice positions around a rows x cols grid, `width` deep."""
    return [
        (r, c)
        for r in range(-width, rows + width)
        for c in range(-width, cols + width)
        if not (0 <= r < rows and 0 <= c < cols)
    ]


def join_pairs(board: Board, walked: Sequence[Cell]) -> dict[str, list[tuple[Cell, Cell]]]:
    """Side-neighbour pairs of walked cells (each pair once, the upper or left cell first):
    consecutive on the path, or not. A walked cell's open neighbours on every side count: a path
    along the board's bottom or right edge has its plain neighbours above it and to its left only
    (look 13's taught half-drawn screen showed no gap "apart" when only those below and to the
    right were taken)."""
    steps = {frozenset(pair) for pair in zip(walked, walked[1:], strict=False)}
    on_path = set(walked)
    pairs: dict[str, list[tuple[Cell, Cell]]] = {"joined": [], "apart": []}
    seen: set[frozenset[Cell]] = set()
    for r, c in sorted(on_path):
        for other in ((r, c + 1), (r + 1, c), (r, c - 1), (r - 1, c)):
            pair = frozenset(((r, c), other))
            if other not in board.open_cells or pair in seen:
                continue
            seen.add(pair)
            kind = "joined" if pair in steps else "apart"
            if kind == "joined" or other in on_path or len(walked) > 1:
                first, second = sorted(((r, c), other))
                pairs[kind].append((first, second))
    return pairs


# -- teaching ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Taught:
    """A look and how it was learned: the lattice used for each labelled board."""

    look: TaughtLook
    geometries: dict[str, Geometry]


def teach(name: str, examples: Sequence[Example]) -> Taught:
    """The look of the labelled screens `examples`; TeachError names the first that does not fit."""
    boards = [e for e in examples if e.board is not None]
    if not boards:
        raise TeachError("no labelled level among the screens (a label with a board) to learn the cells from")
    samples: dict[str, list[np.ndarray]] = {role: [] for role in ROLES}
    # the same cells a little off their place: a read lattice is a pixel or two off the label's,
    # and a role seen once must not be refused for that (its spread learns the shift)
    shifted: dict[str, list[np.ndarray]] = {role: [] for role in ROLES}
    where: dict[str, list[tuple[str, Cell]]] = {role: [] for role in ROLES}
    joins: dict[str, list[np.ndarray]] = {kind: [] for kind in JOINS}
    geometries: dict[str, Geometry] = {}
    shares: list[float] = []
    centres: list[np.ndarray] = []
    fills: list[float] = []
    for example in boards:
        assert example.board is not None
        lab = lab_image(example.image)
        geometry = example_geometry(example, lab)
        geometries[example.name] = geometry
        shares.append(geometry.pitch[0] / example.image.shape[1])
        roles = cell_roles(example.board, example.walked)
        cells = list(roles)
        features = cell_features(lab, geometry, cells)
        for cell, vector in zip(cells, features, strict=True):
            samples[roles[cell]].append(vector)
            where[roles[cell]].append((example.name, cell))
        outside = ring(example.board.rows, example.board.cols)
        samples["outside"] += list(cell_features(lab, geometry, outside))
        where["outside"] += [(example.name, cell) for cell in outside]
        for moved in jittered(geometry):
            for cell, vector in zip(cells, cell_features(lab, moved, cells), strict=True):
                shifted[roles[cell]].append(vector)
            shifted["outside"] += list(cell_features(lab, moved, outside))
        for kind, pairs in join_pairs(example.board, example.walked).items():
            joins[kind] += list(join_features(lab, geometry, pairs))
        plain = [cell for cell in cells if roles[cell] == "plain"]
        for cell in plain:
            colour, side = centre_blob(lab, geometry, cell)
            centres.append(colour)
            if side is not None:
                fills.append(side / geometry.pitch[0])
    if len(samples["plain"]) < MIN_PLAIN:
        raise TeachError(
            f"{counted(len(samples['plain']), 'plain cell')} labelled in {', '.join(e.name for e in boards)}:"
            f" at least {MIN_PLAIN} are needed to learn what a plain cell looks like"
        )
    if not samples["start"] and not samples["start_walked"]:
        raise TeachError("no start labelled: a board needs its S")
    learned = {role: samples[role] + shifted[role] for role in ROLES}
    weights = pixel_weights(learned)
    models = {role: fit_model(np.stack(v), weights, len(samples[role])) for role, v in learned.items() if v}
    _check_contradictions(models, samples, where)
    notes = [f"{role} and {other} look alike" for role, other in alike_roles(models)]
    if "start" not in models:
        fresh = fresh_start(models)
        if fresh is not None:
            models["start"] = fresh
            notes.append(
                "the fresh start was not labelled: it is read as the path's marker"
                " (the start's once left, the head's) drawn on a plain cell"
            )
    join_models = {kind: fit_model(np.stack(v)) for kind, v in joins.items() if len(v) >= 1}
    colours = np.stack(centres)
    centre = np.median(colours, axis=0)
    tolerance = float(max(14.0, 3.0 * np.median(np.linalg.norm(colours - centre, axis=1))))
    fill = float(np.median(fills)) if fills else 0.8
    backgrounds = background_models(np.stack(learned["outside"]), weights)
    go_on = learn_go_on(examples)
    cell_extent, shape_tolerance = taught_extent(boards, geometries, centre, tolerance)
    look = TaughtLook(
        name,
        models,
        join_models,
        (float(centre[0]), float(centre[1]), float(centre[2])),
        tolerance,
        fill,
        (min(shares), max(shares)),
        go_on,
        float(np.median([g.pitch[1] / g.pitch[0] for g in geometries.values()])),
        (min(g.pitch[0] for g in geometries.values()), max(g.pitch[0] for g in geometries.values())),
        tuple(e.name for e in examples),
        tuple(notes),
        backgrounds,
        cell_extent=cell_extent,
        shape_tolerance=shape_tolerance,
    )
    return Taught(look, geometries)


def fresh_start(models: dict[str, Model]) -> Model | None:
    """The fresh start of a look taught from no fresh level (a half-drawn screen shows the start
    only once left): the plain cell's picture with the marker the path's cells show beyond a
    walked cell drawn on it: the start's own mark, then the head's over it (the cat sits on the
    start before the first move). None when neither shows a marker, or the picture is not told
    from a plain cell: then a fresh start is refused as a role not taught, as before."""
    plain, walked = models.get("plain"), models.get("walked")
    if plain is None or walked is None:
        return None
    mean, spread = plain.mean.copy(), plain.spread.copy()
    marked = np.zeros(len(mean), bool)
    limit = plain.limit
    for source in ("start_walked", "head"):
        model = models.get(source)
        if model is None:
            continue
        marker = np.abs(model.mean - walked.mean) > MARKER_Z * np.hypot(model.spread, walked.spread)
        mean[marker] = model.mean[marker]
        # the marker's edge blends with the cell under it: the walked colour there, the plain here
        spread[marker] = np.hypot(model.spread[marker], plain.spread[marker])
        marked |= marker
        limit = max(limit, model.limit)
    if int(marked.sum()) < MIN_MARKER:
        return None
    drawn = Model(mean, spread, limit, 0, plain.weights)
    if float(drawn.scores(plain.mean[None])[0]) < limit:
        return None
    return drawn


def background_models(samples: np.ndarray, weights: np.ndarray) -> tuple[Model, ...]:
    """The positions around the labelled boards in up to BACKGROUNDS kinds (k-means from the
    farthest points, deterministic), a model each; kinds of fewer than MIN_BACKGROUND are left
    to the one `outside` model."""
    k = min(BACKGROUNDS, len(samples) // MIN_BACKGROUND)
    if k < 2:
        return ()
    scaled = samples * np.sqrt(weights)
    centres = [scaled[0]]
    for _ in range(1, k):
        far = np.min([((scaled - c) ** 2).sum(axis=1) for c in centres], axis=0)
        centres.append(scaled[int(np.argmax(far))])
    centre = np.stack(centres)
    for _ in range(8):
        # squared distances as |a|^2 - 2ab + |b|^2: no positions x kinds x pixels array
        near = np.argmin((centre**2).sum(axis=1)[None] - 2 * scaled @ centre.T, axis=1)
        centre = np.stack(
            [scaled[near == i].mean(axis=0) if (near == i).any() else centre[i] for i in range(k)]
        )
    return tuple(
        fit_model(samples[near == i], weights) for i in range(k) if int((near == i).sum()) >= MIN_BACKGROUND
    )


def alike_roles(models: dict[str, Model]) -> list[tuple[str, str]]:
    """Role pairs whose mean pictures score below ALIKE against each other's model."""
    names = list(models)
    out = []
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            near = max(
                float(models[a].scores(models[b].mean[None])[0]),
                float(models[b].scores(models[a].mean[None])[0]),
            )
            if near < ALIKE:
                out.append((a, b))
    return out


SAID = {
    "plain": "a plain cell (.)",
    "hole": "a hole (#)",
    "start": "the start (S)",
    "end": "the end (E)",
    "walked": "a walked cell",
    "head": "the path's head",
    "start_walked": "the start with the path gone on",
    "outside": "the background around the board",
}
# roles that may look alike without the labels contradicting each other: the reader tells them
# apart by the board's structure (the path's ends, the grid's edge)
MAY_LOOK_ALIKE = {
    frozenset({"walked", "head"}),
    frozenset({"walked", "start_walked"}),
    frozenset({"head", "start_walked"}),
    frozenset({"hole", "outside"}),
    frozenset({"start", "start_walked"}),
    frozenset({"start", "head"}),
}


def _check_contradictions(
    models: dict[str, Model], samples: dict[str, list[np.ndarray]], where: dict[str, list[tuple[str, Cell]]]
) -> None:
    """Every labelled cell must look most like its own role (its role learned without it, when
    few): else its label contradicts the others (a start on a hole, a hole labelled as a cell)."""
    for role, vectors in samples.items():
        if not vectors or role == "outside":
            continue
        stack = np.stack(vectors)
        for index, vector in enumerate(stack):
            own = models[role]
            if 1 < len(stack) <= 8:  # few: the role learned without this cell
                own = fit_model(np.delete(stack, index, axis=0), own.weights)
            mine = float(own.scores(vector[None])[0])
            for other, model in models.items():
                if other == role or frozenset({role, other}) in MAY_LOOK_ALIKE or other == "outside":
                    continue
                theirs = float(model.scores(vector[None])[0])
                if theirs < mine and theirs < model.limit and mine > own.limit:
                    name, cell = where[role][index]
                    raise TeachError(
                        f"{name}: cell {list(cell)} is labelled {SAID[role]} but looks like {SAID[other]}"
                        f" as labelled elsewhere (score {theirs:.1f} against {mine:.1f}): the labels"
                        " contradict each other, or the lattice is not where the label says"
                    )


def centre_blob(lab: np.ndarray, geometry: Geometry, cell: Cell) -> tuple[np.ndarray, float | None]:
    """A cell's centre colour and the side of the blob of that colour around the centre."""
    x, y = geometry.centre(cell)
    px, py = geometry.pitch
    colour = patch(lab, (x, y), (max(3.0, 0.06 * px), max(3.0, 0.06 * py)), 1)
    w, h = max(4, round(px)), max(4, round(py))
    box = cv2.getRectSubPix(lab, (w, h), (float(x), float(y)))
    mask = (np.linalg.norm(box - colour, axis=2) < 14.0).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=4)
    at = labels[h // 2, w // 2]
    if at == 0:
        return colour, None
    return colour, float(np.sqrt(stats[at, cv2.CC_STAT_AREA]))


def cell_shape(
    lab: np.ndarray, colour: np.ndarray, tolerance: float, geometry: Geometry, cell: Cell
) -> tuple[float, float] | None:
    """The width and height, over the pitch, of the shape in `colour` at `cell` (the one with the
    most pixels in the cell's middle third; None when none lies there), looked for up to
    SHAPE_REACH pitches each way. The colour's mask is opened by SHAPE_OPEN of the pitch first: a
    thin line of a near colour (a hint, a frame) joining cells is not part of a cell's shape."""
    h, w = lab.shape[:2]
    x, y = geometry.centre(cell)
    px, py = geometry.pitch
    # cropped at the image's edge, never padded: a border repeated outward would stretch a cell
    x0, x1 = max(0, round(x - SHAPE_REACH * px)), min(w, round(x + SHAPE_REACH * px) + 1)
    y0, y1 = max(0, round(y - SHAPE_REACH * py)), min(h, round(y + SHAPE_REACH * py) + 1)
    if x1 - x0 < 3 or y1 - y0 < 3:
        return None
    mask = cv2.inRange(lab[y0:y1, x0:x1], colour - tolerance, colour + tolerance)
    side = max(1, round(SHAPE_OPEN * min(px, py)))
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((side, side), np.uint8))
    _, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=4)
    mx0, mx1 = max(0, round(x - px / 6) - x0), max(0, round(x + px / 6) - x0 + 1)
    my0, my1 = max(0, round(y - py / 6) - y0), max(0, round(y + py / 6) - y0 + 1)
    middle = labels[my0:my1, mx0:mx1]
    counts = np.bincount(middle.reshape(-1), minlength=len(stats))
    counts[0] = 0
    if middle.size == 0 or int(counts.max()) == 0:
        return None
    at = int(np.argmax(counts))
    return stats[at, cv2.CC_STAT_WIDTH] / px, stats[at, cv2.CC_STAT_HEIGHT] / py


def taught_extent(
    boards: Sequence[Example], geometries: dict[str, Geometry], colour: np.ndarray, tolerance: float
) -> tuple[float, float]:
    """The largest side over the pitch of a labelled plain cell's shape in the cells' centre
    colour (`cell_shape`), and the tolerance it was measured at: the widest of the colour
    lattice's tolerances at which the cells lie apart (a field of a near colour, look 27's
    gradient, joins them at the widest). (inf, 0) when they lie apart at none (touching cells,
    cells on a panel of their own colour): then no shape is too large to be a cell."""
    colour = np.asarray(colour, np.float32)
    labs = [(lab_image(e.image), e) for e in boards]
    for tol in (tolerance, tolerance / 2, 6.0):
        sides = []
        for lab, example in labs:
            assert example.board is not None
            roles = cell_roles(example.board, example.walked)
            for cell in (c for c, role in roles.items() if role == "plain"):
                shape = cell_shape(lab, colour, tol, geometries[example.name], cell)
                if shape is not None:
                    sides.append(max(shape))
        if sides and max(sides) <= APART:
            return max(sides), tol
    return float("inf"), 0.0


def example_geometry(example: Example, lab: np.ndarray) -> Geometry:
    """The labelled board's lattice: the label's origin and pitch, else the lattice in the image
    on which the labelled roles are told apart best."""
    board = example.board
    assert board is not None
    h, w = example.image.shape[:2]
    if example.origin is not None and example.pitch is not None:
        geometry = Geometry(example.origin, example.pitch, board.rows, board.cols)
        box = geometry.bounds()
        if (
            box.left < -geometry.pitch[0]
            or box.top < -geometry.pitch[1]
            or box.left + box.width > w + geometry.pitch[0]
            or box.top + box.height > h + geometry.pitch[1]
        ):
            raise TeachError(
                f"{example.name}: the labelled {board.rows}x{board.cols} grid (origin {list(example.origin)},"
                f" pitch {list(example.pitch)}) does not fit in the {w}x{h} image"
            )
        return geometry
    best: tuple[float, Geometry] | None = None
    for origin, pitch in builtin_lattices(example.image):
        for geometry in placements(origin, pitch, board, w, h):
            score = separation(lab, geometry, cell_roles(board, example.walked))
            if best is None or score > best[0]:
                best = (score, geometry)
    if best is None or best[0] < 1.0:
        raise TeachError(
            f"{example.name}: no lattice in the image fits the labelled {board.rows}x{board.cols} board"
            " (add '; origin: X Y' and '; pitch: X Y' to the label to say where it is)"
        )
    return best[1]


def builtin_lattices(
    image: np.ndarray, groups: int = 4
) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The built-in lattice finder's lattices in `image` (the `groups` largest groups first), then
    the grid lines' (`gridlines.py`)."""
    bgr = as_bgr(image)
    factor = 0.5 if max(bgr.shape[:2]) > 1400 else 1.0
    work = bgr if factor == 1.0 else cv2.resize(bgr, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA)
    flat = flat_mask(work)  # made once for both searches
    blobs = compact_blobs(work, flat)
    if factor != 1.0:
        blobs = blobs.scaled(factor)
    out = []
    for group in lattice_groups(blobs)[:groups]:
        lattice = fit_lattice(blobs, group)
        out.append((lattice.origin, lattice.pitch))
    # touching cells of one colour merge into one blob: their lattice is in the grid's lines
    out += [(lattice.origin, lattice.pitch) for lattice in grid_lattices(bgr, work, flat)]
    return out


def placements(
    origin: tuple[float, float], pitch: tuple[float, float], board: Board, width: int, height: int
) -> Iterable[Geometry]:
    """The board's grid on the lattice at every whole offset that keeps it on the image."""
    (ox, oy), (px, py) = origin, pitch
    for dr in range(-board.rows, 1 + int(height / py)):
        for dc in range(-board.cols, 1 + int(width / px)):
            g = Geometry((ox + px * dc, oy + py * dr), pitch, board.rows, board.cols)
            box = g.bounds()
            inside = box.left >= -px / 2 and box.top >= -py / 2
            if inside and box.left + box.width <= width + px / 2 and box.top + box.height <= height + py / 2:
                yield g


def separation(lab: np.ndarray, geometry: Geometry, roles: dict[Cell, Role]) -> float:
    """How well the labelled roles are told apart on `geometry`: between-role over within-role
    spread of the cells' pictures (the ring around the board counted as one more role)."""
    cells = list(roles)
    outside = ring(geometry.rows, geometry.cols, 1)
    features = cell_features(lab, geometry, cells + outside)
    names = [roles[c] for c in cells] + ["outside"] * len(outside)
    grand = features.mean(axis=0)
    between = within = 0.0
    for role in set(names):
        members = features[[i for i, n in enumerate(names) if n == role]]
        mean = members.mean(axis=0)
        between += len(members) * float(((mean - grand) ** 2).sum())
        within += float(((members - mean) ** 2).sum())
    return between / max(within, 1e-6)


def learn_go_on(examples: Sequence[Example]) -> TaughtGoOn | None:
    """The go-on control of the first labelled complete screen, matched on the others."""
    complete = [e for e in examples if e.board is None and e.next is not None]
    if not complete:
        return None
    first = complete[0]
    assert first.next is not None
    h, w = first.image.shape[:2]
    side = GO_ON_SIDE * min(w, h)
    crop = cv2.getRectSubPix(as_bgr(first.image), (round(side), round(side)), first.next)
    # kept at GO_ON_PIXELS across (the file stays small); matched at the screen's own size
    template = cv2.resize(crop, (GO_ON_PIXELS, GO_ON_PIXELS), interpolation=cv2.INTER_AREA)
    go = TaughtGoOn(template, (first.next[0] / w, first.next[1] / h), GO_ON_SIDE, GO_ON_MIN)
    # the screens that are no complete screen say how well the template matches where it is not
    others = [find_go_on(e.image, go)[1] for e in examples if e.next is None]
    worst = max([s for s in others if s is not None], default=0.0)
    words = label_at(first)
    return TaughtGoOn(template, go.place, go.side, max(GO_ON_MIN, min(0.95, worst + 0.2)), words)


def label_at(example: Example) -> tuple[str, ...]:
    """The words of the labelled go-on control of `example` (the line of text in its button,
    nearest its point), or () for a control with no words (an arrow, a check mark); TeachError
    when they are a never-press word: a label that marks "Share" as go-on is a mistake."""
    assert example.next is not None
    at = Point(*example.next)
    box = point_box(example.image, at)
    # only a line under the point is the control's label: beside a round arrow button, the box
    # reaches the next button's words ("MENU"), which are not this control's
    lines = [
        line
        for line in text.words(example.image, box)
        if letters_of(line.text) and line.box.grown(line.box.height / 2).contains(at)
    ]
    if not lines:
        return ()
    line = min(lines, key=lambda w: abs(w.box.centre.x - at.x) + abs(w.box.centre.y - at.y))
    vetoed = word_lists().vetoing(line.text)
    if vetoed is not None:
        raise TeachError(
            f"{example.name}: the go-on control labelled at ({at.x:.0f}, {at.y:.0f}) reads"
            f" {line.text!r}, which holds the never-press word {vetoed.text!r}: the bot never"
            " presses it (is `next` on the right control?)"
        )
    return (line.text,)


def find_go_on(image: np.ndarray, go: TaughtGoOn) -> tuple[Point | None, float | None]:
    """Where the go-on template matches near its place in `image`, and how well (None: nowhere)."""
    screen = as_bgr(image)
    h, w = screen.shape[:2]
    side = max(8, round(go.side * min(w, h)))
    template = cv2.resize(go.template, (side, side), interpolation=cv2.INTER_AREA)
    reach = GO_ON_SEARCH * min(w, h)
    cx, cy = go.place[0] * w, go.place[1] * h
    x0, y0 = max(0, round(cx - side / 2 - reach)), max(0, round(cy - side / 2 - reach))
    x1, y1 = min(w, round(cx + side / 2 + reach)), min(h, round(cy + side / 2 + reach))
    if x1 - x0 < side or y1 - y0 < side:
        return None, None
    found = cv2.matchTemplate(screen[y0:y1, x0:x1], template, cv2.TM_CCOEFF_NORMED)
    _, best, _, (bx, by) = cv2.minMaxLoc(found)
    # the correlation is blind to a colour shift: another app's control of the same shape in
    # other colours matches it, so the colours must agree too
    seen = screen[y0 + by : y0 + by + side, x0 + bx : x0 + bx + side].reshape(-1, 3).mean(axis=0)
    if float(np.abs(seen - template.reshape(-1, 3).mean(axis=0)).max()) > GO_ON_COLOUR:
        return None, None
    return Point(x0 + bx + (side - 1) / 2, y0 + by + (side - 1) / 2), float(best)


# -- reading -------------------------------------------------------------------------------------


def read(image: np.ndarray, look: TaughtLook) -> Detection:
    """Read `image` with the taught `look`: the same `Detection` the built-in reading returns."""
    image = as_bgr(image)
    lab = lab_image(image)
    found = read_board(image, lab, look)
    go = None
    if look.go_on is not None:
        at, score = find_go_on(image, look.go_on)
        if at is not None and score is not None and score >= look.go_on.limit:
            go = (at, score)
    if go is None:
        return found
    detail = f"the go-on control of look {look.name} at ({go[0].x:.0f}, {go[0].y:.0f}), match {go[1]:.2f}"
    if look.go_on.words:  # taught with words: the control is proven by its label too
        lines = text.words(image, point_box(image, go[0]))
        line = look.go_on.says(lines)
        if line is None:
            shown = ", ".join(repr(w.text) for w in lines[:4]) or "no words"
            if found.ok:
                return found
            check = Check("screen", False, f"{detail}, but it reads {shown}, not {look.go_on.words[0]!r}")
            return Detection(
                None, found.geometry, (*found.checks, check), f"screen: {check.detail}", found.board
            )
        detail += f", labelled {line.text!r}"
    if found.ok and len(found.walked) < len(found.board.open_cells if found.board else ()):
        check = Check("screen", False, f"a board, and also {detail}")
        return Detection(None, found.geometry, (*found.checks, check), f"screen: {check.detail}", found.board)
    check = Check("screen", True, detail)
    return Detection(
        None, None, (check,), f"the level-complete screen: {detail}", screen=COMPLETE, next=go[0]
    )


def refused(reason: str, name: str = "lattice", geometry: Geometry | None = None) -> Detection:
    return Detection(None, geometry, (Check(name, False, reason),), f"{name}: {reason}", style="taught")


def read_board(image: np.ndarray, lab: np.ndarray, look: TaughtLook) -> Detection:
    best: Detection | None = None
    for origin, pitch, placed in candidate_lattices(image, lab, look):
        found = read_lattice(lab, look, origin, pitch)
        if found.ok:
            return found
        # a lattice fitted to a few blobs (most cells walked, cells of one colour merged) may be
        # a few per cent off: read again on the lattice the board's own edges repeat at
        better = (
            None if found.geometry is None else refined_lattice(lab, origin, pitch, found.geometry, placed)
        )
        if better is not None:
            again = read_lattice(lab, look, *better)
            if again.ok:
                return again
        if best is None or (best.geometry is None and found.geometry is not None):
            best = found
    return best or refused(f"no lattice of cells that look like look {look.name}'s plain cells")


def candidate_lattices(
    image: np.ndarray, lab: np.ndarray, look: TaughtLook
) -> Iterator[tuple[tuple[float, float], tuple[float, float], bool]]:
    """Lattices from the blobs of the plain cells' centre colour, then the built-in finder's; each
    with whether its origin is a reference blob's (`fit_points`: placed right, `refined_lattice`)."""
    colour_fit = colour_lattice(lab, look)
    if colour_fit is not None:
        yield (*colour_fit, True)
    width = image.shape[1]
    lo, hi = look.pitch_share
    for origin, pitch in builtin_lattices(image, 3):  # only when the colour's lattice gave no board
        px_lo, px_hi = look.pitch_px
        if 0.5 * lo * width <= pitch[0] <= 2.0 * hi * width or 0.5 * px_lo <= pitch[0] <= 2.0 * px_hi:
            yield (origin, pitch, False)
            for coarser in coarser_lattices(origin, pitch, look.aspect):
                yield (*coarser, False)
    for origin, pitch in band_lattices(lab, look):  # nearly every cell walked: no plain blobs
        yield (origin, pitch, True)


def band_lattices(
    lab: np.ndarray, look: TaughtLook
) -> Iterator[tuple[tuple[float, float], tuple[float, float]]]:
    """Lattices of the walked band where it covers nearly the whole board and the plain cells'
    blobs give none (look 2's 2008, look 11's 11005, look 28's 28010). The band (the walked cells'
    centre colour) runs through the cells' middles, so its narrow runs along each row (a vertical
    stretch of it) are centred on the cells' columns, and along each column on their rows: the
    pitch is the lightness edges' period near each pitch the look may have, and the origin where
    those runs' middles agree modulo it. A wrong pitch scatters them (`band_phase`: none)."""
    if "walked" not in look.roles:
        return
    mean = look.roles["walked"].mean[: PATCH * PATCH * 3].reshape(PATCH, PATCH, 3)
    middle = PATCH // 2
    colour = mean[middle - 1 : middle + 1, middle - 1 : middle + 1].reshape(-1, 3).mean(axis=0)
    mask = cv2.inRange(lab, colour - BAND_TOLERANCE, colour + BAND_TOLERANCE)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    if count < 2:
        return
    largest = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    x, y, w, h = (int(v) for v in stats[largest, :4])
    h_img, w_img = lab.shape[:2]
    x0, y0 = max(0, x - 5), max(0, y - 5)
    x1, y1 = min(w_img, x + w + 5), min(h_img, y + h + 5)
    band = labels[y0:y1, x0:x1] == largest
    light = lab[y0:y1, x0:x1, 0]
    if light.shape[0] < 3 or light.shape[1] < 3:
        return
    across_edges = np.abs(np.diff(light, axis=1)).sum(axis=0)
    down_edges = np.abs(np.diff(light, axis=0)).sum(axis=1)
    lo = min(look.pitch_share[0] * w_img, look.pitch_px[0])
    hi = max(look.pitch_share[1] * w_img, look.pitch_px[1])
    if lo <= 0:
        return
    # guesses a fifth apart: each finds the period within REFINE_REACH of it
    steps = max(2, int(np.ceil(np.log(1.15 * hi / (0.85 * lo)) / np.log(1.2))) + 1)
    along_rows, along_columns = band_runs(band), band_runs(band.T)
    tried: set[tuple[int, int]] = set()
    for guess in np.geomspace(0.85 * lo, 1.15 * hi, steps):
        across = axis_lattice(across_edges, guess / 2, float(guess))
        down = axis_lattice(down_edges, guess / 2, float(guess))
        if across is None or down is None or (round(across[1]), round(down[1])) in tried:
            continue
        tried.add((round(across[1]), round(down[1])))
        column = runs_phase(along_rows, across[1])
        row = runs_phase(along_columns, down[1])
        if column is not None and row is not None:
            yield (x0 + column, y0 + row), (across[1], down[1])


def band_phase(band: np.ndarray, period: float) -> float | None:
    """Where the band's runs along each row of `band` (a mask) that are as wide as the band is
    (narrower than a cell, as wide as most such runs: a straight stretch across the row) are
    centred, modulo `period`; None when fewer than BAND_RUNS or they do not agree (BAND_AGREEMENT,
    the length of their mean direction on the circle of one period)."""
    return runs_phase(band_runs(band), period)


def band_runs(band: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The middle and the width of every run of the mask `band` along its rows (one pass: they
    do not depend on the pitch asked about)."""
    padded = np.pad(band.astype(np.int8), ((0, 0), (1, 1)))
    change = np.diff(padded, axis=1)
    # row-major order: each row's starts and ends alternate, so the two lists pair up
    starts = np.nonzero(change == 1)[1]
    ends = np.nonzero(change == -1)[1]
    return (starts + ends - 1) / 2, ends - starts


def runs_phase(runs: tuple[np.ndarray, np.ndarray], period: float) -> float | None:
    """`band_phase` of the runs `band_runs` found."""
    middles, widths = runs
    narrow = (widths >= 0.15 * period) & (widths <= 0.8 * period)
    if int(narrow.sum()) < BAND_RUNS:
        return None
    middles, widths = middles[narrow], widths[narrow]
    angles = 2 * np.pi * middles[np.abs(widths - np.median(widths)) <= 2] / period
    if len(angles) < BAND_RUNS:
        return None
    c, s = float(np.cos(angles).mean()), float(np.sin(angles).mean())
    if np.hypot(c, s) < BAND_AGREEMENT:
        return None
    return float(np.arctan2(s, c) % (2 * np.pi)) * period / (2 * np.pi)


def coarser_lattices(
    origin: tuple[float, float], pitch: tuple[float, float], aspect: float
) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The lattice with every k-th line on one axis, at each of the k phases, where its cells are
    k times too flat or too tall for the look's `aspect` (k 2 or 3): lines through the cells'
    middles (a hint's or a path's straight runs along a faint framed grid, level 8010) split each
    row or column of the grid the finder saw in k."""
    (ox, oy), (px, py) = origin, pitch
    out: list[tuple[tuple[float, float], tuple[float, float]]] = []
    for k in (2, 3):
        if abs((py * k / px) / aspect - 1) <= MAX_ASPECT_CHANGE:  # rows split in k
            out += [((ox, oy + (j - (k - 1) / 2) * py), (px, k * py)) for j in range(k)]
        if abs((py / (px * k)) / aspect - 1) <= MAX_ASPECT_CHANGE:  # columns split in k
            out += [((ox + (j - (k - 1) / 2) * px, oy), (k * px, py)) for j in range(k)]
    return out


def colour_lattice(
    lab: np.ndarray, look: TaughtLook
) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """A lattice fitted to the blobs of the plain cells' centre colour of the expected size."""
    h, w = lab.shape[:2]
    centre = np.asarray(look.centre_colour, np.float32)
    for tolerance in (look.centre_tolerance, look.centre_tolerance / 2, 6.0):
        # a box around the colour (each channel within the tolerance): inRange is 20 times the
        # speed of a Euclidean distance over a whole screen
        mask = cv2.inRange(lab, centre - tolerance, centre + tolerance) // 255
        found = mask_lattice(mask, look, w, 0.0)
        if found is None:  # cells joined by thin lines of a near colour: cut the lines
            found = mask_lattice(cv2.erode(mask, np.ones((3, 3), np.uint8)), look, w, 2.0)
        if found is not None:
            return found
    return None


def mask_lattice(
    mask: np.ndarray, look: TaughtLook, w: int, eroded: float
) -> tuple[tuple[float, float], tuple[float, float]] | None:
    count, _, stats, centroids = cv2.connectedComponentsWithStats(mask, connectivity=4)
    if count < 4:
        return None
    area = (np.sqrt(stats[1:, cv2.CC_STAT_AREA].astype(np.float64)) + eroded) ** 2
    bw, bh = stats[1:, cv2.CC_STAT_WIDTH], stats[1:, cv2.CC_STAT_HEIGHT]
    pitch = np.sqrt(area) / max(look.fill, 0.05)
    lo, hi = look.pitch_share
    squarish = (bw < 1.6 * bh) & (bh < 1.6 * bw) & (area > 0.4 * bw * bh) & (area >= 4)
    # the screen's share, or (a grab of more than the game: the whole screen) the pixels seen
    sized = ((pitch > 0.5 * lo * w) & (pitch < 2.0 * hi * w)) | (
        (pitch > 0.5 * look.pitch_px[0]) & (pitch < 2.0 * look.pitch_px[1])
    )
    keep = np.flatnonzero(squarish & sized)
    if len(keep) < 3:
        return None
    estimates = np.sort(pitch[keep])
    # the densest run of estimates within 15 % of each other: the board's cells, not the UI's;
    # when those sit on no lattice (a screen's words in the cells' colour, more of them than
    # cells: small dots), the next densest run that does not overlap it, and so on
    runs = sorted(
        (
            (int(np.searchsorted(estimates, value * 1.3, side="right")) - i, -i)
            for i, value in enumerate(estimates)
        ),
        reverse=True,
    )
    tried: list[tuple[float, float]] = []
    for n, at in runs:
        low = float(estimates[-at])
        high = low * 1.3
        if n < 3 or len(tried) >= MAX_RUNS:
            break
        if any(low <= b and a <= high for a, b in tried):
            continue
        tried.append((low, high))
        p = float(np.median(estimates[-at : -at + n]))
        chosen = keep[(pitch[keep] >= low) & (pitch[keep] <= high)]
        found = fit_points(centroids[1:][chosen, 0], centroids[1:][chosen, 1], p)
        if found is not None:
            return found
    return None


def refined_lattice(
    lab: np.ndarray,
    origin: tuple[float, float],
    pitch: tuple[float, float],
    board: Geometry,
    placed: bool = True,
) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """The lattice near (`origin`, `pitch`) at which the lightness edges inside `board` (grown by
    a pitch) repeat: the cells' edges, frames and grid lines, each axis on its own; None when an
    axis shows no period within REFINE_REACH of the fitted pitch.

    `placed`: the origin is a reference blob's (`fit_points`), placed right amid the blobs it was
    fitted to, its lattice erring in the pitch, an error that grows with each cell away from them:
    the origin stays. Moved to where the edges lie mirrored about it, as a lattice of the built-in
    finder's still is, it went a quarter pitch off where the field beside the board is no mirror
    image of the next cell (look 5's 5005, look 30's 30005: the walked cells' joins then read
    apart)."""
    h, w = lab.shape[:2]
    box = board.bounds()
    x0, y0 = max(0, int(box.left - pitch[0])), max(0, int(box.top - pitch[1]))
    x1 = min(w, int(box.left + box.width + pitch[0]) + 1)
    y1 = min(h, int(box.top + box.height + pitch[1]) + 1)
    light = lab[y0:y1, x0:x1, 0]
    if light.shape[0] < 3 or light.shape[1] < 3:
        return None
    # an edge between pixels i and i + 1 lies at i + 0.5
    across = axis_lattice(np.abs(np.diff(light, axis=1)).sum(axis=0), origin[0] - x0 - 0.5, pitch[0], placed)
    down = axis_lattice(np.abs(np.diff(light, axis=0)).sum(axis=1), origin[1] - y0 - 0.5, pitch[1], placed)
    if across is None or down is None:
        return None
    return (across[0] + x0 + 0.5, down[0] + y0 + 0.5), (across[1], down[1])


def axis_lattice(
    profile: np.ndarray, origin: float, pitch: float, placed: bool = True
) -> tuple[float, float] | None:
    """The period of `profile` (edge strength along one axis) within REFINE_REACH of `pitch`, read
    at the farthest multiple that fits (its error shared by as many cells), and the cells' centre:
    `origin` when `placed`, else the point within a quarter period of it about which the edges lie
    mirrored (a cell is symmetric about its centre; the gap between two cells, half a period away,
    is the other axis)."""
    n = len(profile)
    signal = profile - profile.mean()

    def correlation(lag: int) -> float:
        return float(signal[:-lag] @ signal[lag:]) / (n - lag) if 0 < lag < n else -np.inf

    def peak(lo: float, hi: float) -> float | None:
        lags = np.arange(max(1, int(np.floor(lo))), int(np.ceil(hi)) + 1)
        if len(lags) < 3 or lags[-1] >= n - 2:
            return None
        values = np.array([correlation(int(v)) for v in lags])
        k = int(np.argmax(values))
        if k == 0 or k == len(lags) - 1:  # the rise goes on past the window: no peak inside it
            return None
        a, b, c = values[k - 1 : k + 2]
        bend = a - 2 * b + c
        return float(lags[k]) + (0.5 * (a - c) / bend if bend < 0 else 0.0)

    period = peak((1 - REFINE_REACH) * pitch, (1 + REFINE_REACH) * pitch)
    if period is None:
        return None
    times = int(0.6 * n / period)
    if times >= 2:
        far = peak(times * period - 2, times * period + 2)
        if far is not None:
            period = far / times
    if placed:
        return origin, period
    at = np.arange(n, dtype=np.float64)

    def mirrored(axis: float) -> float:
        other = 2 * axis - at
        inside = (other >= 0) & (other <= n - 1)
        return float(profile[inside] @ np.interp(other[inside], at, profile)) / max(1, int(inside.sum()))

    shifts = np.arange(-period / 4, period / 4 + 0.25, 0.5)
    best = max(shifts, key=lambda shift: mirrored(origin + shift))
    return float(origin + best), period


def fit_points(
    xs: np.ndarray, ys: np.ndarray, p: float
) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """Origin and pitch of points that sit on a lattice of about pitch `p` (off-lattice ones dropped)."""
    ref = int(np.argmin(np.hypot(xs - np.median(xs), ys - np.median(ys))))
    ox, oy, px, py = float(xs[ref]), float(ys[ref]), p, p
    keep = np.ones(len(xs), bool)
    for _ in range(3):
        cols = np.round((xs - ox) / px)
        rows = np.round((ys - oy) / py)
        off = np.hypot((xs - ox - cols * px) / px, (ys - oy - rows * py) / py)
        keep = off < 0.2
        if keep.sum() < 3:
            return None
        if len(set(cols[keep].tolist())) >= 2:
            px, ox = (float(v) for v in np.polyfit(cols[keep], xs[keep], 1))
        if len(set(rows[keep].tolist())) >= 2:
            py, oy = (float(v) for v in np.polyfit(rows[keep], ys[keep], 1))
        if not (px > 0 and py > 0):
            return None
    return (ox, oy), (px, py)


def read_lattice(
    lab: np.ndarray, look: TaughtLook, origin: tuple[float, float], pitch: tuple[float, float]
) -> Detection:
    """Every position of the lattice on the image scored; the board, its path and its checks."""
    h, w = lab.shape[:2]
    (ox, oy), (px, py) = origin, pitch
    c_lo, c_hi = int(np.ceil(-ox / px)), int(np.floor((w - 1 - ox) / px))
    r_lo, r_hi = int(np.ceil(-oy / py)), int(np.floor((h - 1 - oy) / py))
    if c_hi - c_lo < 1 or r_hi - r_lo < 1 or (c_hi - c_lo + 1) * (r_hi - r_lo + 1) > 4000:
        return refused(f"a lattice of pitch {px:.1f} x {py:.1f} px does not fit the image")
    whole = Geometry((ox + px * c_lo, oy + py * r_lo), pitch, r_hi - r_lo + 1, c_hi - c_lo + 1)
    positions = [(r, c) for r in range(whole.rows) for c in range(whole.cols)]
    features = cell_features(lab, whole, positions, look.detail)
    names = list(look.roles)
    turns = quarter_turns(features) if TURNED_ROLES & set(names) else [features]
    seen = {n: turns if n in TURNED_ROLES else [features] for n in names}
    fits = np.stack([np.min([look.roles[n].scores(f) for f in seen[n]], axis=0) for n in names], axis=1)
    costs = np.stack([np.min([look.roles[n].costs(f) for f in seen[n]], axis=0) for n in names], axis=1)
    if look.backgrounds and "outside" in names:  # the outside's likeliest kind speaks for it
        k = names.index("outside")
        kinds = np.stack([m.costs(features) for m in look.backgrounds], axis=1)
        kind_fits = np.stack([m.scores(features) for m in look.backgrounds], axis=1)
        best = kinds.argmin(axis=1)
        nearer = kinds[np.arange(len(best)), best] < costs[:, k]
        costs[nearer, k] = kinds[np.arange(len(best)), best][nearer]
        fits[nearer, k] = np.minimum(kind_fits[np.arange(len(best)), best][nearer], fits[nearer, k])
    # a position far from its role with every pixel weighed alike fits it no better than its limit
    evens = np.stack(
        [np.min([look.roles[n].even(f) for f in seen[n]], axis=0) / look.roles[n].even_limit for n in names],
        axis=1,
    )
    limits = np.array([look.roles[n].limit for n in names])
    fits = np.where(evens > 1.0, np.maximum(fits, limits * evens), fits)
    nearest = costs.argmin(axis=1)
    fresh_gap: dict[Cell, float] = {}  # how much less likely the fresh start is, where taken out
    if "start" in names and path_drawn(nearest, fits, names, limits):
        # with a path drawn the start shows as it does once left: the fresh start's look (a disc
        # in the path's colour, the cat) is the path's own, and a walked cell or the head nearest
        # it is one of those, not a second start (look 2's band read 5 cells as the start)
        k = names.index("start")
        fresh = costs[:, k].copy()
        costs[:, k] = np.inf
        nearest = costs.argmin(axis=1)
        gaps = fresh - costs[np.arange(len(nearest)), nearest]
        fresh_gap = dict(zip(positions, gaps.tolist(), strict=True))
    scores = fits
    role = {pos: names[k] for pos, k in zip(positions, nearest, strict=True)}
    score = {pos: float(scores[i, k]) for i, (pos, k) in enumerate(zip(positions, nearest, strict=True))}
    parts = np.zeros(len(positions))
    for k in np.unique(nearest):
        model, chosen = look.roles[names[k]], nearest == k
        parts[chosen] = np.min([model.local(f[chosen]) for f in seen[names[k]]], axis=0)
    local = dict(zip(positions, parts.tolist(), strict=True))
    runner_up = {
        pos: runner_up_of(costs[i], names, names[k])
        for i, (pos, k) in enumerate(zip(positions, nearest, strict=True))
    }
    cost = {pos: float(costs[i, k]) for i, (pos, k) in enumerate(zip(positions, nearest, strict=True))}
    is_open = {p for p in positions if role[p] in OPEN_ROLES and score[p] <= look.roles[role[p]].limit}
    if not is_open:
        return refused(
            f"no position of the lattice (pitch {px:.1f} px) looks like a cell of look {look.name}"
        )
    group = largest_group(is_open, positions, role)
    odd = {
        p for p in group if score[p] > look.roles[role[p]].limit or local[p] > look.roles[role[p]].local_limit
    }
    kept = without_controls(group, role, odd, lab, look, whole)
    r0, r1 = min(r for r, _ in kept), max(r for r, _ in kept)
    c0, c1 = min(c for _, c in kept), max(c for _, c in kept)
    r0, r1, c0, c1 = hole_edges(r0, r1, c0, c1, role, score, look, whole, (w, h))
    geometry = Geometry(whole.centre((r0, c0)), pitch, r1 - r0 + 1, c1 - c0 + 1)
    edge = extent_check((r0, r1, c0, c1), role, score, look, whole, (w, h), group - kept)
    aspect = py / px
    if abs(aspect / look.aspect - 1) > MAX_ASPECT_CHANGE:
        reason = (
            f"a lattice of {px:.1f} x {py:.1f} px: its cells are {aspect:.3f} times as tall as wide,"
            f" look {look.name}'s {look.aspect:.3f}"
        )
        return refused(reason, geometry=geometry)
    grid = {
        (r - r0, c - c0): (
            role[(r, c)],
            score[(r, c)],
            (runner_up[(r, c)][0], runner_up[(r, c)][1] - cost[(r, c)]),
        )
        for r in range(r0, r1 + 1)
        for c in range(c0, c1 + 1)
    }
    unlike = {
        (r - r0, c - c0): local[(r, c)]
        for r in range(r0, r1 + 1)
        for c in range(c0, c1 + 1)
        if local[(r, c)] > look.roles[role[(r, c)]].local_limit
    }
    fresh = {(r - r0, c - c0): gap for (r, c), gap in fresh_gap.items()}
    marked = marked_start(grid, unlike, look, {p: features[i] for i, p in enumerate(positions)}, (r0, c0))
    return judge(grid, geometry, look, lab, unlike, fresh, marked, edge)


def path_colours(look: TaughtLook) -> np.ndarray | None:
    """The colours a walked cell shows where it differs from a plain one (the path's own colour,
    its line), one Lab row each; None when the look was taught no walked cell or no colour."""
    plain, walked = look.roles.get("plain"), look.roles.get("walked")
    if plain is None or walked is None:
        return None
    n = PATCH * PATCH * 3
    pm, ps = plain.mean[:n].reshape(-1, 3), plain.spread[:n].reshape(-1, 3)
    wm, ws = walked.mean[:n].reshape(-1, 3), walked.spread[:n].reshape(-1, 3)
    path = (np.abs(wm - pm) > MARKER_Z * np.hypot(ws, ps)).any(axis=1)
    return wm[path] if int(path.sum()) >= MIN_MARKER else None


def marked_start(
    grid: dict[Cell, tuple[str, float, tuple[str, float]]],
    unlike: dict[Cell, float],
    look: TaughtLook,
    features: dict[Cell, np.ndarray],
    corner: Cell,
) -> Cell | None:
    """On a fresh level of a look taught without a labelled fresh start, the one cell that bears a
    mark in the path's colour: a start marker in the path's colour (look 8's disc) vanishes under
    the path once it is left, so a half-drawn screen cannot teach it (`fresh_start` finds no
    marker), and the fresh start reads as a plain cell with a mark no plain cell shows. Only where
    no cell reads as walked or as the start, every other cell matches its role, and that one
    cell's mark lies in the colours the walked cells show (a hole, a letter, a hint's line do not)."""
    start = look.roles.get("start")
    if (start is not None and start.count > 0) or "plain" not in look.roles:
        return None
    if any(name in WALKED_ROLES or name == "start" for name, _, _ in grid.values()):
        return None
    odd = set(unlike) | {c for c, (name, value, _) in grid.items() if value > look.roles[name].limit}
    if len(odd) != 1:
        return None
    (cell,) = odd
    colours = path_colours(look)
    if grid[cell][0] != "plain" or colours is None:
        return None
    plain = look.roles["plain"]
    n = PATCH * PATCH * 3
    r0, c0 = corner
    x = features[(cell[0] + r0, cell[1] + c0)][:n].reshape(-1, 3)
    mark = (np.abs(x - plain.mean[:n].reshape(-1, 3)) > MARKER_Z * plain.spread[:n].reshape(-1, 3)).any(
        axis=1
    )
    if int(mark.sum()) < MIN_MARKER:
        return None
    near = np.linalg.norm(x[mark][:, None] - colours[None], axis=2).min(axis=1)
    return cell if float(np.median(near)) <= PATH_COLOUR else None


def path_drawn(nearest: np.ndarray, fits: np.ndarray, names: list[str], limits: np.ndarray) -> bool:
    """At least MIN_PATH positions nearest a walked role (walked, head, the start once left) and
    within its limit: a path is drawn (one such position may be a plain cell or the cat misread)."""
    walked = [k for k, n in enumerate(names) if n in WALKED_ROLES]
    if not walked:
        return False
    at = np.isin(nearest, walked)
    within = fits[np.arange(len(nearest)), nearest] <= limits[nearest]
    return int(np.count_nonzero(at & within)) >= MIN_PATH


def runner_up_of(row: np.ndarray, names: list[str], best: str) -> tuple[str, float]:
    """The nearest role after `best` that is not allowed to look like it, and its score."""
    others = [
        (float(v), n)
        for v, n in zip(row, names, strict=True)
        if n != best and frozenset({n, best}) not in MAY_LOOK_ALIKE
    ]
    if not others:
        return ("", float("inf"))
    value, name = min(others)
    return (name, value)


def largest_group(is_open: set[Cell], positions: list[Cell], role: dict[Cell, str]) -> set[Cell]:
    """The largest 8-connected group of open positions (holes between them join them)."""
    seen: set[Cell] = set()
    best: set[Cell] = set()
    inside = set(positions)
    for start in is_open:
        if start in seen:
            continue
        group, todo = set(), [start]
        seen.add(start)
        while todo:
            r, c = todo.pop()
            if (r, c) in is_open:
                group.add((r, c))
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    nb = (r + dr, c + dc)
                    if (
                        nb in inside
                        and nb not in seen
                        and (nb in is_open or (role[nb] == "hole" and (r, c) in is_open))
                    ):
                        seen.add(nb)
                        todo.append(nb)
        if len(group) > len(best):
            best = group
    return best


def hole_edges(
    r0: int,
    r1: int,
    c0: int,
    c1: int,
    role: dict[Cell, str],
    score: dict[Cell, float],
    look: TaughtLook,
    whole: Geometry,
    size: tuple[int, int],
) -> tuple[int, int, int, int]:
    """The board's box grown by edge rows and columns that are holes throughout (drawn holes only),
    never by a cell cut by the image's edge: beyond it a cell's picture is the edge's pixels
    repeated, dark like a hole where the window's border is (a look taught at a window's size read
    its own half-drawn screen as a column of holes wider on each side)."""
    if "hole" not in look.roles or ("hole", "outside") in _alike(look):
        return r0, r1, c0, c1

    def all_holes(cells: list[Cell]) -> bool:
        return all(
            cell in role
            and role[cell] == "hole"
            and score[cell] <= look.roles["hole"].limit
            and on_screen(cell, whole, size)
            for cell in cells
        )

    grown = True
    while grown:
        grown = False
        if r0 > 0 and all_holes([(r0 - 1, c) for c in range(c0, c1 + 1)]):
            r0, grown = r0 - 1, True
        if r1 < whole.rows - 1 and all_holes([(r1 + 1, c) for c in range(c0, c1 + 1)]):
            r1, grown = r1 + 1, True
        if c0 > 0 and all_holes([(r, c0 - 1) for r in range(r0, r1 + 1)]):
            c0, grown = c0 - 1, True
        if c1 < whole.cols - 1 and all_holes([(r, c1 + 1) for r in range(r0, r1 + 1)]):
            c1, grown = c1 + 1, True
    return r0, r1, c0, c1


def on_screen(cell: Cell, whole: Geometry, size: tuple[int, int]) -> bool:
    """Whether the position's square (less EDGE_SLACK of the pitch on each side) lies on the image
    `size` (width, height) px: beyond the image's edge a cell's picture is the edge's pixels
    repeated, which may look like anything."""
    px, py = whole.pitch
    reach = 0.5 - EDGE_SLACK
    x, y = whole.centre(cell)
    inside_x = x - reach * px >= 0 and x + reach * px <= size[0]
    return inside_x and y - reach * py >= 0 and y + reach * py <= size[1]


def extent_check(
    box: tuple[int, int, int, int],
    role: dict[Cell, str],
    score: dict[Cell, float],
    look: TaughtLook,
    whole: Geometry,
    size: tuple[int, int],
    controls: set[Cell],
) -> Check:
    """Whether the lattice stops at the read board's `box` (r0, r1, c0, c1 of `whole`): the
    positions just outside it, along each side, on the image, must not look like cells. A
    position nearest a role of a cell (plain, walked, the start, an end...) is one, even beyond
    that role's limit: within it, it would have joined the board's group; beyond it, it is a cell
    drawn otherwise (a plain cell of another look, a head not taught), and the board read may be
    a part of a larger one (look 12's walked cells read the 4x3 walked corner of look 13's 8x5
    half-drawn board; its plain cells beyond, nearest plain at 3.8-4.5, were left out). The
    `controls` taken off the group (`without_controls`) were judged no cells already. The
    built-in reading's `edge` check asks the same of its grid."""
    r0, r1, c0, c1 = box
    sides = (
        ("above", [(r0 - 1, c) for c in range(c0, c1 + 1)]),
        ("below", [(r1 + 1, c) for c in range(c0, c1 + 1)]),
        ("left of", [(r, c0 - 1) for r in range(r0, r1 + 1)]),
        ("right of", [(r, c1 + 1) for r in range(r0, r1 + 1)]),
    )
    for side, line in sides:
        like = [
            p
            for p in line
            if p in role and role[p] in OPEN_ROLES and p not in controls and on_screen(p, whole, size)
        ]
        if like:
            p = max(like, key=lambda q: score[q] / look.roles[role[q]].limit)
            cells = ", ".join(str([r - r0, c - c0]) for r, c in like[:4])
            detail = (
                f"just outside the board, {side} it, {cells} {noun(len(like), 'looks', 'look')} like"
                f" {noun(len(like), 'a cell', 'cells')} of look {look.name} (e.g. nearest {role[p]} at"
                f" {score[p]:.1f}, at most {look.roles[role[p]].limit:.1f}): the board may go on"
            )
            return Check("edge", False, detail)
    return Check("edge", True, "the lattice shows no cell just outside the board")


def without_controls(
    group: set[Cell],
    role: dict[Cell, str],
    odd: set[Cell],
    lab: np.ndarray,
    look: TaughtLook,
    whole: Geometry,
) -> set[Cell]:
    """The board's group of open positions less a row (or column) of controls at its edge and what
    lies beyond it: a row of buttons in the cells' colour under the board falls on the lattice,
    reads as plain cells with a part unlike them, and joins the board to a field beyond it that
    reads as plain (look 27's UNDO / HINT / RESET over a gradient). Taken off, from the box's edge
    inward, lines none of whose open positions has a cell's shape (`shape_kind`), when among them is
    a position unlike its role and a shape larger than any labelled plain cell's; a line with a
    cell's shape, or a walked cell, the start or an end, stops it. A board's own row keeps a
    cell's shape in its plain cells, so it is never taken off: such a board is refused as before."""
    if not odd or np.isinf(look.cell_extent):
        return group
    shapes: dict[Cell, ShapeKind] = {}
    trimmed = True
    while trimmed:
        trimmed = False
        r0, r1 = min(r for r, _ in group), max(r for r, _ in group)
        c0, c1 = min(c for _, c in group), max(c for _, c in group)
        sides = (
            [[(r, c) for c in range(c0, c1 + 1)] for r in range(r1, r0 - 1, -1)],
            [[(r, c) for c in range(c0, c1 + 1)] for r in range(r0, r1 + 1)],
            [[(r, c) for r in range(r0, r1 + 1)] for c in range(c1, c0 - 1, -1)],
            [[(r, c) for r in range(r0, r1 + 1)] for c in range(c0, c1 + 1)],
        )
        for lines in sides:
            beyond: list[Cell] = []
            for line in lines[:-2]:  # a board of two lines at the least is left
                kinds = [shape_kind(p, role, lab, look, whole, shapes) for p in line if p in group]
                if any(kind == "cell" for kind in kinds):
                    break
                beyond += [p for p in line if p in group]
                if "larger" in kinds and odd.intersection(beyond):
                    group = group - set(beyond)
                    trimmed = True
                    break
            if trimmed:
                break
    return group


def shape_kind(
    cell: Cell,
    role: dict[Cell, str],
    lab: np.ndarray,
    look: TaughtLook,
    whole: Geometry,
    known: dict[Cell, ShapeKind],
) -> ShapeKind:
    """What a position of the board's group shows in the cells' colour: "larger" (a shape larger
    than any labelled plain cell's: a button), "none" (no shape in its middle: a field), or "cell"
    (a cell's shape, or a role a plain cell cannot be taken for: walked, the start, an end)."""
    if cell in known:
        return known[cell]
    kind: ShapeKind = "cell"
    if role[cell] == "plain":
        colour = np.asarray(look.centre_colour, np.float32)
        shape = cell_shape(lab, colour, look.shape_tolerance, whole, cell)
        if shape is None:
            kind = "none"
        elif max(shape) > SHAPE_SLACK * look.cell_extent:
            kind = "larger"
    known[cell] = kind
    return kind


def _alike(look: TaughtLook) -> set[tuple[str, str]]:
    pairs = set()
    for a, b in alike_roles(look.roles):
        pairs |= {(a, b), (b, a)}
    return pairs


def judge(
    grid: dict[Cell, tuple[str, float]],
    geometry: Geometry,
    look: TaughtLook,
    lab: np.ndarray,
    unlike: dict[Cell, float] | None = None,
    fresh_gap: dict[Cell, float] | None = None,
    marked: Cell | None = None,
    edge: Check | None = None,
) -> Detection:
    """The board the scored grid shows, with the self-checks; refused when a cell is like no role
    (`unlike`: the cells with a part unlike their nearest role, how unlike; `fresh_gap`: with a
    path drawn, how much less likely than its role each cell's fresh start was; `marked`: the fresh
    start found by its mark in the path's colour, `marked_start`; `edge`: whether the lattice
    shows cells just outside the board, `extent_check`)."""
    checks: list[Check] = []
    unlike = unlike or {}
    if marked is not None:
        unlike = {c: v for c, v in unlike.items() if c != marked}
        grid = {c: v for c, v in grid.items() if c != marked}
    walking = [cell for cell, (name, _, _) in grid.items() if name in WALKED_ROLES]
    holes_show = "hole" in look.roles and ("hole", "outside") not in _alike(look)
    misfits = [  # judged by the role each cell looks like most (before a lone head becomes the start)
        (cell, name, value)
        for cell, (name, value, _) in grid.items()
        if value > look.roles[name].limit or (name == "outside" and holes_show)
    ]
    scored = grid
    if len(walking) == 1 and all(n != "start" for n, _, _ in grid.values()):
        # a path has two ends: a head (or a walked start) alone, with no start, is the fresh start
        # (they may look alike, and a look taught from no fresh level knows the start only as the
        # walk's head or its first cell)
        grid = {**grid, walking[0]: ("start", *grid[walking[0]][1:])}
    unsure = [
        (cell, name, value, other, theirs)
        for cell, (name, value, (other, theirs)) in grid.items()
        if theirs < MARGIN
    ]
    if unlike:
        cell = max(unlike, key=lambda c: unlike[c] / look.roles[scored[c][0]].local_limit)
        name = scored[cell][0]
        checks.append(
            Check(
                "look",
                False,
                f"{counted(len(unlike), 'position')} with a part unlike every role of look {look.name}"
                f" taught, e.g. {list(cell)}: nearest {name}, but a part of it at {unlike[cell]:.1f} (at most"
                f" {look.roles[name].local_limit:.1f}): a mark no labelled {name} shows (a role not taught?)",
            )
        )
    elif misfits:
        cell, name, value = max(misfits, key=lambda m: m[2] / look.roles[m[1]].limit)
        what = (
            f"nearest {name} at {value:.1f} (at most {look.roles[name].limit:.1f})"
            if value > look.roles[name].limit
            else "it looks like the background around the board, inside the board"
        )
        checks.append(
            Check(
                "look",
                False,
                f"{counted(len(misfits), 'position')} {noun(len(misfits), 'matches', 'match')} no role"
                f" of look {look.name} closely enough, e.g. {list(cell)}: {what}",
            )
        )
    elif unsure:
        cell, name, value, other, theirs = unsure[0]
        checks.append(
            Check(
                "look",
                False,
                f"{counted(len(unsure), 'position')} between two roles of look {look.name},"
                f" e.g. {list(cell)}: {name} (score {value:.1f}),"
                f" {other} nearly as likely ({theirs:.2f} more)",
            )
        )
    else:
        checks.append(Check("look", True, f"every position matches a role of look {look.name}"))
    if edge is not None:
        checks.append(edge)
    if marked is not None:
        grid = {**grid, marked: ("start", 0.0, ("", float("inf")))}
    cells = {cell for cell, (name, _, _) in grid.items() if name in OPEN_ROLES}
    walked_seen = any(grid[cell][0] in WALKED_ROLES for cell in cells)
    # with a path drawn the start looks as the start does once left; a fresh start among walked
    # cells is a head or marker taken for it (the blob that moves with the cat)
    starts = [cell for cell in cells if grid[cell][0] == ("start_walked" if walked_seen else "start")]
    stray = [cell for cell in cells if walked_seen and grid[cell][0] == "start"]
    walked_cells = {cell for cell in cells if grid[cell][0] in WALKED_ROLES}
    heads = [cell for cell in cells if grid[cell][0] == "head"]
    ends = [cell for cell in cells if grid[cell][0] == "end"]
    if len(stray) == 1 and not heads and len(starts) == 1 and neighbours(starts[0], set(stray)):
        # the figure moves with the cat: one step from the start, the head's cell shows the figure
        # over a stub of the line and reads as the fresh start (the figure alone), beside the start
        # once left (look 11's 11001). It is the head when the joins make it the path's end
        heads, walked_cells, stray = stray, walked_cells | set(stray), []
    start: Cell | None = starts[0] if len(starts) == 1 else None
    walked: tuple[Cell, ...] = ()
    path_check: Check | None = None
    if walked_cells and start is None and not starts and not stray:
        start = start_from_ends(walked_cells, heads, lab, geometry, look)
    elif walked_seen and len(starts) > 1 and not stray:
        # several cells read as the start once left: walked cells in the start's own colour (a
        # path drawn in it), or a role taught from one labelled cell that other walked cells
        # match as well (the line leaving it one way, like a corner's: look 6's 6006, the real
        # start read as walked). The start is the path's end that is not its head, when the
        # joins make one chain; else refused as before
        start = start_from_ends(walked_cells, heads, lab, geometry, look)
    if stray:
        start = None
        starts = starts + stray
    if start is None:
        said = ", ".join(str(list(c)) for c in starts[:4]) or "none"
        untaught = (
            f" (look {look.name} was taught no walked cell: a half-drawn screen among its labels"
            " teaches them)"
            if len(starts) > 1 and not WALKED_ROLES & set(look.roles)
            else ""
        )
        detail = f"{len(starts)} cells look like the start ({said}); a board has one{untaught}"
        checks.append(Check("start", False, detail))
    else:
        order = None
        if walked_cells:
            start, order = start_and_order(walked_cells, start, heads, lab, geometry, look)
        checks.append(Check("start", len(ends) <= 1, f"start {list(start)}, {counted(len(ends), 'end')}"))
        if walked_cells:
            if order is None:
                path_check = Check(
                    "path", False, f"the {len(walked_cells)} walked cells do not form one path from the start"
                )
            else:
                walked = order
                path_check = Check(
                    "path", True, f"{len(walked)} cells walked, the head on {list(walked[-1])}"
                )
                rival = _start_like(grid, walked[-1], fresh_gap or {})
                if rival is not None and len(walked) > 1:
                    path_check = Check(
                        "path",
                        False,
                        f"both ends of the drawn path look like the start: {list(start)}, and"
                        f" {list(walked[-1])} ({grid[walked[-1]][0]}, the start only {rival:.2f} less"
                        f" likely): which end the path began at is not told apart",
                    )
    if path_check is not None:
        checks.append(path_check)
    unchecked = None
    if start is not None and (start in cells):
        unchecked = Board(
            geometry.rows, geometry.cols, frozenset(cells), start, ends[0] if len(ends) == 1 else None
        )
        checks += [board_size_check(unchecked), certificate_check(unchecked)]
    failed = [check for check in checks if not check.ok]
    style = f"taught:{look.name}"
    if failed:
        reason = "; ".join(f"{check.name}: {check.detail}" for check in failed)
        return Detection(None, geometry, tuple(checks), reason, unchecked, walked=walked, style=style)
    return Detection(
        unchecked, geometry, tuple(checks), None, unchecked, screen=LEVEL, walked=walked, style=style
    )


ENDS_MARGIN = 1.0  # the head end of a path reads as the start at least this much less likely


def _start_like(
    grid: dict[Cell, tuple[str, float, tuple[str, float]]], end: Cell, fresh_gap: dict[Cell, float]
) -> float | None:
    """How much less likely than its own role the start's is for the path's head end, when that is
    less than ENDS_MARGIN: a drawn path whose two ends both look like where it began (seed 13004
    of look 13: a 3-cell path read backwards, its head's band end taken for the framed start).
    The fresh start, taken out of the roles where a path is drawn, counts here (`fresh_gap`)
    unless the end reads as the head, which may look like it (the cat on the fresh start)."""
    role, _, (other, theirs) = grid[end]
    gaps = [theirs] if other in STARTS else []
    if end in fresh_gap and role != "head":
        gaps.append(fresh_gap[end])
    nearest = min(gaps, default=float("inf"))
    return nearest if nearest < ENDS_MARGIN else None


def neighbours(cell: Cell, among: set[Cell]) -> list[Cell]:
    r, c = cell
    return [n for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if n in among]


def joined_edges(
    cells: set[Cell], lab: np.ndarray, geometry: Geometry, look: TaughtLook
) -> set[frozenset[Cell]]:
    """The side-neighbour pairs among `cells` that the path joins (every pair without a join model)."""
    pairs = [(a, b) for a in sorted(cells) for b in neighbours(a, cells) if a < b]
    if "joined" not in look.joins or "apart" not in look.joins or not pairs:
        return {frozenset(pair) for pair in pairs}
    features = join_features(lab, geometry, pairs)
    joined = look.joins["joined"].scores(features)
    apart = look.joins["apart"].scores(features)
    return {frozenset(pair) for pair, j, a in zip(pairs, joined, apart, strict=True) if j <= a}


def path_edges(
    cells: set[Cell], heads: list[Cell], lab: np.ndarray, geometry: Geometry, look: TaughtLook
) -> set[frozenset[Cell]]:
    """`joined_edges`, and the head's join where it shows none: a head drawn over its join (a
    finger, a marker wider than the line) or a line not yet drawn into it reads "apart" from every
    neighbour (look 6's 6006); it joins the one end of the chain beside it, when there is one."""
    edges = joined_edges(cells, lab, geometry, look)
    if len(heads) != 1 or any(heads[0] in edge for edge in edges):
        return edges
    degree = {cell: sum(frozenset((cell, n)) in edges for n in neighbours(cell, cells)) for cell in cells}
    beside = [n for n in neighbours(heads[0], cells) if degree[n] == 1]
    return edges | {frozenset((heads[0], beside[0]))} if len(beside) == 1 else edges


def start_from_ends(
    walked: set[Cell], heads: list[Cell], lab: np.ndarray, geometry: Geometry, look: TaughtLook
) -> Cell | None:
    """The start when it looks like any walked cell: the end of the path that is not the head."""
    if len(heads) != 1:
        return None
    edges = path_edges(walked, heads, lab, geometry, look)
    ends = [
        cell for cell in walked if sum(frozenset((cell, n)) in edges for n in neighbours(cell, walked)) == 1
    ]
    others = [cell for cell in ends if cell != heads[0]]
    return others[0] if len(others) == 1 and heads[0] in ends else None


def start_and_order(
    walked: set[Cell], start: Cell, heads: list[Cell], lab: np.ndarray, geometry: Geometry, look: TaughtLook
) -> tuple[Cell, tuple[Cell, ...] | None]:
    """The start and the walked cells in order from it (None when no path runs from it): `start`,
    or where no path from it runs through the walked cells, the path's end that is not its head
    when one path runs from there: a start once left taught from one labelled cell is learned
    with its line's one direction, and a walked corner whose line leaves the same way looks more
    like it than the real start does (look 6's level 6009, a line through dots)."""
    cells = walked | {start}
    order = walk_order(cells, start, heads, lab, geometry, look)
    if order is not None:
        return start, order
    other = start_from_ends(cells, heads, lab, geometry, look)
    if other is None or other == start:
        return start, None
    again = walk_order(cells, other, heads, lab, geometry, look)
    return (other, again) if again is not None else (start, None)


def walk_order(
    cells: set[Cell], start: Cell, heads: list[Cell], lab: np.ndarray, geometry: Geometry, look: TaughtLook
) -> tuple[Cell, ...] | None:
    """The walked cells in order from the start: through the joins when they make one chain, else
    the one path through them all (None when there is none, or more than one)."""
    edges = path_edges(cells, heads, lab, geometry, look)
    links = {cell: [n for n in neighbours(cell, cells) if frozenset((cell, n)) in edges] for cell in cells}
    if all(len(v) <= 2 for v in links.values()) and len(links[start]) == 1:
        order = [start]
        while True:
            nxt = [n for n in links[order[-1]] if n not in order]
            if not nxt:
                break
            order.append(nxt[0])
        # several cells read as the head contradict each other (a path has one: a head taught
        # from one labelled cell that walked cells match too, look 10's 10009): the joins decide
        if len(order) == len(cells) and (len(heads) != 1 or heads == [order[-1]]):
            return tuple(order)
    # no clean chain: every path through all the cells from the start, up to two
    links = {cell: neighbours(cell, cells) for cell in cells}
    found: list[tuple[Cell, ...]] = []
    budget = [PATH_BUDGET]
    end = heads[0] if len(heads) == 1 else None

    def extend(path: list[Cell], seen: set[Cell]) -> None:
        budget[0] -= 1
        if budget[0] < 0 or len(found) > 1:
            return
        if len(path) == len(cells):
            if end is None or path[-1] == end:
                found.append(tuple(path))
            return
        for n in links[path[-1]]:
            if n not in seen:
                seen.add(n)
                path.append(n)
                extend(path, seen)
                path.pop()
                seen.discard(n)

    extend([start], {start})
    return found[0] if len(found) == 1 and budget[0] >= 0 else None
