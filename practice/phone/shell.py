"""The stand-in phone's side of a connection: `shell:`, `shell,v2,...:` and `exec:` requests, and
the small shell that runs their commands.

Streams are framed as adbd frames them:

- `shell:` (v1) and `exec:` are raw: the command's stdout and stderr go straight down the
  socket, its stdin comes straight up, and the end is the socket closing;
- `shell,v2,...:` uses the shell protocol: packets of one id byte (0 stdin, 1 stdout, 2 stderr,
  3 exit, 4 close stdin, 5 window size), a little-endian uint32 length and the data; the exit
  packet carries the exit status in one byte.

A request with no command is an interactive shell, reading commands line by line from stdin;
it has a terminal (echo, a prompt, CR LF) unless `raw` is asked for. A request with a command
runs without one unless `pty` is asked for, as adbd does.

The commands are the ones a bot sends (`getprop`, `wm size`, `input`, `screencap`, `gzip`,
`cat > FILE`, `app_process` for MaaTouch, `dumpsys`), joined by `;`, `&&`, `||` and `|`. Each
costs the time its profile gives it.
"""

from __future__ import annotations

import gzip
import hashlib
import re
import shlex
import socket
import struct
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import cv2
import numpy as np

from onestroke.practice.phone.device import Phone

ID_STDIN, ID_STDOUT, ID_STDERR, ID_EXIT, ID_CLOSE_STDIN, ID_WINDOW = 0, 1, 2, 3, 4, 5
CHUNK = 64 * 1024
MAATOUCH_CLASS = "com.shxyke.MaaTouch.App"


# -- streams --------------------------------------------------------------------------------


class Stdin:
    """The command's standard input: raw socket bytes (v1, exec) or stdin packets (v2)."""

    def __init__(self, conn: socket.socket, v2: bool) -> None:
        self._conn, self._v2 = conn, v2
        self._buffer = b""
        self._eof = False

    def _fill(self) -> bool:
        if self._eof:
            return False
        try:
            if self._v2:
                data = self._packet()
            else:
                data = self._conn.recv(CHUNK)
                if not data:
                    self._eof = True
        except OSError:
            self._eof, data = True, b""
        self._buffer += data or b""
        return not self._eof or bool(data)

    def _packet(self) -> bytes:
        while True:
            head = read_exactly(self._conn, 5)
            if len(head) < 5:
                self._eof = True
                return b""
            kind, length = head[0], struct.unpack("<I", head[1:])[0]
            data = read_exactly(self._conn, length)
            if kind == ID_STDIN:
                return data
            if kind == ID_CLOSE_STDIN:
                self._eof = True
                return b""

    def readline(self) -> bytes:
        """One line with its newline; what is left at the end of input; b"" at the end."""
        while b"\n" not in self._buffer and self._fill():
            pass
        line, sep, rest = self._buffer.partition(b"\n")
        self._buffer = rest
        return line + sep

    def read_all(self) -> bytes:
        while self._fill():
            pass
        data, self._buffer = self._buffer, b""
        return data


class Output:
    """The command's stdout and stderr on the socket, paced by the phone's USB link."""

    def __init__(self, conn: socket.socket, phone: Phone, v2: bool, pty: bool) -> None:
        self._conn, self._phone, self._v2, self._pty = conn, phone, v2, pty
        self._lock = threading.Lock()
        rate = phone.profile.link_bytes_per_s
        self._rate = rate if rate > 0 else None
        self._link_free_at = time.monotonic()

    def _send(self, kind: int, data: bytes) -> None:
        if not data:
            return
        if self._pty:
            data = data.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
        with self._lock:
            for start in range(0, len(data), CHUNK):
                piece = data[start : start + CHUNK]
                frame = bytes([kind]) + struct.pack("<I", len(piece)) + piece if self._v2 else piece
                self._conn.sendall(frame)
                self._pace(len(piece))

    def _pace(self, count: int) -> None:
        if self._rate is None:
            return
        now = time.monotonic()
        self._link_free_at = max(self._link_free_at, now) + count / self._rate
        if self._link_free_at > now:
            time.sleep(self._link_free_at - now)

    def out(self, data: bytes | str) -> None:
        self._send(ID_STDOUT, data.encode() if isinstance(data, str) else data)

    def err(self, data: bytes | str) -> None:
        self._send(ID_STDERR, data.encode() if isinstance(data, str) else data)

    def exit(self, status: int) -> None:
        if self._v2:
            with self._lock:
                self._conn.sendall(bytes([ID_EXIT]) + struct.pack("<I", 1) + bytes([status & 0xFF]))


class Buffer:
    """A pipe between two commands of a pipeline: everything the first wrote, for the second."""

    def __init__(self) -> None:
        self.data = bytearray()
        self.errors: list[bytes] = []

    def out(self, data: bytes | str) -> None:
        self.data += data.encode() if isinstance(data, str) else data

    def err(self, data: bytes | str) -> None:
        self.errors.append(data.encode() if isinstance(data, str) else data)


class BytesIn:
    """The stdin of a command that reads a pipe."""

    def __init__(self, data: bytes) -> None:
        self._data = data

    def readline(self) -> bytes:
        line, sep, rest = self._data.partition(b"\n")
        self._data = rest
        return line + sep

    def read_all(self) -> bytes:
        data, self._data = self._data, b""
        return data


class _ToStderr:
    """`>&2`: what the command prints goes to stderr."""

    def __init__(self, target: Output | Buffer) -> None:
        self._target = target

    def out(self, data: bytes | str) -> None:
        self._target.err(data)

    def err(self, data: bytes | str) -> None:
        self._target.err(data)


def _discard(_data: bytes | str) -> None:
    pass


def read_exactly(conn: socket.socket, count: int) -> bytes:
    """`count` bytes from the socket; fewer only when the peer closed it."""
    chunks: list[bytes] = []
    remaining = count
    while remaining:
        chunk = conn.recv(remaining)
        if not chunk:
            break
        chunks.append(chunk)
        remaining -= len(chunk)
    return b"".join(chunks)


# -- requests -------------------------------------------------------------------------------


def serve_device_request(conn: socket.socket, phone: Phone, request: str) -> None:
    """Answer one request made after a transport switch, until the command ends."""
    service, _, command = request.partition(":")
    name, *args = service.split(",")
    if name == "sync":
        conn.sendall(
            b"FAIL" + _block("sync: not supported by the stand-in phone (push through a shell instead)")
        )
        return
    if name not in ("shell", "exec"):
        conn.sendall(b"FAIL" + _block(f"unknown service '{service}'"))
        return
    v2 = name == "shell" and "v2" in args
    interactive = not command.strip()
    pty = name == "shell" and ("pty" in args or (interactive and "raw" not in args))
    conn.sendall(b"OKAY")
    phone.connected(conn)
    try:
        stdin, output = Stdin(conn, v2), Output(conn, phone, v2, pty)
        phone.wait(phone.profile.shell_start)
        shell = Shell(phone, stdin, output, prompt=pty)
        status = shell.interactive() if interactive else shell.run(command)
        output.exit(status)
        if v2:
            conn.shutdown(socket.SHUT_WR)
            _drain(conn)
    except OSError:
        pass  # the client went away or the cable came out: the command dies with its stream
    finally:
        phone.disconnected(conn)


def _block(text: str) -> bytes:
    data = text.encode()
    return f"{len(data):04x}".encode() + data


def _drain(conn: socket.socket) -> None:
    """Wait (briefly) for the client to close its side, so the exit packet is not cut off."""
    conn.settimeout(2.0)
    try:
        while conn.recv(CHUNK):
            pass
    except OSError:
        pass


# -- the shell ------------------------------------------------------------------------------


@dataclass
class Step:
    """One simple command of a command line, and how it joins the next (`;`, `&&`, `||`, `|`).

    `stdout` is None (the terminal or the pipe), a file name (`> FILE`) or "&2" (`>&2`);
    `stderr` is "err" (the terminal), "out" (`2>&1`) or "null" (`2>/dev/null`, `2>FILE`).
    """

    words: list[str] = field(default_factory=list)
    env: dict[str, str] = field(default_factory=dict)
    stdout: str | None = None
    stderr: str = "err"
    then: str = ";"


SEPARATORS = (";", "&&", "||", "|", "&")


def parse_line(line: str) -> list[Step]:
    """A command line as steps; raises ValueError on a quoting error."""
    lexer = shlex.shlex(line, posix=True, punctuation_chars=";&|>")
    lexer.whitespace_split = True
    lexer.commenters = ""
    tokens = list(lexer)
    steps: list[Step] = []
    step = Step()
    i = 0
    while i < len(tokens):
        token = tokens[i]
        after = tokens[i + 1] if i + 1 < len(tokens) else None
        if token in SEPARATORS:
            step.then = token
            steps.append(step)
            step = Step()
            i += 1
            continue
        fd = 1
        if token.isdigit() and after in (">", ">>", ">&"):
            fd, token = int(token), after
            i += 1
            after = tokens[i + 1] if i + 1 < len(tokens) else None
        if token in (">", ">>", ">&") and after is not None:
            if token == ">&":
                if fd == 2:
                    step.stderr = "out" if after == "1" else "err"
                elif after == "2":
                    step.stdout = "&2"
            elif fd == 2:
                step.stderr = "null"
            else:
                step.stdout = after
            i += 2
            continue
        if not step.words and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*=.*", token):
            key, _, value = token.partition("=")
            step.env[key] = value
        else:
            step.words.append(token)
        i += 1
    if step.words or step.env:
        steps.append(step)
    return steps


class Shell:
    """A toy of Android's mksh with the commands a bot sends; output as the phone prints it."""

    def __init__(
        self, phone: Phone, stdin: Stdin | BytesIn, output: Output | Buffer, prompt: bool = False
    ) -> None:
        self.phone, self.stdin, self.output, self.prompt = phone, stdin, output, prompt
        self.env: dict[str, str] = {}
        self.exited: int | None = None

    # -- lines ---------------------------------------------------------------------------

    def interactive(self) -> int:
        """Read command lines from stdin until it ends or `exit`."""
        status = 0
        while self.exited is None:
            if self.prompt:
                self.output.out(f"{self.phone.profile.product}:/ $ ")
            raw = self.stdin.readline()
            if not raw:
                break
            if self.prompt:
                self.output.out(raw)  # the terminal echoes what was typed
            status = self.run(raw.decode(errors="replace"))
        return self.exited if self.exited is not None else status

    def run(self, line: str) -> int:
        """Run one command line; returns the status of the last command run."""
        try:
            steps = parse_line(line)
        except ValueError as error:
            self.output.err(f"/system/bin/sh: syntax error: {error}\n")
            return 1
        status, runs = 0, True
        pipe: Buffer | None = None
        for step in steps:
            if self.exited is not None:
                break
            ran = runs
            if runs:
                stdin = BytesIn(bytes(pipe.data)) if pipe is not None else self.stdin
                status, pipe = self._step(step, stdin)
            # whether the next command runs: sh's rules, the status being the last one run
            runs = {"&&": status == 0, "||": status != 0, "|": ran}.get(step.then, True)
        return status

    def _step(self, step: Step, stdin: Stdin | BytesIn) -> tuple[int, Buffer | None]:
        """Run one command; returns its status and, when it feeds a pipe, what it wrote."""
        to_file = step.stdout not in (None, "&2")
        out: Output | Buffer = Buffer() if step.then == "|" or to_file else self.output
        status = self.command(step, stdin, out)
        if isinstance(out, Buffer):
            for message in out.errors:
                self.output.err(message)
            if to_file:
                assert step.stdout is not None
                self._write_file(step.stdout, bytes(out.data))
        return status, out if step.then == "|" and isinstance(out, Buffer) else None

    def _write_file(self, path: str, data: bytes) -> None:
        if path != "/dev/null":
            self.phone.files[path] = data

    # -- commands ------------------------------------------------------------------------

    def command(self, step: Step, stdin: Stdin | BytesIn, out: Output | Buffer) -> int:
        if not step.words:
            self.env.update(step.env)
            return 0
        name, args = step.words[0], step.words[1:]
        env = {**self.env, **step.env}
        err: Callable[[bytes | str], None] = {"out": out.out, "err": out.err, "null": _discard}[step.stderr]
        if step.stdout == "&2":
            out = _ToStderr(out)
        handler = (
            getattr(self, "do_" + name.replace("-", "_"), None)
            if name.isidentifier() or "-" in name
            else None
        )
        if name in ("sh", "/system/bin/sh"):
            return self.do_sh(args, stdin, out)
        if name == "input" or name == "/system/bin/input":
            return self.do_input(args, out, err)
        if name == "app_process" or name.endswith("/app_process"):
            return self.app_process(args, env, stdin, out, err)
        if handler is None:
            err(f"/system/bin/sh: {name}: inaccessible or not found\n")
            return 127
        return int(handler(args, stdin, out, err))

    def do_exit(self, args: list[str], *_: object) -> int:
        self.exited = int(args[0]) if args and args[0].isdigit() else 0
        return self.exited

    def do_export(self, args: list[str], *_: object) -> int:
        for arg in args:
            key, _, value = arg.partition("=")
            self.env[key] = value
        return 0

    def do_true(self, *_: object) -> int:
        return 0

    def do_false(self, *_: object) -> int:
        return 1

    def do_echo(self, args: list[str], _stdin: object, out: Output | Buffer, _err: object) -> int:
        newline = True
        if args and args[0] == "-n":
            newline, args = False, args[1:]
        out.out(" ".join(args) + ("\n" if newline else ""))
        return 0

    def do_sleep(self, args: list[str], *_: object) -> int:
        try:
            time.sleep(min(float(args[0]), 30.0))
        except (IndexError, ValueError):
            return 1
        return 0

    def do_getprop(self, args: list[str], _stdin: object, out: Output | Buffer, _err: object) -> int:
        p = self.phone.profile
        props = {
            "ro.build.version.sdk": str(p.sdk),
            "ro.build.version.release": p.release,
            "ro.product.model": p.model,
            "ro.product.name": p.product,
            "ro.product.device": p.product,
            "ro.product.manufacturer": "Google",
            "ro.serialno": self.phone.serial,
            "ro.sf.lcd_density": str(p.density),
        }
        if not args:
            out.out("".join(f"[{k}]: [{v}]\n" for k, v in props.items()))
        else:
            out.out(props.get(args[0], "") + "\n")
        return 0

    def do_wm(self, args: list[str], _stdin: object, out: Output | Buffer, err: Callable[..., None]) -> int:
        p = self.phone.profile
        if args[:1] == ["size"]:
            out.out(f"Physical size: {p.width}x{p.height}\n")
            return 0
        if args[:1] == ["density"]:
            out.out(f"Physical density: {p.density}\n")
            return 0
        err("usage: wm [size|density]\n")
        return 1

    def do_dumpsys(self, args: list[str], _stdin: object, out: Output | Buffer, _err: object) -> int:
        phone = self.phone
        awake = phone.options.screen != "off"
        rotation = 1 if phone.options.orientation == "landscape" else 0
        locked = phone.options.screen == "locked"
        w, h = phone.size
        lines = {
            "power": [
                f"mWakefulness={'Awake' if awake else 'Asleep'}",
                f"mHoldingDisplaySuspendBlocker={str(awake).lower()}",
            ],
            "window": [
                f"mCurrentRotation={rotation}",
                f"mDreamingLockscreen={str(locked).lower()}",
                f"isKeyguardShowing={str(locked).lower()}",
            ],
            "display": [
                f"mViewports=[DisplayViewport{{type=INTERNAL, valid=true, isActive=true, displayId=0,"
                f" orientation={rotation}, logicalFrame=Rect(0, 0 - {w}, {h})}}]",
                f"mRefreshRate={phone.profile.refresh_hz:.1f}",
            ],
        }.get(args[0] if args else "", [])
        out.out("".join(f"  {line}\n" for line in lines))
        return 0

    def do_grep(self, args: list[str], stdin: Stdin | BytesIn, out: Output | Buffer, _err: object) -> int:
        count = "-c" in args
        patterns = [a for a in args if not a.startswith("-")]
        if not patterns:
            return 2
        pattern = re.compile(patterns[0])
        lines = [
            line for line in stdin.read_all().decode(errors="replace").splitlines() if pattern.search(line)
        ]
        out.out(f"{len(lines)}\n" if count else "".join(line + "\n" for line in lines))
        return 0 if lines else 1

    def do_cat(
        self, args: list[str], stdin: Stdin | BytesIn, out: Output | Buffer, err: Callable[..., None]
    ) -> int:
        if not args:
            out.out(stdin.read_all())
            return 0
        for path in args:
            if path not in self.phone.files:
                err(f"cat: {path}: No such file or directory\n")
                return 1
            out.out(self.phone.files[path])
        return 0

    def do_rm(self, args: list[str], *_: object) -> int:
        for path in args:
            self.phone.files.pop(path, None)
        return 0

    def do_chmod(self, *_: object) -> int:
        return 0

    def do_mkdir(self, *_: object) -> int:
        return 0

    def do_stat(self, args: list[str], _stdin: object, out: Output | Buffer, err: Callable[..., None]) -> int:
        path = args[-1] if args else ""
        if path not in self.phone.files:
            err(f"stat: '{path}': No such file or directory\n")
            return 1
        out.out(f"{len(self.phone.files[path])}\n")
        return 0

    def do_md5sum(
        self, args: list[str], _stdin: object, out: Output | Buffer, err: Callable[..., None]
    ) -> int:
        for path in args:
            if path not in self.phone.files:
                err(f"md5sum: {path}: No such file or directory\n")
                return 1
            out.out(f"{hashlib.md5(self.phone.files[path]).hexdigest()}  {path}\n")
        return 0

    def do_which(self, args: list[str], _stdin: object, out: Output | Buffer, _err: object) -> int:
        known = {"sh", "input", "screencap", "gzip", "cat", "app_process", "getprop", "wm", "dumpsys"}
        found = [a for a in args if a in known]
        out.out("".join(f"/system/bin/{a}\n" for a in found))
        return 0 if len(found) == len(args) else 1

    def do_command(
        self, args: list[str], stdin: Stdin | BytesIn, out: Output | Buffer, err: Callable[..., None]
    ) -> int:
        return self.do_which([a for a in args if a != "-v"], stdin, out, err)

    def do_sh(self, args: list[str], stdin: Stdin | BytesIn, out: Output | Buffer) -> int:
        inner = Shell(self.phone, stdin, out)  # type: ignore[arg-type]
        if args[:1] == ["-c"] and len(args) > 1:
            return inner.run(args[1])
        return inner.interactive()

    # -- the screen ------------------------------------------------------------------------

    def do_screencap(
        self, args: list[str], _stdin: object, out: Output | Buffer, err: Callable[..., None]
    ) -> int:
        phone, profile = self.phone, self.phone.profile
        png = "-p" in args
        files = [a for a in args if not a.startswith("-") and not a.isdigit()]
        began = time.monotonic()
        image = phone.screenshot()
        if png or (files and files[0].endswith(".png")):
            ok, encoded = cv2.imencode(".png", image, [cv2.IMWRITE_PNG_COMPRESSION, 1])
            assert ok
            data = encoded.tobytes()
            budget = profile.png_capture
        else:
            data = raw_screencap(image, profile.header_bytes)
            budget = profile.raw_capture
        phone.wait(budget - (time.monotonic() - began))
        if files:
            phone.files[files[0]] = data
        else:
            if phone.options.linker_warning and not png:  # old phones print this on stdout
                out.out('WARNING: linker: "/system/bin/screencap" unused DT entry: type 0xf arg 0x2f3\n')
            out.out(data)
        return 0

    def do_gzip(self, args: list[str], stdin: Stdin | BytesIn, out: Output | Buffer, _err: object) -> int:
        level = next((int(a[1:]) for a in args if re.fullmatch(r"-[1-9]", a)), 6)
        data = stdin.read_all()
        began = time.monotonic()
        packed = gzip.compress(data, compresslevel=level, mtime=0)
        rate = self.phone.profile.gzip_bytes_per_s
        self.phone.wait(len(data) / rate - (time.monotonic() - began))
        out.out(packed)
        return 0

    # -- the touch screen ------------------------------------------------------------------

    INPUT_USAGE = (
        "Usage: input [<source>] <command> [<arg>...]\n\n"
        "The commands and default sources are:\n"
        "      text <string> (Default: touchscreen)\n"
        "      keyevent [--longpress] <key code number or name> ... (Default: keyboard)\n"
        "      tap <x> <y> (Default: touchscreen)\n"
        "      swipe <x1> <y1> <x2> <y2> [duration(ms)] (Default: touchscreen)\n"
        "      draganddrop <x1> <y1> <x2> <y2> [duration(ms)] (Default: touchscreen)\n"
        "      press (Default: trackball)\n"
        "      roll <dx> <dy> (Default: trackball)\n"
    )
    MOTION_USAGE = "      motionevent <DOWN|UP|MOVE|CANCEL> <x> <y> (Default: touchscreen)\n"

    def do_input(self, args: list[str], out: Output | Buffer, err: Callable[..., None]) -> int:
        phone = self.phone
        if args and args[0] in ("touchscreen", "touchpad", "mouse", "stylus", "keyboard"):
            args = args[1:]
        usage = self.INPUT_USAGE + (self.MOTION_USAGE if phone.profile.motionevent else "")
        if not args:
            err(usage)
            return 1
        phone.wait(phone.profile.input_start)  # the process starts before it injects anything
        command, rest = args[0], args[1:]
        try:
            if command == "motionevent" and phone.profile.motionevent and len(rest) == 3:
                action = rest[0].upper()
                if action not in ("DOWN", "UP", "MOVE", "CANCEL"):
                    raise ValueError(action)
                phone.touch(action, float(rest[1]), float(rest[2]))
                return 0
            if command == "tap" and len(rest) == 2:
                x, y = float(rest[0]), float(rest[1])
                phone.touch("DOWN", x, y)
                phone.touch("UP", x, y)
                return 0
            if command == "swipe" and len(rest) in (4, 5):
                return self._swipe([float(v) for v in rest[:4]], float(rest[4]) if len(rest) == 5 else 300.0)
            if command == "keyevent" and rest:
                return 0
        except ValueError:
            pass
        err(f"Error: Invalid arguments for command: {command}\n" + usage)
        return 1

    def _swipe(self, box: list[float], ms: float) -> int:
        x0, y0, x1, y1 = box
        phone = self.phone
        began = time.monotonic()
        phone.touch("DOWN", x0, y0)
        seconds = max(ms, 0.0) / 1000
        while (elapsed := time.monotonic() - began) < seconds:
            t = elapsed / seconds
            phone.touch("MOVE", x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
            time.sleep(0.005)
        phone.touch("MOVE", x1, y1)
        phone.touch("UP", x1, y1)
        return 0

    # -- MaaTouch ----------------------------------------------------------------------------

    def app_process(
        self,
        args: list[str],
        env: dict[str, str],
        stdin: Stdin | BytesIn,
        out: Output | Buffer,
        err: Callable[..., None],
    ) -> int:
        """`CLASSPATH=JAR app_process DIR CLASS`: only MaaTouch is known to this phone."""
        phone = self.phone
        classpath = env.get("CLASSPATH", "")
        phone.wait(phone.profile.app_process_start)
        main = args[-1] if args else ""
        data = phone.files.get(classpath)
        if main != MAATOUCH_CLASS or data is None or not data.startswith(b"PK"):
            err(f"Error: Could not find class '{main}' in {classpath or 'no CLASSPATH'}\n")
            return 1
        return MaaTouch(phone, stdin, out).run()


class MaaTouch:
    """MaaTouch's text protocol (minitouch's, over the shell's stdin and stdout).

    It greets with `^ 10 WIDTH HEIGHT 255` and `$ PID`, then reads lines: `d ID X Y P` (down),
    `m ID X Y P` (move), `u ID` (up), `w MS` (wait), `r` (reset) and `c` (commit). Nothing
    happens before a commit; then the queued messages are injected in order, at once apart from
    the waits. Coordinates are screen pixels.
    """

    def __init__(self, phone: Phone, stdin: Stdin | BytesIn, out: Output | Buffer) -> None:
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
            kind = words[0]
            try:
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
            except ValueError:
                continue


def raw_screencap(image: np.ndarray, header_bytes: int = 16) -> bytes:
    """`screencap` without -p: width, height, format (1 = RGBA_8888) as little-endian uint32,
    then the colour space (16-byte header, Android 9+) and the RGBA rows, unpadded."""
    height, width = image.shape[:2]
    rgba = cv2.cvtColor(image, cv2.COLOR_BGR2RGBA)
    header = struct.pack("<III", width, height, 1)
    if header_bytes == 16:
        header += struct.pack("<I", 1)  # sRGB
    return header + rgba.tobytes()
