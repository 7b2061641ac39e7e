"""`python -m onestroke ARGS` is the `onestroke` command."""

from onestroke.bot.cli import entry

entry()
