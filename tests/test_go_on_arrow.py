"""A level-complete panel whose go-on control has no words: a button with a right-pointing arrow.

The random looks' round go-on (practice/looks.py, `go_on="disc"`) is a disc with a white arrow
beside a MENU capsule under "Level Clear": the title proves the screen, MENU is a never-press
word, and the arrow is the only go-on there is. These screens were all read as `other` (no
go-on words). Here: they are read complete with `next` on the disc, in every scale and palette;
an arrow drawn another way, or on a capsule, is read too; and nothing that is not a straight
arrow pointing right (back, play, check, share, replay, fast-forward), an arrow with words on its
button, two arrows, or an arrow under no title, is ever pressed.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace

import cv2
import numpy as np
import pytest

from onestroke.bot.vision import detect
from onestroke.bot.vision.arrows import arrow_buttons, points_right
from onestroke.bot.vision.screens import complete_by_arrow
from onestroke.bot.vision.text import Word
from onestroke.coords import Point, Rect
from onestroke.practice import looks
from onestroke.practice.looks import RandomLook, captured, look_from_seed, render_look, sample, sample_level
from onestroke.practice.sprites import BGR, WHITE, fill_circle, fill_rounded_rect, text, thick_line

DISC_SEEDS = (9, 47, 247)
"""Looks with the round arrow go-on: dark at 0.75 scale, light at 0.5 as JPEG q90, a desktop page."""
SEED = 9

Glyph = Callable[[np.ndarray, float, float, float], None]
"""Draws a mark on a button: (image, centre x, centre y, the button's radius)."""


def _poly(image: np.ndarray, points: list[tuple[float, float]], colour: BGR = WHITE) -> None:
    cv2.fillPoly(image, [np.round(np.array(points)).astype(np.int32)], colour, cv2.LINE_AA)


def _right_arrow(image: np.ndarray, x: float, y: float, r: float) -> None:
    """A thin shaft and a filled triangular head: another way to draw the arrow."""
    thick_line(image, [(x - 0.5 * r, y), (x + 0.1 * r, y)], 0.12 * r, WHITE, round_caps=False)
    _poly(image, [(x + 0.05 * r, y - 0.35 * r), (x + 0.55 * r, y), (x + 0.05 * r, y + 0.35 * r)])


def _left_arrow(image: np.ndarray, x: float, y: float, r: float) -> None:
    """The looks' own arrow mirrored: back."""
    u = r / 110
    thick_line(image, [(x + 50 * u, y), (x - 40 * u, y)], 26 * u, WHITE)
    thick_line(image, [(x - 5 * u, y - 40 * u), (x - 45 * u, y), (x - 5 * u, y + 40 * u)], 26 * u, WHITE)


def _play(image: np.ndarray, x: float, y: float, r: float) -> None:
    """A play triangle: a video to watch (an ad), not the next level."""
    _poly(image, [(x - 0.3 * r, y - 0.4 * r), (x + 0.45 * r, y), (x - 0.3 * r, y + 0.4 * r)])


def _check(image: np.ndarray, x: float, y: float, r: float) -> None:
    thick_line(
        image, [(x - 0.4 * r, y), (x - 0.1 * r, y + 0.3 * r), (x + 0.45 * r, y - 0.35 * r)], 0.2 * r, WHITE
    )


def _share(image: np.ndarray, x: float, y: float, r: float) -> None:
    """The share sign: a dot on the left joined to two on the right."""
    left, top, bottom = (x - 0.35 * r, y), (x + 0.35 * r, y - 0.38 * r), (x + 0.35 * r, y + 0.38 * r)
    thick_line(image, [top, left, bottom], 0.08 * r, WHITE)
    for cx, cy in (left, top, bottom):
        fill_circle(image, cx, cy, 0.15 * r, WHITE)


def _replay(image: np.ndarray, x: float, y: float, r: float) -> None:
    cv2.ellipse(
        image, (round(x), round(y)), (round(0.4 * r), round(0.4 * r)), 0, 60, 360, WHITE, round(0.14 * r)
    )
    _poly(image, [(x + 0.2 * r, y - 0.55 * r), (x + 0.45 * r, y - 0.2 * r), (x + 0.05 * r, y - 0.2 * r)])


def _fast_forward(image: np.ndarray, x: float, y: float, r: float) -> None:
    """Two triangles: skip (often an ad, or a level bought)."""
    for dx in (-0.45 * r, 0.0):
        _poly(image, [(x + dx, y - 0.35 * r), (x + dx + 0.45 * r, y), (x + dx, y + 0.35 * r)])


def _panel(
    seed: int,
    glyph: Glyph | None = None,
    *,
    capsule: bool = False,
    words: str | None = None,
    second: bool = False,
    look: RandomLook | None = None,
) -> tuple[np.ndarray, Point]:
    """Seed `seed`'s complete screen in its disc look, its go-on redrawn as asked, as captured;
    and where the go-on button's centre lands in the capture."""
    look = look or look_from_seed(seed)
    assert look.go_on == "disc", f"look {seed} has no round go-on"
    board, path = sample_level(seed, look)
    shown = render_look(board, look, route=path, complete=True)
    image, go = shown.image, shown.controls["go_on"]
    x, y, r = go.left + go.width / 2, go.top + go.height / 2, go.width / 2
    colour = look.palette.start
    if capsule:  # the disc wiped off with the panel's colour (its empty right side), a capsule instead
        panel = tuple(int(v) for v in image[round(y), round(x + 1.5 * r)])
        fill_circle(image, x, y, r + 2, panel)
        fill_rounded_rect(image, x - 1.2 * r, y - 0.5 * r, x + 1.2 * r, y + 0.5 * r, 0.5 * r, colour)
    elif glyph is not None or words is not None:
        fill_circle(image, x, y, r, colour)
    if glyph is not None:
        glyph(image, x, y, 0.6 * r if capsule else r)
    if words is not None:
        text(image, words, x, y + 0.55 * r, 0.3 * r, WHITE, bold=True)
    if second:  # the same button again, on the panel's empty right side
        top, left = int(go.top), int(go.left)
        patch = image[top : top + int(go.height), left : left + int(go.width)].copy()
        image[
            top : top + patch.shape[0],
            left + int(1.3 * go.width) : left + int(1.3 * go.width) + patch.shape[1],
        ] = patch
    small = captured(image, look)
    fx, fy = small.shape[1] / image.shape[1], small.shape[0] / image.shape[0]
    return small, Point((x + 0.5) * fx - 0.5, (y + 0.5) * fy - 0.5)


def _near(found: Point | None, truth: Point, image: np.ndarray) -> bool:
    return found is not None and math.dist(found, truth) <= 0.02 * min(image.shape[:2])


# -- read: the title proves the screen, the arrow is its one go-on ---------------------------------


@pytest.mark.parametrize("seed", DISC_SEEDS)
def test_a_panel_whose_go_on_is_an_arrow_disc_is_complete_with_next_on_the_disc(seed: int) -> None:
    shown = sample(seed, kind="complete")
    assert shown.look.go_on == "disc" and shown.truth.next is not None
    found = detect(shown.image)
    assert found.screen == "complete", found.reason
    assert found.board is None
    assert _near(found.next, Point(*shown.truth.next), shown.image), (found.next, shown.truth.next)


@pytest.mark.parametrize("capsule", [False, True], ids=["disc", "capsule"])
def test_an_arrow_drawn_another_way_on_a_disc_or_a_capsule_is_the_go_on(capsule: bool) -> None:
    image, centre = _panel(SEED, _right_arrow, capsule=capsule)
    found = detect(image)
    assert found.screen == "complete", found.reason
    assert _near(found.next, centre, image), (found.next, centre)


# -- never pressed: what is no straight arrow pointing right ------------------------------------------


@pytest.mark.parametrize(
    "glyph", [_left_arrow, _play, _check, _share, _replay, _fast_forward], ids=lambda g: g.__name__.strip("_")
)
def test_a_button_with_any_other_sign_is_no_arrow_button(glyph: Glyph) -> None:
    image, _ = _panel(SEED, glyph)
    assert arrow_buttons(image) == []


def test_a_back_arrow_under_the_title_is_never_pressed() -> None:
    image, _ = _panel(SEED, _left_arrow)
    found = detect(image)
    assert found.next is None and found.screen != "complete", found.reason


def test_an_arrow_button_with_words_on_it_is_judged_by_its_words() -> None:
    """'SHARE' under the arrow: the button says what it is (a never-press word), so its arrow is not read."""
    image, _ = _panel(SEED, _right_arrow, words="SHARE")
    found = detect(image)
    assert found.next is None and found.screen != "complete", found.reason


def test_two_arrow_buttons_are_neither_pressed() -> None:
    image, _ = _panel(SEED, second=True)
    assert len(arrow_buttons(image)) == 2
    found = detect(image)
    assert found.next is None and found.screen != "complete", found.reason


def test_an_arrow_under_no_title_proves_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same panel with "Level Clear" left off: the arrow is found, but nothing says the level is done."""
    drawn = looks.text
    monkeypatch.setattr(
        looks,
        "text",
        lambda image, label, *a, **k: None if label == "Level Clear" else drawn(image, label, *a, **k),
    )
    image, _ = _panel(SEED)
    assert len(arrow_buttons(image)) == 1
    found = detect(image)
    assert found.next is None and found.screen != "complete", found.reason


def test_go_on_words_decide_over_an_arrow() -> None:
    """A panel with a go-on label is read by its words; the arrow path never adds a second answer."""
    title = Word("Level Clear", Rect(100, 100, 300, 60), 0.99)
    labels = [title, Word("NEXT", Rect(100, 300, 120, 40), 0.99), Word("NEXT", Rect(300, 300, 120, 40), 0.99)]
    image, _ = _panel(SEED)
    assert complete_by_arrow(image, labels).go_on is None  # two go-on labels: none pressed, by the words


def test_points_right_takes_a_straight_arrow_and_nothing_mirrored() -> None:
    canvas = np.zeros((120, 140, 3), np.uint8)
    _right_arrow(canvas, 70, 60, 100)
    mark = canvas[:, :, 0] > 127
    ys, xs = np.nonzero(mark)
    mark = mark[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]
    assert points_right(mark)
    assert not points_right(mark[:, ::-1])  # pointing left
    assert not points_right(mark.T)  # pointing down
    assert not points_right(np.ones_like(mark))  # a filled box


def test_a_dark_look_with_a_pale_arrow_disc_is_read_too() -> None:
    """The disc in the look's start colour, made pale: the mark's contrast is lower, still an arrow."""
    base = look_from_seed(SEED)
    look = replace(base, palette=replace(base.palette, start=(170, 200, 230)))
    image, centre = _panel(SEED, look=look)
    assert _near(arrow_buttons(image)[0].centre, centre, image)
