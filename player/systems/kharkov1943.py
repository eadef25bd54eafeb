"""Vae Victis' *Kharkov 1943*, rule system ``kharkov1943``: its part of the game window.

The turn is a series of alternating activation segments (2.1): the Unit and game dock shows the
weather, the initiative and the segment, the activation open (by formation under an HQ, 3.2, or
general, 3.3) with how many units it may still take, the HQ's fatigue (3.5), each activated
unit's OP left, and, for the unit selected, whether it may join and, if not, the engine's reason
with its case.  The German rail points (6.4) go to the tool bar's rail counter.
"""
from __future__ import annotations

import html

from ..panels import case_link
from . import PlayerKit


class Kharkov1943Kit(PlayerKit):
    rules_id = "kharkov1943"
    game = "Kharkov 1943"
    credit = "Vae Victis' <i>Kharkov 1943</i> (1999), from the rulebook and its addenda as the project reads them"
    cases = {"setup": "18", "setup_zone": "18", "move": "6.1", "rail": "6.4", "rail_limit": "6.4", "reserve": "3.2",
             "stacking": "5", "zoc": "4", "attack": "7", "targets": "7", "attack_reach": "7", "combat_table": "7",
             "die_modifier": "7", "results": "7", "untried": "10.2", "reinforcement": "15.1", "victory": "19",
             "air_point": "13", "activation": "3.1", "formation": "3.2", "general": "3.3", "fatigue": "3.5", "fog": "10.1"}

    # ------------------------------------------------------------------ the combat panel
    def odds_module(self):
        """None: this system's odds come in the words of each attack's button (its ``describe``: the column, the shifts
        and the chance of each result before the roll); its ``odds`` module answers another query than the panel's."""
        return None

    # ------------------------------------------------------------------ affordances
    def units_of(self, state, action) -> tuple[str, ...]:
        """1.3: a detachment still off the map is detached by selecting its mother unit."""
        if action.kind == "Detach":
            mother = self.rules().detachments.mother(state, action.detachment)
            return (mother,) if mother else ()
        return ()

    def rail_moves_left(self, state) -> tuple[int, int] | None:
        """6.4: the German rail points left this turn, in the German segments."""
        rail = self.rules().rail
        if state.phase.side != rail.SIDE or state.phase.id != "operations":
            return None
        return rail.points_left(state), rail.POINTS_A_TURN

    # ------------------------------------------------------------------ the Unit and game dock
    def status_sections(self, controller, units: tuple[str, ...] = ()) -> list[str]:
        return [self._turn(controller), self._activation(controller), self._eligible(controller, units)]

    def _turn(self, controller) -> str:
        state = controller.state
        found = state.turn_data.get("weather") or {}
        weather = ", ".join(f"{part} {kind}" for part, kind in found.items()) or "not rolled yet"
        initiative = state.turn_data.get("initiative")
        segment = state.phase.side
        parts = [f"Turn {state.turn}", f"weather {html.escape(str(weather))} ({case_link('14.1')})"]
        if initiative:
            parts.append(f"initiative: {html.escape(controller.side_name(initiative))} ({case_link('2.1')})")
        if segment:
            parts.append(f"segment of {html.escape(controller.side_name(segment))}")
        return "<p><b>" + ", ".join(parts) + "</b></p>"

    def _activation(self, controller) -> str:
        state = controller.state
        act_mod = self.rules().activation
        act = act_mod.current(state)
        if act is None:
            if state.phase.id != "operations":
                return ""
            return (f"<p><b>No activation open</b>: activate a formation under one of your HQs ({case_link('3.2')}, up to "
                    f"{act_mod.FORMATION_LIMIT} units, {act_mod.FATIGUED_FORMATION_LIMIT} if the HQ is fatigued, {case_link('3.5')}), "
                    f"a general activation ({case_link('3.3')}, up to {act_mod.GENERAL_LIMIT} units), or pass ({case_link('2.2')}).</p>")
        joined = [u for u in act["units"] if u != act["hq"]]
        if act["kind"] == "formation":
            hq = act["hq"]
            tired = act_mod.fatigue(state, hq)
            limit = act_mod.FATIGUED_FORMATION_LIMIT if tired else act_mod.FORMATION_LIMIT
            head = (f"Formation activation of {html.escape(controller.unit_name(hq))} ({case_link('3.2')}): "
                    f"{len(joined)} of {limit} units; HQ fatigue {tired} ({case_link('3.5')})")
        else:
            limit = act_mod.GENERAL_LIMIT
            head = f"General activation ({case_link('3.3')}): {len(joined)} of {limit} units"
        rows = "".join(f"<li>{html.escape(controller.unit_name(u))}: {act['op'][u] - act['spent'][u]} of {act['op'][u]} OP left"
                       f"{'; fatigue ' + str(act_mod.fatigue(state, u)) if act_mod.fatigue(state, u) else ''}</li>" for u in act["units"])
        return f"<p><b>{head}</b></p><ul>{rows}</ul>"

    def _eligible(self, controller, units: tuple[str, ...]) -> str:
        """For each unit the dock shows: may it act in the open activation, and if not, why (the engine's refusal)."""
        state = controller.state
        act_mod = self.rules().activation
        if act_mod.current(state) is None:
            return ""
        rows = []
        for uid in units:
            if uid not in state.units or state.units[uid].side != act_mod.current(state)["side"]:
                continue
            refusal = act_mod.join_refusal(state, uid)
            name = html.escape(controller.unit_name(uid))
            if refusal is None:
                rows.append(f"<li>{name}: may act, {act_mod.mover(state, uid, 0).remaining} OP</li>")
            else:
                case, why = refusal
                for other in (uid, act_mod.current(state)["hq"]):  # the engine names units by id; the player by name
                    if other:
                        why = why.replace(other, controller.unit_name(other))
                rows.append(f"<li>{name}: may not act: {html.escape(why)} ({case_link(case)})</li>")
        return f"<p><b>May they act in this activation?</b></p><ul>{''.join(rows)}</ul>" if rows else ""
