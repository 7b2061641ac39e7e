"""The panel screens of other apps as labelled pairs (tests/data/panels/, made by
`tools/make_fixtures.py --panels`), checked the way `onestroke fixtures check` checks them.

Their labels are the true answer: `screen: complete`, `next` on the go-on button (下一关, NEXT
LEVEL, 次へ ...), never on the decoy beside it. Detection tells the two apart only by their
words (the OCR stage, bot/vision/). The pairs themselves are held to what the renderer says
now, so a label cannot drift from its picture.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import cv2
import numpy as np
import pytest

from onestroke.bot.commands.fixtures import Item, check_item
from onestroke.bot.labels import parse_label
from onestroke.practice import panels

ROOT = Path(__file__).resolve().parent.parent
PAIRS = ROOT / "tests" / "data" / "panels"
IMAGES = sorted(PAIRS.glob("*.png"))


def make_fixtures() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_fixtures", ROOT / "tools" / "make_fixtures.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("make_fixtures", module)
    spec.loader.exec_module(module)
    return module


def test_the_pairs_cover_every_language_and_say_the_truth() -> None:
    assert len(IMAGES) >= 6
    languages = {path.stem.split("-")[1] for path in IMAGES}
    assert languages == set(panels.LANGUAGES)
    for path in IMAGES:
        label = parse_label(path.with_suffix(".txt").read_text("utf-8"), source=str(path))
        assert label.board is None and label.screen == "complete" and label.next is not None, path.name


def drawn_alike(stored: np.ndarray, made: np.ndarray) -> bool:
    """The same drawing, up to how a Pillow release anti-aliases the edges of glyphs.

    Pillow 13 draws the level screen's words a pixel off Pillow 12's on 0.2-0.3 % of the pixels
    (16 px block means at most 10 apart). A moved button or a changed word differs in far more
    pixels or by far more in its blocks (a word's blocks 30-70 apart), so this still fails then.
    """
    if stored.shape != made.shape:
        return False
    difference = np.abs(stored.astype(np.int16) - made.astype(np.int16)).max(axis=2)
    h, w = difference.shape
    blocks = cv2.resize(stored.astype(np.float32), (w // 16, h // 16), interpolation=cv2.INTER_AREA)
    made_blocks = cv2.resize(made.astype(np.float32), (w // 16, h // 16), interpolation=cv2.INTER_AREA)
    return float(np.mean(difference > 32)) < 0.01 and float(np.abs(blocks - made_blocks).max()) < 16


@pytest.mark.skipif(panels.missing_font_reason() is not None, reason=f"{panels.missing_font_reason()}")
def test_drawn_alike_tells_a_changed_word() -> None:
    """The tolerance above is not blind: one word drawn differently on a stored pair fails it."""
    path = IMAGES[0]
    stored = cv2.imread(str(path))
    assert stored is not None and drawn_alike(stored, stored.copy())
    changed = stored.copy()
    h, w = changed.shape[:2]
    panels.draw_words(changed, "NEXT", w / 2, h * 0.9, h / 30, (20, 20, 20))
    assert not drawn_alike(stored, changed)


@pytest.mark.skipif(panels.missing_font_reason() is not None, reason=f"{panels.missing_font_reason()}")
def test_the_pairs_are_what_the_tool_makes_now() -> None:
    """Each stored picture and label is what `make_fixtures.py --panels` draws today (where the
    go-on centre lies on the go-on box and off every decoy: tests/test_panels.py)."""
    tool = make_fixtures()
    made = {fixture.name: fixture for fixture in tool.panel_screens()}
    assert sorted(made) == [path.stem for path in IMAGES]
    for path in IMAGES:
        fixture = made[path.stem]
        stored = cv2.imread(str(path))
        assert stored is not None and drawn_alike(stored, fixture.image), path.name
        assert path.with_suffix(".txt").read_text("utf-8") == tool.expected_text(fixture), path.name


@pytest.mark.parametrize("path", IMAGES, ids=[p.name for p in IMAGES])
def test_panel_screen_is_read_as_labelled(path: Path) -> None:
    label_path = path.with_suffix(".txt")
    row = check_item(
        Item(path, label_path), parse_label(label_path.read_text("utf-8"), source=str(label_path))
    )
    assert row.result == "ok", f"{row.summary()}\n{row.details()}"
