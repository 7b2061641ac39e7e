"""Any file that is not a valid profile gives one ProfileError line naming the file (and field).

Property-based: hypothesis writes raw bytes, arbitrary JSON values, and profile-shaped objects
whose fields hold arbitrary JSON (inf, nan, 1e400, strings, deep lists) into the profile file;
`load_profile` must return a Profile or raise ProfileError with one short line, nothing else.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from onestroke.calibration.profile import Profile, ProfileError, load_profile, profile_path

FIELDS = ["name", "monitor", "region", "scale", "board", "next_button", "backend", "methods"]
FIELDS += ["serial", "created", "version"]

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**30), 10**30)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=200),
    lambda children: (
        st.lists(children, max_size=6) | st.dictionaries(st.text(max_size=10), children, max_size=6)
    ),
    max_leaves=30,
)
profile_like = st.dictionaries(st.sampled_from(FIELDS), json_values, max_size=len(FIELDS)).map(
    lambda d: {**d, "name": d.get("name", "fuzz")}
)


@pytest.fixture
def profiles(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ONESTROKE_CONFIG_DIR", str(tmp_path))
    path = profile_path("fuzz")
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def check(path: Path, content: bytes) -> None:
    path.write_bytes(content)
    try:
        profile = load_profile("fuzz")
    except ProfileError as error:
        message = str(error)
        assert "\n" not in message, message
        assert str(path) in message, message
        assert len(message) < len(str(path)) + 300, message
    else:
        assert isinstance(profile, Profile) and profile.name == "fuzz"
        assert math.isfinite(profile.scale) and profile.scale > 0


fuzz_settings = settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@fuzz_settings
@given(content=st.binary(max_size=400))
def test_raw_bytes(profiles: Path, content: bytes) -> None:
    check(profiles, content)


@fuzz_settings
@given(value=json_values)
def test_any_json_value(profiles: Path, value: object) -> None:
    check(profiles, json.dumps(value).encode())


@fuzz_settings
@given(data=profile_like)
def test_profile_shaped_objects_with_any_field_values(profiles: Path, data: dict) -> None:
    check(profiles, json.dumps(data).encode())


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        (b"\xff\xfe\x00binary", "not UTF-8 text"),
        ('{"name": "fuzz", "created": "caf\xe9"}'.encode("latin-1"), "not UTF-8 text"),
        (b'{"name": "fuzz", "region": [0, 0, 1e400, 10]}', "region must be a list of 4 numbers"),
        (b'{"name": "fuzz", "region": [0, 0, Infinity, 10]}', "region must be a list of 4 numbers"),
        (b'{"name": "fuzz", "board": [0, 0, NaN, 10]}', "board must be a list of 4 numbers"),
        (b'{"name": "fuzz", "next_button": ["x", 1]}', "next_button must be a list of 2 numbers"),
        (b'{"name": "fuzz", "scale": NaN}', "scale must be positive"),
        (b'{"name": "fuzz", "scale": 1e400}', "scale must be positive"),
        (b'{"name": "fuzz", "monitor": "one"}', "monitor must be a whole number"),
        (b'{"name": "fuzz", "created": 5}', "created must be text"),
        (b"[" * 20_000 + b"]" * 20_000, "nested too deeply"),
        (b" " * 70_000, "larger than 64 KB"),
    ],
)
def test_named_faults(profiles: Path, content: bytes, fragment: str) -> None:
    profiles.write_bytes(content)
    with pytest.raises(ProfileError) as error:
        load_profile("fuzz")
    message = str(error.value)
    assert message.startswith(str(profiles)) and fragment in message and "\n" not in message, message
