"""Reading input files and checking output paths, with one-line errors that name the file.

Shared by the commands and by the image reader/writer (bot/imageio.py): every helper turns a bad
path into an `OnestrokeError` (a type the caller picks) whose message names the file.
"""

from __future__ import annotations

import os
import stat
import sys
import tempfile
from pathlib import Path

from onestroke.solver.errors import OnestrokeError


class OutputPathError(OnestrokeError):
    """A file or folder the command must write to cannot be written."""


MAX_TEXT_BYTES = 8 << 20
"""The largest text input read (a board, a puzzle): a million-cell board written with spaces is
2 MB. More is refused after reading one byte past it, so /dev/zero or a runaway pipe cannot fill
the memory (`solve /dev/zero` reached 7.2 GB in 20 s)."""


def read_text(name: str, error: type[OnestrokeError], what: str = "file", limit: int = MAX_TEXT_BYTES) -> str:
    """The text of file `name` ('-' reads stdin), or `error` with one line saying why not.

    At most `limit` bytes are read (more is an error). A UTF-8 byte-order mark is dropped:
    Windows editors write one.
    """
    try:
        if name == "-":  # bytes, decoded like a file: the text layer would let binary through escaped
            data = sys.stdin.buffer.read(limit + 1)
        else:
            with open(name, "rb") as handle:
                data = handle.read(limit + 1)
    except OSError as err:
        raise error(f"{name}: cannot read {what}: {err.strerror or err}") from None
    if len(data) > limit:
        raise error(f"{name}: {what} too large: more than {limit / 2**20:g} MB (the limit), not read further")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise error(f"{name}: not a text file ({err.reason} at byte {err.start})") from None


def check_writable_file(
    name: str, error: type[OnestrokeError], what: str = "file", *, regular: bool = False
) -> None:
    """Fail before any work when file `name` cannot be written (or appended to).

    The only sure test is to open it for appending; a file that did not exist is removed again.
    With `regular`, an existing path must be a plain file: a log that is read back cannot be a
    device, pipe or terminal (`demo --log /dev/full` read zeros until 9.7 GB; `--log /dev/stdout
    | cat` failed on a seek).
    """
    path = Path(name)
    if path.is_dir():
        raise error(f"{name}: is a folder, not a file")
    if regular and path.exists():
        mode = os.stat(path).st_mode
        if not stat.S_ISREG(mode):
            raise error(f"{name}: not a regular file ({file_kind(mode)}); the {what} is read back")
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


def file_kind(mode: int) -> str:
    """What a non-regular file is, in a word or two, for messages."""
    for test, kind in (
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISFIFO, "a pipe"),
        (stat.S_ISSOCK, "a socket"),
    ):
        if test(mode):
            return kind
    return "not a plain file"
