"""Watching the screen between drags: where the game is, the latest sight, finding the board, stillness.

`ScreenWatch` keeps the game's region (capture units: a profile's, or found around the board and
followed when the window moves), the game's window when the device can tell (X11), and the latest
sight, so that a look at unchanged pixels keeps its detection (bot/play/sight.py). It decides
nothing about the level; it only says what the screen shows. (During a drag the board's cells are
watched by vision's `BoardWatch`, bot/vision/watch.py.)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from onestroke.bot.device import Device, WindowState
from onestroke.bot.play import guards
from onestroke.bot.play.faults import Fault, window_fault
from onestroke.bot.play.sight import Reader, Sight, needs_words, sight_of, with_words
from onestroke.bot.vision import detect
from onestroke.bot.vision.blank import nothing_drawn
from onestroke.bot.vision.change import held_still, identical
from onestroke.bot.vision.second import second_board
from onestroke.bot.vision.wordlists import WordLists, word_lists
from onestroke.coords import Rect
from onestroke.locate import work_region

POLL = 0.02  # seconds between looks while waiting for the game (a look at unchanged pixels costs a grab)
SEARCH_AFTER = 0.5  # seconds the region may show nothing known before the whole screen is searched
BACK_POLL = 0.1  # seconds between looks while a covered or minimised game is waited for
STILL = 0.05  # seconds between two equal frames that show a new level has finished appearing


@dataclass
class ScreenWatch:
    """Looks at `device`'s screen: in `region` (capture units) once known, else the whole screen."""

    device: Device
    region: Rect | None = None  # where the game is (capture units), None: not found yet
    reader: Reader | None = None  # a taught look (`play --look`); None: the built-in reading
    window: Rect | None = field(default=None, init=False)  # the game window (capture units), when known
    window_id: int | None = field(default=None, init=False)  # its id in the window stack, when known
    board_box: Rect | None = field(default=None, init=False)  # the board's lattice bounds (pointer units)
    window_box: Rect | None = field(default=None, init=False)  # the window's rectangle (pointer units)
    lists: WordLists = field(default_factory=word_lists)  # the words screens are judged by (the user's added)
    seen: Sight | None = field(default=None, init=False)  # the latest sight (kept while the pixels stay)
    before: Sight | None = field(default=None, init=False)  # the sight before it
    last_read: Sight | None = field(default=None, init=False)  # the latest sight whose words were read
    on_sight: Callable[[Sight], None] | None = field(default=None, init=False)  # e.g. the video's frames

    @property
    def screen(self) -> Rect:
        """The whole monitor (or device screen) in capture coordinates."""
        return self.device.screen

    def at(self, region: Rect) -> Sight:
        """A sight of `region` (capture units), reusing the latest one's detection when the pixels equal."""
        self.before = self.seen
        self.seen = sight_of(self.device, region, self.seen, self.reader)
        if self.on_sight is not None:
            self.on_sight(self.seen)
        return self.seen

    def now(self) -> Sight:
        """A sight of the game's region (the whole screen while it is not known)."""
        return self.at(self.region or self.screen)

    def read(self, sight: Sight) -> Sight:
        """`sight` with the words on its screen read and judged (bot/play/sight.py `with_words`):
        a plain level and the real game's complete screen cost no reading; kept as the latest
        sight when it is, so that looks at the same pixels keep what was read."""
        if not needs_words(sight):
            return sight
        last = self.last_read
        if last is not None and self.same_part(last, sight, self.board_part(sight)):
            read = replace(sight, detection=last.detection)  # the board's part says what it said
        else:
            read = with_words(sight, self.lists)
            self.last_read = read
        if self.seen is sight:
            self.seen = read
        return read

    @staticmethod
    def same_part(a: Sight, b: Sight, part: Rect) -> bool:
        """Two looks at the same region that show `part` (image pixels) alike."""
        return a.screen_map.region == b.screen_map.region and held_still(a.image, b.image, part.slices())

    def held(self, sight: Sight, part: Rect | None) -> bool:
        """`sight` (the latest look) shows `part` (image pixels; None: the board's part, as it was
        last found) as the look before it did: the app's own change there (an animation, a panel
        coming in) is over, whatever moves elsewhere (a banner in a corner)."""
        before = self.before
        return before is not None and self.same_part(before, sight, part or self.board_part(sight))

    def board_part(self, sight: Sight) -> Rect:
        """Where the board was last found, in `sight`'s image pixels, with one cell's room around
        it (the whole image when no board was found yet, or it lies outside this look)."""
        whole = Rect(0, 0, sight.image.shape[1], sight.image.shape[0])
        if self.board_box is None:
            return whole
        box = sight.screen_map.pointer_to_image(self.board_box)
        pad = min(box.width, box.height) / 8
        return whole.intersection(box.grown(pad, pad).rounded()) or whole

    def find_board(self) -> Sight:
        """A detection that passed every self-check: in the game's region first, then the whole screen.

        When the board sits against the edge of the region (the window moved), the whole screen
        is searched again and the region follows the board.
        """
        sight = self.now()
        if self.region is not None:
            if sight.board is not None and guards.well_inside(sight, self.screen, self.window):
                return sight  # the game is where it was: keep the region
            sight = self.at(self.screen)
        whole = sight
        window = guards.game_window(self.device, sight)
        if sight.board is None and window is not None and window != sight.screen_map.region:
            # Lattice positions straddling the window's edge read as neither cell nor background;
            # inside the window's own rectangle they lie outside the image and read as holes.
            sight = self.at(window)
        if sight.board is not None:
            sight = self.alone(sight, whole)
        if sight.board is not None:
            region = work_region(guards.board_in_capture(sight), self.screen)
            self.region = (window and region.intersection(window)) or region
            self.window = window
            self.remember_window(sight)
        return sight

    def alone(self, sight: Sight, whole: Sight) -> Sight:
        """`sight` (a board found) as it is when `whole`, the look at the whole screen it was found
        from, shows no other board beside that one; else refused, naming both: two game windows,
        or a frozen one left beside the game, and a drag on the wrong one gets no answer
        (bot/vision/second.py)."""
        found = sight.detection.geometry
        assert found is not None
        geometry = whole.screen_map.pointer_to_image(sight.screen_map.image_to_pointer(found))
        other = second_board(whole.image, geometry, self.reader or detect)
        if other is None:
            return sight
        first, second = (whole.screen_map.image_to_pointer(g.bounds()) for g in (geometry, other))
        places = " and ".join(f"{box.left:.0f},{box.top:.0f}" for box in (first, second))
        reason = (
            f"two boards on the screen, at {places}: not playing either"
            " (close the other game, or move it off the screen)"
        )
        return replace(sight, detection=replace(sight.detection, board=None, reason=reason))

    def remember_window(self, sight: Sight) -> None:
        """Note the window (id, place) and the board `sight` shows, for `window_fault` to compare."""
        geometry = sight.detection.geometry
        assert geometry is not None
        self.window_id = guards.game_window_id(self.device, sight)
        self.board_box = sight.screen_map.image_to_pointer(geometry.bounds())
        state = self.window_state()
        self.window_box = state.box if state is not None else None

    def window_state(self) -> WindowState | None:
        """The game's window now, as the window stack shows it; None: no stack, or not known."""
        stack = self.device.windows
        if stack is None or self.window_id is None or self.board_box is None:
            return None
        return stack.state(self.window_id, self.board_box)

    def window_fault(self) -> Fault | None:
        """What happened to the window the board was last found in (None: nothing, or cannot tell)."""
        state = self.window_state()
        if state is None or self.window_box is None:
            return None
        return window_fault(self.window_box, state)

    def forget(self) -> None:
        """The board is not where it was (moved, resized, restarted): look at the whole screen next."""
        self.region = None
        self.window = None
        self.seen = None

    def elsewhere(self) -> Sight | None:
        """A look at the whole screen, when the game's region shows neither a board nor a complete
        screen: a sight there of a board (the region follows it) or of a complete screen (the
        region is forgotten: the next looks take in the whole screen); None: neither shows."""
        if self.region is None:
            return None
        sight = self.at(self.screen)
        if sight.board is not None:
            self.region = None
            return self.find_board()
        if sight.detection.screen == "complete":
            self.forget()
            return sight
        return None

    def search_for_board(self, timeout: float) -> Sight | None:
        """The game's window closed between levels (a restart?): look for a board on the whole
        screen until one passes every self-check; None after `timeout` s."""
        self.forget()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            sight = self.find_board()
            if sight.board is not None:
                return sight
            time.sleep(BACK_POLL)
        return None

    def drawn_again(self, timeout: float) -> Sight | None:
        """The game's region shows nothing drawn (vision's `nothing_drawn`: a window before its
        first paint, a browser between pages, a game closing): wait up to `timeout` s for a look
        with something drawn in it, or a board or a complete screen elsewhere on the whole screen
        (searched every `SEARCH_AFTER` s: the game started again in another window while the old
        one stays black); when the window closes meanwhile, look for the game on the whole screen
        for the rest of the time (a restart). None: nothing drawn by then."""
        deadline = time.monotonic() + timeout
        searched = time.monotonic()
        while time.monotonic() < deadline:
            time.sleep(BACK_POLL)
            if self.window_fault() == "closed":
                return self.search_for_board(deadline - time.monotonic())
            sight = self.now()
            if not nothing_drawn(sight.image):
                return sight
            if time.monotonic() - searched >= SEARCH_AFTER:
                searched = time.monotonic()
                there = self.elsewhere()
                if there is not None:
                    return there
        return None

    def wait_for_board(self, timeout: float) -> Sight | None:
        """After a cover or a minimise: wait until the game's window shows again, uncovered, and a
        board passes every self-check (found anywhere on the screen); None after `timeout` s."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            time.sleep(BACK_POLL)
            fault = self.window_fault()
            if fault in ("covered", "unmapped"):
                continue
            if fault == "closed":
                return None
            sight = self.find_board()
            if sight.board is not None and self.window_fault() is None:
                return sight
        return None

    def wait_until_still(self, sight: Sight, timeout: float) -> None:
        """The new level's board, as `sight` shows it, the same on two frames `STILL` s apart: it
        has finished appearing (or `timeout` seconds went by). Only the board's part is judged
        (with a cell's room around it): a banner sliding across the top never holds still."""
        deadline = time.monotonic() + timeout
        region = self.region or self.screen
        geometry = sight.detection.geometry
        if sight.screen_map.region != region or geometry is None:
            previous, part = None, None
        else:
            board = geometry.bounds()
            pitch = max(geometry.pitch)
            whole = Rect(0, 0, sight.image.shape[1], sight.image.shape[0])
            previous, part = sight.image, whole.intersection(board.grown(pitch / 2, pitch / 2).rounded())
        grabbed_at = sight.grabbed_at
        while time.monotonic() < deadline:
            time.sleep(max(0.0, grabbed_at + STILL - time.monotonic()))
            grabbed_at = time.monotonic()
            frame = self.device.grab(region)
            box = part.slices() if part is not None else None
            if previous is not None and identical(previous, frame, box):
                return
            previous = frame
