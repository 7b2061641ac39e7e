"""Drawing primitives and the project's own cat sprite (pure OpenCV on a BGR numpy image).

Shapes are filled polygons with sub-pixel coordinates and anti-aliased edges, so the same
drawing looks right at 360 px and at 1440 px wide.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

BGR = tuple[int, int, int]

SHIFT = 4  # fillPoly fixed-point bits: 1/16 px precision
_ONE = 1 << SHIFT


def rgb(r: int, g: int, b: int) -> BGR:
    """Colours are written as RGB in the source (like the game's measurements), stored as BGR."""
    return (b, g, r)


def lighter(colour: BGR, amount: float) -> BGR:
    """`colour` mixed with white: amount 0 keeps it, 1 gives white."""
    return tuple(int(round(c + (255 - c) * amount)) for c in colour)  # type: ignore[return-value]


def darker(colour: BGR, amount: float) -> BGR:
    """`colour` mixed with black: amount 0 keeps it, 1 gives black."""
    return tuple(int(round(c * (1 - amount))) for c in colour)  # type: ignore[return-value]


def _fixed(points: list[tuple[float, float]]) -> np.ndarray:
    return np.array([[round(x * _ONE), round(y * _ONE)] for x, y in points], dtype=np.int32)


def rounded_rect_points(
    x0: float, y0: float, x1: float, y1: float, radius: float
) -> list[tuple[float, float]]:
    """Outline of a rounded rectangle (pixel-centre coordinates, inclusive corners)."""
    radius = max(0.0, min(radius, (x1 - x0) / 2, (y1 - y0) / 2))
    steps = max(2, int(radius / 2) + 2)
    points: list[tuple[float, float]] = []
    corners = ((x1 - radius, y0 + radius, -90), (x1 - radius, y1 - radius, 0))
    corners += ((x0 + radius, y1 - radius, 90), (x0 + radius, y0 + radius, 180))
    for cx, cy, start in corners:
        for i in range(steps + 1):
            a = math.radians(start + 90 * i / steps)
            points.append((cx + radius * math.cos(a), cy + radius * math.sin(a)))
    return points


def fill_rounded_rect(
    image: np.ndarray, x0: float, y0: float, x1: float, y1: float, radius: float, colour: BGR
) -> None:
    cv2.fillPoly(image, [_fixed(rounded_rect_points(x0, y0, x1, y1, radius))], colour, cv2.LINE_AA, SHIFT)


def fill_circle(image: np.ndarray, cx: float, cy: float, radius: float, colour: BGR) -> None:
    fill_ellipse(image, cx, cy, radius, radius, colour)


def fill_ellipse(image: np.ndarray, cx: float, cy: float, rx: float, ry: float, colour: BGR) -> None:
    steps = max(12, int(max(rx, ry)))
    points = [
        (cx + rx * math.cos(2 * math.pi * i / steps), cy + ry * math.sin(2 * math.pi * i / steps))
        for i in range(steps)
    ]
    cv2.fillPoly(image, [_fixed(points)], colour, cv2.LINE_AA, SHIFT)


def thick_line(
    image: np.ndarray,
    points: list[tuple[float, float]],
    width: float,
    colour: BGR,
    *,
    round_caps: bool = True,
) -> None:
    """A polyline `width` pixels thick with round joins (quads between points, discs at them)."""
    half = width / 2
    for (xa, ya), (xb, yb) in zip(points, points[1:], strict=False):
        length = math.hypot(xb - xa, yb - ya)
        if length == 0:
            continue
        nx, ny = -(yb - ya) / length * half, (xb - xa) / length * half
        quad = [(xa + nx, ya + ny), (xb + nx, yb + ny), (xb - nx, yb - ny), (xa - nx, ya - ny)]
        cv2.fillPoly(image, [_fixed(quad)], colour, cv2.LINE_AA, SHIFT)
    if round_caps:
        for x, y in points:
            fill_circle(image, x, y, half, colour)


def text(
    image: np.ndarray, label: str, cx: float, cy: float, height: float, colour: BGR, *, bold: bool = False
) -> tuple[int, int, int, int]:
    """Draw `label` centred on (cx, cy), about `height` px tall; returns its box (x0, y0, x1, y1)."""
    font = cv2.FONT_HERSHEY_DUPLEX if bold else cv2.FONT_HERSHEY_SIMPLEX
    scale = height / 22.0
    thickness = max(1, round(height / (9 if bold else 14)))
    (w, h), _ = cv2.getTextSize(label, font, scale, thickness)
    x, y = int(round(cx - w / 2)), int(round(cy + h / 2))
    cv2.putText(image, label, (x, y), font, scale, colour, thickness, cv2.LINE_AA)
    return (x, y - h, x + w, y)


# -- the cat ------------------------------------------------------------------------------

CAT_COLOURS: dict[str, BGR] = {
    "beige": rgb(217, 173, 152),  # the real game's level-643 cat
    "pink": rgb(245, 160, 185),
    "red": rgb(226, 88, 82),
    "orange": rgb(246, 168, 74),
    "brown": rgb(150, 104, 78),
    "grey": rgb(150, 150, 158),
    "blue": rgb(110, 160, 230),
}

WHITE: BGR = (255, 255, 255)
INK: BGR = rgb(52, 22, 40)


def cat_colour(cat: str | BGR) -> BGR:
    if isinstance(cat, str):
        try:
            return CAT_COLOURS[cat]
        except KeyError:
            raise ValueError(f"unknown cat colour {cat!r}; known: {', '.join(CAT_COLOURS)}") from None
    return cat


def draw_cat(
    image: np.ndarray, cx: float, cy: float, size: float, colour: BGR, *, happy: bool = False
) -> None:
    """The project's cat: a rounded-square body of side `size` centred on (cx, cy).

    Fur on top, white face below with round dark eyes, curled ears, a small mouth, stubby legs
    just below the body and a tail that sticks up out of the cell (about a third of a cell).
    """
    half = size / 2
    x0, y0, x1, y1 = cx - half, cy - half, cx + half, cy + half
    outline = darker(colour, 0.18)
    accent = rgb(222, 110, 96) if colour != CAT_COLOURS["red"] else rgb(250, 210, 120)
    paw = rgb(250, 222, 190)

    # tail first so the body covers its root; it curls up above the top edge
    tail = [
        (cx + 0.02 * size, y0 + 0.10 * size),
        (cx + 0.04 * size, y0 - 0.10 * size),
        (cx - 0.02 * size, y0 - 0.22 * size),
        (cx + 0.06 * size, y0 - 0.33 * size),
    ]
    thick_line(image, tail, 0.12 * size, colour)

    # legs below the body
    for lx in (cx - 0.18 * size, cx + 0.18 * size):
        fill_rounded_rect(
            image, lx - 0.08 * size, y1 - 0.12 * size, lx + 0.08 * size, y1 + 0.1 * size, 0.07 * size, paw
        )

    radius = 0.19 * size
    fill_rounded_rect(image, x0, y0, x1, y1, radius, outline)
    inset = max(1.0, 0.025 * size)
    fill_rounded_rect(image, x0 + inset, y0 + inset, x1 - inset, y1 - inset, radius - inset, colour)
    # white face: the lower ~45% of the body
    face_top = cy + 0.02 * size
    fill_rounded_rect(image, x0 + inset, face_top, x1 - inset, y1 - inset, radius - inset, WHITE)
    image_h = max(1, int(0.06 * size))
    cv2.rectangle(
        image, (int(x0 + inset), int(face_top)), (int(x1 - inset), int(face_top) + image_h - 1), WHITE, -1
    )

    # curled ears at the border between fur and face
    for ex in (cx - 0.34 * size, cx + 0.34 * size):
        fill_circle(image, ex, face_top - 0.01 * size, 0.11 * size, accent)
        fill_circle(image, ex, face_top + 0.01 * size, 0.05 * size, lighter(accent, 0.5))
    # forehead spot
    fill_circle(image, cx, face_top + 0.02 * size, 0.08 * size, paw)

    eye_y = cy + 0.22 * size
    for ex in (cx - 0.28 * size, cx + 0.28 * size):
        if happy:
            cv2.ellipse(
                image,
                (int(ex), int(eye_y)),
                (int(0.07 * size), int(0.05 * size)),
                0,
                180,
                360,
                INK,
                max(1, int(0.03 * size)),
                cv2.LINE_AA,
            )
        else:
            fill_ellipse(image, ex, eye_y, 0.065 * size, 0.085 * size, INK)
            fill_circle(image, ex + 0.02 * size, eye_y - 0.03 * size, 0.02 * size, WHITE)
        # whiskers
        side = -1 if ex < cx else 1
        for k in (0, 1):
            wy = eye_y + 0.04 * size + k * 0.04 * size
            wx = cx + side * 0.44 * size
            cv2.line(
                image,
                (int(wx - 0.04 * size), int(wy)),
                (int(wx + 0.02 * size), int(wy)),
                accent,
                max(1, int(0.015 * size)),
                cv2.LINE_AA,
            )
    # the small "w" mouth
    mouth = [
        (cx - 0.09 * size, eye_y + 0.02 * size),
        (cx - 0.045 * size, eye_y + 0.07 * size),
        (cx, eye_y + 0.03 * size),
        (cx + 0.045 * size, eye_y + 0.07 * size),
        (cx + 0.09 * size, eye_y + 0.02 * size),
    ]
    cv2.polylines(image, [_fixed(mouth)], False, accent, max(1, int(0.025 * size)), cv2.LINE_AA, SHIFT)
