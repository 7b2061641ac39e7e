"""`--video PATH`: the game region recorded while the bot plays, as a WebM (VP8) file that browsers
play and OpenCV reads back.

Off the hot path: on the desktop a thread of its own grabs the region the loop is watching (its
own capture connection: mss is not shared across threads) at `fps`, and an encoder thread writes
them; the loop never waits for either. A frame the encoder cannot take in time is dropped and the
last one is repeated, so the video keeps the run's real duration. Where a capture is slow (a
phone over adb), the recorder takes the frames the loop grabbed anyway (`add`).

VP8 is the codec the OpenCV wheels can write that Chromium and Firefox play (their FFmpeg has
no H.264 encoder); about 30 ms per 450x800 frame on this machine, hence 10 frames per second.
"""

from __future__ import annotations

import contextlib
import os
import queue
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import cv2
import numpy as np

from onestroke.coords import Rect
from onestroke.solver.errors import OnestrokeError

DEFAULT_FPS = 10.0
FOURCC = "VP80"
QUEUE = 4  # frames waiting for the encoder; more would only delay the drop


class VideoError(OnestrokeError):
    """The video file cannot be written."""


class Grabber(Protocol):
    def grab(self, region: Rect | None = None) -> np.ndarray: ...

    def close(self) -> None: ...


@dataclass(frozen=True)
class VideoSummary:
    path: Path
    frames: int  # written, repeats included
    grabbed: int
    dropped: int
    seconds: float


def check_video_path(path: Path) -> None:
    """Refuse a path the recorder would fail on, before the run starts."""
    if path.suffix.lower() != ".webm":
        raise VideoError(f"{path}: the video is written as WebM (VP8): name it NAME.webm")
    if path.exists() and not path.is_file():
        raise VideoError(f"{path}: exists and is not a file")
    if not path.parent.is_dir():
        raise VideoError(f"{path}: its folder {path.parent} does not exist")


@contextlib.contextmanager
def stderr_muted() -> Iterator[None]:
    """File descriptor 2 on /dev/null for a moment: OpenCV's FFmpeg says "tag 'VP80' is not
    supported with codec id 139 and format webm" on every VP8 WebM it opens (and then writes
    it right), straight to the process's stderr where no logging level reaches."""
    saved = os.dup(2)
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


class VideoRecorder:
    """Frames in (`add`, or `follow` a region), a WebM file out (`close`)."""

    def __init__(self, path: Path, fps: float = DEFAULT_FPS) -> None:
        check_video_path(path)
        self.path, self.fps = path, fps
        self._frames: queue.Queue[tuple[float, np.ndarray] | None] = queue.Queue(QUEUE)
        self._began = time.monotonic()
        self._grabbed = self._dropped = self._written = 0
        self._error: str | None = None
        self._stop = threading.Event()
        self._follower: threading.Thread | None = None
        self._encoder = threading.Thread(target=self._encode, name="video encoder", daemon=True)
        self._encoder.start()

    def add(self, image: np.ndarray) -> None:
        """Queue a frame (not to be changed afterwards); dropped when the encoder is behind."""
        self._grabbed += 1
        try:
            self._frames.put_nowait((time.monotonic(), image))
        except queue.Full:
            self._dropped += 1

    def follow(self, open_grabber: Callable[[], Grabber], region: Callable[[], Rect | None]) -> None:
        """Grab `region()` (None: nothing to record yet) `fps` times a second in a thread, with a
        grabber it opens itself."""

        def run() -> None:
            grabber = open_grabber()
            try:
                step = 1.0 / self.fps
                due = time.monotonic()
                while not self._stop.is_set():
                    box = region()
                    if box is not None and box.width >= 2 and box.height >= 2:
                        # the window went away mid-grab: the loop says so, the video just skips it
                        with contextlib.suppress(OnestrokeError):
                            self.add(grabber.grab(box))
                    due += step
                    self._stop.wait(max(0.0, due - time.monotonic()))
            finally:
                grabber.close()

        self._follower = threading.Thread(target=run, name="video capture", daemon=True)
        self._follower.start()

    def _encode(self) -> None:
        writer: cv2.VideoWriter | None = None
        size: tuple[int, int] | None = None
        last: np.ndarray | None = None
        step = 1.0 / self.fps
        next_at = self._began
        try:
            while (item := self._frames.get()) is not None:
                at, image = item
                if writer is None:
                    size = (image.shape[1] - image.shape[1] % 2, image.shape[0] - image.shape[0] % 2)
                    fourcc = cv2.VideoWriter_fourcc(*FOURCC)
                    with stderr_muted():
                        writer = cv2.VideoWriter(str(self.path), fourcc, self.fps, size)
                    if not writer.isOpened():
                        self._error = f"{self.path}: OpenCV cannot write a {FOURCC} video here"
                        return
                    next_at = at
                assert size is not None
                frame = image if (image.shape[1], image.shape[0]) == size else cv2.resize(image, size)
                while last is not None and next_at + step < at:  # time the encoder missed: hold the picture
                    writer.write(last)
                    self._written += 1
                    next_at += step
                writer.write(frame)
                self._written += 1
                next_at += step
                last = frame
        finally:
            if writer is not None:
                writer.release()

    def close(self) -> VideoSummary:
        """Stop grabbing, write what is queued, close the file."""
        self._stop.set()
        if self._follower is not None:
            self._follower.join(5)
        self._frames.put(None)
        self._encoder.join(30)
        if self._error:
            raise VideoError(self._error)
        seconds = time.monotonic() - self._began
        return VideoSummary(self.path, self._written, self._grabbed, self._dropped, seconds)

    def __enter__(self) -> VideoRecorder:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
