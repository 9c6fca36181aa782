"""A normal install (the wheel `pip install .` or `pipx install` builds) has every rules page and
the app's CSS; the repository holds no stray binaries (issue 18, items 14 and 16)."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from cardtable import games

ROOT = Path(__file__).resolve().parents[1]
RULES = sorted((ROOT / "assets" / "rules").glob("*.md"))


def run(*args, cwd, env=None, timeout=240):
    done = subprocess.run(
        [str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout
    )
    assert done.returncode == 0, f"{args}\n{done.stdout}\n{done.stderr}"
    return done


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    """The project's wheel, built as `pip install .` builds it (the build backend from this
    venv, so the test needs no network)."""
    out = tmp_path_factory.mktemp("wheel")
    run(
        sys.executable,
        "-m",
        "pip",
        "wheel",
        "--quiet",
        "--no-deps",
        "--no-build-isolation",
        "--wheel-dir",
        out,
        ROOT,
        cwd=out,
    )
    (found,) = out.glob("cardtable-*.whl")
    return found


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory):
    """A fresh venv with the wheel installed (not editable); its dependencies are read from this
    venv's site-packages, which hold no copy of cardtable itself."""
    home = tmp_path_factory.mktemp("installed")
    venv = home / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=home)
    python = venv / "bin" / "python"
    site = run(python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))", cwd=home)
    Path(site.stdout.strip(), "deps.pth").write_text(sysconfig.get_path("purelib") + "\n")
    env = {**os.environ, "CARDTABLE_HOME": str(home / "data"), "PYTHONPATH": ""}
    run(
        python,
        "-m",
        "pip",
        "install",
        "--quiet",
        "--no-deps",
        "--no-index",
        wheel,
        cwd=home,
        env=env,
    )
    return venv, env


def test_the_wheel_ships_every_rules_page_and_the_css(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    assert RULES
    for page in RULES:
        assert f"cardtable/assets/rules/{page.name}" in names
    for source in [*(ROOT / "cardtable").rglob("*.py"), *(ROOT / "cardtable").rglob("*.tcss")]:
        assert source.relative_to(ROOT).as_posix() in names


def test_an_installed_cardtable_shows_every_rules_page(installed):
    venv, env = installed
    where = run(
        venv / "bin" / "python",
        "-c",
        "import cardtable.rules_pages as r; print(r.assets())",
        cwd=venv.parent,
        env=env,
    )
    assert where.stdout.strip().startswith(str(venv)), "the pages are not read from the install"
    for game_id in games.ids():
        done = run(venv / "bin" / "cardtable", "rules", game_id, cwd=venv.parent, env=env)
        assert "not written yet" not in done.stdout + done.stderr
        heading = (ROOT / "assets" / "rules" / f"{game_id}.md").read_text().splitlines()[0]
        assert heading.lstrip("# ").strip() in done.stdout


OPEN_THE_APP = """
import asyncio
from pathlib import Path
import cardtable
from cardtable.ui.app import CardTableApp

async def main():
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        css = Path(cardtable.__file__).parent / "ui" / CardTableApp.CSS_PATH
        assert css.is_file(), css
        assert app.stylesheet.rules, "no styles were read"
        print("opened", css)

asyncio.run(main())
"""


def test_an_installed_cardtable_opens_with_its_css(installed):
    venv, env = installed
    done = run(venv / "bin" / "python", "-c", OPEN_THE_APP, cwd=venv.parent, env=env)
    assert f"opened {venv}" in done.stdout


def tracked_files():
    """The files the repository holds (git's list; every file under the root without git)."""
    try:
        done = subprocess.run(
            ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, timeout=60
        )
    except FileNotFoundError:
        done = None
    if done is not None and done.returncode == 0:
        return [ROOT / name for name in done.stdout.splitlines()]
    return [p for p in ROOT.rglob("*") if p.is_file() and ".venv" not in p.parts]


def test_the_repository_holds_no_wheels_or_large_binaries():
    for path in tracked_files():
        if not path.is_file():
            continue
        assert path.suffix not in (".whl", ".so", ".tar", ".gz", ".zip"), path
        assert path.stat().st_size < 1_000_000, f"{path} is {path.stat().st_size:,} bytes"
