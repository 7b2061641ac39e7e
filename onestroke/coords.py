"""The one coordinate vocabulary: points, rectangles, the cell lattice and the screen's three spaces.

Three coordinate spaces meet in the bot, and every value says which one it is in by the name
of the converter that made it:

- **image** pixels: what the detector sees in a grabbed image (origin: the image's top-left);
- **capture** units: the device's screen as the capture backend addresses it (mss monitor and
  region coordinates, adb screen pixels); what a profile stores and `--region` takes;
- **pointer** units: what the input backend takes (pyautogui's logical points; adb pixels).

`ScreenMap` converts between them for one image grabbed from one region (`image_to_pointer`,
`image_to_capture`, `capture_to_pointer`, ...); each converter takes a `Point`, a `Rect` or a
`Geometry` and returns the same kind. `Geometry` is the lattice of cell centres (cell <-> pixel),
exactly as `onestroke detect --json` reports `origin` and `pitch` (../shared/spec/formats.md).

Pure arithmetic: no numpy, no display. Every layer above the solver may import this module.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import NamedTuple, Protocol, TypeVar, overload

from onestroke.solver.board import Cell
from onestroke.solver.errors import OnestrokeError


class RectError(OnestrokeError):
    """A rectangle typed as text that is not `X,Y,W,H` with an area; the message quotes it."""


class Point(NamedTuple):
    """A position `(x, y)`; which space it is in is said by whoever made it."""

    x: float
    y: float

    def rounded(self) -> tuple[int, int]:
        """The nearest whole pixel, as pointer and touch backends take it."""
        return round(self.x), round(self.y)


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle: `left`, `top`, `width`, `height`; `right` and `bottom` are exclusive.

    Not iterable on purpose: unpacking it as `(x0, y0, x1, y1)` or `(x, y, w, h)` would guess.
    """

    left: float
    top: float
    width: float
    height: float

    @classmethod
    def from_corners(cls, left: float, top: float, right: float, bottom: float) -> Rect:
        return cls(left, top, right - left, bottom - top)

    @classmethod
    def parse(cls, text: str) -> Rect:
        """`X,Y,W,H` in whole numbers, as users type it on the command line."""
        try:
            left, top, width, height = (int(v) for v in text.split(","))
        except ValueError:
            raise RectError(f"region {text!r} must be four integers X,Y,W,H") from None
        if width <= 0 or height <= 0:
            raise RectError(f"region {text!r} has no area")
        return cls(left, top, width, height)

    @property
    def right(self) -> float:
        return self.left + self.width

    @property
    def bottom(self) -> float:
        return self.top + self.height

    @property
    def corners(self) -> tuple[float, float, float, float]:
        """`(left, top, right, bottom)`: for slicing images and drawing."""
        return (self.left, self.top, self.right, self.bottom)

    @property
    def centre(self) -> Point:
        return Point(self.left + self.width / 2, self.top + self.height / 2)

    def contains(self, point: tuple[float, float]) -> bool:
        """True when `point` lies inside (the right and bottom edges are outside)."""
        x, y = point
        return self.left <= x < self.right and self.top <= y < self.bottom

    def covers(self, other: Rect) -> bool:
        """True when `other` lies wholly inside this rectangle."""
        return self.intersection(other) == other

    def intersection(self, other: Rect) -> Rect | None:
        """The overlap of the two rectangles, None when they share no area."""
        left, top = max(self.left, other.left), max(self.top, other.top)
        right, bottom = min(self.right, other.right), min(self.bottom, other.bottom)
        return Rect.from_corners(left, top, right, bottom) if right > left and bottom > top else None

    def grown(self, dx: float, dy: float | None = None) -> Rect:
        """The rectangle with `dx` more on the left and right and `dy` (default `dx`) above and below."""
        dy = dx if dy is None else dy
        return Rect(self.left - dx, self.top - dy, self.width + 2 * dx, self.height + 2 * dy)

    def translated(self, dx: float, dy: float) -> Rect:
        return Rect(self.left + dx, self.top + dy, self.width, self.height)

    def rounded(self) -> Rect:
        """The rectangle with whole-number edges (each edge rounded), as capture backends need."""
        return Rect.from_corners(round(self.left), round(self.top), round(self.right), round(self.bottom))

    def slices(self) -> tuple[slice, slice]:
        """`image[rect.slices()]`: the rows and columns of a numpy image inside this rectangle
        (edges rounded; clipped at 0, where a negative index would count from the other end)."""
        box = self.rounded()
        top, left = max(int(box.top), 0), max(int(box.left), 0)
        return slice(top, max(int(box.bottom), top)), slice(left, max(int(box.right), left))

    def __str__(self) -> str:
        """`X,Y,W,H`: the form `parse` reads."""
        return ",".join(f"{v:g}" for v in (self.left, self.top, self.width, self.height))


@dataclass(frozen=True)
class Geometry:
    """Where a `rows` x `cols` grid lies in an image: centre of cell [0, 0] and centre spacing.

    The centre of cell `(r, c)` is `(origin_x + pitch_x * c, origin_y + pitch_y * r)`. Overlay,
    gesture, calibration and the loop all go through this class, so a change of screen scale or
    window position is one `scaled()` / `translated()` call (or a `ScreenMap` converter), never a
    second copy of the formula.
    """

    origin: tuple[float, float]
    pitch: tuple[float, float]
    rows: int
    cols: int

    def __post_init__(self) -> None:
        if self.rows < 1 or self.cols < 1:
            raise ValueError(f"geometry needs at least one row and column, got {self.rows}x{self.cols}")
        if not (self.pitch[0] > 0 and self.pitch[1] > 0):
            raise ValueError(f"pitch must be positive, got {self.pitch}")

    def centre(self, cell: Cell) -> Point:
        """Pixel `(x, y)` of the centre of `cell` (any integer cell, also outside the grid)."""
        r, c = cell
        return Point(self.origin[0] + self.pitch[0] * c, self.origin[1] + self.pitch[1] * r)

    def cell_at(self, x: float, y: float) -> Cell | None:
        """The grid cell whose pitch-sized square holds pixel `(x, y)`; None outside the grid."""
        c = math.floor((x - self.origin[0]) / self.pitch[0] + 0.5)
        r = math.floor((y - self.origin[1]) / self.pitch[1] + 0.5)
        if 0 <= r < self.rows and 0 <= c < self.cols:
            return (r, c)
        return None

    def bounds(self) -> Rect:
        """The whole grid: every cell's pitch-sized square, gaps included."""
        x0 = self.origin[0] - self.pitch[0] / 2
        y0 = self.origin[1] - self.pitch[1] / 2
        return Rect(x0, y0, self.pitch[0] * self.cols, self.pitch[1] * self.rows)

    def scaled(self, factor: float | tuple[float, float]) -> Geometry:
        """The same grid in an image resized by `factor` (one number, or `(fx, fy)`).

        Pixel centres scale about the image's top-left corner: `x' = x * fx`.
        """
        fx, fy = (factor, factor) if isinstance(factor, (int, float)) else factor
        return Geometry(
            (self.origin[0] * fx, self.origin[1] * fy),
            (self.pitch[0] * fx, self.pitch[1] * fy),
            self.rows,
            self.cols,
        )

    def translated(self, dx: float, dy: float) -> Geometry:
        """The same grid seen in an image whose pixel (0, 0) was at (-dx, -dy) of this one."""
        return Geometry((self.origin[0] + dx, self.origin[1] + dy), self.pitch, self.rows, self.cols)


class _Sized(Protocol):
    """Anything with a numpy-style `shape` (height, width, ...): an image."""

    @property
    def shape(self) -> tuple[int, ...]: ...


Shape = TypeVar("Shape", Point, Rect, Geometry)


@dataclass(frozen=True)
class _Affine:
    """`v -> offset + factor * v` on both axes: every map between the three spaces is one of these."""

    dx: float
    dy: float
    factor: float

    def apply(self, value: Shape) -> Shape:
        k = self.factor
        if isinstance(value, Geometry):
            return value.scaled(k).translated(self.dx, self.dy)
        if isinstance(value, Rect):
            return Rect(self.dx + k * value.left, self.dy + k * value.top, k * value.width, k * value.height)
        x, y = value
        return Point(self.dx + k * x, self.dy + k * y)


@dataclass(frozen=True)
class ScreenMap:
    """How an image grabbed from `region` (capture units) relates to capture and pointer coordinates.

    `density` is image pixels per capture unit (2 where mss returns Retina images for regions
    given in points); `scale` is image pixels per pointer unit, measured on a whole-monitor grab
    (`onestroke.locate.pointer_scale`). On most Linux and Windows setups both are 1.
    Every converter takes a `Point`, a `Rect` or a `Geometry` and returns the same kind.
    """

    region: Rect
    density: float = 1.0
    scale: float = 1.0

    @classmethod
    def for_image(cls, region: Rect, image: _Sized, scale: float = 1.0) -> ScreenMap:
        """The map of `image`, grabbed from `region` on a screen with this pointer `scale`."""
        return cls(region, image.shape[1] / region.width, scale)

    def _image_to_capture(self) -> _Affine:
        return _Affine(self.region.left, self.region.top, 1 / self.density)

    def _capture_to_pointer(self) -> _Affine:
        return _Affine(0.0, 0.0, self.density / self.scale)

    @overload
    def image_to_capture(self, value: Point) -> Point: ...
    @overload
    def image_to_capture(self, value: Rect) -> Rect: ...
    @overload
    def image_to_capture(self, value: Geometry) -> Geometry: ...
    def image_to_capture(self, value: Point | Rect | Geometry) -> Point | Rect | Geometry:
        """Image pixels to absolute capture coordinates (what a profile stores)."""
        return self._image_to_capture().apply(value)

    @overload
    def image_to_pointer(self, value: Point) -> Point: ...
    @overload
    def image_to_pointer(self, value: Rect) -> Rect: ...
    @overload
    def image_to_pointer(self, value: Geometry) -> Geometry: ...
    def image_to_pointer(self, value: Point | Rect | Geometry) -> Point | Rect | Geometry:
        """Image pixels to pointer coordinates (where to press)."""
        return self.capture_to_pointer(self.image_to_capture(value))  # type: ignore[arg-type]

    @overload
    def capture_to_pointer(self, value: Point) -> Point: ...
    @overload
    def capture_to_pointer(self, value: Rect) -> Rect: ...
    @overload
    def capture_to_pointer(self, value: Geometry) -> Geometry: ...
    def capture_to_pointer(self, value: Point | Rect | Geometry) -> Point | Rect | Geometry:
        return self._capture_to_pointer().apply(value)

    @overload
    def pointer_to_capture(self, value: Point) -> Point: ...
    @overload
    def pointer_to_capture(self, value: Rect) -> Rect: ...
    @overload
    def pointer_to_capture(self, value: Geometry) -> Geometry: ...
    def pointer_to_capture(self, value: Point | Rect | Geometry) -> Point | Rect | Geometry:
        k = self.scale / self.density
        return _Affine(0.0, 0.0, k).apply(value)

    @overload
    def capture_to_image(self, value: Point) -> Point: ...
    @overload
    def capture_to_image(self, value: Rect) -> Rect: ...
    @overload
    def capture_to_image(self, value: Geometry) -> Geometry: ...
    def capture_to_image(self, value: Point | Rect | Geometry) -> Point | Rect | Geometry:
        """Absolute capture coordinates to pixels of this image (outside it when not in `region`)."""
        d = self.density
        return _Affine(-self.region.left * d, -self.region.top * d, d).apply(value)

    @overload
    def pointer_to_image(self, value: Point) -> Point: ...
    @overload
    def pointer_to_image(self, value: Rect) -> Rect: ...
    @overload
    def pointer_to_image(self, value: Geometry) -> Geometry: ...
    def pointer_to_image(self, value: Point | Rect | Geometry) -> Point | Rect | Geometry:
        return self.capture_to_image(self.pointer_to_capture(value))  # type: ignore[arg-type]
