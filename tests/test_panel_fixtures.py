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
        assert stored is not None and np.array_equal(stored, fixture.image), path.name
        assert path.with_suffix(".txt").read_text("utf-8") == tool.expected_text(fixture), path.name


@pytest.mark.parametrize("path", IMAGES, ids=[p.name for p in IMAGES])
def test_panel_screen_is_read_as_labelled(path: Path) -> None:
    label_path = path.with_suffix(".txt")
    row = check_item(
        Item(path, label_path), parse_label(label_path.read_text("utf-8"), source=str(label_path))
    )
    assert row.result == "ok", f"{row.summary()}\n{row.details()}"
