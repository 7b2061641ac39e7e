"""What a solve answers: `SolveResult` (a path, a proof that there is none, or a timeout)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from onestroke.solver.board import Cell

Status = Literal["solved", "unsolvable", "timeout"]

Engine = Literal["auto", "search", "exact"]
"""What `solve` may use: the portfolio, or the backtracker or the SAT engine alone (each after
the certificates)."""

Stage = Literal["certificate", "search", "exact"]
"""What decided a board: a certificate, the backtracker or the SAT engine (`SolveResult.engine`)."""


@dataclass(frozen=True)
class SolveResult:
    """What `solve` found: a path, a proof that there is none, or a timeout."""

    status: Status
    path: tuple[Cell, ...] | None = None
    reason: str | None = None
    seconds: float = 0.0
    engine: Stage | Literal[""] = ""

    @property
    def solvable(self) -> bool | None:
        """True when solved, False when proved unsolvable, None when undecided (timeout)."""
        if self.status == "solved":
            return True
        if self.status == "unsolvable":
            return False
        return None
