"""Attempts at one level (bot/play/attempt.py) on a device without a display (tests/fakes.py)."""

from __future__ import annotations

from pathlib import Path

from fakes import RenderedPhone

from onestroke.bot.play.attempt import Attempts, Retry
from onestroke.bot.play.drag import StopCause
from onestroke.bot.play.logbook import Logbook
from onestroke.bot.play.screen_watch import ScreenWatch
from onestroke.bot.play.sight import Sight
from onestroke.coords import Geometry
from onestroke.practice.rules import Rules
from onestroke.solver.finish import Finish


class StoppedDrags(Attempts):
    """Every watched drag stops with the finger lifted, before the game took anything."""

    def watched(self, number: int, sight: Sight, geometry: Geometry, plan: Finish) -> StopCause | None:
        self.stopped += 1
        return "not-following"

    stopped = 0


def test_after_a_watched_drag_stops_the_next_attempt_looks_again(tmp_path: Path) -> None:
    """A reread taken before the drag that stopped is stale: planning on it would press where the
    cat was before that drag. The retry must carry no reread, so the next attempt looks afresh."""
    phone = RenderedPhone(seed=3, rules=Rules())
    attempts = StoppedDrags(phone, ScreenWatch(phone), Logbook(tmp_path, lambda _: None))
    sight = attempts.checked_sight()
    after_an_earlier_drag = Retry(reread=sight)  # what a drag that did not advance leaves
    tried = attempts.attempt(1, 2, sight, after_an_earlier_drag)
    assert isinstance(tried, Retry) and attempts.stopped == 1
    assert tried.reread is None and tried.drag_stopped
    assert tried.known is not None and tried.known.before is sight  # what the stopped drag was planned on
