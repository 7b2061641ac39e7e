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
"""

from __future__ import annotations

from typing import Any

import numpy as np

from onestroke.bot.coords import Geometry
from onestroke.practice import screens as real
from onestroke.practice.looks import Look, draw_background, look_geometry, render_look
from onestroke.practice.render import board_geometry, render_screen
from onestroke.practice.rules import PracticeGame
from onestroke.practice.sprites import text
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
        look: Look | None = None,
    ) -> None:
        self.width, self.height, self.theme, self.look = width, height, theme, look
        self._screens = real if real_screens else None
        self._controls: dict[str, dict[str, Any]] = {}

    def geometry(self, board: Board) -> Geometry:
        if self.look is not None:
            return look_geometry(board, self.look, self.width, self.height)
        return board_geometry(board, self.width, self.height)

    def controls(self, screen: str) -> dict[str, Any]:
        """Name -> (left, top, width, height) of every control on `screen` (the same on every level)."""
        if screen not in self._controls:
            self._controls[screen] = self._measure(screen)
        return self._controls[screen]

    def _measure(self, screen: str) -> dict[str, Any]:
        board = Board.from_text("S .\n")
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
        """The BGR image of what `game` shows now."""
        level, screen = game.level, game.screen
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

    def _draw_look(self, game: PracticeGame, look: Look) -> np.ndarray:
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
