"""The stand-in phone speaks adb's host protocol well enough for adbutils and the real `adb` client,
and plays the strict practice game from the touches it gets.

Everything runs for real: a server thread on 127.0.0.1, real sockets, the real clients. The
profiles are the stand-in's own with every simulated delay set to zero (`INSTANT`), so these
tests check the protocol and the rules, not the timing (benchmarks/adb_bench.py does that).
"""

from __future__ import annotations

import gzip
import hashlib
import os
import shutil
import socket
import struct
import subprocess
import time
import zipfile
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import adbutils
import cv2
import numpy as np
import pytest

from onestroke.practice.levels import make_level
from onestroke.practice.phone import Phone, PhoneOptions, start_stand_in
from onestroke.practice.phone.device import INSTANT, PROFILES
from onestroke.practice.phone.server import StandInServer
from onestroke.practice.phone.shell import Shell
from onestroke.practice.phone.streams import BytesIn
from onestroke.practice.phone.tools import KNOWN_PROGRAMS
from onestroke.practice.render import board_geometry
from onestroke.practice.rules import Rules
from onestroke.solver.search import solve

# a small screen: adbutils' shell(encoding=None) joins 4 KB chunks one by one (seconds for 8 MB)
FAST = replace(PROFILES["android14"], width=540, height=960, **INSTANT)
W, H = FAST.width, FAST.height
PAUSE = 0.1  # between two touches: six frames at 60 fps, room for a busy machine's hiccups


def phone(serial: str = "phone-1", **options: object) -> Phone:
    return Phone(serial, FAST, PhoneOptions(**options))  # type: ignore[arg-type]


@pytest.fixture
def server() -> Iterator[StandInServer]:
    with start_stand_in([phone()]) as running:
        yield running


def framed(request: str) -> bytes:
    return f"{len(request):04x}{request}".encode()


def host(port: int, request: str) -> bytes:
    """One raw host request; everything the server sent until it closed."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as conn:
        conn.sendall(framed(request))
        data = b""
        while chunk := conn.recv(65536):
            data += chunk
    return data


def client(server: StandInServer) -> adbutils.AdbClient:
    return adbutils.AdbClient(port=server.port)


def route_points(level_number: int = 1, seed: int = 1) -> list[tuple[int, int]]:
    level = make_level(seed, level_number)
    geometry = board_geometry(level.board, FAST.width, FAST.height)
    result = solve(level.board)
    assert result.path is not None
    return [(round(x), round(y)) for x, y in (geometry.centre(cell) for cell in result.path)]


# -- the host protocol, byte for byte --------------------------------------------------------


def test_host_version_is_protocol_41(server: StandInServer) -> None:
    assert host(server.port, "host:version") == b"OKAY00040029"


def test_devices_lists_serial_and_state(server: StandInServer) -> None:
    assert host(server.port, "host:devices") == b"OKAY" + b"000fphone-1\tdevice\n"
    long = host(server.port, "host:devices-l").decode()
    assert "model:Pixel_7" in long and "transport_id:1" in long


def test_tport_answers_the_8_byte_transport_id(server: StandInServer) -> None:
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as conn:
        conn.sendall(framed("host:tport:serial:phone-1"))
        data = conn.recv(12)
    assert data[:4] == b"OKAY" and struct.unpack("<Q", data[4:12]) == (1,)


def test_unknown_serial_fails_with_the_real_servers_words(server: StandInServer) -> None:
    assert host(server.port, "host:tport:serial:nope") == b"FAIL0017device 'nope' not found"


def test_sync_is_refused(server: StandInServer) -> None:
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as conn:
        conn.sendall(framed("host:transport:phone-1"))
        assert conn.recv(4) == b"OKAY"
        conn.sendall(framed("sync:"))
        assert conn.recv(4) == b"FAIL"


# -- adbutils ---------------------------------------------------------------------------------


def test_adbutils_lists_and_runs_shell_commands(server: StandInServer) -> None:
    adb = client(server)
    assert adb.server_version() == 41
    assert [(d.serial, d.state) for d in adb.list()] == [("phone-1", "device")]
    device = adb.device()
    assert device.shell("getprop ro.build.version.sdk") == "34"
    assert device.shell("getprop ro.build.version.release") == "14"
    assert device.prop.model == "Pixel 7"
    assert tuple(device.window_size()) == (W, H)


def test_shell_v2_keeps_stdout_stderr_and_the_exit_status(server: StandInServer) -> None:
    result = client(server).device().shell2("echo out; echo err >&2; exit 3", v2=True)
    assert (result.returncode, result.stdout, result.stderr) == (3, "out\n", "err\n")


def test_unknown_commands_fail_like_mksh(server: StandInServer) -> None:
    result = client(server).device().shell2("frobnicate", v2=True)
    assert result.returncode == 127 and "frobnicate: inaccessible or not found" in result.stderr


def test_raw_screencap_header_and_rgba_rows(server: StandInServer) -> None:
    data = client(server).device().shell("screencap", encoding=None)
    width, height, fmt, space = struct.unpack("<IIII", data[:16])
    assert (width, height, fmt, space, len(data)) == (W, H, 1, 1, 16 + W * H * 4)
    rgba = np.frombuffer(data[16:], np.uint8).reshape(H, W, 4)
    png = client(server).device().shell("screencap -p", encoding=None)
    bgr = cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_COLOR)
    assert np.array_equal(rgba[:, :, 2::-1], bgr)  # the same picture both ways
    assert (rgba[:, :, 3] == 255).all()


def test_old_phones_write_a_12_byte_header_after_a_linker_warning() -> None:
    old = Phone("old", replace(FAST, header_bytes=12), PhoneOptions(linker_warning=True))
    with start_stand_in([old]) as running:
        data = client(running).device().shell("screencap", encoding=None)
    assert data.startswith(b"WARNING: linker:")
    pixels = W * H * 4
    assert struct.unpack("<III", data[-pixels - 12 : -pixels]) == (W, H, 1)


def test_screencap_through_gzip(server: StandInServer) -> None:
    packed = client(server).device().shell("screencap | gzip -1", encoding=None)
    assert len(packed) < W * H // 4  # flat colours pack well
    assert struct.unpack("<II", gzip.decompress(packed)[:8]) == (W, H)


def test_a_file_pushed_through_a_shell_comes_back(server: StandInServer) -> None:
    device = client(server).device()
    connection = device.open_transport()
    connection.send_command("shell,v2,raw:cat > /data/local/tmp/blob")
    connection.check_okay()
    payload = bytes(range(256)) * 100
    connection.send(b"\x00" + struct.pack("<I", len(payload)) + payload + b"\x04" + struct.pack("<I", 0))
    assert connection.read_until_close(encoding=None)[-6:] == b"\x03\x01\x00\x00\x00\x00"  # exit 0
    assert device.shell("stat -c %s /data/local/tmp/blob") == str(len(payload))


# -- the shell, without a socket ---------------------------------------------------------------


class Terminal:
    """What a shell's user sees: its stdout and its stderr, kept apart."""

    def __init__(self) -> None:
        self.stdout, self.stderr = bytearray(), bytearray()

    def out(self, data: bytes | str) -> None:
        self.stdout += data.encode() if isinstance(data, str) else data

    def err(self, data: bytes | str) -> None:
        self.stderr += data.encode() if isinstance(data, str) else data


def run_line(line: str, stdin: bytes = b"") -> tuple[int, str, str]:
    """One command line through the stand-in's shell: status, stdout, stderr."""
    terminal = Terminal()
    status = Shell(phone(), BytesIn(stdin), terminal).run(line)
    return status, terminal.stdout.decode(errors="replace"), terminal.stderr.decode(errors="replace")


@pytest.mark.parametrize(
    ("line", "stdin", "answer"),
    [
        ("echo a && false || echo b", b"", (0, "a\nb\n", "")),
        ("true | false", b"", (1, "", "")),
        ("/system/bin/sh -c 'echo in; exit 3'", b"", (3, "in\n", "")),
        ("dumpsys power | grep -c m", b"", (0, "2\n", "")),
        ("cat > /f; md5sum /f; stat /f", b"PK", (0, f"{hashlib.md5(b'PK').hexdigest()}  /f\n2\n", "")),
        ("cat /nope 2>&1; cat /nope 2>/dev/null", b"", (1, "cat: /nope: No such file or directory\n", "")),
        ("echo late >&2", b"", (0, "", "late\n")),
        ("sh -c 'cat /nope; echo in' | cat", b"", (0, "in\n", "cat: /nope: No such file or directory\n")),
        ("/system/bin/input tap 1 2 && input frob 2>/dev/null", b"", (1, "", "")),
        (
            "/system/bin/cat /f",
            b"",
            (127, "", "/system/bin/sh: /system/bin/cat: inaccessible or not found\n"),
        ),
        ("echo 'open", b"", (1, "", "/system/bin/sh: syntax error: No closing quotation\n")),
    ],
)
def test_the_shell_runs_lines_as_mksh_does(line: str, stdin: bytes, answer: tuple[int, str, str]) -> None:
    assert run_line(line, stdin) == answer


def test_every_program_which_finds_is_one_the_shell_runs() -> None:
    for name in KNOWN_PROGRAMS:
        status, _, err = run_line(name)
        assert status != 127 and "not found" not in err, name
    assert run_line("which sh input nothing") == (1, "/system/bin/sh\n/system/bin/input\n", "")


# -- the real adb client ------------------------------------------------------------------------


def adb_clients() -> list[str]:
    """The adb binaries here: the system's (apt-get install adb) and the one adbutils ships."""
    found = [path for path in (shutil.which("adb"), adbutils.adb_path()) if path]
    bundled = os.path.join(os.path.dirname(adbutils.__file__), "binaries", "adb")
    if os.path.exists(bundled):
        found.append(bundled)
    return sorted(set(found))


@pytest.mark.parametrize("adb", adb_clients())
def test_the_real_adb_client_talks_to_the_stand_in(server: StandInServer, adb: str) -> None:
    def run(*args: str) -> subprocess.CompletedProcess[bytes]:
        return subprocess.run(
            [adb, "-P", str(server.port), *args],
            capture_output=True,
            timeout=30,
            stdin=subprocess.DEVNULL,
            check=False,
        )

    listed = run("devices")
    assert listed.returncode == 0 and b"phone-1\tdevice" in listed.stdout, listed.stderr
    assert run("-s", "phone-1", "shell", "getprop", "ro.product.model").stdout == b"Pixel 7\n"
    assert run("shell", "exit 4").returncode == 4  # shell v2 carries the exit status
    png = run("exec-out", "screencap", "-p").stdout
    assert cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_COLOR).shape == (H, W, 3)
    raw = run("exec-out", "screencap").stdout
    assert len(raw) == 16 + W * H * 4
    missing = run("-s", "other", "shell", "true")
    assert missing.returncode != 0 and b"device 'other' not found" in missing.stderr
    pushed = run("push", os.devnull, "/data/local/tmp/x")
    assert pushed.returncode != 0 and b"sync: not supported" in pushed.stdout + pushed.stderr


# -- the game: touches from the shell ---------------------------------------------------------


def motion_lines(points: list[tuple[int, int]]) -> list[str]:
    (x0, y0), (x1, y1) = points[0], points[-1]
    moves = [f"input motionevent MOVE {x} {y}" for x, y in points[1:]]
    return [f"input motionevent DOWN {x0} {y0}", *moves, f"input motionevent UP {x1} {y1}"]


def play_lines(server: StandInServer, lines: list[str], pause: float) -> None:
    """Type command lines into one shell session, `pause` seconds apart."""
    connection = client(server).device().open_transport()
    connection.send_command("shell,v2,raw:")
    connection.check_okay()
    for line in lines:
        data = (line + "\n").encode()
        connection.send(b"\x00" + struct.pack("<I", len(data)) + data)
        time.sleep(pause)
    connection.send(b"\x04" + struct.pack("<I", 0))
    connection.read_until_close(encoding=None)


def settle(device: Phone) -> list[dict[str, object]]:
    time.sleep(0.1)
    device.screenshot()  # the game catches up with the clock
    return device.records


def test_one_cell_per_frame_clears_the_level(server: StandInServer) -> None:
    device = server.phones[0]
    play_lines(server, motion_lines(route_points()), pause=PAUSE)
    (record,) = settle(device)
    assert record["cleared"] is True and record["level"] == 1 and record["rules"] == "strict"
    assert device.game.screen in ("level", "complete")


def test_moves_faster_than_the_frames_are_illegal_jumps(server: StandInServer) -> None:
    device = server.phones[0]
    play_lines(server, motion_lines(route_points()), pause=0.0)  # many moves merge into one frame
    records = settle(device)
    assert records and records[0]["cleared"] is False
    assert "illegal move: jumped" in str(records[0]["reason"])


def test_a_finger_resting_after_down_is_a_long_press(server: StandInServer) -> None:
    device = server.phones[0]
    points = route_points()
    lines = motion_lines(points)
    play_lines(server, lines[:1], pause=0.6)
    play_lines(server, lines[1:], pause=PAUSE)
    records = settle(device)
    assert [r["level"] for r in records if r.get("phone") == "long-press"] == [1]
    assert not any(r.get("cleared") for r in records)


def test_go_on_leads_to_the_next_level_and_other_presses_are_stray(server: StandInServer) -> None:
    device = server.phones[0]
    play_lines(server, motion_lines(route_points()), pause=PAUSE)
    deadline = time.monotonic() + 3
    while device.game.screen != "complete" and time.monotonic() < deadline:
        settle(device)
    controls = device.game.layout.controls("complete")
    share, go_on = controls["share"].centre, controls["go_on"].centre
    adb = client(server).device()
    adb.shell(f"input tap {share.x:.0f} {share.y:.0f}")
    adb.shell(f"input tap {go_on.x:.0f} {go_on.y:.0f}")
    time.sleep(1.0)
    records = settle(device)
    assert [r["stray"] for r in records if "stray" in r] == ["share"]
    assert device.game.screen == "level" and device.game.level.number == 2


def test_the_game_log_is_written_as_the_spec_says(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    with start_stand_in([phone(log=log)]) as running:
        play_lines(running, motion_lines(route_points()), pause=PAUSE)
        settle(running.phones[0])
    (line,) = log.read_text().splitlines()
    assert '"cleared": true' in line and '"board": ' in line and '"path": [[' in line


# -- MaaTouch ----------------------------------------------------------------------------------


def fake_jar(path: Path) -> bytes:
    with zipfile.ZipFile(path, "w") as jar:
        jar.writestr("classes.dex", b"dex\n035\0")
    return path.read_bytes()


def test_maatouch_greets_and_plays_committed_touches(server: StandInServer, tmp_path: Path) -> None:
    device = server.phones[0]
    device.files["/data/local/tmp/maatouch"] = fake_jar(tmp_path / "maatouch.jar")
    connection = client(server).device().open_transport()
    connection.send_command(
        "shell:CLASSPATH=/data/local/tmp/maatouch app_process /data/local/tmp com.shxyke.MaaTouch.App"
    )
    connection.check_okay()
    greeting = b""
    while greeting.count(b"\n") < 2:
        greeting += connection.recv(100)
    assert greeting.splitlines()[0] == f"^ 10 {W} {H} 255".encode()
    points = route_points()
    x, y = points[0]
    lines = [f"d 0 {x} {y} 50\nc\n"] + [f"m 0 {x} {y} 50\nc\n" for x, y in points[1:]]
    for text in [*lines, "u 0\nc\n"]:
        connection.send(text.encode())
        time.sleep(PAUSE)
    connection.close()
    (record,) = settle(device)
    assert record["cleared"] is True


def test_maatouch_needs_its_jar_on_the_phone(server: StandInServer) -> None:
    result = (
        client(server)
        .device()
        .shell2("CLASSPATH=/data/local/tmp/maatouch app_process / com.shxyke.MaaTouch.App", v2=True)
    )
    assert result.returncode == 1 and "Could not find class" in result.stderr


# -- bad states -----------------------------------------------------------------------------------


@pytest.mark.parametrize("state", ["unauthorized", "offline"])
def test_unusable_devices_are_listed_with_their_state(state: str) -> None:
    with start_stand_in([phone(state=state)]) as running:
        assert host(running.port, "host:devices") == f"OKAY{len(state) + 9:04x}phone-1\t{state}\n".encode()
        answer = host(running.port, "host:tport:serial:phone-1")
    assert answer.startswith(b"FAIL") and state.encode() in answer


def test_a_screen_that_is_off_is_black_and_landscape_is_wide() -> None:
    with start_stand_in([phone("off", screen="off"), phone("wide", orientation="landscape")]) as running:
        adb = client(running)
        off = adb.device("off").shell("screencap", encoding=None)
        wide = adb.device("wide").shell("screencap", encoding=None)
        assert adb.device("off").shell("dumpsys power | grep mWakefulness").strip() == "mWakefulness=Asleep"
    assert not np.frombuffer(off[16:], np.uint8).reshape(-1, 4)[:, :3].any()
    assert struct.unpack("<II", wide[:8]) == (H, W)


def test_unplugging_breaks_the_stream_and_empties_the_list(server: StandInServer) -> None:
    device = server.phones[0]
    device.options.unplug_after_touches = 3
    connection = client(server).device().open_transport()
    connection.send_command("shell,v2,raw:")
    connection.check_okay()
    for line in motion_lines(route_points())[:6]:
        data = (line + "\n").encode()
        try:
            connection.send(b"\x00" + struct.pack("<I", len(data)) + data)
        except OSError:
            break
        time.sleep(0.05)
    assert connection.read_until_close(encoding=None) == b""  # no exit packet: the line went dead
    assert host(server.port, "host:devices") == b"OKAY0000"
    assert device.finger_down and device.touches == 3


def test_two_phones_on_one_server_play_their_own_games() -> None:
    with start_stand_in([phone("a"), phone("b", rules=Rules(fps=60.0), seed=2)]) as running:
        adb = client(running)
        assert sorted(d.serial for d in adb.device_list()) == ["a", "b"]
        with pytest.raises(adbutils.AdbError, match="more than one device"):
            adb.device().shell("true")
        a = adb.device("a").shell("screencap", encoding=None)
        b = adb.device("b").shell("screencap", encoding=None)
    assert a != b  # two seeds, two different first levels
