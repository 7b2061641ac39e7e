"""`onestroke solve`: JSON lines per the spec, exit statuses 0/1/2, one-line errors, drawn routes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from onestroke.bot.cli import main
from onestroke.solver import Board, is_valid_path

ROOT = Path(__file__).resolve().parents[1]

ARTICLE_002 = """\
. . . . . .
. # . . # .
. . . . S .
. # . . # .
. . . . . .
# # # # # #
"""
PARITY = "S . . .\n. . . #\n# # # #\n"  # 7 cells, only 3 of the start's colour
KINGS = "S # .\n# . .\n"  # the start touches the rest only diagonally


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def json_lines(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines()]


def test_json_line_per_board_in_order_and_exit_1_when_one_is_unsolvable(tmp_path, capsys) -> None:
    good = write(tmp_path, "a.txt", ARTICLE_002)
    bad = write(tmp_path, "b.txt", PARITY)
    assert main(["solve", "--json", good, bad, good]) == 1
    captured = capsys.readouterr()
    assert captured.err == ""
    first, second, third = json_lines(captured.out)
    assert first["board"] == good and first["solvable"] is True
    assert is_valid_path(Board.from_text(ARTICLE_002), first["path"])
    assert first["path"][0] == [2, 4]
    assert isinstance(first["seconds"], float) and first["seconds"] >= 0
    assert second == {
        "board": bad,
        "solvable": False,
        "reason": second["reason"],
        "seconds": second["seconds"],
        "engine": "certificate",
    }
    assert second["reason"].startswith("parity:") and "path" not in second
    assert third["board"] == good


def test_exit_0_when_every_board_solves(tmp_path, capsys) -> None:
    assert main(["solve", "--json", write(tmp_path, "a.txt", ARTICLE_002)]) == 0


def test_timeout_gives_null_and_exit_1(tmp_path, capsys) -> None:
    rows = ["S" + "." * 29] + ["." * 30] * 29
    big = write(tmp_path, "big.txt", "\n".join(rows) + "\n")
    assert main(["solve", "--json", "--timeout", "0.001", "--engine", "exact", big]) == 1
    (line,) = json_lines(capsys.readouterr().out)
    assert line["solvable"] is None and line["reason"] == "timeout after 0.001 s"
    assert "path" not in line


def test_moves_8_changes_the_neighbourhood(tmp_path, capsys) -> None:
    kings = write(tmp_path, "k.txt", KINGS)
    assert main(["solve", "--json", kings]) == 1  # with 4-moves the start is cut off from the rest
    assert main(["solve", "--json", "--moves", "8", kings]) == 0
    four, eight = json_lines(capsys.readouterr().out)
    assert four["solvable"] is False
    assert is_valid_path(Board.from_text(KINGS, moves=8), eight["path"])


def test_required_end_is_honoured(tmp_path, capsys) -> None:
    text = "S . .\n. . .\n. . E\n"
    assert main(["solve", "--json", write(tmp_path, "e.txt", text)]) == 0
    (line,) = json_lines(capsys.readouterr().out)
    assert line["path"][-1] == [2, 2]
    assert is_valid_path(Board.from_text(text), line["path"])


def test_without_json_the_route_is_drawn_as_step_numbers(tmp_path, capsys) -> None:
    good = write(tmp_path, "a.txt", ARTICLE_002)
    bad = write(tmp_path, "b.txt", PARITY)
    assert main(["solve", good, bad]) == 1
    out = capsys.readouterr().out
    board = Board.from_text(ARTICLE_002)
    assert f"{good}: solved, 26 cells" in out
    drawn = out.split("\n")[1:7]
    numbers = [tok for line in drawn for tok in line.split()]
    assert sorted(int(tok) for tok in numbers if tok != "#") == list(range(1, 27))
    start_row = drawn[2].split()
    assert start_row[4] == "1"  # the start (row 2, col 4) is step 1
    assert f"{bad}: no solution: parity:" in out
    assert board.to_text() not in out.split(bad)[0]  # the solved board is drawn, not echoed


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("S . .\n. .\n", "line 2: ragged row"),
        (". . .\n", "no start"),
        ("S . x\n", "line 1: unknown character 'x'"),
        ("S . S\n", "two starts"),
    ],
)
def test_malformed_board_is_one_line_naming_the_file_and_exit_2(tmp_path, capsys, text, fragment) -> None:
    good = write(tmp_path, "good.txt", ARTICLE_002)
    bad = write(tmp_path, "bad.txt", text)
    assert main(["solve", "--json", good, bad]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # nothing is solved when any input is bad
    (line,) = captured.err.splitlines()
    assert line.startswith(f"onestroke: {bad}:") and fragment in line


@pytest.mark.parametrize("make", [lambda d: str(d / "missing.txt"), lambda d: str(d)])
def test_unreadable_file_is_one_line_and_exit_2(tmp_path, capsys, make) -> None:
    name = make(tmp_path)
    assert main(["solve", name]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith(f"onestroke: {name}: cannot read board file:")


@pytest.mark.parametrize("args", [["--timeout", "0"], ["--timeout", "soon"], ["--moves", "6"], []])
def test_bad_options_exit_2(tmp_path, capsys, args) -> None:
    assert main(["solve", *args, write(tmp_path, "a.txt", ARTICLE_002)] if args else ["solve"]) == 2


def test_the_real_command_prints_no_traceback_on_bad_input(tmp_path) -> None:
    bad = write(tmp_path, "bad.txt", "S . x\n")
    done = subprocess.run(
        [sys.executable, "-m", "onestroke", "solve", bad],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert "Traceback" not in done.stderr and len(done.stderr.splitlines()) == 1


def test_the_real_command_solves_stdin(tmp_path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "onestroke", "solve", "--json", "-"],
        input=ARTICLE_002,
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    (line,) = json_lines(done.stdout)
    assert line["board"] == "-" and is_valid_path(Board.from_text(ARTICLE_002), line["path"])


def test_every_bundled_example_solves(capsys) -> None:
    examples = sorted(str(p) for p in (ROOT / "examples").glob("*.txt"))
    assert len(examples) >= 5
    assert main(["solve", "--json", *examples]) == 0
    for line in json_lines(capsys.readouterr().out):
        board = Board.from_text(Path(line["board"]).read_text())
        assert is_valid_path(board, line["path"])
    eight = sorted(str(p) for p in (ROOT / "examples" / "moves8").glob("*.txt"))
    assert eight and main(["solve", "--json", "--moves", "8", *eight]) == 0
    capsys.readouterr()


def test_a_board_file_with_a_byte_order_mark_solves_like_one_without(tmp_path, capsys) -> None:
    marked = tmp_path / "bom.txt"
    marked.write_bytes("\ufeff".encode() + ARTICLE_002.encode())
    assert main(["solve", "--json", str(marked)]) == 0
    (line,) = json_lines(capsys.readouterr().out)
    assert is_valid_path(Board.from_text(ARTICLE_002), line["path"])


def test_a_binary_file_is_one_line_saying_it_is_not_text(tmp_path, capsys) -> None:
    junk = tmp_path / "junk.bin"
    junk.write_bytes(b"S . .\n\xbf\xff\x00\x01")
    assert main(["solve", str(junk)]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith(f"onestroke: {junk}: not a text file (")


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["solve", "a.txt", "--timeout", "-1"], "onestroke solve: argument --timeout: must be more than 0"),
        (["solve", "a.txt", "--moves", "5"], "onestroke solve: argument --moves: invalid choice: 5"),
        (["play", "--levels", "0"], "onestroke play: argument --levels: must be at least 1"),
        (["bogus"], "onestroke: argument COMMAND: invalid choice: 'bogus'"),
    ],
)
def test_a_usage_error_is_one_line_naming_the_argument(capsys, args, fragment) -> None:
    assert main(args) == 2
    captured = capsys.readouterr()
    (line,) = captured.err.splitlines()
    assert captured.out == "" and line.startswith(fragment) and line.endswith("--help)")


def test_binary_on_stdin_is_one_line_saying_it_is_not_text() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "onestroke", "solve", "-"],
        input=b"S . .\n\x94\xe2\xff\x00",
        capture_output=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr.decode().startswith("onestroke: -: not a text file (")


def test_stdin_named_twice_is_refused(capsys) -> None:
    assert main(["solve", "-", "-"]) == 2
    assert capsys.readouterr().err == "onestroke: -: standard input can be read only once\n"


# -- start-up: a run imports only its own command -------------------------------------------


def test_each_command_is_registered_by_the_module_the_table_names() -> None:
    import importlib

    from onestroke.bot.cli import COMMAND_MODULES, COMMANDS, OneLineParser

    for module in COMMAND_MODULES:
        sub = OneLineParser(prog="onestroke").add_subparsers()
        importlib.import_module(module).register(sub)
        assert sorted(sub.choices) == sorted(name for name, owner in COMMANDS.items() if owner == module)


def test_solve_does_not_import_opencv_adb_or_the_game(tmp_path) -> None:
    # `solve` used to import every command module (OpenCV, adbutils, the practice game): 0.4-1 s
    # before the first board was read
    board = write(tmp_path, "a.txt", ARTICLE_002)
    probe = (
        "import sys\n"
        "from onestroke.bot.cli import main\n"
        f"status = main(['solve', '--json', {board!r}])\n"
        "heavy = ('cv2', 'numpy', 'adbutils', 'tqdm', 'onestroke.practice')\n"
        "print(status, sorted(m for m in heavy if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert done.stdout.splitlines()[-1] == "0 []", done.stderr


def test_help_and_an_unknown_command_still_list_every_command(capsys) -> None:
    from onestroke.bot.cli import COMMANDS

    for words in (["--help"], ["-h", "solve"]):
        assert main(words) == 0
        out = capsys.readouterr().out
        assert all(name in out for name in COMMANDS), words
    assert main(["solv"]) == 2
    err = capsys.readouterr().err
    assert "invalid choice: 'solv'" in err and all(repr(name) in err for name in COMMANDS)


def test_a_file_that_says_moves_8_is_solved_with_8_moves(tmp_path, capsys) -> None:
    marked = write(tmp_path, "k.txt", "; moves: 8\n" + KINGS)
    plain = write(tmp_path, "p.txt", KINGS)
    assert main(["solve", "--json", marked]) == 0  # the file's own line, no flag
    assert main(["solve", "--json", "--moves", "8", marked, plain]) == 0  # flag and line agree
    first, second, third = json_lines(capsys.readouterr().out)
    board = Board.from_text(KINGS, moves=8)
    for line in (first, second, third):
        assert line["solvable"] is True and is_valid_path(board, line["path"])


def test_a_flag_that_contradicts_the_file_is_one_line_and_exit_2(tmp_path, capsys) -> None:
    marked = write(tmp_path, "k.txt", "; moves: 8\n" + KINGS)
    plain = write(tmp_path, "p.txt", ARTICLE_002)
    assert main(["solve", "--json", "--moves", "4", plain, marked]) == 2  # before any board is solved
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        f"onestroke: {marked}: line 1: the board says '; moves: 8', but 4-moves were asked for (--moves 4)\n"
    )


def test_the_text_answer_of_an_8_move_board_reads_back_as_one(tmp_path, capsys) -> None:
    # an unsolved board is printed as board text: with its moves line, so it can be solved again
    cut_off = "; moves: 8\nS # #\n# # .\n"
    assert main(["solve", write(tmp_path, "c.txt", cut_off)]) == 1
    printed = capsys.readouterr().out.split("\n", 1)[1]
    assert Board.from_text(printed) == Board.from_text(cut_off) and Board.from_text(printed).moves == 8
