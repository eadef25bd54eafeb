"""The dataclasses' compiled code kept on disk (kharkovsuite.codecache, issue 27's start-up): a class
made with the table behaves as one made without it, the table is written when it grew and read
back whole, and a damaged or foreign file is never used."""
from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from pathlib import Path

import pytest

from kharkovsuite import codecache, tablecache

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def installed(tmp_path, monkeypatch):
    monkeypatch.setenv(tablecache.ENV, str(tmp_path))
    monkeypatch.setattr(codecache, "_codes", {})
    monkeypatch.setattr(codecache, "_added", 0)
    monkeypatch.setattr(codecache, "_installed", False)
    monkeypatch.setattr("atexit.register", lambda *a, **k: None)
    assert codecache.install()
    yield tmp_path
    codecache.uninstall()


def test_a_dataclass_made_through_the_table_works_as_one_made_without(installed):
    @dataclasses.dataclass(frozen=True)
    class Point:
        x: int
        y: int = 2

    assert codecache._added >= 4  # __init__, __repr__, __eq__, __hash__, the frozen __setattr__...
    p = Point(1)
    assert (p.x, p.y, repr(p), p == Point(1, 2), hash(p) == hash(Point(1, 2))) == (1, 2, "test_a_dataclass_made_through_the_table_works_as_one_made_without.<locals>.Point(x=1, y=2)", True, True)
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.x = 3
    added = codecache._added

    @dataclasses.dataclass(frozen=True)
    class Point:  # noqa: F811 - the same class again: its code comes from the table
        x: int
        y: int = 2

    assert codecache._added == added and Point(5).y == 2


def test_the_table_is_written_and_read_back(installed):
    @dataclasses.dataclass
    class Pair:
        a: str
        b: list = dataclasses.field(default_factory=list)

    path = codecache._path()
    codecache._save(path)
    table = codecache.read(path)
    assert table.keys() == codecache._codes.keys() and any("Pair" in k or "__dataclass_builtins_object__" in k for k in table)
    assert all(table[k].co_code == codecache._codes[k].co_code for k in table)


def test_a_damaged_or_foreign_table_reads_as_empty(installed):
    path = installed / "table.marshal"
    assert codecache.write(path, {"x = 1": compile("x = 1", "<string>", "exec")})
    assert list(codecache.read(path)) == ["x = 1"]
    data = path.read_bytes()
    path.write_bytes(data[:-3] + b"\x00\x00\x00")  # a body that does not match its checksum
    assert codecache.read(path) == {}
    path.write_bytes(data.replace(repr(sys.version).encode(), b"'2.7.18'"))  # another Python's
    assert codecache.read(path) == {}
    path.write_bytes(b"garbage")
    assert codecache.read(path) == {}
    assert codecache.read(installed / "missing.marshal") == {}


def test_the_programs_write_the_table_once_and_then_only_read_it(tmp_path):
    env = dict(os.environ, **{tablecache.ENV: str(tmp_path)})
    script = "import player.app; from kharkovsuite import codecache; print(len(codecache._codes), codecache._added)"
    run = lambda: subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, check=True).stdout.split()  # noqa: E731
    total, added = map(int, run())
    assert total == added > 100  # the first start compiles every method and keeps them
    assert list(tmp_path.glob(f"{codecache.KIND}-*.marshal"))
    again = list(map(int, run()))
    assert again == [total, 0]  # the next start compiles none
