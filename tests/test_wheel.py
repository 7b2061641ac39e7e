"""The distribution as a user gets it: build the sdist and wheel (`python -m build`), check them
with `twine check`, install ONLY the wheel into a fresh venv outside the repository, and use it
there: `import onestroke` works, the generic names `bot` and `solver` do not exist, and
`onestroke demo --levels 1` clears a level (on its own Xvfb).

Slow (a minute or two: the venv installs numpy, OpenCV, ... from the package index), hence
marked `slow` and `e2e`; `bash run.sh test` (what CI runs) includes it.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

pytestmark = [pytest.mark.slow, pytest.mark.e2e]

ROOT = Path(__file__).resolve().parents[1]


def run(*command: str | Path, cwd: Path, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "DISPLAY")}
    return subprocess.run(
        [str(part) for part in command], capture_output=True, text=True, cwd=cwd, env=env, timeout=timeout
    )


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    for tool in ("build", "twine"):
        if importlib.util.find_spec(tool) is None:
            pytest.skip(f"{tool} is not installed (pip install -e '.[test]')")
    out = tmp_path_factory.mktemp("dist")
    done = run(sys.executable, "-m", "build", "--outdir", out, ROOT, cwd=out)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return out


@pytest.fixture(scope="module")
def venv(dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv (outside the repository) with only the wheel (and its dependencies) installed."""
    folder = tmp_path_factory.mktemp("venv")
    done = run(sys.executable, "-m", "venv", folder / "env", cwd=folder)
    assert done.returncode == 0, done.stderr
    (wheel,) = dist.glob("*.whl")
    done = run(folder / "env" / "bin" / "python", "-m", "pip", "install", "-q", wheel, cwd=folder)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return folder


def test_twine_accepts_the_sdist_and_the_wheel(dist: Path) -> None:
    files = sorted(dist.iterdir())
    assert sorted(f.suffix for f in files) == [".gz", ".whl"]
    done = run(sys.executable, "-m", "twine", "check", "--strict", *files, cwd=dist)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_wheel_holds_one_top_level_package_and_its_types(dist: Path) -> None:
    (wheel,) = dist.glob("*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    tops = {name.split("/")[0] for name in names}
    assert tops == {"onestroke", "onestroke-0.1.0.dist-info"}
    assert "onestroke/py.typed" in names and "onestroke/practice/web/page.html" in names


def test_only_onestroke_imports_from_the_installed_wheel(venv: Path) -> None:
    python = venv / "env" / "bin" / "python"
    done = run(
        python, "-c", "import onestroke; print(onestroke.__file__, onestroke.Board.__module__)", cwd=venv
    )
    assert done.returncode == 0, done.stderr
    assert str(venv) in done.stdout and str(ROOT) not in done.stdout  # the wheel's copy, not the checkout
    for generic in ("bot", "solver", "calibration", "practice"):
        done = run(python, "-c", f"import {generic}", cwd=venv)
        assert done.returncode != 0 and "ModuleNotFoundError" in done.stderr, generic


def test_the_installed_demo_clears_a_level(venv: Path) -> None:
    if shutil.which("Xvfb") is None:
        pytest.skip("Xvfb is not installed (apt-get install xvfb; `bash run.sh test` installs it)")
    done = run(venv / "env" / "bin" / "onestroke", "demo", "--levels", "1", cwd=venv, timeout=180)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "demo: 1/1 levels cleared" in done.stdout
