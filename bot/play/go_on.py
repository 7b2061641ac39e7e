"""Going on between levels: the level-complete screen, pressing the proven go-on, waiting for the next level.

The only press that is not the drag is go-on, and only on a screen vision proved to be the
level-complete one (or where the user said, `--next`, after a clear): any other screen is waited
on (a transition), then the loop stops rather than press anything.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from onestroke.bot.device import Device, perform
from onestroke.bot.gesture import tap
from onestroke.bot.play.faults import fault_line, stayed_line
from onestroke.bot.play.logbook import Logbook
from onestroke.bot.play.screen_watch import POLL, RESTART_WAIT, SEARCH_AFTER, ScreenWatch
from onestroke.bot.play.sight import Sight
from onestroke.coords import Point

UNKNOWN_SCREEN = (
    "the screen shows neither a level nor a level-complete screen I know: not pressing anything"
    " (if it is the game's own complete screen, give its go-on control: --next X,Y)"
)
PRESS_AGAIN = 1.5  # seconds the complete screen may stay after go-on before it is pressed once more


@dataclass
class GoOn:
    """Goes on from a cleared level on `device`, pressing only a proven go-on.

    `next_button` is the user's go-on control (`--next`, capture units): it wins over the one
    vision finds on the level-complete screen, and is pressed on a screen vision does not know,
    once the level's board has gone after a clear (never at start-up).
    """

    device: Device
    watch: ScreenWatch
    log: Logbook
    next_button: Point | None = None
    advance_timeout: float = 4.0
    wait_covered: float = 30.0  # seconds a covered or minimised game is waited for (`--wait-covered`)

    def button(self, sight: Sight, *, cleared: bool) -> Point | None:
        """Where to press to go on, in pointer coordinates, or None: nothing here is proven to be go-on.

        On the level-complete screen (vision's `screen`): the user's `--next` point when given,
        else the control vision identified. On a screen vision does not know: the user's point,
        only right after a clear (`cleared`), never at start-up.
        """
        if sight.detection.screen == "complete":
            if self.next_button is not None:
                return sight.screen_map.capture_to_pointer(self.next_button)
            if sight.detection.next is not None:
                return sight.screen_map.image_to_pointer(sight.detection.next)
            return None
        if cleared and self.next_button is not None and sight.board is None:
            return sight.screen_map.capture_to_pointer(self.next_button)
        return None

    def after_level(self, number: int) -> None:
        """After level `number`: press go-on, then wait for the next level.

        Any screen that is not proven to be the level-complete one is waited on (a transition);
        when it stays, the loop stops with the screenshot saved rather than press anything.
        """
        deadline = time.monotonic() + self.advance_timeout
        searched = time.monotonic()
        while True:
            sight = self.watch.now()
            if sight.board is not None:
                return  # the game moved on by itself
            button = self.button(sight, cleared=True)
            if button is not None:
                self.press(sight, button)
                self.wait_for_level(number)
                return
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
                    looking = f"looking for the game for up to {RESTART_WAIT:g} s"
                    self.log.say(f"after level {number}: {fault_line(fault)}; {looking}")
                    if self.watch.search_for_board(RESTART_WAIT) is not None:
                        return
                raise self.log.stop(f"after level {number} {UNKNOWN_SCREEN}", sight)
            time.sleep(POLL)

    def leave_complete_screen(self) -> None:
        """Started on the level-complete screen (the last run stopped there): press go-on first.

        Only on a screen vision positively proves to be the level-complete one: at start-up
        nothing else is ever pressed.
        """
        sight = self.watch.now()
        if sight.detection.screen != "complete":
            return
        button = self.button(sight, cleared=False)
        if button is not None:
            self.log.say("the level-complete screen is showing: pressing go-on first")
            self.press(sight, button)
            self.wait_for_level(None)

    def press(self, sight: Sight, button: Point) -> None:
        """A tap at `button` (pointer coordinates), kept inside what `sight` captured; not when
        the window stack shows another window than the game's there (never press on what is not
        the game)."""
        stack, game = self.device.windows, self.watch.window_id
        if stack is not None and game is not None:
            top = stack.topmost([button])
            if top is not None and top[0] != game and self.watch.window_fault() != "closed":
                over = f"another window is over the go-on control at {button}: not pressing it"
                raise self.log.stop(over, sight)
        perform(self.device, tap(button), sight.screen_map.capture_to_pointer(sight.screen_map.region))

    def wait_for_level(self, number: int | None) -> None:
        """After go-on was pressed: wait through the screens in between (a ranking screen) until a
        level shows and holds still. Still the complete screen after a while: press go-on once more."""
        deadline = time.monotonic() + 2 * self.advance_timeout
        pressed_again = False
        complete_since: float | None = None
        searched = time.monotonic()
        while time.monotonic() < deadline:
            time.sleep(POLL)
            sight = self.watch.now()
            if sight.board is not None:
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
        # no level yet: the next attempt looks again, and stops with the screenshot if there is none
