"""The rules core runs without a display: no module of kharkovsuite outside view imports Qt."""
import ast
from pathlib import Path

CORE = Path(__file__).resolve().parent.parent / "kharkovsuite"
QT_PACKAGES = ("PySide6", "PyQt5", "PyQt6", "shiboken6", "pytestqt")


def qt_imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""]
        else:
            continue
        found += [f"{path.relative_to(CORE.parent)}:{node.lineno}: {n}" for n in names if n.split(".")[0] in QT_PACKAGES]
    return found


def core_modules() -> list[Path]:
    return [p for p in CORE.rglob("*.py") if "view" not in p.relative_to(CORE).parts]


def test_no_qt_outside_view():
    offenders = [hit for p in core_modules() for hit in qt_imports(p)]
    assert offenders == [], "Qt imported in the headless core:\n" + "\n".join(offenders)


def test_the_check_sees_a_qt_import(tmp_path):
    sample = CORE / "_qt_probe_for_test.py"
    sample.write_text("from PySide6 import QtCore\n", encoding="utf-8")
    try:
        assert any("PySide6" in hit for hit in qt_imports(sample))
        assert sample in core_modules()
    finally:
        sample.unlink()
