"""The adb device against the stand-in phone (practice/phone): the real adb host protocol over a
real socket, the phone's own game judging the touches.

The stand-in's profiles are used with their simulated delays set to zero (`INSTANT`) except
where a test is about timing; benchmarks/adb_bench.py measures the real-time figures.
"""

from __future__ import annotations

import gzip
import socket
import struct
import threading
import time
import zipfile
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from onestroke.bot.device import DeviceError, UnsafeDragError, open_device, perform
from onestroke.bot.device.adb import AdbDevice, StrokeLost, choose, device_profile_name, touch
from onestroke.bot.device.adb.connection import AdbLinkError, Attached, Phone, pick_serial, read_to_end
from onestroke.bot.device.adb.screencap import CaptureMethod, decode_gzip, decode_png, decode_raw, find_header
from onestroke.bot.gesture import StrokePace, route_gesture, stroke
from onestroke.coords import Point, Rect
from onestroke.practice.levels import make_level
from onestroke.practice.phone import Phone as StandIn
from onestroke.practice.phone import PhoneOptions, start_stand_in
from onestroke.practice.phone.device import INSTANT, PROFILES
from onestroke.practice.phone.screen import raw_screencap
from onestroke.practice.phone.server import StandInServer
from onestroke.practice.render import board_geometry
from onestroke.solver.search import solve

FAST = replace(PROFILES["android14"], width=540, height=960, **INSTANT)
W, H = FAST.width, FAST.height


def stand_in(serial: str = "phone-1", profile=FAST, **options: object) -> StandIn:  # type: ignore[no-untyped-def]
    return StandIn(serial, profile, PhoneOptions(**options))  # type: ignore[arg-type]


@pytest.fixture(autouse=True)
def own_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Profiles go to the test's folder (never the developer's own)."""
    monkeypatch.setenv("ONESTROKE_CONFIG_DIR", str(tmp_path / "config"))


@pytest.fixture
def serve(monkeypatch: pytest.MonkeyPatch) -> Iterator[callable]:  # type: ignore[valid-type]
    """Start stand-in phones on a server of their own and point ANDROID_ADB_SERVER_PORT at it."""
    stack: list[object] = []

    def start(*phones: StandIn) -> StandInServer:
        context = start_stand_in(phones)
        server = context.__enter__()
        stack.append(context)
        monkeypatch.setenv("ANDROID_ADB_SERVER_PORT", str(server.port))
        return server

    yield start
    for context in reversed(stack):
        context.__exit__(None, None, None)  # type: ignore[attr-defined]


def route_of(phone: StandIn) -> tuple[list, object]:  # type: ignore[type-arg]
    level = phone.game.level
    geometry = board_geometry(level.board, phone.profile.width, phone.profile.height)
    path = solve(level.board).path
    assert path is not None
    return path, geometry


def settle(phone: StandIn) -> list[dict[str, object]]:
    """The phone's records once the stroke has been judged (a loaded machine can take a while)."""
    give_up = time.monotonic() + 5
    while True:
        time.sleep(0.15)
        phone.screenshot()
        if phone.records or time.monotonic() > give_up:
            return phone.records


# -- raw screenshots, parsed from the end ------------------------------------------------------


def test_raw_header_of_16_and_12_bytes_and_a_warning_before_it() -> None:
    image = np.random.default_rng(1).integers(0, 255, (7, 5, 3), np.uint8)
    for header in (16, 12):
        data = raw_screencap(image, header)
        assert np.array_equal(decode_raw(data), image)
        warned = b"WARNING: linker: unused DT entry\n" + data
        found = find_header(warned)
        assert (found.size, found.width, found.height, found.offset) == (header, 5, 7, 33)
        assert np.array_equal(decode_raw(memoryview(warned)), image)
    assert np.array_equal(decode_gzip(gzip.compress(raw_screencap(image))), image)
    ok, png = cv2.imencode(".png", image)
    assert np.array_equal(decode_png(b"noise\n" + png.tobytes()), image)


def test_rgb565_and_bgra_pixels() -> None:
    pixels = np.array([[0xF800, 0x07E0, 0x001F]], "<u2")  # red, green, blue
    data = struct.pack("<IIII", 3, 1, 4, 1) + pixels.tobytes()
    assert decode_raw(data)[0].tolist() == [[0, 0, 248], [0, 252, 0], [248, 0, 0]]  # 5 and 6 bits
    bgra = struct.pack("<III", 1, 1, 5) + bytes([10, 20, 30, 255])
    assert decode_raw(bgra)[0, 0].tolist() == [10, 20, 30]


def test_data_that_is_no_screenshot_is_named() -> None:
    with pytest.raises(DeviceError, match="no header I know .* use --capture png"):
        decode_raw(b"/system/bin/sh: screencap: not found\n")
    with pytest.raises(DeviceError, match="not a PNG image"):
        decode_png(b"\x00" * 100)


def test_a_stream_is_read_whole_into_a_buffer_that_grows() -> None:
    left, right = socket.socketpair()
    payload = bytes(range(256)) * 40000  # 10 MB, more than the 1 KB expected
    sender = threading.Thread(target=lambda: (left.sendall(payload), left.close()))
    sender.start()
    data = read_to_end(right, expected=1024)
    sender.join()
    right.close()
    assert bytes(data) == payload


# -- picking the device ---------------------------------------------------------------------------


def test_picking_a_device_says_what_is_attached_and_which_flag_picks() -> None:
    two = [Attached("a", "device"), Attached("b", "device")]
    with pytest.raises(AdbLinkError, match=r"2 devices attached \(a, b\): pick one with --adb SERIAL"):
        pick_serial(two, None, "127.0.0.1:5037")
    assert pick_serial(two, "b", "x") == "b"
    assert pick_serial([Attached("a", "device"), Attached("c", "offline")], None, "x") == "a"
    with pytest.raises(AdbLinkError, match=r"no device 'z' .*attached: a, b"):
        pick_serial(two, "z", "x")
    with pytest.raises(AdbLinkError, match="no Android device attached .* USB debugging"):
        pick_serial([], None, "127.0.0.1:5037")
    with pytest.raises(AdbLinkError, match="device a is unauthorized: unlock the phone and accept"):
        pick_serial([Attached("a", "unauthorized")], None, "x")
    with pytest.raises(AdbLinkError, match="device a is offline: unplug and replug"):
        pick_serial([Attached("a", "offline")], "a", "x")


def test_several_stand_ins_need_a_serial(serve) -> None:  # type: ignore[no-untyped-def]
    serve(stand_in("a"), stand_in("b"))
    with pytest.raises(AdbLinkError, match=r"2 devices attached \(a, b\)"):
        open_device("adb")
    with open_device("adb", serial="b", capture="raw", touch="input-session") as device:
        assert device.phone.serial == "b"


@pytest.mark.parametrize("state", ["unauthorized", "offline"])
def test_unusable_devices_give_one_line(serve, state: str) -> None:  # type: ignore[no-untyped-def]
    serve(stand_in(state=state))
    with pytest.raises(AdbLinkError, match=f"device phone-1 is {state}: "):
        open_device("adb")


def test_no_server_and_no_adb_program(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    with socket.socket() as probe:  # a port where nothing listens
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    monkeypatch.setenv("ANDROID_ADB_SERVER_PORT", str(port))
    monkeypatch.setenv("ADBUTILS_ADB_PATH", str(tmp_path / "no-adb"))
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(
        AdbLinkError, match=f"no adb server is running at 127.0.0.1:{port} and no adb program"
    ):
        open_device("adb")


# -- the device on the stand-in phone ---------------------------------------------------------


def test_the_device_measures_and_keeps_the_fastest_methods(serve) -> None:  # type: ignore[no-untyped-def]
    slow_png = replace(FAST, png_capture=0.3)
    phone = stand_in(profile=slow_png)
    serve(phone)
    said: list[str] = []
    with open_device("adb", say=said.append) as device:
        assert isinstance(device, AdbDevice)
        assert device.screen == Rect(0, 0, W, H)
        assert device.capabilities.capture != "png" and device.capabilities.touch == "input-session"
        assert not device.capabilities.fast_capture and device.capabilities.cell_dwell == pytest.approx(
            2 / 60
        )
        image = device.grab()
        part = device.grab(Rect(10, 20, 30, 40))
    assert np.array_equal(image, phone.screenshot())
    assert part.shape == (40, 30, 3)
    assert any("screenshots measured: raw" in line for line in said)
    assert any("Pixel 7, Android 14 (SDK 34)" in line for line in said)


def test_a_route_drawn_one_event_per_cell_clears_the_strict_level(serve) -> None:  # type: ignore[no-untyped-def]
    phone = stand_in(profile=replace(FAST, input_start=0.01))
    serve(phone)
    path, geometry = route_of(phone)
    with open_device("adb", capture="raw", touch="input-session") as device:
        gesture = route_gesture(path, geometry, StrokePace(speed=1 / 0.05, substeps=1, turn_dwell=0.05))
        perform(device, gesture, Rect(0, 0, W, H))
    (record,) = settle(phone)
    assert record["cleared"] is True and record["path"] == [list(c) for c in path]


def test_each_event_waits_for_the_phone_so_a_slow_input_never_bunches_events(serve) -> None:  # type: ignore[no-untyped-def]
    phone = stand_in(profile=replace(FAST, input_start=0.12))  # slower than the dwell asked for
    serve(phone)
    path, geometry = route_of(phone)
    with open_device("adb", capture="raw", touch="input-session") as device:
        gesture = route_gesture(path[:6], geometry, StrokePace(speed=100, substeps=1, turn_dwell=0.0))
        began = time.monotonic()
        perform(device, gesture, Rect(0, 0, W, H))
        took = time.monotonic() - began
    assert took >= 7 * 0.12  # DOWN, 5 MOVEs and UP, one after the other
    assert settle(phone)[0]["reason"] == "released after 6 of 24 cells"  # no jump: every cell seen


def test_touch_refuses_points_outside_the_area_before_touching(serve) -> None:  # type: ignore[no-untyped-def]
    phone = stand_in()
    serve(phone)
    with open_device("adb", capture="raw", touch="input-session") as device, pytest.raises(UnsafeDragError):
        perform(device, stroke([Point(10, 10), Point(W + 5, 10)]), Rect(0, 0, W, H))
    assert phone.touches == 0


def test_maatouch_from_its_jar(serve, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    phone = stand_in()
    serve(phone)
    jar = tmp_path / "maatouch.jar"
    with zipfile.ZipFile(jar, "w") as archive:
        archive.writestr("classes.dex", b"dex\n035\0")
    path, geometry = route_of(phone)
    said: list[str] = []
    with open_device("adb", capture="raw", touch=f"maatouch:{jar}", say=said.append) as device:
        assert device.capabilities.touch == "maatouch"
        gesture = route_gesture(path, geometry, StrokePace(speed=1 / 0.05, substeps=1, turn_dwell=0.05))
        perform(device, gesture, Rect(0, 0, W, H))
    assert phone.files["/data/local/tmp/onestroke-maatouch.jar"] == jar.read_bytes()  # copied by a shell
    (record,) = settle(phone)
    assert record["cleared"] is True
    assert any("maatouch" in line and "start" in line for line in said)


def test_a_touch_method_is_a_class_and_a_line_in_the_table(serve, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    phone = stand_in()
    serve(phone)

    class Quicker(touch.InputSessionMethod):
        """`input` lines in one shell that claim to cost nothing: `auto` must pick them."""

        name = "quicker"
        title = "quicker input"

        def latency(self) -> float:
            return 1e-6

    monkeypatch.setitem(touch.TOUCH_METHODS, Quicker.name, Quicker)
    said: list[str] = []
    with open_device("adb", capture="raw", say=said.append) as device:
        assert device.capabilities.touch == "quicker"
        timed = [m.method for m in device.measured if m.kind == "touch"]
        assert timed == ["input-session", "input-each", "maatouch", "quicker"]  # uiautomator2: only named
        perform(device, stroke([Point(10, 10), Point(20, 10)]), Rect(0, 0, W, H))
    with open_device("adb", capture="raw", touch="quicker") as device:
        assert device.capabilities.touch == "quicker"
    assert any("quicker 0 ms" in line for line in said)
    assert phone.touches == 3  # down, move, up through the new method's sessions


def test_a_file_that_is_no_jar_is_refused(serve, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    serve(stand_in())
    (tmp_path / "x.jar").write_text("hello")
    with pytest.raises(DeviceError, match="MaaTouch cannot be used: .*is not a jar"):
        open_device("adb", capture="raw", touch=f"maatouch:{tmp_path / 'x.jar'}")


def test_a_black_screen_and_landscape_are_one_line_each(serve) -> None:  # type: ignore[no-untyped-def]
    serve(stand_in("dark", screen="off"), stand_in("wide", orientation="landscape"))
    with pytest.raises(DeviceError, match="the screenshot is black: the screen is off or locked"):
        open_device("adb", serial="dark", capture="raw")
    with pytest.raises(DeviceError, match=r"landscape \(960x540\); the game plays upright"):
        open_device("adb", serial="wide", capture="raw")


def test_unplugged_mid_stroke_ends_the_touch_and_says_so(serve) -> None:  # type: ignore[no-untyped-def]
    phone = stand_in(unplug_after_touches=4)
    serve(phone)
    path, geometry = route_of(phone)
    with open_device("adb", capture="raw", touch="input-session") as device:
        gesture = route_gesture(path, geometry, StrokePace(speed=1 / 0.03, substeps=1, turn_dwell=0.03))
        with pytest.raises(
            StrokeLost, match="device phone-1 disconnected .* in the middle of a stroke"
        ) as lost:
            perform(device, gesture, Rect(0, 0, W, H))
    assert "the touch was ended on this side" in str(lost.value)
    assert "\n" not in str(lost.value)


def test_devices_command_lists_measures_and_saves_the_profile(
    serve, capsys: pytest.CaptureFixture[str]
) -> None:  # type: ignore[no-untyped-def]
    from onestroke.bot.cli import main
    from onestroke.calibration.profile import load_profile

    serve(stand_in("a"), stand_in("b", state="unauthorized"))
    assert main(["devices"]) == 0
    out = capsys.readouterr().out
    lines = {line.split()[0]: line.split()[1] for line in out.splitlines()[1:3]}
    assert lines == {"a": "device", "b": "unauthorized"}
    assert "Pixel 7" in out and "14 (SDK 34)" in out and f"{W}x{H}" in out and "unauthorized" in out
    assert "input-session" in out and "raw-gzip" in out
    saved = load_profile(device_profile_name("a"))
    assert saved.backend == "adb" and saved.serial == "a" and saved.methods["touch"] == "input-session"
    said: list[str] = []
    with open_device("adb", serial="a", say=said.append) as device:
        assert device.capabilities.capture == saved.methods["capture"]
        assert isinstance(device, AdbDevice)
        # only the saved touch method's latency is timed again; no screenshot method at all
        assert [(m.kind, m.method) for m in device.measured] == [("touch", "input-session")]
    assert any("saved by `onestroke devices`" in line for line in said)


def test_play_dry_run_over_adb(serve, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    from onestroke.bot.cli import main

    phone = stand_in(profile=replace(FAST, width=1080, height=1920))
    serve(phone)
    assert main(["play", "--adb", "--dry-run", "--capture", "raw", "--log-dir", str(tmp_path / "logs")]) == 0
    assert "dry run: level 1 solved" in capsys.readouterr().out
    assert list((tmp_path / "logs").glob("*-dry-run/overlay.png"))
    assert phone.touches == 0, "a dry run never touches"


def test_level_number_seen_on_the_phone_matches_the_game(serve) -> None:  # type: ignore[no-untyped-def]
    phone = stand_in()
    serve(phone)
    assert make_level(1, 1).board == phone.game.level.board
    connection = Phone()
    assert connection.facts.size == (W, H) and connection.facts.shell_v2
    assert connection.shell_status("exit 3")[0] == 3


def test_a_clearly_slower_screenshot_method_is_probed_once(
    serve,  # type: ignore[no-untyped-def]
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    serve(stand_in(profile=replace(FAST, png_capture=0.3)))
    calls: list[str] = []
    real = choose.screenshot

    def counted(phone: Phone, method: CaptureMethod) -> np.ndarray:
        calls.append(method.name)
        return real(phone, method)

    monkeypatch.setattr(choose, "screenshot", counted)
    found = {m.method: m for m in choose.measure_capture(Phone(None))}
    assert calls.count("raw") == choose.PROBES, "the first method is always probed fully"
    assert calls.count("png") == 1 and found["png"].note == "1 probe: slower", calls
    assert found["png"].seconds is not None and found["png"].seconds >= 0.3
    assert choose.fastest(list(found.values())).method != "png"
