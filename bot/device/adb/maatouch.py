"""MaaTouch on a phone: the jar copied through a shell, started once through app_process and
kept running; its stdin takes minitouch-style lines (`d 0 X Y P`, `m`, `u`, `w MS`, `c`).

MaaTouch (Apache-2.0) is used only when the user gives its jar (`--touch maatouch:PATH`);
nothing is ever downloaded. The jar is copied with `cat > FILE` over shell v2, so adb's sync
service is not needed. The touch sessions that speak through it are in `touch.py`.
"""

from __future__ import annotations

import contextlib
import hashlib
import time
from pathlib import Path

from onestroke.bot.device.adb.connection import Phone, ShellStream
from onestroke.bot.device.base import InputError

MAATOUCH_REMOTE = "/data/local/tmp/onestroke-maatouch.jar"
MAATOUCH_CLASS = "com.shxyke.MaaTouch.App"
ANSWER_TIMEOUT = 10.0  # seconds an injected event may take before the phone counts as gone


class MaaTouch:
    """A running MaaTouch on one phone: its shell stream, kept open between strokes."""

    def __init__(self, phone: Phone, jar: Path) -> None:
        self.phone, self.jar = phone, jar
        try:
            data = jar.read_bytes()
        except OSError as error:
            raise InputError(f"cannot read the MaaTouch jar {jar}: {error.strerror}") from None
        if not data.startswith(b"PK"):
            raise InputError(f"{jar} is not a jar (a zip file): give MaaTouch's release file")
        self._install(data)
        began = time.monotonic()
        self._context = phone.open(
            f"shell,v2,raw:CLASSPATH={MAATOUCH_REMOTE} app_process /data/local/tmp {MAATOUCH_CLASS}",
            timeout=ANSWER_TIMEOUT,
        )
        self.stream = ShellStream(self._context.__enter__(), v2=phone.facts.shell_v2)
        self.max_x, self.max_y = self._greeting()
        self.started_in = time.monotonic() - began

    def _install(self, data: bytes) -> None:
        """Copy the jar to the phone through a shell (`cat > FILE`) unless the same one is there."""
        digest = hashlib.md5(data).hexdigest()
        status, out, _ = self.phone.shell_status(f"md5sum {MAATOUCH_REMOTE}")
        if status == 0 and out.split()[:1] == [digest]:
            return
        if not self.phone.facts.shell_v2:
            raise InputError(
                f"device {self.phone.serial} has no shell v2 (Android 7 or older): copying MaaTouch needs it"
            )
        with self.phone.open(f"shell,v2,raw:cat > {MAATOUCH_REMOTE}") as conn:
            stream = ShellStream(conn, v2=True)
            for start in range(0, len(data), 65536):
                stream.send(data[start : start + 65536])
            stream.close_input()
            _, err = stream.read_all()
        if stream.status != 0:
            raise InputError(f"device {self.phone.serial}: copying MaaTouch failed: {err.strip()}")

    def _greeting(self) -> tuple[int, int]:
        """`^ CONTACTS MAX_X MAX_Y MAX_PRESSURE` then `$ PID`; anything else means it did not start."""
        size: tuple[int, int] | None = None
        for _ in range(8):
            line = self.stream.readline().decode(errors="replace").strip()
            if not line:
                break
            words = line.split()
            if words[0] == "^" and len(words) >= 4:
                size = (int(words[2]), int(words[3]))
            elif words[0] == "$":
                if size is None:
                    break
                return size
        said = bytes(self.stream.stderr).decode(errors="replace").strip()
        raise InputError(
            f"device {self.phone.serial}: MaaTouch did not start from {self.jar}: {said or 'no greeting'}"
        )

    def send(self, text: str) -> None:
        try:
            self.stream.send(text.encode())
        except OSError as error:
            raise self.phone.lost(error) from None

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.stream.close_input()
        self._context.__exit__(None, None, None)
