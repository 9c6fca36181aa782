"""Headless Chromium for tests: installed when missing (as root, with apt-get), driven over the
Chrome DevTools protocol with the `websockets` package, reading what xterm.js holds on screen."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import fcntl
import itertools
import json
import os
import shutil
import signal
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

INSTALL_SECONDS = 300
LOCK_SECONDS = 120
"""How long apt-get waits for dpkg's lock held by another program before it gives up."""
INSTALL_LOCK = Path(tempfile.gettempdir()) / "cardtable-tests-chromium-install.lock"
"""Held while one test worker looks for Chromium and installs it."""
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1280,800",
    "--remote-debugging-port=0",
]

# textual-serve's page keeps its xterm.js Terminal to itself, in a property named `terminal`.
# Run before the page's own scripts, this catches that assignment (a setter on Object's
# prototype, which then steps aside) so the test can read the terminal's buffer: the very
# characters the page draws.
CATCH_TERMINAL = """
window.__terminals = [];
Object.defineProperty(Object.prototype, 'terminal', {
  configurable: true,
  set(value) {
    if (value && value.buffer && value.buffer.active) window.__terminals.push(value);
    Object.defineProperty(this, 'terminal',
      {value, writable: true, configurable: true, enumerable: true});
  },
});
"""
READ_SCREEN = """(() => {
  const terminal = window.__terminals[0];
  if (!terminal) return null;
  const buffer = terminal.buffer.active, lines = [];
  for (let y = 0; y < terminal.rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y);
    lines.push(line ? line.translateToString(true) : '');
  }
  return lines.join('\\n');
})()"""

CTRL = 2
KEYS = {  # name: (DOM key, DOM code, key code, text typed, modifiers)
    "Enter": ("Enter", "Enter", 13, "\r", 0),
    "Escape": ("Escape", "Escape", 27, "", 0),
    "Tab": ("Tab", "Tab", 9, "\t", 0),
    "End": ("End", "End", 35, "", 0),
    "Down": ("ArrowDown", "ArrowDown", 40, "", 0),
    "ctrl+s": ("s", "KeyS", 83, "", CTRL),
}


def end_group(process: subprocess.Popen) -> None:
    """End a process started in its own group, and every process of that group: asked first
    (SIGTERM), then made to (SIGKILL) after 10 s."""
    if process.poll() is not None:
        return
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=10)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def find_or_install_chromium() -> tuple[str | None, str]:
    """The path of a chromium binary, installing Debian's package when we may; else (None, why)."""
    found = shutil.which("chromium")
    if found:
        return found, ""
    if not shutil.which("apt-get"):
        return None, "chromium is not installed and there is no apt-get to install it"
    if os.geteuid() != 0:
        return None, "chromium is not installed, and installing it needs root (apt-get)"
    # The suite's workers each ask at once: one installs while the others wait for it (two
    # apt-gets at once fail on dpkg's lock), then find what it installed.
    with open(INSTALL_LOCK, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        found = shutil.which("chromium")
        if found:
            return found, ""
        done = _apt_install_chromium()
    if isinstance(done, str):
        return None, done
    found = shutil.which("chromium")
    if found:
        return found, ""
    last = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["no output"]
    return None, f"apt-get install chromium failed: {last[0]}"


def _apt_install_chromium() -> subprocess.CompletedProcess[str] | str:
    """apt-get's run installing Debian's chromium (waiting for dpkg's lock if another program
    holds it), after refreshing the package lists if the first try fails; or why it stopped."""
    quiet = {"capture_output": True, "text": True, "timeout": INSTALL_SECONDS}
    environment = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    install = ["apt-get", "-o", f"DPkg::Lock::Timeout={LOCK_SECONDS}", "install", "-y", "chromium"]
    try:
        done = subprocess.run(install, env=environment, **quiet)
        if done.returncode != 0:  # a machine whose package lists are stale or missing
            subprocess.run(["apt-get", "update"], env=environment, **quiet)
            done = subprocess.run(install, env=environment, **quiet)
    except subprocess.TimeoutExpired:
        return f"installing chromium with apt-get took over {INSTALL_SECONDS} s"
    return done


class Page:
    """One tab of a headless Chromium, spoken to over the DevTools protocol."""

    def __init__(self, connection: ClientConnection) -> None:
        self.connection = connection
        self.ids = itertools.count(1)

    async def call(self, method: str, **params: Any) -> dict[str, Any]:
        """Send one command and return its result (events that arrive meanwhile are skipped)."""
        number = next(self.ids)
        await self.connection.send(json.dumps({"id": number, "method": method, "params": params}))
        while True:
            answer = json.loads(await self.connection.recv())
            if answer.get("id") == number:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer["result"]

    async def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page."""
        result = await self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        return result["result"].get("value")

    async def screen(self) -> str:
        """The text of the page's terminal, line by line ('' until the page has one)."""
        return await self.evaluate(READ_SCREEN) or ""

    async def wait_for_screen(self, *texts: str, timeout: float = 20.0) -> str:
        """The terminal's text once it holds every one of `texts`; AssertionError after
        `timeout` seconds, showing what it held."""
        deadline = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < deadline:
            screen = await self.screen()
            if all(text in screen for text in texts):
                return screen
            await asyncio.sleep(0.2)
        raise AssertionError(f"the page never showed {texts}; it showed:\n{screen}")

    async def press(self, key: str) -> None:
        """Press one key in the page's terminal (focused first, as a click would): a printable
        character, or one of KEYS ('Enter', 'Escape', 'End', 'ctrl+s', ...)."""
        await self.evaluate("window.__terminals[0].focus()")
        name, code, number, text, modifiers = KEYS.get(key, (key, "", 0, key, 0))
        event = {"key": name, "code": code, "windowsVirtualKeyCode": number, "modifiers": modifiers}
        down = {**event, "text": text} if text else event
        await self.call("Input.dispatchKeyEvent", type="keyDown", **down)
        await self.call("Input.dispatchKeyEvent", type="keyUp", **event)

    async def screenshot(self, path: Path) -> Path:
        """Save a PNG of the page at `path`."""
        shot = await self.call("Page.captureScreenshot", format="png")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(shot["data"]))
        return path


class Chromium:
    """A headless Chromium with a new empty profile, ended (with its helpers) on exit."""

    def __init__(self, binary: str) -> None:
        self.binary = binary
        self.profile = tempfile.TemporaryDirectory(prefix="cardtable-chromium-")
        self.process: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> Chromium:
        self.process = subprocess.Popen(
            [self.binary, *FLAGS, f"--user-data-dir={self.profile.name}", "about:blank"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # its own process group: its helpers end with it
        )
        return self

    def __exit__(self, *exc: object) -> None:
        if self.process is not None:
            end_group(self.process)
        self.profile.cleanup()

    def debugging_port(self, timeout: float = 15.0) -> int:
        """The DevTools port Chromium chose, from the file it writes in its profile."""
        port_file = Path(self.profile.name) / "DevToolsActivePort"
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if port_file.exists():
                lines = port_file.read_text().splitlines()
                if len(lines) >= 2:
                    return int(lines[0])
            assert self.process is not None
            if self.process.poll() is not None:
                raise RuntimeError(f"chromium exited at once, with {self.process.returncode}")
            time.sleep(0.05)
        raise RuntimeError(f"chromium opened no DevTools port in {timeout:.0f} s")

    @contextlib.asynccontextmanager
    async def open(self, url: str, new_tab: bool = False) -> AsyncIterator[Page]:
        """Its blank tab (or, `new_tab`, another one), connected, with the terminal catcher in
        place, gone to `url`."""
        port = self.debugging_port()
        if new_tab:
            ask = urllib.request.Request(f"http://127.0.0.1:{port}/json/new", method="PUT")
            with urllib.request.urlopen(ask, timeout=10) as answer:
                tab = json.load(answer)
        else:
            listing = f"http://127.0.0.1:{port}/json/list"
            with urllib.request.urlopen(listing, timeout=10) as answer:
                targets = json.load(answer)
            tab = next(target for target in targets if target["type"] == "page")
        async with connect(tab["webSocketDebuggerUrl"], max_size=2**26) as connection:
            page = Page(connection)
            await page.call("Page.enable")
            await page.call("Page.addScriptToEvaluateOnNewDocument", source=CATCH_TERMINAL)
            await page.call("Page.navigate", url=url)
            yield page
