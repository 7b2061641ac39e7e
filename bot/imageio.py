"""Reading and writing screenshots with errors that name the file (one line, no traceback)."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from onestroke.bot.files import check_writable_file
from onestroke.solver.errors import OnestrokeError

WRITABLE = (".png", ".jpg", ".jpeg", ".bmp", ".webp")


class ImageFileError(OnestrokeError):
    """An image file that cannot be read or written."""


def read_image(path: str | Path) -> np.ndarray:
    """The image at `path` as a BGR uint8 array (PNG, JPEG and whatever else OpenCV decodes)."""
    name = str(path)
    try:
        data = np.fromfile(name, dtype=np.uint8)  # fromfile + imdecode also handles non-ASCII paths
    except FileNotFoundError:
        raise ImageFileError(f"{name}: no such file") from None
    except IsADirectoryError:
        raise ImageFileError(f"{name}: is a folder, not an image") from None
    except OSError as error:
        raise ImageFileError(f"{name}: cannot read image: {error.strerror or error}") from None
    if data.size == 0:
        raise ImageFileError(f"{name}: empty file, not an image")
    image = _quiet_decode(data)
    if image is None:
        raise ImageFileError(f"{name}: not an image OpenCV can decode (PNG or JPEG expected)")
    return image


def _quiet_decode(data: np.ndarray) -> np.ndarray | None:
    """`cv2.imdecode` without OpenCV's own warning line on stderr (a truncated PNG prints
    "[ WARN:0] ... PNG input buffer is incomplete"): our error names the file instead."""
    logging = cv2.utils.logging
    level = logging.getLogLevel()
    logging.setLogLevel(logging.LOG_LEVEL_ERROR)
    try:
        return cv2.imdecode(data, cv2.IMREAD_COLOR)
    finally:
        logging.setLogLevel(level)


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
