"""The link to a phone: the adb server's socket (through adbutils), one device, its facts.

No process per call: every request is a TCP connection to the adb server (the one a person's
`adb` command talks to as well, so several bots and the person share it safely). adb's own
conventions are followed:

- the server at `ANDROID_ADB_SERVER_HOST` (default 127.0.0.1), port `ANDROID_ADB_SERVER_PORT`
  (default 5037); when none runs there, it is started with the `adb` program, as `adb` itself
  does (the one on PATH, or the one adbutils' wheel ships);
- the device by serial, else the only one attached; none or several give one line that lists
  what is attached and names the flag that picks one.

Streams are read by this module into a preallocated buffer (`read_to_end`): adbutils'
`shell(..., encoding=None)` joins 4 KB chunks one by one, which took 5.4 s for the 8 MB raw
screenshot that the stand-in phone sends in a few ms.
"""

from __future__ import annotations

import os
import re
import socket
import struct
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import adbutils
from adbutils.errors import AdbError

from onestroke.bot.device.base import DeviceError

DEFAULT_HOST, DEFAULT_PORT = "127.0.0.1", 5037
CHUNK = 1 << 20
ID_STDIN, ID_STDOUT, ID_STDERR, ID_EXIT, ID_CLOSE_STDIN = 0, 1, 2, 3, 4


class AdbLinkError(DeviceError):
    """The adb server or the device cannot be reached; the message says what to do."""


class Disconnected(AdbLinkError):
    """The device went away while a command ran (the cable came out, adb was restarted)."""


def server_address() -> tuple[str, int]:
    """Where the adb server listens, as adb itself reads it from the environment."""
    host = os.environ.get("ANDROID_ADB_SERVER_HOST") or DEFAULT_HOST
    text = os.environ.get("ANDROID_ADB_SERVER_PORT") or str(DEFAULT_PORT)
    try:
        port = int(text)
        if not 0 < port < 65536:
            raise ValueError
    except ValueError:
        raise AdbLinkError(f"ANDROID_ADB_SERVER_PORT={text!r} is not a TCP port number") from None
    return host, port


def _listening(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=1.0):
            return True
    except OSError:
        return False


def adb_program() -> str | None:
    """The adb program that would start a server: ADBUTILS_ADB_PATH, PATH, or adbutils' own."""
    try:
        path = adbutils.adb_path()
    except (AdbError, OSError):
        return None
    return path if path and os.path.isfile(path) else None


def ensure_server(host: str, port: int) -> None:
    """Make sure an adb server listens at host:port, starting one as `adb` does when none does."""
    if _listening(host, port):
        return
    where = f"{host}:{port}"
    if host not in ("127.0.0.1", "localhost", "::1"):
        raise AdbLinkError(f"no adb server answers at {where} (ANDROID_ADB_SERVER_HOST): start it there")
    program = adb_program()
    if program is None:
        raise AdbLinkError(
            f"no adb server is running at {where} and no adb program was found to start one:"
            " reinstall onestroke (its adbutils dependency ships adb) or install Android"
            " platform-tools (apt-get install adb), then try again"
        )
    env = dict(os.environ, ANDROID_ADB_SERVER_PORT=str(port))
    try:
        done = subprocess.run(
            [program, "-P", str(port), "start-server"],
            capture_output=True,
            timeout=30,
            env=env,
            stdin=subprocess.DEVNULL,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        raise AdbLinkError(
            f"no adb server at {where}, and starting one with {program} failed: {error}"
        ) from None
    if done.returncode != 0 or not _listening(host, port):
        said = (done.stderr or done.stdout).decode(errors="replace").strip().splitlines()
        raise AdbLinkError(
            f"no adb server at {where}, and `{program} start-server` failed{': ' + said[-1] if said else ''}"
        )


@dataclass(frozen=True)
class Attached:
    """A device as the server lists it: serial and state (device, unauthorized, offline, ...)."""

    serial: str
    state: str


def attached(client: adbutils.AdbClient) -> list[Attached]:
    try:
        return [Attached(info.serial, info.state) for info in client.list()]
    except (AdbError, OSError) as error:
        raise AdbLinkError(f"the adb server at {client.host}:{client.port} did not answer: {error}") from None


def _listed(devices: list[Attached]) -> str:
    return ", ".join(f"{d.serial} ({d.state})" if d.state != "device" else d.serial for d in devices)


STATE_ADVICE = {
    "unauthorized": "unlock the phone and accept its 'Allow USB debugging?' prompt, then try again",
    "offline": "unplug and replug it (or run `adb reconnect`), then try again",
    "authorizing": "wait for the phone to finish authorizing this computer, then try again",
    "no permissions": "this user may not open the USB device (see adb's udev rules), then try again",
}


def pick_serial(devices: list[Attached], serial: str | None, where: str, flag: str = "--adb SERIAL") -> str:
    """The serial to use: the one asked for, or the only one attached; a one-line error otherwise."""
    if serial:
        found = next((d for d in devices if d.serial == serial), None)
        if found is None:
            have = f"attached: {_listed(devices)}" if devices else "none is attached"
            raise AdbLinkError(f"no device {serial!r} at the adb server {where} ({have})")
    else:
        if not devices:
            raise AdbLinkError(
                f"no Android device attached (the adb server at {where} lists none): plug the phone in"
                " and turn on USB debugging in its developer options"
            )
        usable = [d for d in devices if d.state == "device"]
        if len(devices) > 1 and len(usable) != 1:
            raise AdbLinkError(f"{len(devices)} devices attached ({_listed(devices)}): pick one with {flag}")
        found = usable[0] if usable else devices[0]
    if found.state != "device":
        advice = STATE_ADVICE.get(found.state, "check the phone and the cable, then try again")
        raise AdbLinkError(f"device {found.serial} is {found.state}: {advice}")
    return found.serial


def read_to_end(conn: socket.socket, expected: int = CHUNK) -> memoryview:
    """Everything the peer sends until it closes, read into one preallocated buffer.

    `expected` sizes the buffer (a screenshot's bytes); it doubles when the data is larger.
    """
    buffer = bytearray(max(expected, 4096) + 4096)
    view = memoryview(buffer)
    size = 0
    while True:
        if size == len(buffer):
            view.release()  # a bytearray cannot grow while a view of it is alive
            buffer.extend(bytes(len(buffer)))
            view = memoryview(buffer)
        count = conn.recv_into(view[size:])
        if count == 0:
            return view[:size]
        size += count


def read_exactly(conn: socket.socket, count: int) -> bytes:
    buffer = bytearray(count)
    view = memoryview(buffer)
    got = 0
    while got < count:
        n = conn.recv_into(view[got:])
        if n == 0:
            raise Disconnected("the device closed the stream early")
        got += n
    return bytes(buffer)


@dataclass(frozen=True)
class Facts:
    """What a phone says about itself."""

    model: str
    release: str
    sdk: int
    size: tuple[int, int]  # physical width x height, portrait
    refresh_hz: float
    features: frozenset[str]

    @property
    def shell_v2(self) -> bool:
        return "shell_v2" in self.features


class Phone:
    """One device on the adb server: shell requests, raw streams, and what it says about itself."""

    def __init__(self, serial: str | None = None, flag: str = "--adb SERIAL") -> None:
        host, port = server_address()
        self.where = f"{host}:{port}"
        ensure_server(host, port)
        self.client = adbutils.AdbClient(host=host, port=port)
        self.serial = pick_serial(attached(self.client), serial, self.where, flag)
        self.device = self.client.device(self.serial)
        self.facts = self._facts()

    # -- requests --------------------------------------------------------------------------

    @contextmanager
    def open(self, service: str, timeout: float | None = 30.0) -> Iterator[socket.socket]:
        """A connection switched to this device with `service` (exec:..., shell,v2,raw:...) accepted."""
        try:
            connection = self.client.make_connection(timeout=timeout)
            connection.send_command(f"host:transport:{self.serial}")
            connection.check_okay()
            connection.send_command(service)
            connection.check_okay()
        except (AdbError, OSError) as error:
            raise self.lost(error) from None
        conn = connection.conn
        # small writes go out at once: with Nagle's algorithm a touch line waits for the ACK of
        # the one before (up to 40 ms, delayed ACKs) and two lines reach the phone in one frame
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        try:
            yield conn
        finally:
            conn.close()

    def lost(self, error: BaseException) -> AdbLinkError:
        """The error for a request that failed: the device went away, or it refused."""
        text = str(error).strip() or type(error).__name__
        try:
            states = {d.serial: d.state for d in attached(self.client)}
        except AdbLinkError:
            return Disconnected(f"the adb server at {self.where} went away ({text})")
        if self.serial not in states:
            return Disconnected(f"device {self.serial} disconnected ({text})")
        if states[self.serial] != "device":
            return Disconnected(f"device {self.serial} is {states[self.serial]} now ({text})")
        return AdbLinkError(f"device {self.serial}: {text}")

    def exec_bytes(self, command: str, expected: int = CHUNK, timeout: float = 30.0) -> memoryview:
        """The stdout of `command` run without a terminal (`exec:`, binary-safe), whole."""
        with self.open("exec:" + command, timeout) as conn:
            try:
                return read_to_end(conn, expected)
            except OSError as error:
                raise self.lost(error) from None

    def shell(self, command: str, timeout: float = 30.0) -> str:
        """The output of a short shell command as text (stderr included), trailing space stripped."""
        return bytes(self.exec_bytes(command, 4096, timeout)).decode(errors="replace").strip()

    def shell_status(self, command: str, timeout: float = 30.0) -> tuple[int, str, str]:
        """(exit status, stdout, stderr) of a shell command (shell v2; without it, status 0)."""
        if self.facts.shell_v2:
            with self.open("shell,v2,raw:" + command, timeout) as conn:
                stream = ShellStream(conn, v2=True)
                out, err = stream.read_all()
                return (stream.status if stream.status is not None else 255), out, err
        return 0, self.shell(command, timeout), ""

    # -- what the phone says -----------------------------------------------------------------

    def _facts(self) -> Facts:
        try:
            features = frozenset(self.device.get_features().split(","))
        except (AdbError, OSError) as error:
            raise self.lost(error) from None
        text = self.shell(
            "getprop ro.product.model; getprop ro.build.version.release; getprop ro.build.version.sdk;"
            " wm size; dumpsys display | grep -E 'mRefreshRate|fps='"
        )
        lines = text.splitlines()
        model = lines[0].strip() if lines else "?"
        release = lines[1].strip() if len(lines) > 1 else "?"
        sdk = int(lines[2]) if len(lines) > 2 and lines[2].strip().isdigit() else 0
        size = re.findall(r"(?:Override|Physical) size: (\d+)x(\d+)", text)
        width, height = (int(v) for v in size[-1]) if size else (0, 0)
        rates = [float(v) for v in re.findall(r"(?:mRefreshRate=|fps=)(\d+(?:\.\d+)?)", text)]
        return Facts(model, release, sdk, (width, height), max(rates) if rates else 60.0, features)

    def describe(self) -> str:
        f = self.facts
        return f"{self.serial}: {f.model}, Android {f.release} (SDK {f.sdk}), {f.size[0]}x{f.size[1]}"


class ShellStream:
    """An open shell session: lines in (stdin), lines and the exit status out.

    With shell v2 the streams are framed (stdin packets, stdout/stderr/exit packets); without
    it, the socket carries the bytes both ways and the end of the session is its close.
    """

    def __init__(self, conn: socket.socket, v2: bool) -> None:
        self.conn, self.v2 = conn, v2
        self.status: int | None = None
        self.stderr = bytearray()
        self._out = bytearray()
        self._closed = False

    def send(self, data: bytes) -> None:
        frame = bytes([ID_STDIN]) + struct.pack("<I", len(data)) + data if self.v2 else data
        self.conn.sendall(frame)

    def close_input(self) -> None:
        if self.v2:
            self.conn.sendall(bytes([ID_CLOSE_STDIN]) + struct.pack("<I", 0))
        else:
            self.conn.shutdown(socket.SHUT_WR)

    def _pump(self) -> bool:
        """Read one packet (v2) or chunk (v1); False at the end of the stream."""
        if self._closed:
            return False
        if not self.v2:
            data = self.conn.recv(65536)
            if not data:
                self._closed = True
                return False
            self._out += data
            return True
        head = self.conn.recv(5, socket.MSG_WAITALL)
        if len(head) < 5:
            self._closed = True
            return False
        kind, length = head[0], struct.unpack("<I", head[1:])[0]
        data = read_exactly(self.conn, length) if length else b""
        if kind == ID_STDOUT:
            self._out += data
        elif kind == ID_STDERR:
            self.stderr += data
        elif kind == ID_EXIT:
            self.status = data[0] if data else 0
            self._closed = True
            return False
        return True

    def readline(self) -> bytes:
        """One line of stdout (with its newline), or what is left at the end (b"": nothing)."""
        while b"\n" not in self._out and self._pump():
            pass
        line, sep, rest = bytes(self._out).partition(b"\n")
        self._out = bytearray(rest)
        return line + sep

    def read_all(self) -> tuple[str, str]:
        while self._pump():
            pass
        out, self._out = bytes(self._out), bytearray()
        return out.decode(errors="replace"), bytes(self.stderr).decode(errors="replace")
