"""Reading input files and checking output paths, with one-line errors that name the file.

Shared by the commands and by the image reader/writer (bot/imageio.py): every helper turns a bad
path into an `OnestrokeError` (a type the caller picks) whose message names the file.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from onestroke.solver.errors import OnestrokeError


class OutputPathError(OnestrokeError):
    """A file or folder the command must write to cannot be written."""


def read_text(name: str, error: type[OnestrokeError], what: str = "file") -> str:
    """The text of file `name` ('-' reads stdin), or `error` with one line saying why not.

    A UTF-8 byte-order mark is dropped: Windows editors write one.
    """
    try:
        if name == "-":  # bytes, decoded like a file: the text layer would let binary through escaped
            return sys.stdin.buffer.read().decode("utf-8-sig")
        with open(name, encoding="utf-8-sig") as handle:
            return handle.read()
    except OSError as err:
        raise error(f"{name}: cannot read {what}: {err.strerror or err}") from None
    except UnicodeDecodeError as err:
        raise error(f"{name}: not a text file ({err.reason} at byte {err.start})") from None


def check_writable_file(name: str, error: type[OnestrokeError], what: str = "file") -> None:
    """Fail before any work when file `name` cannot be written (or appended to).

    The only sure test is to open it for appending; a file that did not exist is removed again.
    """
    path = Path(name)
    if path.is_dir():
        raise error(f"{name}: is a folder, not a file")
    if not path.parent.is_dir():
        raise error(f"{name}: folder {path.parent} does not exist")
    existed = path.exists()
    try:
        open(path, "ab").close()  # noqa: SIM115 - opened only to learn whether we may write
    except OSError as err:
        raise error(f"{name}: cannot write {what}: {err.strerror or err}") from None
    if not existed:
        path.unlink()


def writable_folder(path: Path, error: type[OnestrokeError], what: str = "folder") -> Path:
    """`path`, created when missing, once a file could be written in it; else one-line `error`."""
    if path.exists() and not path.is_dir():
        raise error(f"{path}: is a file, not a {what}")
    try:
        path.mkdir(parents=True, exist_ok=True)
        tempfile.TemporaryFile(dir=path).close()
    except OSError as err:
        raise error(f"{path}: cannot write in this {what}: {err.strerror or err}") from None
    return path
