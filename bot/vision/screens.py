"""Screen kind: is this the level-complete screen, and where is the one control that goes on?

The real game's level-complete screen (../shared/real-screens/level-641-video-complete.png) has a
white veil over the finished board and, in the middle, a **round** go-on button (a yellow disc
with a white check mark; in another frame a green one with an arrow). Either side of it, at the
same height and about as far away, sit two **wide capsules**: ranking on the left, share on the
right, in colours close to the button's. A press on anything but the round button has a cost
(a share dialog, a hint spent), so the screen is recognised by that whole arrangement, never by
"the largest saturated shape":

1. saturated, bright regions (the buttons; the veiled board and bars are pale) are labelled on
   a small copy of the image;
2. a go-on candidate is round: as wide as tall, filling its circle once holes (the check mark,
   the arrow) are filled;
3. it needs a wide capsule on each side: 1.4-5 times as wide as tall, 0.45-0.95 of the disc's
   radius tall, its centre within 0.4 radius of the disc's height, not overlapping the disc,
   the two about equally far from it;
4. around the disc, the veil: pale and unsaturated.

Anything else, a lone round button (the level screen's hint button), capsules without a disc, a
ranking screen's round avatars, is not the complete screen: no `next`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

import cv2
import numpy as np

from onestroke.bot.coords import Point

ScreenKind = Literal["level", "complete", "other"]
"""What a screenshot shows (`Detection.screen`, the `screen` of `detect --json`, spec/formats.md):
a level to play, the level-complete screen, or anything else."""
LEVEL: Final[ScreenKind] = "level"
COMPLETE: Final[ScreenKind] = "complete"
OTHER: Final[ScreenKind] = "other"

WORK_SIDE = 480  # the image is searched at no more than this many pixels on its longer side
SATURATED, BRIGHT = (
    64,
    150,
)  # HSV: a button's colour (pink ranking: S 86; the veil: S < 40; a dark wallpaper: V < 150)
MIN_RADIUS = 8  # px at the working size


@dataclass(frozen=True)
class Complete:
    """What `find_complete` found: the go-on control's centre (image pixels) or None, and why."""

    go_on: Point | None
    detail: str


@dataclass(frozen=True)
class _Shape:
    label: int
    x: float
    y: float
    left: int
    top: int
    width: int
    height: int
    area: int

    @property
    def right(self) -> int:
        return self.left + self.width


def find_complete(image: np.ndarray) -> Complete:
    """The level-complete screen's go-on control in a BGR image, or None and what was missing."""
    # every k-th pixel is plenty for shapes this big, and far faster than averaging a phone screen
    step = max(1, int(np.ceil(max(image.shape[:2]) / WORK_SIDE)))
    small = image[::step, ::step]
    if step > 1:  # (nearest-neighbour resize: the same pixels as the slice, copied 10x faster)
        small = cv2.resize(image, (small.shape[1], small.shape[0]), interpolation=cv2.INTER_NEAREST)
    hsv = cv2.cvtColor(small, cv2.COLOR_BGR2HSV)
    mask = ((hsv[:, :, 1] > SATURATED) & (hsv[:, :, 2] > BRIGHT)).astype(np.uint8)
    count, labels, stats, centroids = cv2.connectedComponentsWithStats(mask, connectivity=4)
    shapes = [
        _Shape(i, float(centroids[i][0]), float(centroids[i][1]), *(int(v) for v in stats[i]))
        for i in range(1, count)
        if stats[i, cv2.CC_STAT_WIDTH] >= MIN_RADIUS and stats[i, cv2.CC_STAT_HEIGHT] >= MIN_RADIUS // 2
    ]
    discs = [s for s in shapes if _round(s, labels)]
    if not discs:
        return Complete(None, "no round button")
    capsules = [s for s in shapes if 1.4 <= s.width / s.height <= 5.0 and _filled_share(s, labels) >= 0.8]
    for disc in sorted(discs, key=lambda s: -s.area):
        radius = (disc.width + disc.height) / 4
        left, right = _flanking(disc, radius, capsules)
        if left is None or right is None:
            continue
        if not _veiled(hsv, disc, radius):
            continue
        # pixel i of the copy is pixel i * step of the image
        centre = Point((disc.left + (disc.width - 1) / 2) * step, (disc.top + (disc.height - 1) / 2) * step)
        detail = (
            f"a round button of radius {radius * step:.0f} px at ({centre.x:.0f}, {centre.y:.0f}) between"
            f" capsules at ({left.x * step:.0f}, {left.y * step:.0f})"
            f" and ({right.x * step:.0f}, {right.y * step:.0f})"
        )
        return Complete(centre, detail)
    return Complete(None, f"{len(discs)} round buttons, none between two capsules on a veil")


def _filled(shape: _Shape, labels: np.ndarray) -> np.ndarray:
    """The shape's pixels in its box with its holes (a check mark, a label's letters) filled."""
    box = labels[shape.top : shape.top + shape.height, shape.left : shape.left + shape.width]
    part = (box == shape.label).astype(np.uint8)
    filled = part.copy()
    contours, _ = cv2.findContours(part, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    cv2.drawContours(filled, contours, -1, 1, thickness=cv2.FILLED)
    return filled


def _filled_share(shape: _Shape, labels: np.ndarray) -> float:
    return float(_filled(shape, labels).mean())


def _round(shape: _Shape, labels: np.ndarray) -> bool:
    """As wide as tall, and (holes filled) filling its inscribed circle and little outside it."""
    if not 0.85 <= shape.width / shape.height <= 1.18 or shape.width < 2 * MIN_RADIUS:
        return False
    filled = _filled(shape, labels)
    h, w = filled.shape
    yy, xx = np.mgrid[0:h, 0:w]
    inside = ((xx + 0.5 - w / 2) / (w / 2)) ** 2 + ((yy + 0.5 - h / 2) / (h / 2)) ** 2 <= 1.0
    covered = filled[inside].mean()
    spill = filled[~inside].sum() / max(1, filled.sum())
    return bool(covered >= 0.92 and spill <= 0.06)


def _flanking(disc: _Shape, radius: float, capsules: list[_Shape]) -> tuple[_Shape | None, _Shape | None]:
    """The nearest fitting capsule on each side of the disc, if they sit about equally far from it."""
    cy = disc.top + disc.height / 2

    def fits(c: _Shape) -> bool:
        return 0.45 * radius <= c.height <= 0.95 * radius and abs(c.y - cy) <= 0.4 * radius

    left = [c for c in capsules if fits(c) and c.right <= disc.left + 1]
    right = [c for c in capsules if fits(c) and c.left >= disc.right - 1]
    if not left or not right:
        return None, None
    a = max(left, key=lambda c: c.right)
    b = min(right, key=lambda c: c.left)
    gap_a, gap_b = disc.left - a.right, b.left - disc.right
    if abs(gap_a - gap_b) > 0.5 * radius + 2:
        return None, None
    return a, b


def _veiled(hsv: np.ndarray, disc: _Shape, radius: float) -> bool:
    """Pale and unsaturated just above and below the disc (the veil over the board)."""
    h, w = hsv.shape[:2]
    cx = int(disc.left + disc.width / 2)
    strips = []
    for y0, y1 in (
        (disc.top - 0.5 * radius, disc.top - 0.1 * radius),
        (disc.top + disc.height + 0.1 * radius, disc.top + disc.height + 0.5 * radius),
    ):
        top, bottom = max(0, int(y0)), min(h, int(y1))
        if bottom > top:
            strips.append(hsv[top:bottom, max(0, int(cx - radius)) : min(w, int(cx + radius))].reshape(-1, 3))
    if not strips:
        return False
    around = np.concatenate(strips)
    return bool(np.median(around[:, 2]) >= 190 and np.median(around[:, 1]) <= 70)
