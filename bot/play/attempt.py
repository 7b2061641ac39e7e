"""Attempts at one level: a board to trust, plan, guard, drag, and confirm the game advanced.

A level that shows part of a path drawn (an early release, a stall, a person who began it) is
finished from the cat, or from the latest drawn cell with a finish (solver/finish.py): a retry
is never the same blind drag again. A level that did not advance after a drag is looked at again
and gone on from what shows: `ATTEMPTS` watched drags (`OPEN_LOOP_ATTEMPTS` open-loop ones) per
level, then the loop stops. A game that froze and answered again gets its attempts back (up to
`THAWS` times a level): the drags it ignored while frozen say nothing about the route.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from onestroke.bot.device import Device, StrokeLost, perform
from onestroke.bot.gesture import DEFAULT_STROKE_PACE, StrokePace, route_gesture
from onestroke.bot.play import guards
from onestroke.bot.play.drag import FAULTS, DragReport, DragStopped, StopCause, watched_drag
from onestroke.bot.play.faults import SEARCHED, WAITED, Fault, fault_line, stayed_line
from onestroke.bot.play.frozen import FROZEN_AFTER, changed_within
from onestroke.bot.play.go_on import unknown_screen, wait_for_drawing, wait_for_restart
from onestroke.bot.play.known import KnownBoard
from onestroke.bot.play.logbook import LevelReport, Logbook
from onestroke.bot.play.pace import DragPace, slower
from onestroke.bot.play.screen_watch import POLL, SEARCH_AFTER, ScreenWatch
from onestroke.bot.play.sight import Sight, needs_words
from onestroke.bot.vision.blank import nothing_drawn
from onestroke.coords import Geometry, Point
from onestroke.solver.board import Board, Cell
from onestroke.solver.finish import Finish, WalkedError, finish

ATTEMPTS = 3  # watched drags per level before the loop gives up on it
OPEN_LOOP_ATTEMPTS = 5  # open-loop drags: each at half the pace of the one before (16x slower last)
SETTLED = 1.0  # seconds a level must show the same drawn cells, after a drag, to count as not advancing
WAIT_COVERED = 30.0  # seconds a covered or minimised game is waited for, by default (`--wait-covered`)
THAWS = 3  # freezes a level may come back from with its attempts given back (then they count)
CHANGED_LOOKS = 3  # looks again, in a row, on a board that changed before the drag, then the loop stops
UNKNOWN_STEADY = 0.1  # seconds a screen vision does not know must stay before the user's --next goes on

Outcome = Literal["advanced", "stayed", "gone"]
"""What the game did after a drag (see `Attempts.wait_for_advance`)."""


@dataclass(frozen=True)
class Retry:
    """What an attempt that did not clear the level leaves to the next one."""

    reread: Sight | None = None  # the last look after the drag, read with the known board
    known: KnownBoard | None = None  # the board the last drag was planned on
    drag_stopped: bool = False  # the watched drag stopped: the game may still take its last moves
    changed: int = 0  # looks in a row whose board changed before the drag began (no drag made)
    thawed: bool = False  # the game froze under the drag and answered again: the drags it ignored are void


@dataclass
class Attempts:
    """Clears one level at a time on `device` (`clear_level`), a few attempts each.

    - `pace`: how fast routes are stroked open loop (bot/play/pace.py), slower on each retry;
    - `drag_pace`: how fast this game answers, learned by the watched drags;
    - `dry_run`: everything but pressing; the overlay of each solved level goes to the logbook;
    - `next_button`: the user's go-on control (`--next`): a screen vision does not know that
      holds after a drag counts as the level cleared;
    - `wait_covered`: seconds a covered or minimised game is waited for (`--wait-covered`).
    """

    device: Device
    watch: ScreenWatch
    log: Logbook
    pace: StrokePace = DEFAULT_STROKE_PACE
    drag_pace: DragPace = field(default_factory=DragPace)
    dry_run: bool = False
    next_button: Point | None = None
    solve_timeout: float = 5.0
    advance_timeout: float = 4.0
    wait_covered: float = WAIT_COVERED
    before_stroke: Callable[[], bool] = lambda: False  # the pause and stop keys' moment (loop.py)
    drags: list[DragReport] = field(default_factory=list, init=False)  # what each watched drag cost
    unanswered: int = field(default=0, init=False)  # drags in a row the game ignored, the screen unchanged

    def clear_level(self, number: int) -> LevelReport:
        """Detect, plan and drag level `number`; when it did not advance, look again and go on from
        what shows (a few attempts, then the loop stops)."""
        self.log.level = number
        self.unanswered = 0
        attempts = ATTEMPTS if self.device.capabilities.fast_capture else OPEN_LOOP_ATTEMPTS
        last = Retry()
        attempt = 1
        thaws = 0
        while attempt <= attempts:
            if self.before_stroke():  # paused: look afresh, the person may have played meanwhile
                last = Retry()
            sight = last.reread or self.checked_sight(settle=last.drag_stopped, known=last.known)
            self.log.keep(sight, "first" if attempt == 1 and not last.changed else "retry")
            tried = self.attempt(number, attempt, sight, last)
            if isinstance(tried, LevelReport):
                return tried
            attempt += 0 if tried.changed else 1  # a look that led to no drag is not an attempt
            if tried.thawed and thaws < THAWS:
                # the frozen game ignored this drag and the unanswered ones before it (they are
                # only told from a refused move by a second still screen in a row): start afresh
                thaws += 1
                attempt = 1
            last = tried
        raise self.log.stop(f"level {number} did not advance after {attempts} attempts", self.watch.now())

    def attempt(self, number: int, attempt: int, sight: Sight, last: Retry) -> LevelReport | Retry:
        """Attempt `attempt` at level `number` on what `sight` shows: the level's report when it
        cleared, else what the next attempt goes on from.

        A drawn path on the board (detection's `walked`) is finished from the cat or from the
        latest drawn cell with a finish (`solver.finish`); the open-loop gesture of a device
        without fast capture goes slower on each retry.
        """
        board = sight.board
        assert board is not None and sight.detection.geometry is not None
        if len(sight.detection.walked) == len(board):  # every cell drawn: the game is about to say so
            outcome, _ = self.wait_for_advance(board)
            if outcome == "advanced":
                return LevelReport.of(number, board, sight, 0.0, 0.0, attempt)
            return Retry(known=last.known)
        plan, solve_ms = self.planned(number, sight)
        self.log.planned(sight, plan.path, resumed=plan.drawn > 0)
        geometry = sight.screen_map.image_to_pointer(sight.detection.geometry)
        gesture = route_gesture(plan.stroke[plan.drag_start :], geometry, slower(self.pace, attempt))
        blocked = guards.blocked_by(self.device, sight, geometry, gesture)
        if blocked == "changed" and last.changed < CHANGED_LOOKS:
            # the game was still drawing (a late frame, an animation, a window settling after a
            # move): nothing was pressed; look again, as a person waits for the screen to settle
            self.log.say(f"level {number}: the board changed between looking and dragging; looking again")
            return Retry(known=last.known, drag_stopped=True, changed=last.changed + 1)
        if blocked:
            raise self.log.stop(guards.BLOCKED_LINES[blocked], sight)
        if self.dry_run:
            folder = self.log.save(sight, plan.path, tag="dry-run")
            self.log.say(f"dry run: level {number} solved in {solve_ms:.1f} ms, overlay in {folder}")
            return LevelReport.of(number, board, sight, solve_ms, 0.0, attempt)
        began = time.perf_counter()
        known = KnownBoard(sight, plan.stroke)
        if self.device.capabilities.fast_capture:  # watch the game take every cell (bot/play/drag.py)
            stopped = self.watched(number, sight, geometry, plan)
            if stopped is not None:
                # the next attempt looks again: a reread from before this drag is stale now; and
                # after a fault the board may be elsewhere, or redrawn: the known lattice too
                return Retry(
                    known=None if stopped in FAULTS else known, drag_stopped=True, thawed=stopped == "frozen"
                )
        else:  # no fast capture (a phone): open loop, then the screenshot says what the game took
            try:
                perform(self.device, gesture, geometry.bounds())
            except StrokeLost as lost:  # the link dropped: once it is back, look again and go on
                self.device.after_lost_stroke(lost)
                self.log.say(f"level {number}: the stroke broke off when the link dropped; looking again")
                return Retry(known=known, drag_stopped=True)
        drag_s = time.perf_counter() - began
        outcome, reread = self.wait_for_advance(board, known)
        if (
            outcome == "gone"
            and self.watch.window_fault() != "closed"
            and self.waited_while_blank(f"level {number}")
        ):
            outcome, reread = self.wait_for_advance(board, known)  # something is drawn: what is it?
        if outcome == "advanced":
            return LevelReport.of(number, board, sight, solve_ms, drag_s, attempt)
        if outcome == "gone":
            if self.restarted(number):
                return Retry()
            sight = self.watch.read(self.watch.now())
            said = unknown_screen(sight, self.watch.lists)
            raise self.log.stop(f"after the drag on level {number} {said}", sight)
        self.log.say(f"level {number}: the game did not advance after the drag; looking again")
        return Retry(reread=reread, known=known)

    # -- a board to trust --------------------------------------------------------------------

    def checked_sight(self, *, settle: bool = False, known: KnownBoard | None = None) -> Sight:
        """A board that passed the detector's self-checks, looking twice before giving up.

        `settle` (after a drag that stopped): the game may still be taking the drag's last moves
        (a late frame on a busy machine), so the board must read alike (board and walked cells)
        on two looks in a row, two of the game's answer times apart; a resume planned on the
        look before the late frame would press where the cat was, or be refused as a board that
        changed before the drag. `known` (the board the last drag was planned on) reads a look
        vision refuses when it still shows that board (bot/play/known.py).
        """
        sight = self.trusted_sight(known)
        deadline = time.monotonic() + self.advance_timeout
        while settle:
            time.sleep(max(POLL, 2 * self.drag_pace.expected))  # a frame that was due has come
            again = self.trusted_sight(known)
            if again.board == sight.board and again.detection.walked == sight.detection.walked:
                return again
            if time.monotonic() > deadline:
                raise self.log.stop("the board kept changing: no two looks in a row read alike", again)
            sight = again
        return sight

    def trusted_sight(self, known: KnownBoard | None = None) -> Sight:
        """One board that passed the detector's self-checks, looking twice before giving up
        (with `known`, the last look read with the board the drag was planned on)."""
        sight = self.watch.find_board()
        if sight.board is None:
            self.log.keep(sight, "unsure", sight.detection.reason)
            time.sleep(0.3)
            sight = self.watch.find_board()
        if sight.board is None and known is not None and sight.detection.screen != "complete":
            sight = known.reread(sight) or sight
        if sight.board is None:
            raise self.log.stop(f"no board I can trust on screen: {sight.detection.reason}", sight)
        return sight

    # -- plan and drag -----------------------------------------------------------------------

    def planned(self, number: int, sight: Sight) -> tuple[Finish, float]:
        """How to finish level `number` from what `sight` shows, and the milliseconds planning took;
        a board with no finish stops the loop."""
        board = sight.board
        assert board is not None
        began = time.perf_counter()
        try:
            plan = finish(board, sight.detection.walked, timeout=self.solve_timeout)
        except WalkedError as error:
            raise self.log.stop(f"level {number}: {error}", sight) from None
        solve_ms = (time.perf_counter() - began) * 1e3
        if not plan.solved:
            result = plan.result
            assert result is not None  # nothing solved only when every cell is walked (`attempt`)
            raise self.log.stop(f"level {number}: board is {result.status}: {result.reason}", sight)
        note = plan.describe()
        if note:
            self.log.say(f"level {number}: {note}")
        return plan, solve_ms

    def watched(self, number: int, sight: Sight, geometry: Geometry, plan: Finish) -> StopCause | None:
        """The watched drag of `plan` (`geometry` in pointer units): None when it went to its end,
        else why it stopped with the finger lifted (the level is looked at again).

        The game's window closed: the loop stops. Moved or resized: the board is searched for on
        the whole screen by the next look. Covered or minimised: wait for the board to come back
        (`wait_covered` seconds), then go on.
        """
        assert sight.detection.geometry is not None
        try:
            self.drags.append(
                watched_drag(
                    self.device,
                    sight.screen_map.region,
                    sight.detection.geometry,
                    geometry,
                    plan.stroke,
                    pace=self.drag_pace,
                    start=plan.drag_start,
                    window=self.watch.window_id,
                )  # fmt: skip
            )
            self.unanswered = 0
        except DragStopped as stopped:
            last_step = stopped.taken >= len(plan.board) - 1  # every cell but the last showed taken
            if stopped.cause == "closed" and last_step and self.restarted(number):
                return stopped.cause  # closed as the level cleared, and the game is back (a restart)
            if stopped.cause in ("closed", "vanished"):
                raise self.log.stop(f"level {number}: {stopped}", None) from None
            if stopped.cause in WAITED:
                self.wait_back(number, stopped.cause)
            elif stopped.cause in SEARCHED:
                self.log.say(f"level {number}: {fault_line(stopped.cause)}")
                self.watch.forget()
            elif stopped.cause == "not-following" and self.frozen(number, sight, stopped):
                return "frozen"
            else:
                self.log.say(f"level {number}: {stopped}; looking again")
            return stopped.cause
        return None

    def restarted(self, number: int) -> bool:
        """After a drag the board gave way to nothing known: False when the game's window is still
        there; when it is gone, look for the game on the whole screen (a person restarting it, an
        emulator starting again: up to `wait_covered` s), True once a board shows; the loop stops
        when none does."""
        if self.watch.window_fault() != "closed":
            return False
        wait_for_restart(self.watch, self.log, f"level {number}", self.wait_covered)
        return True

    def waited_while_blank(self, when: str) -> bool:
        """The screen after the drag is no level and nothing known: when it has nothing drawn (a
        game closing, a page reloading, a window before its first paint), say so and wait up to
        `wait_covered` s for something drawn (True); False when something is drawn already. The
        loop stops when it stays blank, or the window closed and no game showed."""
        if not nothing_drawn(self.watch.now().image):
            return False
        wait_for_drawing(self.watch, self.log, when, self.wait_covered)
        return True

    def frozen(self, number: int, sight: Sight, stopped: DragStopped) -> bool:
        """The drag got no answer: True when the game froze (nothing on the screen changed since the
        drag's last look, release included, for `FROZEN_AFTER` s; bot/play/frozen.py) and answered
        again within `wait_covered` s; False when it refused the move (something changed). A game
        that stays frozen stops the loop.

        One still screen proves nothing: a game that took a bumped move as illegal and keeps the
        drawn path (keep on release) shows no change either. So the first such drag is only looked
        at again and resumed; a second in a row that the game ignores too is a frozen game."""
        region = sight.screen_map.region
        if stopped.seen is None or changed_within(self.device, region, stopped.seen, FROZEN_AFTER):
            self.unanswered = 0
            return False
        self.unanswered += 1
        if self.unanswered < 2:
            return False
        self.unanswered = 0
        self.log.say(f"level {number}: {fault_line('frozen', wait=self.wait_covered)}")
        if changed_within(self.device, region, stopped.seen, self.wait_covered):
            self.log.say(f"level {number}: the game answers again; looking again")
            return True
        raise self.log.stop(f"level {number}: {stayed_line('frozen', self.wait_covered)}", self.watch.now())

    def wait_back(self, number: int, fault: Fault) -> None:
        """The board was covered or its window minimised: wait (saying so) until it shows again,
        uncovered; stop when the window closed meanwhile or `wait_covered` seconds went by."""
        self.log.say(f"level {number}: {fault_line(fault, wait=self.wait_covered)}")
        if self.watch.wait_for_board(self.wait_covered) is not None:
            self.log.say(f"level {number}: the board is back; going on")
            return
        if self.watch.window_fault() == "closed":
            raise self.log.stop(f"level {number}: {fault_line('closed')}", None)
        raise self.log.stop(f"level {number}: {stayed_line(fault, self.wait_covered)}", self.watch.now())

    # -- confirm ---------------------------------------------------------------------------

    def wait_for_advance(self, board: Board, known: KnownBoard | None = None) -> tuple[Outcome, Sight | None]:
        """What the game did after a drag on `board`, and the last look read with `known` (or None):

        - "advanced": the level-complete screen or a different board shows (with the user's
          `--next`, also a screen vision does not know, for `UNKNOWN_STEADY` seconds); a screen
          known by its words (another app's panel) once the board's part of it holds still, and
          a finished board that stays, after `SETTLED` seconds, with a go-on control beside it;
        - "stayed": the level still shows cells undrawn, the same ones for `SETTLED` seconds (the
          game has taken what it will), or at the timeout;
        - "gone": at the timeout the board has given way to a screen vision does not know.

        Screens vision does not know are waited on until the timeout (a transition); the time
        reading words takes does not count against it. After an
        open-loop stroke, `known` (the board it was planned on, bot/play/known.py) reads a look
        that vision refuses, when it still shows that board: a path cut short near its end
        leaves too few plain cells for vision to find the lattice.
        """
        deadline = time.monotonic() + self.advance_timeout
        boardless: float | None = None  # since when the looks found no board
        searched = 0.0  # when the whole screen was last searched for the game
        settled: tuple[tuple[Cell, ...], float] | None = None
        solved_since: float | None = None  # since when the board shows every cell walked
        while time.monotonic() < deadline:
            time.sleep(POLL)
            sight = self.watch.now()
            reread = None
            if sight.board is None and sight.detection.screen != "complete" and known is not None:
                reread = known.reread(sight)
                sight = reread or sight
            if sight.board is not None:
                boardless = None
                if sight.board != board:
                    return "advanced", None
                walked = sight.detection.walked
                if len(walked) == len(board):
                    settled = None  # the finished board shows a moment before the complete screen
                    solved_since = solved_since or sight.grabbed_at
                    if sight.grabbed_at - solved_since >= SETTLED and self.watch.held(sight, None):
                        began = time.monotonic()  # it stays: an app whose go-on sits beside it?
                        read = self.watch.read(sight)
                        deadline += time.monotonic() - began
                        if read.detection.screen == "complete":
                            return "advanced", None
                elif settled is None or settled[0] != walked:
                    settled = (walked, time.monotonic())
                elif time.monotonic() - settled[1] >= SETTLED:
                    return "stayed", reread
                continue
            settled = solved_since = None
            if sight.detection.screen == "complete":
                return "advanced", None
            boardless = boardless or sight.grabbed_at
            if self.next_button is None and needs_words(sight) and self.watch.held(sight, None):
                began = time.monotonic()  # the app's own change over the board is over: what does it say?
                read = self.watch.read(sight)
                deadline += time.monotonic() - began  # reading is the bot's time, not the game's
                if read.detection.screen == "complete":
                    return "advanced", None
            if sight.grabbed_at - max(boardless, searched) >= SEARCH_AFTER:  # moved, or restarted?
                searched = sight.grabbed_at
                there = self.watch.elsewhere()
                if there is not None and (there.board is None or there.board != board):
                    return "advanced", None  # the complete screen, or the next level, elsewhere
                if there is not None:
                    boardless = None  # the same board elsewhere: watched there from now on
            if self.next_button is not None and sight.grabbed_at - boardless >= UNKNOWN_STEADY:
                return "advanced", None
        return ("gone" if boardless is not None else "stayed"), None
