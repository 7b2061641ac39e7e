"""The import-linter contracts in pyproject.toml hold: layers only point down, the solver is pure,
only devices and the practice game touch a display.

import-linter reads the package from disk, and in an editable install `onestroke` on disk holds
only the top package (the other folders are mapped in by setuptools' package-dir). So the test
lays the installed layout out in a temporary folder (`onestroke/bot`, `onestroke/solver`, ...)
as the wheel does, and runs `lint-imports` on it.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def package_dirs() -> dict[str, str]:
    """`[tool.setuptools.package-dir]` of pyproject.toml: package name -> repository folder."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    section = text.split("[tool.setuptools.package-dir]", 1)[1].split("\n[", 1)[0]
    return dict(re.findall(r'^"([\w.]+)"\s*=\s*"([\w/.]+)"', section, flags=re.M))


def installed_layout(target: Path) -> Path:
    """The packages copied as they are installed: `target/onestroke/bot/...`; returns `target`."""
    for package, folder in sorted(package_dirs().items()):
        destination = target.joinpath(*package.split("."))
        shutil.copytree(ROOT / folder, destination, ignore=shutil.ignore_patterns("__pycache__"))
    return target


def lint_imports(tree: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", str(ROOT / "pyproject.toml")],
        capture_output=True,
        text=True,
        cwd=tree,  # not the repository: its bare folders must not stand in for the packages
        env=env,
        timeout=120,
        check=False,
    )


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not LINT_IMPORTS.exists():
        pytest.skip("import-linter is not installed (pip install -e '.[test]')")
    return installed_layout(tmp_path_factory.mktemp("installed"))


def test_every_import_contract_is_kept(tree: Path) -> None:
    done = lint_imports(tree)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout


def test_an_import_that_points_up_breaks_the_layers(tree: Path, tmp_path: Path) -> None:
    broken = tmp_path / "broken"
    shutil.copytree(tree, broken)
    board = broken / "onestroke" / "solver" / "board.py"
    board.write_text(board.read_text() + "\nimport onestroke.bot.play.loop  # noqa\n")
    done = lint_imports(broken)
    assert done.returncode != 0
    assert "BROKEN" in done.stdout and "onestroke.solver.board -> onestroke.bot.play.loop" in done.stdout


def listed_packages() -> set[str]:
    """`[tool.setuptools] packages` of pyproject.toml."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    section = text.split("[tool.setuptools]", 1)[1].split("]", 1)[0]
    return set(re.findall(r'"([\w.]+)"', section))


def test_every_subpackage_is_listed_for_the_wheel() -> None:
    """A folder with an __init__.py that pyproject does not list would be left out of the wheel."""
    found = set()
    for package, folder in package_dirs().items():
        for init in (ROOT / folder).rglob("__init__.py"):
            if "__pycache__" not in init.parts:
                relative = init.parent.relative_to(ROOT / folder).parts
                found.add(".".join([package, *relative]))
    assert found - listed_packages() == set(), "add these to [tool.setuptools] packages in pyproject.toml"
    assert listed_packages() - found == set(), "listed in pyproject.toml but not a package here"
