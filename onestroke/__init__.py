"""onestroke: a bot that clears levels of the one-stroke puzzle game (一笔画完) by itself.

The public API, for scripts (docs/api.md has runnable examples)::

    import onestroke

    board = onestroke.Board.from_text("S . .\\n. # .\\n. . .")
    result = onestroke.solve(board)
    assert onestroke.is_valid_path(board, result.path)

    detection = onestroke.detect(onestroke.read_image("shot.png"))   # a board in a screenshot
    with onestroke.open_device("desktop") as device:                 # or "xvfb", "adb"
        onestroke.play(device, levels=5)                             # the level loop

Names are loaded on first use, so `import onestroke` stays cheap (the solver, OpenCV and the
devices are imported only when a name that needs them is touched).

The installed distribution has this one top-level name; the repository's folders `solver/`,
`bot/`, `calibration/` and `practice/` are installed as `onestroke.solver`, `onestroke.bot`, ...
(a setuptools package-dir mapping in pyproject.toml).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

# public name -> the module that defines it
_EXPORTS = {
    # boards and the solver
    "Board": "onestroke.solver.board",
    "Cell": "onestroke.solver.board",
    "Path": "onestroke.solver.board",
    "solve": "onestroke.solver.search",
    "SolveResult": "onestroke.solver.result",
    "is_valid_path": "onestroke.solver.check",
    "path_problem": "onestroke.solver.check",
    # screenshots
    "detect": "onestroke.bot.vision",
    "Detection": "onestroke.bot.vision",
    "read_image": "onestroke.bot.imageio",
    "draw_overlay": "onestroke.bot.overlay",
    # coordinates
    "Point": "onestroke.coords",
    "Rect": "onestroke.coords",
    "Geometry": "onestroke.coords",
    # devices and the level loop
    "Device": "onestroke.bot.device",
    "open_device": "onestroke.bot.device",
    "device_names": "onestroke.bot.device",
    "LevelLoop": "onestroke.bot.play",
    "LevelReport": "onestroke.bot.play",
    "play": "onestroke.bot.play",
    # errors: every one is an OnestrokeError whose message quotes the bad input
    "OnestrokeError": "onestroke.solver.errors",
    "BoardFormatError": "onestroke.solver.errors",
    "ImageFileError": "onestroke.bot.imageio",
    "DeviceError": "onestroke.bot.device",
    "CaptureError": "onestroke.bot.device",
    "InputError": "onestroke.bot.device",
    "UnsafeDragError": "onestroke.bot.device",
    "LoopStopped": "onestroke.bot.play",
    "ProfileError": "onestroke.calibration.profile",
}

__all__ = [
    "Board",
    "BoardFormatError",
    "CaptureError",
    "Cell",
    "Detection",
    "Device",
    "DeviceError",
    "Geometry",
    "ImageFileError",
    "InputError",
    "LevelLoop",
    "LevelReport",
    "LoopStopped",
    "OnestrokeError",
    "Path",
    "Point",
    "ProfileError",
    "Rect",
    "SolveResult",
    "UnsafeDragError",
    "detect",
    "device_names",
    "draw_overlay",
    "is_valid_path",
    "open_device",
    "path_problem",
    "play",
    "read_image",
    "solve",
]


def __getattr__(name: str) -> Any:
    """Load a public name from its module on first use (PEP 562), then keep it here."""
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'onestroke' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])


if TYPE_CHECKING:  # what type checkers and IDEs see: the same names, imported eagerly
    from onestroke.bot.device import (
        CaptureError,
        Device,
        DeviceError,
        InputError,
        UnsafeDragError,
        device_names,
        open_device,
    )
    from onestroke.bot.imageio import ImageFileError, read_image
    from onestroke.bot.overlay import draw_overlay
    from onestroke.bot.play import LevelLoop, LevelReport, LoopStopped, play
    from onestroke.bot.vision import Detection, detect
    from onestroke.calibration.profile import ProfileError
    from onestroke.coords import Geometry, Point, Rect
    from onestroke.solver.board import Board, Cell, Path
    from onestroke.solver.check import is_valid_path, path_problem
    from onestroke.solver.errors import BoardFormatError, OnestrokeError
    from onestroke.solver.result import SolveResult
    from onestroke.solver.search import solve
