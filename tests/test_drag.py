"""The closed-loop drag (bot/play/drag.py) against the strict practice game in simulated time.

The game (tests/simgame.py) is the real rules and the real drawing, with frames and stalls;
only time is simulated. What counts is the game's own log.
"""

from __future__ import annotations

import random
from collections import deque

import pytest
from simgame import SimGame
from test_finish import random_walk

from onestroke.bot.play.drag import FULL_EVERY, DragStopped, follow_route
from onestroke.bot.play.pace import DragPace
from onestroke.bot.vision.watch import BoardWatch
from onestroke.coords import Point
from onestroke.practice.rules import Rules
from onestroke.solver.board import Cell
from onestroke.solver.check import is_valid_path
from onestroke.solver.finish import drawn_after, finish
from onestroke.solver.search import solve


def route(sim: SimGame) -> list[Cell]:
    result = solve(sim.game.level.board, timeout=5)
    assert result.status == "solved"
    return list(result.path)


def watch_for(sim: SimGame, walked: list[Cell], near: bool = True) -> BoardWatch:
    """The watch a device gives: whole-board grabs, and (`near`) grabs of a box around the head."""
    return BoardWatch(
        sim.grab,
        sim.game.geometry,
        sim.game.level.board.cells,
        walked,
        clock=sim.clock.now,
        grab_box=sim.grab_box if near else None,
    )


def drag(
    sim: SimGame,
    path: list[Cell],
    start: int = 0,
    pace: DragPace | None = None,
    near: bool = True,
    **options: object,
):
    geometry = sim.game.geometry
    watch = watch_for(sim, path[: start + 1], near)
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
@pytest.mark.parametrize("near", [True, False], ids=["looks near the head", "whole-board looks"])
def test_the_watched_drag_clears_the_strict_game(level: int, stalls: bool, near: bool) -> None:
    sim = SimGame(Rules(fps=30, stalls=stalls), seed=level, level=level)
    path = route(sim)
    report = drag(sim, path, near=near)
    (record,) = cleared(sim)
    assert is_valid_path(sim.game.level.board, record["path"])
    assert [r for r in sim.records if not r.get("cleared")] == [], sim.records
    assert report.cells == len(path) - 1 and sim.touch.up_at is not None
    # every FULL_EVERY-th step (and each re-send) looks at the whole board; the rest near the head
    assert report.full_grabs >= report.cells // FULL_EVERY
    assert report.full_grabs < report.grabs / 2 if near else report.full_grabs == report.grabs


def test_a_look_near_the_head_reads_what_a_look_at_the_whole_board_reads() -> None:
    """At every step of a route (forward, and back over the drawn path), the cells around the head
    read from a box grab agree with a whole-board grab, and the rest are carried over."""
    sim = SimGame(Rules(fps=30, on_release="keep"), seed=4, level=7)
    path = route(sim)
    walk = [*path[:20], *reversed(path[12:19])]  # on, then back over eight drawn cells
    geometry = sim.game.geometry
    near, whole = watch_for(sim, walk[:1]), watch_for(sim, walk[:1], near=False)
    near.reading()  # a whole reading first: one near a cell takes the others from it
    sim.touch.down(geometry.centre(walk[0]))
    for head, target in zip(walk, walk[1:], strict=False):
        sim.touch.move(geometry.centre(target))
        sim.run_until(sim.clock.t + 0.1)
        seen_near, seen_whole = near.reading(near=head), whole.reading()  # as the drag: near the old head
        assert seen_near.taken == seen_whole.taken == set(sim.game.play.route)
        assert not seen_near.board_gone and not seen_whole.board_gone and not seen_near.whole
    assert sim.game.play.route == path[:13]


def test_the_pace_follows_the_game_up_and_down() -> None:
    paces = {}
    for fps in (10, 60):
        sim = SimGame(Rules(fps=fps), seed=3, level=3)
        report = drag(sim, route(sim))
        assert cleared(sim)
        paces[fps] = report.median_answer
    assert paces[10] > 2.5 * paces[60], paces
    assert paces[10] >= 0.05 and paces[60] <= 0.03


def test_the_pace_slows_down_with_a_loaded_game_and_speeds_up_after() -> None:
    """The game's frames come at 6 fps for a while (a loaded machine) in the middle of a 60 fps
    drag: the watched drag waits for every cell all along (no skipped cell, no failed attempt),
    its expected answer grows with the game's and shrinks again after."""
    sim = SimGame(Rules(fps=60), seed=3, level=7, slow=(0.4, 1.6, 6.0))
    path = route(sim)
    pace = DragPace()
    expected: list[tuple[float, float]] = []
    learn = pace.learn
    pace.learn = lambda seconds: (learn(seconds), expected.append((sim.clock.t, pace.expected)))  # type: ignore[method-assign]
    drag(sim, path, pace=pace)
    assert cleared(sim) and [r for r in sim.records if not r.get("cleared")] == [], sim.records
    before = [e for t, e in expected if 0.2 < t < 0.4]
    during = [e for t, e in expected if 1.2 < t < 1.6]
    after = [e for t, e in expected if t > 1.6 + 12 / 60]
    assert before and during and after, expected
    assert max(before) < 0.04 and min(during) > 0.1 and max(after[-3:]) < 0.04, (before, during, after)


def step_gaps(sim: SimGame, path: list[Cell], pace: DragPace) -> list[float]:
    """Seconds from the press to the first move and between the moves of a watched drag of `path`."""
    sent: list[float] = []
    move = sim.touch.move
    sim.touch.move = lambda point: (sent.append(sim.clock.t), move(point))  # type: ignore[method-assign]
    report = drag(sim, path, pace=pace)
    assert cleared(sim) and report.resends == 0 and report.undos == 0, sim.records
    assert [r for r in sim.records if not r.get("cleared")] == [], sim.records
    assert sim.touch.down_at is not None
    times = [sim.touch.down_at, *sent]
    return [b - a for a, b in zip(times, times[1:], strict=False)]


@pytest.mark.parametrize("speed", [4.0, 12.0])
def test_the_users_speed_caps_the_watched_drag(speed: float) -> None:
    """A 60 fps game answers in about two frames; at `speed` cells/s no step comes sooner than
    1/speed after the one before, while without a speed most steps do."""
    sim = SimGame(Rules(fps=60), seed=3, level=4)
    path = route(sim)
    free = step_gaps(sim, path, DragPace())
    assert sorted(free)[len(free) // 2] < 1 / speed, free
    sim = SimGame(Rules(fps=60), seed=3, level=4)
    capped = step_gaps(sim, path, DragPace(speed=speed))
    assert len(capped) == len(path) - 1 and min(capped) >= 1 / speed - 1e-9, capped
    assert sorted(capped)[len(capped) // 2] < 1 / speed + 0.01  # and no slower than it needs to be


def test_a_game_slower_than_the_users_speed_still_slows_the_watched_drag() -> None:
    sim = SimGame(Rules(fps=5), seed=3, level=4)
    path = route(sim)
    gaps = step_gaps(sim, path, DragPace(speed=20))
    # the game takes a cell a frame (0.2 s) at best: the drag waits for it, not for 1/20 s
    assert sorted(gaps)[len(gaps) // 2] > 0.15 and min(gaps) >= 1 / 20 - 1e-9, gaps


def test_a_drag_speed_out_of_range_is_refused() -> None:
    for speed in (-1.0, float("inf"), float("nan")):
        with pytest.raises(ValueError, match="the drag's speed"):
            DragPace(speed=speed)


def test_the_first_grab_and_the_polling_follow_the_answers() -> None:
    pace = DragPace()
    assert pace.first_grab == pytest.approx(0.8 * pace.first) and pace.patience == 0.25
    for answer in (0.050, 0.040, 0.054, 0.051, 0.053):
        pace.learn(answer)
    assert pace.first_grab == pytest.approx(0.032)  # 80 % of the earliest: no answer came sooner
    assert pace.poll == pytest.approx(0.051 / 16)  # a sixteenth of the median...
    assert DragPace(answers=deque([0.02] * 3)).poll == 0.002  # ...at least min_poll
    for answer in (0.4,) * 9:  # a stalled, loaded game: the pace goes down with it
        pace.learn(answer)
    assert (
        pace.first_grab == 0.05 and pace.poll == pytest.approx(0.025) and pace.patience == pytest.approx(1.6)
    )


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


def test_a_change_away_from_the_head_is_seen_by_the_next_whole_board_look() -> None:
    """Looks near the head do not see a panel covering far cells; the whole-board look that comes
    every FULL_EVERY steps does, and the drag stops before going on over a board it cannot trust."""
    sim = SimGame(Rules(fps=30), seed=5, level=7)
    path = route(sim)
    geometry = sim.game.geometry
    order = {cell: i for i, cell in enumerate(path)}

    def reached(cell: Cell) -> int:  # the step at which the drag first comes near `cell`
        return min(i for c, i in order.items() if max(abs(c[0] - cell[0]), abs(c[1] - cell[1])) <= 2)

    far = max(path, key=reached)
    assert reached(far) > 24  # far from the start: looks near the head would come there late
    x, y = geometry.centre(far)
    px, py = geometry.pitch
    sim.cover = (
        0.1,
        (max(0, round(x - 1.4 * px)), round(y - 1.4 * py), round(x + 1.4 * px), round(y + 1.4 * py)),
    )
    with pytest.raises(DragStopped) as stopped:
        drag(sim, path)
    assert stopped.value.cause == "changed" and "cells off the route changed" in str(stopped.value)
    steps_after_cover = stopped.value.taken - round(0.1 * 30)
    assert steps_after_cover <= 9 and not sim.touch.is_down  # within FULL_EVERY (8) steps and one


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
    options = {"window_fault": lambda: "closed" if sim.closed else None} if window else {}
    with pytest.raises(DragStopped) as stopped:
        drag(sim, path, **options)
    assert sim.touch.up_at is not None and sim.touch.up_at - 0.5 < 0.2
    if window:
        assert stopped.value.cause == "closed" and str(stopped.value) == "the game window closed"
    else:
        assert stopped.value.cause == "vanished"
        assert str(stopped.value).startswith("the board vanished from the screen at cell")


def test_a_window_covered_before_the_press_is_never_pressed() -> None:
    """The watch saw a cover come between the caller's last look and the press: no press at all."""
    sim = SimGame(Rules(fps=30), seed=8, level=5)
    path = route(sim)
    with pytest.raises(DragStopped) as stopped:
        drag(sim, path, window_fault=lambda: "covered")
    assert stopped.value.cause == "covered" and stopped.value.taken == 1
    assert sim.touch.down_at is None and not sim.touch.is_down  # never pressed


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
        found = finish(board, walked)
        if found.undo and found.kept > 1:
            break
    draw_by_hand(sim, walked)
    assert sim.game.play.route == walked
    report = drag(sim, list(found.stroke), start=found.drag_start)
    (record,) = cleared(sim)
    assert record["path"] == [list(c) for c in drawn_after(found.stroke)]
    assert is_valid_path(board, record["path"]) and record["kept"] == len(walked) - 1
    assert report.cells == len(found.stroke) - 1 - found.drag_start
