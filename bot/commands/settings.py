"""Settings in a file: `onestroke.toml` in the user config folder sets the options of `play`,
`demo` and `calibrate`, so they are not repeated on every command. Flags win over the file.

The file (ONESTROKE_CONFIG_DIR overrides the folder, as for profiles):

    [play]              # any `play` option by its long name, without the dashes
    speed = 8
    levels = 20
    next = [540, 1500]  # X,Y pairs and X,Y,W,H regions as lists of numbers
    dry-run = false
    never-words = ["领取奖励"]  # lists of words as lists of strings

    [demo]
    levels = 5

    [profile.phone]     # applies to play and calibrate when that profile is in force
    adb = "emulator-5554"

A file's value goes through the option's own type (the same checks as on the command line), so a
bad value is one line naming the file, the line and the key, before anything starts.
"""

from __future__ import annotations

import argparse
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from onestroke.solver.errors import OnestrokeError

FILE_NAME = "onestroke.toml"
COMMANDS_WITH_SETTINGS = ("play", "demo", "calibrate")
PROFILE_COMMANDS = ("play", "calibrate")  # the commands that take --profile
SETTINGS_LIMIT = 64 * 1024  # bytes: a settings file is a few lines; anything larger is a mistake

Source = Literal["flag", "file", "default"]


class SettingsError(OnestrokeError):
    """The settings file cannot be read or holds a key or value the command does not take."""


@dataclass(frozen=True)
class Setting:
    """One option's value from the file, and where it stands there (for messages and `config`)."""

    key: str
    value: Any
    table: str
    line: int


def settings_path() -> Path:
    # imported here: bot/cli.py loads this module for every command, and `solve` must not pay for
    # the calibration package (platformdirs, the coordinates) at start-up
    from onestroke.calibration.profile import config_dir

    return config_dir() / FILE_NAME


def read_settings(path: Path) -> dict[str, list[Setting]]:
    """The file's tables (`play`, `demo`, `profile.NAME`) and their settings; {} with no file."""
    try:
        raw = path.read_bytes()
    except (FileNotFoundError, NotADirectoryError):  # no file (the folder's own checks are the commands')
        return {}
    except OSError as error:
        raise SettingsError(f"{path}: cannot read the settings file: {error.strerror or error}") from None
    tomllib = _toml_parser()
    if len(raw) > SETTINGS_LIMIT:
        raise SettingsError(f"{path}: {len(raw)} bytes; a settings file is at most {SETTINGS_LIMIT} bytes")
    try:
        text = raw.decode("utf-8")
        data = tomllib.loads(text)
    except UnicodeDecodeError as error:
        raise SettingsError(f"{path}: not UTF-8 text (byte {error.start})") from None
    except tomllib.TOMLDecodeError as error:
        found = re.search(r"\(at line (\d+), column \d+\)", str(error))
        where = f"line {found.group(1)}: " if found else ""
        reason = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(error))
        raise SettingsError(f"{path}: {where}{reason}") from None
    lines = key_lines(text)
    tables: dict[str, list[Setting]] = {}
    for name, body in data.items():
        if name == "profile" and isinstance(body, dict):
            for profile, values in body.items():
                tables[f"profile.{profile}"] = _table(path, f"profile.{profile}", values, lines)
        elif name in COMMANDS_WITH_SETTINGS:
            tables[name] = _table(path, name, body, lines)
        else:
            line = lines.get(("", name), 0)
            raise SettingsError(
                f"{path}: line {line}: unknown table or key {name!r}"
                f" (tables: {', '.join(f'[{c}]' for c in COMMANDS_WITH_SETTINGS)}, [profile.NAME])"
            )
    return tables


def _table(path: Path, table: str, body: object, lines: dict[tuple[str, str], int]) -> list[Setting]:
    if not isinstance(body, dict):
        raise SettingsError(
            f"{path}: line {lines.get(('', table), 0)}: {table!r} must be a table ([{table}])"
        )
    return [Setting(key, value, table, lines.get((table, key), 0)) for key, value in body.items()]


def _toml_parser() -> Any:
    """tomllib (Python 3.11+) or the same parser published as tomli; imported only when a settings
    file exists (bot/cli.py loads this module for every command)."""
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        import tomli as tomllib
    return tomllib


def key_lines(text: str) -> dict[tuple[str, str], int]:
    """(table, key) -> the line a key stands on (tomllib keeps no positions); top-level keys and
    table headers are under table ''."""
    found: dict[tuple[str, str], int] = {}
    table = ""
    for number, line in enumerate(text.splitlines(), start=1):
        header = re.match(r"\s*\[\s*([^\]]+?)\s*\]", line)
        if header:
            table = ".".join(part.strip().strip("\"'") for part in header.group(1).split("."))
            found.setdefault(("", table.split(".")[0]), number)
            continue
        key = re.match(r"\s*[\"']?([A-Za-z0-9_-]+)[\"']?\s*=", line)
        if key:
            found.setdefault((table, key.group(1)), number)
    return found


def _actions(parser: argparse.ArgumentParser) -> dict[str, argparse.Action]:
    """The command's options by their long name without dashes (`dry-run`), help left out."""
    named: dict[str, argparse.Action] = {}
    for action in parser._actions:
        longs = [option for option in action.option_strings if option.startswith("--")]
        if longs and not isinstance(action, argparse._HelpAction):
            named[longs[0][2:]] = action
    return named


def _as_text(value: object) -> str | None:
    """A TOML value as the command line would spell it (`[540, 1500]` -> `540,1500`)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float, str)):
        return str(value)
    if (
        isinstance(value, list)
        and value
        and all(isinstance(part, (int, float)) and not isinstance(part, bool) for part in value)
    ):
        return ",".join(str(part) for part in value)
    if isinstance(value, list) and value and all(isinstance(part, str) and "," not in part for part in value):
        return ",".join(value)  # a list of words (`go-on-words = ["继续挑战", "Weiter"]`)
    return None


def converted(path: Path, setting: Setting, action: argparse.Action) -> object:
    """The setting's value as the option holds it, checked by the option's own type and choices."""
    where = f"{path}: line {setting.line}: {setting.key}"
    if isinstance(action, (argparse._StoreTrueAction, argparse._StoreFalseAction)):
        if not isinstance(setting.value, bool):
            raise SettingsError(f"{where}: expected true or false, got {setting.value!r}")
        return setting.value if isinstance(action, argparse._StoreTrueAction) else not setting.value
    text = _as_text(setting.value)
    if text is None:
        raise SettingsError(
            f"{where}: expected a number, a word or a list of numbers or words, got {setting.value!r}"
        )
    try:
        value = action.type(text) if callable(action.type) else text
    except (argparse.ArgumentTypeError, ValueError, TypeError) as error:
        raise SettingsError(f"{where}: {error}") from None
    if action.choices is not None and value not in action.choices:
        allowed = ", ".join(str(choice) for choice in action.choices)
        raise SettingsError(f"{where}: {value!r} is not one of {allowed}")
    return value


def chosen_profile(words: list[str], tables: dict[str, list[Setting]], command: str) -> str | None:
    """The profile in force: `--profile NAME` on the command line, else the command's table's."""
    for index, word in enumerate(words):
        if word == "--profile" and index + 1 < len(words):
            return words[index + 1]
        if word.startswith("--profile="):
            return word.split("=", 1)[1]
    for setting in tables.get(command, []):
        if setting.key == "profile" and isinstance(setting.value, str):
            return setting.value
    return None


@dataclass(frozen=True)
class InForce:
    """The settings the file gives one command run: option dest -> (value, the setting)."""

    values: dict[str, tuple[object, Setting]]
    path: Path


def subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """The top parser's commands by name (those registered: see bot/cli.py's COMMANDS)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def settings_for(parser: argparse.ArgumentParser, command: str, words: list[str]) -> InForce:
    """What the file sets for `command` of the top `parser`: the command's table, and over it the
    profile's. A key no command of its table takes is an error naming it; a profile's key that
    only the other profile command takes (`levels` for calibrate) is left to that one."""
    path = settings_path()
    tables = read_settings(path)
    commands = subparsers(parser)
    own = _actions(commands[command])
    applied = [(setting, (command,)) for setting in tables.get(command, [])]
    if command in PROFILE_COMMANDS:
        profile = chosen_profile(words, tables, command)
        if profile is not None:
            applied += [(setting, PROFILE_COMMANDS) for setting in tables.get(f"profile.{profile}", [])]
    values: dict[str, tuple[object, Setting]] = {}
    for setting, readers in applied:
        name = setting.key.replace("_", "-")
        if name not in own:
            takers = {other: _actions(commands[other]) for other in readers if other in commands}
            if any(name in options for options in takers.values()):
                continue
            allowed = ", ".join(sorted(set().union(*takers.values())))
            raise SettingsError(
                f"{path}: line {setting.line}: [{setting.table}] {setting.key!r} is not an option of"
                f" `onestroke {' or '.join(readers)}` (options: {allowed})"
            )
        values[own[name].dest] = (converted(path, setting, own[name]), setting)
    return InForce(values, path)


def apply_settings(parser: argparse.ArgumentParser, command: str | None, words: list[str]) -> None:
    """Make the file's settings the defaults of `command`'s options, so flags still win."""
    commands = subparsers(parser)
    if command not in COMMANDS_WITH_SETTINGS or command not in commands:
        return
    in_force = settings_for(parser, command, words)
    commands[command].set_defaults(**{dest: value for dest, (value, _) in in_force.values.items()})


def given_on_command_line(parser: argparse.ArgumentParser, words: list[str]) -> set[str]:
    """The dests of the options `words` spell out (abbreviations included, as argparse takes them)."""
    given: set[str] = set()
    longs = {option: action.dest for action in parser._actions for option in action.option_strings}
    for word in words:
        if not word.startswith("-"):
            continue
        name = word.split("=", 1)[0]
        matches = {dest for option, dest in longs.items() if option == name or option.startswith(name)}
        if name in longs:
            matches = {longs[name]}
        if len(matches) == 1:
            given |= matches
    return given


def settings_table(
    parser: argparse.ArgumentParser, command: str, words: list[str]
) -> list[tuple[str, str, str]]:
    """For `onestroke config`: each option of `command` as (name, value, where it came from), with
    `words` the command's own arguments."""
    in_force = settings_for(parser, command, words)
    sub = subparsers(parser)[command]
    sub.set_defaults(**{dest: value for dest, (value, _) in in_force.values.items()})
    args = sub.parse_args(words)
    given = given_on_command_line(sub, words)
    rows = []
    for name, action in sorted(_actions(sub).items()):
        value = _shown(getattr(args, action.dest, None))
        if action.dest in given:
            rows.append((name, value, "command line"))
        elif action.dest in in_force.values:
            setting = in_force.values[action.dest][1]
            rows.append((name, value, f"{in_force.path}:{setting.line} [{setting.table}]"))
        else:
            rows.append((name, value, "default"))
    return rows


def _shown(value: object) -> str:
    """A value as the command line spells it (`540,1500` for a point); an option not given, or an
    empty word list (`--go-on-words` by default), is "(not set)" rather than a blank."""
    if value is None or value == ():
        return "(not set)"
    if isinstance(value, tuple):
        return ",".join(f"{part:g}" if isinstance(part, float) else str(part) for part in value)
    return str(value)
