"""How fast the bot draws: the open-loop stroke's pace on a device, slower on each retry, and the
watched drag's pace, learned from how fast the game answers.

Two kinds of drag, one name each:

- a **stroke** (`StrokePace`, bot/gesture.py) is drawn open loop from timed events: on a device
  without fast capture (a phone) it goes at the user's `--speed`, never faster than the device's
  measured rest per cell, and at half the speed on each retry (`slower`);
- a **watched drag** (`DragPace`, bot/play/drag.py) sends the finger to the next cell once the
  screen shows the last one taken: its pace is the game's own, learned from its answer times,
  and never faster than the user's `--speed` when one is given (a person's pace, or a client
  that must not be rushed); a game slower than that still slows it down.

`--speed max` (0) and no `--speed` leave the watched drag as fast as the game answers.
"""

from __future__ import annotations

import statistics
from collections import deque
from dataclasses import dataclass, field, replace

from onestroke.bot.gesture import DEFAULT_SPEED, DEFAULT_STROKE_PACE, StrokePace

FALLBACK_SPEED = 40.0  # cells/s a retry halves from when the first try went as fast as it could
FIRST_ANSWER = 0.06  # seconds assumed for the game's first answer, before any is measured
ANSWERS_KEPT = 9  # the pace follows the median of the latest answers


@dataclass
class DragPace:
    """How fast this game answers: its latest answer times, and how to wait for one.

    The first grab after a move comes at 80 % of the earliest of the latest answers (at most
    50 ms; the game cannot answer sooner than a frame and a redraw), then every sixteenth of
    the median answer (at least `min_poll`): a grab around the head costs about a millisecond,
    so the watcher sees an answer within a few ms of its drawing and still leaves the game
    most of the CPU. The pace follows the game up and down: a slower or stalling game answers
    later, and the median, the polling and the patience before a re-send grow with it.

    `speed` (cells per second, the user's `--speed`; 0: no limit) caps the pace: a move to the
    next cell is sent no sooner than `least_step` after the move before it.
    """

    speed: float = 0.0
    first: float = FIRST_ANSWER
    min_poll: float = 0.002
    answers: deque[float] = field(default_factory=lambda: deque(maxlen=ANSWERS_KEPT))

    def __post_init__(self) -> None:
        if not 0 <= self.speed < float("inf"):
            raise ValueError(
                f"the drag's speed must be 0 (no limit) or more cells per second, not {self.speed}"
            )

    @property
    def least_step(self) -> float:
        """Seconds from one step's move to the next one's at the least (0: no limit)."""
        return 1.0 / self.speed if self.speed else 0.0

    @property
    def expected(self) -> float:
        return statistics.median(self.answers) if self.answers else self.first

    def learn(self, seconds: float) -> None:
        self.answers.append(seconds)

    @property
    def first_grab(self) -> float:
        """80 % of the earliest latest answer, at most 50 ms: a game that died is seen soon even when slow."""
        return min(0.8 * (min(self.answers) if self.answers else self.first), 0.05)

    @property
    def poll(self) -> float:
        return max(self.min_poll, self.expected / 16)

    @property
    def patience(self) -> float:
        """How long to wait for an answer before re-sending the move."""
        return max(0.25, 4 * self.expected)


def slower(pace: StrokePace, attempt: int) -> StrokePace:
    """The open-loop pace of `attempt` (1: `pace`): half the speed and twice the rests each retry.

    A retry is never the same blind drag as the one the game did not follow: whether the game
    was slower than measured or stalled now and then (a late frame sees the finger a cell too
    far), a long enough rest per cell outlasts it; the fifth try rests 16 times the measured dwell
    (a phone's 33 ms: 0.53 s, longer than any stall of the strict practice game)."""
    if attempt <= 1:
        return pace
    factor = 2.0 ** (attempt - 1)
    return replace(pace, speed=(pace.speed or FALLBACK_SPEED) / factor, turn_dwell=pace.turn_dwell * factor)


def drag_pace(speed: float | None) -> DragPace:
    """The watched drag's pace for the user's `speed` (None or 0: as fast as the game answers)."""
    return DragPace(speed=speed or 0.0)


def stroke_pace(speed: float | None, dwell: float | None = None) -> StrokePace:
    """How routes are stroked: at `speed` (None: `DEFAULT_SPEED`; 0: no pauses), or, on a device that
    measured a rest per cell (`dwell`, its `Capabilities.cell_dwell`: a phone, no fast capture to
    watch the drag), one event per cell at that pace, never faster than `speed`."""
    if dwell is None:
        return DEFAULT_STROKE_PACE if speed is None else StrokePace(speed=speed)
    fastest = 1.0 / dwell
    speed = DEFAULT_SPEED if speed is None else speed
    return StrokePace(speed=min(speed, fastest) if speed else fastest, substeps=1, turn_dwell=dwell)
