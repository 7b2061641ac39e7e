"""Pure algorithms for the one-stroke puzzle and its relatives: no I/O, no cv2, no screen."""

from onestroke.solver.board import Board, Cell, Path
from onestroke.solver.check import is_valid_path, path_problem
from onestroke.solver.errors import BoardFormatError, OnestrokeError

__all__ = [
    "Board",
    "BoardFormatError",
    "Cell",
    "OnestrokeError",
    "Path",
    "is_valid_path",
    "path_problem",
]
