"""Level-complete screens of other apps: a panel with words over the dimmed finished board.

Many one-stroke apps end a level not with the real game's round button but with a plain panel: a
title (成功过关, Level Clear, ステージクリア ...) and text buttons, one that goes on (下一关, NEXT
LEVEL, 次へ ...) and one or two that do not (分享, HINT, RETURN, ヒント ...), drawn as prominently
as the go-on button, in its place or bigger, often in its colour. Only the words tell them apart,
so these screens are what a bot that reads the screen must be proven on (`practice --panel`).

`render_panel_screen` draws one over any level screen (the caller's image of the finished board):
the screen dimmed, the panel in the middle, the buttons in one of the `ARRANGEMENTS`. It returns
every control's box by name ("go_on" and the decoys by their kind) and the words on each, the
ground truth a test or a fixture label needs. `render_dialog` draws what a decoy opens (a share
sheet, a hint offer): a box that covers the board until its close button is pressed.
`Banner` is the strip that slides across the top every few seconds ("恭喜…成功提现": a line to
read and never press).

Text is drawn with a TrueType font that covers Chinese and Japanese (`cjk_font`: WenQuanYi
Micro Hei from Debian's fonts-wqy-microhei, or Noto Sans CJK); OpenCV's own fonts have no CJK.
Without one, `MissingFontError` says which package to install.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, NamedTuple

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from onestroke.coords import Rect
from onestroke.plural import counted
from onestroke.practice.sprites import BGR, WHITE, darker, fill_rounded_rect, rgb
from onestroke.solver.errors import OnestrokeError

Language = Literal["zh", "en", "ja"]
LANGUAGES: tuple[Language, ...] = ("zh", "en", "ja")
Decoy = Literal["share", "hint", "replay", "ranking", "back"]
Effect = Literal["replay", "dialog"]
Arrangement = Literal["side", "side-swapped", "stacked", "decoy-big", "three"]
ARRANGEMENTS: tuple[Arrangement, ...] = ("side", "side-swapped", "stacked", "decoy-big", "three")
"""Where the buttons go: side by side (the decoy left, or right), one above the other (the decoy
on top), the decoy the big one, or the go-on button between two decoys."""

EFFECTS: dict[Decoy, Effect] = {
    "share": "dialog",
    "hint": "dialog",
    "ranking": "dialog",
    "back": "dialog",
    "replay": "replay",
}
"""What pressing a decoy does in these apps: replay starts the level again; the others open a
sheet over the board (a share sheet, a hint for an advert, a ranking, a leave-the-game prompt)."""

FONT_PACKAGE = "fonts-wqy-microhei"
FONT_FILES = (
    Path("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"),  # fonts-wqy-microhei, 1.6 MB download
    Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"),  # fonts-noto-cjk, 57 MB
    Path("/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc"),  # fonts-wqy-zenhei
)

VEIL: BGR = (0, 0, 0)
DIM = 0.55  # share of black over the finished board, like the dimmed board under such panels
PANEL_WHITE: BGR = rgb(252, 252, 252)
INK: BGR = rgb(90, 90, 96)
BUTTON_COLOURS: tuple[BGR, ...] = (rgb(0, 140, 236), rgb(52, 180, 84), rgb(246, 150, 30))
PLAIN_BUTTON: BGR = rgb(244, 244, 244)


@dataclass(frozen=True)
class Words:
    """One language's words: titles, go-on labels, each decoy's label, the banner, the dialogs."""

    titles: tuple[str, ...]
    go_on: tuple[str, ...]
    decoys: dict[Decoy, tuple[str, ...]]
    banner: str
    dialog: dict[Decoy, str]
    close: str


WORDS: dict[Language, Words] = {
    "zh": Words(
        titles=("成功过关", "恭喜过关"),
        go_on=("下一关", "下一题", "继续"),
        decoys={
            "share": ("分享", "炫耀"),
            "hint": ("获取提示",),
            "replay": ("重玩",),
            "ranking": ("排行",),
        },
        banner="恭喜 用户138****2046 成功提现 88.00 元",
        dialog={"share": "分享到微信好友", "hint": "观看广告获取提示", "ranking": "好友排行", "back": "返回"},
        close="关闭",
    ),
    "en": Words(
        titles=("Level Clear", "Stage Clear"),
        go_on=("NEXT LEVEL", "Next", "Continue"),
        decoys={"back": ("RETURN",), "hint": ("HINT",), "share": ("Share",), "replay": ("Replay",)},
        banner="Congratulations! Player 2046 just cashed out $88.00",
        dialog={"share": "Share with friends", "hint": "Watch an ad for a hint", "back": "Leave the game?"},
        close="Close",
    ),
    "ja": Words(
        titles=("ステージクリア", "クリア！"),
        go_on=("次へ", "次のパズルへ"),
        decoys={"hint": ("ヒント",), "share": ("シェア",), "replay": ("もう一度",)},
        banner="おめでとう！ ユーザー2046さんが 880円 を出金しました",
        dialog={"share": "友だちにシェア", "hint": "広告を見てヒント", "replay": "もう一度"},
        close="閉じる",
    ),
}


class MissingFontError(OnestrokeError):
    """No font on this machine draws Chinese and Japanese text."""


@functools.cache
def cjk_font() -> Path:
    """The first CJK font of `FONT_FILES` on this machine; MissingFontError names the package."""
    for path in FONT_FILES:
        if path.is_file():
            return path
    raise MissingFontError(
        f"no Chinese/Japanese font for the panel screens: install one (apt-get install {FONT_PACKAGE})"
    )


def missing_font_reason() -> str | None:
    """Why the panel screens cannot be drawn here (no CJK font), or None: for a skip's reason."""
    try:
        cjk_font()
    except MissingFontError as error:
        return str(error)
    return None


def _font(size: int) -> ImageFont.FreeTypeFont:
    return _font_file(cjk_font(), size)


@functools.cache
def _font_file(path: Path, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(path), size)


def words_box(label: str, height: float) -> tuple[int, int]:
    """The width and height in pixels `label` takes when drawn `height` px tall."""
    left, top, right, bottom = _font(max(6, round(height))).getbbox(label)
    return right - left, bottom - top


def draw_words(image: np.ndarray, label: str, cx: float, cy: float, height: float, colour: BGR) -> Rect:
    """`label` drawn centred on (cx, cy) about `height` px tall (anti-aliased); returns its box."""
    font = _font(max(6, round(height)))
    left, top, right, bottom = font.getbbox(label)
    mask = Image.new("L", (right - left + 2, bottom - top + 2), 0)
    ImageDraw.Draw(mask).text((1 - left, 1 - top), label, font=font, fill=255)
    alpha = np.asarray(mask, np.float32)[..., None] / 255.0
    x0, y0 = round(cx - mask.width / 2), round(cy - mask.height / 2)
    # clipped to the image: the banner slides in from beyond the edge
    ax0, ay0 = max(0, -x0), max(0, -y0)
    ix0, iy0 = max(0, x0), max(0, y0)
    ix1, iy1 = min(image.shape[1], x0 + mask.width), min(image.shape[0], y0 + mask.height)
    if ix1 > ix0 and iy1 > iy0:
        a = alpha[ay0 : ay0 + iy1 - iy0, ax0 : ax0 + ix1 - ix0]
        region = image[iy0:iy1, ix0:ix1].astype(np.float32)
        blended = region * (1 - a) + np.array(colour, np.float32) * a
        image[iy0:iy1, ix0:ix1] = blended.round().astype(np.uint8)
    return Rect(x0, y0, mask.width, mask.height)


@dataclass(frozen=True)
class PanelStyle:
    """One panel: its language, where the buttons go, which decoys, and which of the words."""

    language: Language
    arrangement: Arrangement
    decoys: tuple[Decoy, ...]
    variant: int = 0  # picks the title, the go-on word, the decoys' words and the colours

    def __post_init__(self) -> None:
        if self.language not in WORDS:
            raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {self.language!r}")
        wanted = 2 if self.arrangement == "three" else 1
        if len(self.decoys) != wanted or len(set(self.decoys)) != wanted:
            raise ValueError(
                f"the {self.arrangement!r} panel has {counted(wanted, 'decoy')}, not {self.decoys!r}"
            )
        unknown = [d for d in self.decoys if d not in WORDS[self.language].decoys]
        if unknown:
            raise ValueError(f"no {self.language} word for the decoy {unknown[0]!r}")

    @property
    def words(self) -> Words:
        return WORDS[self.language]

    def title(self) -> str:
        return _pick(self.words.titles, self.variant)

    def go_on_word(self) -> str:
        return _pick(self.words.go_on, self.variant)

    def decoy_word(self, decoy: Decoy) -> str:
        return _pick(self.words.decoys[decoy], self.variant)


def _pick(options: tuple[str, ...], variant: int) -> str:
    return options[variant % len(options)]


def panel_styles(language: Language | None = None) -> Iterator[PanelStyle]:
    """Every language x arrangement x decoy combination (the "three" panel: every decoy pair),
    each with its own variant so that every title and go-on word comes up."""
    count = itertools.count()
    for lang in (language,) if language else LANGUAGES:
        decoys: tuple[Decoy, ...] = tuple(WORDS[lang].decoys)
        for arrangement in ARRANGEMENTS:
            if arrangement == "three":
                choices: list[tuple[Decoy, ...]] = list(itertools.combinations(decoys, 2))
            else:
                choices = [(d,) for d in decoys]
            for chosen in choices:
                yield PanelStyle(lang, arrangement, chosen, next(count))


def style_for(language: Language, level: int) -> PanelStyle:
    """The panel a `--panel LANGUAGE` game shows after `level`: each level the next combination."""
    styles = list(panel_styles(language))
    return styles[(level - 1) % len(styles)]


class PanelDrawn(NamedTuple):
    """A panel screen, every control's box by name (image pixels), the words on each control,
    the panel's box and the title's words."""

    image: np.ndarray
    layout: dict[str, Rect]
    words: dict[str, str]
    panel: Rect
    title: str


def dimmed(image: np.ndarray, amount: float = DIM) -> np.ndarray:
    """`image` under a veil of black: the finished board still shows through."""
    return (image.astype(np.float32) * (1 - amount)).round().astype(np.uint8)


def render_panel_screen(level_screen: np.ndarray, style: PanelStyle) -> PanelDrawn:
    """The level-complete panel of `style` over `level_screen` (the finished board's screen)."""
    height, width = level_screen.shape[:2]
    u = width / 1080.0
    image = dimmed(level_screen)
    top, bottom = height / 2 - 330 * u, height / 2 + 330 * u
    left, right = 110 * u, 970 * u
    fill_rounded_rect(image, left, top, right, bottom, 18 * u, PANEL_WHITE)
    panel = _rect(left, top, right, bottom)
    title = style.title()
    draw_words(image, title, width / 2, top + 170 * u, 66 * u, INK)

    colour = BUTTON_COLOURS[style.variant % len(BUTTON_COLOURS)]
    # the decoy is as prominent as the go-on button: in its colour half the time, else plain
    decoy_colour = colour if style.variant % 2 == 0 else PLAIN_BUTTON
    boxes = _button_boxes(style.arrangement, u, top)
    layout: dict[str, Rect] = {}
    words: dict[str, str] = {}
    for name, (x0, y0, x1, y1) in boxes.items():
        if name == "go_on":
            key, label, fill = "go_on", style.go_on_word(), colour
        else:
            decoy = style.decoys[int(name[-1])]
            key, label, fill = decoy, style.decoy_word(decoy), decoy_colour
        fill_rounded_rect(image, x0, y0 + 5 * u, x1, y1 + 5 * u, 10 * u, darker(fill, 0.25))  # shadow
        fill_rounded_rect(image, x0, y0, x1, y1, 10 * u, fill)
        ink = INK if fill == PLAIN_BUTTON else WHITE
        size = _fitted_height(label, x1 - x0 - 36 * u, 0.42 * (y1 - y0))
        draw_words(image, label, (x0 + x1) / 2, (y0 + y1) / 2, size, ink)
        layout[key], words[key] = _rect(x0, y0, x1, y1), label
    return PanelDrawn(image, layout, words, panel, title)


def _button_boxes(arrangement: Arrangement, u: float, top: float) -> dict[str, tuple[float, ...]]:
    """Each button's (x0, y0, x1, y1), by "go_on" and "decoy0"/"decoy1" (1080-wide units times u)."""
    row = (top + 380 * u, top + 510 * u)
    first, second = (180 * u, 510 * u), (570 * u, 900 * u)
    if arrangement == "side":
        return {
            "decoy0": (*first[:1], row[0], first[1], row[1]),
            "go_on": (second[0], row[0], second[1], row[1]),
        }
    if arrangement == "side-swapped":
        return {
            "go_on": (first[0], row[0], first[1], row[1]),
            "decoy0": (second[0], row[0], second[1], row[1]),
        }
    if arrangement == "stacked":
        return {
            "decoy0": (200 * u, top + 290 * u, 880 * u, top + 410 * u),
            "go_on": (200 * u, top + 460 * u, 880 * u, top + 580 * u),
        }
    if arrangement == "decoy-big":
        return {
            "decoy0": (170 * u, top + 280 * u, 910 * u, top + 430 * u),
            "go_on": (340 * u, top + 480 * u, 740 * u, top + 590 * u),
        }
    return {
        "decoy0": (150 * u, row[0], 390 * u, row[1]),
        "go_on": (420 * u, row[0], 660 * u, row[1]),
        "decoy1": (690 * u, row[0], 930 * u, row[1]),
    }


def _fitted_height(label: str, width: float, height: float) -> float:
    """The text height at most `height` at which `label` fits in `width`."""
    drawn_width, _ = words_box(label, height)
    return height if drawn_width <= width else max(6.0, height * width / drawn_width)


def _rect(x0: float, y0: float, x1: float, y1: float) -> Rect:
    return Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))


class DialogDrawn(NamedTuple):
    image: np.ndarray
    layout: dict[str, Rect]  # "close" closes it; "accept" is the dialog's own never-press button


def render_dialog(screen: np.ndarray, language: Language, decoy: Decoy) -> DialogDrawn:
    """What `decoy` opens, over `screen`: a sheet covering the board with the app's offer (share
    to friends, an advert for a hint ...) and a close button. Nothing on it goes on."""
    height, width = screen.shape[:2]
    u = width / 1080.0
    words = WORDS[language]
    image = dimmed(screen, 0.6)
    top, bottom = height / 2 - 520 * u, height / 2 + 520 * u
    fill_rounded_rect(image, 60 * u, top, 1020 * u, bottom, 24 * u, PANEL_WHITE)
    draw_words(image, words.dialog.get(decoy, words.close), width / 2, top + 140 * u, 58 * u, INK)
    for k, colour in enumerate(BUTTON_COLOURS):  # the offer's icons (friends, moments, ...)
        cx = (300 + 240 * k) * u
        fill_rounded_rect(image, cx - 80 * u, top + 300 * u, cx + 80 * u, top + 460 * u, 30 * u, colour)
    accept = (200 * u, top + 600 * u, 880 * u, top + 730 * u)
    fill_rounded_rect(image, *accept, 12 * u, BUTTON_COLOURS[1])
    draw_words(image, words.dialog.get(decoy, ""), width / 2, (accept[1] + accept[3]) / 2, 46 * u, WHITE)
    close = (340 * u, top + 820 * u, 740 * u, top + 940 * u)
    fill_rounded_rect(image, *close, 12 * u, PLAIN_BUTTON)
    draw_words(image, words.close, width / 2, (close[1] + close[3]) / 2, 50 * u, INK)
    return DialogDrawn(image, {"close": _rect(*close), "accept": _rect(*accept)})


BANNER_PERIOD = 5.0  # seconds between two banners
BANNER_CROSSING = 2.5  # seconds one takes to slide across


class Banner:
    """The strip that slides across the top every `BANNER_PERIOD` seconds, right to left.

    Its words are pre-drawn once; `at(t)` says where it is at time `t` (None between two)."""

    def __init__(self, width: int, height: int, language: Language) -> None:
        u = width / 1080.0
        self.width = width
        label = WORDS[language].banner
        text_width, _ = words_box(label, 44 * u)
        self.strip = np.empty((round(84 * u), round(text_width + 120 * u), 3), np.uint8)
        self.strip[:] = rgb(236, 64, 64)
        draw_words(self.strip, label, self.strip.shape[1] / 2, self.strip.shape[0] / 2, 44 * u, WHITE)
        self.top = round(185 * u)

    def at(self, t: float) -> Rect | None:
        """The banner's box at time `t` (it may reach past the screen's edges), None when gone."""
        phase = t % BANNER_PERIOD
        if phase >= BANNER_CROSSING:
            return None
        strip_height, strip_width = self.strip.shape[:2]
        x = self.width - (self.width + strip_width) * phase / BANNER_CROSSING
        return Rect(round(x), self.top, strip_width, strip_height)

    def draw(self, image: np.ndarray, box: Rect) -> Rect:
        """The banner pasted at `box` (from `at`); returns the part of it on the screen."""
        x0, y0 = int(box.left), int(box.top)
        ix0, ix1 = max(0, x0), min(image.shape[1], x0 + self.strip.shape[1])
        if ix1 > ix0:
            image[y0 : y0 + self.strip.shape[0], ix0:ix1] = self.strip[:, ix0 - x0 : ix1 - x0]
        return Rect(ix0, y0, max(0, ix1 - ix0), self.strip.shape[0])
