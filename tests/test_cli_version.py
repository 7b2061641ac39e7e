"""`onestroke --version`: the version pyproject.toml declares, at once (no command module loads)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def declared_version() -> str:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    found = re.search(r'^version = "([^"]+)"', text, flags=re.M)
    assert found, "pyproject.toml declares no version"
    return found.group(1)


def test_version_is_the_declared_one() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "onestroke", "--version"], capture_output=True, text=True, timeout=60
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, f"onestroke {declared_version()}\n", "")


def test_version_loads_no_command_module() -> None:
    probe = (
        "import sys; from onestroke.bot.cli import COMMAND_MODULES, main\n"
        "status = main(['--version'])\n"
        "print(status, sorted(m for m in COMMAND_MODULES if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert done.stdout.splitlines()[-1] == "0 []", done.stdout + done.stderr
