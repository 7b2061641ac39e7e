"""The label format (bot/labels.py): reading, writing, and comparing a label with a detect record.

Labels are written here as text, as a person writes them; records are `detect --json` objects.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from onestroke.bot.labels import (
    Label,
    LabelFormatError,
    compare,
    label_from_record,
    label_text,
    next_tolerance,
    parse_label,
)
from onestroke.solver.board import Board

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"

LEVEL = """\
; a level with a path drawn
; screen: level
; origin: 100 200
; pitch: 50 50
; walked: 0,0 0,1 1,1
S . .
. . #
"""


def record_of(label: Label, **changes: object) -> dict[str, object]:
    """The record a detector agreeing with `label` prints (spec fields only), then `changes`."""
    board = label.board
    out: dict[str, object] = {"image": "shot.png", "screen": label.screen or "other", "seconds": 0.01}
    if board is not None:
        assert label.origin is not None and label.pitch is not None
        out.update(
            board=board.to_text(),
            rows=board.rows,
            cols=board.cols,
            start=list(board.start),
            origin=list(label.origin),
            pitch=list(label.pitch),
            walked=[list(cell) for cell in label.walked],
            end=list(board.end) if board.end else None,
            next=None,
        )
    else:
        out.update(board=None, reason="no lattice", next=list(label.next) if label.next else None, walked=[])
        out["end"] = None
    out.update(changes)
    return out


def test_a_label_reads_every_field():
    label = parse_label(LEVEL, source="shot.txt")
    assert label.board == Board.from_text("S . .\n. . #\n")
    assert (label.screen, label.origin, label.pitch) == ("level", (100.0, 200.0), (50.0, 50.0))
    assert label.walked == ((0, 0), (0, 1), (1, 1))
    assert label.notes == ("a level with a path drawn",)
    complete = parse_label("; no board: the level-complete screen\n; next: 135.5 271\n", source="c.txt")
    assert (complete.board, complete.screen, complete.next) == (None, "complete", (135.5, 271.0))
    assert complete.notes == ("the level-complete screen",)
    other = parse_label("; no board\n; a menu\n", source="m.txt")
    assert (other.board, other.screen, other.next) == (None, None, None)  # screen not said: not checked


def test_the_older_geometry_line_is_read_as_origin_and_pitch():
    label = parse_label("; geometry: origin 1.5 2 pitch 30 31\nS .\n", source="old.txt")
    assert (label.origin, label.pitch) == ((1.5, 2.0), (30.0, 31.0))


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.txt")), ids=lambda p: p.name)
def test_every_fixture_label_is_written_back_as_it_was_read(path: Path):
    label = parse_label(path.read_text(), source=str(path))
    assert parse_label(label_text(label), source="again") == label


@pytest.mark.parametrize(
    ("text", "line", "fragment"),
    [
        ("; screen: level\nS . .\n. .\n", 3, "ragged row"),
        ("S . x\n", 1, "unknown character 'x'"),
        ("; pitch: 50 50\n. . .\n. . .\n", 2, "no start"),
        ("; screen: finished\nS .\n", 1, "must be level, complete or other"),
        ("; screen: complete\nS .\n", 1, "but the file has a board"),
        ("; no board\n; screen: level\n", 2, "needs the board"),
        ("; no board\n; next: 12\n", 2, "needs two numbers X Y"),
        ("; no board\n; next: 1e999 3\n", 2, "finite"),
        ("; next: 10 20\nS .\n", 1, "go-on control of a level-complete screen"),
        ("; no board\n; screen: other\n; next: 1 2\n", 3, "go-on control"),
        ("; walked: 0,0 0;1\nS .\n", 1, "'0;1' is not one"),
        ("; walked: 0,0 0,1\nS #\n", 1, "[0, 1] is a hole"),
        ("; walked: 0,0 5,5\nS .\n", 1, "outside the board"),
        ("; walked: 0,1\nS .\n", 1, "not at the start [0, 0]"),
        ("; walked: 0,0 0,2\nS . .\n", 1, "[0, 2] is not next to [0, 0]"),
        ("; walked: 0,0 0,1 0,0\nS .\n", 1, "comes twice"),
        ("; no board\n; origin: 1 2\n", 2, "needs a board"),
        ("; pitch: 0 40\nS .\n", 1, "above 0"),
        ("; origin: 1 2\n; origin: 1 2\nS .\n", 2, "again (the origin is already given on line 1)"),
        ("; geometry: origin 1 2 pitch 3 4\n; pitch: 3 4\nS .\n", 2, "the geometry is already given"),
        ("; geometry: 1 2 3 4\nS .\n", 1, "needs 'origin X Y pitch PX PY'"),
        ("; end: 0,1\nS .\n", 1, "the board has no E"),
        ("; no board\nS .\n", 2, "a board row, but line 1 says '; no board'"),
    ],
)
def test_a_malformed_label_names_the_file_and_the_line(text: str, line: int, fragment: str):
    with pytest.raises(LabelFormatError) as error:
        parse_label(text, source="shots/a.txt")
    message = str(error.value)
    assert "\n" not in message
    lines = f"line {line}" if fragment != "no start" else f"lines {line}-{line + 1}"
    assert message.startswith(f"shots/a.txt: {lines}: "), message
    assert fragment in message


def test_a_label_without_rows_or_marker_says_so():
    with pytest.raises(LabelFormatError, match=r"^e\.txt: no board rows, and no '; no board' line"):
        parse_label("; just a comment\n", source="e.txt")


def test_a_record_that_agrees_is_ok():
    label = parse_label(LEVEL, source="shot.txt")
    assert compare(label, record_of(label)).ok
    # within 0.1 pitch at both corners
    assert compare(label, record_of(label, origin=[104.0, 196.0], pitch=[50.1, 49.9])).ok


def test_each_field_that_differs_is_named():
    label = parse_label(LEVEL, source="shot.txt")
    board = compare(label, record_of(label, board="S . #\n. . #\n", walked=[[0, 0], [0, 1]]))
    assert [d.field for d in board.differences] == ["board", "walked"]
    assert board.differences[0].summary == "1 of 6 cells differ: [0, 2] read #, labelled ."
    assert "X" in board.differences[0].detail.splitlines()[1]
    assert "read 2 cells ending at [0, 1], labelled 3 cells ending at [1, 1]" in board.summary()
    off = compare(label, record_of(label, origin=[106.0, 200.0]))
    assert off.summary().startswith("geometry: lattice off by 0.12 pitch at cell [0, 0]")
    stretched = compare(label, record_of(label, pitch=[53.0, 50.0]))  # right at [0, 0], off at the far corner
    assert "at cell [1, 2]" in stretched.summary()
    none = compare(label, record_of(label, board=None, reason="no lattice found", screen="other"))
    assert none.summary() == "screen: read other, labelled level; board: no board read: no lattice found"


def test_a_board_read_on_a_no_board_screen_is_a_difference():
    label = parse_label("; no board\n; screen: other\n", source="n.txt")
    record = record_of(parse_label(LEVEL, source="shot.txt"), screen="level")
    found = compare(label, record)
    assert [d.field for d in found.differences] == ["screen", "board"]
    assert "a 2x3 board read, labelled '; no board'" in found.summary()


def test_the_go_on_control_within_the_tolerance():
    label = parse_label("; no board\n; next: 540 1084\n", source="c.txt")
    size = (1080, 1920)
    assert next_tolerance(size) == pytest.approx(21.6)
    assert next_tolerance((271, 480)) == 5.42 and next_tolerance((100, 100)) == 5.0
    assert compare(label, record_of(label, next=[540.0, 1100.0]), size).ok
    far = compare(label, record_of(label, next=[540.0, 1110.0]), size)
    assert far.summary() == (
        "next: read at (540, 1110), 26.0 px from the label's (540, 1084); tolerance 21.6 px"
    )
    assert "no go-on control read" in compare(label, record_of(label, next=None), size).summary()
    menu = parse_label("; no board\n; screen: other\n", source="m.txt")
    pressed = compare(menu, record_of(menu, next=[10.0, 20.0]))
    assert pressed.summary() == "next: a go-on control read at (10, 20), labelled none"


def test_fields_an_older_detector_does_not_report_are_named_not_failed():
    label = parse_label(LEVEL, source="shot.txt")
    record = record_of(label)
    for key in ("screen", "walked", "end", "next"):
        del record[key]
    found = compare(label, record)
    assert found.ok and found.unreported == ("walked",)  # a board read is a level: screen agrees
    complete = parse_label("; no board\n; screen: complete\n; next: 10 20\n", source="c.txt")
    old = {"image": "c.png", "board": None, "reason": "no lattice", "seconds": 0.01}
    assert compare(complete, old).unreported == ("screen", "next")


def test_the_required_end_is_compared():
    label = parse_label("; origin: 0 0\n; pitch: 10 10\n; end: 0,2\nS . E\n", source="e.txt")
    assert label.board is not None and label.board.end == (0, 2)
    assert compare(label, record_of(label)).ok
    found = compare(label, record_of(label, board="S . .\n", end=None))
    assert [d.field for d in found.differences] == ["board", "end"]


def test_a_label_made_from_a_record_reads_back_and_agrees_with_it():
    label = parse_label(LEVEL, source="shot.txt")
    record = record_of(label)
    made = label_from_record(record, notes=["from shot.png"])
    again = parse_label(label_text(made), source="made.txt")
    assert again == made and compare(again, record).ok
    assert again.notes == ("from shot.png",) and again.walked == label.walked
    complete = record_of(parse_label("; no board\n; next: 5 6\n", source="c.txt"), screen="complete")
    text = label_text(label_from_record(complete))
    assert text == "; no board\n; screen: complete\n; next: 5 6\n"
