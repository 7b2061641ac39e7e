"""MaaTouch on the stand-in phone: `CLASSPATH=JAR app_process DIR com.shxyke.MaaTouch.App`
starts it when JAR is on the phone (any zip file stands in for its release), and it then speaks
minitouch's text protocol over the shell's stdin and stdout."""

from __future__ import annotations

import time

from onestroke.practice.phone.cmdline import Call, Command
from onestroke.practice.phone.device import Phone
from onestroke.practice.phone.streams import Reader, Writer

MAATOUCH_CLASS = "com.shxyke.MaaTouch.App"


def app_process(call: Call) -> int:
    """`CLASSPATH=JAR app_process DIR CLASS`: only MaaTouch is known to this phone."""
    phone = call.phone
    classpath = call.env.get("CLASSPATH", "")
    phone.wait(phone.profile.app_process_start)
    main = call.args[-1] if call.args else ""
    data = phone.files.get(classpath)
    if main != MAATOUCH_CLASS or data is None or not data.startswith(b"PK"):
        call.err(f"Error: Could not find class '{main}' in {classpath or 'no CLASSPATH'}\n")
        return 1
    return MaaTouch(phone, call.stdin, call.out).run()


class MaaTouch:
    """MaaTouch's text protocol (minitouch's, over the shell's stdin and stdout).

    It greets with `^ 10 WIDTH HEIGHT 255` and `$ PID`, then reads lines: `d ID X Y P` (down),
    `m ID X Y P` (move), `u ID` (up), `w MS` (wait), `r` (reset) and `c` (commit). Nothing
    happens before a commit; then the queued messages are injected in order, at once apart from
    the waits. Coordinates are screen pixels.
    """

    def __init__(self, phone: Phone, stdin: Reader, out: Writer) -> None:
        self.phone, self.stdin, self.out = phone, stdin, out
        self.queue: list[list[str]] = []
        self.points: dict[str, tuple[float, float]] = {}

    def run(self) -> int:
        width, height = self.phone.size
        self.out.out(f"^ 10 {width} {height} 255\n$ {4000 + len(self.phone.serial)}\n")
        while True:
            line = self.stdin.readline()
            if not line:
                return 0
            words = line.decode(errors="replace").split()
            if not words:
                continue
            if words[0] == "c":
                self.commit()
            elif words[0] == "r":
                self.queue = [["r"]]
                self.commit()
            elif words[0] in ("d", "m", "u", "w"):
                self.queue.append(words)

    def commit(self) -> None:
        queue, self.queue = self.queue, []
        for words in queue:
            try:
                self._inject(words)
            except ValueError:
                continue

    def _inject(self, words: list[str]) -> None:
        """One queued message; ValueError for a number that is not one (the message is skipped)."""
        kind = words[0]
        if kind in ("d", "m") and len(words) >= 4:
            x, y = float(words[2]), float(words[3])
            self.points[words[1]] = (x, y)
            self.phone.touch("DOWN" if kind == "d" else "MOVE", x, y)
        elif kind == "u" and len(words) >= 2 and words[1] in self.points:
            x, y = self.points.pop(words[1])
            self.phone.touch("UP", x, y)
        elif kind == "w" and len(words) >= 2:
            time.sleep(float(words[1]) / 1000)
        elif kind == "r":
            for x, y in self.points.values():
                self.phone.touch("UP", x, y)
            self.points.clear()


MAATOUCH: dict[str, Command] = {"app_process": app_process}
