"""Counts read by people say their noun in the right number (onestroke/plural.py): `1 cell`,
`3 cells`, never `3 cell(s)`, in every message the project's source prints or raises."""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

import pytest

from onestroke.plural import counted, noun

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ("bot", "solver", "calibration", "practice", "onestroke")
HEDGED = re.compile(r"[a-z]\(s\)")  # `cell(s)`: a plural that leaves the count to the reader


@pytest.mark.parametrize(
    ("number", "one", "many", "said"),
    [
        (1, "cell", None, "1 cell"),
        (0, "cell", None, "0 cells"),
        (3, "open cell", None, "3 open cells"),
        (2, "stray press", "stray presses", "2 stray presses"),
        (1, "stray press", "stray presses", "1 stray press"),
    ],
)
def test_a_count_says_its_noun_in_the_right_number(
    number: int, one: str, many: str | None, said: str
) -> None:
    assert counted(number, one, many) == said


def test_the_noun_alone_follows_the_number() -> None:
    assert (noun(1, "line"), noun(2, "line"), noun(2, "matches", "match")) == ("line", "lines", "match")


def string_literals(path: Path) -> list[tuple[int, str]]:
    """The string literals of a Python file (f-strings' text included) with their line numbers."""
    kinds = {tokenize.STRING} | ({tokenize.FSTRING_MIDDLE} if hasattr(tokenize, "FSTRING_MIDDLE") else set())
    tokens = tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline)
    return [(t.start[0], t.string) for t in tokens if t.type in kinds]


def test_no_message_leaves_its_plural_to_the_reader() -> None:
    hedged = [
        f"{path.relative_to(ROOT)}:{line}"
        for folder in SOURCE
        for path in sorted((ROOT / folder).rglob("*.py"))
        for line, text in string_literals(path)
        if HEDGED.search(text)
    ]
    assert not hedged, f"'(s)' plurals in messages (say them with onestroke.plural.counted): {hedged}"
