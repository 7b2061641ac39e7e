"""The `onestroke` command: `main(argv) -> int` so that tests can run it in-process.

Each group of subcommands lives in its own module under `bot.commands` and exposes
`register(subparsers)`; every parser sets `run=function(args) -> int`. A run imports only the
module of the command it names (`COMMANDS`), so `solve` never loads OpenCV, adb or the game.
"""

from __future__ import annotations

import argparse
import errno
import importlib
import os
import signal
import sys
import threading
from collections.abc import Sequence
from typing import NoReturn

from onestroke import __version__
from onestroke._startup import interrupted_at_start
from onestroke.bot.commands.settings import apply_settings
from onestroke.bot.commands.status import ExitStatus
from onestroke.solver.errors import OnestrokeError, UserStop

# each command and the module that registers it (a module may register several): a run imports
# only its own command's module, so `solve` does not load OpenCV, adb or the practice game
COMMANDS = {
    "solve": "onestroke.bot.commands.solve",
    "detect": "onestroke.bot.commands.vision",
    "solve-image": "onestroke.bot.commands.vision",
    "fixtures": "onestroke.bot.commands.fixtures",
    "teach": "onestroke.bot.commands.teach",
    "practice": "onestroke.bot.commands.play",
    "demo": "onestroke.bot.commands.play",
    "play": "onestroke.bot.commands.play",
    "calibrate": "onestroke.bot.commands.play",
    "devices": "onestroke.bot.commands.devices",
    "romeo": "onestroke.bot.commands.puzzles",
    "route": "onestroke.bot.commands.puzzles",
    "maze": "onestroke.bot.commands.puzzles",
    "config": "onestroke.bot.commands.config",
}
COMMAND_MODULES = tuple(dict.fromkeys(COMMANDS.values()))

# write errors that mean the output cannot be written at all (a full disk, /dev/full, a quota)
OUTPUT_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO})


class OneLineParser(argparse.ArgumentParser):
    """A usage error is one line naming the bad argument (argparse puts the usage block first);
    subcommand parsers are made of this class too."""

    def error(self, message: str) -> NoReturn:
        self.exit(ExitStatus.BAD_INPUT, f"{self.prog}: {message} (see {self.prog} --help)\n")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The `onestroke` parser; with a known `command`, only that command's module is imported
    (the others cost 0.4-1 s of imports); `--version` imports none; otherwise every command, for
    `--help` and for the usage error that lists them."""
    parser = OneLineParser(
        prog="onestroke",
        description="Solve and play the one-stroke puzzle game (一笔画完).",
    )
    parser.add_argument("--version", action="version", version=f"onestroke {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    if command == VERSION:
        return parser
    for name in (COMMANDS[command],) if command in COMMANDS else COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


VERSION = "--version"


def command_word(argv: Sequence[str]) -> str | None:
    """The subcommand `argv` names: its first word. `--version` first names itself (no command
    module is needed to answer it); another top-level option first (`--help`) gets None, so that
    the help lists every command."""
    if argv and argv[0] == VERSION:
        return VERSION
    return argv[0] if argv and not argv[0].startswith("-") else None


def main(argv: Sequence[str] | None = None) -> int:
    if sys.stdout is None:  # started with stdout closed (`>&-`): every command writes there
        print("onestroke: standard output is closed (>&-); nowhere to write the answer", file=sys.stderr)
        return ExitStatus.BAD_INPUT
    # only where Python's own handler is in place (not inside a host that has its own) and allowed
    starting = threading.current_thread() is threading.main_thread() and signal.getsignal(signal.SIGINT) in (
        signal.default_int_handler,
        interrupted_at_start,
    )
    if starting:
        signal.signal(signal.SIGINT, interrupted_at_start)
    try:
        words = list(sys.argv[1:] if argv is None else argv)
        try:  # the arguments' types may import modules too (`--fps`: the practice rules)
            command = command_word(words)
            parser = build_parser(command)
            apply_settings(parser, command, words)  # the settings file's values become defaults
            try:
                args = parser.parse_args(words)
            except SystemExit as exit_:  # argparse already printed its one-line usage error
                return int(exit_.code or 0)
        finally:
            if starting:  # from here on Ctrl-C is a KeyboardInterrupt, so `finally` blocks run
                signal.signal(signal.SIGINT, signal.default_int_handler)
        status = int(args.run(args))
        sys.stdout.flush()  # a reader that went away shows here, not in the interpreter's exit
        return status
    except UserStop as error:  # the fail-safe corner: stopped by the user, like Ctrl-C
        print(f"onestroke: {error}", file=sys.stderr)
        return ExitStatus.INTERRUPTED
    except OnestrokeError as error:
        print(f"onestroke: {error}", file=sys.stderr)
        return ExitStatus.BAD_INPUT
    except KeyboardInterrupt:
        print("onestroke: interrupted", file=sys.stderr)
        return ExitStatus.INTERRUPTED
    except ImportError as error:
        if not interrupted_during(error):
            raise
        print("onestroke: interrupted", file=sys.stderr)
        return ExitStatus.INTERRUPTED
    except BrokenPipeError:
        # the reader went away (`| head -1`): stop quietly as other Unix tools do, with the
        # status a shell reports for them (128 + SIGPIPE); the interpreter's final flush of
        # stdout must not fail again, so stdout is pointed at /dev/null
        _silence_stdout()
        return ExitStatus.BROKEN_PIPE
    except OSError as error:
        if error.errno not in OUTPUT_ERRNOS:
            raise
        _silence_stdout()  # what is still buffered would fail again at exit
        print(f"onestroke: cannot write the output: {error.strerror or error}", file=sys.stderr)
        return ExitStatus.BAD_INPUT


def interrupted_during(error: BaseException) -> bool:
    """Whether Ctrl-C is behind `error`: a compiled module being loaded lazily (the OCR engine's
    onnxruntime) turns the KeyboardInterrupt raised inside its initialisation into an ImportError
    ("initialization failed"), with the interrupt as its cause or context."""
    seen: set[int] = set()
    link: BaseException | None = error
    while link is not None and id(link) not in seen:
        if isinstance(link, KeyboardInterrupt):
            return True
        seen.add(id(link))
        link = link.__cause__ or link.__context__
    return False


def _silence_stdout() -> None:
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):  # not a real file (a test's capture): replace the object instead
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - stays open for the interpreter's final flush


def entry() -> None:
    sys.exit(main())


if __name__ == "__main__":
    entry()
