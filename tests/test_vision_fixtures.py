"""Every fixture is read exactly: fixtures/NAME.png|jpg against fixtures/NAME.txt.

The `.txt` is the board (or `; no board` for anything that is not a level to play) with the
optional fields of ../shared/spec/formats.md as comment lines (`; screen:`, `; next: X Y`,
`; walked: r,c ...`, `; origin: X Y`, `; pitch: X Y`). Detection must agree on all of them:
the board exactly, the walked cells in order, the end, the screen kind, the go-on control within
15 px, the lattice within 0.1 pitch at the grid's opposite corners; and on a negative, no board
and no `next`.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import pytest

from onestroke.bot.labels import Label, parse_label
from onestroke.bot.vision import detect

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
    label = read_label(path.with_suffix(".txt"))
    image = cv2.imread(str(path), cv2.IMREAD_COLOR)
    assert image is not None, f"cannot read {path}"
    found = detect(image)
    assert found.screen == screen_of(label), found.reason
    if label.board is None:
        assert found.board is None, f"a board was reported on a negative:\n{found.board}"
        assert not found.ok and found.reason
        if label.next is None:
            assert found.next is None, f"a go-on control was reported at {found.next}"
        else:
            assert found.next is not None, found.reason
            assert abs(found.next.x - label.next[0]) <= 15 and abs(found.next.y - label.next[1]) <= 15
        return
    assert found.ok, found.reason
    assert found.board == label.board, f"read\n{found.board}expected\n{label.board}"
    assert found.end == label.board.end
    assert found.walked == label.walked
    assert found.next is None
    assert label.origin is not None and label.pitch is not None
    (ox, oy), (px, py) = label.origin, label.pitch
    g = found.geometry
    assert (g.rows, g.cols) == (label.board.rows, label.board.cols)
    for r, c in [(0, 0), (label.board.rows - 1, label.board.cols - 1)]:
        x, y = g.centre((r, c))
        assert abs(x - (ox + px * c)) < 0.1 * px and abs(y - (oy + py * r)) < 0.1 * py, (r, c)
