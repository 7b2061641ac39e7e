"""`onestroke fixtures check DIR...` and `onestroke fixtures add IMAGE... --to DIR`.

A fixture is a screenshot `NAME.png` (or `.jpg`) beside its label `NAME.txt` (format:
bot/labels.py, docs/vision.md). `check` reads every label first — a malformed one is a line
naming the file and line, exit 2, before any image is read — then detects every image and
compares the `detect --json` record with its label: one row per image, `--json` one object per
line, `--junit FILE` a JUnit XML report for CI. Exit 0 when every labelled image agrees, 1 when
any differs, 2 for unreadable input. An image without a label is listed as unlabelled (not a
failure), and so is a label without its image.

`add` writes pairs from what is detected now, for a person to review; an existing pair is kept
unless `--force`.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import time
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from onestroke.bot.commands.look_option import Reader, add_look_option, reader_for
from onestroke.bot.commands.status import ExitStatus
from onestroke.bot.imageio import ImageFileError, read_image
from onestroke.bot.labels import (
    Comparison,
    Label,
    compare,
    detection_record,
    label_from_record,
    label_text,
    parse_label,
)
from onestroke.bot.vision import detect
from onestroke.files import OutputPathError, check_writable_file, file_kind, read_text, writable_folder
from onestroke.plural import counted
from onestroke.progressbar import progress
from onestroke.solver.errors import OnestrokeError

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg")


class FixturesError(OnestrokeError):
    """A fixtures folder, image or label that cannot be used."""


def register(sub: argparse._SubParsersAction) -> None:
    """Add `fixtures check` and `fixtures add` to the `onestroke` parser."""
    parser = sub.add_parser(
        "fixtures",
        help="check detection against labelled screenshots (NAME.png + NAME.txt), or add new ones",
        description="Labelled screenshots: NAME.png or NAME.jpg beside NAME.txt (the board, or '; no board',"
        " and optional '; screen:', '; next:', '; walked:', '; origin:', '; pitch:' lines).",
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION")
    actions.required = True
    check = actions.add_parser(
        "check",
        help="detect every labelled screenshot and compare with its label",
        description="Detect every screenshot in the folders and compare it with its NAME.txt. Exit 0: all"
        " agree; 1: any differs; 2: unreadable input (a malformed label names its file and line).",
    )
    check.add_argument(
        "paths", nargs="+", metavar="DIR", help="a folder of labelled screenshots (or one image)"
    )
    check.add_argument("--json", action="store_true", help="one JSON object per image, one per line")
    check.add_argument("--junit", metavar="FILE", help="also write a JUnit XML report (for CI) to FILE")
    add_look_option(check)
    check.set_defaults(run=run_check)

    add = actions.add_parser(
        "add",
        help="save screenshots with labels from what is detected now, for review",
        description="Copy each image into DIR and write NAME.txt beside it from what the detector reads"
        " now (board, screen, next, walked, origin, pitch), for a person to check and correct.",
    )
    add.add_argument("images", nargs="+", metavar="IMAGE", help="screenshot file (PNG or JPEG)")
    add.add_argument(
        "--to", required=True, type=Path, metavar="DIR", help="the fixtures folder to write into"
    )
    add.add_argument("--force", action="store_true", help="overwrite pairs that are already there")
    add.set_defaults(run=run_add)


# -- finding the pairs ----------------------------------------------------------------------


@dataclass(frozen=True)
class Item:
    """An image and its label file (None: unlabelled), or a label whose image is missing."""

    image: Path | None
    label: Path | None


def is_image(path: Path) -> bool:
    return path.suffix.lower() in IMAGE_SUFFIXES


def collect(paths: Sequence[str]) -> list[Item]:
    """Every image in the folders (and every image named), with its label when there is one,
    then the labels without an image; in the order given, each folder sorted by name."""
    items: list[Item] = []
    for name in paths:
        path = Path(name)
        if not path.exists():
            raise FixturesError(f"{name}: no such file or folder")
        if path.is_dir():
            found = sorted(p for p in path.iterdir() if p.is_file() and is_image(p))
            labels = sorted(p for p in path.iterdir() if p.is_file() and p.suffix == ".txt")
            if not found and not labels:
                raise FixturesError(f"{name}: no screenshots here (NAME.png or NAME.jpg beside NAME.txt)")
            items += [Item(image, label_of(image)) for image in found]
            stems = {image.stem for image in found}
            items += [Item(None, label) for label in labels if label.stem not in stems]
        elif is_image(path):
            items.append(Item(path, label_of(path)))
        elif path.suffix == ".txt":
            if not path.is_file():  # a pipe would block the read until something writes to it
                kind = file_kind(path.stat().st_mode)
                raise FixturesError(f"{name}: not a regular file ({kind}); a label is a .txt file")
            image = next((p for p in (path.with_suffix(s) for s in IMAGE_SUFFIXES) if p.is_file()), None)
            items.append(Item(image, path))
        else:
            raise FixturesError(f"{name}: not a folder, a PNG or JPEG image, or a .txt label")
    return items


def label_of(image: Path) -> Path | None:
    label = image.with_suffix(".txt")
    return label if label.is_file() else None


def read_label(path: Path) -> Label:
    """The label file at `path`; FixturesError or LabelFormatError (naming file and line) if bad."""
    return parse_label(read_text(str(path), FixturesError, "label"), source=str(path))


# -- checking -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    """The outcome for one item: `result` is ok, differs, unlabelled, no image or error."""

    item: Item
    result: str
    comparison: Comparison | None = None
    record: dict[str, Any] | None = None
    seconds: float = 0.0
    error: str | None = None
    notes: tuple[str, ...] = field(default=())

    @property
    def name(self) -> str:
        return str(self.item.image or self.item.label)

    def summary(self) -> str:
        """The result column: ok, the differences, or why the image was not compared."""
        if self.result == "error":
            return f"error: {self.error}"
        if self.result == "no image":
            return f"no image beside {self.item.label}"
        if self.result == "unlabelled":
            assert self.record is not None
            return f"unlabelled: {read_summary(self.record)} (fixtures add writes a label)"
        assert self.comparison is not None
        text = self.comparison.summary()
        if self.comparison.unreported:
            text += f" (not reported by this detector, not compared: {', '.join(self.comparison.unreported)})"
        return text

    def details(self) -> str:
        """The drawings that go under the row (board diffs), indented."""
        if self.comparison is None:
            return ""
        blocks = [d.detail for d in self.comparison.differences if d.detail]
        return "".join("".join(f"    {line}\n" for line in block.splitlines()) for block in blocks)


def read_summary(record: dict[str, Any]) -> str:
    if record.get("board"):
        return f"board read, {record['rows']}x{record['cols']}"
    screen = record.get("screen")
    return f"no board ({screen} screen)" if screen else "no board"


def check_item(item: Item, label: Label | None, reader: Reader = detect) -> Row:
    """Detect the image of `item` (with `reader`: the built-in reading or a taught look) and compare
    the record with `label` (None: unlabelled)."""
    if item.image is None:
        return Row(item, "no image")
    try:
        image = read_image(item.image)
    except ImageFileError as error:
        return Row(item, "error", error=str(error))
    began = time.perf_counter()
    found = reader(image)
    seconds = time.perf_counter() - began
    record = detection_record(str(item.image), found, seconds)
    if label is None:
        return Row(item, "unlabelled", record=record, seconds=seconds)
    comparison = compare(label, record, (image.shape[1], image.shape[0]))
    return Row(item, "ok" if comparison.ok else "differs", comparison, record, seconds)


def check_paths(paths: Sequence[str]) -> tuple[list[Item], dict[Path, Label]]:
    """The items under `paths` and their parsed labels; every malformed label at once as one
    FixturesError (one line each)."""
    items = collect(paths)
    labels: dict[Path, Label] = {}
    problems: list[str] = []
    for item in items:
        if item.image is None or item.label is None:
            continue
        try:
            labels[item.label] = read_label(item.label)
        except OnestrokeError as error:
            problems.append(str(error))
    if problems:
        raise FixturesError("\nonestroke: ".join(problems))
    return items, labels


def run_check(args: argparse.Namespace) -> int:
    items, labels = check_paths(args.paths)
    reader = reader_for(args.look)
    if args.junit:
        check_writable_file(args.junit, OutputPathError, "JUnit report")
    width = min(max(len(str(item.image or item.label)) for item in items), 70)
    rows: list[Row] = []
    began = time.perf_counter()
    with progress(len(items), "fixtures check", enabled=not args.json, unit="image") as bar:
        if not args.json:
            bar.print(f"{'image'.ljust(width)}  {'ms':>5}  result")
        for item in items:
            row = check_item(item, labels.get(item.label) if item.label else None, reader)
            rows.append(row)
            if row.error:  # in the report too; here for whoever reads only the errors
                bar.print(f"onestroke: {row.error}", file=sys.stderr)
            if args.json:
                print(json.dumps(row_json(row), ensure_ascii=False), flush=True)
            else:
                ms = f"{row.seconds * 1000:5.0f}" if row.record is not None else " " * 5
                bar.print(f"{row.name.ljust(width)}  {ms}  {row.summary()}\n{row.details()}", end="")
            bar.advance(note=Path(row.name).name)
    total = time.perf_counter() - began
    if not args.json:
        print(tally(rows, total))
    if args.junit:
        write_junit(args.junit, rows, total)
    if any(row.result == "error" for row in rows):
        return ExitStatus.BAD_INPUT
    return ExitStatus.NOT_DONE if any(row.result == "differs" for row in rows) else ExitStatus.DONE


def tally(rows: list[Row], seconds: float) -> str:
    counts = {
        result: sum(row.result == result for row in rows)
        for result in ("ok", "differs", "unlabelled", "no image", "error")
    }
    parts = [f"{count} {result}" for result, count in counts.items() if count or result in ("ok", "differs")]
    images = sum(row.item.image is not None for row in rows)
    return f"{counted(images, 'image')}: {', '.join(parts)}; {seconds:.1f} s"


def row_json(row: Row) -> dict[str, Any]:
    """One `--json` line: the image, its label, the result, the differences and the record."""
    out: dict[str, Any] = {
        "image": str(row.item.image) if row.item.image else None,
        "label": str(row.item.label) if row.item.label else None,
        "result": row.result,
    }
    if row.error is not None:
        out["error"] = row.error
    if row.comparison is not None:
        out["differences"] = [
            {"field": d.field, "summary": d.summary, **({"detail": d.detail} if d.detail else {})}
            for d in row.comparison.differences
        ]
        out["not_reported"] = list(row.comparison.unreported)
    if row.record is not None:
        out["seconds"] = round(row.seconds, 4)
        out["detected"] = row.record
    return out


def write_junit(path: str, rows: list[Row], seconds: float) -> None:
    """A JUnit XML report: one testcase per image; a difference is a failure, an unreadable image
    an error, an unlabelled image (or a label without image) skipped."""
    failures = sum(row.result == "differs" for row in rows)
    errors = sum(row.result == "error" for row in rows)
    skipped = sum(row.result in ("unlabelled", "no image") for row in rows)
    counts = {
        "tests": str(len(rows)),
        "failures": str(failures),
        "errors": str(errors),
        "skipped": str(skipped),
        "time": f"{seconds:.3f}",
    }
    suites = ET.Element("testsuites", {"name": "onestroke fixtures check", **counts})
    suite = ET.SubElement(
        suites,
        "testsuite",
        {"name": "onestroke fixtures check", **counts, "timestamp": time.strftime("%Y-%m-%dT%H:%M:%S")},
    )
    for row in rows:
        where = Path(row.name)
        case = ET.SubElement(
            suite,
            "testcase",
            {
                "classname": str(where.parent),
                "name": where.name,
                "file": row.name,
                "time": f"{row.seconds:.4f}",
            },
        )
        if row.result == "differs":
            failure = ET.SubElement(case, "failure", {"message": row.summary(), "type": "differs"})
            failure.text = row.details() or None
        elif row.result == "error":
            ET.SubElement(case, "error", {"message": row.summary(), "type": "unreadable"})
        elif row.result in ("unlabelled", "no image"):
            ET.SubElement(case, "skipped", {"message": row.summary()})
    ET.indent(suites)
    try:
        ET.ElementTree(suites).write(path, encoding="utf-8", xml_declaration=True)
    except OSError as error:
        raise OutputPathError(f"{path}: cannot write JUnit report: {error.strerror or error}") from None


# -- adding ---------------------------------------------------------------------------------


def run_add(args: argparse.Namespace) -> int:
    sources = [Path(name) for name in args.images]
    for source in sources:
        if not source.is_file():
            raise FixturesError(f"{source}: no such file" if not source.exists() else f"{source}: not a file")
        if not is_image(source):
            raise FixturesError(f"{source}: not a PNG or JPEG image (.png, .jpg, .jpeg)")
    stems: dict[str, Path] = {}
    for source in sources:
        if source.stem in stems:
            raise FixturesError(f"{stems[source.stem]} and {source} would both be labelled {source.stem}.txt")
        stems[source.stem] = source
    folder = writable_folder(args.to, OutputPathError, "fixtures folder")
    status = ExitStatus.DONE
    written = kept = 0
    for source in sources:
        target, label_path = folder / source.name, folder / f"{source.stem}.txt"
        same = target.exists() and os.path.samefile(target, source)
        there = [
            p for p in (label_path, *(folder / f"{source.stem}{s}" for s in IMAGE_SUFFIXES)) if p.exists()
        ]
        there = [p for p in there if not (same and p == target)]
        if there and not args.force:
            print(f"{label_path}: kept, {there[0].name} is already there (--force overwrites)")
            kept += 1
            continue
        try:
            image = read_image(source)
        except ImageFileError as error:
            print(f"onestroke: {error}", file=sys.stderr)
            status = ExitStatus.BAD_INPUT
            continue
        began = time.perf_counter()
        found = detect(image)
        record = detection_record(str(target), found, time.perf_counter() - began)
        notes = [
            f"from {source.name}, as detected by onestroke {time.strftime('%Y-%m-%d')}: check every line"
        ]
        if record.get("board") is None and record.get("reason"):
            notes.append(f"the detector said: {record['reason']}")
        label = label_from_record(record, notes)
        if not same:
            shutil.copyfile(source, target)
        label_path.write_text(label_text(label), encoding="utf-8")
        written += 1
        print(f"{label_path}: {read_summary(record)}; review it")
    print(f"fixtures add: {counted(written, 'pair')} written in {folder}, {kept} kept")
    return status
