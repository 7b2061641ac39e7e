"""A standing fuzz suite of hostile inputs and outputs: each gives its exit status and one line.

Every case runs the real command in its own process, as a user would (stdout closed, /dev/full,
a pipe for a log need a process of their own anyway), and checks: the documented exit status,
exactly one line on stderr naming the file or the cause, no traceback, and a time bound that
catches a hang or a runaway read (the refusal times themselves are in benchmarks/limits_bench.py).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np
import pytest

from onestroke.solver.generate import full_text, row_text

ROOT = Path(__file__).resolve().parents[1]
ARTICLE = str(ROOT / "examples" / "article-002.txt")
TIME_BOUND = 20.0  # seconds: far above a refusal (well under 1 s on an idle machine), below a hang


@dataclass(frozen=True)
class Case:
    name: str
    args: Callable[[Path], list[str]]
    status: int
    fragment: str
    stdin: str | None = None  # a path to connect to stdin
    stdout: str = "pipe"  # "pipe", "closed", "full" (/dev/full)
    env: dict[str, str] = field(default_factory=dict)


def make_files(folder: Path) -> None:
    (folder / "binary.txt").write_bytes(bytes(range(256)) * 4)
    (folder / "latin1.txt").write_bytes("S . é\n".encode("latin-1"))
    (folder / "huge-text.txt").write_text("; padding\n" * 900_000)  # 9 MB of comments
    (folder / "row2m.txt").write_text(row_text(2_000_000))
    (folder / "grid600.txt").write_text(full_text(600, 600))
    (folder / "romeo.txt").write_text("9" * 5000 + " 5 0\n1 1\n2 2\n")
    (folder / "maze.txt").write_text(("0" * 1001 + "\n") * 1000)
    (folder / "route.txt").write_text("cols: " + "1 " * 101 + "\n")
    image = (np.random.default_rng(1).random((120, 160, 3)) * 255).astype(np.uint8)
    png = cv2.imencode(".png", image)[1].tobytes()
    (folder / "truncated.png").write_bytes(png[: len(png) // 2])
    huge = bytearray(png)
    huge[16:24] = (40_000).to_bytes(4, "big") * 2  # IHDR declares 40000x40000, 1.6 Gpx
    (folder / "huge.png").write_bytes(bytes(huge))
    jpeg = bytearray(cv2.imencode(".jpg", image)[1].tobytes())
    frame = jpeg.index(b"\xff\xc0")
    jpeg[frame + 5 : frame + 9] = (30_000).to_bytes(2, "big") * 2
    (folder / "huge.jpg").write_bytes(bytes(jpeg))
    os.mkfifo(folder / "fifo")
    make_fixture_folders(folder, huge=bytes(huge))


SHOT = ROOT / "fixtures" / "app-board-1080x1920"  # a labelled screenshot that checks ok


def make_fixture_folders(folder: Path, huge: bytes) -> None:
    """Folders for `fixtures check`, each a good screenshot with one thing wrong."""
    label = SHOT.with_suffix(".txt").read_text()
    bad_labels = {
        "bad-board": "S . x\n. . .\n",
        "bad-screen": "; no board\n; screen: bogus\n",
        "bad-origin": label.replace("; origin:", "; origin: a,b ;"),
        "binary-label": None,
        "huge-label": "; padding\n" * 900_000,
    }
    for name, text in bad_labels.items():
        (folder / name).mkdir()
        (folder / name / "a.png").write_bytes(SHOT.with_suffix(".png").read_bytes())
        if text is None:
            (folder / name / "a.txt").write_bytes(bytes(range(256)) * 4)
        else:
            (folder / name / "a.txt").write_text(text)
    for name, image in {"unreadable-image": os.urandom(5000), "huge-image": huge}.items():
        (folder / name).mkdir()
        (folder / name / "a.png").write_bytes(image)
        (folder / name / "a.txt").write_text(label)
    (folder / "empty").mkdir()
    (folder / "fifo-label").mkdir()
    os.mkfifo(folder / "fifo-label" / "a.txt")
    (folder / "plain-file").write_text("not a folder\n")


CASES = [
    Case("board from /dev/zero", lambda f: ["solve", "/dev/zero"], 2, "board file too large: more than 8 MB"),
    Case(
        "board on stdin from /dev/zero", lambda f: ["solve", "-"], 2, "-: board file too large", "/dev/zero"
    ),
    Case("board text over 8 MB", lambda f: ["solve", str(f / "huge-text.txt")], 2, "board file too large"),
    Case("binary board", lambda f: ["solve", str(f / "binary.txt")], 2, "binary.txt: not a text file"),
    Case("Latin-1 board", lambda f: ["solve", str(f / "latin1.txt")], 2, "latin1.txt: not a text file"),
    Case("a folder as board", lambda f: ["solve", str(f)], 2, "cannot read board file: Is a directory"),
    Case(
        "1x2,000,000 board",
        lambda f: ["solve", str(f / "row2m.txt")],
        2,
        "board too large: more than 1,000,000",
    ),
    Case(
        "boards over the limit together",
        lambda f: ["solve", str(f / "grid600.txt"), str(f / "grid600.txt"), str(f / "grid600.txt")],
        2,
        "too many cells in one run: 1,080,000",
    ),
    Case("romeo with a 5000-digit n", lambda f: ["romeo", str(f / "romeo.txt")], 2, "number too large"),
    Case("maze over the limit", lambda f: ["maze", str(f / "maze.txt")], 2, "maze too large"),
    Case(
        "route with 101 columns",
        lambda f: ["route", str(f / "route.txt")],
        2,
        "cols: 101 counts, at most 100",
    ),
    Case("image from /dev/zero", lambda f: ["detect", "/dev/zero"], 2, "/dev/zero: not a regular file"),
    Case("image from a pipe", lambda f: ["detect", str(f / "fifo")], 2, "not a regular file (a pipe)"),
    Case(
        "PNG declaring 40000x40000",
        lambda f: ["detect", str(f / "huge.png")],
        2,
        "image too large: 40000x40000",
    ),
    Case(
        "JPEG declaring 30000x30000",
        lambda f: ["detect", str(f / "huge.jpg")],
        2,
        "image too large: 30000x30000",
    ),
    Case("truncated PNG", lambda f: ["detect", str(f / "truncated.png")], 2, "truncated.png: not an image"),
    # `fixtures check`: every label is read before any image, so a bad one stops the run
    Case(
        "fixtures: malformed board in a label",
        lambda f: ["fixtures", "check", str(f / "bad-board")],
        2,
        "a.txt: line 1: unknown character 'x'",
    ),
    Case(
        "fixtures: bad screen line",
        lambda f: ["fixtures", "check", str(f / "bad-screen")],
        2,
        "a.txt: line 2: '; screen:' must be level, complete or other, not 'bogus'",
    ),
    Case(
        "fixtures: bad origin line",
        lambda f: ["fixtures", "check", str(f / "bad-origin")],
        2,
        "'; origin:' needs two numbers X Y, not 'a,b",
    ),
    Case(
        "fixtures: binary label",
        lambda f: ["fixtures", "check", str(f / "binary-label")],
        2,
        "binary-label/a.txt: not a text file",
    ),
    Case(
        "fixtures: label over 8 MB",
        lambda f: ["fixtures", "check", str(f / "huge-label")],
        2,
        "huge-label/a.txt: label too large: more than 8 MB",
    ),
    Case(
        "fixtures: label from a pipe",
        lambda f: ["fixtures", "check", str(f / "fifo-label" / "a.txt")],
        2,
        "a.txt: not a regular file (a pipe)",
    ),
    Case(
        "fixtures: unreadable image",
        lambda f: ["fixtures", "check", "--json", str(f / "unreadable-image")],
        2,
        "unreadable-image/a.png: not an image OpenCV can decode",
    ),
    Case(
        "fixtures: image declaring 40000x40000",
        lambda f: ["fixtures", "check", str(f / "huge-image")],
        2,
        "huge-image/a.png: image too large: 40000x40000",
    ),
    Case(
        "fixtures: folder missing",
        lambda f: ["fixtures", "check", str(f / "no-such-folder")],
        2,
        "no-such-folder: no such file or folder",
    ),
    Case(
        "fixtures: empty folder", lambda f: ["fixtures", "check", str(f / "empty")], 2, "no screenshots here"
    ),
    Case(
        "fixtures: JUnit report in a missing folder",
        lambda f: ["fixtures", "check", "--junit", str(f / "no" / "r.xml"), str(SHOT.with_suffix(".png"))],
        2,
        "does not exist",
    ),
    # `fixtures add`
    Case(
        "fixtures add: image missing",
        lambda f: ["fixtures", "add", "--to", str(f / "added"), str(f / "no-such.png")],
        2,
        "no-such.png: no such file",
    ),
    Case(
        "fixtures add: unreadable image",
        lambda f: ["fixtures", "add", "--to", str(f / "added"), str(f / "unreadable-image" / "a.png")],
        2,
        "a.png: not an image OpenCV can decode",
    ),
    Case(
        "fixtures add: image declaring 40000x40000",
        lambda f: ["fixtures", "add", "--to", str(f / "added"), str(f / "huge-image" / "a.png")],
        2,
        "image too large: 40000x40000",
    ),
    Case(
        "fixtures add: /dev/zero",
        lambda f: ["fixtures", "add", "--to", str(f / "added"), "/dev/zero"],
        2,
        "/dev/zero: not a file",
    ),
    Case(
        "fixtures add: a text file as image",
        lambda f: ["fixtures", "add", "--to", str(f / "added"), str(f / "binary.txt")],
        2,
        "binary.txt: not a PNG or JPEG image",
    ),
    Case(
        "fixtures add: --to is a file",
        lambda f: ["fixtures", "add", "--to", str(f / "plain-file"), str(SHOT.with_suffix(".png"))],
        2,
        "plain-file: is a file, not a fixtures folder",
    ),
    Case(
        "fixtures add: --to cannot be made",
        lambda f: ["fixtures", "add", "--to", "/proc/onestroke-fixtures", str(SHOT.with_suffix(".png"))],
        2,
        "/proc/onestroke-fixtures: cannot write in this fixtures folder",
    ),
    Case(
        "answer to /dev/full",
        lambda f: ["solve", ARTICLE],
        2,
        "cannot write the output: No space left",
        stdout="full",
    ),
    Case("stdout closed", lambda f: ["solve", ARTICLE], 2, "standard output is closed", stdout="closed"),
    Case(
        "demo log on /dev/full",
        lambda f: ["demo", "--log", "/dev/full"],
        2,
        "/dev/full: not a regular file (a character device)",
    ),
    Case(
        "demo log on a pipe", lambda f: ["demo", "--log", str(f / "fifo")], 2, "not a regular file (a pipe)"
    ),
]


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("fuzz")
    make_files(folder)
    return folder


def run(case: Case, folder: Path) -> tuple[int, str, float]:
    stdout: int | None = subprocess.DEVNULL
    opened = []
    if case.stdout == "full":
        stdout = os.open("/dev/full", os.O_WRONLY)
        opened.append(stdout)
    stdin = subprocess.DEVNULL
    if case.stdin:
        stdin = os.open(case.stdin, os.O_RDONLY)
        opened.append(stdin)
    began = time.perf_counter()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "onestroke", *case.args(folder)],
            stdin=stdin,
            stdout=stdout,
            stderr=subprocess.PIPE,
            text=True,
            timeout=TIME_BOUND,
            env={**os.environ, **case.env},
            preexec_fn=(lambda: os.close(1)) if case.stdout == "closed" else None,  # noqa: PLW1509
        )
    finally:
        for fd in opened:
            os.close(fd)
    return done.returncode, done.stderr, time.perf_counter() - began


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_hostile_input_or_output_gives_one_line_and_its_status(case: Case, files: Path) -> None:
    status, err, seconds = run(case, files)
    assert "Traceback" not in err, err
    assert status == case.status, (status, err)
    assert err.count("\n") == 1 and err.endswith("\n"), f"not one line: {err!r}"
    assert err.startswith("onestroke: ") and case.fragment in err, err
    assert len(err) < 300, err
    assert seconds < TIME_BOUND


def test_two_games_sharing_a_log_each_count_their_own_lines(tmp_path: Path) -> None:
    # `demo --log` shared by two demos: each reads from where its game started, and only the
    # lines its own game (by process id) wrote ("6/3 levels cleared" before)
    from onestroke.practice.game import GameLog
    from onestroke.practice.process import log_size, read_log

    log = tmp_path / "game.jsonl"
    first = GameLog(log)
    first.write({"level": 0, "cleared": True})
    offset = log_size(log)
    ours, theirs = GameLog(log), GameLog(log)
    theirs.game = ours.game + 1  # a second game process
    for level in (1, 2, 3):
        ours.write({"level": level, "cleared": True})
        theirs.write({"level": level, "cleared": True})
    for game_log in (first, ours, theirs):
        game_log.close()
    mine = read_log(log, offset, ours.game)
    assert [r["level"] for r in mine] == [1, 2, 3] and {r["game"] for r in mine} == {ours.game}
    assert len(read_log(log, offset)) == 6


def test_a_game_log_that_cannot_be_written_is_kept_as_one_failure() -> None:
    from onestroke.practice.game import GameLog

    log = GameLog(Path("/dev/full"))
    for level in range(3):
        log.write({"level": level})
    assert log.failure is not None
    assert str(log.failure) == "cannot write the game log /dev/full: No space left on device"
