"""Screenshots of a phone: raw pixels, raw pixels gzipped on the phone, or PNG.

`screencap` without `-p` writes a small header and the pixels as they are in the framebuffer:
little-endian uint32 width, height and pixel format, then (Android 9 and later) a uint32 colour
space — 16 bytes; older versions write 12 — then the rows, unpadded. Some phones print a linker
warning on stdout first, so the header is found from the END: the pixels are the last
width x height x bytes-per-pixel bytes, and the header sits just before them.

PNG (`screencap -p`) costs the phone its encoding time (0.2-2 s); raw costs the link its
8 MB (1080x1920). `screencap | gzip -1` trades some phone time for far fewer bytes. Which wins
depends on the phone and the cable, so `adb/choose.py` measures them on the device.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable
from dataclasses import dataclass

import cv2
import numpy as np

from onestroke.bot.device.adb.connection import Phone
from onestroke.bot.device.base import CaptureError

# pixel formats (android.graphics.PixelFormat / ui::PixelFormat) -> bytes per pixel, cv2 conversion
FORMATS: dict[int, tuple[int, int]] = {
    1: (4, cv2.COLOR_RGBA2BGR),  # RGBA_8888
    2: (4, cv2.COLOR_RGBA2BGR),  # RGBX_8888
    3: (3, cv2.COLOR_RGB2BGR),  # RGB_888
    4: (2, cv2.COLOR_BGR5652BGR),  # RGB_565 (little-endian 16-bit, as OpenCV reads it)
    5: (4, cv2.COLOR_BGRA2BGR),  # BGRA_8888
}
MAX_SIDE = 16384
SEARCH = 4096  # how far into the data a header may start (after warnings printed before it)


@dataclass(frozen=True)
class RawHeader:
    offset: int  # where the header starts in the data
    size: int  # 16 or 12 bytes
    width: int
    height: int
    format: int


def find_header(data: bytes | memoryview) -> RawHeader:
    """Where the raw header is: the offset from which header + pixels run exactly to the end."""
    total = len(data)
    for offset in range(0, min(SEARCH, max(0, total - 12)) + 1):
        width, height, fmt = struct.unpack_from("<III", data, offset)
        if fmt not in FORMATS or not (0 < width <= MAX_SIDE and 0 < height <= MAX_SIDE):
            continue
        pixels = width * height * FORMATS[fmt][0]
        for size in (16, 12):
            if offset + size + pixels == total:
                return RawHeader(offset, size, width, height, fmt)
    head = bytes(data[:40])
    raise CaptureError(
        f"the phone's raw screenshot has no header I know ({total} bytes, starting {head!r}):"
        " use --capture png"
    )


def decode_raw(data: bytes | memoryview) -> np.ndarray:
    """A raw screencap as a BGR image; whatever was printed before the header is ignored."""
    header = find_header(data)
    bpp, conversion = FORMATS[header.format]
    start = header.offset + header.size
    pixels = np.frombuffer(data, np.uint8, count=header.width * header.height * bpp, offset=start)
    if bpp == 2:
        image = pixels.reshape(header.height, header.width, 2)
    else:
        image = pixels.reshape(header.height, header.width, bpp)
    return cv2.cvtColor(image, conversion)


def decode_png(data: bytes | memoryview) -> np.ndarray:
    buffer = np.frombuffer(data, np.uint8)
    start = bytes(data[:4096]).find(b"\x89PNG")  # a warning may come first here too
    image = cv2.imdecode(buffer[max(start, 0) :], cv2.IMREAD_COLOR) if start >= 0 else None
    if image is None:
        raise CaptureError(f"the phone's screencap -p gave {len(data)} bytes that are not a PNG image")
    return image


def decode_gzip(data: bytes | memoryview) -> np.ndarray:
    try:
        raw = zlib.decompress(bytes(data), wbits=31)  # 31: the gzip wrapper
    except zlib.error as error:
        text = bytes(data[:80]).decode(errors="replace").strip()
        raise CaptureError(f"the phone's screencap | gzip output is not gzip ({error}): {text!r}") from None
    return decode_raw(raw)


@dataclass(frozen=True)
class CaptureMethod:
    """One way to take a screenshot: the command run on the phone and how to read its output."""

    name: str
    command: str
    decode: Callable[[bytes | memoryview], np.ndarray]
    expected: Callable[[int, int], int]  # bytes to expect for a w x h screen (the buffer's size)


CAPTURE_METHODS: dict[str, CaptureMethod] = {
    "raw": CaptureMethod("raw", "screencap", decode_raw, lambda w, h: w * h * 4 + 64),
    "raw-gzip": CaptureMethod("raw-gzip", "screencap | gzip -1", decode_gzip, lambda w, h: w * h // 4),
    "png": CaptureMethod("png", "screencap -p", decode_png, lambda w, h: w * h // 2),
}


def screenshot(phone: Phone, method: CaptureMethod) -> np.ndarray:
    """The whole screen as a BGR image, by `method`."""
    width, height = phone.facts.size
    data = phone.exec_bytes(method.command, method.expected(max(width, 1), max(height, 1)))
    if not data:
        raise CaptureError(
            f"device {phone.serial}: `{method.command}` gave no data (screen capture refused?)"
        )
    return method.decode(data)
