"""The stand-in phone's side of a connection: one `shell:`, `shell,v2,...:` or `exec:` request,
answered by a shell (`practice/phone/shell.py`) until its command ends.

A request with no command is an interactive shell, reading commands line by line from stdin;
it has a terminal (echo, a prompt, CR LF) unless `raw` is asked for. A request with a command
runs without one unless `pty` is asked for, as adbd does. `sync:` and every other service are
refused.
"""

from __future__ import annotations

import socket

from onestroke.practice.phone.device import Phone
from onestroke.practice.phone.shell import Shell
from onestroke.practice.phone.streams import CHUNK, Output, Stdin


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
