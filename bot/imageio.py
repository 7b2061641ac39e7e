"""Reading and writing screenshots with errors that name the file (one line, no traceback)."""

from __future__ import annotations

import contextlib
import os
import stat
import sys
from collections.abc import Iterator
from pathlib import Path

import cv2
import numpy as np

from onestroke.files import check_writable_file, file_kind
from onestroke.solver.errors import OnestrokeError

WRITABLE = (".png", ".jpg", ".jpeg", ".bmp", ".webp")

MAX_PIXELS = 50_000_000
"""The largest image read (a 8K screen is 33 Mpx): decoding takes 3 bytes a pixel and more, so a
PNG that declares 40000x40000 is refused from its header, before any decoding."""

MAX_FILE_BYTES = 256 << 20
"""The largest image file read: a 50 Mpx PNG without compression is 150 MB."""


class ImageFileError(OnestrokeError):
    """An image file that cannot be read or written."""


def read_image(path: str | Path) -> np.ndarray:
    """The image at `path` as a BGR uint8 array (PNG, JPEG and whatever else OpenCV decodes).

    Refused in one line: files over MAX_FILE_BYTES (read no further), images whose PNG or JPEG
    header declares more than MAX_PIXELS (before decoding), and anything OpenCV cannot decode.
    """
    name = str(path)
    try:
        # stat first: opening a pipe with no writer would wait for one forever
        mode = os.stat(name).st_mode
        if not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
            raise ImageFileError(f"{name}: not a regular file ({file_kind(mode)}), not an image")
        with open(name, "rb") as handle:  # bytes + imdecode also handles non-ASCII paths
            raw = handle.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise ImageFileError(f"{name}: no such file") from None
    except IsADirectoryError:
        raise ImageFileError(f"{name}: is a folder, not an image") from None
    except OSError as error:
        raise ImageFileError(f"{name}: cannot read image: {error.strerror or error}") from None
    if not raw:
        raise ImageFileError(f"{name}: empty file, not an image")
    if len(raw) > MAX_FILE_BYTES:
        raise ImageFileError(f"{name}: image file too large: more than {MAX_FILE_BYTES >> 20} MB (the limit)")
    size = declared_size(raw)
    if size is not None and size[0] * size[1] > MAX_PIXELS:
        raise ImageFileError(
            f"{name}: image too large: {size[0]}x{size[1]} = {size[0] * size[1] / 1e6:.0f} Mpx"
            f" (at most {MAX_PIXELS / 1e6:.0f} Mpx)"
        )
    data = np.frombuffer(raw, dtype=np.uint8)
    image = _quiet_decode(data)
    if image is None:
        raise ImageFileError(f"{name}: not an image OpenCV can decode (PNG or JPEG expected)")
    return image


_JPEG_FRAMES = frozenset({0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF})


def declared_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) that a PNG or JPEG header declares, or None for other or unreadable data.

    PNG: the IHDR chunk right after the signature. JPEG: the first start-of-frame marker, found
    by walking the marker segments from the start.
    """
    if data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR" and len(data) >= 24:
        return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    if data[:2] != b"\xff\xd8":
        return None
    k = 2
    while k + 9 <= len(data):
        if data[k] != 0xFF:
            return None
        marker = data[k + 1]
        if marker == 0xFF:  # fill byte before a marker
            k += 1
        elif marker == 0x01 or 0xD0 <= marker <= 0xD8:  # markers without a length
            k += 2
        elif marker in _JPEG_FRAMES:
            return int.from_bytes(data[k + 7 : k + 9], "big"), int.from_bytes(data[k + 5 : k + 7], "big")
        else:
            k += 2 + int.from_bytes(data[k + 2 : k + 4], "big")
    return None


def _quiet_decode(data: np.ndarray) -> np.ndarray | None:
    """`cv2.imdecode` without the decoders' own lines on stderr: our error names the file instead.

    OpenCV's warning ("[ WARN:0] ... PNG input buffer is incomplete") goes through its log level;
    libpng's ("libpng error: PNG input buffer is incomplete") is printed by libpng itself, so
    stderr's descriptor points at /dev/null while the image decodes.
    """
    logging = cv2.utils.logging
    level = logging.getLogLevel()
    logging.setLogLevel(logging.LOG_LEVEL_ERROR)
    with _stderr_silenced():
        try:
            return cv2.imdecode(data, cv2.IMREAD_COLOR)
        finally:
            logging.setLogLevel(level)


@contextlib.contextmanager
def _stderr_silenced() -> Iterator[None]:
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError, AttributeError):  # no real stderr: nothing to silence
        yield
        return
    try:
        quiet = os.open(os.devnull, os.O_WRONLY)
        os.dup2(quiet, 2)
        os.close(quiet)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def check_writable(path: str | Path) -> None:
    """Fail before any work when an image cannot be written to `path` (type, folder, permission)."""
    name = str(path)
    suffix = Path(name).suffix.lower()
    if suffix not in WRITABLE:
        raise ImageFileError(
            f"{name}: unknown image type {suffix or '(none)'}; use one of {', '.join(WRITABLE)}"
        )
    check_writable_file(name, ImageFileError, "image file")


def write_image(path: str | Path, image: np.ndarray) -> None:
    """Write `image` to `path`; the extension picks the format."""
    name = str(path)
    suffix = Path(name).suffix.lower()
    if suffix not in WRITABLE:
        raise ImageFileError(
            f"{name}: unknown image type {suffix or '(none)'}; use one of {', '.join(WRITABLE)}"
        )
    ok, data = cv2.imencode(suffix, image)
    if not ok:
        raise ImageFileError(f"{name}: could not encode the image")
    try:
        data.tofile(name)
    except OSError as error:
        raise ImageFileError(f"{name}: cannot write image: {error.strerror or error}") from None
