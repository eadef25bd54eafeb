"""The import contracts of pyproject.toml ([tool.importlinter]) hold, and they do catch a bad import.

Layers (ARCHITECTURE.md): Qt only in kharkovsuite.view, player and editor; the engine imports no
rule system; a rule system imports no other.  The contracts name rule systems by wildcard
(``kharkovsuite.rules.*``), so a new system is covered as soon as its package exists.
"""
from __future__ import annotations

import shutil
from contextlib import contextmanager
from pathlib import Path

import importlinter.api  # noqa: F401 - configures import-linter's readers and graph builder
from importlinter.application import use_cases

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "pyproject.toml"


def lint(*contracts: str) -> bool:
    """Run import-linter on the project's contracts (all, or those ids), with no cache."""
    return use_cases.lint_imports(config_filename=str(CONFIG), limit_to_contracts=contracts, cache_dir=None,
                                  no_logo=True)


def report(capsys) -> str:
    """What import-linter printed, on one line (it wraps long import chains)."""
    return " ".join(capsys.readouterr().out.split())


@contextmanager
def module(relative: str, text: str):
    """A throw-away module in the source tree, removed afterwards with any folder made for it."""
    path = ROOT / relative
    new_folder = next((p for p in reversed(path.parents) if not p.exists()), None)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    try:
        yield
    finally:
        if new_folder is not None:
            shutil.rmtree(new_folder)
        else:
            path.unlink()


def test_the_layers_keep_their_import_contracts(capsys):
    kept = lint()
    assert kept, report(capsys)


def test_a_qt_import_in_the_engine_breaks_the_qt_contract(capsys):
    with module("kharkovsuite/engine/_contract_probe.py", "from PySide6 import QtCore\n"):
        assert not lint("qt-only-in-view")
    assert "kharkovsuite.engine._contract_probe -> PySide6" in report(capsys)


def test_a_rule_system_import_in_the_engine_breaks_the_engine_contract(capsys):
    with module("kharkovsuite/engine/_contract_probe.py", "from ..rules.kharkov1942 import sequence\n"):
        assert not lint("engine-without-rule-systems")
    assert "kharkovsuite.engine._contract_probe -> kharkovsuite.rules.kharkov1942.sequence" in report(capsys)


def test_a_new_rule_system_importing_another_breaks_the_independence_contract(capsys):
    with module("kharkovsuite/rules/zz_probe_system/__init__.py", "from ..kharkov1942 import sequence\n"):
        assert not lint("rule-systems-independent")
    assert "kharkovsuite.rules.zz_probe_system" in report(capsys)


def test_a_rule_system_import_in_the_ai_core_breaks_the_ai_core_contract(capsys):
    with module("kharkovsuite/ai/core/_contract_probe.py", "from ...rules.kharkov1942 import odds\n"):
        assert not lint("ai-core-without-rule-systems")
    assert "kharkovsuite.ai.core._contract_probe -> kharkovsuite.rules.kharkov1942.odds" in report(capsys)


def test_the_ai_core_reaching_a_rule_system_through_a_player_module_breaks_its_contract(capsys):
    with module("kharkovsuite/ai/core/_contract_probe.py", "from .. import kharkov1942\n"):
        assert not lint("ai-core-without-rule-systems")
    assert "kharkovsuite.ai.core._contract_probe -> kharkovsuite.ai.kharkov1942" in report(capsys)
