"""Stage 4: the self-checks. A board is returned only when every one of them passed.

Each check is a `Check(name, ok, detail)` whose detail quotes what was measured, so a refusal
says which check failed and why.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from onestroke.bot.vision.lattice import Lattice
from onestroke.solver.board import Board, Cell
from onestroke.solver.search import quick_certificate


@dataclass(frozen=True)
class Check:
    """One self-check: its name, whether it passed, and what it measured."""

    name: str
    ok: bool
    detail: str


def lattice_check(lattice: Lattice) -> Check:
    px, py = lattice.pitch
    skew = abs(px - py) / max(px, py)
    ok = lattice.worst < 0.12 and skew < 0.04 and len(lattice.rows) >= 3
    detail = (
        f"{len(lattice.rows)} cells on a {px:.1f} x {py:.1f} px lattice, worst centre {lattice.worst:.3f}"
        f" pitch off, pitches differ by {100 * skew:.1f} %"
    )
    return Check("lattice", ok, detail)


def size_check(sizes: np.ndarray) -> Check:
    # 2 px of slack: JPEG ringing and pixel rounding eat a pixel or so off a blob's edge
    spread = float(max(0.0, sizes.max() - sizes.min() - 2) / np.median(sizes))
    return Check(
        "cell size",
        spread < 0.15,
        f"cells {sizes.min():.0f}..{sizes.max():.0f} px ({100 * spread:.0f} % spread)",
    )


def start_check(starts: list[Cell], open_count: int) -> Check:
    if len(starts) == 1:
        return Check("start", True, f"the cat is on {list(starts[0])} ({open_count} open cells)")
    if not starts:
        return Check("start", False, "no cell looks like the cat (every cell is plain)")
    shown = ", ".join(str(list(cell)) for cell in starts[:4])
    return Check("start", False, f"{len(starts)} cells look like the cat: {shown}")


def marks_check(marked: list[Cell]) -> Check:
    if not marked:
        return Check("cells", True, "every position is a plain or walked cell, a hole or the cat")
    shown = ", ".join(str(list(cell)) for cell in marked[:4])
    return Check("cells", False, f"{len(marked)} positions are neither cell, hole nor cat, e.g. {shown}")


def certificate_check(board: Board) -> Check:
    proof = quick_certificate(board)
    if proof is None:
        return Check("solvable", True, "no quick proof of unsolvability")
    return Check("solvable", False, f"unsolvable as read: {proof}")
