"""The stand-in phone's screen as a bot reads it: `screencap` (raw or `-p` PNG, to stdout or a
file) and `gzip` (what `screencap | gzip -1` packs it with), each taking the time its profile
gives it."""

from __future__ import annotations

import gzip as gzip_format
import re
import struct
import time

import cv2
import numpy as np

from onestroke.practice.phone.cmdline import Call, Command

LINKER_WARNING = 'WARNING: linker: "/system/bin/screencap" unused DT entry: type 0xf arg 0x2f3\n'


def raw_screencap(image: np.ndarray, header_bytes: int = 16) -> bytes:
    """`screencap` without -p: width, height, format (1 = RGBA_8888) as little-endian uint32,
    then the colour space (16-byte header, Android 9+) and the RGBA rows, unpadded."""
    height, width = image.shape[:2]
    rgba = cv2.cvtColor(image, cv2.COLOR_BGR2RGBA)
    header = struct.pack("<III", width, height, 1)
    if header_bytes == 16:
        header += struct.pack("<I", 1)  # sRGB
    return header + rgba.tobytes()


def png_screencap(image: np.ndarray) -> bytes:
    """`screencap -p`: the screen as a PNG (fast compression: the phone's time is its profile's)."""
    ok, encoded = cv2.imencode(".png", image, [cv2.IMWRITE_PNG_COMPRESSION, 1])
    assert ok, "OpenCV could not encode a BGR image as PNG"
    return encoded.tobytes()


def screencap(call: Call) -> int:
    phone, profile = call.phone, call.phone.profile
    png = "-p" in call.args
    files = [a for a in call.args if not a.startswith("-") and not a.isdigit()]
    began = time.monotonic()
    image = phone.screenshot()
    if png or (files and files[0].endswith(".png")):
        data, budget = png_screencap(image), profile.png_capture
    else:
        data, budget = raw_screencap(image, profile.header_bytes), profile.raw_capture
    phone.wait(budget - (time.monotonic() - began))
    if files:
        phone.files[files[0]] = data
    else:
        if phone.options.linker_warning and not png:  # old phones print this on stdout
            call.out.out(LINKER_WARNING)
        call.out.out(data)
    return 0


def gzip(call: Call) -> int:
    level = next((int(a[1:]) for a in call.args if re.fullmatch(r"-[1-9]", a)), 6)
    data = call.stdin.read_all()
    began = time.monotonic()
    packed = gzip_format.compress(data, compresslevel=level, mtime=0)
    rate = call.phone.profile.gzip_bytes_per_s
    call.phone.wait(len(data) / rate - (time.monotonic() - began))
    call.out.out(packed)
    return 0


SCREEN: dict[str, Command] = {"screencap": screencap, "gzip": gzip}
