"""Playing levels: the level loop (loop.py), its guards (guards.py), its evidence (logbook.py),
one look at the screen (sight.py) and the demo against the practice game (demo.py)."""

from onestroke.bot.play.loop import LevelLoop, LevelReport, LoopStopped, play

__all__ = ["LevelLoop", "LevelReport", "LoopStopped", "play"]
