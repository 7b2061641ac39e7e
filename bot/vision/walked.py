"""The walked path of a half-drawn level: the walked cells and their order, read from the bands.

A game draws the path so far as a band of one colour joining consecutive walked cells (the
real game: as wide as a cell, in the cat's colour), so the band's joins, not the cells' colours,
give the order: the joins must form one unbranched chain. Where something lies over a gap (the
cat's legs between the head and the cell before it), the reader reports the gap as covered and
`roles.py` decides whether it joins.
"""

from __future__ import annotations

from collections.abc import Iterable

from onestroke.solver.board import Cell


def chain(edges: Iterable[tuple[Cell, Cell]]) -> tuple[list[Cell] | None, str | None]:
    """The cells joined by `edges` in order from one end to the other, or None and why not."""
    links: dict[Cell, set[Cell]] = {}
    for a, b in edges:
        links.setdefault(a, set()).add(b)
        links.setdefault(b, set()).add(a)
    if not links:
        return [], None
    branching = sorted(cell for cell, others in links.items() if len(others) > 2)
    if branching:
        return None, f"the drawn path branches at {list(branching[0])}"
    ends = sorted(cell for cell, others in links.items() if len(others) == 1)
    if not ends:
        return None, f"the drawn path closes on itself through {list(min(links))}"
    order = [ends[0]]
    previous: Cell | None = None
    while True:
        following = [cell for cell in links[order[-1]] if cell != previous]
        if not following:
            break
        previous = order[-1]
        order.append(following[0])
    if len(order) != len(links):
        pieces = 1 + (len(ends) - 2) // 2
        return (
            None,
            f"the drawn path is in {max(2, pieces)} pieces (one runs {list(order[0])} to {list(order[-1])})",
        )
    return order, None
