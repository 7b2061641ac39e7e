"""A face (two eyes in a body) tells a character from a disc: bot/vision/faces.py."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from onestroke.bot.vision.faces import SIDE, has_face

GROUND, BODY, EYE, PUPIL = (200, 200, 200), (40, 180, 230), (255, 255, 255), (30, 30, 30)


def _middle(draw) -> np.ndarray:
    """A 41 x 41 middle of a position, drawn large and shrunk as `faces_at` shrinks a crop."""
    big = np.full((SIDE * 4, SIDE * 4, 3), GROUND, np.uint8)
    draw(big, SIDE * 2)
    return cv2.resize(big, (SIDE, SIDE), interpolation=cv2.INTER_AREA).astype(np.int16)


def _disc(image: np.ndarray, c: int) -> None:
    cv2.circle(image, (c, c), int(c * 0.8), BODY, -1, cv2.LINE_AA)


def _eyes(image: np.ndarray, c: int, dy: float = 0.0, right: float = 0.35) -> None:
    r = c * 0.8
    for dx in (-0.35, right):
        x, y = int(c + dx * r), int(c - 0.1 * r + dy * r)
        cv2.circle(image, (x, y), int(0.22 * r), EYE, -1, cv2.LINE_AA)
        cv2.circle(image, (x, y + 2), int(0.11 * r), PUPIL, -1, cv2.LINE_AA)


def test_a_body_with_two_eyes_is_a_face() -> None:
    assert has_face(_middle(lambda im, c: (_disc(im, c), _eyes(im, c))))


@pytest.mark.parametrize(
    "what",
    [
        "disc",
        "disc with a dot",
        "disc with a number",
        "eyes not level",
    ],
)
def test_a_disc_a_dot_or_a_number_is_no_face(what: str) -> None:
    def draw(im: np.ndarray, c: int) -> None:
        _disc(im, c)
        if what == "disc with a dot":  # a dot marker: a lighter ring and a disc in its middle
            cv2.circle(im, (c, c), int(c * 0.4), EYE, -1, cv2.LINE_AA)
        elif what == "disc with a number":
            cv2.putText(im, "12", (c - 20, c + 40), cv2.FONT_HERSHEY_SIMPLEX, 1.4, PUPIL, 4, cv2.LINE_AA)
        elif what == "eyes not level":
            r = c * 0.8
            for dx, dy in ((-0.35, -0.4), (0.35, 0.3)):
                cv2.circle(im, (int(c + dx * r), int(c + dy * r)), int(0.22 * r), EYE, -1, cv2.LINE_AA)

    assert not has_face(_middle(draw))
