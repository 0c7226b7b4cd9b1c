"""Lazy re-exports for a package's ``__init__`` (PEP 562): a public name's module is imported on its first use, so a
command loads only what it needs (``lifeboat.notation``, ``service``).

Use, at the end of the package's ``__init__``::

    __getattr__ = lazy_exports(__name__, {"parse": "lifeboat.notation.parser", ...})
"""

from __future__ import annotations

import importlib
import sys
import types
from collections.abc import Callable


def lazy_exports(package: str, lazy: dict[str, str]) -> Callable[[str], object]:
    """The module ``__getattr__`` of ``package`` importing each name of ``lazy`` (``{name: its module's dotted
    name}``) on first use; also makes the package keep such a name bound to the object, not to the submodule of the
    same name that Python binds on the package when it imports that submodule (``notation.render`` stays the
    function).

    The returned function raises ``AttributeError`` for a name not in ``lazy``, and whatever importing its module
    raises.
    """
    namespace = sys.modules[package].__dict__

    def __getattr__(name: str) -> object:
        module = lazy.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        namespace[name] = value
        return value

    class _LazyPackage(types.ModuleType):
        def __setattr__(self, name: str, value: object) -> None:
            if isinstance(value, types.ModuleType) and lazy.get(name) == value.__name__:
                value = getattr(value, name)
            super().__setattr__(name, value)

    sys.modules[package].__class__ = _LazyPackage
    return __getattr__
