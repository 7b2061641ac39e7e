"""A command line of the stand-in phone's shell: parsed into steps (`parse_line`), and one
command as it runs (`Call`: its words, environment, input, output and error).

Every command of the shell is a function `Command = Callable[[Call], int]` returning its exit
status; `practice/phone/shell.py` holds the table of names.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from onestroke.practice.phone.device import Phone
from onestroke.practice.phone.streams import Reader, Writer

Joint = Literal[";", "&&", "||", "|", "&"]
SEPARATORS: tuple[Joint, ...] = (";", "&&", "||", "|", "&")
Stderr = Literal["err", "out", "null"]


@dataclass
class Step:
    """One simple command of a command line, and how it joins the next (`;`, `&&`, `||`, `|`).

    `stdout` is None (the terminal or the pipe), a file name (`> FILE`) or "&2" (`>&2`);
    `stderr` is "err" (the terminal), "out" (`2>&1`) or "null" (`2>/dev/null`, `2>FILE`).
    """

    words: list[str] = field(default_factory=list)
    env: dict[str, str] = field(default_factory=dict)
    stdout: str | None = None
    stderr: Stderr = "err"
    then: Joint = ";"


def parse_line(line: str) -> list[Step]:
    """A command line as steps; raises ValueError on a quoting error."""
    lexer = shlex.shlex(line, posix=True, punctuation_chars=";&|>")
    lexer.whitespace_split = True
    lexer.commenters = ""
    tokens = list(lexer)
    steps: list[Step] = []
    step = Step()
    i = 0
    while i < len(tokens):
        token = tokens[i]
        after = tokens[i + 1] if i + 1 < len(tokens) else None
        if token in SEPARATORS:
            step.then = token  # type: ignore[assignment]  # one of SEPARATORS
            steps.append(step)
            step = Step()
            i += 1
            continue
        fd = 1
        if token.isdigit() and after in (">", ">>", ">&"):
            fd, token = int(token), after
            i += 1
            after = tokens[i + 1] if i + 1 < len(tokens) else None
        if token in (">", ">>", ">&") and after is not None:
            if token == ">&":
                if fd == 2:
                    step.stderr = "out" if after == "1" else "err"
                elif after == "2":
                    step.stdout = "&2"
            elif fd == 2:
                step.stderr = "null"
            else:
                step.stdout = after
            i += 2
            continue
        if not step.words and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*=.*", token):
            key, _, value = token.partition("=")
            step.env[key] = value
        else:
            step.words.append(token)
        i += 1
    if step.words or step.env:
        steps.append(step)
    return steps


@dataclass
class Call:
    """One command being run: the phone it runs on, the words after its name, its environment
    (the shell's and the line's own `KEY=VALUE`), its input, its output and where errors go."""

    phone: Phone
    args: list[str]
    env: dict[str, str]
    stdin: Reader
    out: Writer
    err: Callable[[bytes | str], None]


Command = Callable[[Call], int]
