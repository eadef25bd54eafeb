"""SPI's *Kharkov* (1978), rule system ``kharkov1942``: its part of the game window.

The Soviet Army Reserves (6.7), the rail limits (6.45), the Soviet morale die (9.85), the HQs
whose activation puts Soviet units in supply (10.3), the Victory Points by case (17.0) and the
enemy reach and zones of control (8.2) the situation bar draws.
"""
from __future__ import annotations

import html
from fractions import Fraction

from ..panels import _pct, case_link
from . import PlayerKit


class Kharkov1942Kit(PlayerKit):
    rules_id = "kharkov1942"
    game = "Kharkov 1942"
    credit = ("SPI's <i>Kharkov: The Soviet Spring Offensive, 1942</i> (1978); the map and the values the rulebook "
              "does not print are reconstructed, each with its reasoning in the project's reconstruction notes")
    cases = {"setup": "5.0", "setup_zone": "5.14", "move": "6.0", "rail": "6.4", "rail_edge": "6.41", "rail_limit": "6.45",
             "reserve": "6.73", "stacking": "8.1", "zoc": "8.2", "attack": "9.1", "targets": "9.2", "attack_reach": "9.11",
             "combat_table": "9.0", "die_modifier": "9.33", "results": "9.4", "untried": "12.0", "reinforcement": "16.0",
             "victory": "17.0", "air_point": "13.14"}
    enemy_traceable = True  # positions are public; only untried strengths are hidden (12.0)
    setups = {"historical": "Historical set-up", "manual": "Free set-up: place your units by hand within the set-up zones (5.0)"}

    # ------------------------------------------------------------------ counters
    def values_text(self, values: dict) -> str:
        """An untried unit revealed (12.0): attack, defense and movement as its counter's front prints them."""
        return f"{values['attack']:g}-{values['defense']:g}-{values['movement']}"

    # ------------------------------------------------------------------ the combat panel
    def odds_notes(self, odds) -> list[str]:
        if not odds.morale:
            return []
        spread = ", ".join(f"{n:+d}: {html.escape(_pct(p))}" for n, p in odds.morale)
        return [f"<li>Soviet morale die {case_link('9.85')}: {spread}</li>"]

    def column_chances(self, state, column: str, modifier: int) -> dict[str, Fraction]:
        """One die (9.4): each face, modified (9.33) and kept on the table, gives the result of its row."""
        crt = state.scenario.tables.get("crt")
        if crt is None or column not in crt.columns:
            return {}
        c = list(crt.columns).index(column)
        low, top = min(crt.rows), max(crt.rows)
        out: dict[str, Fraction] = {}
        for die in range(1, 7):
            result = str(crt.rows[min(max(die + modifier, low), top)][c])
            out[result] = out.get(result, Fraction(0)) + Fraction(1, 6)
        return out

    # ------------------------------------------------------------------ affordances
    def rail_moves_left(self, state) -> tuple[int, int] | None:
        limits = self.rules().rail.LIMITS
        side = state.phase.side
        if side not in limits or not state.phase_data.get("rail_allowed"):
            return None
        return max(0, limits[side] - state.phase_data.get("rail_used", 0)), limits[side]

    def reserves(self, state) -> tuple[dict[str, list[str]], int | None, set[str]] | None:
        module = self.rules().reserves
        if state.game.get(module.KEY) is None:
            return None
        boxes: dict[str, list[str]] = {}
        for uid, rec in state.units.items():  # the reserve boxes are public (6.7)
            if rec.box and rec.box.startswith("reserve-") and rec.box != module.REMOVED:
                boxes.setdefault(rec.box, []).append(uid)
        return {b: sorted(u) for b, u in sorted(boxes.items())}, module.allowance(state), {b for b in boxes if module.released(state, b)}

    def situation_support(self, state) -> str | None:
        return None  # positions are public in this game (only untried strengths are hidden, 12.0)

    def enemy_reach(self, state, side: str) -> tuple[set[str], set[str]]:
        """On a clone moved to ``side``'s Movement Phase, the hexes its units could enter (6.0, 8.2)
        and the further hexes they could attack (9.11); the clone's dice are never rolled."""
        rules = self.rules()
        sim = state.clone()
        rules.sequence.go_to(sim, f"{side}-movement")
        enter: set[str] = set()
        stands: set[str] = set()
        for uid, rec in sim.units.items():
            if rec.side != side or rec.hex is None:
                continue
            stands.add(rec.hex)
            enter.update(sim.legal_moves((uid,)))
        fighting = {h for h in stands | enter for uid in sim.units_at(h) if sim.units[uid].side == side and rules.units.is_combat(sim, uid)} | enter
        nbrs = state.board.nbr_ids
        attack = {n for h in fighting for n in nbrs[h]} - enter - stands
        return enter - stands, attack

    def zoc_hexes(self, state, side: str) -> set[str]:
        ids = state.board.ids
        return {ids[i] for i in self.rules().zoc.derived(state).zoc[side]}

    # ------------------------------------------------------------------ the Unit and game dock, the summary
    def status_sections(self, controller, units: tuple[str, ...] = ()) -> list[str]:
        return [self._vp_note(controller), self._vp_lines(controller), self._reserves(controller), self._hqs(controller)]

    def _vp_note(self, controller) -> str:
        if controller.result() is None:
            return ""
        return (f"<p><small>A running count, not a forecast: cities count for whoever holds them now ({case_link('17.1')}), and Soviet units "
                f"out of supply count as destroyed ({case_link('17.3')}); at the start many are out of supply only until their HQ turns active "
                f"({case_link('10.3')}).</small></p>")

    def _vp_lines(self, controller) -> str:
        b = controller.vp_breakdown()
        if b is None:
            return ""
        rows = []
        for side, total in b["total"].items():
            items = [f"{n} {case_link(case)}" for case, n in sorted(b["transitory"].get(side, {}).items()) if n]
            if b["city_vp"].get(side):
                items.append(f"{b['city_vp'][side]} cities {case_link('17.1')}")
            if b["eliminations"].get(side):
                items.append(f"{b['eliminations'][side]} units destroyed {case_link('17.25')}")
            rows.append(f"{html.escape(controller.side_name(side))} {total} = " + (" + ".join(items) or "0"))
        return "<p><small>" + "<br>".join(rows) + "</small></p>"

    def _reserves(self, controller) -> str:
        reserves = controller.reserves()
        if reserves is None:
            return ""
        boxes, allowance, released = reserves
        limit = "any number" if allowance is None else str(allowance)
        rows = "".join(f"<li>{html.escape(box)}: {len(units)} unit(s){' — released ' + case_link('6.75') if box in released else ''}</li>" for box, units in boxes.items())
        return f"<p><b>Soviet reserves</b> ({case_link('6.7')}): may commit {limit} this turn ({case_link('6.74')})</p><ul>{rows}</ul>" if boxes else ""

    def _hqs(self, controller) -> str:
        hqs = controller.hqs()
        if not hqs:
            return ""
        rows = []
        for uid, _side, h, on in hqs:
            note = "" if on else next((n for n in controller.unit_notes(uid) if n.startswith("Not active")), "")
            when = note.split(": ", 1)[1] if ": " in note else ""
            rows.append(f"{html.escape(controller.unit_name(uid))} at {html.escape(h)}: <b>{'active' if on else 'not active'}</b>" + (f" ({html.escape(when)})" if when else ""))
        schedule = ("<br><small>Soviet combat units are in supply only through an active HQ, so until an HQ turns active the units "
                    "around it read out of supply (10.3, 11.23).</small>") if any(not on and side == "soviet" for _u, side, _h, on in hqs) else ""
        return f"<p><b>HQs</b> ({case_link('10.3')}): " + ", ".join(rows) + schedule + "</p>"

    def vp_breakdown(self, state) -> dict | None:
        return self.rules().victory.vp_breakdown(state)

    def summary_html(self, controller, names: dict[str, str]) -> str | None:
        b = controller.vp_breakdown()
        sides = list(names)
        head = "".join(f"<th align=right>{html.escape(names[s])}</th>" for s in sides)
        rows = []
        cases = sorted({c for per in b["transitory"].values() for c in per})
        labels = {"17.21": "City hexes captured", "17.23": "Kharkov held or cut off", "17.24": "Holes in the Axis front"}
        for case in cases:
            cells = "".join(f"<td align=right>{b['transitory'].get(s, {}).get(case, 0)}</td>" for s in sides)
            rows.append(f"<tr><td>{html.escape(labels.get(case, 'Points scored'))} ({case})</td>{cells}</tr>")
        cells = "".join(f"<td align=right>{b['city_vp'].get(s, 0)}</td>" for s in sides)
        rows.append(f"<tr><td>Cities held (17.1)</td>{cells}</tr>")
        cells = "".join(f"<td align=right>{b['eliminations'].get(s, 0)}</td>" for s in sides)
        oos = len(b["soviet_out_of_supply"])
        rows.append(f"<tr><td>Enemy units destroyed (17.25, 17.3{f'; {oos} Soviet units out of supply count as destroyed' if oos else ''})</td>{cells}</tr>")
        cells = "".join(f"<td align=right><b>{b['total'].get(s, 0)}</b></td>" for s in sides)
        rows.append(f"<tr><td><b>Total</b></td>{cells}</tr>")
        city_names = {k: c.name for k, c in controller.state.scenario.map.cities.items()}
        cities = ", ".join(f"{html.escape(city_names.get(c, c))}: {html.escape(names.get(o, o or 'nobody'))}"
                           for c, o in sorted(b["cities"].items()))
        return (f"<h3>Victory Points</h3><table cellspacing=0 cellpadding=3 border=1><tr><th></th>{head}</tr>{''.join(rows)}</table>"
                f"<p><small>Cities: {cities}</small></p>")
