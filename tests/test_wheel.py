"""The wheel: built with ``python -m build --wheel`` and installed in a fresh virtual environment,
it runs ``kharkov --screenshot`` on every shipped scenario (with every unit symbol they name),
``kharkov-editor --screenshot`` and ``kharkov-cli validate`` on its own copy of the scenarios,
with no checkout in sight.

How it is installed: the wheel's dependencies (PySide6, shapely, scipy, ...) would have to come
from a package index, so the wheel goes in with ``pip install --no-deps`` into a venv made
*without* ``--system-site-packages`` (a venv made from another venv would see the base
interpreter's packages, not the project's); a ``.pth`` file names the project venv's
site-packages for the dependencies only (its own ``.pth`` files, such as an editable install of
this project, are not read, so ``kharkovsuite`` itself can only come from the wheel).  Building
uses build's isolated environment, which needs setuptools from the same index CI installs from.

Marked ``wheel``: it runs with the rest of the suite in CI (``pytest -m "not wheel"`` leaves it out
locally, as it takes a minute).
"""
import os
import shutil
import site
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ("pyproject.toml", "README.md", "kharkovsuite", "player", "editor", "scenarios", "resources", "docs/rules", "docs/player")
SCENARIOS = sorted(p.name for p in (ROOT / "scenarios").glob("*.yaml"))

pytestmark = pytest.mark.wheel


def _run(args, cwd, env=None, timeout=300) -> subprocess.CompletedProcess:
    done = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"{' '.join(map(str, args))} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}"
    return done


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(venv folder, environment) of a fresh venv with the wheel installed."""
    tmp = tmp_path_factory.mktemp("wheel")
    source = tmp / "source"  # a copy: the build leaves build/ and egg-info beside the sources
    for name in SHIPPED:
        src = ROOT / name
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        if src.is_dir():
            shutil.copytree(src, source / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(src, source / name)
    dist = tmp / "dist"
    _run([sys.executable, "-m", "build", "--wheel", "--outdir", dist, source], cwd=tmp, timeout=600)
    wheel = next(dist.glob("kharkovsuite-*.whl"))
    venv = tmp / "venv"
    _run([sys.executable, "-m", "venv", venv], cwd=tmp)
    python = venv / "bin" / "python"
    venv_site = Path(_run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], cwd=tmp).stdout.strip())
    (venv_site / "project_dependencies.pth").write_text("\n".join(site.getsitepackages()) + "\n")
    _run([python, "-m", "pip", "install", "--no-deps", "--no-index", "--quiet", wheel], cwd=tmp)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env["QT_QPA_PLATFORM"] = "offscreen"
    return venv, env


def test_the_installed_suite_runs_from_the_wheel_not_the_checkout(installed, tmp_path):
    venv, env = installed
    out = _run([venv / "bin" / "python", "-c", "import kharkovsuite, player, editor, kharkovsuite.resources as r; print(kharkovsuite.__file__, player.__file__, editor.__file__, r.data_root(), sep='\\n')"], cwd=tmp_path, env=env).stdout.split()
    assert all(Path(p).resolve().is_relative_to(venv.resolve()) for p in out), out
    share = Path(out[-1])
    assert sorted(p.name for p in (share / "scenarios").glob("*.yaml")) == SCENARIOS
    assert (share / "resources" / "icons" / "kharkov-editor.svg").is_file()
    assert (share / "docs" / "player" / "how-to-play.md").is_file()


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_installed_player_screenshots_every_scenario(installed, tmp_path, scenario):
    venv, env = installed
    share = venv / "share" / "kharkovsuite"
    png = tmp_path / f"{scenario}.png"
    _run([venv / "bin" / "kharkov", "--scenario", share / "scenarios" / scenario, "--screenshot", png], cwd=tmp_path, env=env)
    assert png.stat().st_size > 20_000


def test_the_installed_player_opens_its_start_page_without_a_scenario(installed, tmp_path):
    venv, env = installed
    png = tmp_path / "start.png"  # the start page lists the installed scenarios and draws their maps
    _run([venv / "bin" / "kharkov", "--screenshot", png], cwd=tmp_path, env=env)
    assert png.stat().st_size > 20_000


def test_the_installed_editor_and_cli_read_the_installed_scenarios(installed, tmp_path):
    venv, env = installed
    share = venv / "share" / "kharkovsuite" / "scenarios"
    png = tmp_path / "editor.png"
    _run([venv / "bin" / "kharkov-editor", share / "kirovograd-opening-moves.yaml", "--screenshot", png], cwd=tmp_path, env=env)
    assert png.stat().st_size > 20_000
    done = _run([venv / "bin" / "kharkov-cli", "validate", *sorted(share.glob("*.yaml"))], cwd=tmp_path, env=env)
    assert done.stdout.count(": valid") == len(SCENARIOS)
