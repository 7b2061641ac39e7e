"""The small shell that runs a stand-in phone's commands: a toy of Android's mksh.

It runs command lines (`practice/phone/cmdline.py` parses them) joined by `;`, `&&`, `||` and
`|`, with `> FILE`, `>&2`, `2>&1` and `2>/dev/null`, and `KEY=VALUE` before a command. The
commands are the ones a bot sends, one room each, gathered in `COMMANDS` (name → function):

- `tools.py`: `echo`, `true`, `false`, `sleep`, `grep`, `cat` (and so `cat > FILE`), `rm`,
  `chmod`, `mkdir`, `stat`, `md5sum`, `which`, `command -v`;
- `system.py`: `getprop`, `wm`, `dumpsys`;
- `screen.py`: `screencap`, `gzip`;
- `touchscreen.py`: `input`;
- `maatouch.py`: `app_process` (MaaTouch only);
- here: `sh`, `exit`, `export`, which start or change a shell.

A new command is a function `Call -> int` in its room and a line in that room's table. Each
costs the time its profile gives it.
"""

from __future__ import annotations

from collections.abc import Callable

from onestroke.practice.phone.cmdline import Call, Command, Step, parse_line
from onestroke.practice.phone.device import Phone
from onestroke.practice.phone.maatouch import MAATOUCH
from onestroke.practice.phone.screen import SCREEN
from onestroke.practice.phone.streams import Buffer, BytesIn, Reader, ToStderr, Writer, discard
from onestroke.practice.phone.system import SYSTEM
from onestroke.practice.phone.tools import TOOLS
from onestroke.practice.phone.touchscreen import TOUCHSCREEN

COMMANDS: dict[str, Command] = {**TOOLS, **SYSTEM, **SCREEN, **TOUCHSCREEN, **MAATOUCH}
FULL_PATHS = {"/system/bin/sh": "sh", "/system/bin/input": "input"}


def program(word: str) -> str:
    """The command a line's first word names: `sh` and `input` also by their full path,
    `app_process` by any path."""
    if word.endswith("/app_process"):
        return "app_process"
    return FULL_PATHS.get(word, word)


class Shell:
    """A shell on one phone: reads lines (`interactive`) or runs one (`run`), with its own
    environment; output as the phone prints it."""

    def __init__(self, phone: Phone, stdin: Reader, output: Writer, prompt: bool = False) -> None:
        self.phone, self.stdin, self.output, self.prompt = phone, stdin, output, prompt
        self.env: dict[str, str] = {}
        self.exited: int | None = None

    # -- lines ---------------------------------------------------------------------------

    def interactive(self) -> int:
        """Read command lines from stdin until it ends or `exit`."""
        status = 0
        while self.exited is None:
            if self.prompt:
                self.output.out(f"{self.phone.profile.product}:/ $ ")
            raw = self.stdin.readline()
            if not raw:
                break
            if self.prompt:
                self.output.out(raw)  # the terminal echoes what was typed
            status = self.run(raw.decode(errors="replace"))
        return self.exited if self.exited is not None else status

    def run(self, line: str) -> int:
        """Run one command line; returns the status of the last command run."""
        try:
            steps = parse_line(line)
        except ValueError as error:
            self.output.err(f"/system/bin/sh: syntax error: {error}\n")
            return 1
        status, runs = 0, True
        pipe: Buffer | None = None
        for step in steps:
            if self.exited is not None:
                break
            ran = runs
            if runs:
                stdin = BytesIn(bytes(pipe.data)) if pipe is not None else self.stdin
                status, pipe = self._step(step, stdin)
            # whether the next command runs: sh's rules, the status being the last one run
            runs = {"&&": status == 0, "||": status != 0, "|": ran}.get(step.then, True)
        return status

    def _step(self, step: Step, stdin: Reader) -> tuple[int, Buffer | None]:
        """Run one command; returns its status and, when it feeds a pipe, what it wrote."""
        to_file = step.stdout not in (None, "&2")
        # a buffer of this step's own: the shell's output may itself be a pipe (`sh -c ... | cat`)
        caught = Buffer() if step.then == "|" or to_file else None
        status = self.command(step, stdin, caught if caught is not None else self.output)
        if caught is not None:
            for message in caught.errors:
                self.output.err(message)
            if to_file:
                assert step.stdout is not None
                self._write_file(step.stdout, bytes(caught.data))
        return status, caught if step.then == "|" else None

    def _write_file(self, path: str, data: bytes) -> None:
        if path != "/dev/null":
            self.phone.files[path] = data

    # -- commands ------------------------------------------------------------------------

    def command(self, step: Step, stdin: Reader, out: Writer) -> int:
        """Run one simple command (its redirections already set up) and return its status."""
        if not step.words:
            self.env.update(step.env)
            return 0
        name, args = program(step.words[0]), step.words[1:]
        err: Callable[[bytes | str], None] = {"out": out.out, "err": out.err, "null": discard}[step.stderr]
        if step.stdout == "&2":
            out = ToStderr(out)
        if name == "sh":
            return self.sh(args, stdin, out)
        if name == "exit":
            return self.exit(args)
        if name == "export":
            return self.export(args)
        run = COMMANDS.get(name)
        if run is None:
            err(f"/system/bin/sh: {step.words[0]}: inaccessible or not found\n")
            return 127
        return run(Call(self.phone, args, {**self.env, **step.env}, stdin, out, err))

    def sh(self, args: list[str], stdin: Reader, out: Writer) -> int:
        """`sh -c LINE` or `sh` reading lines: a new shell with its own environment."""
        inner = Shell(self.phone, stdin, out)
        if args[:1] == ["-c"] and len(args) > 1:
            return inner.run(args[1])
        return inner.interactive()

    def exit(self, args: list[str]) -> int:
        self.exited = int(args[0]) if args and args[0].isdigit() else 0
        return self.exited

    def export(self, args: list[str]) -> int:
        for arg in args:
            key, _, value = arg.partition("=")
            self.env[key] = value
        return 0
