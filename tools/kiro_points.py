"""Where a Kirovograd game's points go (27.B, 27.C): one self-play game, turn by turn.

    python tools/kiro_points.py --scenario scenarios/kirovograd-historical.yaml --axis ai --soviet greedy --seed 2

Plays the game exactly as ``kharkov-cli selfplay --games 1 --seed S`` does (the same players and
seeds, so the result matches its line) and prints:

- after every game turn, each side's points by what earned them (enemy SP lost by class, places
  held), and the margin;
- every unit destroyed: the game turn, its side, id and class, the points it gave the enemy (twice
  its worth, 27.B), the hex, how many of its side's units stood there with it just before, and the
  last attack fought (the odds column and result) or what else took it.

``--json`` prints the same as one JSON document.  A diagnostic for engineers tuning the computer
players (docs/reconstruction/kirovograd.md cites its figures); it changes nothing.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from kharkovsuite.ai.core.seats import start_game  # noqa: E402
from kharkovsuite.ai.selfplay import seat_players  # noqa: E402
from kharkovsuite.rules.kirovograd import victory as _victory  # noqa: E402
from kharkovsuite.rules.kirovograd.board import game_turn  # noqa: E402
from kharkovsuite.rules.kirovograd.fight import AttackFought  # noqa: E402
from kharkovsuite.scenario import load_scenario  # noqa: E402


def breakdown(state) -> dict:
    """Side -> {source: points}: enemy SP lost by class (destroyed units apart), places held and
    the early-Kirovograd bonus, each scored by 27.B's own :func:`victory.points` alone."""
    v = state.board.data.victory
    p = _victory.position(state)
    out: dict[str, Counter] = {"german": Counter(), "soviet": Counter()}
    parts = [(f"{'destroyed' if loss.destroyed else 'SP'} {loss.category}", _victory.Position(losses=(loss,)))
             for loss in p.losses]
    parts += [(f"place {place}", _victory.Position(held={place: side})) for place, side in p.held.items()]
    for source, part in parts:
        for side, points in _victory.points(part, v).items():
            if points:
                out[side][source] += points
    if p.kirovograd_taken is not None:  # shown even when it fell too late for a bonus (0)
        early = _victory.Position(kirovograd_taken=p.kirovograd_taken)
        out["soviet"]["early Kirovograd"] += _victory.points(early, v)["soviet"]
    return {side: dict(sorted(c.items())) for side, c in out.items()}


def destroyed_worth(state, uid: str, side: str, full: int) -> int:
    """27.B: what a destroyed unit gives the enemy (its whole printed worth twice)."""
    info = state.board.units[uid]
    loss = _victory.UnitLoss(side, _victory.category(info.kind, info.armored), full, full, destroyed=True)
    return sum(_victory.points(_victory.Position(losses=(loss,)), state.board.data.victory).values())


def play(scenario_path: str, players: dict[str, str], seed: int) -> dict:
    scenario = load_scenario(scenario_path)
    state = start_game(scenario, seed)
    seats = seat_players(scenario, players, seed)
    board = state.board
    full = {uid: _victory.full_strength(board.units[uid]) for uid in state.units}
    v = board.data.victory

    def gone(uid: str) -> bool:
        rec = state.units[uid]
        return full[uid] > 0 and (rec.box == _victory.ELIMINATED or min(rec.step, full[uid]) >= full[uid])

    dead = {uid for uid in state.units if gone(uid)}
    turns, losses = [], []
    last_turn, seen_log, last_attack = game_turn(state), len(state.log), None
    while not state.is_terminal:
        where = {uid: rec.hex for uid, rec in state.units.items() if uid not in dead}
        company = Counter((state.units[u].side, h) for u, h in where.items() if h is not None)
        state.apply(seats[state.to_act].choose(state))
        for event in state.log[seen_log:]:
            if isinstance(event, AttackFought):
                last_attack = f"{event.column} {event.result}"
        events = state.log[seen_log:]
        kinds = {type(e).__name__ for e in events}
        if "AttackFought" in kinds:
            cause = last_attack
        elif "ResultChosen" in kinds:  # the side hit chose how to take the attack's result (15.9)
            cause = f"{last_attack} (result chosen)"
        else:
            cause = ", ".join(sorted(kinds)) or "no event"
        why = {e.unit: f"{e.reason} ({e.case})" for e in events if type(e).__name__ == "Eliminated"}
        seen_log = len(state.log)
        for uid in where:
            if gone(uid):
                dead.add(uid)
                info, rec = board.units[uid], state.units[uid]
                losses.append({"turn": game_turn(state), "side": rec.side, "unit": uid, "kind": info.kind,
                               "class": _victory.category(info.kind, info.armored),
                               "points": destroyed_worth(state, uid, rec.side, full[uid]),
                               "hex": where[uid], "stack": company[(rec.side, where[uid])],
                               "cause": f"{cause}: {why[uid]}" if uid in why else cause})
        now = game_turn(state)
        if now != last_turn or state.is_terminal:
            vp = _victory.points(_victory.position(state), v)
            turns.append({"turn": last_turn, "vp": vp, "margin": vp["soviet"] - vp["german"], "by": breakdown(state)})
            last_turn = now
    result = state.result()
    return {"seed": seed, "players": players, "vp": result.vp, "margin": result.margin, "level": result.level,
            "kirovograd_taken": state.game.get("kirovograd_taken"), "turns": turns, "destroyed": losses}


def report(game: dict) -> str:
    lines = [f"seed {game['seed']}: {game['level']}, VP {game['vp']}, margin (Soviet - German) {game['margin']:+d}, "
             f"Kirovograd Soviet from game turn {game['kirovograd_taken'] or 'never'}"]
    for t in game["turns"]:
        lines.append(f"turn {t['turn']:>2}: German {t['vp']['german']:>4}, Soviet {t['vp']['soviet']:>4}, margin {t['margin']:+d}")
    last = game["turns"][-1]["by"] if game["turns"] else {}
    for side in ("german", "soviet"):
        lines.append(f"{side} points at the end: " + ", ".join(f"{k} {v}" for k, v in last.get(side, {}).items()))
    lines.append("units destroyed (turn, side, unit, kind, points to the enemy, hex, units of its side there before, cause):")
    for d in game["destroyed"]:
        lines.append(f"  {d['turn']:>2} {d['side']:<7} {d['unit']:<28} {d['kind']:<14} {d['points']:>3}  {d['hex']}  "
                     f"stack {d['stack']}  {d['cause']}")
    by = Counter()
    for d in game["destroyed"]:
        by[(d["side"], d["class"], "alone" if d["stack"] <= 1 else "stacked")] += d["points"]
    lines.append("points for units destroyed, by side lost, class and whether alone: " +
                 "; ".join(f"{s} {c} {a} {p}" for (s, c, a), p in sorted(by.items())))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenario", required=True)
    ap.add_argument("--axis", default="ai")
    ap.add_argument("--soviet", default="greedy")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    game = play(args.scenario, {"axis": args.axis, "soviet": args.soviet}, args.seed)
    print(json.dumps(game, indent=1) if args.json else report(game))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
