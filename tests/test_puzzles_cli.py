"""`onestroke romeo|route|maze`: outputs, JSON, exit statuses and one-line errors, in-process."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from onestroke.bot.cli import main
from onestroke.solver import Board, is_valid_path

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "puzzles"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_romeo_prints_the_textbook_output(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "romeo", str(EXAMPLES / "romeo_sample.txt"))
    assert (status, err) == (0, "")
    assert out == "6\n7\n1 -1 9 8\n2 10 6 7\n3 4 5 -1\n"


def test_romeo_json_uses_one_based_cells(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "romeo", str(EXAMPLES / "romeo_sample.txt"), "--json")
    record = json.loads(out)
    assert status == 0
    assert (record["turns"], record["count"]) == (6, 7)
    assert record["path"][0] == [1, 1] and record["path"][-1] == [2, 2]
    closed = frozenset({(0, 1), (2, 3)})
    board = Board(3, 4, frozenset((r, c) for r in range(3) for c in range(4)) - closed, (0, 0), (1, 1), 8)
    assert is_valid_path(board, [(r - 1, c - 1) for r, c in record["path"]])


def test_romeo_without_a_route_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    puzzle = tmp_path / "none.txt"
    puzzle.write_text("1 3 0\n1 2\n1 3\n")
    status, out, _ = run(capsys, "romeo", str(puzzle))
    assert (status, out) == (1, "no route\n")
    status, out, _ = run(capsys, "romeo", str(puzzle), "--json")
    assert status == 1
    assert json.loads(out)["count"] == 0 and json.loads(out)["path"] is None


def test_route_prints_the_grid_with_its_counts(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "route", str(EXAMPLES / "route_10x10.txt"))
    lines = out.splitlines()
    assert status == 0
    assert lines[0] == "4 1 9 4 6 5 3 3 4 8"
    assert lines[1] == "* . . * * * . . . . 4"
    assert [line.count("*") for line in lines[1:]] == [4, 6, 7, 4, 4, 3, 3, 7, 1, 8]


def test_route_json_and_no_route(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "route", str(EXAMPLES / "route_10x10.txt"), "--json")
    path = json.loads(out)["path"]
    assert status == 0 and path[0] == [0, 0] and path[-1] == [9, 9] and len(path) == 47
    puzzle = tmp_path / "odd.txt"
    puzzle.write_text("cols: 2 1\nrows: 2 1\nstart: 0 0\ngoal: 0 1\n")
    status, out, _ = run(capsys, "route", str(puzzle))
    assert status == 1 and out.startswith("no route: ")


def test_maze_lists_steps_and_draws_the_path(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "maze", str(EXAMPLES / "maze_001.txt"))
    assert status == 0
    assert out.startswith("path of 30 steps from [1, 0] to [12, 16]\n")
    assert "   1  [1, 1]      E\n" in out
    assert out.rstrip().splitlines()[-13] == "* * 1 * * * 1 1 0 0 0 1 1 1 1 1 1"


def test_maze_shortest_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "maze", str(EXAMPLES / "maze_003.txt"), "--shortest", "--json")
    record = json.loads(out)
    assert status == 0
    assert len(record["path"]) == 26 and len(record["directions"]) == 25
    assert set(record["directions"]) <= {"N", "NE", "E", "SE", "S", "SW", "W", "NW"}


def test_maze_with_four_moves_has_no_path_here(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "maze", str(EXAMPLES / "maze_003.txt"), "--moves", "4")
    assert status == 1 and out.startswith("no path")


@pytest.mark.parametrize(
    ("command", "text", "fragment"),
    [
        ("romeo", "3 4 2\n1 2\n", "line 2: input ends early"),
        ("route", "cols: 1\nrows: one\n", "line 2: 'one' is not an integer"),
        ("maze", "0 0\n0 x\n", "line 2: unknown character 'x'"),
    ],
)
def test_malformed_files_give_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, text: str, fragment: str
) -> None:
    puzzle = tmp_path / "bad.txt"
    puzzle.write_text(text)
    status, out, err = run(capsys, command, str(puzzle))
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"onestroke: {puzzle}: ") and fragment in err


@pytest.mark.parametrize("command", ["romeo", "route", "maze"])
def test_missing_file_is_an_input_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    status, _, err = run(capsys, command, str(tmp_path / "absent.txt"))
    assert status == 2
    assert "absent.txt: cannot read" in err and err.count("\n") == 1


def test_romeo_timeout_is_a_null_answer_with_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzle = tmp_path / "big.txt"
    puzzle.write_text("7 7 0\n1 1\n7 7\n")
    status, out, err = run(capsys, "romeo", str(puzzle), "--timeout", "0.1", "--json")
    record = json.loads(out)
    assert (status, err) == (1, "")
    assert record["turns"] is None and record["path"] is None
    assert record["reason"] == "timeout after 0.1 s"


def test_windows_text_with_a_byte_order_mark_reads_the_same(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzle = tmp_path / "notepad.txt"
    puzzle.write_bytes(b"\xef\xbb\xbf3 4 2\r\n1 2\r\n3 4\r\n1 1\r\n2 2\r\n")
    status, out, _ = run(capsys, "romeo", str(puzzle))
    assert (status, out) == (0, "6\n7\n1 -1 9 8\n2 10 6 7\n3 4 5 -1\n")


def test_romeo_on_a_terminal_names_its_numbers_and_piped_keeps_the_textbook_output() -> None:
    from test_progress import on_a_terminal

    status, drawn = on_a_terminal(["-m", "onestroke", "romeo", str(EXAMPLES / "romeo_sample.txt")])
    lines = drawn.replace("\r\n", "\n").splitlines()
    assert status == 0
    assert lines[:3] == [
        "fewest turns: 6",
        "7 routes with 6 turns",
        "steps of the first route (-1: a closed room):",
    ]
    assert lines[3:] == ["1 -1 9 8", "2 10 6 7", "3 4 5 -1"]
    piped = subprocess.run(
        [sys.executable, "-m", "onestroke", "romeo", str(EXAMPLES / "romeo_sample.txt")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert piped.stdout == "6\n7\n1 -1 9 8\n2 10 6 7\n3 4 5 -1\n"
