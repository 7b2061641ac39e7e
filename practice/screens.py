"""The screens between two levels, drawn like the real game's: level complete, then ranking.

Measured on the real level-complete frame (../shared/real-screens/level-641-video-complete.png,
271x480, scaled here to 1080-wide units; `u = width / 1080`):

- the level screen stays underneath, faint under a white veil (about 88 % white): the board
  with the finished path, the top bar, the bottom row of replay / SOS / gift / hint buttons;
- on top, at full strength: a title, three small cats over three pink round cards, a red
  banner with the time, and the **round go-on button** in the middle (a yellow disc of radius
  188 with a white check mark, centre 540, 1084; a variant is a green disc with a white arrow);
- either side of it, at the same height and touching the screen's edges, the wide capsules
  **ranking** (pink, left) and **share** (orange-yellow, right) — nearly the button's colour;
- "more games" (an icon and a label) below.

Every control's box comes back in `layout` (image pixels), so the practice game can tell a
press on go-on from a stray press, and tests can check that detection picks the right one.
The ranking screen that follows shows three round avatars with level numbers and nothing to
press but "back". The real screen is 9:16; on taller screens the middle group stays centred
and the bars stay at the top and bottom, as the level screen does.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

import numpy as np

from onestroke.coords import Rect
from onestroke.practice.render import (
    Theme,
    clipped_rect,
    draw_bottom_buttons,
    draw_top_bar,
    render_screen,
    theme_named,
)
from onestroke.practice.sprites import (
    BGR,
    WHITE,
    cat_colour,
    darker,
    draw_cat,
    fill_circle,
    fill_rounded_rect,
    lighter,
    rgb,
    text,
    thick_line,
)
from onestroke.solver.board import Board, Cell

GoOnSymbol = Literal["check", "arrow"]  # what the round go-on button shows: a check mark or an arrow

VEIL = 0.88  # share of white over the level screen, measured on the real frame (cyan 80 -> 236)
GO_ON_CHECK: BGR = rgb(252, 211, 0)  # the real button's yellow
GO_ON_ARROW: BGR = rgb(76, 196, 92)
RANKING_PINK: BGR = rgb(236, 150, 246)
SHARE_ORANGE: BGR = rgb(252, 196, 52)  # close to the go-on yellow: the trap a colour rule falls into
CARD_PINK: BGR = rgb(238, 167, 251)
BANNER_RED: BGR = rgb(238, 84, 74)

COMPLETE_CONTROLS = ("go_on", "ranking", "share", "replay", "sos", "gift", "hint", "more_games", "back")
"""The names in a level-complete screen's `layout`; only "go_on" goes on to the next level."""


class Drawn(NamedTuple):
    """A drawn screen and the box of every control on it (image pixels), by name."""

    image: np.ndarray
    layout: dict[str, Rect]


def render_complete_screen(
    width: int = 1080,
    height: int = 1920,
    *,
    level: int = 1,
    theme: str | Theme = "classic",
    go_on: GoOnSymbol = "check",
    board: Board | None = None,
    route: tuple[Cell, ...] | list[Cell] = (),
    cat: str | BGR = "beige",
) -> Drawn:
    """The level-complete screen for `level`: the finished board faint under the veil, the
    round go-on button in the middle, the ranking and share capsules either side.

    `board` (with its finished `route`, or every cell walked when no route is given) is what
    shows through the veil; without one only the bars do.
    """
    if go_on not in ("check", "arrow"):
        raise ValueError(f"go_on must be 'check' or 'arrow', not {go_on!r}")
    th = theme_named(theme)
    u = width / 1080.0
    dy = (height - 1920 * u) / 2  # the middle group stays centred on taller screens
    if board is not None:
        walked = {} if route else {"visited": board.cells}
        base = render_screen(
            board, width=width, height=height, level=level, theme=th, cat=cat, route=route, **walked
        ).image
    else:
        base = np.empty((height, width, 3), np.uint8)
        base[:] = th.background
        draw_top_bar(base, u, level, th)
        draw_bottom_buttons(base, u, th)
    # the bars' boxes are the same with or without a board: measure them on a scratch copy
    scratch = np.empty_like(base)
    layout: dict[str, Rect] = {"back": draw_top_bar(scratch, u, level, th)}
    layout.update(draw_bottom_buttons(scratch, u, th))
    image = _veiled(base)

    def y(v: float) -> float:
        return v * u + dy

    _draw_title(image, u, level, dy, th)
    _draw_cards(image, u, dy)
    fill_rounded_rect(image, 130 * u, y(722), 950 * u, y(850), 12 * u, BANNER_RED)
    text(image, "Time 186.8 s, faster than 97 % of cats", 540 * u, y(762), 26 * u, WHITE)
    text(image, "Smarter than 97271440 players", 540 * u, y(812), 26 * u, WHITE)

    cx, cy, radius = 540 * u, y(1084), 188 * u
    fill_circle(image, cx, cy + 6 * u, radius, darker(GO_ON_CHECK if go_on == "check" else GO_ON_ARROW, 0.12))
    if go_on == "check":
        fill_circle(image, cx, cy, radius, GO_ON_CHECK)
        check = [(cx - 82 * u, cy + 2 * u), (cx - 22 * u, cy + 60 * u), (cx + 86 * u, cy - 58 * u)]
        thick_line(image, check, 44 * u, WHITE)
    else:
        fill_circle(image, cx, cy, radius, GO_ON_ARROW)
        thick_line(image, [(cx - 90 * u, cy), (cx + 70 * u, cy)], 42 * u, WHITE)
        thick_line(
            image, [(cx + 10 * u, cy - 72 * u), (cx + 84 * u, cy), (cx + 10 * u, cy + 72 * u)], 42 * u, WHITE
        )
    layout["go_on"] = clipped_rect(cx - radius, cy - radius, cx + radius, cy + radius, image)

    top, bottom = y(1044), y(1172)
    fill_rounded_rect(image, -90 * u, top, 252 * u, bottom, 64 * u, RANKING_PINK)
    text(image, "Rank", 118 * u, (top + bottom) / 2, 40 * u, WHITE, bold=True)
    layout["ranking"] = clipped_rect(0, top, 252 * u, bottom, image)
    fill_rounded_rect(image, 828 * u, top, width + 90 * u, bottom, 64 * u, SHARE_ORANGE)
    text(image, "Share", 962 * u, (top + bottom) / 2, 40 * u, rgb(226, 60, 40), bold=True)
    layout["share"] = clipped_rect(828 * u, top, width, bottom, image)

    # "more games": a small four-colour icon over its label
    ix, iy, side = 540 * u, y(1468), 84 * u
    for k, colour in enumerate((rgb(66, 133, 244), rgb(219, 68, 55), rgb(244, 180, 0), rgb(15, 157, 88))):
        qx, qy = ix - side / 2 + (k % 2) * side / 2, iy - side / 2 + (k // 2) * side / 2
        fill_rounded_rect(
            image, qx + 2 * u, qy + 2 * u, qx + side / 2 - 2 * u, qy + side / 2 - 2 * u, 8 * u, colour
        )
    text(image, "More games", 540 * u, y(1552), 30 * u, rgb(20, 20, 20), bold=True)
    layout["more_games"] = clipped_rect(ix - 130 * u, iy - side / 2, ix + 130 * u, y(1580), image)
    return Drawn(image, {name: layout[name] for name in COMPLETE_CONTROLS})


def render_ranking_screen(
    width: int = 1080,
    height: int = 1920,
    *,
    level: int = 1,
    theme: str | Theme = "classic",
    cat: str | BGR = "beige",
) -> Drawn:
    """The short screen between the complete screen and the next level: three round avatars
    with level numbers (the player in the middle, larger). Nothing on it goes on; "back" is
    the only control.
    """
    th = theme_named(theme)
    u = width / 1080.0
    dy = (height - 1920 * u) / 2
    image = np.empty((height, width, 3), np.uint8)
    image[:] = th.background
    back = draw_top_bar(image, u, level, th, title="Ranking")
    text(image, f"Level {level} passed!", 540 * u, 640 * u + dy, 44 * u, th.ink, bold=True)
    avatars = (
        (215, 135, rgb(120, 200, 240), "brown", level - 1),
        (540, 170, rgb(250, 200, 60), cat, level),
        (865, 135, rgb(240, 150, 190), "grey", level + 1),
    )
    for x, radius, ring, fur, number in avatars:
        cx, cy = x * u, 960 * u + dy
        fill_circle(image, cx, cy, radius * u, ring)
        fill_circle(image, cx, cy, (radius - 14) * u, lighter(ring, 0.7))
        draw_cat(image, cx, cy + 8 * u, 1.05 * radius * u, cat_colour(fur), happy=number == level)
        plate_top = cy + (radius + 30) * u
        fill_rounded_rect(image, cx - 110 * u, plate_top, cx + 110 * u, plate_top + 70 * u, 35 * u, th.panel)
        text(image, f"Level {max(1, number)}", cx, plate_top + 35 * u, 28 * u, th.ink)
    return Drawn(image, {"back": back})


def _veiled(image: np.ndarray) -> np.ndarray:
    return (image.astype(np.float32) * (1 - VEIL) + 255 * VEIL).round().astype(np.uint8)


def _draw_title(image: np.ndarray, u: float, level: int, dy: float, th: Theme) -> None:
    text(image, "Level cleared!", 540 * u, 128 * u, 46 * u, rgb(40, 40, 40), bold=True)
    for side in (-1, 1):  # paw prints either side of the title
        px = 540 * u + side * 270 * u
        fill_circle(image, px, 136 * u, 14 * u, rgb(236, 80, 80))
        for k in (-1, 0, 1):
            fill_circle(image, px + k * 13 * u, 116 * u - abs(k) * 2 * u, 6 * u, rgb(236, 80, 80))
    text(image, f"Level {level}", 540 * u, 215 * u + dy / 2, 30 * u, rgb(200, 110, 220), bold=True)


def _draw_cards(image: np.ndarray, u: float, dy: float) -> None:
    """Three small cats over three pink round cards, with their captions."""
    cards = ((200, 100, rgb(60, 70, 80)), (538, 125, rgb(70, 110, 230)), (865, 100, rgb(226, 70, 60)))
    for x, radius, fur in cards:
        cx, cy = x * u, 500 * u + dy
        draw_cat(image, cx, cy - (radius + 70) * u, 80 * u, fur)
        fill_circle(image, cx, cy, radius * u, CARD_PINK)
        side = 0.9 * radius * u
        fill_rounded_rect(
            image, cx - side / 2, cy - side / 2.4, cx + side / 2, cy + side / 2.4, 10 * u, WHITE
        )
        text(image, "?", cx, cy, 0.5 * radius * u, darker(CARD_PINK, 0.5), bold=True)
    caption = darker(CARD_PINK, 0.25)
    text(image, "Waiting", 200 * u, 640 * u + dy, 28 * u, caption)
    fill_rounded_rect(image, 440 * u, 615 * u + dy, 640 * u, 665 * u + dy, 25 * u, CARD_PINK)
    text(image, "No rank yet", 865 * u, 640 * u + dy, 28 * u, caption)
