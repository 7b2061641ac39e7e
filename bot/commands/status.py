"""The exit statuses of every `onestroke` command: one table (the README's "Exit statuses").

0    done: the work is done (a screen read right is done, whatever kind of screen it was)
1    not done: the work could not be done (no board, unsolvable, not cleared, a fixture differs)
2    bad input or usage: a file, an option, the settings file, a profile; said before work starts
130  interrupted (Ctrl-C, SIGTERM)
141  the reader of the output went away (`| head -1`), as other Unix tools report it
"""

from __future__ import annotations

from enum import IntEnum

from onestroke._startup import EXIT_INTERRUPTED


class ExitStatus(IntEnum):
    DONE = 0
    NOT_DONE = 1
    BAD_INPUT = 2
    INTERRUPTED = EXIT_INTERRUPTED  # 128 + SIGINT; onestroke/_startup.py answers it before imports
    BROKEN_PIPE = 141  # 128 + SIGPIPE
