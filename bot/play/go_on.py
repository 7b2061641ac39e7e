"""Going on between levels: the level-complete screen, pressing the proven go-on, waiting for the next level.

The only press that is not the drag is go-on, and only on a screen vision proved to be the
level-complete one (or where the user said, `--next`, after a clear): any other screen is waited
on (a transition), then the loop stops rather than press anything.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from onestroke.bot.device import Device, NotOnWindow, perform
from onestroke.bot.gesture import tap
from onestroke.bot.play.faults import Fault, fault_line, stayed_line
from onestroke.bot.play.logbook import Logbook
from onestroke.bot.play.screen_watch import POLL, SEARCH_AFTER, STILL, ScreenWatch
from onestroke.bot.play.sight import Sight, needs_words, solved
from onestroke.bot.vision.blank import nothing_drawn
from onestroke.bot.vision.screens import complete_by_words, never_at, start_control
from onestroke.bot.vision.wordlists import WordLists
from onestroke.coords import Point, Rect

NOT_KNOWN = "the screen shows neither a level nor a level-complete screen I know: not pressing anything"
NEXT_HINT = "(if it is the game's own complete screen, give its go-on control: --next X,Y)"
UNKNOWN_SCREEN = f"{NOT_KNOWN} {NEXT_HINT}"
OVER_GO_ON = "another window is over the go-on control"
START_SETTLE = 3.0  # seconds a start-up screen not yet understood is looked at again while it paints
SETTLE_POLL = 0.2  # seconds between those looks
PRESS_AGAIN = 1.5  # seconds the complete screen may stay after go-on before it is pressed once more


def unknown_screen(sight: Sight, lists: WordLists) -> str:
    """The line for a screen the loop will not press anything on: what it is not, and the words it
    says when they were read (`UNKNOWN_SCREEN` when they were not)."""
    words = sight.detection.words
    if words is None:
        return UNKNOWN_SCREEN
    return f"{NOT_KNOWN}; {complete_by_words(words, lists=lists).detail} {NEXT_HINT}"


def wait_for_restart(watch: ScreenWatch, log: Logbook, when: str, wait: float) -> None:
    """The game's window is gone: look for the game on the whole screen (a person restarting it,
    an emulator starting again) for up to `wait` s, saying so; the loop stops when no board shows
    by then."""
    log.say(f"{when}: {fault_line('closed', wait=wait)}")
    if watch.search_for_board(wait) is None:
        raise log.stop(f"{when}: {stayed_line('closed', wait)}", watch.now())


def wait_for_drawing(watch: ScreenWatch, log: Logbook, when: str, wait: float) -> None:
    """The screen has nothing drawn (vision's `nothing_drawn`: a game closing, a page reloading, a
    window before its first paint): wait up to `wait` s for something drawn, saying so (the
    window closing meanwhile: a restart, looked for); the loop stops when it stays blank, or no
    game showed."""
    log.say(f"{when}: {fault_line('blank', wait=wait)}")
    if watch.drawn_again(wait) is None:
        fault: Fault = "closed" if watch.window_fault() == "closed" else "blank"
        raise log.stop(f"{when}: {stayed_line(fault, wait)}", watch.now())


def whole_of(sight: Sight) -> Rect:
    """All of `sight`'s image (image pixels)."""
    return Rect(0, 0, sight.image.shape[1], sight.image.shape[0])


@dataclass
class GoOn:
    """Goes on from a cleared level on `device`, pressing only a proven go-on.

    `next_button` is the user's go-on control (`--next`, capture units): it wins over the one
    vision finds on the level-complete screen, and is pressed on a screen vision does not know,
    once the level's board has gone after a clear (never at start-up); but never where the words
    at that point say share, hint, pay... (the loop stops and says so). `start`: a start-up
    screen's start control ("开始游戏", "Start") may be pressed (`--start`).
    """

    device: Device
    watch: ScreenWatch
    log: Logbook
    next_button: Point | None = None
    advance_timeout: float = 4.0
    wait_covered: float = 30.0  # seconds a game that went away is waited for (`--wait-covered`)
    start: bool = False

    def button(self, sight: Sight, *, cleared: bool) -> Point | None:
        """Where to press to go on, in pointer coordinates, or None: nothing here is proven to be go-on.

        On the level-complete screen (vision's `screen`, by its layout or its words): the user's
        `--next` point when given, else the control vision identified. On a screen vision does not
        know: the user's point, only right after a clear (`cleared`), never at start-up. The
        user's point is checked first (`check_users_point`).
        """
        if sight.detection.screen == "complete":
            if self.next_button is not None:
                return self.users_point(sight)
            if sight.detection.next is not None:
                return sight.screen_map.image_to_pointer(sight.detection.next)
            return None
        if cleared and self.next_button is not None and sight.board is None:
            return self.users_point(sight)
        return None

    def users_point(self, sight: Sight) -> Point:
        """The user's `--next` in pointer coordinates, once the words there are checked: a point
        whose words say share, hint, pay... (a never-press word) stops the loop instead."""
        assert self.next_button is not None
        at = sight.screen_map.capture_to_image(self.next_button)
        height, width = sight.image.shape[:2]
        if 0 <= at.x < width and 0 <= at.y < height:
            line = never_at(sight.image, at, lists=self.watch.lists)
            if line is not None:
                x, y = self.next_button
                raise self.log.stop(
                    f"the words at --next {x:g},{y:g} say {line.text!r}, a control never pressed"
                    " (share, hint, pay, replay...): not pressing it (is --next still right for this game?)",
                    sight,
                )
        return sight.screen_map.capture_to_pointer(self.next_button)

    def after_level(self, number: int) -> None:
        """After level `number`: once the app's own change is over, press go-on, then wait for the
        next level.

        A screen that is not a plain level nor the real game's complete screen is read (its
        words) once the board's part of it holds still (a banner elsewhere may keep moving), and
        the go-on control it proves is pressed once it shows as it was read. Any screen that is
        not proven to be the level-complete one is waited on (a transition); when it stays, the
        loop stops with the screenshot saved and the words it saw, rather than press anything.
        """
        deadline = time.monotonic() + self.advance_timeout
        searched = time.monotonic()
        waited_blank = False
        covered_until: float | None = None  # another window over the go-on control: waited on until then
        while True:
            sight = self.watch.now()
            if sight.board is not None and not solved(sight):
                return  # the game moved on by itself
            if self.next_button is None and needs_words(sight) and self.watch.held(sight, None):
                began = time.monotonic()
                sight = self.watch.read(sight)
                deadline += time.monotonic() - began  # reading is the bot's time, not the game's
            button = self.button(sight, cleared=True)
            if button is not None and self.control_held(sight):
                if self.pressed(sight, button):
                    self.watch.last_read = None
                    self.wait_for_level(number)
                    return
                covered_until = self.control_covered(number, sight, button, covered_until)
                deadline = max(deadline, covered_until)
                if self.watch.window_fault() == "closed":  # the game went away under it: restarted?
                    wait_for_restart(self.watch, self.log, f"after level {number}", self.wait_covered)
                    return
                time.sleep(POLL)
                continue
            if time.monotonic() - searched > SEARCH_AFTER:  # the window moved, or the game restarted
                searched = time.monotonic()
                if self.watch.elsewhere() is not None:
                    continue  # the next look is where the board or the complete screen is now
            if time.monotonic() > deadline:
                fault = self.watch.window_fault()
                if fault in ("covered", "unmapped"):
                    self.log.say(f"after level {number}: {fault_line(fault, wait=self.wait_covered)}")
                    if self.watch.wait_for_board(self.wait_covered) is not None:
                        return
                    stayed = stayed_line(fault, self.wait_covered)
                    raise self.log.stop(f"after level {number}: {stayed}", sight)
                if fault == "closed":
                    wait_for_restart(self.watch, self.log, f"after level {number}", self.wait_covered)
                    return
                if not waited_blank and nothing_drawn(sight.image):  # a page reloading, a first paint
                    wait_for_drawing(self.watch, self.log, f"after level {number}", self.wait_covered)
                    waited_blank = True  # once: a screen that keeps going blank is not waited on forever
                    deadline = time.monotonic() + self.advance_timeout
                    continue
                sight = self.watch.read(sight)
                raise self.log.stop(f"after level {number} {unknown_screen(sight, self.watch.lists)}", sight)
            time.sleep(POLL)

    def control_covered(self, number: int, sight: Sight, button: Point, until: float | None) -> float:
        """Another window is over the proven go-on control (a notification, a window opening over
        the game): nothing was pressed; wait for it to go, up to `wait_covered` s from the first
        time, saying so once, then stop. The deadline of the wait."""
        if until is None:
            wait = self.wait_covered
            self.log.say(f"after level {number}: {OVER_GO_ON}; waiting up to {wait:g} s for it to go")
            return time.monotonic() + wait
        if time.monotonic() > until:
            raise self.log.stop(
                f"after level {number}: another window stayed over the go-on control at {button}"
                f" for {self.wait_covered:g} s: not pressing it",
                sight,
            )
        return until

    def control_held(self, sight: Sight) -> bool:
        """The go-on control vision read in the words of an earlier look shows as it did then in
        `sight` (the control the press needs, not the whole screen: a banner may move); True for
        a control not proven by words (the real game's round button, the user's point)."""
        read, go_on = self.watch.last_read, sight.detection.next
        if read is None or go_on is None or sight.detection.words is None or self.next_button is not None:
            return True
        if read.grabbed_at == sight.grabbed_at:
            return False  # just read: the press waits for one look more, that shows the control still there
        line = next((w for w in sight.detection.words if w.box.contains(go_on)), None)
        box = line.box if line is not None else Rect(go_on.x, go_on.y, 1, 1)
        pad = max(4.0, box.height)
        part = whole_of(sight).intersection(box.grown(pad, pad).rounded())
        return part is not None and self.watch.same_part(read, sight, part)

    def leave_complete_screen(self) -> None:
        """At start-up: on the level-complete screen (the last run stopped there), press go-on
        first; on a start-up screen, its start control, only with `start` (`--start`).

        Only on a screen vision positively proves to be the level-complete one, or a start
        control the user allowed: at start-up nothing else is ever pressed. A start screen
        without `--start` stops the loop, saying which control it saw.
        """
        sight = self.watch.now()
        if sight.board is not None:
            return  # a level: nothing to read, nothing to press
        waited = 0.0  # seconds spent looking again; reading is the bot's time, not the screen's
        while True:
            sight = self.watch.read(sight)
            if sight.detection.screen == "complete":
                button = self.button(sight, cleared=False)
                if button is not None:
                    self.log.say("the level-complete screen is showing: pressing go-on first")
                    self.press(sight, button)
                    self.watch.last_read = None
                    self.wait_for_level(None)
                return
            words = sight.detection.words
            found = start_control(words, lists=self.watch.lists) if words else None
            if found is not None and found.go_on is not None:
                break
            # Not proven yet: a window still painting (a loaded machine) shows part of its
            # screen; look again until it holds still, then the first level's look decides.
            began = time.monotonic()
            sight = self.settled(began + START_SETTLE - waited)
            waited += time.monotonic() - began
            if sight is None or sight.board is not None:
                return
        if not self.start:
            raise self.log.stop(
                f"the screen is a start-up screen: {found.detail}; not pressing it"
                " (give --start, or start = true in the settings file, to let the bot start the game)",
                sight,
            )
        self.log.say(f"a start-up screen: pressing {found.detail}")
        self.press(sight, sight.screen_map.image_to_pointer(found.go_on))
        self.watch.last_read = None
        self.wait_for_level(None)

    def settled(self, until: float) -> Sight | None:
        """A look whose pixels differ from the last one judged and then held still for `STILL`
        s (a screen that finished painting), or one showing a board; None when none came
        before `until` (monotonic s): the screen stayed as judged. It looks at least once, however
        late: a first read slow enough to use up the time (OCR models loading on a busy machine)
        must not leave a half-painted screen judged."""
        judged = self.watch.seen
        while True:
            time.sleep(SETTLE_POLL)
            sight = self.watch.now()
            if sight.board is not None:
                return sight
            if judged is None or not self.watch.same_part(judged, sight, whole_of(sight)):
                time.sleep(STILL)  # changed since it was judged: read it once it holds still
                still = self.watch.now()
                if still.board is not None or self.watch.same_part(sight, still, whole_of(still)):
                    return still
            if time.monotonic() >= until:
                return None

    def press(self, sight: Sight, button: Point) -> None:
        """A tap at `button` (pointer coordinates), kept inside what `sight` captured; the loop
        stops when the window stack shows another window than the game's there (never press on
        what is not the game)."""
        if not self.pressed(sight, button):
            raise self.log.stop(f"{OVER_GO_ON} at {button}: not pressing it", sight)

    def pressed(self, sight: Sight, button: Point) -> bool:
        """A tap at `button` (pointer coordinates), kept inside what `sight` captured; False, and
        nothing pressed, when the window stack shows another window than the game's there."""
        stack, game = self.device.windows, self.watch.window_id
        gate = None  # the game's window, when known: the press lands only where it is on top
        if stack is not None and game is not None and self.watch.window_fault() != "closed":
            top = stack.topmost([button])
            if top is not None and top[0] != game:
                return False
            gate = game
        area = sight.screen_map.capture_to_pointer(sight.screen_map.region)
        try:
            perform(self.device, tap(button), area, window=gate)
        except NotOnWindow:  # a window came over the control after the look above
            return False
        return True

    def wait_for_level(self, number: int | None) -> None:
        """After go-on was pressed: wait through the screens in between (a ranking screen) until a
        level shows and its board holds still. Still the real game's complete screen after a
        while: press go-on once more (a screen known by its words is pressed once only)."""
        deadline = time.monotonic() + 2 * self.advance_timeout
        pressed_again = False
        complete_since: float | None = None
        searched = time.monotonic()
        while time.monotonic() < deadline:
            time.sleep(POLL)
            sight = self.watch.now()
            if sight.board is not None and not solved(sight):
                self.watch.wait_until_still(sight, self.advance_timeout)
                return
            if sight.detection.screen != "complete":
                complete_since = None
                if time.monotonic() - searched > SEARCH_AFTER:  # the window moved meanwhile?
                    searched = time.monotonic()
                    self.watch.elsewhere()
                continue
            complete_since = complete_since or time.monotonic()
            if not pressed_again and time.monotonic() - complete_since > PRESS_AGAIN:
                button = self.button(sight, cleared=True)
                if button is not None:  # the press did not take (a busy game): once more
                    self.press(sight, button)
                    pressed_again = True
        sight = self.watch.now()
        if sight.detection.screen == "complete":
            raise self.log.stop(
                f"after level {number} go-on was pressed twice, and the complete screen stays", sight
            )
        when = f"after level {number}" if number is not None else "at start-up"
        if sight.board is None and self.watch.window_fault() == "closed":  # closed as it was pressed
            wait_for_restart(self.watch, self.log, when, self.wait_covered)
        elif sight.board is None and nothing_drawn(sight.image):
            wait_for_drawing(self.watch, self.log, when, self.wait_covered)
        # no level yet: the next attempt looks again, and stops with the screenshot if there is none
