"""The related grid puzzles of the reference articles, solved by backtracking.

* `romeo`: Romeo and Juliet's maze, a fewest-turn tour of every open room (article 004);
* `route`: the number route maze, a path with given cell counts per row and column (000);
* `maze`: a path through a 0/1 maze, depth-first or shortest (001 and 003).
"""

from onestroke.solver.puzzles.grid import PuzzleInputError
from onestroke.solver.puzzles.maze import Maze, first_path, shortest_path
from onestroke.solver.puzzles.romeo import RomeoAnswer, RomeoMaze, solve_romeo
from onestroke.solver.puzzles.route import RoutePuzzle, count_routes, solve_route

__all__ = [
    "Maze",
    "PuzzleInputError",
    "RomeoAnswer",
    "RomeoMaze",
    "RoutePuzzle",
    "count_routes",
    "first_path",
    "shortest_path",
    "solve_romeo",
    "solve_route",
]
