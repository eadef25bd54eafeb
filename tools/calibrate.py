"""Calibration: self-play games of a scenario compared, turn by turn, with its historical checkpoints.

    python tools/calibrate.py --scenario scenarios/kharkov-1942.yaml --games 4 --seed 1 --axis ai --soviet ai

The checkpoints are data: ``tools/checkpoints/<scenario id>.yaml`` (or ``--checkpoints FILE``), each
with the facts-file line it comes from.  Two kinds, read from the units' positions at the end of
every game-turn, so they apply to any rule system:

- ``control``: a place (a city of the map) passes to ``side``: at a turn's end ``side`` occupies one
  of its hexes and the other side none, after the other side held it (the last side to occupy a
  place holds it; at the start the occupant, else ``held_by``);
- ``reach``: a unit of ``side`` stands within ``within`` hexes of the place at a turn's end.

A checkpoint's ``turn`` is the historical turn of the event, or ``null`` when it did not happen in
the game's span; a game matches it when the event happens within ``tolerance`` turns of ``turn``
(for ``null``: never).  For each checkpoint the tool prints the share of games that match and the
median turn of the event over the games where it happened, beside the historical turn.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Literal

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from pydantic import BaseModel, ConfigDict, Field, ValidationError  # noqa: E402

from kharkovsuite.scenario.yamlio import YamlProblem, line_of, load_with_lines  # noqa: E402

CHECKPOINTS = ROOT / "tools" / "checkpoints"
SEATS = ("axis", "soviet")


class CalibrationError(Exception):
    """Bad input, with its location."""


class Checkpoint(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    kind: Literal["control", "reach"]
    place: str  # a city id of the scenario's map
    side: str  # a side id of the scenario
    turn: int | None = Field(ge=1)  # the historical turn; None: did not happen in the game's span
    tolerance: int = Field(default=1, ge=0)
    within: int = Field(default=0, ge=0)  # reach: hexes from the place
    held_by: str | None = None  # control: the holder at the start when no unit occupies the place
    source: str  # the facts file and line the checkpoint comes from
    event: str  # what happened, in our words


class CheckpointFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    scenario: str
    checkpoints: list[Checkpoint]


def load_checkpoints(path: Path, scenario) -> list[Checkpoint]:
    """The checkpoints of ``path``, checked against ``scenario`` (places and sides exist)."""
    try:
        doc, lines, duplicates = load_with_lines(path.read_text(encoding="utf-8"))
    except YamlProblem as e:
        raise CalibrationError(f"{path}:{e.line or 1}: {e}") from None
    except OSError as e:
        raise CalibrationError(f"{path}: {e.strerror}") from None
    if duplicates:
        line, _where, msg = duplicates[0]
        raise CalibrationError(f"{path}:{line}: {msg}")
    try:
        data = CheckpointFile.model_validate(doc)
    except ValidationError as e:
        err = e.errors()[0]
        loc = tuple(err["loc"])
        raise CalibrationError(f"{path}:{line_of(lines, loc) or 1}: {'.'.join(map(str, loc))}: {err['msg']}") from None
    if data.scenario != scenario.id:
        raise CalibrationError(f"{path}:{line_of(lines, ('scenario',))}: checkpoints of {data.scenario!r}, not of {scenario.id!r}")
    for i, cp in enumerate(data.checkpoints):
        if cp.place not in scenario.map.cities:
            raise CalibrationError(f"{path}:{line_of(lines, ('checkpoints', i, 'place'))}: no city {cp.place!r} on the map of {scenario.id!r}")
        for key in ("side", "held_by"):
            value = getattr(cp, key)
            if value is not None and value not in scenario.sides:
                raise CalibrationError(f"{path}:{line_of(lines, ('checkpoints', i, key))}: {value!r} is not a side of {scenario.id!r}")
    return data.checkpoints


class Tracker:
    """The turn of each checkpoint's event in one game, fed the position at every turn's end."""

    def __init__(self, scenario, checkpoints: list[Checkpoint], distance):
        self.checkpoints = checkpoints
        self.distance = distance
        self.hexes = {cp.place: tuple(scenario.map.cities[cp.place].hexes) for cp in checkpoints}
        self.holder: dict[str, str | None] = {}
        self.turns: dict[str, int | None] = {cp.id: None for cp in checkpoints}
        #: place -> its holder at the end of each turn so far (control checkpoints' places)
        self.holders: dict[str, list[str | None]] = {}

    def _sides_in(self, at, units, place) -> set[str]:
        return {units[u].side for h in self.hexes[place] for u in at.get(h, ())}

    def start(self, at, units) -> None:
        for cp in self.checkpoints:
            if cp.kind == "control" and cp.place not in self.holder:
                there = self._sides_in(at, units, cp.place)
                self.holder[cp.place] = next(iter(there)) if len(there) == 1 else cp.held_by

    def turn_end(self, turn: int, at, units) -> None:
        before = dict(self.holder)
        for place in before:
            there = self._sides_in(at, units, place)
            if len(there) == 1:
                self.holder[place] = next(iter(there))
            self.holders.setdefault(place, []).append(self.holder[place])
        for cp in self.checkpoints:
            if self.turns[cp.id] is not None:
                continue
            if cp.kind == "control":
                if before[cp.place] != cp.side and self.holder[cp.place] == cp.side:
                    self.turns[cp.id] = turn
            elif any(units[u].side == cp.side and min(self.distance(h, p) for p in self.hexes[cp.place]) <= cp.within
                     for h, ids in at.items() for u in ids):
                self.turns[cp.id] = turn


def seat_sides(scenario) -> dict[str, str]:
    """``axis``: the scenario's side that is not the Soviets; ``soviet``: the Soviets."""
    others = [s for s in scenario.sides if s != "soviet"]
    if "soviet" not in scenario.sides or len(others) != 1:
        raise CalibrationError(f"{scenario.id}: the sides {', '.join(scenario.sides)} are not a Soviet side and one other")
    return {"axis": others[0], "soviet": "soviet"}


def start_game(scenario, seed: int, allow_unplayable: bool):
    """A game of ``scenario``'s historical set-up, started as self-play starts one
    (:func:`kharkovsuite.ai.core.seats.start_game`: a system not yet playable only when it says
    HEADLESS or when allowed)."""
    from kharkovsuite.ai.core.seats import start_game as start
    from kharkovsuite.rules import RuleSystemUnavailable

    try:
        return start(scenario, seed, allow_unplayable)
    except RuleSystemUnavailable as e:
        raise CalibrationError(f"{e} (--allow-unplayable plays it anyway)" if "not playable" in str(e) else str(e)) from None


def play_calibrated(scenario, seed: int, players: dict[str, str], checkpoints: list[Checkpoint],
                    allow_unplayable: bool = False) -> dict:
    """One game (seed and player seeds as self-play's); the turn of each checkpoint's event."""
    from kharkovsuite.ai.selfplay import seat_players
    from kharkovsuite.map import GameMap

    state = start_game(scenario, seed, allow_unplayable)
    seat_sides(scenario)
    seats = seat_players(scenario, players, seed)  # the scenario's own rule system's players, seeded as self-play's
    tracker = Tracker(scenario, checkpoints, GameMap.from_scenario(scenario).grid.distance)
    tracker.start(state.at, state.units)
    turn = state.turn
    while not state.is_terminal:
        state.apply(seats[state.to_act].choose(state))
        if state.turn != turn or state.is_terminal:
            tracker.turn_end(turn, state.at, state.units)
            turn = state.turn
    result = state.result()
    return {"seed": seed, "winner": result.winner, "level": result.level, "last_turn": turn, "events": tracker.turns,
            "holders": tracker.holders}


def _worker(args) -> dict:
    path, seed, players, checkpoints_path, allow = args
    from kharkovsuite.scenario import load_scenario

    scenario = load_scenario(path)
    return play_calibrated(scenario, seed, players, load_checkpoints(checkpoints_path, scenario), allow)


def summarise(checkpoints: list[Checkpoint], games: list[dict]) -> list[dict]:
    """Per checkpoint: the share of games that match it and the median turn of its event."""
    rows = []
    for cp in checkpoints:
        turns = [g["events"][cp.id] for g in games]
        happened = [t for t in turns if t is not None]
        if cp.turn is None:
            matched = sum(1 for t in turns if t is None)
        else:
            matched = sum(1 for t in happened if abs(t - cp.turn) <= cp.tolerance)
        rows.append({"id": cp.id, "kind": cp.kind, "place": cp.place, "side": cp.side, "historical_turn": cp.turn,
                     "tolerance": cp.tolerance, "games": len(games), "happened": len(happened),
                     "matched": matched, "share": round(matched / len(games), 3) if games else 0.0,
                     "median_turn": statistics.median(happened) if happened else None, "source": cp.source})
    return rows


def holding(games: list[dict]) -> dict[str, dict[str, list[int]]]:
    """Place -> side -> in how many games the side holds the place at the end of each turn (turn
    1 first): when a place changes hands, turn by turn."""
    turns = max((len(t) for g in games for t in g["holders"].values()), default=0)
    out: dict[str, dict[str, list[int]]] = {}
    for game in games:
        for place, by_turn in game["holders"].items():
            for i, side in enumerate(by_turn):
                if side is not None:
                    out.setdefault(place, {}).setdefault(side, [0] * turns)[i] += 1
    return out


def calibrate(scenario_path: Path, games: int, seed: int, players: dict[str, str], checkpoints_path: Path | None = None,
              allow_unplayable: bool = False, jobs: int = 1) -> dict:
    from kharkovsuite.scenario import load_scenario

    scenario = load_scenario(scenario_path)
    checkpoints_path = checkpoints_path or CHECKPOINTS / f"{scenario.id}.yaml"
    if not checkpoints_path.exists():
        raise CalibrationError(f"{scenario_path}: no checkpoints for {scenario.id!r} (expected {checkpoints_path})")
    checkpoints = load_checkpoints(checkpoints_path, scenario)
    seat_sides(scenario)
    start_game(scenario, seed, allow_unplayable)  # refuses an unplayable system before any work
    seeds = [seed + i for i in range(games)]
    if jobs > 1 and games > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(_worker, [(str(scenario_path), s, players, checkpoints_path, allow_unplayable) for s in seeds]))
    else:
        results = [play_calibrated(scenario, s, players, checkpoints, allow_unplayable) for s in seeds]
    return {"scenario": scenario.id, "players": players, "games": games, "seed": seed,
            "checkpoints": summarise(checkpoints, results), "holding": holding(results), "results": results}


def _table(report: dict) -> str:
    out = [f"{report['scenario']}: {report['games']} games from seed {report['seed']}, "
           f"axis {report['players']['axis']} vs soviet {report['players']['soviet']}",
           f"{'checkpoint':34} {'history':>7} {'median':>6} {'happened':>8} {'match':>9}"]
    for r in report["checkpoints"]:
        hist = "never" if r["historical_turn"] is None else f"{r['historical_turn']}±{r['tolerance']}"
        med = "-" if r["median_turn"] is None else f"{r['median_turn']:g}"
        out.append(f"{r['id']:34} {hist:>7} {med:>6} {r['happened']:>4}/{r['games']:<3} {r['matched']:>3} {r['share']:>5.0%}")
    if report.get("holding"):
        out.append(f"games in which the side holds the place at the end of turn 1, 2, ... (of {report['games']})")
        for place, sides in sorted(report["holding"].items()):
            for side, counts in sorted(sides.items()):
                out.append(f"{place + ' ' + side:34} " + " ".join(f"{n:>2}" for n in counts))
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--scenario", type=Path, required=True)
    p.add_argument("--games", type=int, default=4)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--axis", default="ai", help="the player of the non-Soviet side")
    p.add_argument("--soviet", default="ai")
    p.add_argument("--checkpoints", type=Path, help="default: tools/checkpoints/<scenario id>.yaml")
    p.add_argument("--allow-unplayable", action="store_true", help="play a rule system not yet marked playable")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)
    try:
        report = calibrate(a.scenario, a.games, a.seed, {"axis": a.axis, "soviet": a.soviet}, a.checkpoints,
                           a.allow_unplayable, a.jobs)
    except (CalibrationError, ValueError) as e:
        print(f"calibrate: {e}", file=sys.stderr)
        return 2
    print(json.dumps(report, indent=1) if a.json else _table(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
