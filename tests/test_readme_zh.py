"""README.zh-CN.md tells the same commands as README.md: every command block of either README
stands in the other (comments aside, which are translated), so a block added to one without its
twin in the other fails; the two set-up commands first in both, and each README links the other."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def command_blocks(name: str) -> list[tuple[str, ...]]:
    """The fenced blocks of a README as their commands: a `#` comment and trailing spaces dropped."""
    text = (ROOT / name).read_text(encoding="utf-8")
    blocks = re.findall(r"^```[^\n]*\n(.*?)^```", text, flags=re.M | re.S)
    return [tuple(re.sub(r"\s*#.*$", "", line).rstrip() for line in block.splitlines()) for block in blocks]


def commands_only(blocks: list[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """The blocks that hold commands (the pipeline sketch is prose in a box)."""
    return [block for block in blocks if any(line.startswith("bash ") for line in block)]


def test_every_chinese_command_block_is_an_english_one() -> None:
    english = commands_only(command_blocks("README.md"))
    chinese = commands_only(command_blocks("README.zh-CN.md"))
    assert chinese, "README.zh-CN.md shows no commands"
    missing = [block for block in chinese if block not in english]
    assert not missing, f"command blocks of README.zh-CN.md not in README.md: {missing}"


def test_every_english_command_block_is_a_chinese_one() -> None:
    english = commands_only(command_blocks("README.md"))
    chinese = commands_only(command_blocks("README.zh-CN.md"))
    assert english, "README.md shows no commands"
    missing = [block for block in english if block not in chinese]
    assert not missing, f"command blocks of README.md without their twin in README.zh-CN.md: {missing}"


def test_the_two_commands_come_first_in_both() -> None:
    two = ("bash run.sh demo", "bash run.sh test")
    assert commands_only(command_blocks("README.md"))[0] == two
    assert commands_only(command_blocks("README.zh-CN.md"))[0] == two


def test_each_readme_links_the_other() -> None:
    assert "(README.zh-CN.md)" in (ROOT / "README.md").read_text(encoding="utf-8").split("\n## ", 1)[0]
    assert "(README.md)" in (ROOT / "README.zh-CN.md").read_text(encoding="utf-8").split("\n## ", 1)[0]
