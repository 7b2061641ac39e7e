"""The only press that is not the drag: go-on, on a screen proven to be the level-complete one.

The loop runs in-process on a stand-in device (tests/fakes.py) whose screen is the strict
practice game with the real game's screens: the level-complete screen with its round go-on
button between the ranking and share capsules, then a ranking screen, then the next level. The
game logs every press that is not go-on as a stray press; the tests judge from its records.
"""

from __future__ import annotations

import time
from contextlib import nullcontext
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from fakes import GameFinger, RenderedPhone

from onestroke.bot.gesture import StrokePace
from onestroke.bot.play import go_on as go_on_module
from onestroke.bot.play.go_on import GoOn
from onestroke.bot.play.logbook import Logbook
from onestroke.bot.play.loop import LevelLoop, LoopStopped
from onestroke.bot.play.screen_watch import ScreenWatch
from onestroke.bot.vision.wordlists import Kind, word_lists
from onestroke.coords import Point, Rect
from onestroke.practice import panels
from onestroke.practice.rules import PracticeGame, Rules
from onestroke.practice.view import GameView
from onestroke.solver.board import Board
from onestroke.solver.check import is_valid_path


class StrictPhone(RenderedPhone):
    """The strict game with the real-looking screens (complete, then ranking), frames at each look."""

    def __init__(self, *, seed: int = 1, levels: int | None = None, rules: Rules | None = None) -> None:
        super().__init__(seed=seed, levels=levels)
        self.view = GameView(int(self.screen.width), int(self.screen.height), real_screens=True)
        self.game = PracticeGame(
            self.view,
            seed=seed,
            levels=levels,
            rules=rules or Rules(),
            complete_after=0.1,
            ranking_seconds=0.3,
        )

    def touch(self, area: Rect) -> GameFinger:
        if self.capabilities.fast_capture:
            return super().touch(area)
        self._frame()
        return FramedFinger(self, area)

    def all_records(self) -> list[dict[str, Any]]:
        self._frame()
        return self.records

    def go_on_box(self) -> Rect:
        return self.view.controls("complete")["go_on"]

    def taps(self) -> list[Point]:
        """Where each press that was not a drag went (a press followed by no move)."""
        found = []
        for i, (kind, point) in enumerate(self.touches):
            following = self.touches[i + 1][0] if i + 1 < len(self.touches) else "up"
            if kind == "down" and following == "up":
                found.append(point)
        return found


class FramedFinger(GameFinger):
    """For the timed gesture (no looks in between to run the game's frames): a frame after each
    event, a game that looks at every event."""

    def _press(self, point: Point) -> None:
        super()._press(point)
        self.phone._frame()

    def _move(self, point: Point) -> None:
        super()._move(point)
        self.phone._frame()


class UnknownCompleteScreen(StrictPhone):
    """A game whose level-complete screen vision does not know: a plain screen with a button."""

    def grab(self, region: Rect | None = None) -> np.ndarray:
        image = super().grab(region)
        if self.game.screen != "complete":
            return image
        box = (region or self.screen).rounded()
        plain = np.full((int(box.height), int(box.width), 3), (120, 90, 60), np.uint8)
        button = self.go_on_box().rounded()  # a flat button with no words (a flat screen alone is blank)
        left, top = int(button.left - box.left), int(button.top - box.top)
        plain[
            max(0, top) : max(0, top + int(button.height)), max(0, left) : max(0, left + int(button.width))
        ] = (
            60,
            180,
            240,
        )
        return plain


def cleared_levels(phone: StrictPhone) -> list[int]:
    records = phone.all_records()
    assert [r for r in records if "stray" in r] == [], records
    found = []
    for record in records:
        if record["cleared"]:
            assert is_valid_path(Board.from_text(record["board"]), record["path"])
            found.append(record["level"])
    return found


def test_go_on_is_the_only_press_between_levels(tmp_path: Path) -> None:
    phone = StrictPhone(seed=3, levels=3)
    LevelLoop(phone, log_dir=tmp_path, say=lambda _: None).run(3)
    assert cleared_levels(phone) == [1, 2, 3]
    taps = phone.taps()
    assert len(taps) == 2 and all(phone.go_on_box().contains(tap) for tap in taps)


def test_at_start_up_the_complete_screen_is_left_by_go_on(tmp_path: Path) -> None:
    phone = StrictPhone(seed=5, levels=2)
    LevelLoop(phone, log_dir=tmp_path, say=lambda _: None).run(1)  # stops on level 1's complete screen
    time.sleep(0.2)
    assert phone.grab() is not None and phone.game.screen == "complete"
    lines: list[str] = []
    LevelLoop(phone, log_dir=tmp_path, say=lines.append).run(1)
    assert lines[0] == "the level-complete screen is showing: pressing go-on first"
    assert cleared_levels(phone) == [1, 2]


class StillPainting(StrictPhone):
    """A game window still painting when the bot first looks (a loaded machine): until
    `painted_at` (monotonic s) only the top fifth of its screen is drawn, the rest black."""

    painted_at = 0.0

    def grab(self, region: Rect | None = None) -> np.ndarray:
        image = super().grab(region)
        if time.monotonic() < self.painted_at:
            image = image.copy()
            image[image.shape[0] // 5 :] = 0
        return image


def test_at_start_up_a_screen_still_painting_is_looked_at_until_it_is_known(tmp_path: Path) -> None:
    phone = StillPainting(seed=5, levels=2)
    LevelLoop(phone, log_dir=tmp_path, say=lambda _: None).run(1)  # stops on level 1's complete screen
    time.sleep(0.2)
    assert phone.grab() is not None and phone.game.screen == "complete"
    phone.painted_at = time.monotonic() + 1.0
    lines: list[str] = []
    LevelLoop(phone, log_dir=tmp_path, say=lines.append).run(1)
    assert lines[0] == "the level-complete screen is showing: pressing go-on first", lines
    assert cleared_levels(phone) == [1, 2]


class PaintedLate(StrictPhone):
    """A game window whose first `unpainted` looks show only the top fifth of its screen."""

    unpainted = 0

    def grab(self, region: Rect | None = None) -> np.ndarray:
        image = super().grab(region)
        if self.unpainted > 0:
            self.unpainted -= 1
            image = image.copy()
            image[image.shape[0] // 5 :] = 0
        return image


def test_a_first_read_that_outlasts_the_settle_time_still_gets_one_more_look(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A busy machine (the OCR models loading) can spend the whole settle time on the first read
    of a half-painted screen; the screen is still looked at once more before it is judged."""
    phone = PaintedLate(seed=5, levels=2)
    LevelLoop(phone, log_dir=tmp_path, say=lambda _: None).run(1)  # stops on level 1's complete screen
    time.sleep(0.2)
    assert phone.grab() is not None and phone.game.screen == "complete"
    monkeypatch.setattr(go_on_module, "START_SETTLE", 0.0)  # as if reading took all of it
    phone.unpainted = 1
    lines: list[str] = []
    LevelLoop(phone, log_dir=tmp_path, say=lines.append).run(1)
    assert lines[0] == "the level-complete screen is showing: pressing go-on first", lines
    assert cleared_levels(phone) == [1, 2]


def test_at_start_up_a_screen_that_is_not_proven_gets_no_press(tmp_path: Path) -> None:
    phone = UnknownCompleteScreen(seed=6, levels=2)
    with pytest.raises(LoopStopped, match="neither a level nor a level-complete screen I know"):
        LevelLoop(phone, log_dir=tmp_path, say=lambda _: None, advance_timeout=1.0).run(1)
    assert cleared_levels(phone) == [1]  # and the game shows its complete screen, unknown to vision
    before = len(phone.touches)
    with pytest.raises(LoopStopped, match="no board I can trust"):
        LevelLoop(phone, log_dir=tmp_path, say=lambda _: None, next_button=Point(270, 480)).run(1)
    assert phone.touches[before:] == [], (
        "nothing is pressed at start-up on an unknown screen, not even --next"
    )


def test_after_a_clear_an_unknown_screen_is_waited_on_then_the_loop_stops_without_a_press(
    tmp_path: Path,
) -> None:
    phone = UnknownCompleteScreen(seed=7, levels=2)
    loop = LevelLoop(phone, log_dir=tmp_path, say=lambda _: None, advance_timeout=1.0)
    with pytest.raises(LoopStopped, match="after the drag on level 1 the screen shows neither") as stopped:
        loop.run(2)
    assert phone.taps() == [] and cleared_levels(phone) == [1]
    (folder,) = tmp_path.iterdir()
    assert str(folder) in str(stopped.value) and (folder / "screen.png").exists()


def test_the_users_next_point_goes_on_where_vision_knows_no_complete_screen(tmp_path: Path) -> None:
    phone = UnknownCompleteScreen(seed=8, levels=2)
    button = phone.go_on_box().centre
    LevelLoop(phone, log_dir=tmp_path, say=lambda _: None, next_button=button).run(2)
    assert cleared_levels(phone) == [1, 2]
    assert phone.taps() == [button]


def test_on_the_complete_screen_the_users_next_point_wins(tmp_path: Path) -> None:
    phone = StrictPhone(seed=9, levels=2)
    box = phone.go_on_box()
    button = Point(box.left + box.width * 0.3, box.top + box.height * 0.6)  # not vision's centre
    LevelLoop(phone, log_dir=tmp_path, say=lambda _: None, next_button=button).run(2)
    assert cleared_levels(phone) == [1, 2]
    assert phone.taps() == [button]


@pytest.mark.parametrize("fast_capture", [True, False], ids=["watched drag", "timed gesture"])
def test_a_path_drawn_before_the_bot_came_is_finished_from_the_cat(
    tmp_path: Path, fast_capture: bool
) -> None:
    phone = StrictPhone(seed=10, levels=1, rules=Rules(on_release="keep"))
    phone.capabilities = phone.capabilities.__class__(
        "rendered", "render_screen", "practice-rules", fast_capture, False
    )
    board = phone.game.level.board
    cells = [board.start]
    while len(cells) < 6:  # a person's few cells along any free neighbours
        cells.append(next(c for c in board.neighbours(cells[-1]) if c not in cells))
    geometry = phone.game.geometry
    t = time.monotonic()
    phone.game.press(t, *geometry.centre(cells[0]))
    for i, cell in enumerate(cells[1:], start=1):
        phone.game.move(t + 0.1 * i, *geometry.centre(cell))
        phone.game.frame(t + 0.1 * i + 0.01)
    phone.game.release(t + 1, *geometry.centre(cells[-1]))
    phone.game.frame(t + 1.01)
    lines: list[str] = []
    LevelLoop(phone, log_dir=tmp_path, say=lines.append, pace=StrokePace(speed=0, substeps=1)).run(1)
    records = phone.all_records()
    assert records[0]["cleared"] is False and records[-1]["cleared"] is True, records
    assert records[-1]["kept"] > 0 and is_valid_path(board, records[-1]["path"])
    assert any("cells drawn already" in line for line in lines), lines


@pytest.mark.parametrize("known", [True, False], ids=["complete screen", "unknown screen"])
def test_go_on_alone_names_a_press_only_where_it_is_proven(tmp_path: Path, known: bool) -> None:
    """`GoOn.button` on its own: nothing on a level; on the complete screen vision's control, or
    the user's point when given; on a screen vision does not know, the user's point only after a
    clear. Asking never presses."""
    phone = StrictPhone(seed=11, levels=2) if known else UnknownCompleteScreen(seed=11, levels=2)
    watch = ScreenWatch(phone)
    log = Logbook(tmp_path, say=lambda _: None)
    user = Point(200, 700)
    by_vision, by_user = GoOn(phone, watch, log), GoOn(phone, watch, log, next_button=user)
    level = watch.now()
    assert level.board is not None
    for go_on in (by_vision, by_user):
        assert go_on.button(level, cleared=False) is None and go_on.button(level, cleared=True) is None
    with nullcontext() if known else pytest.raises(LoopStopped, match="neither a level"):
        LevelLoop(phone, log_dir=tmp_path, say=lambda _: None, advance_timeout=1.0).run(1)
    time.sleep(0.2)  # the game's complete screen comes a moment after the clear
    after = watch.now()
    assert after.board is None and (after.detection.screen == "complete") == known
    if known:
        button = by_vision.button(after, cleared=False)
        assert button is not None and phone.go_on_box().contains(button)
        assert by_user.button(after, cleared=False) == user
    else:
        assert by_vision.button(after, cleared=True) is None
        assert by_user.button(after, cleared=False) is None, "never at start-up"
        assert by_user.button(after, cleared=True) == user
    assert phone.taps() == [] and cleared_levels(phone) == [1]


class PanelPhone(StrictPhone):
    """The strict game ending each level with another app's panel of words (practice/panels.py):
    a go-on button beside, above or between decoys (share, hint, replay, ranking), the banner
    sliding across the top; a press on a decoy is a stray press in the game's records."""

    def __init__(self, *, seed: int, levels: int, language: str = "zh") -> None:
        super().__init__(seed=seed, levels=levels)
        self.view = GameView(
            int(self.screen.width), int(self.screen.height), panel=language, banner=True
        )  # fmt: skip
        self.game = PracticeGame(
            self.view,
            seed=seed,
            levels=levels,
            rules=Rules(),
            complete_after=0.1,
            ranking_seconds=0.3,
            decoys=self.view.decoys,
        )


needs_font = pytest.mark.skipif(
    panels.missing_font_reason() is not None, reason=f"{panels.missing_font_reason()}"
)


@needs_font
@pytest.mark.parametrize("language", ["zh", "en"])
def test_a_panel_of_words_is_gone_on_by_its_go_on_label_alone(tmp_path: Path, language: str) -> None:
    phone = PanelPhone(seed=21, levels=3, language=language)
    LevelLoop(phone, log_dir=tmp_path, say=lambda _: None).run(3)
    assert cleared_levels(phone) == [1, 2, 3]  # (and no stray press: no decoy, no banner)
    assert len(phone.taps()) == 2


@needs_font
def test_a_panel_whose_go_on_words_are_the_users_never_words_stops_naming_what_it_saw(tmp_path: Path) -> None:
    """Every zh go-on word made a never-press word: a complete screen with no go-on words left."""
    phone = PanelPhone(seed=22, levels=2)
    never = word_lists().with_words(Kind.NEVER, panels.WORDS["zh"].go_on)
    loop = LevelLoop(phone, log_dir=tmp_path, say=lambda _: None, advance_timeout=1.0, lists=never)
    with pytest.raises(LoopStopped) as stopped:
        loop.run(2)
    line = str(stopped.value)
    assert "\n" not in line and "not pressing anything" in line, line
    title = panels.style_for("zh", 1).title()
    assert f"the title {title!r}, but no go-on control (words seen:" in line, line
    assert repr(panels.style_for("zh", 1).go_on_word()) in line, line
    assert phone.taps() == [] and cleared_levels(phone) == [1]


@needs_font
def test_the_users_next_on_a_decoy_is_refused_and_says_why(tmp_path: Path) -> None:
    phone = PanelPhone(seed=23, levels=2)
    style = panels.style_for("zh", 1)
    decoy = style.decoys[0]
    drawn = panels.render_panel_screen(np.zeros((960, 540, 3), np.uint8), style)
    on_decoy = drawn.layout[decoy].centre
    loop = LevelLoop(phone, log_dir=tmp_path, say=lambda _: None, next_button=on_decoy)
    with pytest.raises(
        LoopStopped, match=f"the words at --next .* say {style.decoy_word(decoy)!r}"
    ) as stopped:
        loop.run(2)
    assert "not pressing it" in str(stopped.value)
    assert phone.taps() == [] and cleared_levels(phone) == [1]


@needs_font
def test_the_users_next_on_the_go_on_button_goes_on(tmp_path: Path) -> None:
    phone = PanelPhone(seed=23, levels=2)
    drawn = panels.render_panel_screen(np.zeros((960, 540, 3), np.uint8), panels.style_for("zh", 1))
    button = drawn.layout["go_on"].centre
    LevelLoop(phone, log_dir=tmp_path, say=lambda _: None, next_button=button).run(2)
    assert cleared_levels(phone) == [1, 2] and phone.taps() == [button]


class CoverOverGoOn:
    """A window stack for `CoveredGoOn`: the game is window 1 over the whole screen; while the
    phone's cover is up, window 2 is on top at every point asked about (over the go-on control),
    though not over the board's part the watch asks about."""

    def __init__(self, phone: CoveredGoOn) -> None:
        self.phone = phone

    def topmost(self, points: Any) -> list[int | None]:
        return [2 if self.phone.covered() else 1 for _ in points]

    def window_at(self, point: Point) -> Rect:
        return self.phone.screen

    def window_id_at(self, point: Point) -> int:
        return 1

    def state(self, window: int, area: Rect) -> None:
        return None  # the watch cannot tell: only the stack at the control says a window is there


class CoveredGoOn(StrictPhone):
    """The strict game on a desktop whose go-on control gets another window over it for `cover_for`
    seconds from the moment level 1 is cleared (None: for good): a notification over the button."""

    def __init__(self, cover_for: float | None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.cover_for = cover_for
        self.cleared_at: float | None = None
        self.windows = CoverOverGoOn(self)  # type: ignore[assignment]
        self.sessions: list[float] = []  # when each touch session (a drag, a tap) began

    def covered(self) -> bool:
        if self.cleared_at is None and any(r.get("cleared") for r in self.records):
            self.cleared_at = time.monotonic()
        if self.cleared_at is None:
            return False
        return self.cover_for is None or time.monotonic() - self.cleared_at < self.cover_for

    def touch(self, area: Rect, window: int | None = None) -> GameFinger:
        assert not self.covered(), "a press while another window is over the game"
        self.sessions.append(time.monotonic())
        return super().touch(area)


def test_a_window_over_the_go_on_control_is_waited_out_then_go_on_is_pressed(tmp_path: Path) -> None:
    phone = CoveredGoOn(2.0, seed=3, levels=2)
    lines: list[str] = []
    loop = LevelLoop(phone, log_dir=tmp_path, pace=StrokePace(speed=0), wait_covered=10, say=lines.append)
    reports = loop.run(2)
    assert [report.level for report in reports] == [1, 2], lines
    said = "after level 1: another window is over the go-on control; waiting up to 10 s for it to go"
    assert said in lines, lines
    assert cleared_levels(phone) == [1, 2]
    assert phone.cleared_at is not None
    assert all(not phone.cleared_at < t < phone.cleared_at + 2.0 for t in phone.sessions), phone.sessions


def test_a_window_that_stays_over_the_go_on_control_stops_the_bot_unpressed(tmp_path: Path) -> None:
    phone = CoveredGoOn(None, seed=3, levels=2)
    lines: list[str] = []
    loop = LevelLoop(phone, log_dir=tmp_path, pace=StrokePace(speed=0), wait_covered=2, say=lines.append)
    with pytest.raises(
        LoopStopped, match=r"after level 1: another window stayed over the go-on control at .* for 2 s"
    ):
        loop.run(2)
    assert cleared_levels(phone) == [1]
    assert phone.cleared_at is not None and all(t < phone.cleared_at for t in phone.sessions)
