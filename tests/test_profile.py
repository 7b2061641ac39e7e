"""Calibration profiles: JSON round trip, the config folder, and one-line errors naming the file."""

from __future__ import annotations

from pathlib import Path

import pytest

from onestroke.calibration.profile import Profile, ProfileError, load_profile, profile_dir, save_profile
from onestroke.coords import Point, Rect


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ONESTROKE_CONFIG_DIR", str(tmp_path))
    return tmp_path


def test_saved_profile_loads_back_equal(config: Path) -> None:
    profile = Profile(
        name="phone-1",
        monitor=2,
        region=Rect(10, 20, 450, 800),
        scale=2.0,
        board=Rect.from_corners(40.5, 200.0, 420.0, 610.25),
        next_button=Point(235.0, 700.0),
        created="2026-01-01T00:00:00+00:00",
    )
    path = save_profile(profile)
    assert path == config / "profiles" / "phone-1.json"
    assert load_profile("phone-1") == profile


def test_a_profile_file_written_before_rects_still_loads(config: Path) -> None:
    folder = config / "profiles"
    folder.mkdir()
    (folder / "old.json").write_text(
        '{"name": "old", "monitor": 1, "region": [10, 20, 450, 800], "scale": 1.0,'
        ' "board": [40.5, 200.0, 420.0, 610.25], "next_button": [235.0, 700.0], "backend": "screen",'
        ' "serial": null, "created": "", "version": 1}'
    )
    profile = load_profile("old")
    assert profile.region == Rect(10, 20, 450, 800)
    assert profile.board == Rect(40.5, 200.0, 379.5, 410.25) and profile.board.right == 420.0
    assert profile.next_button == Point(235.0, 700.0)
    assert profile.backend == "desktop"  # was called "screen"
    assert save_profile(profile).read_text() == Profile.from_json(profile.to_json()).to_json()
    assert '"board": [\n    40.5,\n    200.0,\n    420.0,\n    610.25\n  ]' in profile.to_json()


def test_profile_without_optional_parts_round_trips(config: Path) -> None:
    save_profile(Profile(name="bare"))
    loaded = load_profile("bare")
    assert loaded.region is None and loaded.next_button is None and loaded.scale == 1.0


def test_default_folder_is_the_platform_user_config_dir(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("ONESTROKE_CONFIG_DIR", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert profile_dir() == tmp_path / "onestroke" / "profiles"


def test_missing_profile_says_how_to_make_one(config: Path) -> None:
    with pytest.raises(ProfileError, match=r"no profile 'nope' at .*nope\.json: run `onestroke calibrate"):
        load_profile("nope")


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "expected a JSON object"),
        ('{"name": "bad", "colour": "red"}', "unknown field"),
        ('{"name": "bad", "region": [1, 2, 3]}', "region must be a list of 4 numbers"),
        ('{"name": "bad", "scale": 0}', "scale must be positive"),
        ('{"name": "bad", "backend": "Tele pathy!"}', "backend must be a device name"),
        ('{"name": "bad", "methods": {"touch": 5}}', "methods must map names to text"),
        ('{"name": "bad", "version": 99}', "newer onestroke"),
        ('{"name": "bad", "version": "x"}', "version must be a whole number"),
        ('{"name": "bad", "monitor": "x"}', "monitor must be a whole number"),
        ('{"name": "bad", "monitor": 1.5}', "monitor must be a whole number"),
        ('{"name": "bad", "monitor": -1}', "monitor must be a whole number"),
        ('{"name": "bad", "scale": true}', "scale must be positive"),
        ('{"name": "bad", "scale": 1e400}', "scale must be positive"),
        ('{"name": "bad", "region": [0, 0, -5, 10]}', "has no area"),
        ('{"name": "bad", "serial": 5}', "serial must be text"),
        ('{"name": "other"}', "holds profile 'other'"),
    ],
)
def test_malformed_profile_names_the_file_and_the_problem(config: Path, text: str, problem: str) -> None:
    folder = config / "profiles"
    folder.mkdir()
    (folder / "bad.json").write_text(text)
    with pytest.raises(ProfileError, match="bad.json") as error:
        load_profile("bad")
    assert problem in str(error.value)


@pytest.mark.parametrize("name", ["", "../escape", "a/b", "x" * 65, ".hidden"])
def test_names_that_would_escape_the_folder_are_refused(config: Path, name: str) -> None:
    with pytest.raises(ProfileError, match="profile name"):
        save_profile(Profile(name=name))
