"""A count with its noun in the right number, for every line a person reads: `1 failure`,
`2 failures`, never a `(s)` after the noun.

The lowest layer (below the solver): pure text, so the solver's messages use it too.
"""

from __future__ import annotations


def noun(number: int, one: str, many: str | None = None) -> str:
    """`one` for 1, else `many` (by default `one` + s): the noun alone, for a line that shows the
    things themselves instead of their number."""
    return one if number == 1 else many or one + "s"


def counted(number: int, one: str, many: str | None = None) -> str:
    """`1 failure`, `2 failures`: a count with its noun in the right number."""
    return f"{number} {noun(number, one, many)}"
