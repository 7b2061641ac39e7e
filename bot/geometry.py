"""Cell <-> pixel maths: the one place that knows where a grid cell sits in an image.

A `Geometry` is the lattice of cell centres: the centre of cell `(r, c)` is
`(origin_x + pitch_x * c, origin_y + pitch_y * r)` in image pixels, exactly as
`onestroke detect --json` reports `origin` and `pitch` (../shared/spec/formats.md).
Overlay, pointer and calibration all go through this class, so a change of screen scale or
window position is one `scaled()` / `translated()` call, never a second copy of the formula.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from onestroke.solver.board import Cell


@dataclass(frozen=True)
class Geometry:
    """Where a `rows` x `cols` grid lies in an image: centre of cell [0, 0] and centre spacing."""

    origin: tuple[float, float]
    pitch: tuple[float, float]
    rows: int
    cols: int

    def __post_init__(self) -> None:
        if self.rows < 1 or self.cols < 1:
            raise ValueError(f"geometry needs at least one row and column, got {self.rows}x{self.cols}")
        if not (self.pitch[0] > 0 and self.pitch[1] > 0):
            raise ValueError(f"pitch must be positive, got {self.pitch}")

    def centre(self, cell: Cell) -> tuple[float, float]:
        """Pixel `(x, y)` of the centre of `cell` (any integer cell, also outside the grid)."""
        r, c = cell
        return (self.origin[0] + self.pitch[0] * c, self.origin[1] + self.pitch[1] * r)

    def cell_at(self, x: float, y: float) -> Cell | None:
        """The grid cell whose pitch-sized square holds pixel `(x, y)`; None outside the grid."""
        c = math.floor((x - self.origin[0]) / self.pitch[0] + 0.5)
        r = math.floor((y - self.origin[1]) / self.pitch[1] + 0.5)
        if 0 <= r < self.rows and 0 <= c < self.cols:
            return (r, c)
        return None

    def bounds(self) -> tuple[float, float, float, float]:
        """`(x0, y0, x1, y1)` of the whole grid: each cell's pitch-sized square, gaps included."""
        x0 = self.origin[0] - self.pitch[0] / 2
        y0 = self.origin[1] - self.pitch[1] / 2
        return (x0, y0, x0 + self.pitch[0] * self.cols, y0 + self.pitch[1] * self.rows)

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
