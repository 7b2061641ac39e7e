"""`onestroke config [COMMAND] [ARGS]`: the settings a `play`, `demo` or `calibrate` run would
use, each with where it came from (the command line, the settings file and its line, or the
default). bot/commands/settings.py reads the file."""

from __future__ import annotations

import argparse

from onestroke.bot.commands import play
from onestroke.bot.commands.settings import COMMANDS_WITH_SETTINGS, settings_path, settings_table
from onestroke.bot.commands.status import ExitStatus


def register(sub: argparse._SubParsersAction) -> None:
    c = sub.add_parser(
        "config",
        help="the settings in force for play, demo or calibrate, and where each came from",
        description=f"Settings live in {settings_path()} (ONESTROKE_CONFIG_DIR changes the folder);"
        " flags win over the file.",
    )
    c.add_argument(
        "target",
        nargs="?",
        default="play",
        choices=COMMANDS_WITH_SETTINGS,
        metavar="COMMAND",
        help=f"one of {', '.join(COMMANDS_WITH_SETTINGS)} (default play)",
    )
    c.add_argument("words", nargs=argparse.REMAINDER, metavar="ARGS", help="that command's own options")
    c.set_defaults(run=run_config)


def run_config(args: argparse.Namespace) -> int:
    parser = argparse.ArgumentParser(prog="onestroke")
    play.register(parser.add_subparsers(dest="command"))  # registers play, demo and calibrate
    rows = settings_table(parser, args.target, list(args.words))
    path = settings_path()
    print(f"settings file: {path}" + ("" if path.exists() else " (none yet: defaults and flags only)"))
    print(f"onestroke {args.target}:")
    width = max(len(name) for name, _, _ in rows)
    value_width = max(len(value) for _, value, _ in rows)
    for name, value, source in rows:
        print(f"  --{name:<{width}}  {value:<{value_width}}  {source}")
    return ExitStatus.DONE
