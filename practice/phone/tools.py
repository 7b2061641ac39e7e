"""The stand-in phone's toolbox: the small text and file commands a bot's lines use (`echo`,
`true`, `false`, `sleep`, `grep`, `cat`, `rm`, `chmod`, `mkdir`, `stat`, `md5sum`, `which`,
`command -v`), over the phone's files (`Phone.files`, a name → bytes map)."""

from __future__ import annotations

import hashlib
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import replace

from onestroke.practice.phone.cmdline import Call, Command

KNOWN_PROGRAMS = {"sh", "input", "screencap", "gzip", "cat", "app_process", "getprop", "wm", "dumpsys"}
"""What `which` finds in /system/bin."""


def read_file(call: Call, path: str, who: str) -> bytes | None:
    """The file's bytes; None, after the tool's `WHO: No such file or directory`, when it is missing."""
    data = call.phone.files.get(path)
    if data is None:
        call.err(f"{who}: No such file or directory\n")
    return data


def true(_call: Call) -> int:
    return 0


def false(_call: Call) -> int:
    return 1


def echo(call: Call) -> int:
    args, newline = call.args, True
    if args and args[0] == "-n":
        newline, args = False, args[1:]
    call.out.out(" ".join(args) + ("\n" if newline else ""))
    return 0


def sleep(call: Call) -> int:
    try:
        time.sleep(min(float(call.args[0]), 30.0))
    except (IndexError, ValueError):
        return 1
    return 0


def grep(call: Call) -> int:
    count = "-c" in call.args
    patterns = [a for a in call.args if not a.startswith("-")]
    if not patterns:
        return 2
    pattern = re.compile(patterns[0])
    text = call.stdin.read_all().decode(errors="replace")
    lines = [line for line in text.splitlines() if pattern.search(line)]
    call.out.out(f"{len(lines)}\n" if count else "".join(line + "\n" for line in lines))
    return 0 if lines else 1


def cat(call: Call) -> int:
    if not call.args:
        call.out.out(call.stdin.read_all())
        return 0
    for path in call.args:
        data = read_file(call, path, f"cat: {path}")
        if data is None:
            return 1
        call.out.out(data)
    return 0


def rm(call: Call) -> int:
    for path in call.args:
        call.phone.files.pop(path, None)
    return 0


def stat(call: Call) -> int:
    path = call.args[-1] if call.args else ""
    return each_file(call, [path], "stat: '{}'", lambda data, _: f"{len(data)}\n")


def md5sum(call: Call) -> int:
    return each_file(
        call, call.args, "md5sum: {}", lambda data, path: f"{hashlib.md5(data).hexdigest()}  {path}\n"
    )


def each_file(call: Call, paths: Sequence[str], label: str, line: Callable[[bytes, str], str]) -> int:
    """`line` of each file's data (and path) out; 1 at the first file that is not there."""
    for path in paths:
        data = read_file(call, path, label.format(path))
        if data is None:
            return 1
        call.out.out(line(data, path))
    return 0


def which(call: Call) -> int:
    found = [a for a in call.args if a in KNOWN_PROGRAMS]
    call.out.out("".join(f"/system/bin/{a}\n" for a in found))
    return 0 if len(found) == len(call.args) else 1


def command(call: Call) -> int:
    """`command -v NAME`: `which` by another name."""
    return which(replace(call, args=[a for a in call.args if a != "-v"]))


TOOLS: dict[str, Command] = {
    "true": true,
    "false": false,
    "echo": echo,
    "sleep": sleep,
    "grep": grep,
    "cat": cat,
    "rm": rm,
    "chmod": true,  # files have no modes here
    "mkdir": true,  # nor folders
    "stat": stat,
    "md5sum": md5sum,
    "which": which,
    "command": command,
}
