"""Every fixture is read exactly: fixtures/NAME.png|jpg against fixtures/NAME.txt.

A `.txt` whose first line is `; no board` is a negative: the detector must return no board.
Otherwise it is the expected board, with a `; geometry: origin X Y pitch PX PY` comment that
the detected lattice must match within 0.1 pitch at the grid's opposite corners.
"""

import re
from pathlib import Path

import cv2
import pytest

from onestroke.bot.vision import detect
from onestroke.solver.board import Board

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
NO_BOARD_MARKER = "; no board"
IMAGES = sorted(p for p in FIXTURES.iterdir() if p.suffix in (".png", ".jpg")) if FIXTURES.is_dir() else []
GEOMETRY = re.compile(r"^; geometry: origin (\S+) (\S+) pitch (\S+) (\S+)$", re.M)


def test_the_fixture_set_covers_what_the_issue_asks_for():
    names = [p.stem for p in IMAGES]
    assert len(names) >= 20
    assert any(p.suffix == ".jpg" for p in IMAGES)
    assert sum(name.startswith("neg-") for name in names) >= 4
    assert sum(name.startswith("desktop-") for name in names) >= 3
    for size in ("720x1280", "1080x1920", "1440x2560", "1080x2340", "360x640"):
        assert any(size in name for name in names), size
    for path in IMAGES:
        assert path.with_suffix(".txt").is_file(), f"{path.name} has no expected .txt"
    assert sum(p.stat().st_size for p in FIXTURES.iterdir()) < 15 * 1024 * 1024


@pytest.mark.parametrize("path", IMAGES, ids=[p.name for p in IMAGES])
def test_fixture_is_read_exactly(path: Path):
    expected = path.with_suffix(".txt").read_text()
    image = cv2.imread(str(path), cv2.IMREAD_COLOR)
    assert image is not None, f"cannot read {path}"
    found = detect(image)
    if expected.startswith(NO_BOARD_MARKER):
        assert found.board is None, f"a board was reported on a negative:\n{found.board}"
        assert not found.ok and found.reason
        return
    board = Board.from_text(expected, source=str(path))
    assert found.ok, found.reason
    assert found.board == board, f"read\n{found.board}expected\n{board}"
    ox, oy, px, py = (float(v) for v in GEOMETRY.search(expected).groups())
    g = found.geometry
    assert (g.rows, g.cols) == (board.rows, board.cols)
    for r, c in [(0, 0), (board.rows - 1, board.cols - 1)]:
        x, y = g.centre((r, c))
        assert abs(x - (ox + px * c)) < 0.1 * px and abs(y - (oy + py * r)) < 0.1 * py, (r, c)
