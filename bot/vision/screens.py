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

Other apps' complete screens are known by what they say (`complete_by_words`, on the lines the
text stage read, `text.py`; the words are `wordlists.json`'s): a level-complete title ("Level
Clear", "恭喜过关", "クリア"), or a solved board with a go-on control beside it, proves the screen;
`next` is then the centre of the one line that is a go-on label ("NEXT LEVEL", "下一关", "次の
パズルへ"; "确定"/"OK" only under a title), never a line that holds a never-press word ("RETURN",
"炫耀", "重玩 (3次机会)").

A panel whose go-on control has no words is known by its sign (`complete_by_arrow`): under a
level-complete title, with no go-on label anywhere, the one button that holds nothing but a
right-pointing arrow (`arrows.py`) goes on; two such buttons, or a button with words on it, are
never pressed by their arrow.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

import cv2
import numpy as np

from onestroke.bot.vision import arrows, framing, text
from onestroke.bot.vision.blobs import components, flat_mask
from onestroke.bot.vision.text import Word
from onestroke.bot.vision.wordlists import Kind, WordLists, letters_of, word_lists
from onestroke.coords import Point, Rect

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
BUTTON_ASPECT = (1.3, 8.0)  # a button's box, wider than tall: "OK" on a capsule up to "NEXT LEVEL ▶"
BUTTON_HEIGHT = (0.025, 0.15)  # of the screen's height, at the working size (also MIN_RADIUS px)
BUTTON_FILL = (0.35, 0.97)  # share of its box the button's own colour covers around its label
BUTTON_SHAPE = 0.9  # share of its box the button covers with its label's holes filled
BESIDE = 0.5  # a solved board's go-on control lies within this share of the board's size around it
WORDS_QUOTED = 12  # lines quoted in a detail that says what the screen says


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
    # (saturated and bright: S >= SATURATED + 1 and V >= BRIGHT + 1, any hue)
    mask = cv2.inRange(hsv, (0, SATURATED + 1, BRIGHT + 1), (255, 255, 255))
    count, labels, stats, centroids = components(mask, 4, dense=1 / 8, runs=True)
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


def screen_words(image: np.ndarray) -> tuple[Word, ...]:
    """The lines of text on the whole screen, and inside each button whose label that read missed.

    The detector reads titles and most labels on a whole screen, but can miss a lone label on a
    flat button in an empty panel; each such button's box is read on its own (a small region,
    enlarged: the label then fills it).
    """
    return text.kept_for(image, "screen words", lambda: _screen_words(image))


def _screen_words(image: np.ndarray) -> tuple[Word, ...]:
    area = framing.drawn_area(image)  # a window on a flat desktop: read at its own size
    if area is None:
        lines, boxes = text.words(image), button_boxes(image)
    else:
        rows, cols = area.slices()
        lines = text.words(image, area)
        boxes = [box.translated(area.left, area.top) for box in button_boxes(image[rows, cols])]
    for box in boxes:
        if not any(box.contains(line.box.centre) for line in lines):
            lines += text.words(image, box)
    return tuple(sorted(lines, key=lambda w: (w.box.top, w.box.left)))


def button_boxes(image: np.ndarray) -> list[Rect]:
    """Boxes of button-like shapes (image pixels): flat-coloured rectangles or capsules, wider than
    tall, of a button's height, with holes where a label would be."""
    step = max(1, int(np.ceil(max(image.shape[:2]) / WORK_SIDE)))
    small = cv2.resize(image, (image.shape[1] // step, image.shape[0] // step), interpolation=cv2.INTER_AREA)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(flat_mask(small), connectivity=4)
    height = small.shape[0]
    boxes = []
    for i in range(1, count):
        left, top, w, h, area = (int(v) for v in stats[i])
        if not (BUTTON_ASPECT[0] <= w / h <= BUTTON_ASPECT[1] and h >= MIN_RADIUS):
            continue
        if not (BUTTON_HEIGHT[0] * height <= h <= BUTTON_HEIGHT[1] * height):
            continue
        if not BUTTON_FILL[0] <= area / (w * h) <= BUTTON_FILL[1]:
            continue  # (a flat box with nothing in it is no button with a label)
        shape = _Shape(i, 0.0, 0.0, left, top, w, h, area)
        if _filled_share(shape, labels) < BUTTON_SHAPE:
            continue
        boxes.append(Rect(left * step, top * step, w * step, h * step))
    return boxes


def complete_by_words(
    lines: Sequence[Word], *, solved_board: Rect | None = None, lists: WordLists | None = None
) -> Complete:
    """The level-complete screen's go-on control, proven by the words on the screen, or None and why.

    `lines` are the text stage's lines for the whole screen; `solved_board` is the box of a board
    read with every cell walked (a proof of its own, with a go-on control beside it), else None.
    """
    lists = word_lists() if lists is None else lists
    seen = said(lines)
    title = next((line for line in lines if lists.title(line.text) is not None), None)
    if title is None and solved_board is None:
        return Complete(None, f"no level-complete title on the screen ({seen})")
    kinds = (Kind.GO_ON, Kind.GO_ON_IN_PANEL) if title is not None else (Kind.GO_ON,)
    go_ons = [line for line in lines if any(lists.label(line.text, kind) is not None for kind in kinds)]
    if title is None and solved_board is not None:
        near = solved_board.grown(BESIDE * solved_board.width, BESIDE * solved_board.height)
        go_ons = [line for line in go_ons if near.contains(line.box.centre)]
    proof = f"the title {title.text!r}" if title is not None else "a solved board"
    if not go_ons:
        return Complete(None, f"{proof}, but no go-on control ({seen})")
    if len(go_ons) > 1:  # a label that is exactly a go-on word beats one that only holds it
        exact = [line for line in go_ons if _exact_label(line.text, lists, kinds)]
        go_ons = exact if len(exact) == 1 else go_ons
    if len(go_ons) > 1:
        return Complete(None, f"{proof}, and {len(go_ons)} go-on controls: {said(go_ons)}; none is pressed")
    go_on = go_ons[0]
    centre = go_on.box.centre
    return Complete(
        centre, f"{proof} and the go-on control {go_on.text!r} at ({centre.x:.0f}, {centre.y:.0f})"
    )


def complete_by_arrow(
    image: np.ndarray, lines: Sequence[Word], *, lists: WordLists | None = None
) -> Complete:
    """The go-on control of a level-complete panel that says so in its title but labels no
    control: the one button with nothing but a right-pointing arrow on it, or None and why.

    Only under a title (the words prove the screen; an arrow alone proves nothing), only when no
    line is a go-on label (then the words decide, `complete_by_words`), never on a button with
    any words on it (they say what it is: "Share ->"), never with two arrow buttons.
    """
    lists = word_lists() if lists is None else lists
    title = next((line for line in lines if lists.title(line.text) is not None), None)
    if title is None:
        return Complete(None, f"no level-complete title on the screen ({said(lines)})")
    kinds = (Kind.GO_ON, Kind.GO_ON_IN_PANEL)
    if any(lists.label(line.text, kind) is not None for line in lines for kind in kinds):
        return Complete(None, f"the title {title.text!r} and go-on words: the words decide")
    worded = [line.box for line in lines]
    buttons = [box for box in arrows.arrow_buttons(image) if not any(box.intersection(w) for w in worded)]
    if not buttons:
        return Complete(None, f"the title {title.text!r}, but no go-on control ({said(lines)})")
    if len(buttons) > 1:
        where = ", ".join(f"({b.centre.x:.0f}, {b.centre.y:.0f})" for b in buttons)
        return Complete(
            None, f"the title {title.text!r}, and {len(buttons)} arrow buttons at {where}; none is pressed"
        )
    centre = buttons[0].centre
    return Complete(
        centre,
        f"the title {title.text!r} and the one button with a right-pointing arrow and no words"
        f" at ({centre.x:.0f}, {centre.y:.0f})",
    )


def said(lines: Sequence[Word]) -> str:
    """The lines as a detail quotes them: `words seen: 'Level Clear', 'RETURN', ...`."""
    if not lines:
        return "no words seen"
    quoted = ", ".join(repr(line.text) for line in lines[:WORDS_QUOTED])
    more = f" and {len(lines) - WORDS_QUOTED} more" if len(lines) > WORDS_QUOTED else ""
    return f"words seen: {quoted}{more}"


def _exact_label(text: str, lists: WordLists, kinds: Sequence[Kind]) -> bool:
    return any(letters_of(text) == term.letters for kind in kinds for term in lists.of(kind))


def start_control(lines: Sequence[Word], *, lists: WordLists | None = None) -> Complete:
    """A start-up screen's start control ("开始游戏", "Start"), proven by its label, or None and why.

    Exactly one line must be a start label (a vetoed line never is); the loop presses it only
    when the user said so (`play --start`).
    """
    lists = word_lists() if lists is None else lists
    starts = [line for line in lines if lists.label(line.text, Kind.START) is not None]
    if not starts:
        return Complete(None, f"no start control ({said(lines)})")
    if len(starts) > 1:
        return Complete(None, f"{len(starts)} start controls: {said(starts)}; none is pressed")
    centre = starts[0].box.centre
    return Complete(centre, f"the start control {starts[0].text!r} at ({centre.x:.0f}, {centre.y:.0f})")


def never_at(image: np.ndarray, point: Point, *, lists: WordLists | None = None) -> Word | None:
    """The line of text a press at `point` (image pixels) would answer to that holds a never-press
    word ("HINT", "分享", "重玩 (3次机会)"), or None: the words inside the button-like shape around
    the point (`point_box`) are read and judged (a user's `--next` is checked so)."""
    lists = word_lists() if lists is None else lists
    lines = text.words(image, point_box(image, point))
    return next((line for line in lines if lists.vetoing(line.text) is not None), None)


def point_box(image: np.ndarray, point: Point) -> Rect:
    """The box whose words a press at `point` (image pixels) answers to: the button-like shape
    around it (`button_boxes`), else a box of a button's size centred on it."""
    for box in button_boxes(image):
        if box.contains(point):
            return box
    height, width = image.shape[:2]
    half_w, half_h = 0.15 * width, BUTTON_HEIGHT[1] * height / 2
    return Rect(point.x - half_w, point.y - half_h, 2 * half_w, 2 * half_h)
