"""Labelled screenshots: the `.txt` label format, the detection record, and comparing the two.

A label `NAME.txt` sits beside its screenshot `NAME.png` (or `.jpg`). It holds the board in the
board text format, or a line `; no board`, and the optional fields of ../shared/spec/formats.md
as comment lines (any order, each at most once):

    ; screen: level | complete | other
    ; next: X Y              the go-on control's centre on a level-complete screen (pixels)
    ; walked: r,c r,c ...    the path drawn so far, from the start to the cat (empty: none)
    ; origin: X Y            pixel centre of cell [0, 0]
    ; pitch: X Y             pixels between neighbouring cell centres
    ; end: r,c               the required end (the board's E; optional, must agree with it)

Every other comment line is a free comment. The older `; geometry: origin X Y pitch PX PY`
line is read as origin and pitch.

Everything here is pure: text in, `Label` out (`parse_label`, `label_text`); a `Detection` in,
the spec's `detect --json` record out (`detection_record`, the one function the detect command
prints with); a label and a record in, the differences out (`compare`). `onestroke fixtures
check`, `fixtures add`, `play --record` and the project's own fixture tests all go through it.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from onestroke.solver.board import Board, Cell
from onestroke.solver.errors import BoardFormatError

if TYPE_CHECKING:  # only the type: the label format needs no OpenCV
    from onestroke.bot.vision import Detection

SCREENS = ("level", "complete", "other")
NO_BOARD = "; no board"
LATTICE_TOLERANCE = 0.1
"""Largest error of a cell centre, in pitches, at the grid's two opposite corners."""
NEXT_TOLERANCE = (0.02, 5.0)
"""The go-on control's centre may be off by 2 % of the image's shorter side, at least 5 px:
22 px on a 1080 px wide phone, 5 px at 271x480. The go-on controls seen (the real game's check
mark, the practice game's) are about a third of the screen width across, so a press that far off
still lands well inside; detection measured 0.7-3.5 px off on the fixtures."""

_FIELD = re.compile(r";\s*(screen|next|walked|origin|pitch|end)\s*:(.*)$")
_GEOMETRY = re.compile(r";\s*geometry:\s*origin\s+(\S+)\s+(\S+)\s+pitch\s+(\S+)\s+(\S+)\s*$")
_NO_BOARD = re.compile(r";\s*no board\b", re.IGNORECASE)  # "; no board: why" too


class LabelFormatError(BoardFormatError):
    """A label whose board or field cannot be read; the message names the file and the line."""


@dataclass(frozen=True)
class Label:
    """What a screenshot's label says detection must read.

    `screen` is the one stated, else what the label implies ("level" with a board, "complete"
    with a `next`), else None: not said, not checked. `walked` is () when nothing is drawn.
    `origin` and `pitch` are None when the label does not give the geometry (not checked).
    """

    board: Board | None
    screen: str | None = None
    next: tuple[float, float] | None = None
    walked: tuple[Cell, ...] = ()
    origin: tuple[float, float] | None = None
    pitch: tuple[float, float] | None = None
    notes: tuple[str, ...] = ()  # the free comments, without their ';'


# -- reading --------------------------------------------------------------------------------


def parse_label(text: str, source: str = "<label>") -> Label:
    """The label in `text`; anything malformed raises LabelFormatError naming `source` and the line."""
    fields: dict[str, tuple[int, str]] = {}
    notes: list[str] = []
    no_board_line = None
    board_lines: list[int] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if not line.startswith(";"):
            board_lines.append(number)
            continue
        key, value = _field(line)
        if key is None:
            marker = _NO_BOARD.match(line)
            if marker:
                no_board_line = no_board_line or number
                why = line[marker.end() :].lstrip(" :,-")  # "; no board: why" keeps the why
                notes += [why] if why else []
            else:
                notes.append(line[1:].strip())
            continue
        clashes = ("origin", "pitch", "geometry") if key in ("geometry", "origin", "pitch") else (key,)
        same = [fields[k][0] for k in clashes if k in fields and (k == key or "geometry" in (k, key))]
        if same:
            raise LabelFormatError(
                f"{source}: line {number}: '; {key}:' again (the {'geometry' if key not in fields else key}"
                f" is already given on line {same[0]})"
            )
        fields[key] = (number, value.strip())

    board = _board(text, source, board_lines, no_board_line)
    where = {key: f"{source}: line {number}" for key, (number, _) in fields.items()}
    values = {key: value for key, (_, value) in fields.items()}

    screen = values.get("screen")
    if screen is not None and screen not in SCREENS:
        raise LabelFormatError(
            f"{where['screen']}: '; screen:' must be level, complete or other, not {screen!r}"
        )
    if board is not None and screen not in (None, "level"):
        raise LabelFormatError(
            f"{where['screen']}: '; screen: {screen}' but the file has a board"
            " (a screen that is not a level to play is labelled '; no board')"
        )
    if board is None and screen == "level":
        raise LabelFormatError(f"{where['screen']}: '; screen: level' needs the board, not '; no board'")

    next_ = _numbers(values, where, "next")
    if next_ is not None and (board is not None or screen == "other"):
        raise LabelFormatError(
            f"{where['next']}: '; next:' is the go-on control of a level-complete screen,"
            f" but this label is {'a level with a board' if board is not None else 'screen other'}"
        )
    if screen is None:
        screen = "level" if board is not None else "complete" if next_ is not None else None

    origin = _numbers(values, where, "origin")
    pitch = _numbers(values, where, "pitch")
    if "geometry" in values:
        origin, pitch = _geometry(values["geometry"], where["geometry"])
    if pitch is not None and not (pitch[0] > 0 and pitch[1] > 0):
        raise LabelFormatError(
            f"{where['pitch']}: '; pitch:' must be above 0, not {values['pitch'].strip()!r}"
        )
    for key in ("origin", "pitch", "geometry", "walked", "end"):
        if key in values and board is None:
            raise LabelFormatError(f"{where[key]}: '; {key}:' needs a board, but the label says '; no board'")

    walked: tuple[Cell, ...] = ()
    if board is not None and "walked" in values:
        walked = _walked(values["walked"], board, where["walked"])
    if board is not None and "end" in values:
        end = _cells(values["end"], where["end"], "end")
        if len(end) != 1 or end[0] != board.end:
            said = "has no E" if board.end is None else f"has E at {list(board.end)}"
            raise LabelFormatError(f"{where['end']}: '; end: {values['end'].strip()}' but the board {said}")
    return Label(board, screen, next_, walked, origin, pitch, tuple(notes))


def _field(line: str) -> tuple[str | None, str]:
    found = _FIELD.match(line)
    if found:
        return found.group(1), found.group(2)
    if re.match(r";\s*geometry\s*:", line):
        return "geometry", line
    return None, ""


def _board(text: str, source: str, board_lines: list[int], no_board_line: int | None) -> Board | None:
    if no_board_line is not None:
        if board_lines:
            raise LabelFormatError(
                f"{source}: line {board_lines[0]}: a board row, but line {no_board_line} says '; no board'"
            )
        return None
    if not board_lines:
        raise LabelFormatError(f"{source}: no board rows, and no '; no board' line to say there is none")
    try:
        return Board.from_text(text, source=source)
    except BoardFormatError as error:
        message = str(error)
        if not message.startswith(f"{source}: line "):  # "no start" names no line: give the rows'
            span = (
                f"lines {board_lines[0]}-{board_lines[-1]}"
                if len(board_lines) > 1
                else f"line {board_lines[0]}"
            )
            message = message.replace(f"{source}: ", f"{source}: {span}: ", 1)
        raise LabelFormatError(message) from None


def _numbers(values: dict[str, str], where: dict[str, str], key: str) -> tuple[float, float] | None:
    if key not in values:
        return None
    try:
        x, y = (float(v) for v in values[key].replace(",", " ").split())
    except ValueError:
        raise LabelFormatError(
            f"{where[key]}: '; {key}:' needs two numbers X Y, not {values[key].strip()!r}"
        ) from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise LabelFormatError(f"{where[key]}: '; {key}:' needs finite numbers, not {values[key].strip()!r}")
    return (x, y)


def _geometry(line: str, where: str) -> tuple[tuple[float, float], tuple[float, float]]:
    found = _GEOMETRY.match(line)
    try:
        if found is None:
            raise ValueError
        ox, oy, px, py = (float(v) for v in found.groups())
    except ValueError:
        raise LabelFormatError(
            f"{where}: '; geometry:' needs 'origin X Y pitch PX PY', not {line!r}"
        ) from None
    return (ox, oy), (px, py)


def _cells(text: str, where: str, key: str) -> tuple[Cell, ...]:
    cells = []
    for item in text.split():
        try:
            r, c = (int(v) for v in item.split(","))
        except ValueError:
            raise LabelFormatError(
                f"{where}: '; {key}:' needs cells written r,c; {item!r} is not one"
            ) from None
        cells.append((r, c))
    return tuple(cells)


def _walked(text: str, board: Board, where: str) -> tuple[Cell, ...]:
    """The walked cells: open cells of the board, each once, from the start, each next to the last."""
    walked = _cells(text, where, "walked")
    seen: set[Cell] = set()
    for step, cell in enumerate(walked):
        if cell not in board.open_cells:
            kind = "a hole" if board.in_grid(cell) else "outside the board"
            raise LabelFormatError(f"{where}: walked cell {list(cell)} is {kind}")
        if cell in seen:
            raise LabelFormatError(f"{where}: walked cell {list(cell)} comes twice")
        if step == 0 and cell != board.start:
            raise LabelFormatError(
                f"{where}: the walk begins at {list(cell)}, not at the start {list(board.start)}"
            )
        if step and max(abs(cell[0] - walked[step - 1][0]), abs(cell[1] - walked[step - 1][1])) != 1:
            raise LabelFormatError(
                f"{where}: walked cell {list(cell)} is not next to {list(walked[step - 1])}"
            )
        seen.add(cell)
    return walked


# -- writing --------------------------------------------------------------------------------


def label_text(label: Label) -> str:
    """The label as a `.txt` file (parse_label reads it back to an equal label)."""
    lines = [NO_BOARD] if label.board is None else []
    lines += [f"; {note}" if note else ";" for note in label.notes]
    if label.screen is not None:
        lines.append(f"; screen: {label.screen}")
    if label.next is not None:
        lines.append(f"; next: {_number(label.next[0])} {_number(label.next[1])}")
    if label.origin is not None:
        lines.append(f"; origin: {_number(label.origin[0])} {_number(label.origin[1])}")
    if label.pitch is not None:
        lines.append(f"; pitch: {_number(label.pitch[0])} {_number(label.pitch[1])}")
    if label.walked:
        lines.append("; walked: " + " ".join(f"{r},{c}" for r, c in label.walked))
    text = "".join(line + "\n" for line in lines)
    return text + (label.board.to_text() if label.board is not None else "")


def _number(value: float) -> str:
    """Up to 3 decimals, no trailing zeros: 150.6, 129.8, 540."""
    return f"{value:.3f}".rstrip("0").rstrip(".")


def label_from_record(record: dict[str, Any], notes: Sequence[str] = ()) -> Label:
    """What `record` (a `detect --json` object) says, as a label for a person to review."""
    board = Board.from_text(record["board"], source=str(record.get("image"))) if record.get("board") else None
    pair = _pair_of(record)
    return Label(
        board,
        record.get("screen") or ("level" if board is not None else None),
        pair("next"),
        tuple((r, c) for r, c in record.get("walked") or ()) if board is not None else (),
        pair("origin") if board is not None else None,
        pair("pitch") if board is not None else None,
        tuple(notes),
    )


def _pair_of(record: dict[str, Any]) -> Any:
    def pair(key: str) -> tuple[float, float] | None:
        value = record.get(key)
        return None if value is None else (float(value[0]), float(value[1]))

    return pair


# -- the record -----------------------------------------------------------------------------


def detection_record(name: str, found: Detection, seconds: float) -> dict[str, Any]:
    """The spec's `detect --json` object for one image (plus the optional `checks` list)."""
    out: dict[str, Any] = {"image": name, "screen": found.screen}
    if found.ok:
        board, g = found.board, found.geometry
        assert board is not None and g is not None
        out.update(
            board=board.to_text(),
            rows=board.rows,
            cols=board.cols,
            start=list(board.start),
            pitch=[round(g.pitch[0], 2), round(g.pitch[1], 2)],
            origin=[round(g.origin[0], 2), round(g.origin[1], 2)],
        )
    else:
        out.update(board=None, reason=found.reason)
    out["next"] = [round(found.next.x, 1), round(found.next.y, 1)] if found.next is not None else None
    out["walked"] = [list(cell) for cell in found.walked] if found.ok else []
    out["end"] = list(found.end) if found.ok and found.end is not None else None
    out["seconds"] = round(seconds, 4)
    # the text stage, when it ran (screens that are not a plain level): its share of `seconds`
    # and the lines it read, box as [x, y, width, height] in image pixels
    out["text_seconds"] = round(found.text_seconds, 4) if found.text_seconds is not None else None
    out["words"] = (
        [
            {
                "text": w.text,
                "box": [round(v, 1) for v in (w.box.left, w.box.top, w.box.width, w.box.height)],
                "confidence": w.confidence,
            }
            for w in found.words
        ]
        if found.words is not None
        else None
    )
    out["checks"] = [{"name": c.name, "ok": c.ok, "detail": c.detail} for c in found.checks]
    return out


# -- comparing ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Difference:
    """One way a detection differs from its label: the field, a one-line summary, and for a
    board a drawing (`detail`, several lines)."""

    field: str
    summary: str
    detail: str = ""


@dataclass(frozen=True)
class Comparison:
    """A label against a detection record: what differs, and which labelled fields the detector
    does not report (not compared: an older detector)."""

    differences: tuple[Difference, ...] = ()
    unreported: tuple[str, ...] = field(default=())

    @property
    def ok(self) -> bool:
        return not self.differences

    def summary(self) -> str:
        """One line: "ok", or every difference's summary."""
        return "ok" if self.ok else "; ".join(f"{d.field}: {d.summary}" for d in self.differences)


def compare(label: Label, record: dict[str, Any], image_size: tuple[int, int] | None = None) -> Comparison:
    """How `record` (a `detect --json` object) differs from `label`.

    `image_size` is (width, height) in pixels, for the go-on control's tolerance (NEXT_TOLERANCE);
    without it the tolerance is its floor.
    """
    differences: list[Difference] = []
    unreported: list[str] = []
    read = Board.from_text(record["board"], source=str(record.get("image"))) if record.get("board") else None

    screen = record.get("screen") or ("level" if read is not None else None)  # a board is a level
    if screen is None:
        if label.screen is not None:
            unreported.append("screen")
    elif label.screen is not None and screen != label.screen:
        differences.append(Difference("screen", f"read {screen}, labelled {label.screen}"))

    differences += _board_differences(label.board, read, record.get("reason"))
    if label.board is not None and read is not None:
        differences += _geometry_differences(label, record)
        if "walked" not in record:
            if label.walked:
                unreported.append("walked")
        else:
            walked = tuple((r, c) for r, c in record["walked"])
            if walked != label.walked:
                differences.append(Difference("walked", _walked_summary(label.walked, walked)))
        if "end" in record:
            end = tuple(record["end"]) if record["end"] is not None else None
            if end != label.board.end:
                said = "none" if label.board.end is None else str(list(label.board.end))
                differences.append(Difference("end", f"read {record['end']}, labelled {said}"))

    if "next" not in record:
        if label.next is not None:
            unreported.append("next")
    else:
        differences += _next_differences(label, record["next"], image_size)
    return Comparison(tuple(differences), tuple(unreported))


def next_tolerance(image_size: tuple[int, int] | None) -> float:
    share, floor = NEXT_TOLERANCE
    return max(floor, share * min(image_size)) if image_size else floor


def _next_differences(
    label: Label, found: list[float] | None, image_size: tuple[int, int] | None
) -> list[Difference]:
    if label.next is None:
        if found is not None and label.screen != "complete":
            return [
                Difference("next", f"a go-on control read at ({found[0]:g}, {found[1]:g}), labelled none")
            ]
        return []
    if found is None:
        return [
            Difference("next", f"no go-on control read, labelled at ({label.next[0]:g}, {label.next[1]:g})")
        ]
    off = math.dist(label.next, found)
    tolerance = next_tolerance(image_size)
    if off > tolerance:
        return [
            Difference(
                "next",
                f"read at ({found[0]:g}, {found[1]:g}), {off:.1f} px from the label's"
                f" ({label.next[0]:g}, {label.next[1]:g}); tolerance {tolerance:.1f} px",
            )
        ]
    return []


def _board_differences(expected: Board | None, read: Board | None, reason: str | None) -> list[Difference]:
    if expected is None:
        if read is None:
            return []
        return [
            Difference(
                "board", f"a {read.rows}x{read.cols} board read, labelled '; no board'", read.to_text()
            )
        ]
    if read is None:
        return [Difference("board", f"no board read: {reason}")]
    if read == expected:
        return []
    if (read.rows, read.cols) != (expected.rows, expected.cols):
        summary = f"read {read.rows}x{read.cols}, labelled {expected.rows}x{expected.cols}"
    else:
        cells = [
            (r, c)
            for r in range(expected.rows)
            for c in range(expected.cols)
            if expected.char_at((r, c)) != read.char_at((r, c))
        ]
        shown = ", ".join(
            f"{list(cell)} read {read.char_at(cell)}, labelled {expected.char_at(cell)}" for cell in cells[:3]
        )
        more = f" and {len(cells) - 3} more" if len(cells) > 3 else ""
        summary = f"{len(cells)} of {expected.rows * expected.cols} cells differ: {shown}{more}"
    return [Difference("board", summary, board_diff(expected, read))]


def board_diff(expected: Board, read: Board) -> str:
    """The labelled and the read board side by side, and a third grid with X where they differ."""
    rows = max(expected.rows, read.rows)
    cols = max(expected.cols, read.cols)

    def grid(board: Board | None) -> list[str]:
        lines = []
        for r in range(rows):
            chars = []
            for c in range(cols):
                inside = board is not None and r < board.rows and c < board.cols
                chars.append(board.char_at((r, c)) if inside and board is not None else " ")
            lines.append(" ".join(chars))
        return lines

    def mark(r: int, c: int) -> str:
        a = expected.char_at((r, c)) if r < expected.rows and c < expected.cols else None
        b = read.char_at((r, c)) if r < read.rows and c < read.cols else None
        return "-" if a == b else "X"

    marks = [" ".join(mark(r, c) for c in range(cols)) for r in range(rows)]
    width = max(2 * cols - 1, len("labelled"))
    head = f"{'labelled'.ljust(width)}   {'read'.ljust(width)}   differs"
    body = [
        f"{a.ljust(width)}   {b.ljust(width)}   {m}"
        for a, b, m in zip(grid(expected), grid(read), marks, strict=True)
    ]
    return "\n".join([head, *body]) + "\n"


def _geometry_differences(label: Label, record: dict[str, Any]) -> list[Difference]:
    """The read lattice against the labelled one, at the labelled grid's two opposite corners."""
    if label.origin is None or label.pitch is None or label.board is None or record.get("origin") is None:
        return []
    (ox, oy), (px, py) = label.origin, label.pitch
    (rx, ry), (qx, qy) = record["origin"], record["pitch"]
    worst, at = 0.0, (0, 0)
    for r, c in ((0, 0), (label.board.rows - 1, label.board.cols - 1)):
        error = max(abs(rx + qx * c - (ox + px * c)) / px, abs(ry + qy * r - (oy + py * r)) / py)
        if error > worst:
            worst, at = error, (r, c)
    if worst < LATTICE_TOLERANCE:
        return []
    return [
        Difference(
            "geometry",
            f"lattice off by {worst:.2f} pitch at cell {list(at)} (tolerance {LATTICE_TOLERANCE});"
            f" read origin ({rx:g}, {ry:g}) pitch ({qx:g}, {qy:g}),"
            f" labelled origin ({ox:g}, {oy:g}) pitch ({px:g}, {py:g})",
        )
    ]


def _walked_summary(expected: tuple[Cell, ...], read: tuple[Cell, ...]) -> str:
    def said(walk: tuple[Cell, ...]) -> str:
        return "none" if not walk else f"{len(walk)} cells ending at {list(walk[-1])}"

    step = next((i for i, (a, b) in enumerate(zip(expected, read, strict=False)) if a != b), None)
    where = ""
    if step is not None:
        where = f"; step {step + 1} read {list(read[step])}, labelled {list(expected[step])}"
    return f"read {said(read)}, labelled {said(expected)}{where}"
