"""The user's keys while the bot plays: F8 pauses before the next stroke (and resumes), F9 stops
after the stroke in hand. Read from the X server by pynput's listener (a thread of its own), so
they work whichever window has the focus — the game's, usually.

pynput (LGPL-3.0; ~0.7 MB, with python-xlib that pyautogui already brings, and evdev) is the
keyboard listener the Python game-bot tools use on Linux, Windows and macOS; on X11 it reads key
events through the RECORD extension, which Xvfb has too, so the tests press real keys with
xdotool. Where there is no display (a phone played from a server), there are no keys: `start`
says why and the run goes on without them.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

Request = Literal["pause", "stop"]
PAUSE_KEY = "f8"
STOP_KEY = "f9"


@dataclass
class KeyControl:
    """Pause and stop requests from the keyboard; the loop asks between strokes."""

    pause_key: str = PAUSE_KEY
    stop_key: str = STOP_KEY
    paused: threading.Event = field(default_factory=threading.Event)
    stop_requested: threading.Event = field(default_factory=threading.Event)
    # called when `status()` changes (from the listener's thread too): the progress line redraws
    on_change: Callable[[], None] | None = None
    _holding: threading.Event = field(default_factory=threading.Event)  # the bot waits in a pause now
    _listener: Any = None

    def start(self) -> str | None:
        """Listen from now on; None, or why keys cannot be read here (no display, no backend)."""
        try:
            # imported here: pynput opens the display at import, and a phone run may have none
            from pynput import keyboard
        except Exception as error:  # ImportError, or Xlib's display errors raised at import
            return f"the pause and stop keys are off: {str(error).splitlines()[0]}"

        class QuietListener(keyboard.Listener):  # type: ignore[misc, valid-type]
            def run(self) -> None:
                # pynput's X shutdown races its own connection (BrokenPipe after stop): a
                # traceback from this thread would reach the user's terminal
                with contextlib.suppress(Exception):
                    super().run()

        self._listener = QuietListener(on_press=self._pressed)
        self._listener.daemon = True
        self._listener.start()
        self._listener.wait()  # the X connection is up: a key from now on is seen
        return None

    def _pressed(self, key: Any) -> None:
        name = getattr(key, "name", None)
        if name == self.pause_key:
            self.toggle_pause()
        elif name == self.stop_key:
            self.request_stop()

    def toggle_pause(self) -> None:
        if self.paused.is_set():
            self.paused.clear()
        else:
            self.paused.set()
        self._changed()

    def request_stop(self) -> None:
        self.stop_requested.set()
        self.paused.clear()  # a paused bot that is told to stop stops now
        self._changed()

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change()

    def wait_while_paused(self, say: Callable[[str], None], poll: float = 0.05) -> bool:
        """Block while paused (saying so once); returns at once when not paused or when a stop
        was asked for. True when it paused."""
        if not self.paused.is_set():
            return False
        say(self._paused_text())
        self._holding.set()
        self._changed()
        try:
            while self.paused.is_set() and not self.stop_requested.is_set():
                time.sleep(poll)
        finally:
            self._holding.clear()
        if not self.stop_requested.is_set():
            say("resumed")
        self._changed()
        return True

    def hint(self) -> str:
        """For the line said at the start: which keys do what."""
        return f"{self.pause_key.upper()} pause/resume, {self.stop_key.upper()} stop after this stroke"

    def status(self) -> str:
        """For the progress line: which keys do what, or what was asked with them."""
        pause, stop = self.pause_key.upper(), self.stop_key.upper()
        if self.stop_requested.is_set():
            return f"{stop}: stopping after this stroke"
        if self.paused.is_set() and self._holding.is_set():
            return self._paused_text()
        if self.paused.is_set():  # asked mid-stroke: the stroke in hand ends first
            return f"{pause}: pausing before the next stroke ({pause} again goes on)"
        return f"{pause} pause · {stop} stop"

    def _paused_text(self) -> str:
        return f"paused ({self.pause_key.upper()} resumes, {self.stop_key.upper()} stops)"

    def close(self) -> None:
        if self._listener is not None:
            self._listener.stop()
            self._listener.join(1.0)
            self._listener = None

    def __enter__(self) -> KeyControl:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
