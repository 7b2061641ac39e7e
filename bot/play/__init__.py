"""Playing levels: the level loop (loop.py) composed of its parts: watching the screen
(screen_watch.py), attempts at one level (attempt.py), going on between levels (go_on.py) and
the record of a run (logbook.py); one sight of the screen (sight.py), the guards (guards.py), the
watched drag (drag.py) and how fast the bot draws (pace.py), the demo against the practice game
(demo.py)."""

from onestroke.bot.play.logbook import LevelReport, LoopStopped
from onestroke.bot.play.loop import LevelLoop, play

__all__ = ["LevelLoop", "LevelReport", "LoopStopped", "play"]
