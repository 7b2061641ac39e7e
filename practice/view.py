"""What the practice game shows: the image of each screen, and where its controls are.

`GameView` is the `Layout` the rules need (practice/rules.py: the grid of a board, the controls
of each screen) and draws what a `PracticeGame` shows right now. The Tk window, the web page's
server and a fake phone all show the game through it, so they look and answer alike.

The level-complete and ranking screens are drawn like the real game's (practice/screens.py).
`real_screens=False` keeps the game of before (the forgiving game's): the renderer's older
complete screen, a panel with a "next" button (the go-on control), and no ranking screen.

With a `look` (practice/looks.py, `practice --look SEED`) every screen is drawn in that random
look instead of a theme: the level (the path drawn in the look's style), its level-complete
screen (a panel with the look's go-on control) and a plain ranking screen. The rules do not
change; the look's capture freedoms (scaling, JPEG) are not applied: the window stays lossless.

With `stay` (a language: `practice --solved-stays LANGUAGE`, practice/stay_screen.py) there is
no complete screen: the level shows the app's next button under the board all the time, and the
solved board stays until it is pressed.

With `start_screen` set on the game (`practice --start-screen`) it opens on a start-up screen
(practice/start_screen.py), in the panel's language (Chinese without one).

With a `panel` language (`practice --panel zh|en|ja`, practice/panels.py) the level-complete
screen is instead another app's: a panel with words over the dimmed finished board, a go-on
button and decoys, each level the next combination of `panels.panel_styles`; a decoy's press
opens its dialog (the `dialog` screen) or replays the level. With `banner` a strip slides across
the top of every screen every few seconds. Controls are those of the screen last drawn: what the
player saw when they pressed.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from onestroke.coords import Geometry, Rect
from onestroke.practice import panels
from onestroke.practice import screens as real
from onestroke.practice.looks import RandomLook, draw_background, look_geometry, render_look
from onestroke.practice.render import board_geometry, render_screen, theme_named
from onestroke.practice.rules import GO_ON, PracticeGame
from onestroke.practice.sprites import text
from onestroke.practice.start_screen import render_start_screen
from onestroke.practice.stay_screen import NEXT, next_button
from onestroke.solver.board import Board


class GameView:
    """Draws a practice game's screens at `width` x `height` pixels in one theme (or one look)."""

    def __init__(
        self,
        width: int,
        height: int,
        theme: str = "classic",
        *,
        real_screens: bool = True,
        look: RandomLook | None = None,
        panel: panels.Language | None = None,
        banner: bool = False,
        stay: panels.Language | None = None,
    ) -> None:
        self.width, self.height, self.theme, self.look = width, height, theme, look
        self.stay = stay  # the solved board stays, with the app's next button under it (this language)
        self._measured: dict[str, int | None] = {}  # what one drawing measured, kept for the next
        self._screens = real if real_screens else None
        self._controls: dict[str, dict[str, Any]] = {}
        self.panel = panel
        self._banner = panels.Banner(width, height, panel or "zh") if banner else None
        self._banner_box: Rect | None = None  # where the banner was last drawn (None: not shown)
        self._base: tuple[tuple[Any, ...], np.ndarray] | None = None  # the last screen under the banner
        if panel is not None:
            self._panel_controls(panels.style_for(panel, 1), None)

    @property
    def decoys(self) -> dict[str, panels.Effect]:
        """What each decoy of the panel screens does (none without panels)."""
        if self.panel is None:
            return {}
        return {decoy: panels.EFFECTS[decoy] for decoy in panels.WORDS[self.panel].decoys}

    def moving(self, t: float) -> bool:
        """True when the screen at `t` differs from the one last drawn by what moves on its own."""
        return self._banner is not None and self._banner.at(t) != self._banner_box

    def geometry(self, board: Board) -> Geometry:
        if self.look is not None:
            return look_geometry(board, self.look, self.width, self.height)
        return board_geometry(board, self.width, self.height)

    def controls(self, screen: str) -> dict[str, Any]:
        """Name -> (left, top, width, height) of every control on `screen` (the same on every level,
        but for the panel screens and the banner: those shown last)."""
        if screen not in self._controls:
            self._controls[screen] = self._measure(screen)
        if self._banner_box is not None and self._banner_box.width > 0:
            return {"banner": self._banner_box, **self._controls[screen]}  # drawn on top of everything
        return self._controls[screen]

    def _panel_controls(self, style: panels.PanelStyle, decoy: str | None) -> None:
        """Measure the controls of `style`'s panel and, with `decoy`, of the dialog it opened."""
        shown = panels.render_panel_screen(np.zeros((self.height, self.width, 3), np.uint8), style)
        self._controls["complete"] = self._controls["done"] = dict(shown.layout)
        if decoy is not None:
            assert self.panel is not None
            dialog = panels.render_dialog(shown.image, self.panel, decoy)  # type: ignore[arg-type]
            self._controls["dialog"] = dict(dialog.layout)

    def _measure(self, screen: str) -> dict[str, Any]:
        board = Board.from_text("S .\n")
        if screen == "start":
            return dict(render_start_screen(self.width, self.height, self.panel or "zh").layout)
        if self.look is not None:
            # the complete screen's panel sits in the middle whatever the board; the level's icons
            # move with the board, so they are not controls here (a press on one is a press beside the cat)
            if screen not in ("complete", "done"):
                return {}
            shown = render_look(board, self.look, width=self.width, height=self.height, complete=True)
            return dict(shown.controls)
        if screen == "level":
            return self._level_controls()
        if screen in ("complete", "done"):
            if self._screens is not None:
                return dict(
                    self._screens.render_complete_screen(self.width, self.height, theme=self.theme).layout
                )
            shown = render_screen(
                board, width=self.width, height=self.height, theme=self.theme, complete=True
            )
            assert shown.next_button is not None
            return {"go_on": shown.next_button}
        if screen == "ranking" and self._screens is not None:
            return dict(self._screens.render_ranking_screen(self.width, self.height, theme=self.theme).layout)
        return {}

    def _level_controls(self) -> dict[str, Any]:
        if self._screens is None:
            return {}
        layout = self._screens.render_complete_screen(self.width, self.height, theme=self.theme).layout
        # the bars of the level screen are those that stay visible under the complete screen's veil
        return {
            name: box for name, box in layout.items() if name in ("back", "replay", "sos", "gift", "hint")
        }

    def draw(self, game: PracticeGame) -> np.ndarray:
        """The BGR image of what `game` shows now (at its latest frame's time)."""
        key = (game.screen, game.level.number, tuple(game.play.route), game.dialog)
        if self._base is None or self._base[0] != key:
            self._base = (key, self._draw_screen(game))
        image = self._base[1]
        self._banner_box = None
        if self._banner is not None:
            box = self._banner.at(game.time)
            if box is not None:
                image = image.copy()
                self._banner_box = self._banner.draw(image, box)
        return image

    def _draw_screen(self, game: PracticeGame) -> np.ndarray:
        level, screen = game.level, game.screen
        if screen == "start":  # in the panel's language (Chinese without one), whatever the look
            return render_start_screen(self.width, self.height, self.panel or "zh").image
        if self.stay is not None and screen in ("level", "complete", "done", "ranking"):
            return self._draw_staying(game, self.stay)
        if self.panel is not None and screen in ("complete", "done", "dialog"):
            return self._draw_panel(game, self.panel)
        if self.look is not None:
            return self._draw_look(game, self.look)
        common: dict[str, Any] = {"level": level.number, "theme": self.theme, "cat": level.cat}
        if screen == "level":
            route = game.play.route
            return render_screen(
                level.board, width=self.width, height=self.height, route=route, **common
            ).image
        if screen == "ranking" and self._screens is not None:
            return self._screens.render_ranking_screen(self.width, self.height, **common).image
        route = game.play.route or level.board.cells
        if self._screens is not None and screen in ("complete", "done"):
            return self._screens.render_complete_screen(
                self.width, self.height, board=level.board, route=route, **common
            ).image
        complete = screen in ("complete", "done")
        shown = render_screen(
            level.board, width=self.width, height=self.height, route=route, complete=complete, **common
        )
        if shown.next_button is not None:  # the older complete screen's button moves with the board
            self._controls["complete"] = self._controls["done"] = {"go_on": shown.next_button}
        image = shown.image
        if screen == "ranking":  # the older renderer has no ranking screen: a blank one stands in
            image[:] = image[0, 0]
        return image

    def _draw_staying(self, game: PracticeGame, language: panels.Language) -> np.ndarray:
        """The level with the app's next button under the board; solved, it stays so (no complete
        screen). The button is a stray press while the level is in play, go-on once it is solved."""
        level = game.level
        common: dict[str, Any] = {"level": level.number, "theme": self.theme, "cat": level.cat}
        image = render_screen(
            level.board, width=self.width, height=self.height, route=game.play.route, **common
        ).image
        bar_top = self._bar_top()
        if bar_top is not None:
            image[bar_top:] = theme_named(self.theme).background
        box = next_button(image, self.geometry(level.board), language)
        self._controls["level"] = {NEXT: box}
        self._controls["complete"] = self._controls["done"] = self._controls["ranking"] = {GO_ON: box}
        return image

    def _bar_top(self) -> int | None:
        """Where the real game's bottom bar (replay, SOS, gift, hint) begins, which an app whose
        solved board stays does not have: its next button's room. Measured once (it draws a
        whole complete screen), not on every redraw of a stroke."""
        if "bar_top" not in self._measured:
            bar = [box for name, box in self._level_controls().items() if name != "back"]
            self._measured["bar_top"] = round(min(box.top for box in bar)) if bar else None
        return self._measured["bar_top"]

    def _draw_panel(self, game: PracticeGame, language: panels.Language) -> np.ndarray:
        """The panel of the level just cleared over its finished board, and the dialog if open."""
        level = game.level
        route = game.play.route or level.board.cells
        if self.look is not None:
            size: dict[str, Any] = {"width": self.width, "height": self.height, "level": level.number}
            finished = render_look(level.board, self.look, route=route, **size).image
        else:
            common: dict[str, Any] = {"level": level.number, "theme": self.theme, "cat": level.cat}
            finished = render_screen(
                level.board, width=self.width, height=self.height, route=route, **common
            ).image
        style = panels.style_for(language, level.number)
        self._panel_controls(style, game.dialog)
        image = panels.render_panel_screen(finished, style).image
        if game.screen == "dialog" and game.dialog is not None:
            image = panels.render_dialog(image, language, game.dialog).image  # type: ignore[arg-type]
        return image

    def _draw_look(self, game: PracticeGame, look: RandomLook) -> np.ndarray:
        level, screen = game.level, game.screen
        size: dict[str, Any] = {"width": self.width, "height": self.height, "level": level.number}
        if screen == "level":
            return render_look(level.board, look, route=game.play.route, **size).image
        if screen == "ranking":
            image = draw_background(look, self.width, self.height)
            text(
                image,
                f"Level {level.number} cleared",
                self.width / 2,
                self.height / 2,
                self.height / 30,
                look.palette.ink,
            )
            return image
        route = game.play.route or level.board.cells
        return render_look(level.board, look, route=route, complete=True, **size).image
