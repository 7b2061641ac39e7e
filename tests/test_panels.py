"""Other apps' level-complete panels (practice/panels.py) and the game that ends levels with them.

The standing test draws every language x arrangement x decoy combination at three screen sizes
and checks the ground truth each comes with: the go-on button inside the panel, no decoy
overlapping it, every label's words inside its button, and the label (`screen: complete`,
`next:` the go-on centre) reading back through the fixture label format.
"""

from __future__ import annotations

import itertools
import signal
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from onestroke.bot.cli import main
from onestroke.bot.labels import Label, compare, label_text, parse_label
from onestroke.coords import Rect
from onestroke.practice import panels
from onestroke.practice.game import GameHost, GameOptions
from onestroke.practice.levels import make_level
from onestroke.practice.process import read_log
from onestroke.practice.render import render_screen
from onestroke.practice.rules import GO_ON, Rules
from onestroke.solver.search import solve

pytestmark = pytest.mark.skipif(
    panels.missing_font_reason() is not None, reason=f"{panels.missing_font_reason()}"
)

SIZES = ((450, 800), (1080, 1920), (720, 1280))


def finished_screen(width: int, height: int, number: int = 3) -> np.ndarray:
    level = make_level(1, number)
    return render_screen(level.board, width=width, height=height, visited=level.board.cells).image


def panel_label(drawn: panels.PanelDrawn) -> Label:
    """The true label of a panel screen: complete, with `next` on the go-on button's centre."""
    centre = drawn.layout[GO_ON].centre
    return Label(board=None, screen="complete", next=(centre.x, centre.y))


def overlaps(a: Rect, b: Rect) -> bool:
    return a.intersection(b) is not None


def ink_inside(image: np.ndarray, box: Rect) -> float:
    """The share of the box's pixels far from its fill (the median colour): the words on a button."""
    patch = image[box.slices()].reshape(-1, 3).astype(np.int16)
    fill = np.median(patch, axis=0)
    return float((np.abs(patch - fill).sum(axis=1) > 120).mean())


def test_every_combination_is_drawn_and_counted() -> None:
    styles = list(panels.panel_styles())
    for language in panels.LANGUAGES:
        decoys = len(panels.WORDS[language].decoys)
        mine = [s for s in styles if s.language == language]
        # four one-decoy arrangements x each decoy, and every pair of decoys around the go-on button
        assert len(mine) == 4 * decoys + decoys * (decoys - 1) // 2
        assert {s.title() for s in mine} == set(panels.WORDS[language].titles)
        assert {s.go_on_word() for s in mine} == set(panels.WORDS[language].go_on)


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_every_panel_has_a_consistent_ground_truth(width: int, height: int) -> None:
    base = finished_screen(width, height)
    for style in panels.panel_styles():
        drawn = panels.render_panel_screen(base, style)
        where = f"{style} at {width}x{height}"
        assert set(drawn.layout) == {GO_ON, *style.decoys}, where
        assert drawn.words[GO_ON] == style.go_on_word() and drawn.title == style.title(), where
        go_on = drawn.layout[GO_ON]
        for name, box in drawn.layout.items():
            assert drawn.panel.covers(box), f"{name} outside the panel: {where}"
            assert ink_inside(drawn.image, box) > 0.008, f"no words drawn on {name}: {where}"
        for a, b in itertools.combinations(drawn.layout.values(), 2):
            assert not overlaps(a, b), where
        # at least as prominent: no decoy smaller than the go-on button
        for decoy in style.decoys:
            box = drawn.layout[decoy]
            assert box.width * box.height >= go_on.width * go_on.height, where
        label = parse_label(label_text(panel_label(drawn)))
        assert label.screen == "complete" and label.board is None
        assert label.next is not None and go_on.contains(label.next), where
        assert not any(drawn.layout[d].contains(label.next) for d in style.decoys), where


def test_the_label_tells_the_decoy_from_the_go_on_button() -> None:
    """A reading that puts `next` on a decoy differs from the true label; one on go-on agrees."""
    drawn = panels.render_panel_screen(finished_screen(450, 800), panels.style_for("en", 1))
    label = panel_label(drawn)
    decoy = drawn.layout[panels.style_for("en", 1).decoys[0]].centre
    record: dict[str, Any] = {"board": None, "screen": "complete", "next": [decoy.x, decoy.y]}
    assert not compare(label, record, (450, 800)).ok
    record["next"] = list(label.next or ())
    assert compare(label, record, (450, 800)).ok


def test_the_banner_slides_across_and_goes() -> None:
    banner = panels.Banner(450, 800, "zh")
    boxes = [banner.at(t / 10) for t in range(int(panels.BANNER_PERIOD * 10))]
    shown = [b for b in boxes if b is not None]
    assert shown and len(shown) < len(boxes), "it comes and goes"
    lefts = [b.left for b in shown]
    assert lefts == sorted(lefts, reverse=True) and lefts[0] > 400 and lefts[-1] < 0, "right to left"
    image = finished_screen(450, 800)
    before = image.copy()
    on_screen = banner.draw(image, shown[len(shown) // 2])
    changed = np.argwhere((image != before).any(axis=2))
    assert changed.size and changed[:, 0].min() >= on_screen.top and changed[:, 0].max() < on_screen.bottom


def test_without_a_font_the_error_names_the_package(monkeypatch: pytest.MonkeyPatch) -> None:
    panels.cjk_font.cache_clear()
    monkeypatch.setattr(panels, "FONT_FILES", (panels.FONT_FILES[0].with_name("absent.ttc"),))
    try:
        with pytest.raises(panels.MissingFontError, match="apt-get install fonts-wqy-microhei"):
            panels.cjk_font()
    finally:
        panels.cjk_font.cache_clear()


# -- the game with panels, headless (the same GameHost the Tk window and the web page run) -----


class Player:
    """Presses and drags on a GameHost in simulated time, a frame after each input."""

    def __init__(self, host: GameHost) -> None:
        assert host.log.path is not None, "the records are read back from the game's log"
        self.host, self.t, self.seen = host, 0.0, 0
        self.frame()

    def frame(self) -> None:
        self.t += 1 / 30
        if self.host.play_frame(self.t):
            self.host.view.draw(self.host.game)

    def tap(self, box: Rect) -> None:
        x, y = box.centre
        self.host.game.press(self.t, x, y)
        self.frame()
        self.host.game.release(self.t, x, y)
        self.frame()

    def clear_level(self) -> None:
        game = self.host.game
        path = solve(game.level.board).path
        assert path is not None
        for k, cell in enumerate(path):
            x, y = game.geometry.centre(cell)
            (game.press if k == 0 else game.move)(self.t, x, y)
            self.frame()
        game.release(self.t, x, y)
        for _ in range(30):  # the finished board stays a moment before the complete screen
            self.frame()
        assert game.screen == "complete"

    def records(self) -> list[dict[str, Any]]:
        """The log's records since the last call."""
        assert self.host.log.path is not None
        records = read_log(self.host.log.path)
        new, self.seen = records[self.seen :], len(records)
        return new


def test_a_decoy_is_a_stray_press_that_opens_its_dialog_and_go_on_goes_on(tmp_path: Path) -> None:
    host = GameHost(GameOptions(seed=1, rules=Rules(), panel="zh", log=tmp_path / "game.jsonl"))
    player = Player(host)
    player.clear_level()
    style = panels.style_for("zh", 1)
    controls = host.view.controls("complete")
    assert set(controls) == {GO_ON, *style.decoys}
    decoy = style.decoys[0]
    assert panels.EFFECTS[decoy] == "dialog"
    player.tap(controls[decoy])
    assert host.game.screen == "dialog" and host.game.dialog == decoy
    strays = [r for r in player.records() if "stray" in r]
    assert [(r["stray"], r["screen"]) for r in strays] == [(decoy, "complete")]
    # the dialog covers the board: the go-on button's place is no longer go-on
    player.tap(controls[GO_ON])
    assert host.game.screen == "dialog"
    assert [r["screen"] for r in player.records() if "stray" in r] == ["dialog"]
    player.tap(host.view.controls("dialog")["close"])
    assert host.game.screen == "complete" and player.records() == []
    player.tap(host.view.controls("complete")[GO_ON])
    assert host.game.screen == "ranking" and player.records() == []
    for _ in range(40):
        player.frame()
    assert host.game.screen == "level" and host.game.level.number == 2


def test_a_replay_decoy_starts_the_level_again(tmp_path: Path) -> None:
    host = GameHost(GameOptions(seed=1, rules=Rules(), panel="zh", log=tmp_path / "game.jsonl"))
    player = Player(host)
    replay_level = next(
        n for n in range(1, 60) if "replay" in panels.style_for("zh", n).decoys
    )  # the panel styles cycle per level: play on to one with a replay decoy
    while host.game.level.number < replay_level:
        player.clear_level()
        player.tap(host.view.controls("complete")[GO_ON])
        for _ in range(40):
            player.frame()
    player.clear_level()
    player.records()
    player.tap(host.view.controls("complete")["replay"])
    assert host.game.screen == "level" and host.game.level.number == replay_level
    assert host.game.play.route == [] and host.game.cleared == replay_level - 1
    assert [r["stray"] for r in player.records() if "stray" in r] == ["replay"]


def test_a_press_on_the_banner_is_stray_and_it_moves_by_itself(tmp_path: Path) -> None:
    host = GameHost(GameOptions(seed=1, rules=Rules(), panel="en", banner=True, log=tmp_path / "game.jsonl"))
    player = Player(host)
    drawn = []
    while player.t < 1.0:
        player.frame()
        drawn.append(host.view.controls("level").get("banner"))
    boxes = [b for b in drawn if b is not None]
    assert len({b.left for b in boxes}) > 10, "the banner moves with no input"
    player.tap(boxes[-1])
    strays = [r for r in player.records() if "stray" in r]
    assert strays and strays[0]["stray"] == "banner" and strays[0]["screen"] == "level"


def test_without_panel_the_complete_screen_is_the_real_one() -> None:
    host = GameHost(GameOptions(seed=1, rules=Rules()))
    assert set(host.view.controls("complete")) >= {"go_on", "ranking", "share"}
    assert host.game.decoys == {} and not host.view.moving(1.0)


def test_practice_without_a_font_says_so_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`practice --panel` on a machine with no CJK font: one line naming the package, exit 2,
    before any window or page opens (the web game serves nothing)."""
    panels.cjk_font.cache_clear()
    monkeypatch.setattr(panels, "FONT_FILES", (panels.FONT_FILES[0].with_name("absent.ttc"),))
    monkeypatch.setenv("DISPLAY", ":9999")  # never opened: the font is looked for first
    handler, alarm = signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGALRM)

    def too_long(_signum: int, _frame: object) -> None:
        raise KeyboardInterrupt  # a game that started serves until stopped: exit 130, not a hang

    signal.signal(signal.SIGALRM, too_long)
    signal.alarm(20)
    try:
        assert main(["practice", "--panel", "ja", "--web", "--no-browser"]) == 2
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, alarm)
        signal.signal(signal.SIGTERM, handler)
        panels.cjk_font.cache_clear()
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "apt-get install fonts-wqy-microhei" in err, err
