"""`onestroke fixtures check` and `fixtures add`, run in-process as a user runs them.

The project's own fixtures/ go through the same command: every image agrees with its label.
"""

from __future__ import annotations

import dataclasses
import json
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from onestroke.bot.cli import main
from onestroke.bot.labels import label_text, parse_label

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
IMAGES = sorted(p for p in FIXTURES.iterdir() if p.suffix in (".png", ".jpg"))
PHONE = "phone-1080x1920-classic"


def copy_of(names: list[str], folder: Path) -> Path:
    """The named fixtures (image and label) copied into `folder`."""
    folder.mkdir(exist_ok=True)
    for name in names:
        for path in FIXTURES.glob(f"{name}.*"):
            shutil.copy(path, folder / path.name)
    return folder


def test_the_project_fixtures_all_agree_with_their_labels(tmp_path, capsys):
    junit = tmp_path / "report.xml"
    assert main(["fixtures", "check", str(FIXTURES), "--json", "--junit", str(junit)]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [row["image"] for row in rows] == [str(p) for p in IMAGES]
    bad = [(row["image"], row["differences"]) for row in rows if row["result"] != "ok"]
    assert not bad
    for row in rows:
        assert row["label"] == str(Path(row["image"]).with_suffix(".txt"))
        assert row["detected"]["image"] == row["image"] and row["seconds"] >= 0
    suite = ET.parse(junit).getroot().find("testsuite")
    assert suite is not None
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors")) == (str(len(IMAGES)), "0", "0")


def test_a_changed_label_shows_the_difference_and_exits_1(tmp_path, capsys):
    folder = copy_of([PHONE, "crop-board-only", "neg-noise"], tmp_path / "shots")
    label = folder / f"{PHONE}.txt"
    lines = label.read_text().splitlines()
    row = next(i for i, line in enumerate(lines) if not line.startswith(";")) + 1  # the board's 2nd row
    lines[row] = "# " + lines[row][2:]
    label.write_text("\n".join(lines) + "\n")
    junit = tmp_path / "report.xml"
    assert main(["fixtures", "check", str(folder), "--junit", str(junit)]) == 1
    out = capsys.readouterr().out
    failed = next(line for line in out.splitlines() if line.startswith(str(folder / f"{PHONE}.png")))
    assert "board: 1 of 49 cells differ: [1, 0] read ., labelled #" in failed
    assert "labelled        read            differs" in out
    assert "    # # . . . . .   . # . . . . .   X - - - - - -" in out
    assert out.count("  ok") == 2 and out.rstrip().endswith("s") and "3 images: 2 ok, 1 differs" in out
    root = ET.parse(junit).getroot()
    failures = root.findall(".//testcase/failure")
    assert root.find("testsuite").get("failures") == "1" == str(len(failures))  # type: ignore[union-attr]
    case = root.find(".//failure/..")
    assert case is not None and case.get("name") == f"{PHONE}.png" and case.get("classname") == str(folder)
    assert "1 of 49 cells differ" in failures[0].get("message", "") and "X" in (failures[0].text or "")


def test_json_lines_name_each_difference(tmp_path, capsys):
    folder = copy_of(["crop-board-only"], tmp_path / "shots")
    label = folder / "crop-board-only.txt"
    read = parse_label(label.read_text(), source=str(label))
    assert read.origin is not None and read.pitch is not None
    moved = (read.origin[0] + 0.2 * read.pitch[0], read.origin[1])  # a fifth of a pitch to the right
    label.write_text(label_text(dataclasses.replace(read, origin=moved)))
    assert main(["fixtures", "check", str(folder), "--json"]) == 1
    (row,) = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert row["result"] == "differs"
    assert [d["field"] for d in row["differences"]] == ["geometry"]
    assert row["differences"][0]["summary"].startswith("lattice off by 0.2")


def test_screen_kind_go_on_control_and_walked_cells_are_compared(tmp_path, capsys):
    names = ["complete-1080x1920-check", "path-classic-third", "neg-menu"]
    folder = copy_of(names, tmp_path / "shots")
    complete, path, menu = (parse_label((folder / f"{n}.txt").read_text(), source=n) for n in names)
    assert complete.next is not None and path.walked
    changes = {
        names[0]: dataclasses.replace(complete, next=(complete.next[0], complete.next[1] + 40)),
        names[1]: dataclasses.replace(path, walked=path.walked[:-1]),
        names[2]: dataclasses.replace(menu, screen="complete"),
    }
    for name, label in changes.items():
        (folder / f"{name}.txt").write_text(label_text(label))
    assert main(["fixtures", "check", str(folder), "--json"]) == 1
    rows = {Path(row["image"]).stem: row for row in map(json.loads, capsys.readouterr().out.splitlines())}
    summaries = {name: [(d["field"], d["summary"]) for d in row["differences"]] for name, row in rows.items()}
    assert summaries[names[0]] == [
        ("next", "read at (540, 1086), 38.0 px from the label's (540, 1124); tolerance 21.6 px")
    ]
    assert summaries[names[1]] == [
        ("walked", "read 12 cells ending at [4, 2], labelled 11 cells ending at [3, 2]")
    ]
    assert summaries[names[2]] == [("screen", "read other, labelled complete")]
    assert all(row["not_reported"] == [] for row in rows.values())


def test_an_image_without_a_label_is_listed_not_failed(tmp_path, capsys):
    folder = copy_of([PHONE], tmp_path / "shots")
    shutil.copy(FIXTURES / "neg-noise.jpg", folder / "new-shot.jpg")
    (folder / "gone.txt").write_text("; no board\n")
    junit = tmp_path / "report.xml"
    assert main(["fixtures", "check", str(folder), "--junit", str(junit)]) == 0
    out = capsys.readouterr().out
    assert (
        "new-shot.jpg" in out and "unlabelled: no board (other screen) (fixtures add writes a label)" in out
    )
    assert f"no image beside {folder / 'gone.txt'}" in out
    assert "2 images: 1 ok, 0 differs, 1 unlabelled, 1 no image" in out
    suite = ET.parse(junit).getroot().find("testsuite")
    assert suite is not None and (suite.get("failures"), suite.get("skipped")) == ("0", "2")


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("S . .\n. .\n", "line 2: ragged row"),
        ("; screen: done\n; no board\n", "line 1: '; screen:' must be"),
        ("; no board\n; next: 1\n", "line 2: '; next:' needs two numbers"),
    ],
)
def test_a_malformed_label_is_one_line_naming_file_and_line_and_exit_2(tmp_path, capsys, text, where):
    folder = copy_of([PHONE, "neg-noise"], tmp_path / "shots")
    (folder / "neg-noise.txt").write_text(text)
    assert main(["fixtures", "check", str(folder), "--json"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # nothing was detected: labels are read first
    assert captured.err == f"onestroke: {folder / 'neg-noise.txt'}: {where}" + captured.err.split(where, 1)[1]
    assert captured.err.count("\n") == 1


def test_unreadable_input_exits_2(tmp_path, capsys):
    assert main(["fixtures", "check", str(tmp_path / "missing")]) == 2
    assert "missing: no such file or folder" in capsys.readouterr().err
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main(["fixtures", "check", str(empty)]) == 2
    assert "no screenshots here" in capsys.readouterr().err
    folder = copy_of([PHONE], tmp_path / "shots")
    (folder / "broken.png").write_bytes((FIXTURES / f"{PHONE}.png").read_bytes()[:500])
    (folder / "broken.txt").write_text("; no board\n")
    assert main(["fixtures", "check", str(folder), "--json"]) == 2
    rows = {Path(row["image"]).name: row for row in map(json.loads, capsys.readouterr().out.splitlines())}
    assert rows["broken.png"]["result"] == "error" and "broken.png" in rows["broken.png"]["error"]
    assert rows[f"{PHONE}.png"]["result"] == "ok"
    assert main(["fixtures", "check", str(folder), "--junit", str(tmp_path / "no" / "r.xml")]) == 2
    assert "does not exist" in capsys.readouterr().err


def test_add_writes_pairs_that_check_then_passes_and_keeps_what_is_there(tmp_path, capsys):
    images = [
        str(FIXTURES / f"{PHONE}.png"),
        str(FIXTURES / "phone-540x960-visited.png"),
        str(FIXTURES / "neg-noise.jpg"),
    ]
    into = tmp_path / "mine"
    assert main(["fixtures", "add", *images, "--to", str(into)]) == 0
    out = capsys.readouterr().out
    assert "3 pairs written" in out and "board read, 7x7; review it" in out
    assert sorted(p.name for p in into.iterdir()) == sorted(
        [
            f"{PHONE}.png",
            f"{PHONE}.txt",
            "phone-540x960-visited.png",
            "phone-540x960-visited.txt",
            "neg-noise.jpg",
            "neg-noise.txt",
        ]
    )
    assert (into / f"{PHONE}.png").read_bytes() == (FIXTURES / f"{PHONE}.png").read_bytes()
    written = (into / f"{PHONE}.txt").read_text()
    assert written.startswith(f"; from {PHONE}.png, as detected by onestroke")
    assert "; screen: level\n; origin: " in written and "\n; pitch: " in written
    assert (into / "neg-noise.txt").read_text().startswith("; no board\n")
    assert main(["fixtures", "check", str(into)]) == 0
    capsys.readouterr()

    (into / f"{PHONE}.txt").write_text("; corrected by hand\n" + written)
    assert main(["fixtures", "add", images[0], "--to", str(into)]) == 0
    assert "kept, " in capsys.readouterr().out
    assert (into / f"{PHONE}.txt").read_text().startswith("; corrected by hand")
    assert main(["fixtures", "add", images[0], "--to", str(into), "--force"]) == 0
    assert (into / f"{PHONE}.txt").read_text().splitlines()[1:] == written.splitlines()[1:]  # [0]: the date


def test_add_refuses_two_images_of_one_name_and_what_is_not_an_image(tmp_path, capsys):
    other = copy_of([PHONE], tmp_path / "other")
    twice = [str(FIXTURES / f"{PHONE}.png"), str(other / f"{PHONE}.png")]
    assert main(["fixtures", "add", *twice, "--to", str(tmp_path / "to")]) == 2
    assert f"would both be labelled {PHONE}.txt" in capsys.readouterr().err
    assert main(["fixtures", "add", str(other / f"{PHONE}.txt"), "--to", str(tmp_path / "to")]) == 2
    assert "not a PNG or JPEG image" in capsys.readouterr().err
    assert not (tmp_path / "to").exists()
