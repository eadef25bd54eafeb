"""Timing of Kirovograd retreats (17.1): the bounded search against walking every path, in the
same run, for retreats of 3 to 7 hexes in the open and through a belt of enemy ZOCs.

    PYTHONPATH=. .venv/bin/python bench/bench_kiro_retreat.py [--repeat 7]

Prints the median seconds of each and their ratio; asserts only that both give the same retreats.
"""
from __future__ import annotations

import argparse

from kharkovsuite.hexgrid import GridSpec, HexGrid
from kharkovsuite.rules.kirovograd.retreat import ZocHere, retreats
from tests.rules.kirovograd.kiro2_helpers import Board
from timing import median_seconds  # noqa: E402  (bench/ is the script's folder)


def board(zocs) -> Board:
    """A 30 x 30 grid, the enemy at 1514 next to the retreating unit's 1515."""
    return Board(zocs=zocs, enemy={"1514"}, grid=HexGrid(GridSpec(orientation="flat", columns=30, rows=30)))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args()
    open_board = board({})
    belt = board({h: ZocHere("fluid") for h in open_board.grid.ring("1515", 2)})
    print("board  hexes  bounded_s  every_path_s  ratio")
    for name, b in (("open", open_board), ("belt", belt)):
        for n in range(3, 8):
            def run(bound):
                return retreats(b, "german", "1515", n, ["u"], fought=["1514"], bound=bound)
            assert run(True) == run(False)
            fast = median_seconds(lambda: run(True), args.repeat)
            slow = median_seconds(lambda: run(False), args.repeat)
            print(f"{name:5}  {n:5}  {fast:9.4f}  {slow:12.4f}  {slow / fast:5.1f}")


if __name__ == "__main__":
    main()
