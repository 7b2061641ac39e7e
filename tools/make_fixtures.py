"""Regenerate fixtures/: rendered screens and what detection must read on them, deterministically.

    .venv/bin/python tools/make_fixtures.py [--out fixtures]
    .venv/bin/python tools/make_fixtures.py --panels [--out tests/data/panels]

Every image `fixtures/NAME.png` (or `.jpg`) has a `fixtures/NAME.txt` beside it, in the format
of ../shared/spec/formats.md (comment lines carry the optional fields):

- a level: comments saying what the image shows, `; screen: level`, `; origin: X Y` (pixel
  centre of cell [0, 0]), `; pitch: X Y`, and `; walked: r,c r,c ...` when part of a path is
  drawn (in order from the start to the cat), then the board as the level began;
- anything else: the first line `; no board` (NO_BOARD_MARKER), comments saying why, and
  `; screen: complete` with `; next: X Y` (the go-on control's centre) on a level-complete
  screen, `; screen: other` otherwise.

All randomness comes from fixed seeds, so running this twice gives the same files.

`--panels` writes instead the level-complete panels of other apps (practice/panels.py: words
on text buttons, a decoy beside the go-on button) with their true labels, to tests/data/panels/:
detection tells their go-on button from the decoys only by its words (the OCR stage);
tests/test_panel_fixtures.py checks them as fixtures check does.
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a plain script from a checkout
    sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # tools/lookalikes.py

from onestroke.coords import Geometry, Point, Rect  # noqa: E402
from onestroke.practice import panels  # noqa: E402
from onestroke.practice.levels import make_level, spans_full_grid  # noqa: E402
from onestroke.practice.render import render_screen  # noqa: E402
from onestroke.practice.screens import render_complete_screen, render_ranking_screen  # noqa: E402
from onestroke.practice.sprites import fill_rounded_rect, rgb, text  # noqa: E402
from onestroke.solver.board import Board, Cell  # noqa: E402
from onestroke.solver.generate import random_hamiltonian_level  # noqa: E402
from onestroke.solver.search import solve  # noqa: E402

NO_BOARD_MARKER = "; no board"
WORDS = ("def", "detect", "image", "board", "lattice", "pitch", "return", "cells", "none", "for", "in", "if")

# hand-made boards for the hard cases (each checked solvable when the fixtures are made)
BORDER_HOLES = """\
# . . S # . #
# . . . . . .
. . . . . . .
. . . # . . .
. . . . . . .
# . . . . . #
"""
CAT_IN_CORNER = """\
S . . . . #
# . . . . .
. . # . . .
. . . . . .
# . . . . .
"""
CAT_ALONE_ON_TOP = """\
# # # S # #
. . . . . .
. # . # . .
. . . . . .
. . . . . .
. . . . . #
"""
TALL = """\
. . . . . . #
. # . . . . .
. # . . . . .
. . . . S . .
. . . . . . .
. . . . # . .
. . . . . . .
. . . . . . .
# . . . . . .
"""


@dataclass
class Fixture:
    name: str
    image: np.ndarray
    board: Board | None
    geometry: Geometry | None
    notes: list[str]
    jpeg_quality: int | None = None  # None: PNG
    walked: tuple[Cell, ...] = ()  # the path drawn so far, from the start to the cat
    next_point: Point | None = None  # on a level-complete screen: the go-on control's centre

    @property
    def screen(self) -> str:
        if self.board is not None:
            return "level"
        return "complete" if self.next_point is not None else "other"


def random_board(seed: int, rows: int, cols: int, holes: int) -> tuple[Board, tuple[Cell, ...]]:
    """A solvable board whose grid really is rows x cols (no border line made only of holes)."""
    rng = random.Random(f"fixture:{seed}")
    while True:
        board, path = random_hamiltonian_level(rng, rows, cols, holes=holes)
        if spans_full_grid(board):
            return board, path


def hand_board(text_: str) -> Board:
    board = Board.from_text(text_)
    result = solve(board, timeout=10)
    assert result.status == "solved", f"fixture board is not solvable:\n{text_}{result.reason}"
    return board


# -- desktop scenery ------------------------------------------------------------------------


def wallpaper(width: int, height: int) -> np.ndarray:
    """A smooth two-colour gradient, like a desktop background."""
    t = np.linspace(0.0, 1.0, width)[None, :, None] * 0.6 + np.linspace(0.0, 1.0, height)[:, None, None] * 0.4
    top, bottom = np.array(rgb(40, 70, 120), float), np.array(rgb(120, 60, 110), float)
    return (top * (1 - t) + bottom * t).astype(np.uint8)


def window(desktop: np.ndarray, x: int, y: int, client: np.ndarray, title: str) -> tuple[int, int]:
    """Paste `client` as a window with a title bar at (x, y); returns the client's top-left."""
    h, w = client.shape[:2]
    bar = 30
    cv2.rectangle(desktop, (x - 1, y - 1), (x + w, y + bar + h), rgb(30, 30, 30), 1)
    desktop[y : y + bar, x : x + w] = rgb(58, 58, 62)
    text(desktop, title, x + w / 2, y + bar / 2, 14, rgb(230, 230, 230))
    for k, colour in enumerate((rgb(255, 95, 86), rgb(255, 189, 46), rgb(39, 201, 63))):
        cv2.circle(desktop, (x + 16 + 20 * k, y + bar // 2), 6, colour, -1, cv2.LINE_AA)
    desktop[y + bar : y + bar + h, x : x + w] = client
    return x, y + bar


def text_window(width: int, height: int, seed: int) -> np.ndarray:
    """An editor: white page, grey line numbers, lines of dark text."""
    rng = random.Random(seed)
    page = np.full((height, width, 3), 255, np.uint8)
    page[:, :44] = rgb(240, 240, 240)
    for line, y in enumerate(range(24, height - 10, 24)):
        text(page, str(line + 1), 22, y, 11, rgb(150, 150, 150))
        x = 60 + 20 * rng.randint(0, 3)
        for _ in range(rng.randint(2, 7)):
            word = rng.choice(WORDS)
            cv2.putText(
                page, word, (x, y + 5), cv2.FONT_HERSHEY_SIMPLEX, 0.5, rgb(40, 40, 40), 1, cv2.LINE_AA
            )
            x += 12 * len(word) + 10
            if x > width - 60:
                break
    return page


def icon_window(width: int, height: int, side: int, grey: tuple[int, int, int]) -> np.ndarray:
    """A file manager: a grid of grey rounded squares with labels (a lattice without a cat)."""
    page = np.full((height, width, 3), 246, np.uint8)
    pitch = int(side * 1.6)
    for r, y in enumerate(range(20, height - side - 30, pitch + 20)):
        for c, x in enumerate(range(20, width - side - 10, pitch)):
            fill_rounded_rect(page, x, y, x + side, y + side, side * 0.18, grey)
            text(page, f"file{r}{c}.txt", x + side / 2, y + side + 14, 11, rgb(60, 60, 60))
    return page


def taskbar(desktop: np.ndarray) -> None:
    h, w = desktop.shape[:2]
    desktop[h - 48 :, :] = rgb(28, 28, 34)
    colours = [rgb(66, 133, 244), rgb(219, 68, 55), rgb(244, 180, 0), rgb(15, 157, 88), rgb(200, 200, 200)]
    for k, colour in enumerate(colours):
        fill_rounded_rect(desktop, 60 + 52 * k, h - 42, 96 + 52 * k, h - 6, 8, colour)
    text(desktop, "03:14", w - 50, h - 24, 14, rgb(230, 230, 230))


def calculator(width: int) -> np.ndarray:
    """A keypad window: a 4x5 lattice of equal grey keys with digits (looks like a grid, is not)."""
    key, gap = (width - 24 - 3 * 10) // 4, 10
    height = 100 + 5 * (key + gap) + 12
    page = np.full((height, width, 3), 236, np.uint8)
    cv2.rectangle(page, (12, 12), (width - 12, 80), rgb(250, 250, 250), -1)
    text(page, "3.14159", width - 90, 46, 24, rgb(40, 40, 40))
    for r in range(5):
        for c in range(4):
            x, y = 12 + c * (key + gap), 100 + r * (key + gap)
            fill_rounded_rect(page, x, y, x + key, y + key, key * 0.2, rgb(205, 205, 205))
            if (r + c) % 3:  # some keys blank, some labelled
                text(page, "789456123+0=-"[(r * 4 + c) % 13], x + key / 2, y + key / 2, 20, rgb(50, 50, 50))
    return page


# -- the fixtures ---------------------------------------------------------------------------


def jpeg_copy(f: Fixture, quality: int, name: str | None = None) -> Fixture:
    return Fixture(
        name or f"{f.name}-q{quality}",
        f.image,
        f.board,
        f.geometry,
        [f"JPEG quality {quality} copy of {f.name}"],
        quality,
        f.walked,
        f.next_point,
    )


def phone(name: str, board: Board, width: int, height: int, notes: list[str], **style: Any) -> Fixture:
    rendered = render_screen(board, width=width, height=height, **style)
    route = tuple(style.get("route", ()))
    return Fixture(
        name, rendered.image, board, rendered.geometry, notes, walked=route if len(route) > 1 else ()
    )


def fixtures() -> list[Fixture]:
    out: list[Fixture] = []
    b77, _ = random_board(1, 7, 7, 5)
    b66, _ = random_board(2, 6, 6, 3)
    b97, p97 = random_board(3, 9, 7, 6)
    b55, _ = random_board(4, 5, 5, 0)
    b87, p87 = random_board(5, 8, 7, 4)
    b76, _ = random_board(6, 7, 7, 4)
    border, corner, alone, tall = (
        hand_board(t) for t in (BORDER_HOLES, CAT_IN_CORNER, CAT_ALONE_ON_TOP, TALL)
    )

    out.append(phone("phone-1080x1920-classic", b77, 1080, 1920, ["classic theme, beige cat"], level=37))
    out.append(
        phone("phone-720x1280-mint", b66, 720, 1280, ["mint theme, pink cat"], theme="mint", cat="pink")
    )
    out.append(
        phone("phone-1440x2560-sand", b77, 1440, 2560, ["sand theme, red cat"], theme="sand", cat="red")
    )
    out.append(phone("phone-1080x2340-tall", b97, 1080, 2340, ["19.5:9 screen, 9x7 board"], cat="orange"))
    out.append(
        phone(
            "phone-1080x2400-night", tall, 1080, 2400, ["20:9 screen, dark theme"], theme="night", cat="blue"
        )
    )
    out.append(
        phone("phone-1080x1920-big-cells", b55, 1080, 1920, ["5x5 board, big cells, grey cat"], cat="grey")
    )
    out.append(
        phone(
            "phone-1080x1920-border-holes",
            border,
            1080,
            1920,
            ["holes in three corners and on every border"],
            cat="brown",
            level=120,
        )
    )
    out.append(
        phone(
            "phone-720x1280-cat-in-corner",
            corner,
            720,
            1280,
            ["cat in the top-left corner"],
            theme="sand",
            cat="blue",
        )
    )
    out.append(
        phone(
            "phone-1080x1920-cat-alone-on-top",
            alone,
            1080,
            1920,
            ["the cat is the only cell of the top row"],
            theme="mint",
            cat="red",
        )
    )
    out.append(
        phone(
            "phone-540x960-visited",
            b87,
            540,
            960,
            ["a path of 11 cells drawn (real look: the band as wide as a cell), the cat on its head"],
            route=p87[:11],
            cat="pink",
            level=8,
        )
    )
    out.append(
        phone(
            "phone-720x1280-walked-almost-all",
            b97,
            720,
            1280,
            ["all but 4 cells walked (thin band look): only 4 plain cells are left"],
            route=p97[: len(p97) - 4],
            theme="sand",
            cat="red",
        )
    )

    # JPEG copies and a low-resolution screen (cells ~40 px)
    for source, quality in (
        ("phone-1080x1920-classic", 70),
        ("phone-1440x2560-sand", 60),
        ("phone-1080x2340-tall", 80),
        ("phone-540x960-visited", 75),
    ):
        out.append(jpeg_copy(next(f for f in out if f.name == source), quality))
    big = render_screen(b76, width=1080, height=1920, theme="mint", cat="orange")
    low = cv2.resize(big.image, (360, 640), interpolation=cv2.INTER_AREA)
    out.append(
        Fixture(
            "phone-360x640-lowres-q75",
            low,
            b76,
            big.geometry.scaled(1 / 3),
            ["1080x1920 screen shrunk to 360x640 (cells ~40 px), JPEG quality 75"],
            75,
        )
    )

    # crop of the board alone (a margin that still holds the cat's tail)
    whole = render_screen(b66, width=1080, height=1920, cat="red", theme="sand")
    x0, y0, x1, y1 = (int(round(v)) for v in whole.geometry.bounds().corners)
    margin = int(whole.geometry.pitch[0] * 0.5)
    crop = whole.image[y0 - margin : y1 + margin, x0 - margin : x1 + margin].copy()
    out.append(
        Fixture(
            "crop-board-only",
            crop,
            b66,
            whole.geometry.translated(margin - x0, margin - y0),
            ["the grid cut out of a 1080x1920 screen with half a pitch of margin"],
        )
    )

    out.extend(desktops(b77, b87, b66, border))
    out.extend(negatives(b77))
    out.extend(other_apps())
    out.extend(paths_in_play())
    out.extend(complete_screens())
    out.extend(look_alikes())
    return out


def end_board(seed: int, rows: int, cols: int, holes: int) -> tuple[Board, tuple[Cell, ...]]:
    """A solvable board with a required end (the path's last cell), spanning its whole grid."""
    rng = random.Random(f"fixture-end:{seed}")
    while True:
        board, path = random_hamiltonian_level(rng, rows, cols, holes=holes, with_end=True)
        if spans_full_grid(board):
            return board, path


def stretched(
    rendered_image: np.ndarray, geometry: Geometry, fx: float, fy: float
) -> tuple[np.ndarray, Geometry]:
    h, w = rendered_image.shape[:2]
    size = (round(w * fx), round(h * fy))
    image = cv2.resize(
        rendered_image, size, interpolation=cv2.INTER_AREA if fx * fy < 1 else cv2.INTER_LINEAR
    )
    return image, geometry.scaled((size[0] / w, size[1] / h))


def other_apps() -> list[Fixture]:
    """Other one-stroke apps (issue 10): their own tiles, start and goal markers, dots on a field."""
    out: list[Fixture] = []
    p66, _ = random_board(11, 6, 6, 3)
    e76, _ = end_board(12, 7, 6, 4)
    n75, _ = end_board(13, 7, 5, 3)
    t86, _ = random_board(14, 8, 6, 4)
    out.append(
        phone(
            "app-paper-1080x1920",
            p66,
            1080,
            1920,
            ["sharp light tiles, the start a plain teal tile"],
            theme="paper",
        )
    )
    out.append(
        phone(
            "app-paper-720x1280-goal",
            e76,
            720,
            1280,
            ["sharp light tiles, teal start, a flag on the goal"],
            theme="paper",
        )
    )
    out.append(
        phone(
            "app-navy-1080x2340",
            p66,
            1080,
            2340,
            ["dark tiles on navy, the start a pink tile with a disc"],
            theme="navy",
        )
    )
    out.append(
        phone(
            "app-navy-720x1280-goal",
            e76,
            720,
            1280,
            ["dark tiles, disc start, a flag on the goal"],
            theme="navy",
        )
    )
    out.append(
        phone(
            "app-nodes-1080x1920",
            n75,
            1080,
            1920,
            ["dots on one field, hatched holes, S and E framed"],
            theme="nodes",
        )
    )
    out.append(
        phone(
            "app-nodes-540x960", n75, 540, 960, ["node style on a small screen (dots ~20 px)"], theme="nodes"
        )
    )
    out.append(
        phone("app-board-1080x1920", t86, 1080, 1920, ["tiles that touch, lines between them"], theme="board")
    )
    out.append(
        phone(
            "app-glow-720x1280-goal",
            e76,
            720,
            1280,
            ["a glowing framed start, an E on the goal"],
            theme="glow",
        )
    )
    out.append(jpeg_copy(out[0], 70))
    out.append(jpeg_copy(out[4], 75))
    # stretched: a phone screenshot 9.4 % taller than it should be; a window 14 % wider
    b = phone("x", p66, 1080, 1920, [], theme="classic", cat="pink")
    image, geometry = stretched(b.image, b.geometry, 1.0, 1.094)
    out.append(
        Fixture("stretched-1080x2100", image, p66, geometry, ["a 1080x1920 screen stretched to 1080x2100"])
    )
    game = render_screen(e76, width=540, height=960, theme="paper")
    image, geometry = stretched(game.image, game.geometry, 1.14, 1.0)
    desk = wallpaper(1920, 1080)
    window(desk, 120, 500, text_window(700, 500, 6), "notes.txt")
    gx, gy = window(desk, 1000, 60, image, "emulator (stretched)")
    taskbar(desk)
    out.append(
        Fixture(
            "stretched-desktop-window",
            desk,
            e76,
            geometry.translated(gx, gy),
            ["an emulator window stretched 14 % wider on a 1920x1080 desktop, paper style with a goal"],
        )
    )
    small = render_screen(t86, width=720, height=1280, theme="night", cat="red")
    image, geometry = stretched(small.image, small.geometry, 0.5 * 40.5 / 44.3 * 1.0, 0.5)
    out.append(
        Fixture(
            "stretched-cells-40x44",
            image,
            t86,
            geometry,
            ["cells ~40.5 x 44.3 px (8.7 % apart), as in the phone screenshot the issue quotes"],
        )
    )
    return out


def paths_in_play() -> list[Fixture]:
    """Half-drawn paths at several points of play, in every style: the board stays the level as it began."""
    out: list[Fixture] = []
    b76, p76 = random_board(21, 7, 6, 4)
    e75, q75 = end_board(22, 7, 5, 3)
    n = len(p76)
    for name, theme, cat, k, note in (
        ("path-classic-first-step", "classic", "beige", 2, "the first step: the start and one cell"),
        ("path-classic-third", "classic", "blue", n // 3, "a third of the path, band as wide as a cell"),
        ("path-classic-most", "classic", "red", n - 3, "all but three cells walked"),
        ("path-mint-half", "mint", "orange", n // 2, "half the path, thin band in a deeper shade"),
        ("path-night-half", "night", "pink", n // 2, "half the path on the dark theme"),
        ("path-paper-third", "paper", "beige", n // 3, "a third of the path; the start keeps its teal"),
        ("path-paper-most", "paper", "beige", n - 4, "most of the path"),
        ("path-board-half", "board", "grey", n // 2, "half the path on touching tiles"),
    ):
        out.append(phone(name, b76, 720, 1280, [note], theme=theme, cat=cat, route=p76[:k]))
    m = len(q75)
    for name, theme, k, note in (
        ("path-navy-early", "navy", 3, "three cells walked; the disc has moved to the head"),
        ("path-navy-most", "navy", m - 4, "most of the path walked, the goal's flag still to reach"),
        ("path-nodes-early", "nodes", 3, "three cells walked from S"),
        ("path-nodes-half", "nodes", m // 2, "half the path, E still to reach"),
        ("path-glow-half", "glow", m // 2, "half the path; the start keeps its glowing frame"),
    ):
        out.append(phone(name, e75, 720, 1280, [note], theme=theme, route=q75[:k]))
    out.append(jpeg_copy(out[1], 75))
    full = render_screen(b76, width=720, height=1280, theme="mint", cat="orange", route=p76)
    out.append(
        Fixture(
            "path-mint-all-walked",
            full.image,
            b76,
            full.geometry,
            ["every cell walked (thin band): read as the level with every cell walked, never a new level"],
            walked=tuple(p76),
        )
    )
    full = render_screen(b76, width=720, height=1280, theme="classic", cat="blue", route=p76)
    out.append(
        Fixture(
            "neg-path-classic-all-walked",
            full.image,
            None,
            None,
            ["every cell walked, band as wide as a cell: one shape, no lattice; refused, never a new level"],
        )
    )
    return out


def complete_screens() -> list[Fixture]:
    """Level-complete screens like the real one, in several sizes, themes and go-on styles."""
    out: list[Fixture] = []
    board, path = random_board(31, 7, 7, 5)
    for name, width, height, theme, go_on in (
        ("complete-720x1280-arrow-night", 720, 1280, "night", "arrow"),
        ("complete-1080x2340-paper", 1080, 2340, "paper", "check"),
        ("complete-450x800-practice", 450, 800, "classic", "check"),
    ):
        drawn = render_complete_screen(
            width, height, level=12, theme=theme, go_on=go_on, board=board, route=path
        )
        out.append(
            Fixture(
                name,
                drawn.image,
                None,
                None,
                [f"level-complete screen, {theme} theme, go-on as a {go_on}"],
                next_point=drawn.layout["go_on"].centre,
            )
        )
    out.append(jpeg_copy(out[0], 70))
    drawn = render_complete_screen(1080, 1920, level=99, board=board, route=path, cat="pink")
    small, _ = stretched(drawn.image, Geometry((0.0, 0.0), (1.0, 1.0), 1, 1), 271 / 1080, 480 / 1920)
    centre = drawn.layout["go_on"].centre
    out.append(
        Fixture(
            "complete-271x480-like-the-video",
            small,
            None,
            None,
            ["the complete screen at the real recording's 271x480"],
            next_point=Point(centre.x * 271 / 1080, centre.y * 480 / 1920),
        )
    )
    ranking = render_ranking_screen(1080, 1920, level=12)
    out.append(
        Fixture(
            "neg-ranking-1080x1920",
            ranking.image,
            None,
            None,
            ["the short ranking screen between levels: three round avatars, nothing to press"],
        )
    )
    return out


def look_alikes() -> list[Fixture]:
    """Screens with a lattice, round buttons or dots that are no board: no board, no next."""
    from lookalikes import (  # tools/lookalikes.py, beside this script
        calendar,
        card_game,
        dotted_paper,
        file_manager_selected,
        menu,
        music_player,
        numbered_grid,
        palette,
        pattern_lock,
        sliding_puzzle,
        sudoku,
    )

    scenes = (
        ("neg-card-game", card_game, "a card-matching game: 4x4 cards, two gaps, one face up"),
        ("neg-sliding-puzzle", sliding_puzzle, "a sliding photo puzzle with one grey blank tile"),
        ("neg-solver-app", numbered_grid, "a solver app's grid of numbered buttons"),
        ("neg-calendar", calendar, "a calendar: day squares with numbers, today marked"),
        (
            "neg-calendar-dark",
            lambda w, h: calendar(w, h, dark=True),
            "a dark calendar whose today looks like a disc start",
        ),
        ("neg-menu", menu, "the game's start menu: title, cat, capsule buttons"),
        ("neg-pattern-lock", pattern_lock, "a pattern lock: 3x3 dots on a field with a pattern drawn"),
        ("neg-dotted-paper", dotted_paper, "a notes app on dotted paper"),
        ("neg-palette", palette, "a colour picker: a lattice of squares of many colours"),
        (
            "neg-files-selected",
            file_manager_selected,
            "a file manager: grey squares with names, one selected in teal",
        ),
        ("neg-sudoku", sudoku, "a sudoku: touching cells with lines, digits, one cell selected"),
        (
            "neg-music-player",
            music_player,
            "a round play button between two capsules, no veil: not the complete screen",
        ),
    )
    return [Fixture(name, draw(1080, 1920), None, None, [note]) for name, draw, note in scenes]


def desktops(b77: Board, b87: Board, b66: Board, border: Board) -> list[Fixture]:
    out: list[Fixture] = []
    # 1: the practice window at 540x960 among an editor and a file manager with grey squares
    desk = wallpaper(1920, 1080)
    window(desk, 900, 60, text_window(900, 560, 1), "vision.py - editor")
    window(desk, 1000, 560, icon_window(860, 400, 64, rgb(206, 206, 206)), "Files")
    game = render_screen(b77, width=540, height=960, cat="pink", level=12)
    gx, gy = window(desk, 120, 40, game.image, "onestroke practice")
    taskbar(desk)
    out.append(
        Fixture(
            "desktop-1920x1080-window",
            desk,
            b77,
            game.geometry.translated(gx, gy),
            ["game window 540x960 at (120, 70) beside an editor and a file manager of grey squares"],
        )
    )
    # 2: a smaller window (a 1080x1920 screen shown at 42 %) partly overlapped by a calculator
    desk = wallpaper(1920, 1080)
    window(desk, 60, 120, text_window(700, 820, 2), "notes.txt")
    full = render_screen(b87, width=1080, height=1920, theme="sand", cat="red", level=305)
    small = cv2.resize(full.image, (454, 806), interpolation=cv2.INTER_AREA)
    gx, gy = window(desk, 1280, 150, small, "phone mirror")
    window(desk, 1500, 850, text_window(400, 180, 4), "log")  # covers the phone's buttons, not its grid
    taskbar(desk)
    out.append(
        Fixture(
            "desktop-1920x1080-small-window",
            desk,
            b87,
            full.geometry.scaled((454 / 1080, 806 / 1920)).translated(gx, gy),
            ["1080x1920 screen mirrored at 42 % (cells ~48 px), a log window overlaps its buttons"],
        )
    )
    out.append(
        Fixture(
            "desktop-1920x1080-small-window-q70",
            desk,
            b87,
            out[-1].geometry,
            ["JPEG quality 70 copy of desktop-1920x1080-small-window"],
            70,
        )
    )
    # 3: a tiny window: cells of ~38 px on a 1920x1080 desktop (19 px in the half-size search)
    desk = wallpaper(1920, 1080)
    window(desk, 300, 200, text_window(800, 500, 5), "todo.txt")
    game = render_screen(b66, width=360, height=640, theme="mint", cat="brown", level=3)
    gx, gy = window(desk, 1400, 250, game.image, "onestroke practice (small)")
    taskbar(desk)
    out.append(
        Fixture(
            "desktop-1920x1080-tiny-window-q80",
            desk,
            b66,
            game.geometry.translated(gx, gy),
            ["a 360x640 game window (cells ~38 px) on a 1920x1080 desktop, JPEG quality 80"],
            80,
        )
    )
    # 4: 2560x1440 desktop, a 720x1280 window, a night-theme board with border holes
    desk = wallpaper(2560, 1440)
    window(desk, 1500, 100, icon_window(900, 600, 110, rgb(92, 100, 118)), "Pictures")
    game = render_screen(border, width=720, height=1280, theme="night", cat="orange", level=77)
    gx, gy = window(desk, 400, 60, game.image, "onestroke practice")
    taskbar(desk)
    out.append(
        Fixture(
            "desktop-2560x1440-window",
            desk,
            border,
            game.geometry.translated(gx, gy),
            ["2560x1440 desktop, 720x1280 game window, icons in the cells' grey nearby"],
        )
    )
    return out


def negatives(b77: Board) -> list[Fixture]:
    out: list[Fixture] = []
    done = render_screen(b77, width=1080, height=1920, complete=True, level=37)
    out.append(
        Fixture(
            "complete-1080x1920-check",
            done.image,
            None,
            None,
            ["the level-complete screen like the real one: veil, round go-on button, ranking and share"],
            next_point=box_centre(done.next_button),
        )
    )
    desk = wallpaper(1920, 1080)
    window(desk, 80, 80, text_window(1000, 700, 3), "README.md - editor")
    window(desk, 1150, 200, calculator(320), "Calculator")
    window(desk, 700, 560, icon_window(900, 380, 72, rgb(209, 209, 209)), "Files")
    taskbar(desk)
    out.append(
        Fixture(
            "neg-desktop-no-game",
            desk,
            None,
            None,
            ["windows with grey square icons and a keypad, but no game"],
        )
    )
    out.append(
        Fixture(
            "neg-calculator",
            calculator(360),
            None,
            None,
            ["a keypad: a regular lattice of equal grey keys without a cat"],
        )
    )
    menu = render_screen(Board.from_text("S"), width=720, height=1280)
    # the start screen: the game's chrome without the grid (paint the single cell over)
    x0, y0, x1, y1 = (int(v) for v in menu.geometry.bounds().corners)
    menu.image[y0 - 80 : y1 + 10, x0 - 10 : x1 + 10] = rgb(249, 249, 249)
    out.append(
        Fixture(
            "neg-game-chrome-only",
            menu.image,
            None,
            None,
            ["title, capsule, coin counter and buttons, but no grid"],
        )
    )
    rng = np.random.default_rng(7)
    noise = cv2.GaussianBlur(rng.integers(0, 256, (960, 540, 3), dtype=np.uint8), (0, 0), 3)
    out.append(Fixture("neg-noise", noise, None, None, ["blurred random noise"], 80))
    desk = wallpaper(1920, 1080)
    done = render_screen(b77, width=540, height=960, complete=True, route=(), cat="red", theme="mint")
    gx, gy = window(desk, 700, 60, done.image, "onestroke practice")
    taskbar(desk)
    x, y = box_centre(done.next_button)
    out.append(
        Fixture(
            "complete-desktop-1920x1080-window",
            desk,
            None,
            None,
            ["the practice window showing the level-complete screen on a desktop"],
            next_point=Point(x + gx, y + gy),
        )
    )
    return out


def box_centre(box: Rect | None) -> Point:
    assert box is not None
    return box.centre


def expected_text(fixture: Fixture) -> str:
    lines = [NO_BOARD_MARKER + "\n"] if fixture.board is None else []
    lines += [f"; {note}\n" for note in fixture.notes]
    lines.append(f"; screen: {fixture.screen}\n")
    if fixture.next_point is not None:
        lines.append(f"; next: {fixture.next_point.x:.1f} {fixture.next_point.y:.1f}\n")
    if fixture.board is None:
        return "".join(lines)
    assert fixture.geometry is not None
    g = fixture.geometry
    lines.append(f"; origin: {g.origin[0]:.2f} {g.origin[1]:.2f}\n")
    lines.append(f"; pitch: {g.pitch[0]:.3f} {g.pitch[1]:.3f}\n")
    if fixture.walked:
        lines.append("; walked: " + " ".join(f"{r},{c}" for r, c in fixture.walked) + "\n")
    return "".join(lines) + fixture.board.to_text()


def write(fixture: Fixture, folder: Path) -> Path:
    if fixture.jpeg_quality is None:
        path = folder / f"{fixture.name}.png"
        ok = cv2.imwrite(str(path), fixture.image, [cv2.IMWRITE_PNG_COMPRESSION, 9])
    else:
        path = folder / f"{fixture.name}.jpg"
        ok = cv2.imwrite(str(path), fixture.image, [cv2.IMWRITE_JPEG_QUALITY, fixture.jpeg_quality])
    if not ok:
        raise OSError(f"could not write {path}")
    (folder / f"{fixture.name}.txt").write_text(expected_text(fixture))
    return path


PANEL_SCREENS: tuple[tuple[str, int, int, str, panels.Arrangement, tuple[panels.Decoy, ...], bool], ...] = (
    # name, width, height, language, arrangement, decoys, banner shown
    ("panel-zh-450x800-share-beside", 450, 800, "zh", "side", ("share",), False),
    ("panel-zh-1080x1920-hint-and-ranking", 1080, 1920, "zh", "three", ("hint", "ranking"), True),
    ("panel-en-1080x1920-return-above", 1080, 1920, "en", "stacked", ("back",), False),
    ("panel-en-720x1280-hint-bigger", 720, 1280, "en", "decoy-big", ("hint",), True),
    ("panel-ja-1080x2340-share-right", 1080, 2340, "ja", "side-swapped", ("share",), False),
    ("panel-ja-720x1280-hint-and-replay", 720, 1280, "ja", "three", ("hint", "replay"), False),
)


def panel_screens() -> list[Fixture]:
    """Other apps' level-complete panels over the finished board, in the three languages."""
    out = []
    for k, (name, width, height, language, arrangement, decoys, banner) in enumerate(PANEL_SCREENS):
        level = make_level(7, 3 + k)
        route = solve(level.board).path or ()
        theme = ("classic", "night", "mint")[k % 3]
        shown = render_screen(
            level.board, width=width, height=height, route=route, theme=theme, level=level.number
        )
        finished = shown.image
        style = panels.PanelStyle(language, arrangement, decoys, variant=k)  # type: ignore[arg-type]
        drawn = panels.render_panel_screen(finished, style)
        image = drawn.image
        if banner:  # caught mid-slide
            strip = panels.Banner(width, height, language)  # type: ignore[arg-type]
            box = strip.at(panels.BANNER_CROSSING / 2)
            assert box is not None
            strip.draw(image, box)
        words = ", ".join(f"{control} {drawn.words[control]!r}" for control in drawn.layout)
        notes = [
            f"another app's level-complete panel ({language}, {arrangement}): title {drawn.title!r}; {words}",
            "the go-on button is told from the decoys only by its words"
            + ("; a banner slides across the top" if banner else ""),
        ]
        out.append(Fixture(name, image, None, None, notes, next_point=drawn.layout["go_on"].centre))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="where to write (default fixtures/, or tests/data/panels/)")
    parser.add_argument("--panels", action="store_true", help="write the panel screens (tests/data/panels/)")
    args = parser.parse_args(argv)
    args.out = args.out or (ROOT / "tests" / "data" / "panels" if args.panels else ROOT / "fixtures")
    args.out.mkdir(parents=True, exist_ok=True)
    total = 0
    for fixture in panel_screens() if args.panels else fixtures():
        path = write(fixture, args.out)
        total += path.stat().st_size
        print(f"{path.name:45s} {path.stat().st_size / 1024:7.0f} KB")
    print(f"total {total / 1024 / 1024:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
