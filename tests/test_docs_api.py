"""docs/api.md's examples run as written, and the public API is what it says it is."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import onestroke

ROOT = Path(__file__).resolve().parents[1]
BLOCK = re.compile(r"^```python( e2e)?\n(.*?)^```", re.S | re.M)


def examples(e2e: bool) -> list[str]:
    """The code blocks (` ```python ` or ` ```python e2e `), each padded with blank lines so that a
    traceback names its line in docs/api.md."""
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    found = []
    for match in BLOCK.finditer(text):
        if bool(match.group(1)) == e2e:
            found.append("\n" * text.count("\n", 0, match.start(2)) + match.group(2))
    return found


def run(code: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # the examples name files as seen from the repository
    exec(compile(code, "docs/api.md", "exec"), {"__name__": "docs_api"})


@pytest.mark.parametrize("number", range(len(examples(e2e=False))))
def test_each_example_runs(number: int, monkeypatch: pytest.MonkeyPatch) -> None:
    run(examples(e2e=False)[number], monkeypatch)


@pytest.mark.e2e
@pytest.mark.slow
def test_the_level_loop_example_clears_its_levels() -> None:
    """In a process of its own: the xvfb device points this process's DISPLAY at its own server,
    and pyautogui binds to the display it first sees."""
    (code,) = examples(e2e=True)
    if shutil.which("Xvfb") is None:
        pytest.skip("Xvfb is not installed (apt-get install xvfb; `bash run.sh test` installs it)")
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=180, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_examples_are_found() -> None:
    assert len(examples(e2e=False)) >= 4 and len(examples(e2e=True)) == 1


def test_every_public_name_resolves_and_says_what_it_is() -> None:
    for name in onestroke.__all__:
        value = getattr(onestroke, name)
        if callable(value) or isinstance(value, type):
            assert value.__doc__, f"onestroke.{name} has no docstring"
    assert onestroke.__all__ == sorted(onestroke._EXPORTS)
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        _ = onestroke.nope  # type: ignore[attr-defined]


def test_import_onestroke_loads_no_heavy_module() -> None:
    heavy = "('numpy', 'cv2', 'mss', 'pyautogui', 'onestroke.solver')"
    code = f"import sys, onestroke; print(sorted(m for m in {heavy} if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert done.stdout.strip() == "[]"


def test_every_error_is_an_onestroke_error() -> None:
    errors = [
        getattr(onestroke, name)
        for name in onestroke.__all__
        if name.endswith("Error") or name == "LoopStopped"
    ]
    assert len(errors) >= 8
    assert all(issubclass(error, onestroke.OnestrokeError) for error in errors)
