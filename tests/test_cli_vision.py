"""`onestroke detect` and `onestroke solve-image` as the spec describes them, run in-process."""

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from onestroke.bot.cli import main
from onestroke.solver.board import Board
from onestroke.solver.check import is_valid_path

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
PHONE = FIXTURES / "phone-1080x1920-classic.png"
DESKTOP = FIXTURES / "desktop-1920x1080-window.png"
NEGATIVE = FIXTURES / "neg-card-game.png"


def expected_board(image: Path) -> Board:
    return Board.from_text(image.with_suffix(".txt").read_text())


def test_detect_json_follows_the_spec(capsys):
    assert main(["detect", str(PHONE), str(DESKTOP), "--json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    for line, image in zip(lines, (PHONE, DESKTOP), strict=True):
        record = json.loads(line)
        board = expected_board(image)
        assert record["image"] == str(image)
        assert Board.from_text(record["board"]) == board
        assert (record["rows"], record["cols"], record["start"]) == (
            board.rows,
            board.cols,
            list(board.start),
        )
        assert len(record["pitch"]) == 2 and len(record["origin"]) == 2
        assert record["seconds"] >= 0
        assert all(check["ok"] for check in record["checks"])
    # the origin and pitch put cell centres on the cells: sample the image there
    record = json.loads(lines[0])
    image = cv2.imread(str(PHONE))
    board = Board.from_text(record["board"])
    (ox, oy), (px, py) = record["origin"], record["pitch"]
    for r, c in board.cells:
        if (r, c) != board.start:
            assert tuple(image[round(oy + py * r), round(ox + px * c)]) == (209, 209, 209)


def test_detect_without_a_board_exits_1_with_the_reason(capsys):
    assert main(["detect", str(NEGATIVE), "--json"]) == 1
    record = json.loads(capsys.readouterr().out)
    assert record["board"] is None and record["reason"]
    assert main(["detect", str(PHONE), str(NEGATIVE)]) == 1
    out = capsys.readouterr().out
    assert f"{NEGATIVE}: no board:" in out and expected_board(PHONE).to_text() in out


def test_detect_text_output_is_the_board(capsys):
    assert main(["detect", str(PHONE)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith(f"{PHONE}: 7x7 board")
    assert Board.from_text("\n".join(out.splitlines()[1:])) == expected_board(PHONE)


def test_overlays_are_written_one_per_image(tmp_path, capsys):
    out = tmp_path / "seen.png"
    assert main(["detect", str(PHONE), "--overlay", str(out)]) == 0
    overlay, original = cv2.imread(str(out)), cv2.imread(str(PHONE))
    assert overlay.shape == original.shape and (overlay != original).any()
    assert main(["detect", str(PHONE), str(NEGATIVE), "--overlay", str(out)]) == 1
    assert (tmp_path / f"seen-{PHONE.stem}.png").is_file() and (
        tmp_path / f"seen-{NEGATIVE.stem}.png"
    ).is_file()


def test_solve_image_prints_a_valid_route_and_draws_it(tmp_path, capsys):
    out = tmp_path / "route.png"
    assert main(["solve-image", str(DESKTOP), "--json", "--overlay", str(out)]) == 0
    record = json.loads(capsys.readouterr().out)
    board = expected_board(DESKTOP)
    assert record["solvable"] is True
    assert is_valid_path(board, record["path"])
    assert len(record["points"]) == len(board)
    # the route's pixels lie inside the game window of that desktop (x 120..660, y 70..1030)
    assert all(120 < x < 660 and 70 < y < 1030 for x, y in record["points"])
    overlay, image = cv2.imread(str(out)), cv2.imread(str(DESKTOP))
    assert overlay is not None and overlay.shape[0] > image.shape[0]  # the legend strip below
    assert (overlay[: image.shape[0]] != image).any()
    assert main(["solve-image", str(PHONE)]) == 0
    text = capsys.readouterr().out
    assert "solved in" in text and str(len(expected_board(PHONE))) in text


def test_solve_image_without_a_board_exits_1(capsys):
    assert main(["solve-image", str(NEGATIVE)]) == 1
    assert "no board" in capsys.readouterr().out


@pytest.mark.parametrize("command", ["detect", "solve-image"])
def test_unreadable_images_give_one_line_and_exit_2(tmp_path, capsys, command):
    missing = tmp_path / "missing.png"
    assert main([command, str(missing)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(missing) in err and "Traceback" not in err
    junk = tmp_path / "junk.png"
    junk.write_bytes(b"not a png")
    assert main([command, str(junk)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "junk.png" in err
    assert main([command, str(tmp_path)]) == 2
    assert "folder" in capsys.readouterr().err


def test_a_missing_file_stops_detect_before_any_output(tmp_path, capsys):
    assert main(["detect", str(PHONE), str(tmp_path / "nope.jpg")]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "nope.jpg: no such file" in captured.err


def test_bad_overlay_paths_are_refused_up_front(tmp_path, capsys):
    assert main(["detect", str(PHONE), "--overlay", str(tmp_path / "x.txt")]) == 2
    assert "unknown image type .txt" in capsys.readouterr().err
    assert main(["detect", str(PHONE), "--overlay", str(tmp_path / "no" / "x.png")]) == 2
    assert "does not exist" in capsys.readouterr().err


def test_jpeg_input_works(tmp_path, capsys):
    jpeg = tmp_path / "shot.jpg"
    ok, data = cv2.imencode(".jpg", cv2.imread(str(PHONE)), [cv2.IMWRITE_JPEG_QUALITY, 65])
    jpeg.write_bytes(np.asarray(data).tobytes())
    assert main(["detect", str(jpeg), "--json"]) == 0
    assert Board.from_text(json.loads(capsys.readouterr().out)["board"]) == expected_board(PHONE)


def test_an_overlay_path_that_cannot_be_written_stops_detect_before_any_output(tmp_path, capsys):
    (tmp_path / f"seen-{NEGATIVE.stem}.png").mkdir()  # the second image's overlay would go here
    assert main(["detect", str(PHONE), str(NEGATIVE), "--overlay", str(tmp_path / "seen.png")]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and f"seen-{NEGATIVE.stem}.png: is a folder" in captured.err
    assert not (tmp_path / f"seen-{PHONE.stem}.png").exists()  # the probe leaves no file behind


@pytest.mark.parametrize("value", ["-1", "0", "nan", "soon"])
def test_solve_image_refuses_a_timeout_that_is_not_positive(capsys, value):
    assert main(["solve-image", str(PHONE), "--timeout", value]) == 2
    assert "--timeout" in capsys.readouterr().err


def test_a_truncated_png_is_one_line_naming_the_file(tmp_path, capfd):
    truncated = tmp_path / "cut.png"
    truncated.write_bytes(PHONE.read_bytes()[:5000])
    assert main(["detect", str(truncated)]) == 2
    err = capfd.readouterr().err  # file-descriptor level: OpenCV writes its warnings there itself
    assert err == f"onestroke: {truncated}: not an image OpenCV can decode (PNG or JPEG expected)\n"


def test_two_images_with_one_name_refuse_to_share_an_overlay(tmp_path, capsys):
    (tmp_path / "a").mkdir()
    copy = tmp_path / "a" / PHONE.name
    copy.write_bytes(PHONE.read_bytes())
    out = tmp_path / "seen.png"
    assert main(["detect", str(PHONE), str(copy), "--overlay", str(out)]) == 2
    captured = capsys.readouterr()
    assert (
        captured.out == ""
        and f"would both write the overlay {tmp_path}/seen-{PHONE.stem}.png" in captured.err
    )


def test_an_overlay_over_the_input_image_is_refused(tmp_path, capsys):
    shot = tmp_path / "shot.png"
    shot.write_bytes(PHONE.read_bytes())
    assert main(["solve-image", str(shot), "--overlay", str(shot)]) == 2
    assert capsys.readouterr().err == f"onestroke: {shot}: the overlay would overwrite an input image\n"
    assert shot.read_bytes() == PHONE.read_bytes()


def label_field(image: Path, key: str) -> str | None:
    for line in image.with_suffix(".txt").read_text().splitlines():
        if line.startswith(f"; {key}:"):
            return line.split(":", 1)[1].strip()
    return None


def test_detect_json_says_the_screen_kind_and_the_go_on_control(capsys):
    complete = FIXTURES / "complete-1080x1920-check.png"
    assert main(["detect", str(complete), str(PHONE), str(NEGATIVE), "--json"]) == 1
    done, level, other = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert (done["screen"], done["board"], done["walked"], done["end"]) == ("complete", None, [], None)
    want = [float(v) for v in label_field(complete, "next").split()]
    assert abs(done["next"][0] - want[0]) <= 15 and abs(done["next"][1] - want[1]) <= 15
    assert (level["screen"], level["next"], level["walked"], level["end"]) == ("level", None, [], None)
    assert (other["screen"], other["next"], other["board"]) == ("other", None, None)
    assert main(["detect", str(complete)]) == 0  # a complete screen read right is done (exit status table)
    assert "the level-complete screen, go on at" in capsys.readouterr().out


def test_detect_json_gives_the_walked_cells_in_order_and_the_end(capsys):
    partial = FIXTURES / "path-navy-early.png"
    assert main(["detect", str(partial), "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    walked = [[int(v) for v in cell.split(",")] for cell in label_field(partial, "walked").split()]
    board = expected_board(partial)
    assert record["walked"] == walked and walked[0] == list(board.start)
    assert record["end"] == list(board.end) and Board.from_text(record["board"]) == board
    assert main(["detect", str(partial)]) == 0
    assert f"{len(walked)} cells walked so far, the cat on {walked[-1]}" in capsys.readouterr().out


def test_solve_image_finishes_a_drawn_path_from_the_cat_and_says_so(capsys):
    partial = FIXTURES / "path-classic-third.png"
    walked = [tuple(int(v) for v in cell.split(",")) for cell in label_field(partial, "walked").split()]
    board = expected_board(partial)
    assert main(["solve-image", str(partial), "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    finish = [tuple(cell) for cell in record["path"]]
    assert record["from"] == "head" and finish[0] == walked[-1] and "finishing" in record["note"]
    assert not set(finish[1:]) & set(walked)
    assert is_valid_path(board, walked + finish[1:])  # the drawn path and the finish make the level
    assert len(record["points"]) == len(finish)
    assert main(["solve-image", str(partial)]) == 0
    assert f"{len(walked)} cells drawn already: finishing from the cat on {list(walked[-1])}" in (
        capsys.readouterr().out
    )


def test_solve_image_on_a_fully_walked_board_has_nothing_left(capsys):
    done = FIXTURES / "path-mint-all-walked.png"
    assert main(["solve-image", str(done), "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["path"] == [] and "every cell is walked" in record["note"]
    assert len(record["walked"]) == len(expected_board(done))


def test_solve_image_without_a_finish_from_the_head_goes_back_as_little_as_can_be(tmp_path, capsys):
    from onestroke.practice.render import render_screen

    # a drawn path that cut the left column off: no finish from the cat, nor from the cell before;
    # from the third cell, one: down the left, along the bottom, up the right
    board = Board.from_text("S . .\n. . .\n. . .\n")
    route = [(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)]
    shot = tmp_path / "dead-end.png"
    cv2.imwrite(str(shot), render_screen(board, width=720, height=1280, route=route).image)
    assert main(["solve-image", str(shot), "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["walked"] == [list(c) for c in route]
    assert record["from"] == "start" and "no finish from the cat on [2, 2]: going back 2" in record["note"]
    assert record["undo"] == [[2, 2], [2, 1]]
    path = [tuple(cell) for cell in record["path"]]
    assert is_valid_path(board, path) and path[:3] == route[:3]


REAL_PARTIAL = FIXTURES.parent.parent / "shared" / "real-screens" / "level-641-video-partial.png"


def printed_steps(text: str, board: Board) -> dict[tuple[int, int], int]:
    """The step numbers of the board drawing that ends `text` (its last `rows` lines)."""
    rows = text.splitlines()[-board.rows :]
    return {(r, c): int(t) for r, line in enumerate(rows) for c, t in enumerate(line.split()) if t.isdigit()}


@pytest.mark.skipif(not REAL_PARTIAL.is_file(), reason=f"{REAL_PARTIAL} is outside the project and optional")
def test_solve_image_numbers_the_real_half_drawn_frame_alike_in_the_terminal_and_the_overlay(
    tmp_path, capsys
):
    from test_vision_overlay import shows_step

    from onestroke.bot.vision import detect

    out = tmp_path / "route.png"
    assert main(["solve-image", str(REAL_PARTIAL), "--overlay", str(out)]) == 0
    text = capsys.readouterr().out
    assert "16 cells drawn already: finishing from the cat on [3, 2] (25 cells left)" in text
    board = Board.from_text(REAL_PARTIAL.with_suffix(".txt").read_text())
    walked = [tuple(int(v) for v in cell.split(",")) for cell in label_field(REAL_PARTIAL, "walked").split()]
    steps = printed_steps(text, board)
    path = sorted(steps, key=steps.get)
    assert sorted(steps.values()) == list(range(1, len(board) + 1)) and is_valid_path(board, path)
    assert path[: len(walked)] == walked  # the walked cells keep their numbers: the start is 1, the cat 16
    assert main(["solve-image", str(REAL_PARTIAL), "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["from"] == "head" and [tuple(c) for c in record["path"]] == path[len(walked) - 1 :]
    image = cv2.imread(str(REAL_PARTIAL))
    overlay = cv2.imread(str(out))[: image.shape[0]]
    geometry = detect(image).geometry
    for cell, step in steps.items():  # the overlay shows the terminal's number on every cell
        assert shows_step(overlay, geometry, cell, step), (cell, step)
