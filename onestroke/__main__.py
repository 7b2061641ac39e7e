"""`python -m onestroke ARGS` and the installed `onestroke` command (its console-script entry point).

Ctrl-C is guarded before anything else runs: the command's modules take 0.2-1 s to import, and a
SIGINT among them must give one line and exit status 130 like anywhere else (onestroke._startup).
"""

from onestroke._startup import guard_start

guard_start()


def entry() -> None:
    import sys

    from onestroke.bot.cli import main

    sys.exit(main())


if __name__ == "__main__":
    entry()
