"""Vae Victis' *Kharkov 1943*, rule system ``kharkov1943``: its part of the game window.

The turn is a series of alternating activation segments (2.1): the Unit and game dock shows the
weather, the initiative and the segment, the activation open (by formation under an HQ, 3.2, or
general, 3.3) with how many units it may still take, the HQ's fatigue (3.5), each activated
unit's OP left, and, for the unit selected, whether it may join and, if not, the engine's reason
with its case.  The German rail points (6.4) go to the tool bar's rail counter.
"""
from __future__ import annotations

import html

from kharkovsuite.engine import IllegalAction

from ..panels import _pct, case_link, chances_html, link_cases
from . import PlayerKit


def op_words(op: int, spent: int, bonus: int) -> str:
    """3.1, 6.5: "<left> of <op> OP left" for a unit of the open activation.  A strategic move (6.5) may spend up to
    ``bonus`` OP more than the unit had, which leaves it none: the words say so rather than print a count below zero."""
    if spent <= op:
        return f"{op - spent} of {op} OP left"
    return f"0 of {op} OP left ({spent} spent: a strategic move's {bonus} more, 6.5)"


class Kharkov1943Kit(PlayerKit):
    rules_id = "kharkov1943"
    game = "Kharkov 1943"
    credit = "Vae Victis' <i>Kharkov 1943</i> (1999), from the rulebook and its addenda as the project reads them"
    cases = {"setup": "18", "setup_zone": "18", "move": "6.1", "rail": "6.4", "rail_limit": "6.4", "reserve": "3.2",
             "stacking": "5", "zoc": "4", "attack": "7", "targets": "7", "attack_reach": "7", "combat_table": "7",
             "die_modifier": "7", "results": "7", "untried": "10.2", "reinforcement": "15.1", "victory": "18",
             "air_point": "13", "activation": "3.1", "formation": "3.2", "general": "3.3", "fatigue": "3.5", "fog": "10.1"}

    # ------------------------------------------------------------------ counters
    def markers(self, state, uid: str) -> tuple[str, ...]:
        """The markers the players put on the map: fatigue (3.5), Isolated or Out of Supply (9.3), a defensive
        position (11), the breakthrough of this activation phase (7.7) on the units in its hex, and a detachment (1.3)."""
        rules = self.rules()
        rec = state.units[uid]
        out = []
        tired = rules.activation.fatigue(state, uid)
        if tired:
            out.append(f"fatigue{min(tired, 2)}")
        status = rules.supply.status(state, uid)
        if status in (rules.supply.ISOLATED, rules.supply.OUT):
            out.append("isolated" if status == rules.supply.ISOLATED else "out_of_supply")
        held = rules.odds.posture(state, uid)
        if held in ("pdm", "pdp"):
            out.append(held)
        act = rules.activation.current(state)
        if act and rec.hex in (act.get("breakthrough") or ()):
            out.append("breakthrough")
        if rules.detachments.mother(state, uid):
            out.append("detachment")
        return tuple(out)

    # ------------------------------------------------------------------ the combat panel
    def odds_module(self):
        """None: this system's odds come in the words of each attack's button (its ``describe``: the column, the shifts
        and the chance of each result before the roll); its ``odds`` module answers another query than the panel's."""
        return None

    # ------------------------------------------------------------------ attacks planned in the combat dock
    def attack_choices(self, state, units: tuple[str, ...], target: str, support: bool = False) -> list[tuple[str, str, object, str]]:
        """7.1: each attack type on ``target`` for the units of ``units`` that may attack (HQs and supply heads never
        do, 1.4, 9.4): the attack the engine offers with the most of them, else their whole group checked as the
        engine checks a declared attack, with its refusal."""
        rules = self.rules()
        act = rules.activation.current(state)
        if act is None or state.pending or rules.combat.current(state) is not None or not units:
            return []
        side = act["side"]
        if any(state.units[u].side != side for u in units) or not any(state.units[u].side != side for u in state.units_at(target)):
            return []
        hq = (self.attack_support(state, units, target) or "") if support else ""
        fighters = tuple(u for u in units if not state.board.units[u].is_hq and state.board.units[u].values.kind != "supply_head")
        offered = [a for a in rules.combat.legal_attacks(state) if a.target == target and set(a.attackers) <= set(units) and a.support == hq]
        out = []
        for kind_id, kind in state.board.data.crt.attack_types.items():
            words = f"{kind.name} ({kind.op_cost} OP each, {kind.column_shift:+d} column{'s' if abs(kind.column_shift) != 1 else ''})"
            found = max((a for a in offered if a.types == (kind_id,)), key=lambda a: len(a.attackers), default=None)
            if found is not None:
                out.append((kind_id, words, found, ""))
                continue
            action = rules.actions.Assault(attackers=fighters or units, target=target, types=(kind_id,), support=hq)
            try:
                rules.combat.check_attack(state, action)
            except IllegalAction as exc:
                out.append((kind_id, words, None, str(exc)))
            else:
                out.append((kind_id, words, action, ""))
        return out

    def attack_support(self, state, units: tuple[str, ...], target: str) -> str | None:
        """1.4: the formation's HQ, once an activation, when the engine offers an attack on ``target`` with its support."""
        rules = self.rules()
        act = rules.activation.current(state)
        hq = act.get("hq") if act else None
        if not hq or hq in act.get("supported", ()):
            return None
        return hq if any(a.support == hq and a.target == target and set(a.attackers) <= set(units) for a in rules.combat.legal_attacks(state)) else None

    combat_help = ("No combat. In an activation select your units (a hex, or one unit in the Stack dock), then click an enemy hex "
                   "next to them: the attack types, the odds and each result's chance show here before anything is declared "
                   "(7.1, 7.4).")

    def combat_html(self, controller) -> str:
        """7.4, 13.1: the combat announced and not yet rolled, its odds with the air points the side viewing may know of:
        its own (the observation hides the other side's until the roll)."""
        state = controller.state
        record = (controller.observation().get("phase_data") or {}).get("combat")
        if not record or record.get("result") or state.phase.id != self.rules().sequence.OPS:
            return ""
        air = {role: n for role, n in (record.get("air") or {}).items() if n}
        support = {role: hq for role, hq in (record.get("support") or {}).items() if hq}
        try:
            p = state.rules.combat_preview(state, record["attackers"], record["target"], record["type"], air, support)
        except (IllegalAction, KeyError):
            return ""
        known = ", ".join(f"{role} {n}" for role, n in air.items()) or "none known to you"
        return self._preview_html(controller, p, f"Combat on {record['target']}: {record['type']} attack",
                                  f"Air points so far: {html.escape(known)}; the other side's stay secret until the roll ({case_link('13.1')}).")

    def attack_html(self, controller, action) -> str:
        """7.4: the units' values with every change and its case, the odds column, each column shift and die modifier
        with its case, and the chance of each result of the CRT block read (before any air point, 13.1)."""
        state = controller.state
        kind = state.board.data.crt.attack_types[action.types[0]]
        try:
            p = state.rules.combat_preview(state, action.attackers, action.target, action.types,
                                           support={"attacker": action.support} if action.support else None)
        except IllegalAction as exc:
            return f"<p><b>Not allowed</b> — {link_cases(str(exc))}</p>"
        return self._preview_html(controller, p, f"{kind.name} on {action.target}: odds before the roll",
                                  f"Each attacker pays {kind.op_cost} OP ({case_link('7.1')}). Air points are put on in secret after "
                                  f"the attack is declared ({case_link('13.1')}): each is a column.")

    def _preview_html(self, controller, p, title: str, note: str) -> str:
        rows = "".join(f"<tr><td>{html.escape(x.role)} {html.escape(controller.unit_name(x.unit))}</td><td align=right><b>{x.combat}</b></td>"
                       f"<td align=right>{x.armor or ''}</td><td align=right>{x.antitank or ''}</td><td>{link_cases(x.note)}</td></tr>"
                       for x in p.attackers + p.defenders)
        out = [f"<h3>{html.escape(title)}</h3><table cellspacing=0 cellpadding=2><tr><th></th><th>combat</th><th>armour</th>"
               f"<th>anti-tank</th><th></th></tr>{rows}</table>",
               f"<p>Attack <b>{p.attack}</b> against defence <b>{p.defense}</b>: column <b>{html.escape(p.base_column)}</b> ({case_link('7.4')})</p>"]
        if p.shifts:
            out.append("<ul>" + "".join(f"<li>{link_cases(why)}: {n:+d} column{'s' if abs(n) != 1 else ''}</li>" for why, n in p.shifts) + "</ul>")
        table = controller.state.scenario.tables.get(p.block)
        out.append(f"<p>Final column <b>{html.escape(p.column)}</b> of the table {link_cases(table.name if table is not None and table.name else p.block)}</p>")
        if p.drms:
            out.append("<ul>" + "".join(f"<li>{link_cases(why)}: die {n:+d}</li>" for why, n in p.drms) + "</ul>")
        out.append(chances_html(p.results, "7.4"))
        out.append(f"<p><small>{note}</small></p>")
        return "".join(out)

    # ------------------------------------------------------------------ air points in secret
    def air_allotment(self, controller) -> dict | None:
        """13.1: the attacker, then the defender, puts air points on the announced combat, unseen by the other;
        the defender may also name an HQ adding its combat value (1.4)."""
        state = controller.state
        if not state.pending or state.pending[-1].kind != "air":
            return None
        rules = self.rules()
        choices = [a for a in controller.legal().actions() if a.kind == "AllotAir"]
        c = rules.combat.current(state)
        if not choices or c is None:
            return None
        decision = state.pending[-1]
        supports = {a.support: controller.unit_name(a.support) for a in choices if a.support}

        def action(points: int, support: str = ""):
            return rules.actions.AllotAir(points=points, support=support)

        return {"role": decision.data["role"], "side": decision.side, "target": c["target"], "type": c["type"],
                "attackers": tuple(c["attackers"]), "most": max(a.points for a in choices), "left": rules.air.points(state, decision.side),
                "supports": supports, "case": decision.case, "action": action}

    def air_preview_html(self, controller, points: int, support: str = "") -> str:
        """The odds with the deciding side's own air points (and HQ) only: the other side's allotment is secret (13.1)."""
        state = controller.state
        allot = self.air_allotment(controller)
        if allot is None:
            return ""
        role = allot["role"]
        c = self.rules().combat.current(state)
        mine = dict(c.get("support") or {})
        if role == "defender":
            mine["defender"] = support or None
        air_points = {role: points}  # never the other side's: read from the state, it would tell what is secret
        p = state.rules.combat_preview(state, allot["attackers"], allot["target"], allot["type"], air_points,
                                       {k: v for k, v in mine.items() if v})
        hidden = "the attacker's air points are secret until the roll" if role == "defender" else "the defender puts its air points on after you"
        return (f"With {points} air point{'s' if points != 1 else ''}: column <b>{html.escape(p.column)}</b>; "
                + ", ".join(f"{html.escape(r)} {html.escape(_pct(pr))}" for r, pr in p.results[:4])
                + f" <small>({hidden}, {case_link('13.1')})</small>")

    # ------------------------------------------------------------------ affordances
    def units_of(self, state, action) -> tuple[str, ...]:
        """1.3: a detachment still off the map is detached by selecting its mother unit.  3.2, 3.3: an activation is
        offered from any unit it could take, so a click on a unit lists the formations it may act in (those of the HQs
        whose line of command reaches it, 8.1) and the general activation."""
        if action.kind == "Detach":
            mother = self.rules().detachments.mother(state, action.detachment)
            return (mother,) if mother else ()
        if action.kind == "Activate":
            return self._may_take(state, action.hq)
        return ()

    def _may_take(self, state, hq: str | None) -> tuple[str, ...]:
        """The side's units on the map that an activation opened now (by ``hq``'s formation, or general) could take."""
        rules = self.rules()
        activation, command = rules.activation, rules.command
        side = state.units[hq].side if hq else state.to_act
        if activation.current(state) is not None or side is None:
            return ()
        own = [u for u, rec in state.units.items() if rec.side == side and rec.hex is not None and u != hq and activation.activatable(state, u)]
        if hq is None:
            return tuple(own)
        return tuple(u for u in own if not activation.out_of_command(state, u) and command.in_command_of(state, hq, u))

    # ------------------------------------------------------------------ victory (18)
    score_title = "Level of victory if the game ended at the end of the turn (1 tactical, 2 operational, 3 strategic)"

    def score_text(self, controller, result, names: dict[str, str]) -> str:
        """18: no points, a level per side: the highest whose conditions (and every lower one's) hold."""
        levels = self.rules().victory.LEVELS
        return "levels reached: " + ", ".join(f"{names.get(k, k)} {levels[v - 1] if v else 'none'}" for k, v in result.vp.items())

    def vp_breakdown(self, state) -> dict | None:
        """18.1, 18.2: per side, each level's conditions in the scenario's words, whether they hold now, and the cities
        of each group held; the level reached."""
        victory = self.rules().victory
        result = state.result()
        out = {}
        for side, conds in state.board.data.victory.items():
            rows = []
            for i, cond in enumerate(conds):
                groups = []
                for g, group in enumerate(cond.groups):
                    held = [p for p in group.places if victory.holds(state, side, p)]
                    credit = victory.exit_credit(state, side) if i == 0 and g == 0 else 0
                    groups.append({"places": list(group.places), "at_least": group.at_least, "held": held, "credit": credit})
                rows.append({"level": cond.level, "text": cond.text, "met": result.vp.get(side, 0) >= i + 1, "groups": groups})
            out[side] = {"levels": rows, "reached": result.vp.get(side, 0)}
        return out

    def summary_html(self, controller, names: dict[str, str]) -> str | None:
        """The levels of victory of the scenario (18.1, 18.2), each side's conditions, which hold now and with which cities:
        why the result is what it is."""
        state = controller.state
        b = controller.vp_breakdown()
        levels = self.rules().victory.LEVELS
        m = state.scenario.map

        def place(p: str) -> str:
            return m.cities[p].name if p in m.cities and m.cities[p].name else (m.places[p].name if p in m.places else p)

        out = ["<h3>Levels of victory (18)</h3><p>Each side reaches the highest level whose conditions hold, with every lower "
               "level's; the higher level wins, equal levels are a draw.</p>"]
        for side, per in b.items():
            reached = per["reached"]
            out.append(f"<h4>{html.escape(names.get(side, side))}: {html.escape(levels[reached - 1].capitalize() if reached else 'no level')}</h4><ul>")
            for row in per["levels"]:
                mark = "✔ holds" if row["met"] else "✘ not met"
                cities = "".join(
                    f"<br><small>{len(g['held']) + g['credit']} of {g['at_least']} needed: "
                    + (html.escape(", ".join(place(p) for p in g["held"])) or "none held")
                    + (f" (+{g['credit']} for the exit order not carried out, 18.2)" if g["credit"] else "") + "</small>"
                    for g in row["groups"])
                out.append(f"<li><b>{html.escape(row['level'].capitalize())}</b> — {mark}: {link_cases(row['text'])}{cities}</li>")
            out.append("</ul>")
        return "".join(out)

    # ------------------------------------------------------------------ the situation overlays
    def situation_support(self, state) -> str | None:
        return None  # drawn from what the other side may see: a stack's top unit only (10.1)

    def zoc_hexes(self, state, side: str) -> set[str]:
        """4.2: the hexes in ``side``'s ZoC as its enemy may know it: the units its fog of war hides (10.1) left out."""
        rules = self.rules()
        viewer = next(s for s in state.scenario.sides if s != side)
        return set(rules.zoc.zoc_seen(state, side, rules.fog.hidden_units(state, viewer)))

    def enemy_reach(self, state, side: str) -> tuple[set[str], set[str]]:
        """(hexes each unit of ``side`` the other side sees could enter with the OP it brings to an activation (1.1, 9.2-9.3),
        through the ZoC and terrain as now (4.2, 6.1), further hexes next to them it could then attack, 7.1).  A move in one
        go without the strategic bonus (6.2) or an activation's breakthrough (7.7): the reach of the units as they stand."""
        rules = self.rules()
        viewer = next(s for s in state.scenario.sides if s != side)
        hidden = rules.fog.hidden_units(state, viewer)
        enter: set[str] = set()
        stands: set[str] = set()
        for uid, rec in state.units.items():
            if rec.side != side or rec.hex is None or uid in hidden or rules.zoc.reach_of_zoc(state, uid) == "none":
                continue
            stands.add(rec.hex)
            op = rules.supply.op_allowance(state, uid)
            if op > 0:
                enter |= set(rules.movement.reach(state, (uid,), op))
        nbrs = state.board.nbrs
        attack = {n for h in enter | stands for n in nbrs.get(h, ())} - enter - stands
        return enter, attack

    def may_act(self, state) -> set[str] | None:
        """3.1-3.3: in an open activation, the units it has taken with OP left and those it may still take (with OP
        to spend); outside one, None (any unit may open one)."""
        act_mod = self.rules().activation
        act = act_mod.current(state)
        if act is None or state.pending:
            return None
        side = act["side"]
        return {u for u, rec in state.units.items() if rec.side == side and rec.hex is not None
                and act_mod.join_refusal(state, u) is None and act_mod.mover(state, u, 0).remaining > 0}

    def why_not_act(self, state, uid: str) -> str | None:
        """3.1-3.3, 1.5, 8.2, 9.4: the engine's reason a unit may not act in the open activation; or that its OP are spent."""
        act_mod = self.rules().activation
        act = act_mod.current(state)
        if act is None or uid not in state.units or state.units[uid].side != act["side"]:
            return None
        refusal = act_mod.join_refusal(state, uid)
        if refusal is not None:
            case, why = refusal
            return f"{case}: {why}"
        if state.units[uid].hex is not None and act_mod.mover(state, uid, 0).remaining <= 0:
            return f"3.1: {uid} has spent its OP in this activation"
        return None

    def why_not_move(self, state, uid: str) -> str | None:
        """3.4b: a unit that moved in this activation moves no more (its OP left serve to attack, 7.1); 11.2: a unit in
        a defensive position leaves it first."""
        rules = self.rules()
        act = rules.activation.current(state)
        if act is None or uid not in state.units or state.units[uid].side != act["side"] or self.why_not_act(state, uid):
            return None
        if uid in act["moved"]:
            return (f"3.4: {uid} has moved in this activation already; a move is made in one go "
                    f"(its {max(0, rules.activation.mover(state, uid, 0).remaining)} OP left may pay for an attack, 7.1)")
        if rules.movement.posture(state, uid) != "normal":
            return f"11.2: {uid} holds a defensive position: leave it first"
        return None

    def rail_moves_left(self, state) -> tuple[int, int] | None:
        """6.4: the German rail points left this turn, in the German segments."""
        rail = self.rules().rail
        if state.phase.side != rail.SIDE or state.phase.id != "operations":
            return None
        return rail.points_left(state), rail.POINTS_A_TURN

    # ------------------------------------------------------------------ the Unit and game dock
    def points_html(self, controller, uid: str) -> str:
        """Operation points, not Movement Points (3.1): those left in the open activation, else what the unit
        would bring to one now (its allowance after supply, 9.2-9.3); its fatigue (3.5) and activations this turn (3.1).
        Of an enemy unit the side sees only the fatigue marker."""
        state = controller.state
        rules = self.rules()
        act_mod = rules.activation
        tired = f"Fatigue {act_mod.fatigue(state, uid)} ({case_link('3.5')})"
        if state.units[uid].side != controller.viewing_side():
            return tired
        if state.units[uid].hex is None:
            op = "OP: <b>—</b> (off the map)"
        else:
            act = act_mod.current(state)
            if act is not None and uid in act["units"]:
                spent, had = act["spent"][uid], act["op"][uid]
                bonus = self.rules().movement.STRATEGIC_BONUS
                over = f"; {spent} spent: a strategic move's {bonus} more ({case_link('6.5')})" if spent > had else ""
                op = f"OP left: <b>{max(0, had - spent)}</b> of {had} ({case_link('3.1')}){over}"
            elif act is not None and act["side"] == state.units[uid].side and act_mod.join_refusal(state, uid) is None:
                op = f"OP on joining this activation: <b>{act_mod.mover(state, uid, 0).remaining}</b> ({case_link('3.1')})"
            else:
                op = f"OP a turn: <b>{rules.supply.op_allowance(state, uid)}</b> ({case_link('1.1')}, {case_link('9.3')})"
        used = f"Activated {act_mod.count(state, uid)} of {act_mod.MAX_ACTIVATIONS} times this turn ({case_link('3.1')})"
        return f"{op}<br>{tired} · {used}"

    points_name = "OP"

    def points_left(self, controller, uid: str) -> float | None:
        """3.1: the OP left in the open activation (or those it would bring on joining); None outside one."""
        act_mod = self.rules().activation
        act = act_mod.current(controller.state)
        if act is None or controller.state.units[uid].side != act["side"] or controller.state.units[uid].hex is None:
            return None
        if act_mod.join_refusal(controller.state, uid) is not None:  # it may not act in this activation: no OP to speak of
            return None
        return max(0, act_mod.mover(controller.state, uid, 0).remaining)  # none after a strategic move's 4 more (6.5)

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
        rows = "".join(f"<li>{html.escape(controller.unit_name(u))}: {link_cases(op_words(act['op'][u], act['spent'][u], self.rules().movement.STRATEGIC_BONUS))}"
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
                rows.append(f"<li>{name}: may act, {max(0, act_mod.mover(state, uid, 0).remaining)} OP</li>")
            else:
                case, why = refusal
                why = controller.named(why)  # the engine names units by id; the player by name
                rows.append(f"<li>{name}: may not act: {html.escape(why)} ({case_link(case)})</li>")
        return f"<p><b>May they act in this activation?</b></p><ul>{''.join(rows)}</ul>" if rows else ""
