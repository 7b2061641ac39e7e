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
    assert "misses 3 open cells" in path_problem(board, loop)
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


# -- the repr rebuilds the board; 8-move boards keep their moves through text --------------------

REBUILT = [
    Board.from_text(ARTICLE_002),  # holes, a full row of them
    Board.from_text("S . .\n. # .\n. . E\n"),  # an end
    Board.from_text("S # .\n# . .\n", moves=8),  # 8 moves: the start touches the rest diagonally
    Board.from_text("# # #\n# S #\n", moves=8),  # one open cell, holes all round
    Board(3, 4, frozenset({(0, 0), (1, 1), (2, 3), (2, 2)}), (1, 1), (2, 3), 8),  # built, not parsed
]


@pytest.mark.parametrize("board", REBUILT, ids=lambda board: f"{board.rows}x{board.cols}-{board.moves}")
def test_repr_is_the_expression_that_rebuilds_the_board(board: Board) -> None:
    text = repr(board)
    assert text.startswith("Board.from_text(") and "frozenset" not in text
    again = eval(text, {"Board": Board})
    assert again == board and again.moves == board.moves and again.end == board.end
    assert again.holes == board.holes and again.cells == board.cells


def test_an_8_move_board_survives_its_text() -> None:
    board = Board.from_text("S # .\n# . .\n", moves=8)
    assert board.to_text() == "; moves: 8\nS # .\n# . .\n"
    back = Board.from_text(board.to_text())
    assert back == board and back.moves == 8
    # every path of the 8-move board is one of the board read back, the 4-move reading has none
    path = [(0, 0), (1, 1), (0, 2), (1, 2)]
    assert is_valid_path(back, path) and not is_valid_path(replace(back, moves=4), path)


def test_4_move_text_is_what_it_always_was() -> None:
    # no marker for 4 moves: detect output, fixtures and the practice log stay byte for byte
    assert Board.from_text(ARTICLE_002).to_text() == ARTICLE_002
    assert Board.from_text("; moves: 4\n" + ARTICLE_002).to_text() == ARTICLE_002


@pytest.mark.parametrize(
    ("text", "moves", "expected"),
    [
        ("S .\n", None, 4),  # no line, nothing asked: 4
        ("S .\n", 8, 8),  # no line: what was asked
        ("; moves: 8\nS .\n", None, 8),  # the line
        ("; moves: 8\nS .\n", 8, 8),  # both, agreeing
        ("S .\n;moves:8\n", None, 8),  # anywhere, spaces optional
        ("; moves: 8\n; moves: 8\nS .\n", None, 8),  # twice, agreeing (a label's notes and its board)
        ("; a note\n; moves: 4\nS .\n", 4, 4),
    ],
)
def test_the_moves_line_and_the_moves_asked_for_combine(text: str, moves: int | None, expected: int) -> None:
    assert Board.from_text(text, moves=moves).moves == expected


@pytest.mark.parametrize(
    ("text", "moves", "message"),
    [
        (
            "; moves: 8\nS .\n",
            4,
            "a.txt: line 1: the board says '; moves: 8', but 4-moves were asked for (--moves 4)",
        ),
        (
            "S .\n; moves: 4\n",
            8,
            "a.txt: line 2: the board says '; moves: 4', but 8-moves were asked for (--moves 8)",
        ),
        ("; moves: 6\nS .\n", None, "a.txt: line 1: moves must be 4 or 8, not '6'"),
        ("; moves:\nS .\n", None, "a.txt: line 1: moves must be 4 or 8, not ''"),
        (
            "; moves: 8\nS .\n; moves: 4\n",
            None,
            "a.txt: line 3: '; moves: 4' contradicts '; moves: 8' on line 1",
        ),
    ],
)
def test_a_moves_line_that_contradicts_is_one_line_naming_it(
    text: str, moves: int | None, message: str
) -> None:
    with pytest.raises(BoardFormatError) as error:
        Board.from_text(text, moves=moves, source="a.txt")
    assert str(error.value) == message


def test_other_comments_are_still_comments() -> None:
    for comment in ("; moves are diagonal here", "; the moves: see the README", ";moves8"):
        assert Board.from_text(f"{comment}\nS .\n").moves == 4


def test_repr_rebuilds_generated_boards() -> None:
    import random

    from onestroke.solver.generate import random_hamiltonian_level, random_holey_board

    rng = random.Random(17)
    for k in range(60):
        moves = (4, 8)[k % 2]
        if k % 3:
            rows, cols = rng.randint(1, 9), rng.randint(1, 9)
            board = random_holey_board(rng, rows, cols, holes=min(k % 7, rows * cols - 1), moves=moves)
        else:
            board, _ = random_hamiltonian_level(rng, 6, 5, holes=k % 5, moves=moves, with_end=True)
        assert eval(repr(board), {"Board": Board}) == board, board.to_text()
