"""Loading a script of ``tools/`` (not a package) as a module, for its tests."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def load_tool(name: str) -> ModuleType:
    """``tools/<name>.py`` as the module ``name`` (registered in ``sys.modules`` once, so its
    dataclasses and pickles resolve)."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
