"""What a desktop does to the game's window while the bot plays, and that the bot survives it.

Real windows on the session's Xvfb: the practice game in its own process, moved and unmapped
with xdotool as a window manager would, and covered by a plain window of the test's own
(`Windows.cover`). What counts is the game's own log (every level cleared, no attempt ended by a
stray press), the cover's log (no press on it) and the bot's lines (the cause it names).
"""

from __future__ import annotations

import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from faults import CoverWindow, head_square
from harness import Game, Windows, bot_pressing, button_is_down, run_bot, running, start_bot
from monitor import Box, PressMonitor, button_left_down, seconds_to_release, strays

from onestroke.bot.device import NotOnWindow, perform
from onestroke.bot.device.desktop import DesktopDevice
from onestroke.bot.gesture import tap
from onestroke.bot.play.drag import DragStopped, watched_drag
from onestroke.bot.vision.detect import detect
from onestroke.coords import Geometry, Point, Rect
from onestroke.practice.process import start_game, stop_game
from onestroke.practice.rules import Rules
from onestroke.solver.board import Cell

pytestmark = pytest.mark.e2e


def window_of(game: Game) -> int:
    """The top-level X window under the game's centre (asked of the X server, not of the bot)."""
    from Xlib import X, display

    d = display.Display()
    try:
        found = None
        x, y = game.x + game.width // 2, game.y + game.height // 2
        for window in d.screen().root.query_tree().children:
            a, g = window.get_attributes(), window.get_geometry()
            if a.map_state == X.IsViewable and g.x <= x < g.x + g.width and g.y <= y < g.y + g.height:
                found = window.id
        assert found is not None, "no window under the game's centre"
        return found
    finally:
        d.close()


def xdotool(*args: str) -> None:
    subprocess.run(["xdotool", *args], check=True, capture_output=True, timeout=10)


def played(bot: subprocess.Popen[str], game: Game, levels: int) -> tuple[str, list[dict]]:
    """The bot's output (stdout and stderr) once it ended, and the game's records."""
    out, err = bot.communicate(timeout=120)
    records = game.wait_for_records(levels, timeout=5)
    return out + err, records


def run_with_fault(windows: Windows, tmp_path: Path, fault: Callable[[Game], None], levels: int = 2) -> tuple:
    if subprocess.run(["which", "xdotool"], capture_output=True).returncode:
        pytest.skip("xdotool is not installed")
    game = windows.game(seed=71, position=(200, 100), levels=levels, rules=Rules(fps=10))
    args = ("play", "--levels", str(levels), "--log-dir", str(tmp_path), "--wait-covered", "10")
    with bot_pressing(*args) as bot:
        time.sleep(0.4)  # mid-drag
        fault(game)
        err, records = played(bot, game, levels)
    return bot, err, records


def cleared_all(records: list[dict], levels: int) -> bool:
    return [r["level"] for r in records if r.get("cleared")] == list(range(1, levels + 1))


def test_a_window_moved_mid_drag_is_found_again_and_played_on(windows: Windows, tmp_path: Path) -> None:
    def move(game: Game) -> None:
        xdotool("windowmove", str(window_of(game)), "900", "200")

    bot, err, records = run_with_fault(windows, tmp_path, move)
    assert bot.returncode == 0, err
    assert "level 1: the game window moved; finding the board again" in err, (bot.returncode, err, records)
    assert cleared_all(records, 2), (err, records)
    assert "closed" not in err, err


def test_a_window_covered_mid_drag_is_let_go_waited_for_and_played_on(
    windows: Windows, tmp_path: Path
) -> None:
    covers: list[Path] = []

    def cover(game: Game) -> None:
        covers.append(windows.cover(game.x - 10, game.y - 10, game.width + 20, game.height + 20))
        began = time.monotonic()
        while button_is_down() and time.monotonic() - began < 2:
            time.sleep(0.005)
        assert not button_is_down(), "the button stayed down under the cover"
        time.sleep(1.5)
        stop_game(windows.processes[-1])

    bot, err, records = run_with_fault(windows, tmp_path, cover)
    assert bot.returncode == 0, err
    assert "level 1: another window covers the board; let go; waiting up to 10 s" in err, (
        bot.returncode,
        err,
        records,
    )
    assert cleared_all(records, 2), (err, records)
    assert covers[0].read_text() == "", "a press landed on the cover"


def test_a_window_unmapped_mid_drag_is_waited_for_and_played_on(windows: Windows, tmp_path: Path) -> None:
    def minimise(game: Game) -> None:
        wid = str(window_of(game))
        xdotool("windowunmap", wid)
        time.sleep(2)
        xdotool("windowmap", wid)

    bot, err, records = run_with_fault(windows, tmp_path, minimise)
    assert bot.returncode == 0, err
    assert "level 1: the game window was minimised (unmapped); let go; waiting" in err, err
    assert cleared_all(records, 2), (err, records)


def test_a_cover_over_the_drag_head_lifts_the_button_at_once(windows: Windows, tmp_path: Path) -> None:
    """A 150 px window over the drag's head (a notification where the drag is): the button is up
    within 100 ms of the cover's window being mapped (both moments from the X server's own event
    stream, the press monitor's), nothing presses on it, and play goes on."""
    game = windows.game(seed=71, position=(200, 100), levels=2, rules=Rules(fps=10))
    with PressMonitor() as monitor:
        cover = CoverWindow(windows)
        args = ("play", "--levels", "2", "--log-dir", str(tmp_path), "--wait-covered", "10")
        with running(start_bot(*args)) as bot:
            head = monitor.wait_in_drag(12, timeout=60)
            assert head is not None, "the bot never dragged"
            latest = monitor.pointer_events()[-1]
            box = head_square(latest.x, latest.y)
            start_at = len(monitor.events())
            cover.show(box)
            mapped = cover.shown(monitor, box, start_at)
            time.sleep(1.5)
            cover.hide()
            err, records = played(bot, game, 2)
        time.sleep(0.1)  # the last events through the stream
        held = seconds_to_release(monitor.events(), mapped)
    assert held is not None and held < 0.1, f"the button was still down {held} s after the cover was mapped"
    assert bot.returncode == 0, err
    assert "another window covers the board" in err, err
    assert cleared_all(records, 2), (err, records)
    assert cover.pressed() == [], "a press landed on the cover"


def between_levels(
    windows: Windows, tmp_path: Path, fault: Callable[[Game], Game], levels: int = 3, *options: str
) -> tuple[subprocess.CompletedProcess[str], list[dict]]:
    """The bot plays `levels` levels (with `options`); once the game logged level 1 cleared,
    `fault` is done to it (it returns the game now showing, a new one after a restart). The bot's
    output and every record."""
    if subprocess.run(["which", "xdotool"], capture_output=True).returncode:
        pytest.skip("xdotool is not installed")
    game = windows.game(seed=72, position=(200, 100), levels=levels)
    args = ["play", "--levels", str(levels), "--log-dir", str(tmp_path), *options]
    with running(start_bot(*args)) as bot:
        deadline = time.monotonic() + 60
        while not [r for r in game.records() if r.get("cleared")] and time.monotonic() < deadline:
            time.sleep(0.01)
        now = fault(game)
        out, err = bot.communicate(timeout=120)
    records = game.records() + (now.records() if now is not game else [])
    return subprocess.CompletedProcess(args, bot.returncode, out, err), records


def test_a_window_moved_between_levels_is_found_again(windows: Windows, tmp_path: Path) -> None:
    def move(game: Game) -> Game:
        xdotool("windowmove", str(window_of(game)), "1300", "150")
        return game

    done, records = between_levels(windows, tmp_path, move)
    assert done.returncode == 0, done.stdout + done.stderr
    assert cleared_all(records, 3), (done.stderr, records)


def restarted(windows: Windows, tmp_path: Path, scale: float, after: float = 0.0) -> Callable[[Game], Game]:
    """The fault: the game closed, and started again at `scale` elsewhere `after` seconds later."""

    def restart(game: Game) -> Game:
        stop_game(game.process)
        time.sleep(after)
        log = tmp_path / "again.jsonl"
        started = start_game(game.seed, log, (1000, 50), scale=scale)
        windows.processes.append(started.process)
        box = started.window
        return Game(
            started.process, log, int(box.left), int(box.top), int(box.width), int(box.height), game.seed
        )

    return restart


@pytest.mark.parametrize("scale", [0.8, 1.25])
def test_a_game_restarted_at_another_scale_between_levels_is_found_again(
    windows: Windows, tmp_path: Path, scale: float
) -> None:
    done, records = between_levels(windows, tmp_path, restarted(windows, tmp_path, scale))
    assert done.returncode == 0, done.stdout + done.stderr
    # the bot's 3 levels: level 1 may be cleared once more in the restarted game (it starts there)
    assert done.stdout.count(" holes, capture ") == 3, done.stdout
    assert len(records) >= 3 and all(r.get("cleared") for r in records), (done.stderr, records)


def test_a_game_that_takes_long_to_start_again_is_waited_for(windows: Windows, tmp_path: Path) -> None:
    """A restart slower than a moment (an emulator, a browser on a busy machine): the game is back
    16 s after it closed, and the bot, waiting `--wait-covered` (default 30 s), plays on. It
    looked for 10 s only once (and 4 s before that), and stopped."""
    done, records = between_levels(windows, tmp_path, restarted(windows, tmp_path, 1.0, after=16.0))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "the game window closed; looking for the game for up to 30 s" in done.stdout, done.stdout
    assert done.stdout.count(" holes, capture ") == 3, done.stdout
    assert len(records) >= 3 and all(r.get("cleared") for r in records), (done.stderr, records)


def test_a_game_closed_between_levels_and_not_back_stops_with_its_line(
    windows: Windows, tmp_path: Path
) -> None:
    def close(game: Game) -> Game:
        stop_game(game.process)
        return game

    done, _ = between_levels(windows, tmp_path, close, 3, "--wait-covered", "2")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "the game window closed; looking for the game for up to 2 s" in done.stdout, done.stdout
    last = done.stderr.strip().splitlines()[-1]
    assert "the game window closed and no game showed within 2 s: not pressing anything" in last, last
    assert "Traceback" not in done.stderr


def box_of(game: Game) -> Box:
    return Box(game.x, game.y, game.width, game.height)


def test_a_press_or_held_move_where_another_window_is_on_top_is_refused(
    windows: Windows, desktop: DesktopDevice
) -> None:
    """A touch session told the game's window presses and moves only where that window is on
    top: under a cover of the test's own over the game's right half, the press is refused (no
    ButtonPress reaches the server) and so is a held move, and a tap `perform`s told the window;
    on the uncovered left half it presses."""
    game = windows.game(seed=71, position=(200, 100), levels=1)
    wid = window_of(game)
    right = Box(game.x + game.width // 2, game.y, game.width - game.width // 2, game.height)
    left_point = Point(game.x + game.width // 4, game.y + game.height // 2)
    right_point = Point(*right.centre())
    with PressMonitor() as monitor:
        cover = CoverWindow(windows)
        start_at = len(monitor.events())
        cover.show(right)
        cover.shown(monitor, right, start_at)
        with desktop.touch(Rect(game.x, game.y, game.width, game.height), wid) as touch:
            with pytest.raises(NotOnWindow, match=r"not pressing: the window on top at \(\d+, \d+\)"):
                touch.down(right_point)
            assert not touch.is_down
            touch.down(left_point)
            with pytest.raises(NotOnWindow, match="let go, not moving there"):
                touch.move(right_point)
        with pytest.raises(NotOnWindow, match="not pressing"):  # a tap (go-on) told the game's window
            perform(desktop, tap(right_point), Rect(game.x, game.y, game.width, game.height), window=wid)
        time.sleep(0.1)  # the last events through the stream
        events = monitor.events()
    presses = [e for e in monitor.pointer_events() if e.kind == "press"]
    assert [(e.x, e.y, e.window) for e in presses] == [(*left_point.rounded(), wid)], presses
    assert strays(events, {wid}) == [], strays(events, {wid})
    assert not button_left_down(events) and not button_is_down()
    assert cover.pressed() == [], "a press landed on the cover"


@dataclass(frozen=True)
class CoveredAtThePress(Geometry):
    """The board's lattice in pointer units that maps a cover over the whole game at the last
    moment before the press: when the drag asks where its first cell is for the second time
    (the first answer sizes its re-send jiggle, the second is the press). Every look and window
    check the drag makes before the press has been made then, as on a machine that stalled the
    bot between its last look and the press."""

    cover: Callable[[], None] = field(default=lambda: None, compare=False)
    asked: list[Cell] = field(default_factory=list, compare=False)

    def centre(self, cell: Cell) -> Point:
        self.asked.append(cell)
        if self.asked.count(self.asked[0]) == 2 and cell == self.asked[0]:
            self.cover()
        return super().centre(cell)


def test_a_cover_that_comes_between_the_last_look_and_the_press_gets_no_press(
    windows: Windows, desktop: DesktopDevice
) -> None:
    """The watched drag on the practice game, read by the detector from a real grab: a window
    that covers the whole game after the drag's last look and window check, right before its
    press, gets no press (and the game no press either); the drag stops naming the cover."""
    game = windows.game(seed=71, position=(200, 100), levels=1)
    wid = window_of(game)
    region = Rect(game.x, game.y, game.width, game.height)
    found = detect(desktop.grab(region), read_text=False)
    assert found.board is not None and found.geometry is not None, found.reason
    start = found.board.start
    near = [(start[0] + dr, start[1] + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))]
    path = [start, next(cell for cell in near if cell in found.board.open_cells)]
    with PressMonitor() as monitor:
        cover = CoverWindow(windows)
        shown: list[int] = []

        def cover_the_game() -> None:
            shown.append(len(monitor.events()))
            cover.show(box_of(game))
            cover.shown(monitor, box_of(game), shown[0])

        on_screen = found.geometry.translated(game.x, game.y)  # Xvfb: one image pixel per pointer unit
        pointer = CoveredAtThePress(
            on_screen.origin, on_screen.pitch, on_screen.rows, on_screen.cols, cover_the_game
        )
        with pytest.raises(DragStopped) as stopped:
            watched_drag(desktop, region, found.geometry, pointer, path, window=wid)
        time.sleep(0.1)  # the last events through the stream
        events = monitor.events()
    assert shown, f"the cover never came: the drag asked for {pointer.asked}"
    presses = [(e.x, e.y, e.window) for e in monitor.pointer_events() if e.kind == "press"]
    assert presses == [], f"pressed {presses} (the cover's window is not {wid})"
    assert strays(events, {wid}) == [] and not button_left_down(events)
    assert cover.pressed() == [], "a press landed on the cover"
    assert stopped.value.cause == "covered", stopped.value


def test_two_games_on_the_screen_are_refused_by_name_and_nothing_is_pressed(
    windows: Windows, tmp_path: Path
) -> None:
    """Two games side by side (a second client, or a frozen window a crash left beside the game):
    the bot cannot tell which one it plays; it says so, naming both places, and presses nothing.
    (Before, it played whichever board the detector found: in a CI run a frozen practice window
    left by another test drew the drags and never answered.)"""
    left = windows.game(seed=3, position=(60, 100))
    right = windows.game(seed=8, position=(1300, 200))
    done = run_bot("play", "--levels", "1", "--log-dir", str(tmp_path), timeout=120)
    assert (left.records(), right.records()) == ([], []), done.stdout + done.stderr
    assert done.returncode == 1, done.stdout + done.stderr
    last = done.stderr.strip().splitlines()[-1]
    assert "two boards on the screen, at " in last and "not playing either" in last, last
    assert "Traceback" not in done.stderr


def test_one_game_beside_a_window_of_another_kind_is_played(windows: Windows, tmp_path: Path) -> None:
    """The check for a second board reads the rest of the screen: a plain window beside the game
    is no board, and the level is played."""
    game = windows.game(seed=3, position=(60, 100))
    windows.cover(1200, 150, 500, 700)
    done = run_bot("play", "--levels", "1", "--log-dir", str(tmp_path), timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert [r["level"] for r in game.records() if r.get("cleared")] == [1]
