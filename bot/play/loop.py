"""The level loop: capture → detect (self-checks) → solve → guards → drag → next level, level after level.

`LevelLoop` composes the loop's parts and talks to a `Device` (bot/device), never to mss,
pyautogui or adb:

- watching the screen (bot/play/screen_watch.py): where the game is, a sight, finding the board, stillness;
- attempts at one level (bot/play/attempt.py): a board to trust, plan, guard, drag, confirm;
- going on between levels (bot/play/go_on.py): the level-complete screen, the proven go-on, the
  next level;
- the record of the run (bot/play/logbook.py): progress lines, reports, pictures, stops.

It stops cleanly — a one-line reason plus the screenshot and overlay saved in a log folder —
when detection fails twice, the board is unsolvable or the solver times out, the board is
covered by another window, the game's window closed mid-drag, no two looks in a row read alike
after a drag that stopped, the level did not advance after three attempts, or after a level the
screen is one it does not know.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from onestroke.bot.device import Device
from onestroke.bot.device.keys import KeyControl
from onestroke.bot.gesture import DEFAULT_STROKE_PACE, StrokePace
from onestroke.bot.play import guards
from onestroke.bot.play.attempt import WAIT_COVERED, Attempts
from onestroke.bot.play.drag import DragReport
from onestroke.bot.play.go_on import GoOn
from onestroke.bot.play.logbook import LevelReport, Logbook, LoopStopped, default_log_dir
from onestroke.bot.play.pace import DragPace, drag_pace, stroke_pace
from onestroke.bot.play.recorder import Recorder
from onestroke.bot.play.screen_watch import ScreenWatch
from onestroke.bot.play.sight import Reader
from onestroke.bot.vision.wordlists import Kind, WordLists, word_lists
from onestroke.coords import Point, Rect

__all__ = ["LevelLoop", "LevelReport", "LoopStopped", "play"]


class StopKey(Exception):
    """The stop key was pressed: the run ends before the next stroke (not an error)."""


@dataclass
class LevelLoop:
    """Plays levels on `device` (see `run`).

    - `region`: where the game is at the start (capture units; a profile's region), None: find
      it; the watch follows the board from there (`watch.region`);
    - `next_button`: the go-on control as the user gave it (`--next`, capture units): pressed
      instead of the one vision finds on the level-complete screen, and also on a screen vision
      does not know, once the level's board has gone after a clear (never at start-up);
    - `dry_run`: everything but pressing; the overlay of each solved level goes to `log_dir`;
    - `log_dir`: where pictures go when the loop stops;
    - `pace`: how fast routes are stroked open loop (bot/play/pace.py);
    - `say`: where progress lines go;
    - `drag_pace`: how fast this game answers, learned by the watched drags (bot/play/drag.py);
    - `recorder`: saves first, unsure and stop screens as fixture pairs (`play --record`);
    - `start`: a start-up screen's start control ("开始游戏", "Start") may be pressed (`--start`);
    - `lists`: the words screens are judged by (vision's lists, with the user's own added).
    """

    device: Device
    region: Rect | None = None
    next_button: Point | None = None
    dry_run: bool = False
    log_dir: Path = Path("onestroke-logs")
    pace: StrokePace = DEFAULT_STROKE_PACE
    solve_timeout: float = 5.0
    advance_timeout: float = 4.0
    say: Callable[[str], None] = print
    drag_pace: DragPace = field(default_factory=DragPace)
    recorder: Recorder | None = None
    wait_covered: float = WAIT_COVERED  # seconds a covered or minimised game is waited for
    keys: KeyControl | None = None  # the pause and stop keys, when listened to (session.py)
    reader: Reader | None = None  # a taught look (`play --look`); None: the built-in reading
    start: bool = False  # a start-up screen's start control may be pressed (`--start`)
    lists: WordLists = field(default_factory=word_lists)  # the words screens are judged by
    cleared: list[LevelReport] = field(default_factory=list, init=False)  # as they clear: kept on a stop too
    watch: ScreenWatch = field(init=False)
    log: Logbook = field(init=False)
    attempts: Attempts = field(init=False)
    go_on: GoOn = field(init=False)

    def __post_init__(self) -> None:
        self.watch = ScreenWatch(self.device, self.region, self.reader, lists=self.lists)
        self.log = Logbook(self.log_dir, self.say, self.recorder)
        self.attempts = Attempts(
            self.device,
            self.watch,
            self.log,
            pace=self.pace,
            drag_pace=self.drag_pace,
            dry_run=self.dry_run,
            next_button=self.next_button,
            solve_timeout=self.solve_timeout,
            advance_timeout=self.advance_timeout,
            wait_covered=self.wait_covered,
            before_stroke=self.before_stroke,
        )
        self.go_on = GoOn(
            self.device,
            self.watch,
            self.log,
            self.next_button,
            self.advance_timeout,
            self.wait_covered,
            start=self.start,
        )

    @property
    def drags(self) -> list[DragReport]:
        """What each watched drag of the run cost."""
        return self.attempts.drags

    def run(self, levels: int | None) -> list[LevelReport]:
        """Clear `levels` levels (None: until stopped); one progress line per level. The levels
        cleared are also in `cleared` as they clear, for a caller whose run stopped; the stop key
        ends the run after the level in hand."""
        self.cleared = []
        number = 1
        if not self.dry_run:
            self.go_on.leave_complete_screen()
        while levels is None or number <= levels:
            try:
                report = self.attempts.clear_level(number)
            except StopKey:
                break
            self.cleared.append(report)
            self.log.cleared(report)
            if self.dry_run or (levels is not None and number == levels) or self.stop_asked():
                break
            self.go_on.after_level(number)
            number += 1
        return list(self.cleared)

    def stop_asked(self) -> bool:
        return self.keys is not None and self.keys.stop_requested.is_set()

    def before_stroke(self) -> bool:
        """Before each look that leads to a stroke: wait while the pause key holds the bot (True:
        it paused, so what the bot knew of the board is old: the person may have played); the
        stop key ends the run here."""
        if self.keys is None:
            return False
        paused = self.keys.wait_while_paused(self.log.say)
        if self.stop_asked():
            raise StopKey
        return paused


def play(device: Device, levels: int | None = 1, **options: Any) -> list[LevelReport]:
    """Clear `levels` levels (None: until stopped) of the game on `device`; one report per level.

    `options` are `level_loop`'s (below): `region`, `next_button`, `dry_run`, `speed`, `log_dir`,
    `say`, `record`, `wait_covered`, `start`, `go_on_words`, `never_words`. Raises `LoopStopped`
    with the reason (and where the pictures went) when the loop refuses to go on, `DeviceError`
    when the device fails. Open the device first and close it after
    (`with onestroke.open_device("desktop") as device: onestroke.play(device)`).
    """
    return level_loop(device, **options).run(levels)


def level_loop(
    device: Device,
    *,
    region: Rect | None = None,
    next_button: Point | None = None,
    dry_run: bool = False,
    speed: float | None = None,
    log_dir: Path | None = None,
    say: Callable[[str], None] = print,
    record: Path | None = None,
    wait_covered: float = WAIT_COVERED,
    reader: Reader | None = None,
    start: bool = False,
    go_on_words: Sequence[str] = (),
    never_words: Sequence[str] = (),
) -> LevelLoop:
    """The loop `play` runs (and the `play` command's session, with its report, video and keys:
    bot/play/session.py).

    `region` (capture units) is where the game is, when known; it must lie on the screen.
    `speed` is the drag's speed in cells per second on every device (0 or None: a watched drag as
    fast as the game takes it; an open-loop stroke at 0 without pauses, at None the default).
    `record` is a folder where each level's first screen and every screen the loop stopped on
    or was unsure about are saved as fixture pairs (`onestroke fixtures check` reads them). A
    game covered by another window or minimised is waited for up to `wait_covered` seconds.
    `reader` reads each screen instead of the built-in `detect` (a look taught by `onestroke
    teach`: `calibration.looks.load_look` and `bot.vision.taught.read`).
    `start`: a start-up screen's start control may be pressed. `go_on_words` and `never_words`
    are the user's own words for a go-on control and for one never pressed (added to vision's
    word lists, bot/vision/wordlists.json; a never-press word wins over any go-on word).
    """
    if region is not None:
        guards.check_region_on_screen(region, device.screen, "region")
    return LevelLoop(
        device,
        region=region,
        next_button=next_button,
        dry_run=dry_run,
        log_dir=log_dir or default_log_dir(),
        pace=stroke_pace(speed, device.capabilities.cell_dwell),
        drag_pace=drag_pace(speed),
        say=say,
        recorder=Recorder(record) if record is not None else None,
        wait_covered=wait_covered,
        reader=reader,
        start=start,
        lists=word_lists().with_words(Kind.GO_ON, go_on_words).with_words(Kind.NEVER, never_words),
    )
