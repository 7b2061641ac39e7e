"""Where a stand-in phone's command reads and writes: the socket, framed as adbd frames it, and
the pipes between the commands of one line.

- `shell:` (v1) and `exec:` are raw: the command's stdout and stderr go straight down the
  socket, its stdin comes straight up, and the end is the socket closing;
- `shell,v2,...:` uses the shell protocol: packets of one id byte (0 stdin, 1 stdout, 2 stderr,
  3 exit, 4 close stdin, 5 window size), a little-endian uint32 length and the data; the exit
  packet carries the exit status in one byte.

A command sees two small interfaces: a `Reader` (`readline`, `read_all`: the socket's `Stdin`
or a pipe's `BytesIn`) and a `Writer` (`out`, `err`: the socket's `Output`, a pipe's `Buffer`,
or `ToStderr` for `>&2`).
"""

from __future__ import annotations

import socket
import struct
import threading
import time
from typing import Protocol

from onestroke.practice.phone.device import Phone

ID_STDIN, ID_STDOUT, ID_STDERR, ID_EXIT, ID_CLOSE_STDIN, ID_WINDOW = 0, 1, 2, 3, 4, 5
CHUNK = 64 * 1024


class Reader(Protocol):
    """A command's standard input."""

    def readline(self) -> bytes: ...

    def read_all(self) -> bytes: ...


class Writer(Protocol):
    """A command's standard output (`out`) and standard error (`err`)."""

    def out(self, data: bytes | str) -> None: ...

    def err(self, data: bytes | str) -> None: ...


def _as_bytes(data: bytes | str) -> bytes:
    return data.encode() if isinstance(data, str) else data


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
        self._send(ID_STDOUT, _as_bytes(data))

    def err(self, data: bytes | str) -> None:
        self._send(ID_STDERR, _as_bytes(data))

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
        self.data += _as_bytes(data)

    def err(self, data: bytes | str) -> None:
        self.errors.append(_as_bytes(data))


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


class ToStderr:
    """`>&2`: what the command prints goes to stderr."""

    def __init__(self, target: Writer) -> None:
        self._target = target

    def out(self, data: bytes | str) -> None:
        self._target.err(data)

    def err(self, data: bytes | str) -> None:
        self._target.err(data)


def discard(_data: bytes | str) -> None:
    """`2>/dev/null`: where unwanted output goes."""


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
