"""The layers and their order (DESIGN.md, "Layers"): cards -> engine -> games -> bots -> net ->
ui -> cli. A module imports only from its own layer and the layers before it; the rules layers
(cards to net) never load textual or rich, and import on a Python without fcntl (Windows)."""

from __future__ import annotations

import ast
import gc
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HERE = "tests/test_layers.py"

LAYERS = ("cards", "engine", "games", "bots", "net", "ui", "cli")
"""Bottom first: each layer may import itself and the layers before it, never one after it."""

RULES_LAYERS = LAYERS[: LAYERS.index("net") + 1]
"""The layers that know nothing of a screen: they never import textual or rich."""

TOP_LEVEL = {
    "cardtable.cli": "cli",
    "cardtable.__main__": "cli",
    "cardtable.web": "cli",
    "cardtable.web_seats": "cli",
    "cardtable.rules_pages": "games",
    "cardtable.saved_list": "games",
    "cardtable.lazy_names": "cards",
}
"""The modules directly in cardtable/ and the layer each counts in: the front doors (cli.py,
__main__.py, web.py, and web_seats.py, the pages a host serves its seats) on top; rules_pages.py
(each game's rules page) and saved_list.py (the saved games in words) in `games`, as what they
know is the games, so the UI and the command line both use them; lazy_names.py (first-use
imports for a package, knowing nothing of cardtable) in `cards`, the lowest, which uses it. The
package's own `cardtable/__init__.py` is below every layer: it imports no part of cardtable."""


def module_name(path: Path, package_root: Path) -> str:
    """'cardtable.games.piles.rules' for cardtable/games/piles/rules.py."""
    parts = list(path.relative_to(package_root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def layer_of(module: str) -> str | None:
    """The layer a cardtable module belongs to; None for the package itself."""
    parts = module.split(".")
    if len(parts) == 1:
        return None
    if parts[1] in LAYERS:
        return parts[1]
    return TOP_LEVEL.get(".".join(parts[:2]), "")


def is_module(package_root: Path, module: str) -> bool:
    """Whether `module` is a file or a package in the tree at `package_root`."""
    path = package_root.parent.joinpath(*module.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def parsed(path: Path) -> ast.Module:
    """The file's syntax tree, parsed with the garbage collector paused: on Python 3.11.7 a
    collection that runs a finalizer in the middle of a parse raises "SystemError: AST
    constructor recursion depth mismatch" (a CPython bug of the AST checker, fixed in later
    releases), and a test app's leftovers from earlier in the same worker once did just that."""
    source = path.read_text(encoding="utf-8")
    collecting = gc.isenabled()
    gc.disable()
    try:
        return ast.parse(source)
    finally:
        if collecting:
            gc.enable()


def imported_modules(path: Path, module: str, package_root: Path) -> list[tuple[str, int]]:
    """Every cardtable module that the file imports (at its top, in a function, or for type
    checking alone), with the line: relative imports resolved, and `from cardtable import games`
    counted as cardtable.games (a module imported from a package is the module)."""
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    found = []
    for node in ast.walk(parsed(path)):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            for alias in node.names:
                inner = f"{source}.{alias.name}"
                found.append((inner if is_module(package_root, inner) else source, node.lineno))
    return [(name, line) for name, line in found if name.split(".")[0] == "cardtable"]


def order_breaks(package_root: Path) -> list[str]:
    """A sentence for every import in the package at `package_root` that breaks the layers'
    order, or that comes from a module no layer holds."""
    order = " -> ".join(LAYERS)
    breaks = []
    for path in sorted(package_root.rglob("*.py")):
        module = module_name(path, package_root)
        where = path.relative_to(package_root.parent)
        layer = layer_of(module)
        if layer == "":
            breaks.append(f"{where} is in no layer: give it one in TOP_LEVEL in {HERE}.")
            continue
        allowed = LAYERS[: LAYERS.index(layer) + 1] if layer else ()
        for imported, line in imported_modules(path, module, package_root):
            if imported == "cardtable" or layer_of(imported) in allowed:
                continue
            may = ", ".join(allowed) if allowed else "no part of cardtable"
            breaks.append(
                f"{where}:{line} (layer {layer or 'the package itself'}) imports {imported} "
                f"(layer {layer_of(imported) or 'none'}), but may import only {may}: "
                f"the order is {order}."
            )
    return breaks


def test_every_import_follows_the_order_of_the_layers():
    breaks = order_breaks(ROOT / "cardtable")
    assert not breaks, "\n".join(breaks)


def test_an_import_against_the_order_is_named_in_a_sentence(tmp_path):
    package = tmp_path / "cardtable"
    (package / "games" / "piles").mkdir(parents=True)
    (package / "ui").mkdir()
    (package / "__init__.py").write_text("")
    (package / "ui" / "cells.py").write_text("WIDTH = 80\n")
    (package / "games" / "piles" / "rules.py").write_text(
        "from cardtable.engine import IllegalMove\n\n\ndef f():\n    from ...ui import cells\n"
    )
    (package / "helpers.py").write_text("from cardtable import games\n")
    assert order_breaks(package) == [
        "cardtable/games/piles/rules.py:5 (layer games) imports cardtable.ui.cells (layer ui), "
        "but may import only cards, engine, games: "
        "the order is cards -> engine -> games -> bots -> net -> ui -> cli.",
        "cardtable/helpers.py is in no layer: give it one in TOP_LEVEL in tests/test_layers.py.",
    ]


def import_every_rules_module(before: str = "") -> subprocess.CompletedProcess:
    """Import every module of the rules layers and every game in a fresh interpreter, after
    running `before`; it prints which of textual and rich were loaded."""
    code = (
        f"{before}\n"
        "import importlib, pkgutil, sys\n"
        f"for layer in {RULES_LAYERS!r}:\n"
        "    package = importlib.import_module('cardtable.' + layer)\n"
        "    for found in pkgutil.walk_packages(package.__path__, package.__name__ + '.'):\n"
        "        importlib.import_module(found.name)\n"
        "from cardtable import games\n"
        "for game_id in games.ids():\n"
        "    games.get(game_id)\n"
        "print([m for m in ('textual', 'rich') if m in sys.modules])\n"
    )
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )


def test_rules_layers_import_neither_textual_nor_rich():
    done = import_every_rules_module()
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_rules_layers_import_on_a_python_without_fcntl():
    # Windows has no fcntl: the game lock is filelock's, which picks the system's own lock.
    done = import_every_rules_module("import sys\nsys.modules['fcntl'] = None")
    assert done.returncode == 0, done.stderr
