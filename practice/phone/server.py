"""The stand-in adb server: adb's host protocol on 127.0.0.1, with stand-in phones behind it.

A client (the `adb` command, adbutils, the bot) opens a TCP connection and sends requests as
four hex digits of length and the request text; the server answers `OKAY` or `FAIL` plus a
length-prefixed message (adb's SERVICES.TXT). Host requests are answered by the server itself:

    host:version                      OKAY 0004 0029 (protocol 41, what adb 1.0.41 clients expect)
    host:devices, host:devices-l      OKAY + one line per device
    host:features, host:host-features the server's feature list
    host-serial:S:features, host-serial:S:get-state, host-transport-id:N:..., host:get-state
    host:transport:S, host:transport-any/-usb/-local, host:transport-id:N
    host:tport:serial:S, host:tport:any/usb/local     OKAY + the 8-byte transport id
    host:wait-for-any-device, host-serial:S:wait-for-any-device
    host:kill                         stops this server
    host:reconnect, host-serial:S:reconnect   the device goes offline a moment and comes back

After a transport request the same connection carries one device request, handled by the phone
(`practice/phone/service.py`): `shell:`, `shell,v2,...:`, `exec:`. `sync:` is refused, as are the
services a stand-in has no use for (forward, reverse, framebuffer).

The real server's wording is kept for the errors a user meets ("device 'X' not found", "more
than one device/emulator", "device unauthorized", "device offline"), so the bot's messages are
tested against the text it will see on a real computer.
"""

from __future__ import annotations

import socket
import socketserver
import struct
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass

from onestroke.practice.phone.device import Phone
from onestroke.practice.phone.service import serve_device_request
from onestroke.practice.phone.streams import read_exactly

PROTOCOL_VERSION = 41  # adb 1.0.41: what every platform-tools release since 2018 speaks
SERVER_FEATURES = (
    "shell_v2",
    "cmd",
    "stat_v2",
    "ls_v2",
    "fixed_push_mkdir",
    "apex",
    "abb",
    "fixed_push_symlink_timestamp",
    "abb_exec",
    "remount_shell",
    "track_app",
    "sendrecv_v2",
    "sendrecv_v2_brotli",
    "sendrecv_v2_lz4",
    "sendrecv_v2_zstd",
    "sendrecv_v2_dry_run_send",
    "openscreen_mdns",
    "push_sync",
)


class ProtocolError(Exception):
    """The client sent something that is not a host request (the connection is dropped)."""


def read_request(conn: socket.socket) -> str | None:
    """One length-prefixed request; None when the client closed the connection first."""
    head = read_exactly(conn, 4)
    if not head:
        return None
    try:
        length = int(head, 16)
    except ValueError:
        raise ProtocolError(f"bad length prefix {head!r}") from None
    body = read_exactly(conn, length)
    if len(body) != length:
        raise ProtocolError("connection closed inside a request")
    return body.decode("utf-8", errors="replace")


def block(text: str | bytes) -> bytes:
    """A length-prefixed string, as adb frames every message."""
    data = text.encode() if isinstance(text, str) else text
    return f"{len(data):04x}".encode() + data


def okay(text: str | None = None) -> bytes:
    return b"OKAY" + (block(text) if text is not None else b"")


def fail(text: str) -> bytes:
    return b"FAIL" + block(text)


@dataclass
class Transport:
    """A phone as the server sees it: its transport id and the phone."""

    transport_id: int
    phone: Phone


class PickError(Exception):
    """No single device matches a request; the message is the real server's."""


class StandInServer(socketserver.ThreadingTCPServer):
    """The server: a thread per connection, phones by serial, each with its transport id."""

    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, phones: Iterable[Phone], port: int = 0) -> None:
        self.transports: dict[str, Transport] = {}
        self.phones: list[Phone] = []
        self._lock = threading.Lock()
        self._next_id = 1
        for phone in phones:
            self.attach(phone)
        super().__init__(("127.0.0.1", port), _Handler)

    @property
    def port(self) -> int:
        return int(self.server_address[1])

    # -- devices -------------------------------------------------------------------------

    def attach(self, phone: Phone) -> None:
        with self._lock:
            self.transports[phone.serial] = Transport(self._next_id, phone)
            self.phones.append(phone)
            self._next_id += 1
        phone.on_detach = self.detach

    def detach(self, serial: str) -> None:
        """The phone went away (unplugged): it leaves the device list, its connections drop."""
        with self._lock:
            self.transports.pop(serial, None)

    def listed(self) -> list[Transport]:
        with self._lock:
            return list(self.transports.values())

    def pick(self, selector: str) -> Transport:
        """The transport a request names: `serial:S`, `id:N`, `any`, `usb` or `local`."""
        kind, _, value = selector.partition(":")
        found = self.listed()
        if kind == "serial":
            matches = [t for t in found if t.phone.serial == value]
            if not matches:
                raise PickError(f"device '{value}' not found")
        elif kind == "id":
            matches = [t for t in found if str(t.transport_id) == value]
            if not matches:
                raise PickError(f"no device with transport id '{value}'")
        else:
            if kind == "usb":
                found = [t for t in found if not t.phone.serial.startswith("emulator-")]
            elif kind == "local":
                found = [t for t in found if t.phone.serial.startswith("emulator-")]
            if not found:
                raise PickError("no devices/emulators found")
            if len(found) > 1:
                raise PickError("more than one device/emulator")
            matches = found
        transport = matches[0]
        state = transport.phone.state
        if state == "unauthorized":
            raise PickError(
                "device unauthorized.\nThis adb server's $ADB_VENDOR_KEYS is not set\n"
                "Try 'adb kill-server' if that seems wrong.\n"
                "Otherwise check for a confirmation dialog on your device."
            )
        if state != "device":
            raise PickError(f"device {state}")
        return transport

    def device_lines(self, long: bool) -> str:
        lines = []
        for t in self.listed():
            phone = t.phone
            if long:
                extra = ""
                if phone.state == "device":
                    extra = (
                        f" product:{phone.profile.product} model:{phone.profile.model.replace(' ', '_')}"
                        f" device:{phone.profile.product}"
                    )
                lines.append(f"{phone.serial:<22} {phone.state}{extra} transport_id:{t.transport_id}\n")
            else:
                lines.append(f"{phone.serial}\t{phone.state}\n")
        return "".join(lines)


class _Handler(socketserver.BaseRequestHandler):
    server: StandInServer

    def handle(self) -> None:
        conn: socket.socket = self.request
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        try:
            while True:
                request = read_request(conn)
                if request is None:
                    return
                transport = self.host_request(conn, request)
                if transport is None:
                    continue
                if transport is _CLOSE:
                    return
                request = read_request(conn)
                if request is None:
                    return
                assert isinstance(transport, Transport)
                serve_device_request(conn, transport.phone, request)
                return
        except (ProtocolError, ConnectionError, BrokenPipeError, TimeoutError):
            return
        except OSError:
            return
        finally:
            with suppress(OSError):
                conn.close()

    def host_request(self, conn: socket.socket, request: str) -> Transport | object | None:
        """Answer one host request. Returns the transport switched to (the next request goes to
        the phone), None to read another host request, or _CLOSE when the exchange is over."""
        server = self.server
        service, selector = request, "any"
        if request.startswith("host-serial:"):
            rest = request[len("host-serial:") :]
            serial, _, service = _split_serial(rest)
            selector, service = f"serial:{serial}", "host:" + service
        elif request.startswith("host-transport-id:"):
            number, _, rest = request[len("host-transport-id:") :].partition(":")
            selector, service = f"id:{number}", "host:" + rest
        elif request.startswith(("host-usb:", "host-local:")):
            kind, _, rest = request.partition(":")
            selector, service = kind.removeprefix("host-"), "host:" + rest
        try:
            return self._serve(conn, service, selector, server)
        except PickError as error:
            conn.sendall(fail(str(error)))
            return _CLOSE

    def _serve(
        self, conn: socket.socket, service: str, selector: str, server: StandInServer
    ) -> Transport | object | None:
        if service == "host:version":
            conn.sendall(okay(f"{PROTOCOL_VERSION:04x}"))
            return _CLOSE
        if service in ("host:devices", "host:devices-l"):
            conn.sendall(okay(server.device_lines(long=service.endswith("-l"))))
            return _CLOSE
        if service == "host:host-features":
            conn.sendall(okay(",".join(SERVER_FEATURES)))
            return _CLOSE
        if service == "host:features":
            transport = server.pick(selector)
            conn.sendall(okay(",".join(transport.phone.features())))
            return _CLOSE
        if service == "host:get-state":
            transport = server.pick(selector) if selector != "any" else self._any_state(server)
            conn.sendall(okay(transport.phone.state))
            return _CLOSE
        if service == "host:get-serialno":
            conn.sendall(okay(server.pick(selector).phone.serial))
            return _CLOSE
        if service.startswith("host:wait-for-"):
            server.pick(selector)
            conn.sendall(b"OKAY" + b"OKAY")
            return _CLOSE
        if service == "host:kill":
            conn.sendall(b"OKAY")
            threading.Thread(target=server.shutdown, daemon=True).start()
            return _CLOSE
        if service == "host:reconnect":  # `adb reconnect`: the link drops and comes back
            transport = server.pick(selector) if selector != "any" else self._any_state(server)
            transport.phone.reconnect()
            conn.sendall(okay(f"reconnecting {transport.phone.serial} [device]\n"))
            return _CLOSE
        if service.startswith("host:transport"):
            return self._switch(conn, service.removeprefix("host:transport"), server, reply_id=False)
        if service.startswith("host:tport:"):
            return self._switch(conn, service.removeprefix("host:tport:"), server, reply_id=True)
        conn.sendall(fail(f"unknown host service '{service}'"))
        return _CLOSE

    def _switch(self, conn: socket.socket, how: str, server: StandInServer, reply_id: bool) -> Transport:
        if reply_id:  # tport:serial:S, tport:any, tport:usb, tport:local
            selector = how if how.startswith("serial:") else how
        elif how.startswith(":"):  # host:transport:SERIAL
            selector = "serial:" + how[1:]
        elif how.startswith("-id:"):
            selector = "id:" + how[len("-id:") :]
        else:  # host:transport-any, -usb, -local
            selector = how.removeprefix("-")
        transport = server.pick(selector)
        conn.sendall(b"OKAY" + (struct.pack("<Q", transport.transport_id) if reply_id else b""))
        return transport

    @staticmethod
    def _any_state(server: StandInServer) -> Transport:
        found = server.listed()
        if not found:
            raise PickError("no devices/emulators found")
        if len(found) > 1:
            raise PickError("more than one device/emulator")
        return found[0]


_CLOSE = object()


def _split_serial(rest: str) -> tuple[str, str, str]:
    """`host-serial:SERIAL:service`; a serial may itself hold colons (`127.0.0.1:5555`)."""
    for service in (
        "features",
        "get-state",
        "get-serialno",
        "get-devpath",
        "wait-for-",
        "forward",
        "killforward",
        "list-forward",
    ):
        marker = ":" + service
        at = rest.find(marker)
        if at >= 0:
            return rest[:at], ":", rest[at + 1 :]
    serial, sep, service = rest.rpartition(":")
    return serial, sep, service


@contextmanager
def start_stand_in(phones: Iterable[Phone], port: int = 0) -> Iterator[StandInServer]:
    """Serve `phones` from a thread of this process until the block ends."""
    server = StandInServer(phones, port)
    thread = threading.Thread(target=server.serve_forever, name="stand-in-adb", daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        for phone in server.phones:
            phone.close()
