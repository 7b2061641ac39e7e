"""Screens of other one-stroke apps (../shared/real-screens/other-apps/, its README says how each
app draws a level), read by the built-in detector through `fixtures check`'s own per-image step.

The screens it reads are asserted exactly (board, walked cells in order, screen kind, go-on
control, geometry); the rest must be refused, never read as another board: a wrong read is far
worse than a refusal. Skipped with the reason where the folder is not beside the project.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from onestroke.bot.commands.fixtures import Item, check_item
from onestroke.bot.labels import parse_label

OTHER_APPS = Path(__file__).resolve().parent.parent.parent / "shared" / "real-screens" / "other-apps"

READ = (
    "android-tiles-half.png",  # a thin line through the walked centres joins them; a finger's light
    "android-tiles-size10.jpg",  # tiles on a gradient, a row of icons under the board
    "android-tiles-level-clear.png",  # the level-clear panel: NEXT LEVEL, never RETURN
    "web-dark-holes-7x7.png",  # a framed grid of touching cells, holes drawn dark, a red goal
    "web-dots-level004.png",  # shaded 12 px dots found by contrast, a framed start, the next cells ringed
    "web-dots-level025-partial.png",  # a thin glowing path; the head framed, its next steps ringed
    "web-dots-level061.png",  # a 6 px E in a frame's corner; a bare frame under the pointer
)
"""Read exactly today."""

REFUSED: tuple[str, ...] = ()
"""Refused today, each with a reason: never a board."""


def pair(name: str) -> Item:
    image = OTHER_APPS / name
    label = image.with_suffix(".txt")
    if not (image.is_file() and label.is_file()):
        pytest.skip(f"{image} absent: the shared real-screens folder is not beside the project")
    return Item(image, label)


@pytest.mark.parametrize("name", READ)
def test_another_apps_screen_is_read_exactly(name: str) -> None:
    item = pair(name)
    assert item.label is not None
    row = check_item(item, parse_label(item.label.read_text(encoding="utf-8"), str(item.label)))
    assert row.result == "ok", f"{row.summary()}\n{row.details()}"
    assert row.comparison is not None and row.comparison.unreported == ()  # every field compared


@pytest.mark.parametrize("name", REFUSED)
def test_another_apps_screen_not_read_yet_is_refused_with_a_reason(name: str) -> None:
    item = pair(name)
    assert item.label is not None
    row = check_item(item, parse_label(item.label.read_text(encoding="utf-8"), str(item.label)))
    assert row.record is not None
    assert row.record["board"] is None, f"{name}: read a board that is not its label's\n{row.details()}"
    assert row.record["reason"], f"{name}: refused without a reason"


def test_every_screen_of_the_folder_is_in_one_list() -> None:
    if not OTHER_APPS.is_dir():
        pytest.skip(f"{OTHER_APPS} absent: the shared real-screens folder is not beside the project")
    images = {p.name for p in OTHER_APPS.iterdir() if p.suffix in (".png", ".jpg")}
    assert images == set(READ) | set(REFUSED)
