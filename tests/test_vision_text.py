"""Text on the screen: the word lists and their matching, the OCR stage, screens by what they say.

The OCR engine is the real one (its models ship in the rapidocr wheel); screens are drawn here
with a TrueType font, and the real screens are read from ../shared/real-screens when present.
"""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import cv2
import numpy as np
import pytest

from onestroke.bot.labels import detection_record
from onestroke.bot.vision import detect, screens, text
from onestroke.bot.vision.wordlists import Kind, WordListError, letters_of, parse_word_lists, word_lists
from onestroke.coords import Rect

SHARED = Path(__file__).resolve().parent.parent.parent / "shared" / "real-screens"
OTHER_APPS = SHARED / "other-apps"
FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
LISTS = word_lists()
CONTROL_KINDS = (Kind.GO_ON, Kind.GO_ON_IN_PANEL, Kind.START)


def slips(word: str) -> list[str]:
    """How OCR commonly hands a word back: spaces dropped, case changed, full-width, a mark after it."""
    full_width = "".join(chr(ord(ch) + 0xFEE0) if "!" <= ch <= "~" else ch for ch in word)
    return [word, word.replace(" ", ""), word.upper(), word.lower(), full_width, f"{word} ▶", f"{word}!"]


# -- the word lists ---------------------------------------------------------------------------


def test_every_word_has_a_language_and_letters() -> None:
    langs = {term.lang for kind in Kind for term in LISTS.of(kind)}
    assert langs == {"zh-Hans", "zh-Hant", "en", "ja"}
    assert all(LISTS.of(kind) for kind in Kind)


@pytest.mark.parametrize("kind", [Kind.GO_ON, Kind.START])
def test_every_control_word_reads_as_its_control_through_ocr_slips(kind: Kind) -> None:
    for term in LISTS.of(kind):
        for slip in slips(term.text):
            assert LISTS.label(slip, kind) is not None, (term.text, slip)


def test_no_never_press_word_is_held_by_a_word_that_goes_on() -> None:
    # else that go-on (start, title) word would be vetoed wherever it is written
    for kind in (*CONTROL_KINDS, Kind.COMPLETE):
        for term in LISTS.of(kind):
            assert LISTS.vetoing(term.text) is None, (kind, term.text, LISTS.vetoing(term.text))


def test_no_never_press_word_reads_as_a_control_or_a_title() -> None:
    for term in LISTS.of(Kind.NEVER):
        for slip in slips(term.text):
            assert LISTS.vetoing(slip) is not None, slip
            assert all(LISTS.label(slip, kind) is None for kind in CONTROL_KINDS), slip
            assert LISTS.title(slip) is None, slip


@pytest.mark.parametrize(
    "line",
    [
        "Continue (watch ads)",
        "分享并继续",
        "重玩 (3次机会)",
        "获取提示",
        "NEXT LEVEL - share",
        "恭喜玩家成功提现",
    ],
)
def test_a_line_with_a_never_press_word_is_never_pressed_whatever_else_it_says(line: str) -> None:
    assert all(LISTS.label(line, kind) is None for kind in CONTROL_KINDS)
    assert LISTS.title(line) is None


@pytest.mark.parametrize(
    ("line", "kind", "reads"),
    [
        ("NEXTLEVEL", Kind.GO_ON, True),
        ("ｎｅｘｔ　ｌｅｖｅｌ", Kind.GO_ON, True),
        ("下一关 >", Kind.GO_ON, True),
        ("点击继续", Kind.GO_ON, True),
        ("Drag from the start to continue the path", Kind.GO_ON, False),  # a sentence, not a label
        ("NÄSTA", Kind.GO_ON, False),
        ("OK", Kind.GO_ON_IN_PANEL, True),
        ("look", Kind.GO_ON_IN_PANEL, False),  # a short Latin word must be the whole line
        ("Book", Kind.GO_ON_IN_PANEL, False),
        ("スタートマスからドラッグしてゴールを目指そう!", Kind.START, False),
    ],
)
def test_labels_are_short_lines_holding_the_word(line: str, kind: Kind, reads: bool) -> None:
    assert (LISTS.label(line, kind) is not None) is reads


@pytest.mark.parametrize(
    ("line", "reads"),
    [
        ("Level Clear", True),
        ("Stage 3 Clear!", True),
        ("恭喜你过关了", True),
        ("成功过关", True),
        ("第641关", False),
    ],
)
def test_titles(line: str, reads: bool) -> None:
    assert (LISTS.title(line) is not None) is reads


def test_letters_fold_width_case_spaces_digits_and_punctuation() -> None:
    assert letters_of("Ｎｅｘｔ　Level 5 ▶！") == "nextlevel"
    assert letters_of("次のパズルへ") == unicodedata.normalize("NFKC", "次のパズルへ")


def test_the_data_file_ships_inside_the_package() -> None:
    data = json.loads((Path(text.__file__).parent / "wordlists.json").read_text(encoding="utf-8"))
    assert parse_word_lists(data, "wordlists.json") == LISTS


@pytest.mark.parametrize(
    ("data", "quoted"),
    [
        ([], "must be a JSON object"),
        ({"go_on": []}, "'go_on_in_panel' must be a list"),
        ({kind.value: [] for kind in Kind} | {"never": [{"text": "x"}]}, "never[0]"),
        (
            {kind.value: [] for kind in Kind} | {"start": [{"text": "!!", "lang": "en"}]},
            "'!!' has no letters",
        ),
    ],
)
def test_bad_word_lists_are_refused_naming_the_entry(data: object, quoted: str) -> None:
    with pytest.raises(WordListError, match=quoted.replace("[", r"\[").replace("(", r"\(")):
        parse_word_lists(data, "mine.json")


# -- the OCR stage on screens drawn here ------------------------------------------------------


def panel(title: str | None, buttons: list[str], size: tuple[int, int] = (720, 1280)) -> np.ndarray:
    """A level-complete panel as many apps draw it: a white box over a dimmed screen, a title, buttons."""
    from PIL import Image, ImageDraw, ImageFont

    if not FONT.is_file():
        pytest.skip(f"{FONT} absent (Debian's fonts-dejavu-core): no font to draw the panel's words")
    width, height = size
    picture = Image.new("RGB", size, (100, 110, 120))
    draw = ImageDraw.Draw(picture)
    draw.rectangle((80, 420, width - 80, 860), fill=(255, 255, 255))
    if title is not None:
        draw.text(
            (width / 2, 520), title, font=ImageFont.truetype(str(FONT), 40), fill=(60, 60, 60), anchor="mm"
        )
    colours = [(60, 170, 60), (40, 140, 200), (200, 90, 60)]
    for i, label in enumerate(buttons):
        cx = width / 2 + (i - (len(buttons) - 1) / 2) * 270
        draw.rounded_rectangle((cx - 120, 700, cx + 120, 780), 18, fill=colours[i % len(colours)])
        draw.text((cx, 740), label, font=ImageFont.truetype(str(FONT), 28), fill=(255, 255, 255), anchor="mm")
    return cv2.cvtColor(np.asarray(picture), cv2.COLOR_RGB2BGR)


def button_centre(i: int, count: int, width: int = 720) -> tuple[float, float]:
    return width / 2 + (i - (count - 1) / 2) * 270, 740


def test_words_have_boxes_in_the_whole_images_frame_also_for_a_region() -> None:
    image = panel("Level Clear", ["RETURN", "NEXT LEVEL"])
    lines = {w.text: w for w in text.words(image)}
    assert {"Level Clear", "RETURN", "NEXT LEVEL"} <= set(lines)
    for i, label in enumerate(["RETURN", "NEXT LEVEL"]):
        assert lines[label].box.contains(button_centre(i, 2)), (label, lines[label].box)
        assert 0.5 <= lines[label].confidence <= 1.0
    button = Rect(button_centre(1, 2)[0] - 120, 700, 240, 80)
    inside = text.words(image, button)
    assert [w.text for w in inside] == ["NEXT LEVEL"]
    assert button.grown(4).covers(inside[0].box)  # whole-image pixels, not the region's


def test_an_unchanged_region_is_read_once_and_a_changed_one_again() -> None:
    image = panel("Level Clear", ["NEXT LEVEL"])
    text.forget()
    first = text.words(image)
    assert len(text._cache) == 1
    assert text.words(image.copy()) == first and len(text._cache) == 1  # same pixels: kept
    image[0, 0] = (0, 0, 0)
    assert text.words(image) == first and len(text._cache) == 2  # one pixel changed: read again


def test_a_region_outside_the_image_or_of_one_colour_reads_nothing() -> None:
    image = panel("Level Clear", ["NEXT LEVEL"])
    assert text.words(image, Rect(5000, 5000, 10, 10)) == []
    assert text.words(image, Rect(90, 430, 300, 40)) == []  # the panel's plain white
    assert text.words(np.full((800, 450, 3), (120, 90, 60), np.uint8)) == []


@pytest.mark.parametrize(
    ("title", "buttons", "go_on"),
    [
        ("Level Clear", ["RETURN", "NEXT LEVEL"], 1),
        ("Level Clear", ["NEXT"], 0),
        ("Stage Clear", ["SHARE", "Continue"], 1),
        ("Stage Clear", ["OK"], 0),  # OK goes on only under a title
        ("Level Clear", ["SHARE", "HINT"], None),  # decoys only: nothing is pressed
        ("Level Clear", ["Next (ads)"], None),
        (None, ["NEXT LEVEL"], None),  # a go-on word without a title or a solved board proves nothing
        (None, ["OK"], None),
    ],
)
def test_a_panel_is_complete_only_with_a_title_and_next_only_on_the_go_on_label(
    title: str | None, buttons: list[str], go_on: int | None
) -> None:
    found = detect(panel(title, buttons))
    assert found.words is not None and found.text_seconds is not None  # not a level: the text was read
    if go_on is None:
        assert found.screen == "other" and found.next is None, found.reason
        return
    assert found.screen == "complete", found.reason
    assert found.next is not None
    cx, cy = button_centre(go_on, len(buttons))
    assert abs(found.next.x - cx) < 60 and abs(found.next.y - cy) < 20, found.next


def test_the_detect_record_carries_the_words_and_their_time() -> None:
    found = detect(panel("Level Clear", ["RETURN", "NEXT LEVEL"]))
    record = detection_record("panel.png", found, 1.0)
    assert record["screen"] == "complete" and record["next"] is not None
    assert found.text_seconds is not None and record["text_seconds"] == round(found.text_seconds, 4)
    assert {w["text"] for w in record["words"]} >= {"Level Clear", "RETURN", "NEXT LEVEL"}
    assert all(len(w["box"]) == 4 and 0 < w["confidence"] <= 1 for w in record["words"])


def test_several_go_on_labels_are_not_guessed_between() -> None:
    found = screens.complete_by_words(
        [
            text.Word("Level Clear", Rect(100, 100, 200, 40), 1.0),
            text.Word("Next", Rect(100, 300, 80, 30), 1.0),
            text.Word("Continue", Rect(300, 300, 120, 30), 1.0),
        ]
    )
    assert found.go_on is None and "2 go-on controls" in found.detail


def test_a_solved_board_with_a_go_on_label_beside_it_is_complete_and_one_far_away_is_not() -> None:
    board = Rect(100, 100, 500, 500)
    beside = [text.Word("次のパズルへ", Rect(300, 650, 150, 30), 1.0)]
    far = [text.Word("次のパズルへ", Rect(300, 1500, 150, 30), 1.0)]
    assert screens.complete_by_words(beside, solved_board=board).go_on is not None
    assert screens.complete_by_words(far, solved_board=board).go_on is None
    assert screens.complete_by_words(beside).go_on is None  # an unsolved board: no proof


# -- real screens ------------------------------------------------------------------------------


def shared(path: Path) -> np.ndarray:
    if not path.is_file():
        pytest.skip(f"{path} absent: the shared real-screens folder is not beside the project")
    image = cv2.imread(str(path))
    assert image is not None
    return image


def test_the_android_level_clear_panel_goes_on_at_next_level_never_return() -> None:
    image = shared(OTHER_APPS / "android-tiles-level-clear.png")
    found = detect(image)
    assert found.screen == "complete", found.reason
    assert found.next is not None
    lines = {w.text.replace(" ", ""): w for w in found.words or ()}
    assert lines["NEXTLEVEL"].box.contains(found.next)
    assert not lines["RETURN"].box.grown(10).contains(found.next)


def test_the_real_complete_screen_keeps_its_round_button_and_reads_no_text() -> None:
    found = detect(shared(SHARED / "level-641-video-complete.png"))
    assert found.screen == "complete" and found.next is not None
    assert abs(found.next.x - 135) < 15 and abs(found.next.y - 271) < 15
    assert found.words is None  # the known layout proved it: no OCR


def test_the_real_complete_screens_words_are_all_never_press_but_the_title() -> None:
    lines = screens.screen_words(shared(SHARED / "level-641-video-complete.png"))
    said = {w.text for w in lines}
    assert {"成功过关", "排行", "更多游戏"} <= said
    assert any(LISTS.title(w.text) for w in lines)
    assert not any(LISTS.label(w.text, Kind.GO_ON) for w in lines)


@pytest.mark.parametrize("name", ["level-643.png", "level-641-video.png", "level-641-video-partial.png"])
def test_a_level_is_read_without_reading_its_text(name: str) -> None:
    found = detect(shared(SHARED / name))
    assert found.screen == "level" and found.next is None
    assert found.words is None and found.text_seconds is None


def test_project_fixture_levels_are_read_without_reading_their_text() -> None:
    fixtures = Path(__file__).resolve().parent.parent / "fixtures"
    for path in sorted(fixtures.glob("phone-*.png"))[:4]:
        found = detect(cv2.imread(str(path)))
        assert found.screen == "level" and found.words is None, path.name
