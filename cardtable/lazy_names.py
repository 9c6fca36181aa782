"""A package's names imported on first use (PEP 562), for packages the start screen touches."""

from __future__ import annotations

import sys
from collections.abc import Callable
from importlib import import_module
from typing import Any


def lazy_names(
    package: str, homes: dict[str, str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The module `__getattr__` and `__dir__` of `package`: each name in `homes` is imported from
    its submodule (`homes[name]`) the first time it is asked for, then kept in the package."""

    def __getattr__(name: str) -> Any:
        """A public name, imported from its module the first time it is asked for, then kept."""
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(f"{package}.{home}"), name)
        setattr(sys.modules[package], name, value)
        return value

    def __dir__() -> list[str]:
        """The package's names, the ones not yet imported among them."""
        return sorted(set(vars(sys.modules[package])) | set(homes))

    return __getattr__, __dir__
