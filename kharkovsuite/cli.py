"""``kharkov-cli``: headless tools on scenario files.

Every command reports bad input as ``file:line: path: message`` lines and exits 1; a
traceback is never shown (an unexpected failure is summarised and logged to a file).
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Callable, Sequence

from .rules import RuleSystemUnavailable
from .scenario import ScenarioError, load_scenario


def _load(path: str):
    return load_scenario(path)


def cmd_validate(args: argparse.Namespace) -> int:
    failed = False
    for path in args.files:
        try:
            scenario = _load(path)
        except ScenarioError as exc:
            failed = True
            for problem in exc.problems:
                print(problem)
        else:
            if not args.quiet:
                note = "" if _playable(scenario.rules) else f" (set-up data only: rule system {scenario.rules!r} is not playable yet)"
                print(f"{path}: valid{note}")
    return 1 if failed else 0


def scenario_info(scenario) -> dict:
    by_side: dict[str, Counter] = {side: Counter() for side in scenario.sides}
    for unit in scenario.units:
        ut = scenario.unit_types[unit.type]
        by_side[ut.side][unit.type] += 1
    g = scenario.map.grid
    return {
        "id": scenario.id,
        "title": scenario.title,
        "rules": scenario.rules,
        "map": {
            "columns": g.columns,
            "rows": g.rows,
            "orientation": g.orientation,
            "hexes": g.columns * g.rows,
            "cities": sorted(scenario.map.cities),
            "lines": sorted(scenario.map.lines),
            "areas": len(scenario.map.areas),
        },
        "playable": _playable(scenario.rules),
        "turns": len(scenario.turns),
        "units": {side: {"total": sum(c.values()), "by_type": dict(sorted(c.items()))} for side, c in by_side.items()},
        "reinforcements": sum(len(r.units) for r in scenario.reinforcements),
    }


def _playable(rules_id: str) -> bool:
    from .rules import system

    try:
        system(rules_id)
    except RuleSystemUnavailable:
        return False
    return True


def cmd_info(args: argparse.Namespace) -> int:
    scenario = _load(args.file)
    info = scenario_info(scenario)
    if args.json:
        print(json.dumps(info, indent=2))
        return 0
    m = info["map"]
    print(f"{info['title']} ({info['id']}), rule system {info['rules']}{'' if info['playable'] else ' (not playable yet)'}")
    print(f"map: {m['columns']} columns x {m['rows']} rows, {m['orientation']}-top hexes; cities: {', '.join(m['cities']) or '-'}")
    print(f"turns: {info['turns']}; reinforcement units: {info['reinforcements']}")
    for side, data in info["units"].items():
        print(f"{scenario.sides[side].name}: {data['total']} units")
        for type_id, n in data["by_type"].items():
            print(f"  {n:3d}  {scenario.unit_types[type_id].name}")
    return 0


def hex_report(scenario, hex_id: str) -> dict:
    from .map import GameMap

    gmap = GameMap.from_scenario(scenario)
    gmap.grid.hex_of(hex_id)  # raises HexIdError with the valid ranges
    spot = gmap.city_at(hex_id)
    return {
        "hex": hex_id,
        "terrain": gmap.terrain(hex_id),
        "hexsides": {d: sorted(f) for d, f in gmap.hexsides_of(hex_id).items()},
        "road": sorted(gmap.roads.neighbors(hex_id)) if hex_id in gmap.roads else [],
        "rail": sorted(gmap.rails.neighbors(hex_id)) if hex_id in gmap.rails else [],
        "city": {"id": spot.id, "name": spot.city.name, "kind": spot.city.kind, "vp": spot.city.vp} if spot else None,
        "garrison": gmap.garrison(hex_id),
        "areas": sorted(gmap.areas_of(hex_id)),
        "line_sides": gmap.line_sides(hex_id),
    }


def cmd_hex(args: argparse.Namespace) -> int:
    from .hexgrid import HexIdError

    scenario = _load(args.file)
    try:
        report = hex_report(scenario, args.hex)
    except HexIdError as exc:
        print(f"{args.file}: hex {args.hex}: {exc}")
        return 1
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"hex {report['hex']}: {report['terrain']}")
    for direction, features in report["hexsides"].items():
        print(f"  {direction} hexside: {', '.join(features)}")
    if report["road"]:
        print(f"  road to {', '.join(report['road'])}")
    if report["rail"]:
        print(f"  railroad to {', '.join(report['rail'])}")
    if report["city"]:
        c = report["city"]
        print(f"  {c['name']} ({c['kind']}, {c['vp']} VP), garrison {report['garrison']}")
    if report["areas"]:
        print(f"  areas: {', '.join(report['areas'])}")
    for line, side in report["line_sides"].items():
        print(f"  {line}: {side} side")
    return 0


def cmd_schema(args: argparse.Namespace) -> int:
    from .scenario.model import Scenario

    schema = Scenario.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "Kharkov Suite scenario (kharkovsuite-scenario/1)"
    print(json.dumps(schema, indent=2))
    return 0


def cmd_selfplay(args: argparse.Namespace) -> int:
    """Play whole games between computer players; report wins, levels and timing.  ``--axis``
    plays the scenario's non-Soviet side (Kharkov 1943: the Germans)."""
    from .ai import players
    from .ai.core.seats import game_module, seat_sides
    from .ai.selfplay import selfplay
    from .engine.options import OptionError, game_options

    scenario = _load(args.scenario)  # a bad file as file:line problems before playing
    try:
        game_module(scenario, args.allow_unplayable)  # an unplayable system by name, unless allowed
    except RuleSystemUnavailable as exc:
        print(f"kharkov-cli selfplay: {exc}" + ("" if args.allow_unplayable else " (--allow-unplayable plays it anyway)"))
        return 1
    try:
        seats = seat_sides(scenario)
    except ValueError as exc:
        print(exc)
        return 1
    known = players(scenario.rules)
    for seat in seats:
        if getattr(args, seat) not in known:
            print(f"unknown player {getattr(args, seat)!r} for --{seat} in rule system {scenario.rules!r} "
                  f"(known: {', '.join(sorted(known))})")
            return 1
    try:
        game_options(scenario, args.option, getattr(game_module(scenario, args.allow_unplayable), "OPTIONS", {}))
    except OptionError as exc:
        print(f"kharkov-cli selfplay: {exc}")
        return 1
    summary = selfplay(args.scenario, {"axis": args.axis, "soviet": args.soviet}, args.games, args.seed, args.jobs,
                       allow_unplayable=args.allow_unplayable, options=tuple(args.option))
    if args.json:
        print(json.dumps(summary))
        return 0
    n = max(summary["games"], 1)
    wins = ", ".join(f"{scenario.sides[side].name} {count}" for side, count in summary["wins"].items())
    print(f"{summary['games']} games: {wins}, draws {summary['draws']}")
    for level, count in summary["levels"].items():
        print(f"  {count:4d}  {level}")
    print(f"mean VP margin (Soviet - {scenario.sides[seats['axis']].name}): {summary['mean_vp_margin']:+g}")
    print(f"{summary['seconds']:.1f} s, {summary['seconds'] / n:.2f} s per game")
    return 0


def cmd_trace(args: argparse.Namespace) -> int:
    """Each unit's supply status (11.0): its line's path, or the hexes and limits blocking it;
    with ``--overlay`` the map overlays' data too, with ``--png`` a picture of them."""
    from .engine import new_game
    from .engine.saves import SAVE_FORMAT, SAVE_FORMAT_V1, SaveError, load

    state = None
    if args.file.endswith(".json") or args.file.endswith(".ksave"):
        try:
            with open(args.file, encoding="utf-8") as fh:
                head = json.load(fh)
        except OSError as exc:
            print(f"{args.file}: cannot be read: {exc.strerror or exc}")
            return 1
        except ValueError as exc:
            print(f"{args.file}: not a save file (not JSON: {exc})")
            return 1
        if isinstance(head, dict) and head.get("format") in (SAVE_FORMAT, SAVE_FORMAT_V1):
            try:
                state = load(args.file, headless=True)  # a headless tool, as below
            except SaveError as exc:
                print(exc)
                return 1
    from .rules import RuleSystemUnavailable, trace_module

    try:
        if state is None:
            state = new_game(args.file, 0, headless=True)  # the opening position (a headless tool: see rules.system)
        trace = trace_module(state.scenario.rules)
    except RuleSystemUnavailable as exc:
        print(f"{args.file}: {exc}")
        return 1
    # The sides and overlays are the scenario's and its rule system's: checked here, not by the parser.
    if args.side not in state.scenario.sides:
        print(f"{args.file}: --side {args.side}: not a side of this scenario (its sides: {', '.join(state.scenario.sides)})")
        return 1
    unknown = [n for n in args.overlay or () if n != "all" and n not in trace.OVERLAYS]
    if unknown:
        print(f"{args.file}: --overlay {unknown[0]}: not an overlay of the {state.scenario.rules} rules (its overlays: {', '.join(trace.OVERLAYS)}, all)")
        return 1

    if args.unit is not None and args.unit not in state.units:
        print(f"{args.file}: no unit {args.unit!r}")
        return 1
    if args.dest is not None and args.dest not in state.board.index:
        print(f"{args.file}: --dest {args.dest}: not a hex of the map")
        return 1
    names = _trace_overlays(trace, args.overlay, args.side)
    reports = trace.side_report(state, args.side, args.unit)
    drawn = None
    if args.png:
        from .view.traceoverlays import render_png

        try:
            drawn = render_png(state, args.png, args.side, names, args.unit, args.dest, width=args.width, crop=args.crop)
        except OSError as exc:
            print(f"--png: {exc}")
            return 1
    if args.json:
        body = reports if args.unit is None else reports[0]
        if args.overlay:
            data = drawn or [trace.overlay(state, n, args.side, args.unit, args.dest if n == "rail" else None) for n in names]
            body = {"units": body, "overlays": [d.to_dict() for d in data]}
        print(json.dumps(body))
        return 0
    for r in reports:
        print(trace.format_report(r))
    n_out = sum(1 for r in reports if not r["in_supply"])
    if args.unit is None:
        print(f"{len(reports)} {args.side} units on the map, {n_out} out of supply")
    if args.overlay and drawn is None:
        drawn = [trace.overlay(state, n, args.side, args.unit, args.dest if n == "rail" else None) for n in names]
        for d in drawn:
            print(f"{d.title}: {d.summary}")
            for it in d.items:
                print(f"  {it['text']}")
    if args.png:
        print(f"{args.png}: {', '.join(d.title for d in drawn)}")
    return 0


def _trace_overlays(trace, chosen: list[str] | None, side: str) -> list[str]:
    if not chosen:
        return list(trace.DEFAULT_OVERLAYS[side])
    if "all" in chosen:
        return list(trace.OVERLAYS)
    return list(dict.fromkeys(chosen))


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="kharkov-cli", description="Headless tools for Kharkov Suite scenarios and games.")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("validate", help="check scenario files; one problem a line")
    p.add_argument("files", nargs="+")
    p.add_argument("-q", "--quiet", action="store_true", help="print problems only")
    p.set_defaults(func=cmd_validate)

    p = sub.add_parser("info", help="map size, units per side and type, turns, rule system")
    p.add_argument("file")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_info)

    p = sub.add_parser("hex", help="everything the map says about one hex")
    p.add_argument("file")
    p.add_argument("hex")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_hex)

    p = sub.add_parser("schema", help="JSON Schema of the scenario format, for YAML-aware editors")
    p.set_defaults(func=cmd_schema)

    p = sub.add_parser("selfplay", help="play whole games between computer players")
    p.add_argument("--scenario", required=True)
    p.add_argument("--axis", default="random",
                   help="player for the Axis side, the scenario's non-Soviet side (Kharkov 1943: German) (default: random)")
    p.add_argument("--soviet", default="random", help="player for the Soviet side (default: random)")
    p.add_argument("--allow-unplayable", action="store_true",
                   help="play a rule system whose package still says it is not playable (for its engineers)")
    p.add_argument("--games", type=int, default=1)
    p.add_argument("--seed", type=int, default=0, help="game i uses seed SEED + i")
    p.add_argument("--jobs", type=int, default=1, help="games played in parallel processes")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--option", action="append", default=[], metavar="NAME[=VALUE]",
                   help="switch on an optional or advanced rule of the rule system (repeatable), e.g. --option air")
    p.set_defaults(func=cmd_selfplay)

    p = sub.add_parser("trace", help="each unit's supply status: its line's path or what blocks it (11.0)")
    p.add_argument("file", help="a scenario (its opening position) or a save file")
    p.add_argument("--side", required=True, help="the side traced, as the scenario names it (axis or soviet; german or soviet)")
    p.add_argument("--unit", help="one unit only")
    p.add_argument("--json", action="store_true", help="one JSON object per unit (a list; an object with --unit); "
                   "with --overlay, {units, overlays}")
    p.add_argument("--overlay", action="append",
                   help="an overlay of the scenario's rule system to list and draw, or all (repeatable; Kharkov 1942: supply, why, "
                   "command, rail, roads, front; default: the system's choice for the side)")
    p.add_argument("--dest", metavar="HEX", help="with --unit and the rail overlay: the rail route to this hex")
    p.add_argument("--png", metavar="OUT", help="draw the map with the overlays into this PNG (headless)")
    p.add_argument("--width", type=int, default=1800, help="PNG width in pixels (default 1800)")
    p.add_argument("--crop", action="store_true", help="PNG of the part of the map the overlays mark only")
    p.set_defaults(func=cmd_trace)

    for register in EXTRA_COMMANDS:
        register(sub)
    return parser


#: Commands added by other modules (trace, selfplay, bench): each gets the subparsers object.
EXTRA_COMMANDS: list[Callable] = []


def main(argv: Sequence[str] | None = None) -> int:
    from .errors import report_unexpected

    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except ScenarioError as exc:
        for problem in exc.problems:
            print(problem)
        return 1
    except RuleSystemUnavailable as exc:  # e.g. a system whose data exists but whose rules do not yet
        print(f"kharkov-cli {args.command}: {exc}")
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # a programming mistake: summarise, log, never a traceback on screen
        print(report_unexpected(exc), file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
