"""Teaching a look (`onestroke teach`, bot/vision/taught.py) and reading with it (`--look`).

The looks are random ones nobody tuned for (practice/looks.py); the built-in reading refuses
their screens. A look is taught from three rendered screens and must read other levels drawn in
the same look exactly, and refuse another look's screens and the look-alikes.
"""

from __future__ import annotations

import functools
import json
import sys
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from onestroke.calibration.profile import ProfileError

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # the bench's helpers live in benchmarks/, beside the package
    sys.path.insert(0, str(ROOT))

from benchmarks.looks_bench import truth_label, write_pair  # noqa: E402
from benchmarks.teach_bench import example_of, false_reads, outcome_of, run_look, screens_of, split  # noqa: E402
from onestroke.bot.cli import main  # noqa: E402
from onestroke.bot.imageio import read_image  # noqa: E402
from onestroke.bot.labels import compare, detection_record, label_text, parse_label  # noqa: E402
from onestroke.bot.vision import detect, taught, with_look  # noqa: E402
from onestroke.bot.vision.detect import Detection  # noqa: E402
from onestroke.bot.vision.screens import point_box  # noqa: E402
from onestroke.bot.vision.taught import (  # noqa: E402
    PATCH,
    Example,
    TaughtLook,
    TeachError,
    feature_count,
    join_pairs,
    quarter_turns,
    read,
    teach,
)
from onestroke.bot.vision.text import Word  # noqa: E402
from onestroke.bot.vision.with_look import combined, on_lattice  # noqa: E402
from onestroke.coords import Geometry, Point, Rect  # noqa: E402
from onestroke.practice.levels import make_level  # noqa: E402
from onestroke.practice.looks import look_from_seed, render_look  # noqa: E402
from onestroke.solver.board import Board  # noqa: E402
from onestroke.solver.search import solve  # noqa: E402

LOOKS = (4, 7)  # a framed grid with a thin line through the walked cells; touching tiles, filled path
HELD_OUT = 5


@functools.cache
def taught_look(seed: int) -> tuple[TaughtLook, tuple]:
    shown = screens_of(seed, 3 + HELD_OUT + 4)
    chosen, held = split(shown, 3)
    look = teach(f"look{seed}", [example_of(s, f"look-{s.seed}") for s in chosen]).look
    return look, tuple(held[:HELD_OUT])


@pytest.mark.parametrize("seed", LOOKS)
def test_a_taught_look_reads_other_levels_of_its_look_exactly(seed):
    look, held = taught_look(seed)
    outcomes = [outcome_of(s, read(s.image, look), 0.0) for s in held]
    assert [o for o, _ in outcomes] == ["exact"] * len(held), outcomes


GAINED_FLOOR = 2
"""Held-out screens of LOOKS the built-in reading refuses and the taught look reads exactly: 2
measured (7003, 7004; 4 until the built-in rules of 2026-12-07 read two more of them, and it
refused 9 of the 10 until the built-in rules of 2026-12-03 read more of look 4)."""


def test_a_taught_look_reads_screens_the_built_in_reading_refuses():
    gained = [
        s.seed
        for seed in LOOKS
        for s in taught_look(seed)[1]
        if outcome_of(s, detect(s.image), 0.0)[0] != "exact"
        and outcome_of(s, read(s.image, taught_look(seed)[0]), 0.0)[0] == "exact"
    ]
    assert len(gained) >= GAINED_FLOOR, gained


@pytest.mark.parametrize("seed", LOOKS)
def test_a_taught_look_refuses_another_look_and_the_look_alikes(seed):
    look, _ = taught_look(seed)
    assert false_reads(look, seed) == []


STANDING_LOOKS = (1, 3, 5, 7, 9)  # framed/line, touching/band, tiles/line, touching/filled, touching/line
STANDING_EXACT_FLOOR = 38
"""Of the 50 held-out screens, read exactly when taught from two: 40 measured (36 before the
fresh start was drawn from the path's marks; docs/vision.md, "Taught from two screens"); the rest
must be refused, never misread."""


def test_taught_from_two_screens_five_looks_read_ten_more_each_and_never_wrongly():
    """Issue 22's standing test: 2 rendered screens of each look (a half-drawn one and a complete
    one: the look never sees a fresh start), 10 other levels read with it. A wrong read is a board
    the bot would drag on that is not the level's."""
    results = [run_look(seed, 2, 10) for seed in STANDING_LOOKS]
    assert [r.error for r in results] == [""] * len(results)
    wrong = {r.seed: r.taught["wrong"] for r in results if r.taught["wrong"]}
    assert wrong == {}, wrong
    assert all(sum(r.taught.values()) == 10 for r in results)
    exact = sum(r.taught["exact"] for r in results)
    assert exact >= STANDING_EXACT_FLOOR, {r.seed: dict(r.taught) for r in results}


BOTH_EXACT_FLOOR = 45
"""Of the same looks' 50 held-out screens, read exactly by `--look` (the taught look with the
built-in reading beside it, bot/vision/with_look.py) when taught from two boards: 47 measured."""


def test_look_taught_from_two_boards_with_the_built_in_reading_beside_it_never_wrongly():
    """Taught from a half-drawn and a fresh screen (no complete screen: the built-in reading reads
    those by their words), 10 other levels of each of the five looks read as `--look` reads."""
    results = [run_look(seed, 2, 10, complete_taught=False) for seed in STANDING_LOOKS]
    assert [r.error for r in results] == [""] * len(results)
    wrong = {
        r.seed: (r.taught["wrong"], r.both["wrong"]) for r in results if r.both["wrong"] or r.taught["wrong"]
    }
    assert wrong == {}, wrong
    exact = sum(r.both["exact"] for r in results)
    assert exact >= BOTH_EXACT_FLOOR, {r.seed: dict(r.both) for r in results}


def test_a_refusal_names_the_check_and_the_look():
    look, _ = taught_look(LOOKS[0])
    other = screens_of(LOOKS[1], 1)[0]
    found = read(other.image, look)
    assert not found.ok and found.next is None
    assert found.reason and ("look" in found.reason or "lattice" in found.reason)


def test_the_look_survives_its_file(tmp_path):
    look, held = taught_look(LOOKS[0])
    again = TaughtLook.from_dict(json.loads(json.dumps(look.to_dict())))
    for s in held:
        assert read(s.image, again).board == read(s.image, look).board


# -- the go-on control's words ----------------------------------------------------------------


def relabelled(image: np.ndarray, at: tuple[float, float], words: str) -> np.ndarray:
    """`image` with the button around `at` painted over in its own colour and `words` written on it."""
    out = image[..., :3].copy()
    box = point_box(out, Point(*at)).rounded()
    rows, cols = box.slices()
    out[rows, cols] = np.median(out[rows, cols].reshape(-1, 3), axis=0).astype(np.uint8)
    (w, h), _ = cv2.getTextSize(words, cv2.FONT_HERSHEY_SIMPLEX, 1.0, 2)
    origin = (round(at[0] - w / 2), round(at[1] + h / 2))
    cv2.putText(out, words, origin, cv2.FONT_HERSHEY_SIMPLEX, 1.0, (255, 255, 255), 2, cv2.LINE_AA)
    return out


def complete_screens(seed: int) -> tuple[list, list]:
    shown = screens_of(seed, 3 + HELD_OUT + 4)
    chosen, held = split(shown, 3)
    return chosen, [s for s in held if s.kind == "complete"]


def test_a_go_on_button_is_taught_with_its_words_and_read_only_with_them():
    look, _ = taught_look(7)  # its complete screen: a NEXT LEVEL button beside RETURN
    assert look.go_on is not None and look.go_on.words == ("NEXT LEVEL",)
    _, complete = complete_screens(7)
    found = read(complete[0].image, look)
    assert found.screen == "complete" and found.next is not None and "labelled 'NEXT LEVEL'" in found.reason
    said = look.go_on.says
    assert said([Word("NEXT LEVEL >", Rect(0, 0, 1, 1), 1.0)]) is not None
    assert said([Word("SHARE", Rect(0, 0, 1, 1), 1.0)]) is None
    assert said([Word("NEXT LEVEL: share", Rect(0, 0, 1, 1), 1.0)]) is None  # a never-press word vetoes


def test_the_same_button_saying_share_is_no_go_on():
    look, _ = taught_look(7)
    _, complete = complete_screens(7)
    shown = complete[0]
    share = relabelled(shown.image, shown.truth.next, "SHARE")
    found = read(share, look)
    assert found.next is None and found.screen != "complete", found.reason


def test_a_go_on_label_on_a_never_press_word_is_not_taught():
    chosen, _ = complete_screens(7)
    examples = [example_of(s, f"look-{s.seed}") for s in chosen]
    complete = next(i for i, s in enumerate(chosen) if s.kind == "complete")
    wrong = examples[complete]
    examples[complete] = replace(wrong, image=relabelled(wrong.image, wrong.next, "SHARE"))
    with pytest.raises(TeachError, match=r"look-\d+: the go-on control .* reads 'SHARE'.*never-press word"):
        teach("look7", examples)


def test_a_round_arrow_button_has_no_words_to_learn():
    chosen, complete = complete_screens(3)  # an arrow in a disc beside a MENU button
    look = teach("look3", [example_of(s, f"look-{s.seed}") for s in chosen]).look
    assert look.go_on is not None and look.go_on.words == ()
    assert all(read(s.image, look).next is not None for s in complete)


# -- the command -------------------------------------------------------------------------------


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    monkeypatch.setenv("ONESTROKE_DATA_DIR", str(folder))
    return folder


def board_screens(seed: int, count: int) -> list:
    """The first `count` screens of look `seed` that show a board."""
    return [s for s in screens_of(seed, 3 * count + 4) if s.kind != "complete"][:count]


def pairs(folder: Path, seed: int, count: int) -> Path:
    """The first `count` screens of look `seed` that show a board, as labelled pairs."""
    folder.mkdir(parents=True, exist_ok=True)
    for s in board_screens(seed, count):
        write_pair(folder, f"{s.kind}-{s.seed}", s.image, truth_label(s))
    return folder


def test_teach_saves_the_look_and_detect_reads_with_it(tmp_path, data_dir, capsys):
    folder = pairs(tmp_path / "app", LOOKS[1], 3)
    status = main(["teach", str(folder), "--name", "app"])
    out = capsys.readouterr().out
    assert status == 0, out
    assert (data_dir / "looks" / "app.json").is_file()
    assert "3 of 3 labelled screens read back exactly" in out
    # a level the look was not taught from, and the built-in reading refuses (the fourth board
    # screen, read by the built-in rules of 2026-12-03, no longer is)
    held = board_screens(LOOKS[1], 5)[4]
    shot = tmp_path / "shot.png"
    write_pair(tmp_path, "shot", held.image, truth_label(held))
    assert main(["detect", str(shot), "--json", "--look", "app"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert Board.from_text(record["board"]) == held.truth.board
    assert main(["fixtures", "check", str(tmp_path / "shot.txt"), "--look", "app"]) == 0
    capsys.readouterr()
    assert main(["fixtures", "check", str(tmp_path / "shot.txt")]) == 1  # the built-in reading refuses it


def test_an_unknown_look_is_one_line_and_status_2(tmp_path, data_dir, capsys):
    folder = pairs(tmp_path / "app", LOOKS[0], 1)
    assert main(["detect", str(next(folder.glob("*.png"))), "--look", "nope"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no look 'nope'" in err


def relabel(folder: Path, change) -> Path:
    """`folder`'s first label rewritten by `change(text) -> text`."""
    label = sorted(folder.glob("*.txt"))[0]
    label.write_text(change(label.read_text(encoding="utf-8")), encoding="utf-8")
    return label


def test_a_start_on_a_hole_is_refused_naming_the_file(tmp_path, data_dir, capsys):
    folder = pairs(tmp_path / "app", LOOKS[0], 3)
    label_path = sorted(folder.glob("*.txt"))[0]
    label = parse_label(label_path.read_text(encoding="utf-8"))
    board = label.board
    hole = next(
        (r, c) for r in range(board.rows) for c in range(board.cols) if (r, c) not in board.open_cells
    )
    moved = Board(board.rows, board.cols, (board.open_cells - {board.start}) | {hole}, hole, board.end)
    text = label_text(type(label)(moved, label.screen, None, (), label.origin, label.pitch))
    label_path.write_text(text, encoding="utf-8")
    assert main(["teach", str(folder), "--name", "app"]) == 2
    err = capsys.readouterr().err
    assert str(label_path) in err and err.count("\n") == 1
    assert not (data_dir / "looks").exists()


def test_a_grid_off_its_image_is_refused(tmp_path, data_dir, capsys):
    folder = pairs(tmp_path / "app", LOOKS[0], 2)
    label = relabel(folder, lambda text: text.replace("; origin:", "; origin: 90000 90000\n; was:"))
    assert main(["teach", str(folder), "--name", "app"]) == 2
    err = capsys.readouterr().err
    assert str(label) in err and "does not fit" in err
    assert not (data_dir / "looks").exists()


def test_too_few_plain_cells_are_refused(tmp_path, data_dir, capsys):
    folder = pairs(tmp_path / "app", LOOKS[0], 1)
    label_path = sorted(folder.glob("*.txt"))[0]
    label = parse_label(label_path.read_text(encoding="utf-8"))
    board = label.board
    plain = sorted(board.open_cells - {board.start, board.end} - set(label.walked))
    # every plain cell but two relabelled as holes: too few to learn from, whatever the image shows
    fewer = Board(board.rows, board.cols, board.open_cells - set(plain[2:]), board.start, board.end)
    label_path.write_text(
        label_text(type(label)(fewer, label.screen, None, label.walked, label.origin, label.pitch))
    )
    assert main(["teach", str(folder), "--name", "app"]) == 2
    assert "at least 3 are needed" in capsys.readouterr().err
    assert not (data_dir / "looks").exists()


def test_screens_without_a_level_teach_nothing():
    shown = screens_of(LOOKS[0], 4)
    complete = [s for s in shown if s.kind == "complete"]
    with pytest.raises(TeachError, match="no labelled level"):
        teach("x", [example_of(s, "c") for s in complete] or [])


@pytest.mark.parametrize("command", [["play", "--dry-run"], ["calibrate"], ["solve-image", "x.png"]])
def test_play_and_calibrate_load_the_look_before_anything_starts(command, data_dir, capsys):
    assert main([*command, "--look", "nope"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no look 'nope'" in err or "x.png" in err


def test_the_settings_file_can_name_the_look(tmp_path, data_dir, monkeypatch, capsys):
    monkeypatch.setenv("ONESTROKE_CONFIG_DIR", str(tmp_path / "config"))
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "onestroke.toml").write_text('[profile.myapp]\nlook = "myapp"\n', encoding="utf-8")
    assert main(["config", "play", "--profile", "myapp"]) == 0
    assert any(line.split()[:2] == ["--look", "myapp"] for line in capsys.readouterr().out.splitlines())


def test_a_profile_names_the_look_that_play_then_loads_first(tmp_path, data_dir, monkeypatch, capsys):
    """`calibrate --look` keeps the look in the profile; `play --profile` loads it before anything
    starts (a look gone since is one line, exit 2), and `--look` wins over it."""
    from onestroke.calibration.profile import Profile, load_profile, save_profile

    monkeypatch.setenv("ONESTROKE_CONFIG_DIR", str(tmp_path / "config"))
    save_profile(Profile(name="myapp", look="gone"))
    assert load_profile("myapp").look == "gone"
    assert main(["play", "--dry-run", "--profile", "myapp"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no look 'gone'" in err, err
    assert main(["play", "--dry-run", "--profile", "myapp", "--look", "other"]) == 2
    assert "no look 'other'" in capsys.readouterr().err
    with pytest.raises(ProfileError, match="look must be a look's name"):
        Profile(name="x", look="../etc")


# -- a real app nobody here drew: the dots web game of ../shared/real-screens/other-apps ---------

OTHER_APPS = ROOT.parent / "shared" / "real-screens" / "other-apps"
DOTS = ("web-dots-level004", "web-dots-level025-partial", "web-dots-level061")


def dots_screen(name: str) -> tuple:
    """One labelled dots screen (its Example and Label), read where ../shared keeps it."""
    image_path, label_path = OTHER_APPS / f"{name}.png", OTHER_APPS / f"{name}.txt"
    if not (image_path.is_file() and label_path.is_file()):
        pytest.skip(f"{image_path} absent: the shared real-screens folder is not beside the project")
    label = parse_label(label_path.read_text(encoding="utf-8"), str(label_path))
    image = read_image(image_path)
    example = Example(
        name, image, label.board, label.walked, label.origin, label.pitch, label.screen, label.next
    )
    return example, label


def read_back(look: TaughtLook, name: str):
    example, label = dots_screen(name)
    found = read(example.image, look)
    size = (example.image.shape[1], example.image.shape[0])
    return found, compare(label, detection_record(name, found, 0.0), size)


@pytest.mark.parametrize("held", DOTS)
def test_a_look_taught_from_two_dots_screens_reads_them_back(held):
    taught = [name for name in DOTS if name != held]
    look = teach("dots", [dots_screen(name)[0] for name in taught]).look
    for name in taught:
        found, comparison = read_back(look, name)
        assert comparison.ok, (name, comparison.summary())


def test_the_dots_look_from_a_half_drawn_and_a_fresh_level_reads_the_third_exactly():
    # 025 (half-drawn, holes) and 061 (fresh, holes, an end) show every role 004 shows
    look = teach("dots", [dots_screen(name)[0] for name in DOTS[1:]]).look
    found, comparison = read_back(look, DOTS[0])
    assert comparison.ok, comparison.summary()


def test_the_dots_look_refuses_a_role_it_was_not_taught_naming_the_cell():
    # neither 004 nor 025 shows a required end: 061's framed E cell is refused, never read as plain
    look = teach("dots", [dots_screen(name)[0] for name in DOTS[:2]]).look
    found, _ = read_back(look, DOTS[2])
    assert found.board is None and found.reason is not None
    assert "[1, 2]" in found.reason and "look" in found.reason, found.reason
    # nor is a path read when no labelled screen showed one (004 and 061 are fresh levels)
    look = teach("dots", [dots_screen(name)[0] for name in (DOTS[0], DOTS[2])]).look
    found, _ = read_back(look, DOTS[1])
    assert found.board is None and found.reason is not None


def test_a_board_at_the_window_edge_is_not_grown_by_holes_beyond_it():
    """Look 9 drawn at a 450x800 window (the e2e game's): its half-drawn board reaches the
    window's sides, where a cell's picture is the edge's pixels repeated, dark like a hole. The
    look read its own half-drawn screen as 8x9 with a column of holes each side (a wrong board);
    edge holes are grown onto the board only where the cell is on the image."""
    look = look_from_seed(9)
    holed = [n for n in range(1, 40) if make_level(99, n).board.holes]
    examples = []
    for number, kind in zip(holed, ("level", "half"), strict=False):
        board = make_level(99, number).board
        path = solve(board, timeout=5).path
        assert path is not None
        route = tuple(path[: len(path) // 2]) if kind == "half" else ()
        shown = render_look(board, look, width=450, height=800, route=route)
        g = shown.geometry
        examples.append(Example(kind, shown.image, board, route, g.origin, g.pitch))
    learned = teach("look9", examples).look
    for example in examples:
        found = read(example.image, learned)
        assert found.board == example.board, (example.name, found.reason, found.board)


def test_a_look_taught_from_fresh_levels_refuses_a_half_drawn_one():
    """Look 7 (touching tiles, a filled path) taught from its first three fresh screens knows no
    walked cell. Its plain cells' pixel weights favour where plain, hole and start differ (the
    lightness), and the walked orange, as light as the plain blue-grey, fitted the plain role:
    the half-drawn screen 7008 read as untouched (a wrong board). A cell far from its role with
    every pixel weighed alike (`Model.even`) fits it no better than its limit: refused."""
    shown = screens_of(7, 12)
    fresh = [s for s in shown if s.kind == "level"][:3]
    look = teach("seven", [example_of(s, s.kind) for s in fresh]).look
    half = next(s for s in shown if s.kind == "half")
    found = read(half.image, look)
    assert not found.ok, f"read as {found.board} with {len(found.walked)} walked"
    assert all(read(s.image, look).ok for s in shown if s.kind == "level" and s not in fresh)


def test_a_path_whose_two_ends_both_look_like_the_start_is_refused_not_read_backwards():
    """Look 13 (tiles, a path of lit dots, a framed S start) taught from three screens: level
    13004's 3-cell path scored its head's end as the start once left and the framed S as a
    walked cell, the fresh start only 0.54 less likely there, and was read backwards. Where
    the head's end reads as a start within `taught.ENDS_MARGIN`, the path is refused. Since the
    path's end cells are read in every quarter turn, the head scores as the head and 13004 reads
    exactly; with the ends read in the taught turn only (as then) the guard still refuses it."""
    shown = screens_of(13, 13)
    chosen, held = split(shown, 3)
    look = teach("look13", [example_of(s, f"look-{s.seed}") for s in chosen]).look
    (backwards,) = [s for s in held if s.seed == 13004]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(taught, "TURNED_ROLES", frozenset())
        found = read(backwards.image, look)
        assert not found.ok, f"read {found.board} walked {found.walked}"
        assert "both ends of the drawn path look like the start" in (found.reason or "")
    assert outcome_of(backwards, read(backwards.image, look), 0.0)[0] == "exact"
    outcomes = [outcome_of(s, read(s.image, look), 0.0)[0] for s in held]
    assert "wrong" not in outcomes and outcomes.count("exact") >= 8, outcomes


def test_with_a_path_drawn_no_walked_cell_is_taken_for_the_fresh_start():
    """Look 2 (a framed grid, a band path) taught from a half-drawn screen and a fresh one: its
    fresh start is a disc in the band's colour, and on level 2005's half-drawn screen a walked
    cell scored nearest that fresh start, the walked role only 0.06 less likely: refused as
    "between two roles". With a path drawn (two or more cells read as walked) the start shows as
    it does once left, so the fresh start is no candidate for any cell."""
    shown = screens_of(2, 16)
    chosen, held = split(shown, 2, complete_taught=False)
    assert [s.kind for s in chosen] == ["half", "level"]
    look = teach("look2", [example_of(s, f"look-{s.seed}") for s in chosen]).look
    (half,) = [s for s in held if s.seed == 2005]
    assert outcome_of(half, read(half.image, look), 0.0)[0] == "exact"


def test_a_start_read_off_the_paths_end_is_the_end_that_is_not_the_head():
    """Look 6 (dots, a line path, a cat on the head) taught from a half-drawn screen and a fresh
    one: its start once left is learned from one cell, whose line leaves upwards. On level 6009
    a walked corner whose line also leaves upwards scored nearer that than the real start, and
    no path ran from it through the walked cells: refused. The path's end that is not the head
    (through the joins) is the start when one path runs from there."""
    shown = screens_of(6, 16)
    chosen, held = split(shown, 2, complete_taught=False)
    look = teach("look6", [example_of(s, f"look-{s.seed}") for s in chosen]).look
    (half,) = [s for s in held if s.seed == 6009]
    assert outcome_of(half, read(half.image, look), 0.0)[0] == "exact"


def test_a_head_that_shows_no_join_ends_the_chain_beside_it():
    """Look 6 taught from a half-drawn screen and a fresh one: its start once left matches
    several walked cells (three on level 6006, the real start read as walked), and the head's
    join reads "apart" from its neighbour (the cat drawn over the line's last piece), so the
    joins made no chain that ends at the head: refused with "3 cells look like the start". The
    head joins the one end of the chain beside it, and the start is the chain's other end."""
    shown = screens_of(6, 16)
    chosen, held = split(shown, 2, complete_taught=False)
    look = teach("look6", [example_of(s, f"look-{s.seed}") for s in chosen]).look
    for seed in (6006, 6008, 6011):
        (half,) = [s for s in held if s.seed == seed]
        found = read(half.image, look)
        assert outcome_of(half, found, 0.0)[0] == "exact", (seed, found.reason)


def test_several_cells_read_as_the_head_leave_the_order_to_the_joins():
    """Look 10 taught from a half-drawn screen and a fresh one: its head, learned from one cell,
    matches walked cells too (five on level 10009, the real head read as walked). A path has one
    head, so the readings contradict each other; the joins' one chain from the start gives the
    order (it was refused: "the 23 walked cells do not form one path from the start")."""
    shown = screens_of(10, 16)
    chosen, held = split(shown, 2, complete_taught=False)
    look = teach("look10", [example_of(s, f"look-{s.seed}") for s in chosen]).look
    for seed in (10004, 10009):
        (half,) = [s for s in held if s.seed == seed]
        found = read(half.image, look)
        assert outcome_of(half, found, 0.0)[0] == "exact", (seed, found.reason)


def test_a_fresh_start_in_the_paths_colour_is_read_from_a_look_taught_without_one():
    """Look 8 (a framed grid, a line through yellow walked cells) taught from a half-drawn screen
    and the complete one: its start marker is a disc in the path's own yellow, gone under the
    path once the start is left, so no labelled screen shows it and `fresh_start` learns no
    start. Its fresh levels (8002-8009) read the start as a plain cell with a mark no plain cell
    shows: refused. Where no cell reads as walked or the start and that one cell's mark lies in
    the walked cells' colours (`taught.marked_start`), it is the start; a mark in another colour
    on the same cell is still refused."""
    shown = screens_of(8, 12)
    chosen, held = split(shown, 2)
    assert sorted(s.kind for s in chosen) == ["complete", "half"]
    look = teach("look8", [example_of(s, f"look-{s.seed}") for s in chosen]).look
    assert "start" not in look.roles
    fresh = [s for s in held if s.kind == "level"]
    assert len(fresh) >= 6
    for s in fresh:
        found = read(s.image, look)
        assert outcome_of(s, found, 0.0)[0] == "exact", (s.seed, found.reason)
    s = fresh[0]
    t = s.truth
    x, y = Geometry(t.origin, t.pitch, t.board.rows, t.board.cols).centre(t.board.start)
    red = s.image.copy()
    cv2.circle(red, (round(x), round(y)), round(0.3 * s.truth.pitch[0]), (40, 40, 220), -1, cv2.LINE_AA)
    found = read(red, look)
    assert not found.ok, found.board


def test_a_path_along_the_boards_edge_teaches_its_gaps_apart_on_every_side():
    """A path along the bottom row and up the right column: its plain neighbours lie above it and
    to its left only. Taking each walked cell's neighbours below and to the right alone taught no
    gap "apart" at all (look 13's half-drawn screen), and every pair then counted as joined."""
    board = Board(3, 3, frozenset((r, c) for r in range(3) for c in range(3)), (2, 0))
    walked = ((2, 0), (2, 1), (2, 2), (1, 2))
    # . . .
    # . . H      S = the start, w walked, H the head
    # S w w
    pairs = join_pairs(board, walked)
    assert sorted(pairs["joined"]) == [((1, 2), (2, 2)), ((2, 0), (2, 1)), ((2, 1), (2, 2))]
    assert sorted(pairs["apart"]) == [((0, 2), (1, 2)), ((1, 0), (2, 0)), ((1, 1), (1, 2)), ((1, 1), (2, 1))]


def held_out_outcomes(
    look_seed: int, levels: tuple[int, ...], complete_taught: bool = True
) -> list[tuple[int, str, str | None]]:
    """Look `look_seed` taught from 2 of its 16 screens as teach_bench does: for each of `levels`
    (held-out screens), its outcome against the render's truth and the reading's reason."""
    chosen, held = split(screens_of(look_seed, 16), 2, complete_taught=complete_taught)
    look = teach(f"look{look_seed}", [example_of(s, f"look-{s.seed}") for s in chosen]).look
    outcomes = []
    for level in levels:
        (screen,) = [s for s in held if s.seed == level]
        found = read(screen.image, look)
        outcomes.append((level, outcome_of(screen, found, 0.0)[0], found.reason))
    return outcomes


JOINS_ON_EVERY_SIDE = {12: (12003, 12010), 13: (13001, 13002)}
"""Half-drawn screens read exactly once a walked cell's gaps to its open neighbours on every side
are taught (both refused before: "the N walked cells do not form one path from the start"): look
13's taught path ran along the board's bottom and right edge, so it taught no gap apart and every
pair read as joined; look 12's one taught gap apart had the start on its left, 12003's start has
a walked cell on its left, not joined (its gap to the plain cell on the start's left teaches it)."""


@pytest.mark.parametrize("seed", sorted(JOINS_ON_EVERY_SIDE))
def test_the_walked_cells_order_from_gaps_taught_on_every_side(seed):
    for level, outcome, reason in held_out_outcomes(seed, JOINS_ON_EVERY_SIDE[seed], complete_taught=False):
        assert outcome == "exact", (level, reason)


TURNED_HEADS = {18: (18006, 18007, 18010), 28: (28004, 28006, 28007, 28008)}
"""Half-drawn screens read exactly once the path's end cells are scored in every quarter turn
(refused before: "N positions match no role ... closely enough, nearest head"): the one head a
half-drawn screen teaches has the path coming in from one side, these heads from another."""


@pytest.mark.parametrize("seed", sorted(TURNED_HEADS))
def test_a_head_taught_coming_in_from_one_side_is_read_coming_in_from_another(seed):
    for level, outcome, reason in held_out_outcomes(seed, TURNED_HEADS[seed]):
        assert outcome == "exact", (level, reason)


def test_quarter_turns_turn_the_colour_and_the_detail_alike():
    features = np.arange(feature_count(True), dtype=np.float32)[None]
    plain, turned, back = quarter_turns(features)[0], quarter_turns(features)[1], quarter_turns(features)[3]
    assert (plain == features).all()
    colour = features[0, : PATCH * PATCH * 3].reshape(PATCH, PATCH, 3)
    assert (turned[0, : PATCH * PATCH * 3].reshape(PATCH, PATCH, 3) == np.rot90(colour)).all()
    detail = features[0, PATCH * PATCH * 3 :].reshape(2, PATCH, PATCH)
    assert (turned[0, PATCH * PATCH * 3 :].reshape(2, PATCH, PATCH)[1] == np.rot90(detail[1])).all()
    # a quarter and three quarters undo each other
    again = quarter_turns(back)[1]
    assert (again == features).all()


CONTROLS_BELOW = {27: (27006, 27008)}
"""Half-drawn screens of look 27 read exactly once a row of controls under the board is taken off
it (refused before: "N positions with a part unlike every role ..., nearest plain"): its UNDO /
HINT / RESET buttons, in the cells' colour, fall on the lattice's next row and read as plain
cells with a part unlike them, and join the board to the gradient field below, which reads plain."""


@pytest.mark.parametrize("seed", sorted(CONTROLS_BELOW))
def test_a_row_of_controls_under_the_board_is_not_part_of_it(seed):
    for level, outcome, reason in held_out_outcomes(seed, CONTROLS_BELOW[seed], complete_taught=False):
        assert outcome == "exact", (level, reason)


PITCH = 40
FIELD, CELL = (200.0, 140.0, 120.0), (180.0, 128.0, 128.0)  # Lab: a tinted field, grey cells


def lab_of(diagram: str) -> tuple[np.ndarray, dict, Geometry]:
    """A Lab image drawn from a diagram, one character a lattice position: 'o' a cell (a disc of
    0.9 pitch), '=' a button in the cells' colour (1.6 pitches wide, 0.7 tall, from just above the
    position's centre down: look 27 draws them 1.3 pitches under the last row), '-' the field;
    and the roles a look reads there (all 'plain')."""
    rows = diagram.strip("\n").split("\n")
    geometry = Geometry((PITCH, PITCH), (PITCH, PITCH), len(rows), len(rows[0]))
    lab = np.zeros((PITCH * (len(rows) + 2), PITCH * (len(rows[0]) + 2), 3), np.float32)
    lab[:] = FIELD
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            x, y = geometry.centre((r, c))
            if ch == "o":
                cv2.circle(lab, (round(x), round(y)), round(0.45 * PITCH), CELL, -1)
            elif ch == "=":
                top = round(y - 0.05 * PITCH)
                cv2.rectangle(
                    lab,
                    (round(x - 0.8 * PITCH), top),
                    (round(x + 0.8 * PITCH), top + round(0.7 * PITCH)),
                    CELL,
                    -1,
                )
    roles = {(r, c): "plain" for r in range(len(rows)) for c in range(len(rows[0]))}
    return lab, roles, geometry


def shape_look(extent: float) -> TaughtLook:
    return TaughtLook("shapes", {}, {}, CELL, 14.0, 0.9, (0.05, 0.2), cell_extent=extent, shape_tolerance=7.0)


def test_controls_and_the_field_beyond_them_are_taken_off_the_boards_group():
    lab, roles, geometry = lab_of(
        """
oooooo
oooooo
oooooo
-=--=-
------
"""
    )
    # the buttons are unlike a plain cell (a part of them), the field reads plain
    odd = {(3, 1), (3, 4)}
    group = set(roles)
    kept = taught.without_controls(group, roles, odd, lab, shape_look(0.94), geometry)
    assert kept == {(r, c) for r in range(3) for c in range(6)}


def test_a_boards_own_row_with_a_mark_is_never_taken_off():
    lab, roles, geometry = lab_of(
        """
oooooo
oooooo
oooooo
------
"""
    )
    # the board's last row unlike its role (a mark no plain cell showed): refused as before, not
    # read a row short; the field beyond it shows no larger shape, so it stays too
    odd = {(2, 1), (2, 4)}
    assert taught.without_controls(set(roles), roles, odd, lab, shape_look(0.94), geometry) == set(roles)
    # a look whose cells run together in their colour (touching tiles) knows no cell's size
    lab, roles, geometry = lab_of("oooooo\noooooo\noooooo\n-=--=-\n------")
    odd = {(3, 1), (3, 4)}
    assert taught.without_controls(set(roles), roles, odd, lab, shape_look(float("inf")), geometry) == set(
        roles
    )


def test_a_cells_shape_is_its_own_and_a_buttons_is_wider():
    lab, _, geometry = lab_of("ooo\n-=-")
    cell = taught.cell_shape(lab, np.asarray(CELL, np.float32), 7.0, geometry, (0, 1))
    button = taught.cell_shape(lab, np.asarray(CELL, np.float32), 7.0, geometry, (1, 1))
    assert cell is not None and 0.85 < cell[0] < 1.0 and 0.85 < cell[1] < 1.0
    assert button is not None and button[0] > 1.5
    # the field beside the button: no shape of the cells' colour in the position's middle
    assert taught.cell_shape(lab, np.asarray(CELL, np.float32), 7.0, geometry, (1, 0)) is None


def scored_roles(diagram: str) -> tuple[dict, dict, TaughtLook]:
    """Roles and scores from a diagram, one character a lattice position: 'o' a plain cell, 'w' a
    walked cell, 'x' a plain cell beyond its limit (a cell drawn otherwise: another look's), '-'
    the field around the board; and a look whose roles' limits are 3.0."""
    roles, scores = {}, {}
    kinds = {"o": ("plain", 1.0), "w": ("walked", 1.0), "x": ("plain", 4.3), "-": ("outside", 1.0)}
    for r, row in enumerate(diagram.strip("\n").split("\n")):
        for c, ch in enumerate(row):
            roles[(r, c)], scores[(r, c)] = kinds[ch]
    model = taught.Model(np.zeros(1, np.float32), np.ones(1, np.float32), 3.0, 1)
    look = TaughtLook(
        "corner", dict.fromkeys(("plain", "walked", "outside"), model), {}, CELL, 14.0, 0.9, (0.05, 0.2)
    )
    return roles, scores, look


def test_a_board_whose_lattice_runs_on_with_cells_beyond_it_is_refused_naming_the_side():
    # look 12's walked cells read the walked 4x3 corner of look 13's 8x5 half-drawn board: its
    # plain cells beyond, drawn in another colour, were nearest plain beyond the limit
    roles, scores, look = scored_roles(
        """
-------
-xxxxx-
-xxxxx-
-wwwxx-
-wwwxx-
-wwwxx-
-wwwxx-
-------
"""
    )
    geometry = Geometry((PITCH, PITCH), (PITCH, PITCH), 8, 7)
    size = (9 * PITCH, 10 * PITCH)
    check = taught.extent_check((3, 6, 1, 3), roles, scores, look, geometry, size, set())
    assert not check.ok and "above it, [-1, 0], [-1, 1], [-1, 2]" in check.detail, check.detail
    # the whole board, the field all round it: the lattice stops there
    assert taught.extent_check((1, 6, 1, 5), roles, scores, look, geometry, size, set()).ok
    # a row of controls taken off the group (`without_controls`) is no cell
    roles, scores, look = scored_roles("------\n-oooo-\n-oooo-\n-oooo-\n------")
    roles[(4, 2)] = "plain"
    geometry = Geometry((PITCH, PITCH), (PITCH, PITCH), 5, 6)
    size = (8 * PITCH, 7 * PITCH)
    assert not taught.extent_check((1, 3, 1, 4), roles, scores, look, geometry, size, set()).ok
    assert taught.extent_check((1, 3, 1, 4), roles, scores, look, geometry, size, {(4, 2)}).ok
    # a position cut by the image's edge shows the edge's pixels repeated: not judged
    assert taught.extent_check((1, 3, 1, 4), roles, scores, look, geometry, (8 * PITCH, 5 * PITCH), set()).ok


TURNED_WALKED = {15: (15001, 15005, 15010)}
"""Half-drawn screens of look 15 read exactly once a walked cell is scored in every quarter turn
too (refused before: "N positions match no role ... closely enough, nearest head"): its one taught
half-drawn screen showed the band running one way, these run the other way too."""


@pytest.mark.parametrize("seed", sorted(TURNED_WALKED))
def test_a_walked_cell_taught_running_one_way_is_read_running_another(seed):
    for level, outcome, reason in held_out_outcomes(seed, TURNED_WALKED[seed], complete_taught=False):
        assert outcome == "exact", (level, reason)


def test_a_corner_of_another_looks_board_is_not_read_for_a_board():
    # look 12 taught from its two boards (as teach_bench does): with walked cells read in every
    # quarter turn, the 12 walked cells of look 13's half-drawn 13002 fit them, a 4x3 corner of its
    # 8x5 board; the plain cells beyond it (another look's) are nearest plain beyond the limit
    chosen, _ = split(screens_of(12, 16), 2, complete_taught=False)
    look = teach("look12", [example_of(s, f"look-{s.seed}") for s in chosen]).look
    (screen,) = [s for s in screens_of(13, 3) if s.seed == 13002]
    found = read(screen.image, look)
    assert not found.ok and "edge: just outside the board, above it" in (found.reason or ""), found.reason


def both_outcomes(look_seed: int, levels: tuple[int, ...]) -> list[tuple[int, str, str | None]]:
    """Look `look_seed` taught from its first half-drawn and fresh screens as teach_bench
    `--boards-only` does: for each of `levels`, its outcome read as `--look` reads (the look with
    the built-in reading beside it, `with_look.combined`) and the reason."""
    chosen, held = split(screens_of(look_seed, 16), 2, complete_taught=False)
    look = teach(f"look{look_seed}", [example_of(s, f"look-{s.seed}") for s in chosen]).look
    outcomes = []
    for level in levels:
        (screen,) = [s for s in held if s.seed == level]
        found = combined(read(screen.image, look), detect(screen.image), look, screen.image.shape[1])
        outcomes.append((level, outcome_of(screen, found, 0.0)[0], found.reason))
    return outcomes


PAGE_AS_HOLES = {23: (23006, 23008)}
"""Fresh levels of look 23 (a grey grid on a dark page, holes drawn in the page's colour) read
exactly with `--look` once a built-in board that is the look's with a ring of holes round it is
the look's board (refused before: "one of them misreads the screen"): the built-in reading takes
the dark page beyond the board for a ring of holes, the taught look tells its holes from the page
and left it out."""


@pytest.mark.parametrize("seed", sorted(PAGE_AS_HOLES))
def test_a_ring_of_holes_the_look_saw_as_the_page_is_no_disagreement(seed):
    for level, outcome, reason in both_outcomes(seed, PAGE_AS_HOLES[seed]):
        assert outcome == "exact", (level, reason)


BEYOND_ITS_EDGE = {27: (27005, 27009)}
"""Screens of look 27 read exactly with `--look` by the built-in reading once the look's refused
board of another extent counts against it only when the look's own `edge` check found nothing like
a cell beyond that board (refused before: "one of them misreads the screen"): the look read its
gradient field as plain cells, a board larger than the real one that runs on past its own box."""


@pytest.mark.parametrize("seed", sorted(BEYOND_ITS_EDGE))
def test_a_look_that_sees_cells_beyond_its_own_board_does_not_overrule_the_built_in_board(seed):
    for level, outcome, reason in both_outcomes(seed, BEYOND_ITS_EDGE[seed]):
        assert outcome == "exact", (level, reason)


def test_one_lattice_is_told_by_its_pitch_and_a_centre_on_it():
    # the built-in board's lattice 131.6 px with a ring of holes: the look's [0, 0] is its [1, 1]
    ring = Geometry((79.2, 425.8), (131.6, 131.6), 9, 8)
    assert on_lattice(Geometry((208.4, 552.3), (132.4, 132.9), 8, 6), ring) == (1, 1)
    assert on_lattice(Geometry((79.2 + 0.4 * 131.6, 425.8), (131.6, 131.6), 8, 6), ring) is None  # off it
    assert on_lattice(Geometry((208.4, 552.3), (140.0, 140.0), 8, 6), ring) is None  # another pitch


def board_of(diagram: str) -> tuple[Board, tuple]:
    """A board from a diagram: '.' a cell, '#' a hole, 'S' the start, 'E' the end, 'w' walked
    (in reading order, after the start), 'H' the path's head (walked last)."""
    rows = diagram.strip("\n").split("\n")
    cells = {(r, c): ch for r, row in enumerate(rows) for c, ch in enumerate(row)}
    start = next(p for p, ch in cells.items() if ch == "S")
    end = next((p for p, ch in cells.items() if ch == "E"), None)
    walked = [p for p, ch in cells.items() if ch == "w"] + [p for p, ch in cells.items() if ch == "H"]
    board = Board(len(rows), len(rows[0]), frozenset(p for p, ch in cells.items() if ch != "#"), start, end)
    return board, ((start, *walked) if walked else ())


def reading(diagram: str, origin: tuple[float, float]):
    board, walked = board_of(diagram)
    geometry = Geometry(origin, (PITCH, PITCH), board.rows, board.cols)
    return Detection(board, geometry, (), None, board, walked=walked)


def holes_look(outside_mean: float) -> TaughtLook:
    """A look with holes and the background round the board, told apart unless their means are
    alike (one feature each, spread 1)."""

    def model(mean: float):
        return taught.Model(np.full(1, mean, np.float32), np.ones(1, np.float32), 3.0, 4)

    roles = {"plain": model(50.0), "hole": model(0.0), "outside": model(outside_mean)}
    return TaughtLook("holes", roles, {}, CELL, 14.0, 0.9, (0.05, 0.2))


def test_a_ring_of_holes_round_the_looks_board_is_the_same_puzzle_where_the_look_tells_holes_apart():
    look, told = reading("S.\n#E", (2 * PITCH, 2 * PITCH)), holes_look(outside_mean=20.0)
    ring = reading("####\n#S.#\n##E#\n####", (PITCH, PITCH))
    assert with_look.holes_round(look, ring, told)
    # a look whose holes look like the background round the board cannot tell the ring from it
    assert not with_look.holes_round(look, ring, holes_look(outside_mean=0.5))
    # the ring one column off: another place on the screen
    assert not with_look.holes_round(look, reading("####\n#S.#\n##E#\n####", (2 * PITCH, PITCH)), told)
    # an open cell in the ring: another puzzle
    assert not with_look.holes_round(look, reading("####\n#S..\n##E#\n####", (PITCH, PITCH)), told)
    # the same board, its path and all
    drawn = reading("Sw\n#H", (2 * PITCH, 2 * PITCH))
    assert with_look.holes_round(drawn, reading("####\n#Sw#\n##H#\n####", (PITCH, PITCH)), told)
    assert not with_look.holes_round(drawn, reading("####\n#SH#\n##w#\n####", (PITCH, PITCH)), told)


HOLE_READ_OPEN = {15: (15011,)}
"""A fresh level of look 15 read exactly with `--look` once a position the look reads as a hole and
the built-in reading as a cell of a role the look was taught settles the disagreement for the look
(refused before: "one of them misreads the screen"): the built-in reading took the hole beside the
fresh start for the start the path left, and the start for the path's head."""


@pytest.mark.parametrize("seed", sorted(HOLE_READ_OPEN))
def test_a_hole_the_built_in_reading_reads_as_a_taught_role_is_its_misread(seed):
    for level, outcome, reason in both_outcomes(seed, HOLE_READ_OPEN[seed]):
        assert outcome == "exact", (level, reason)


def test_a_hole_read_open_counts_only_for_a_role_the_look_weighed_there():
    told = holes_look(outside_mean=20.0)
    look = reading("S#.\n..E", (PITCH, PITCH))
    # the built-in reading: the hole is the start the path left, the look's start the path's head
    left = reading("HS.\n..E", (PITCH, PITCH))
    assert with_look.hole_read_open(look, left, told) is None  # a look taught no path: not weighed
    path = {"head": told.roles["plain"], "start_walked": told.roles["plain"]}
    assert with_look.hole_read_open(look, left, replace(told, roles={**told.roles, **path})) == (0, 1)
    # a plain cell there: the look weighed plain against its hole
    assert with_look.hole_read_open(look, reading("S..\n..E", (PITCH, PITCH)), told) == (0, 1)
    # an end there, and the look was taught none: nothing said
    assert with_look.hole_read_open(look, reading("SE.\n...", (PITCH, PITCH)), told) is None
    # the positions the look read as cells: no hole of its to weigh
    assert with_look.hole_read_open(look, reading("S#.\n.#E", (PITCH, PITCH)), told) is None


REFERENCE_BLOB = {5: (5005,), 30: (30005,)}
"""Half-drawn screens read exactly once a refined lattice keeps the fitted lattice's origin (refused
before: "N cells look like the start"): the lattice fitted to the few plain blobs left beside the
path was placed right at its reference blob and a per cent or three off in its pitch; the edges'
period mended the pitch, but the origin moved to where the edges lie mirrored, a quarter pitch
off on 5005 (about column 0 the field on one side, a cell on the other) and 18 px off on 30005
(a row of buttons under the board), and the walked cells' joins then read apart."""


@pytest.mark.parametrize("seed", sorted(REFERENCE_BLOB))
def test_a_refined_lattice_keeps_the_origin_its_blobs_placed(seed):
    for level, outcome, reason in held_out_outcomes(seed, REFERENCE_BLOB[seed], complete_taught=False):
        assert outcome == "exact", (level, reason)


def test_a_refined_lattice_mends_the_pitch_and_keeps_the_origin():
    """Squares 30 px wide, 40 apart, 3 rows by 8, on a darker field with a lighter panel's edge 35
    px left of the first square's centre; a lattice fitted through that centre 3 % too wide:
    refined, its pitch is the squares' and it still runs through that centre. Placed where the
    edges lie mirrored, it went 10 px (a quarter pitch) off: about column 0 the panel's edge on
    one side is no mirror image of the next square on the other."""
    lab = np.full((300, 500, 3), 30.0, np.float32)
    for r in range(3):
        for c in range(8):
            x, y = 60 + 40 * c, 80 + 40 * r  # each square's centre (pixel 59.5, 79.5 for the first)
            lab[y - 15 : y + 15, x - 15 : x + 15] = (80.0, 0.0, 0.0)
    lab[40:200, :25] = (90.0, 0.0, 0.0)  # a panel beside the board
    origin, pitch = (59.5, 79.5), (41.2, 41.2)
    refined = taught.refined_lattice(lab, origin, pitch, Geometry(origin, pitch, 3, 8))
    assert refined is not None
    (ox, oy), (px, py) = refined
    assert abs(ox - 59.5) < 1 and abs(oy - 79.5) < 1, (ox, oy)
    assert abs(px - 40) < 0.3 and abs(py - 40) < 0.3, (px, py)


LINES_THROUGH_THE_MIDDLES = {8: (8010,)}
"""A half-drawn screen of look 8 read exactly once the lattice the built-in finder saw is taken
with every second row (refused before: "a lattice of 61.3 x 30.8 px: its cells are 0.503 times as
tall as wide"): a hint's straight runs through the cells' middles on a faint framed grid add a
line between every two of the grid's, so the finder's rows were half a cell tall."""


@pytest.mark.parametrize("seed", sorted(LINES_THROUGH_THE_MIDDLES))
def test_a_lattice_split_by_lines_through_the_middles_is_read_with_every_second_line(seed):
    for level, outcome, reason in held_out_outcomes(seed, LINES_THROUGH_THE_MIDDLES[seed]):
        assert outcome == "exact", (level, reason)


def test_coarser_lattices_take_every_kth_line_at_each_phase_only_where_the_aspect_asks():
    # rows half as tall as the look's square cells: every second row, at both phases
    assert taught.coarser_lattices((10.0, 20.0), (40.0, 20.0), 1.0) == [
        ((10.0, 10.0), (40.0, 40.0)),
        ((10.0, 30.0), (40.0, 40.0)),
    ]
    # columns a third as wide: every third column, centred on each of three
    assert taught.coarser_lattices((30.0, 20.0), (10.0, 30.0), 1.0) == [
        ((20.0, 20.0), (30.0, 30.0)),
        ((30.0, 20.0), (30.0, 30.0)),
        ((40.0, 20.0), (30.0, 30.0)),
    ]
    # the look's own aspect, or one no whole split explains: nothing to try
    assert taught.coarser_lattices((0.0, 0.0), (40.0, 40.0), 1.0) == []
    assert taught.coarser_lattices((0.0, 0.0), (40.0, 25.0), 1.0) == []


def test_a_head_one_step_from_the_start_that_reads_as_the_fresh_start_is_the_head():
    """Look 11 (dots, a band, the cat moves with the head) taught from a half-drawn screen and a
    fresh one: on level 11001 the path is one step long and the head's cell shows the cat over a
    stub of the band, so it read as the fresh start (the cat alone) beside the start once left:
    refused, "2 cells look like the start". A fresh start among walked cells is the head moved
    with the cat when it is the one such cell, beside the start once left, and no cell reads as
    the head; the joins still have to make it the path's end."""
    for level, outcome, reason in held_out_outcomes(11, (11001,), complete_taught=False):
        assert outcome == "exact", (level, reason)


NEARLY_ALL_WALKED = {2: (2008,), 11: (11005,), 28: (28010,)}
"""Half-drawn screens with nearly every cell walked by a band: the plain cells' blobs, cut up by
the band, gave no lattice, nor did the built-in finder ("no lattice of cells that look like look
lookN's plain cells"); the band's own runs place it (`taught.band_lattices`)."""


@pytest.mark.parametrize("seed", sorted(NEARLY_ALL_WALKED))
def test_a_board_nearly_all_walked_is_placed_by_the_band_through_its_cells(seed):
    for level, outcome, reason in held_out_outcomes(seed, NEARLY_ALL_WALKED[seed], complete_taught=False):
        assert outcome == "exact", (level, reason)


def test_the_bands_runs_place_the_columns_only_at_the_right_pitch():
    """A band 10 px wide running down columns centred at 25 + 40 k (and a stretch across, whose
    long run does not count): the columns' phase is 25 at a pitch of 40, and at 33 the runs'
    middles scatter round the circle: no phase."""
    band = np.zeros((120, 200), bool)
    for k in range(5):
        band[:, 20 + 40 * k : 30 + 40 * k] = True
    band[50:60, :] = True
    phase = taught.band_phase(band, 40.0)
    assert phase is not None and abs(phase - 24.5) < 0.6, phase
    assert taught.band_phase(band, 33.0) is None
    assert taught.band_phase(np.zeros((50, 50), bool), 40.0) is None
