"""The closed-loop drag (bot/play/drag.py) against the strict practice game in simulated time.

The game (tests/simgame.py) is the real rules and the real drawing, with frames and stalls;
only time is simulated. What counts is the game's own log.
"""

from __future__ import annotations

import random

import pytest
from simgame import SimGame
from test_resume import random_walk

from onestroke.bot.coords import Point
from onestroke.bot.play.drag import BoardWatch, DragStopped, Pace, follow_route
from onestroke.bot.play.resume import drawn_after, plan
from onestroke.practice.rules import Rules
from onestroke.solver.board import Cell
from onestroke.solver.check import is_valid_path
from onestroke.solver.search import solve


def route(sim: SimGame) -> list[Cell]:
    result = solve(sim.game.level.board, timeout=5)
    assert result.status == "solved"
    return list(result.path)


def drag(sim: SimGame, path: list[Cell], start: int = 0, pace: Pace | None = None, **options: object):
    geometry = sim.game.geometry
    watch = BoardWatch(sim.grab, geometry, sim.game.level.board.cells, path[: start + 1], clock=sim.clock.now)
    return follow_route(
        sim.touch,
        watch,
        path,
        geometry.centre,
        start=start,
        pace=pace,
        clock=sim.clock.now,
        sleep=sim.clock.sleep,
        **options,  # type: ignore[arg-type]
    )


def cleared(sim: SimGame) -> list[dict]:
    sim.run_until(sim.clock.t + 0.1)
    return [r for r in sim.records if r.get("cleared")]


@pytest.mark.parametrize("level", [1, 4, 7])
@pytest.mark.parametrize("stalls", [False, True])
def test_the_watched_drag_clears_the_strict_game(level: int, stalls: bool) -> None:
    sim = SimGame(Rules(fps=30, stalls=stalls), seed=level, level=level)
    path = route(sim)
    report = drag(sim, path)
    (record,) = cleared(sim)
    assert is_valid_path(sim.game.level.board, record["path"])
    assert [r for r in sim.records if not r.get("cleared")] == [], sim.records
    assert report.cells == len(path) - 1 and sim.touch.up_at is not None


def test_the_pace_follows_the_game_up_and_down() -> None:
    paces = {}
    for fps in (10, 60):
        sim = SimGame(Rules(fps=fps), seed=3, level=3)
        report = drag(sim, route(sim))
        assert cleared(sim)
        paces[fps] = report.median_answer
    assert paces[10] > 2.5 * paces[60], paces
    assert paces[10] >= 0.05 and paces[60] <= 0.03


def test_a_stalled_game_is_waited_for_not_outrun() -> None:
    sim = SimGame(Rules(fps=30, stalls=True), seed=12, level=6)
    path = route(sim)
    drag(sim, path)
    assert cleared(sim) and [r for r in sim.records if not r.get("cleared")] == []
    assert sim.touch.down_at is not None and sim.touch.up_at is not None
    stalls = [gap for t, gap in sim.gaps if sim.touch.down_at <= t <= sim.touch.up_at and gap > 0.15]
    assert stalls, "stalls longer than four frames happened during the drag and were waited out"


def test_a_wrong_cell_taken_is_undone_by_dragging_back() -> None:
    sim = SimGame(Rules(fps=30), seed=5, level=2)
    path = route(sim)
    board = sim.game.level.board
    # the pointer's 4th point (3rd move) lands on a free neighbour of the head off the route
    head, target = path[2], path[3]
    wrong = next(
        (head[0] + dr, head[1] + dc)
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
        if (head[0] + dr, head[1] + dc) in board.open_cells
        and (head[0] + dr, head[1] + dc) not in (path[1], target)
    )
    sim.bumps[4] = sim.game.geometry.centre(wrong)
    report = drag(sim, path)
    (record,) = cleared(sim)
    assert record["path"] == [list(c) for c in path]
    assert report.undos == 1


def test_a_game_that_drops_the_path_stops_the_drag_with_the_cell() -> None:
    sim = SimGame(Rules(fps=30), seed=6, level=3)
    path = route(sim)
    far = path[8]
    sim.bumps[7] = sim.game.geometry.centre(far)  # a jump: the strict game ends the attempt
    with pytest.raises(DragStopped) as stopped:
        drag(sim, path)
    assert stopped.value.cause == "dropped"
    assert str(stopped.value).startswith(f"the game stopped following the drag at cell 7 of {len(path)}")
    assert not sim.touch.is_down
    (record,) = sim.records
    assert record["reason"].startswith("illegal move: jumped")


def test_a_game_that_stops_answering_is_given_up_with_the_cell() -> None:
    sim = SimGame(Rules(fps=30), seed=7, level=2)
    path = route(sim)
    sim.bumps[1] = Point(5.0, 5.0)  # the press misses the cat: the game never follows
    with pytest.raises(DragStopped) as stopped:
        drag(sim, path)
    assert stopped.value.cause == "not-following"
    assert str(stopped.value) == f"the game stopped following the drag at cell 2 of {len(path)}"
    assert not sim.touch.is_down


@pytest.mark.parametrize("window", [False, True])
def test_a_window_that_closes_mid_drag_lifts_the_finger_at_once(window: bool) -> None:
    sim = SimGame(Rules(fps=30), seed=8, level=5, close_at=0.5)
    path = route(sim)
    options = {"window_open": lambda: not sim.closed} if window else {}
    with pytest.raises(DragStopped) as stopped:
        drag(sim, path, **options)
    assert sim.touch.up_at is not None and sim.touch.up_at - 0.5 < 0.2
    if window:
        assert stopped.value.cause == "window" and str(stopped.value) == "the game window closed"
    else:
        assert stopped.value.cause == "vanished"
        assert str(stopped.value).startswith("the board vanished from the screen at cell")


def test_keep_mode_goes_on_from_the_cat() -> None:
    sim = SimGame(Rules(fps=30, on_release="keep"), seed=9, level=4)
    path = route(sim)
    geometry = sim.game.geometry
    sim.touch.down(geometry.centre(path[0]))
    for cell in path[1:9]:
        sim.clock.sleep(0.1)
        sim.touch.move(geometry.centre(cell))
        sim.run_until(sim.clock.t)
    sim.clock.sleep(0.1)
    sim.touch.up()
    sim.run_until(sim.clock.t + 0.1)
    assert sim.game.play.route == path[:9]
    report = drag(sim, path, start=8)
    (record,) = cleared(sim)
    assert record["kept"] == 8 and record["path"] == [list(c) for c in path]
    assert report.cells == len(path) - 9


def draw_by_hand(sim: SimGame, cells: list[Cell]) -> None:
    """A person draws `cells` slowly (slower than the longest stall) and lets go (keep mode
    leaves them drawn)."""
    geometry = sim.game.geometry
    sim.touch.down(geometry.centre(cells[0]))
    for cell in cells[1:]:
        sim.clock.sleep(0.5)
        sim.touch.move(geometry.centre(cell))
        sim.run_until(sim.clock.t)
    sim.clock.sleep(0.1)
    sim.touch.up()
    sim.run_until(sim.clock.t + 0.1)


@pytest.mark.parametrize("seed", [3, 5, 11])
def test_a_dead_end_drawn_by_hand_is_undone_back_to_a_finish_and_finished(seed: int) -> None:
    """Keep mode: a person drew into a dead end; the bot drags back over the drawn path (each
    step back undoes a cell) to the latest cell with a finish, then finishes."""
    sim = SimGame(Rules(fps=30, stalls=True, on_release="keep"), seed=seed, level=6)
    board = sim.game.level.board
    rng = random.Random(seed)
    while True:  # a walk from the start with no finish from its head
        walked = random_walk(board, rng)
        found = plan(board, walked)
        if found.back > 0 and found.back < found.start:
            break
    draw_by_hand(sim, walked)
    assert sim.game.play.route == walked
    report = drag(sim, list(found.walk), start=found.start)
    (record,) = cleared(sim)
    assert record["path"] == [list(c) for c in drawn_after(found.walk)]
    assert is_valid_path(board, record["path"]) and record["kept"] == len(walked) - 1
    assert report.cells == len(found.walk) - 1 - found.start
