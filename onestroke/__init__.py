"""onestroke: a bot that clears levels of the one-stroke puzzle game (一笔画完) by itself.

The installed distribution has this one top-level name; the repository's folders `solver/`,
`bot/`, `calibration/` and `practice/` are installed as `onestroke.solver`, `onestroke.bot`, ...
(a setuptools package-dir mapping in pyproject.toml).
"""

__version__ = "0.1.0"
