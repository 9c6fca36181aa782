"""`make play` installs only what playing needs; `make test` adds the test tools."""

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(not shutil.which("make"), reason="make is not installed")


def planned(target: str, tmp_path) -> str:
    """What `make TARGET` would run in a fresh clone (a dry run, with a venv not made yet)."""
    done = subprocess.run(
        ["make", "-n", target, f"VENV={tmp_path / 'venv'}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_make_play_installs_the_app_without_the_test_tools(tmp_path):
    plan = planned("play", tmp_path)
    assert "install" in plan and "-e ." in plan
    assert "[dev]" not in plan


def test_make_test_adds_the_test_tools(tmp_path):
    plan = planned("test", tmp_path)
    assert "-e ." in plan and "-e '.[dev]'" in plan and "pytest" in plan


def test_the_readme_points_to_the_architecture_in_the_repository():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "../shared" not in readme
    assert "docs/ARCHITECTURE.md" in readme and (ROOT / "docs" / "ARCHITECTURE.md").is_file()
