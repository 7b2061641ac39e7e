"""After an open-loop stroke the loop reads the board it knows (bot/play/known.py) where vision
refuses: a path cut short near its end leaves too few plain cells to find the lattice.

Screens are drawn by the practice renderer at phone size; the loop test plays the strict game
in-process on a device without fast capture (a phone's timed gesture), whose first stroke the
game stops taking two cells before the end.
"""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np
import pytest
from fakes import GameFinger
from test_go_on import FramedFinger, StrictPhone

from onestroke.bot.device import Capabilities
from onestroke.bot.play.known import KnownBoard
from onestroke.bot.play.loop import LevelLoop
from onestroke.bot.play.pace import stroke_pace
from onestroke.bot.play.sight import Sight
from onestroke.bot.vision import detect
from onestroke.coords import Point, Rect, ScreenMap
from onestroke.practice.levels import make_level
from onestroke.practice.render import THEMES, render_screen
from onestroke.practice.rules import Rules
from onestroke.practice.screens import render_complete_screen, render_ranking_screen
from onestroke.solver.board import Board, Cell
from onestroke.solver.check import is_valid_path
from onestroke.solver.search import solve

W, H = 540, 960


def sight_of(image: np.ndarray) -> Sight:
    return Sight(image, ScreenMap.for_image(Rect(0, 0, W, H), image), detect(image), 0.0, 0.0)


def level_sight(board: Board, route: list[Cell], level: int = 1) -> Sight:
    return sight_of(render_screen(board, width=W, height=H, route=route, level=level).image)


@pytest.fixture
def level() -> tuple[Board, list[Cell]]:
    board = make_level(3, 4).board
    path = solve(board).path
    assert path is not None and len(path) >= 12
    return board, list(path)


def test_a_stroke_cut_short_near_its_end_is_read_with_the_known_lattice(
    level: tuple[Board, list[Cell]],
) -> None:
    board, path = level
    before = level_sight(board, path[:3])
    assert before.board == board and before.detection.walked == tuple(path[:3])
    known = KnownBoard(before, path)
    for cut in (len(path) - 2, len(path) - 1, len(path) // 2, 1):
        shown = known.reread(level_sight(board, path[:cut]))
        assert shown is not None and shown.board == board, cut
        assert shown.detection.walked == (tuple(path[:cut]) if cut > 1 else ()), cut
        assert shown.detection.checks[-1].name == "known board"


def test_cells_the_game_skipped_are_left_out_in_the_order_sent(level: tuple[Board, list[Cell]]) -> None:
    """A late frame merged two moves and the game took a neighbour further on: the taken cells,
    in the walk's order, still make a path from the start."""
    board, path = level
    known = KnownBoard(level_sight(board, []), path)
    shortcut = next(
        (i for i in range(1, len(path) - 3) if path[i + 3] in set(board.neighbours(path[i]))), None
    )
    if shortcut is None:
        pytest.skip("this level's route has no shortcut")
    drawn = path[: shortcut + 1] + path[shortcut + 3 :]
    shown = known.reread(level_sight(board, drawn))
    assert shown is not None and shown.detection.walked == tuple(drawn)


def test_other_screens_and_other_levels_are_not_read(level: tuple[Board, list[Cell]]) -> None:
    board, path = level
    known = KnownBoard(level_sight(board, path[:2]), path)
    complete = render_complete_screen(W, H, board=board, route=path).image
    ranking = render_ranking_screen(W, H).image
    other = make_level(3, 5).board
    for image in (complete, ranking, np.full((H, W, 3), 240, np.uint8)):
        assert known.reread(sight_of(image)) is None
    assert known.reread(level_sight(other, [])) is None
    sent = path[:6]  # the walk sent ends there: a cell beyond it cannot have been taken
    known = KnownBoard(level_sight(board, path[:2]), sent)
    i, beyond = next((i, c) for i in range(1, 5) for c in board.neighbours(path[i]) if c not in sent)
    assert known.reread(level_sight(board, [*path[: i + 1], beyond])) is None, "a cell off the walk"
    assert known.reread(level_sight(board, path[: i + 1])) is not None


@pytest.mark.parametrize("theme", list(THEMES))
def test_a_walk_back_and_on_is_read_by_where_the_cat_sits(theme: str) -> None:
    """A finish that undoes drawn cells and takes them again the other way round: a game that
    skipped two cells on a late frame shows the same cells as before, in another order. Their
    order by the walk sent would put the head where it was (the bot then presses beside the cat
    for ever); the cat says where the head is."""
    board = Board.from_text("S . . .\n. . . .\n. . . .\n")
    drawn = [(0, 0), (1, 0), (1, 1), (0, 1)]
    before = sight_of(render_screen(board, width=W, height=H, route=drawn, theme=theme).image)
    assert before.board == board and before.detection.walked == tuple(drawn)
    back = [(1, 1), (1, 0), (0, 0)]
    route = [(0, 1), (0, 2), (0, 3), (1, 3), (1, 2), (1, 1), (1, 0), (2, 0), (2, 1), (2, 2), (2, 3)]
    known = KnownBoard(before, [*drawn, *back, *route])
    other_way = [(0, 0), (0, 1), (1, 1), (1, 0)]  # (0, 2) to (1, 2) passed in one late frame
    taken = known.lattice.taken(before.image, before.screen_map)
    assert taken == set(drawn)
    marked = known.lattice.head(before.image, before.screen_map, taken) == drawn[-1]
    assert marked or THEMES[theme].start != "cat", "the cat marks the head"
    for shown in (other_way, drawn, [(0, 0), (0, 1), (0, 2)]):
        image = render_screen(board, width=W, height=H, route=shown, theme=theme).image
        read = known.reread(sight_of(image))
        if marked or set(shown) != set(drawn):
            assert read is not None and read.detection.walked == tuple(shown), shown
        else:  # a look that marks no head: two paths fit and nothing tells them apart
            assert read is None, shown


class CutShortPhone(StrictPhone):
    """The strict game in keep mode whose first stroke stops being taken two cells before its
    end (the game sees the finger lift there: a release it keeps), as a stall can leave it. On
    a phone (timed gestures, no fast capture) or a desktop (the watched drag)."""

    def __init__(self, fast_capture: bool) -> None:
        super().__init__(seed=12, levels=1, rules=Rules(on_release="keep"))
        dwell = None if fast_capture else 0.02
        self.capabilities = Capabilities(
            "rendered", "render_screen", "practice-rules", fast_capture, False, dwell
        )
        self.strokes = 0

    def touch(self, area: Rect) -> GameFinger:
        self.strokes += 1
        if self.strokes > 1:
            return super().touch(area)
        self._frame()
        finger = CutFinger if not self.capabilities.fast_capture else CutGameFinger
        return finger(self, area, moves=len(self.game.level.board) - 3)


class CutGameFinger(GameFinger):
    """Only the first `moves` moves reach the game; the rest are lost."""

    def __init__(self, phone: StrictPhone, area: Rect, moves: int) -> None:
        super().__init__(phone, area)
        self.moves = moves

    def _move(self, point: Point) -> None:
        if self.moves > 0:
            self.moves -= 1
            super()._move(point)


class CutFinger(CutGameFinger, FramedFinger):
    """The same, with a frame after each event (the timed gesture gives the game no looks)."""


@pytest.mark.parametrize("fast_capture", [False, True], ids=["timed gesture", "watched drag"])
def test_a_stroke_cut_short_is_finished_from_the_screenshot(tmp_path: Path, fast_capture: bool) -> None:
    phone = CutShortPhone(fast_capture)
    board = phone.game.level.board
    lines: list[str] = []
    pace = stroke_pace(None, phone.capabilities.cell_dwell)
    loop = LevelLoop(phone, log_dir=tmp_path, say=lines.append, pace=pace)
    loop.run(1)
    time.sleep(0.1)
    records = phone.all_records()
    assert [r["cleared"] for r in records] == [False, True], records
    assert len(records[0]["path"]) == len(board) - 2, records[0]
    assert records[1]["kept"] == len(board) - 3 and is_valid_path(board, records[1]["path"])
    assert f"{len(board) - 2} cells drawn already" in " ".join(lines), lines
