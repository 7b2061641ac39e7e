"""The exit-status table (README, "Exit statuses"; bot/commands/status.py) holds for every command
without a display: good input 0, a refused input 1, bad usage 2, Ctrl-C 130. The display and
phone commands (play, demo, calibrate, practice, devices) have the same table in
tests/e2e/test_exit_status_e2e.py."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # the looks bench's helpers (labelled screens) live in benchmarks/
    sys.path.insert(0, str(ROOT))

from benchmarks.looks_bench import truth_label, write_pair  # noqa: E402
from benchmarks.teach_bench import screens_of  # noqa: E402
from onestroke.bot.commands.status import ExitStatus  # noqa: E402
from onestroke.bot.labels import label_text, parse_label  # noqa: E402
from onestroke.solver.board import Board  # noqa: E402
from onestroke.solver.generate import two_rooms_text  # noqa: E402

FIXTURES = ROOT / "fixtures"
PUZZLES = ROOT / "examples" / "puzzles"

DONE, NOT_DONE, BAD_INPUT, INTERRUPTED = (
    int(s) for s in (ExitStatus.DONE, ExitStatus.NOT_DONE, ExitStatus.BAD_INPUT, ExitStatus.INTERRUPTED)
)


TAUGHT_LOOK = 7  # a random look (practice/looks.py) the built-in reading refuses: teach learns it


def look_screens(folder: Path, *, mislabelled: bool = False) -> Path:
    """Three labelled screens of one random look for `teach`; `mislabelled`: the first label
    calls a plain cell a hole, so teach learns, but that screen does not read back as labelled."""
    folder.mkdir()
    shown = [s for s in screens_of(TAUGHT_LOOK, 10) if s.kind != "complete"][:3]
    for s in shown:
        write_pair(folder, f"{s.kind}-{s.seed}", s.image, truth_label(s))
    if mislabelled:
        path = sorted(folder.glob("*.txt"))[0]
        label = parse_label(path.read_text(encoding="utf-8"))
        b = label.board
        plain = sorted(b.open_cells - {b.start, b.end} - set(label.walked))
        fewer = Board(b.rows, b.cols, b.open_cells - {plain[len(plain) // 2]}, b.start, b.end)
        path.write_text(
            label_text(type(label)(fewer, label.screen, None, label.walked, label.origin, label.pitch))
        )
    return folder


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("status")
    written = {
        "unsolvable.txt": "S . #\n# . .\n. . #\n",  # parity: refuted at once
        "rooms.txt": two_rooms_text(30),  # no certificate: keeps the solver busy until its timeout
        "route-odd.txt": "cols: 2 1\nrows: 2 1\nstart: 0 0\ngoal: 0 1\n",
        "romeo-big.txt": "7 7 0\n1 1\n7 7\n",  # out of reach: runs until --timeout
        "bad-board.txt": "S . x\n",
    }
    for name, text in written.items():
        (folder / name).write_text(text)
    paths = {name.rsplit(".", 1)[0]: str(folder / name) for name in written}
    label = folder / "shots"
    label.mkdir()
    (label / "level.png").write_bytes((FIXTURES / "app-board-1080x1920.png").read_bytes())
    (label / "level.txt").write_text("S .\n")  # a label that does not match the image
    paths["wrong-labels"] = str(label)
    paths["look"] = str(look_screens(folder / "look"))
    paths["mislabelled-look"] = str(look_screens(folder / "mislabelled-look", mislabelled=True))
    paths["fresh"] = str(folder / "fresh")
    return paths


LEVEL = str(FIXTURES / "app-board-1080x1920.png")
COMPLETE = str(FIXTURES / "complete-1080x1920-check.png")
NO_BOARD = str(
    next(
        p
        for p in sorted(FIXTURES.glob("*.png"))
        if "; no board" in p.with_suffix(".txt").read_text()
        and "screen: other" in p.with_suffix(".txt").read_text()
    )
)

# (command words, expected status); "{name}" is replaced by the file of that name
TABLE = [
    (["solve", "examples/level-9x7.txt"], DONE),
    (["solve", "{unsolvable}"], NOT_DONE),
    (["solve", "{bad-board}"], BAD_INPUT),
    (["solve", "--moves", "5", "examples/level-9x7.txt"], BAD_INPUT),
    (["detect", LEVEL], DONE),
    (["detect", COMPLETE], DONE),  # a screen read right is done, whatever kind it was
    (["detect", NO_BOARD], NOT_DONE),
    (["detect", "{fresh}/absent.png"], BAD_INPUT),
    (["detect", LEVEL, "--bogus"], BAD_INPUT),
    (["solve-image", LEVEL], DONE),
    (["solve-image", COMPLETE], NOT_DONE),  # nothing to solve
    (["solve-image", LEVEL, "--timeout", "-1"], BAD_INPUT),
    (["fixtures", "check", "fixtures"], DONE),
    (["fixtures", "check", "{wrong-labels}"], NOT_DONE),
    (["fixtures", "check", "{fresh}/absent"], BAD_INPUT),
    (["fixtures", "add", LEVEL, "--to", "{fresh}/added"], DONE),
    (["fixtures", "add", "{fresh}/absent.png", "--to", "{fresh}/added"], BAD_INPUT),
    (["teach", "{look}", "--name", "taught"], DONE),
    (["teach", "{mislabelled-look}", "--name", "taught"], NOT_DONE),  # learned; a screen not read back
    (["teach", "{fresh}/absent", "--name", "x"], BAD_INPUT),
    (["teach", "fixtures", "--name", "not/a/name"], BAD_INPUT),
    (["detect", LEVEL, "--look", "{fresh}"], BAD_INPUT),  # a look name is no path
    (["romeo", str(PUZZLES / "romeo_sample.txt")], DONE),
    (["romeo", "{romeo-big}", "--timeout", "0.1"], NOT_DONE),
    (["romeo", "{unsolvable}"], BAD_INPUT),
    (["route", str(PUZZLES / "route_10x10.txt")], DONE),
    (["route", "{route-odd}"], NOT_DONE),
    (["route", "--bogus", str(PUZZLES / "route_10x10.txt")], BAD_INPUT),
    (["maze", str(PUZZLES / "maze_001.txt")], DONE),
    (["maze", str(PUZZLES / "maze_003.txt"), "--moves", "4"], NOT_DONE),
    (["maze", "{bad-board}"], BAD_INPUT),
    (["config"], DONE),
    (["config", "solve"], BAD_INPUT),
    (["--version"], DONE),
    (["no-such-command"], BAD_INPUT),
    ([], BAD_INPUT),
]

# long enough work for a Ctrl-C to land inside the command (its imports count: cv2 takes 0.3-1 s)
INTERRUPTED_RUNS = [
    ["solve", "--timeout", "60", "{rooms}"],
    ["detect", *sorted(str(p) for p in FIXTURES.glob("*.png"))],  # seconds of work, whatever the load
    ["fixtures", "check", "fixtures"],
    ["romeo", "{romeo-big}", "--timeout", "60"],
    ["teach", "{look}", "--name", "interrupted"],  # imports, then learning and reading back: seconds
    ["config"],  # its imports are every command's: over a second
]


def words(args: list[str], files: dict[str, str]) -> list[str]:
    out = []
    for word in args:
        for name, path in files.items():
            word = word.replace("{" + name + "}", path)
        out.append(word)
    return out


def private(tmp_path: Path) -> dict[str, str]:
    """The environment with the user's config and data folders (profiles, settings, taught looks)
    under `tmp_path`: the runs neither read nor write the real ones."""
    return {
        **os.environ,
        "ONESTROKE_CONFIG_DIR": str(tmp_path / "config"),
        "ONESTROKE_DATA_DIR": str(tmp_path / "data"),
    }


def onestroke(args: list[str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = private(tmp_path)
    return subprocess.run(
        [sys.executable, "-m", "onestroke", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=120,
    )


@pytest.mark.parametrize(("args", "expected"), TABLE, ids=[" ".join(a) or "(nothing)" for a, _ in TABLE])
def test_the_exit_status_table(args: list[str], expected: int, files: dict[str, str], tmp_path: Path) -> None:
    done = onestroke(words(args, files), tmp_path)
    assert done.returncode == expected, done.stdout[-500:] + done.stderr
    assert "Traceback" not in done.stderr
    if expected == BAD_INPUT:
        assert done.stderr.count("\n") == 1, done.stderr  # one line naming the cause


def python_start_seconds() -> float:
    """How long the interpreter takes to reach onestroke's entry module (the slowest of 3, as a
    busy machine makes it): a Ctrl-C before that is Python's own business (docs/solver.md, "Hard
    limits"), so the signal goes after it."""
    slowest = 0.0
    for _ in range(3):
        began = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import onestroke._startup"], check=True)
        slowest = max(slowest, time.perf_counter() - began)
    return slowest


@pytest.mark.parametrize("args", INTERRUPTED_RUNS, ids=[" ".join(a[:2]) for a in INTERRUPTED_RUNS])
def test_ctrl_c_is_130_with_one_line(args: list[str], files: dict[str, str], tmp_path: Path) -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "onestroke", *words(args, files)],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env=private(tmp_path),
    )
    time.sleep(python_start_seconds() + 0.15)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert (process.returncode, err) == (INTERRUPTED, "onestroke: interrupted\n")
