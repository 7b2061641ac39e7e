"""Every fixture is read exactly: fixtures/NAME.png|jpg against fixtures/NAME.txt.

The `.txt` is the board (or `; no board` for anything that is not a level to play) with the
optional fields of ../shared/spec/formats.md as comment lines (`; screen:`, `; next: X Y`,
`; walked: r,c ...`, `; origin: X Y`, `; pitch: X Y`). Detection must agree on all of them,
as `onestroke fixtures check` compares them (bot/labels.py): the board exactly, the walked cells
in order, the end, the screen kind, the go-on control within 2 % of the image's shorter side,
the lattice within 0.1 pitch at the grid's opposite corners; and on a negative, no board and no
`next`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from onestroke.bot.commands.fixtures import Item, check_item
from onestroke.bot.labels import Label, parse_label

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
IMAGES = sorted(p for p in FIXTURES.iterdir() if p.suffix in (".png", ".jpg")) if FIXTURES.is_dir() else []


def read_label(path: Path) -> Label:
    return parse_label(path.read_text(), source=str(path))


def screen_of(label: Label) -> str:
    if label.screen is not None:
        return label.screen
    return "level" if label.board is not None else ("complete" if label.next is not None else "other")


def test_the_fixture_set_covers_what_the_issues_ask_for():
    names = [p.stem for p in IMAGES]
    labels = [read_label(p.with_suffix(".txt")) for p in IMAGES]
    assert len(names) >= 60
    assert any(p.suffix == ".jpg" for p in IMAGES)
    assert sum(label.board is None and screen_of(label) == "other" for label in labels) >= 15
    assert sum(screen_of(label) == "complete" for label in labels) >= 5
    assert sum(bool(label.walked) for label in labels) >= 12
    assert sum(label.board is not None and label.board.end is not None for label in labels) >= 4
    assert sum(name.startswith("desktop-") for name in names) >= 3
    for style in ("app-paper", "app-navy", "app-nodes", "app-board", "stretched", "path-nodes", "path-navy"):
        assert any(name.startswith(style) for name in names), style
    for size in ("720x1280", "1080x1920", "1440x2560", "1080x2340", "360x640"):
        assert any(size in name for name in names), size
    for path in IMAGES:
        assert path.with_suffix(".txt").is_file(), f"{path.name} has no expected .txt"
    assert sum(p.stat().st_size for p in FIXTURES.iterdir()) < 15 * 1024 * 1024


@pytest.mark.parametrize("path", IMAGES, ids=[p.name for p in IMAGES])
def test_fixture_is_read_exactly(path: Path):
    """Through `fixtures check`'s own per-image step: the user's path is the tested one."""
    label_path = path.with_suffix(".txt")
    row = check_item(Item(path, label_path), read_label(label_path))
    assert row.result == "ok", f"{row.summary()}\n{row.details()}"
    assert row.comparison is not None and row.comparison.unreported == ()  # every field compared
