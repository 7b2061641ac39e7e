"""The board text format round-trips and malformed text fails with a message naming the line."""

from dataclasses import replace

import pytest

from onestroke.solver import Board, BoardFormatError, is_valid_path, path_problem

ARTICLE_002 = """\
. . . . . .
. # . . # .
. . . . S .
. # . . # .
. . . . . .
# # # # # #
"""


def test_article_board_parses_with_start_at_row_2_col_4() -> None:
    board = Board.from_text(ARTICLE_002)
    assert (board.rows, board.cols) == (6, 6)
    assert board.start == (2, 4)
    assert len(board) == 26
    assert (1, 1) in board.holes and (5, 0) in board.holes


def test_article_rows_match_the_01_form() -> None:
    rows = ["111111", "101101", "111111", "101101", "111111", "000000"]
    assert Board.from_rows(rows, start=(2, 4)) == Board.from_text(ARTICLE_002)


@pytest.mark.parametrize(
    "text",
    [ARTICLE_002, "S\n", "S . E\n# . .\n", ". # S\n"],
)
def test_text_round_trips_exactly(text: str) -> None:
    board = Board.from_text(text)
    assert board.to_text() == text
    assert Board.from_text(board.to_text()) == board
    assert str(board) == text


def test_comments_blank_lines_and_missing_spaces_are_accepted() -> None:
    text = "; a comment\n\nS.#\n. . .\n"
    assert Board.from_text(text).to_text() == "S . #\n. . .\n"


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("S . .\n. .\n", "line 2: ragged row"),
        (". . .\n. . .\n", "no start"),
        ("S . .\n. S .\n", "line 2: two starts"),
        ("S . x\n", "line 1: unknown character 'x'"),
        ("S E E\n", "two ends"),
        ("; only a comment\n", "empty board"),
    ],
)
def test_malformed_text_names_the_problem(text: str, fragment: str) -> None:
    with pytest.raises(BoardFormatError) as error:
        Board.from_text(text, source="level.txt")
    assert fragment in str(error.value)
    assert str(error.value).startswith("level.txt")


def test_neighbours_respect_holes_and_moves() -> None:
    board = Board.from_text("S # .\n. . .\n")
    assert sorted(board.neighbours((1, 1))) == [(1, 0), (1, 2)]
    diag = replace(board, moves=8)
    assert sorted(diag.neighbours((1, 1))) == [(0, 0), (0, 2), (1, 0), (1, 2)]


def test_checker_accepts_a_solution_and_names_each_kind_of_fault() -> None:
    board = Board.from_text("S . .\n. # .\n. . E\n")
    solution = [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)]
    assert "required end" in path_problem(board, solution[:-1])
    loop = [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)]
    assert "misses 3 open cell(s)" in path_problem(board, loop)
    assert path_problem(board, [(0, 1), (0, 0)]).startswith("path starts at")
    assert "twice" in path_problem(board, [(0, 0), (0, 1), (0, 0)])
    assert "not a 4-neighbour move" in path_problem(board, [(0, 0), (0, 2)])
    assert "not an open cell" in path_problem(board, [(0, 0), (0, 1), (1, 1)])
    assert path_problem(board, []) == "path is empty"
    snake = Board.from_text("S . .\n. . .\n")
    assert is_valid_path(snake, [(0, 0), (0, 1), (0, 2), (1, 2), (1, 1), (1, 0)])
    assert not is_valid_path(snake, [(0, 0), (1, 1), (0, 2), (1, 2), (0, 1), (1, 0)])
    assert is_valid_path(replace(snake, moves=8), [(0, 0), (1, 1), (0, 2), (1, 2), (0, 1), (1, 0)])


def test_a_huge_malformed_line_is_quoted_short():
    with pytest.raises(BoardFormatError) as error:
        Board.from_text("S" + "x" * 100_000 + "\n", source="big.txt")
    message = str(error.value)
    assert message.startswith("big.txt: line 1: unknown character 'x'")
    assert len(message) < 200
