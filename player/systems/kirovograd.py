"""*Kirovograd* (The Wargamer no. 30, 1983), rule system ``kirovograd``: its part of the game window.

- The header: the game turn with its day or night, the weather and fog (4, 23), the initiative
  (7) and whose player turn it is, first or second (3.5, 3.6).
- The Orders panel (:class:`OrdersPanel`, a dock of its own): each formation's orders chosen in
  secret by the seat at the screen (3.3, 6.1), what each order allows with its supply cost (the
  Order Chart, 6.2), the points left on the side's supply tracks (8.1, 8.5), Out of Supply units
  put on retreat orders (6.1F), and the orders sealed after a question.  It reads only the
  observation of the side viewing: the other side's orders appear once both are handed in (3.3).
- The Unit and game dock: the side's reserves (12) and its units Cut Off or Out of Supply (8.4).
- The ZOC overlay draws each hex's kind (13.1-13.3: fluid, locking, overlapping) and the hex
  under the mouse names it in the status bar.

Combat (14-22) comes from the combat half: its actions are worded by the rules' ``describe``
and reached through the Actions dock like every decision; the combat panel shows the attack being
declared with its odds, and while the seat at the screen names the units of its losses (16.0) a
link per unit with its SP and the SP it may still lose (a ``do:`` link: the window hands in the
legal action of that key).
"""
from __future__ import annotations

import html
import importlib
from types import ModuleType

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QApplication, QComboBox, QGridLayout, QLabel, QListWidget, QListWidgetItem, QPushButton, QScrollArea,
                               QVBoxLayout, QWidget)

from kharkovsuite.view.style import tooltip_html

from kharkovsuite.engine import ChooseLoss, IllegalAction

from ..panels import _pct, action_key, case_link, link_cases
from . import PlayerKit

#: the ZOC overlay's style and label of each kind (13.1 fluid, 13.2 locking, 13.3 overlapping)
ZOC_MARKS = {"fluid": ("zoc", "fluid"), "locking": ("vermillion", "lock"), "overlapping": ("purple", "overlap")}
#: kind -> the panel offering it: the orders segment's choices (3.3): a formation's orders (6.1), an Out of Supply unit's
#: retreat orders (6.1F), an independent unit taking a neighbouring formation's orders (6.3), handing them in
ORDERS_KINDS = {"SetOrder": "Orders", "UseRetreatOrders": "Orders", "AttachUnit": "Orders", "SubmitOrders": "Orders"}
#: the air commitment segment's choices (3.5.1, 28.3): offered by the Air panel (advanced rule 28, the option ``air``)
AIR_KINDS = {"FlyMission": "Air", "WithholdAir": "Air", "PatrolMove": "Air", "PairAir": "Air", "EndAirTurn": "Air",
             "AirStrike": "Air", "HoldAirFire": "Air", "TakeAirLoss": "Air", "ReturnAir": "Air"}
#: the air decisions the Air panel answers: the commitment segment with its air combats, an anti-aircraft
#: loss's units (28.11A), an airstrip unit's landing (28.2E)
AIR_DECISIONS = ("air_commitment", "air_loss", "air_return")


class KirovogradKit(PlayerKit):
    rules_id = "kirovograd"
    game = "Kirovograd"
    credit = ("<i>Kirovograd</i> (The Wargamer no. 30, 1983); its charts and the values the rulebook does not print are "
              "reconstructed, each with its reasoning in the project's reconstruction notes")
    cases = {"setup": "2.3", "setup_zone": "2.3", "move": "11", "rail": "11", "rail_limit": "11", "reserve": "12",
             "stacking": "9", "zoc": "13", "attack": "14", "targets": "14", "attack_reach": "14", "combat_table": "15",
             "die_modifier": "15", "results": "16", "untried": "30", "reinforcement": "24", "victory": "27",
             "air_point": "28", "orders": "6", "initiative": "7", "weather": "4", "night": "23", "supply": "8"}
    enemy_traceable = True  # positions are public in the basic game; the advanced rules' fog (29, 30) masks the overlays it touches
    panel_kinds = {**ORDERS_KINDS, **AIR_KINDS}
    combat_help = ("No combat. In a combat round attacks are declared one by one (15.1): click an enemy hex and press its "
                   "attack button in the Actions dock, then select each attacking unit (and any artillery or HQ in support) and "
                   "press its button; the odds show here before you declare the attack.")

    def traces_enemy(self, state) -> bool:
        """The enemy's supply lines would lead to its hidden HQs and tell its dummies (29, 30)."""
        return not self.part("fog").in_play(state)

    def part(self, name: str) -> ModuleType:
        """A module of the rule system's package (its describe, orders, zoc...)."""
        return importlib.import_module(f"{self.rules().__name__}.{name}")

    # ------------------------------------------------------------------ the header
    def header(self, controller) -> str:
        state = controller.state
        td = state.turn_data
        light = state.board.light(self.part("board").game_turn(state))  # the turn's day or night (23)
        parts = [light.capitalize()]
        weather = str(td.get("weather") or "").replace("_", " ")
        if weather:
            parts.append(weather)
        if td.get("fog") and "fog" not in weather:
            parts.append("fog")
        first = td.get("first")
        if first:
            parts.append(f"initiative {controller.side_name(first)}")
            pid = state.phase.id
            if pid.startswith(("air_", "move_", "combat_", "supply_")):
                parts.append("first player turn" if pid.split("_")[1] == "1" else "second player turn")
        return " · ".join(p for p in parts if p)

    # ------------------------------------------------------------------ panels of its own
    def panels(self, window) -> list[tuple[str, QWidget]]:
        out: list[tuple[str, QWidget]] = [("Orders", OrdersPanel(window, self))]
        if window.controller.state.options.get("air"):
            out.append(("Air", AirPanel(window, self)))  # 28, 30.7: the air base box, the airstrips, the missions
        return out

    def units_of(self, state, action) -> tuple[str, ...]:
        """6.1: a formation's orders are its units' orders; selecting its HQ lists them.  28.4.1A: an air unit joining an
        attack is listed with the units of the hex it flies over (the target)."""
        if action.kind == "AddSupport" and state.board.units[action.unit].kind == "air":
            f = self.part("air").flight_of(state, action.unit)
            return tuple(state.units_at(f["hex"])) if f and f["hex"] else ()
        if action.kind == "SetOrder":
            hq = state.board.data.formations[action.formation].hq
            return (hq,) if hq in state.units and state.units[hq].hex else ()
        if action.kind == "AssignFormation":  # 22.8: offered from the formation's HQ, else from its units on the map
            hq = state.board.data.formations[action.formation].hq
            if hq in state.units and state.units[hq].hex:
                return (hq,)
            return tuple(u for u, rec in state.units.items() if rec.hex and state.board.units[u].formation == action.formation)
        return ()

    def names(self, state) -> dict[str, str]:
        """2.2.4: each formation by the abbreviation its counters print ("German orders: 320 retreat", not its id)."""
        return {f: info.abbr for f, info in state.board.data.formations.items() if info.abbr}

    def movement_allowance(self, state, uid: str) -> float | None:
        """11.2, 6.2, 12.2, 8.4C, 11.3: the MP of the unit in this movement round, by its orders, reserve, supply and the fog."""
        rnd = self.part("sequence").round_of(state.phase.id)
        rec = state.units.get(uid)
        if rnd is None or rec is None or rec.hex is None or not state.board.units[uid].ground:
            return None
        return self.part("movement").allowance(state, uid, rnd)[0]

    # ------------------------------------------------------------------ the situation bar
    def situation_support(self, state) -> str | None:
        return None  # unit positions are public in the basic game

    def _masked_hexes(self, state, side: str) -> set[str]:
        """The hexes of ``side``'s counters the seat viewing may not know (29, 30: face down or hidden),
        when ``side`` is not the viewing side: their ZOCs and reach would tell a dummy from a unit."""
        fog = self.part("fog")
        viewer = state.to_act or state.phase.side
        if viewer is None or viewer == side or not fog.in_play(state):
            return set()
        return {state.units[u].hex for u in fog.masks_against(state, viewer) if state.units[u].hex is not None}

    def zoc_kinds(self, state, side: str) -> dict[str, str]:
        """Hex -> the kind of ``side``'s ZOC there (13.1-13.3) as it acts on a non-armoured unit; of the
        enemy's, only the ZOCs of counters the seat viewing knows (29.4A, 30)."""
        zoc = self.part("zoc")
        masked = self._masked_hexes(state, side)
        out = {}
        for h in zoc.zoc_of(state, side):
            here = zoc.zoc_at(state, side, h, False)
            if here is not None and not (here.sources & masked):
                out[h] = "overlapping" if here.overlapping else here.kind
        return out

    def zoc_hexes(self, state, side: str) -> set[str]:
        return set(self.zoc_kinds(state, side))

    def zoc_marks(self, state, side: str) -> dict[str, tuple[str, str | None]]:
        return {h: ZOC_MARKS[k] for h, k in self.zoc_kinds(state, side).items()}

    def enemy_reach(self, state, side: str) -> tuple[set[str], set[str]]:
        """The hexes ``side``'s units could enter with their full printed MA (11.2A, its ZOCs and
        terrain as now, orders aside), and the hexes next to them they could then attack (14)."""
        counters, movement = self.part("counters"), self.part("movement")
        masked = self._masked_hexes(state, side)
        enter: set[str] = set()
        for u in counters.on_map(state, side):
            if state.units[u].hex in masked:
                continue  # a face-down or hidden counter's reach would tell what it is (29.4A, 30)
            ma = counters.printed_ma(state, u)
            if ma > 0:
                enter |= set(movement.reach(state, (u,), None, float(ma)))
        nbrs = state.board.nbrs
        attack = {n for h in enter for n in nbrs.get(h, ())} - enter
        return enter, attack

    def hex_markers(self, controller) -> dict:
        """28.3, 28.3.3C: the air units committed, as the side viewing may know them (its observation's flights): a
        badge on each hex flown over, or on the HQ a withheld unit waits with, naming the units and their missions;
        the viewing side's own in blue, the enemy's in vermillion, both sides' in purple."""
        from kharkovsuite.view.markers import Marker

        side = controller.viewing_side()
        obs = controller.observation(side)
        units = obs.get("units") or {}
        words = self.part("air").MISSION_WORDS
        by_hex: dict[str, list[dict]] = {}
        for f in (obs.get("game") or {}).get("flights") or ():
            where = f.get("hex") or (units.get(f.get("hq")) or {}).get("hex")
            if where:
                by_hex.setdefault(where, []).append(f)
        out = {}
        for hex_id, here in by_hex.items():
            count = sum(len(f["units"]) + (1 if f.get("escort") else 0) for f in here)
            sides = {f["side"] for f in here}
            colour = "purple" if len(sides) > 1 else "blue" if side in sides else "vermillion"
            lines = [f"{controller.side_name(f['side'])}: {', '.join(controller.unit_name(u) for u in f['units'])}"
                     f"{', escorted by ' + controller.unit_name(f['escort']) if f.get('escort') else ''}: "
                     f"{words.get(f['mission'], f['mission'])}"
                     f"{' with ' + controller.unit_name(f['hq']) if f['mission'] == 'withheld' and f.get('hq') else ''}" for f in here]
            out[hex_id] = Marker(f"air {count}", f"Air units over {hex_id} (28.3)\n" + "\n".join(lines), colour)
        return out

    def hex_notes(self, state, side: str, hex_id: str) -> list[str]:
        """The enemy ZOC in the hex (13): its kind, and the air units flying over it (28.3) as the side may know them
        (30.7: not an enemy transfer to or from a strip out of its patrols' reach), for the status bar under the mouse."""
        air = self.part("air")
        names = self.part("describe").unit_names
        out = [f"{'own' if f['side'] == side else 'enemy'} air: {names(state, air.members(f))}, {air.MISSION_WORDS.get(f['mission'], f['mission'])} (28.3)"
               for f in air.visible_flights(state, side) if f.get("hex") == hex_id]
        kind = self.zoc_kinds(state, self.part("board").other(side)).get(hex_id)
        if kind is None:
            return out
        return [f"enemy {kind} ZOC ({'13.3' if kind == 'overlapping' else '13.1' if kind == 'fluid' else '13.2'})"] + out

    # ------------------------------------------------------------------ the combat panel
    def combat_html(self, controller) -> str:
        """The attack being declared (15.1) with its odds before the roll (15.6-15.8: the column, every shift with its case,
        the chance of each result), as the rules object's ``combat_preview`` gives them; "" while no attack is being built
        or the rules give no preview."""
        state = controller.state
        losses = self._loss_choice_html(controller)
        if losses:
            return losses
        preview = getattr(state.rules, "combat_preview", None)
        draft = ((controller.observation().get("phase_data") or {}).get("fight") or {}).get("draft")
        if preview is None or not draft or not draft.get("targets"):
            return ""
        names = lambda ids: html.escape(", ".join(controller.unit_name(u) for u in ids)) or "—"
        out = [f"<h3>Attack being declared</h3><p>Target hex(es): <b>{html.escape(', '.join(draft['targets']))}</b><br>"
               f"Attackers: <b>{names(draft.get('attackers') or ())}</b>"]
        support = list(draft.get("guns") or ()) + list(draft.get("hqs") or ())
        if support:
            out.append(f"<br>Support: {names(support)}")
        out.append(self._guns_html(controller))
        flights = {f["id"]: f for f in (controller.observation().get("game") or {}).get("flights") or ()}
        flown = [flights[i] for i in draft.get("air") or () if i in flights]
        if flown:
            out.append(f"<br>From the air ({case_link('28.4')}): <b>{names([u for f in flown for u in f['units']])}</b>")
        out.append("</p>")
        if not draft.get("attackers") and not draft.get("guns") and not flown:
            return "".join(out) + f"<p>Add attacking units next to the target ({case_link('14.3')}): select one, then its button in the Actions dock.</p>"
        try:
            args = (state, tuple(draft.get("attackers") or ()), tuple(draft["targets"]), tuple(draft.get("guns") or ()), tuple(draft.get("hqs") or ()))
            p = preview(*args, tuple(f["units"][0] for f in flown)) if flown else preview(*args)  # 28.4.1A: the flights, when any
        except IllegalAction as exc:
            return "".join(out) + f"<p><b>Not allowed</b> — {link_cases(str(exc))}</p>"
        out.append(f"<p>Attack <b>{_num(p.attack)}</b> against defense <b>{_num(p.defense)}</b>: column <b>{html.escape(p.base)}</b> ({case_link('15.6')})</p>")
        if p.shifts:
            out.append("<ul>" + "".join(f"<li>{case_link(s.case)} {html.escape(s.why)}: {s.amount:+d} column(s)</li>" for s in p.shifts) + "</ul>")
        drm = f", {p.drm:+d} to the dice ({case_link('15.8')})" if p.drm else ""
        out.append(f"<p>Final column <b>{html.escape(p.column)}</b>{drm}</p>")
        if p.doubled:
            out.append(f"<p>Both sides have 20 SP or more: losses doubled ({case_link('15.10')})</p>")
        rows = "".join(f"<tr><td>{html.escape(r)}</td><td align=right>{html.escape(_pct(c))}</td>"
                       f"<td><span style='background:#0072b2'>{'&nbsp;' * max(1, round(30 * float(c)))}</span></td></tr>"
                       for r, c in sorted(p.chances.items(), key=lambda x: -x[1]))
        out.append(f"<p><b>Chance of each result</b> ({case_link('15.8')})</p><table cellpadding=2>{rows}</table>")
        return "".join(out)

    def _guns_html(self, controller) -> str:
        """21.1, 8.1E, 21.3: the guns of the side declaring that reach a target of the attack being built and are not in
        it yet: each that may fire a link adding its barrage (a ``do:`` link; its button is in the Actions dock too),
        each that may not greyed, with the reason in words and its case (e.g. no supply line of its own, 8.1E)."""
        state = controller.state
        fight = self.part("fight")
        f = state.phase_data.get("fight") or {}
        draft = f.get("draft")
        side = fight.phasing(state)
        if not draft or state.pending or side != controller.viewing_side():
            return ""
        rows = []
        guns = [u for u in self.part("counters").on_map(state, side) if state.board.units[u].is_artillery]
        for g in guns:
            reach = state.board.units[g].values.range or 0
            if g in draft["guns"] or min(state.board.distance(state.units[g].hex, t) for t in draft["targets"]) > reach:
                continue
            name = html.escape(controller.unit_name(g))
            refusal = fight.barrage_refusal(state, f, draft, g)
            if refusal is None:
                key = html.escape(action_key(fight.AddSupport(unit=g)), quote=True)
                rows.append(f"<li><a href=\"do:{key}\"><b>{name}</b></a> — may fire</li>")
            else:
                rows.append(f"<li><span style='color:#808080'>{name} — may not fire: {html.escape(controller.named(refusal[1]))} "
                            f"</span>({case_link(refusal[0])})</li>")
        if not rows:
            return ""
        return f"<br>Guns in range ({case_link('21.1')}):<ul>{''.join(rows)}</ul>"

    def _loss_choice_html(self, controller) -> str:
        """16.0: the side to act names the unit of its next SP lost: a link per unit of the combat with its name,
        its SP and the SP it may still lose this round; the units the rules exclude for this loss are listed
        without a link, with the case.  "" unless the seat at the screen has that choice to make."""
        state = controller.state
        fight = self.part("fight")
        decision = state.pending[-1] if state.pending else None
        if decision is None or decision.kind != fight.LOSSES or decision.side != controller.viewing_side():
            return ""
        c = fight.loss_choice(state, decision)
        what = "extra armour loss" if c["extra"] else "loss"
        out = [f"<h3>Your losses</h3><p>Choose the unit that takes {what} <b>{c['number']} of {c['of']}</b> "
               f"({case_link('16.0')}; {case_link(c['case'])}{': ' + html.escape(c['why']) if c['why'] else ''}).</p><ul>"]
        for row in c["units"]:
            name = html.escape(controller.unit_name(row["unit"]))
            steps = f"{row['sp']} SP" + (f", {row['marked']} marked to lose" if row["marked"] else "") + f", may lose {row['room']} more this round"
            if row["may"]:
                key = html.escape(action_key(ChooseLoss(unit=row["unit"])), quote=True)
                out.append(f"<li><a href=\"do:{key}\"><b>{name}</b></a> — {steps}</li>")
            else:
                out.append(f"<li>{name} — {steps} (not this loss)</li>")
        out.append("</ul><p><small>Click a unit's name; the losses land once every one is named.</small></p>")
        return "".join(out)

    # ------------------------------------------------------------------ victory (27, 31.1E-H)
    #: 27.B's classes of units, in words
    CATEGORY_WORDS = {"infantry": "infantry", "armor": "armour", "artillery_hq_air": "artillery, HQs and air"}

    def vp_breakdown(self, state) -> dict | None:
        """27.B-C: the points each side scores, by where they come from: the enemy's SP lost by class of unit, the enemy's
        units destroyed (twice their whole value), each place held, Kirovograd's early fall; the lead and the levels (27.A);
        Opening Moves' city objective (31.1E-H)."""
        victory = self.part("victory")
        v = state.board.data.victory
        lines: dict[str, list[tuple[str, int]]] = {"german": [], "soviet": []}
        sp: dict[tuple[str, str], int] = {}
        destroyed: dict[tuple[str, str], tuple[int, int]] = {}
        for loss in victory.unit_losses(state):
            scorer = "soviet" if loss.side == "german" else "german"
            if loss.destroyed:
                n, vp = destroyed.get((scorer, loss.category), (0, 0))
                destroyed[(scorer, loss.category)] = (n + 1, vp + v.destroyed_unit_factor * loss.original * v.per_sp[loss.category])
            else:
                sp[(scorer, loss.category)] = sp.get((scorer, loss.category), 0) + loss.lost
        for (scorer, cat), n in sorted(sp.items()):
            lines[scorer].append((f"{n} enemy SP of {self.CATEGORY_WORDS[cat]} lost, {v.per_sp[cat]} each (27.B)", n * v.per_sp[cat]))
        for (scorer, cat), (n, vp) in sorted(destroyed.items()):
            lines[scorer].append((f"{n} enemy unit(s) of {self.CATEGORY_WORDS[cat]} destroyed, {v.destroyed_unit_factor} times "
                                  f"their whole strength at {v.per_sp[cat]} a SP (27.B)", vp))
        cities = state.scenario.map.cities
        held = {}
        for place, value in v.places.items():
            side = victory.holder(state, place)
            held[place] = side
            if side in lines:
                lines[side].append((f"{cities[place].name if place in cities else place} held (27.C)", value))
        taken = state.game.get("kirovograd_taken")
        if taken is not None:
            bonus = max((b for turn, b in v.kirovograd_early.items() if taken <= turn), default=0)
            if bonus:
                lines["soviet"].append((f"Kirovograd taken by game turn {taken} (27.B)", bonus))
        result = state.result()
        return {"lines": lines, "vp": dict(result.vp), "lead": result.vp["german"] - result.vp["soviet"], "levels": dict(v.levels),
                "objective": v.objective, "scenario": v.scenario, "held": held, "entered": bool(state.game.get("kirovograd_entered")),
                "winner": result.winner, "level": result.level}

    def summary_html(self, controller, names: dict[str, str]) -> str | None:
        """Where each side's points come from, the lead against the levels of 27.A, and (Opening Moves) which of the city
        objective's conditions decided the result: why the result is what it is."""
        state = controller.state
        if self.part("fog").in_play(state) and not state.is_terminal:
            return ("<p>The breakdown shows when the game ends: until then the fog of war hides the enemy's losses "
                    f"({case_link('29.0')}).</p>")
        b = controller.vp_breakdown()
        out = ["<h3>Victory Points (27)</h3>"]
        for side in ("german", "soviet"):
            rows = "".join(f"<tr><td>{link_cases(words)}</td><td align=right>{vp}</td></tr>" for words, vp in b["lines"][side])
            rows = rows or "<tr><td>nothing scored</td><td align=right>0</td></tr>"
            out.append(f"<h4>{html.escape(names.get(side, side))}: {b['vp'][side]} VP</h4><table cellspacing=0 cellpadding=3 border=1>{rows}</table>")
        lead = b["lead"]
        ahead = names.get("german" if lead > 0 else "soviet", "")
        levels = ", ".join(f"{name} {need}" for name, need in sorted(b["levels"].items(), key=lambda t: t[1]))
        out.append(f"<p><b>The lead</b>: {html.escape(ahead) + ' by ' + str(abs(lead)) if lead else 'none, the points are level'}. "
                   f"The lead a level of victory needs ({case_link('27.A')}): {html.escape(levels)}; less than the lowest is a draw.</p>")
        if b["objective"] == "hold_kirovograd":
            city = names.get(b["held"].get("kirovograd"), "nobody")
            facts = [f"a Soviet unit {'has' if b['entered'] else 'has never'} entered Kirovograd",
                     f"Kirovograd is held by {city} now ({case_link('27.C')})"]
            out.append(f"<p><b>This scenario's objective</b> ({case_link('31.1')}): {link_cases(b['scenario'])}</p>"
                       f"<p>Now: {'; '.join(facts)}.</p>")
        winner = names.get(b["winner"], "") if b["winner"] else ""
        out.append(f"<p><b>Result</b>: {html.escape(b['level'])}{' for ' + html.escape(winner) if winner else ''}.</p>")
        return "".join(out)

    # ------------------------------------------------------------------ the Unit and game dock
    def status_sections(self, controller, units: tuple[str, ...] = ()) -> list[str]:
        return [self._reserves(controller), self._supply_markers(controller), self._hidden(controller)]

    def _hidden(self, controller) -> str:
        """29, 30: the seat's own face-down counters and hidden HQs, its dummies in their box, and how many
        of the enemy's counters it sees only from the back."""
        state = controller.state
        fog = self.part("fog")
        if not fog.in_play(state):
            return ""
        side = controller.viewing_side()
        obs = controller.observation(side)
        masks = {u: t for u, t in state.game.get("masks", {}).items() if state.units[u].side == side}
        face_down = sorted(u for u, t in masks.items() if t and not fog.is_dummy(state, u) and state.units[u].hex)
        hidden = sorted(u for u, t in masks.items() if t is None and not fog.is_dummy(state, u) and state.units[u].hex)
        dummies_on_map = sorted(u for u, t in masks.items() if t and fog.is_dummy(state, u) and state.units[u].hex)
        in_box = sum(1 for u, rec in state.units.items() if rec.side == side and rec.box == fog.dummy_box(side))
        backs = sum(1 for v in obs["units"].values() if v.get("type") == fog.FACE_DOWN)
        rows = []
        if face_down:
            rows.append(f"<li>Face down to the enemy ({case_link('29.4')}): {html.escape(', '.join(controller.unit_name(u) for u in face_down))}</li>")
        if hidden:
            where = ", ".join(f"{controller.unit_name(u)} at {state.units[u].hex}" for u in hidden)
            rows.append(f"<li>Hidden from the enemy ({case_link('30.1')}): {html.escape(where)}</li>")
        if fog.dummies_on(state):
            at = ", ".join(state.units[u].hex for u in dummies_on_map) or "none"
            rows.append(f"<li>Dummies ({case_link('29.0')}): on the map at {html.escape(at)}; {in_box} in the box "
                        f"(placed on a hex of your units in a movement round, {case_link('29.3')})</li>")
        rows.append(f"<li>Enemy counters seen only from the back: {backs}</li>")
        return f"<p><b>Hidden units</b></p><ul>{''.join(rows)}</ul>"

    def _reserves(self, controller) -> str:
        obs = controller.observation()
        side = controller.viewing_side()
        held = [u for u, v in obs["units"].items() if v.get("side") == side and "reserve" in (v.get("flags") or ())]
        if not held:
            return ""
        names = ", ".join(html.escape(controller.unit_name(u)) for u in sorted(held))
        return (f"<p><b>In reserve</b> ({case_link('12.2')}): {names}<br><small>Commit them in your move round "
                f"(select the unit: Actions dock, {case_link('12.3.1')}) or against the enemy's attacks ({case_link('12.3.2')}).</small></p>")

    def _supply_markers(self, controller) -> str:
        obs = controller.observation()
        side = controller.viewing_side()
        rows = []
        for marker, words, case in (("out_of_supply", "Out of Supply", "8.4B"), ("cut_off", "Cut Off", "8.4A")):
            found = sorted(u for u, v in obs["units"].items() if v.get("side") == side and marker in (v.get("flags") or ()))
            if found:
                rows.append(f"<li>{words} ({case_link(case)}): {html.escape(', '.join(controller.unit_name(u) for u in found))}</li>")
        return f"<p><b>Supply markers</b></p><ul>{''.join(rows)}</ul>" if rows else ""


def _num(x) -> str:
    """A strength total as the combat table reads it: whole, or to two decimals."""
    return f"{int(x)}" if float(x) == int(x) else f"{float(x):.2f}"


def rich_label(parent: QWidget, window) -> QLabel:
    """A wrapping rich-text label whose case links open in the window's rules reference."""
    label = QLabel(parent)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.RichText)
    label.linkActivated.connect(window.open_link)
    return label


class OrdersPanel(QWidget):
    """The seat at the screen's orders (3.3, 6): a row per formation with a button per order, the
    supply tracks, the Out of Supply units that may take retreat orders, and Seal.  Everything it
    shows comes from ``observation(side viewing)`` and the legal actions of the side to act."""

    BUTTON_STYLE = "padding: 2px 3px;"

    def __init__(self, window, kit: KirovogradKit):
        super().__init__(window)
        self.window = window
        self.kit = kit
        self.buttons: list[QPushButton] = []
        self.head = rich_label(self, window)
        self.grid_host = QWidget(self)
        self.grid = QGridLayout(self.grid_host)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setHorizontalSpacing(3)
        self.grid.setVerticalSpacing(3)
        self.foot = rich_label(self, window)
        inner = QWidget(self)
        box = QVBoxLayout(inner)
        box.setContentsMargins(6, 6, 6, 6)
        box.addWidget(self.head)
        box.addWidget(self.grid_host)
        box.addWidget(self.foot)
        box.addStretch(1)
        scroll = self.scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # the labels wrap instead
        scroll.setWidget(inner)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)

    # ------------------------------------------------------------------ refresh
    def refresh(self) -> bool:
        """Rebuild from the position; True when the seat at the screen has orders to give (the dock comes forward).

        The panel stays where it was and the keyboard on the button it was on, or the next one that may be pressed
        (the next formation's, once a formation has its orders): when the button clicked went, the focus went on to
        some later one and the panel scrolled to it."""
        focused = QApplication.focusWidget()
        focused = focused.objectName() if focused is not None and self.grid_host.isAncestorOf(focused) else None
        if focused is not None:
            self.scroll.setFocus()
        at = self.scroll.verticalScrollBar().value()
        shown = self._refresh()
        names = [b.objectName() for b in self.buttons]
        after = self.buttons[names.index(focused):] if focused in names else []
        again = next((b for b in after if b.isEnabled()), None)
        if again is not None:
            again.setFocus()
        self.scroll.verticalScrollBar().setValue(at)
        return shown

    def _refresh(self) -> bool:
        self.buttons = []
        while self.grid.count():  # the rows of the last position: out of the layout now, deleted by the event loop
            widget = self.grid.takeAt(0).widget()
            if widget is not None:
                widget.setParent(None)
                widget.deleteLater()
        controller = self.window.controller
        state = controller.state
        side = controller.viewing_side()
        obs = controller.observation(side)
        mine = next((d for d in obs["pending"] if d["kind"] == "orders" and d["side"] == side), None)
        busy = self.window.computer_to_act()
        if mine is not None and not busy:
            self._choosing(controller, side, mine)
            return True
        self._shown(controller, side, obs)
        return False

    def _choosing(self, controller, side: str, decision: dict) -> None:
        state = controller.state
        describe = self.kit.part("describe")
        legal = {a for a in controller.legal() if a.kind in ORDERS_KINDS}
        draft = decision["data"]["draft"]
        tracks = decision["data"]["tracks"]
        costs: dict[str, int] = {}
        for f, o in draft.items():
            costs[tracks[f]] = costs.get(tracks[f], 0) + describe.order_cost(state, side, o)
        supply = controller.observation(side)["game"].get("supply") or {}
        left = ", ".join(f"{html.escape(describe.track_name(t))} {n - costs.get(t, 0)} of {n}" for t, n in sorted(supply.items()))
        self.head.setText(
            f"<b>{html.escape(controller.side_name(side))} orders, turn {state.turn}</b> ({case_link('3.3')}): in secret; the other player "
            f"sees them only once both sides have sealed theirs.<br>Supply points left ({case_link('8.1')}): {left}<br>"
            f"<small>Pick one order a formation; the figure on a button is its supply cost, and hovering it tells what the order allows. Ctrl+Z takes a choice back.</small>")
        actions = self.kit.part("actions")
        for i, (f, track) in enumerate(tracks.items()):
            row = 2 * i
            chosen_now = f" — <b>{html.escape(draft[f])}</b>" if f in draft else ""
            name = QLabel(f"<b>{html.escape(describe.formation_name(state, f))}</b>{chosen_now} <small>(paid from {html.escape(describe.track_name(track))})</small>",
                          self.grid_host)
            self.grid.addWidget(name, row, 0, 1, 5)
            for col, order in enumerate(self.kit.part("orders").ORDERS):
                a = actions.SetOrder(formation=f, order=order)
                cost = describe.order_cost(state, side, order)
                chosen = draft.get(f) == order
                b = QPushButton(f"{order} {cost}" if cost else order, self.grid_host)
                b.setObjectName(action_key(a))
                lines = describe.order_lines(state, side, order)
                if chosen:
                    b.setStyleSheet("font-weight: bold; background: #f0e442;")
                    lines = ["chosen"] + lines
                elif a not in legal:
                    refusal = self._refusal(state, f, order)
                    lines = ([f"not allowed: {refusal}"] if refusal else []) + lines
                b.setEnabled(a in legal)
                b.setToolTip(tooltip_html(f"{describe.formation_name(state, f)}: {order} orders\n" + "\n".join(lines)))
                b.clicked.connect(lambda _=False, a=a: self.window.do(a))
                b.setStyleSheet(b.styleSheet() + self.BUTTON_STYLE)
                self.grid.addWidget(b, row + 1, col)
                self.buttons.append(b)
        row = 2 * len(tracks)
        # the units' own choices (retreat orders, 6.1F; another formation's orders, 6.3), one button each
        for a in sorted((x for x in legal if x.kind not in ("SetOrder", "SubmitOrders")), key=action_key):
            b = QPushButton(describe.describe(state, a).label, self.grid_host)
            b.setObjectName(action_key(a))
            b.clicked.connect(lambda _=False, a=a: self.window.do(a))
            self.grid.addWidget(b, row, 0, 1, 5)
            self.buttons.append(b)
            row += 1
        seal = actions.SubmitOrders()
        words = describe.describe(state, seal)
        b = QPushButton(words.label + "…", self.grid_host)
        b.setObjectName(action_key(seal))
        b.setEnabled(seal in legal)
        b.setToolTip(tooltip_html(words.detail or f"every formation needs its orders first (6.1D): {len(tracks) - len(draft)} to go"))
        b.clicked.connect(lambda _=False, a=seal: self.window.do(a))
        self.grid.addWidget(b, row, 0, 1, 5)
        self.buttons.append(b)
        self.foot.setText(self._legend(state, side))

    def _refusal(self, state, formation: str, order: str) -> str:
        decision = next(d for d in reversed(state.pending) if d.kind == "orders")
        refusal = self.kit.part("orders").order_refusal(state, decision, formation, order)
        return f"{refusal[0]}: {refusal[1]}" if refusal else ""

    def _legend(self, state, side: str) -> str:
        rows = []
        for order in self.kit.part("orders").ORDERS:
            e = state.board.data.orders[order]
            rows.append(f"<tr><td><b>{order}</b></td><td align=right>{e.cost[side]}</td><td>{html.escape(e.move[0])} / {html.escape(e.move[1])}</td>"
                        f"<td>{html.escape(e.attack)}</td><td>{case_link(e.case)}</td></tr>")
        zoc = (f"<p><small>ZOCs ({case_link('13')}): fluid ones cost extra MP to leave ({case_link('13.1')}), locking ones stop a move "
               f"({case_link('13.2')}), two enemy hexes reaching one hex overlap and lock, blocking supply lines ({case_link('13.3')}).</small></p>")
        return ("<p><b>Order Chart</b> (" + case_link("6.2") + ")</p><table cellspacing=0 cellpadding=2>"
                "<tr><th align=left>order</th><th>cost</th><th align=left>move round 1 / 2</th><th align=left>attacks</th><th></th></tr>"
                + "".join(rows) + "</table>" + zoc)

    def _shown(self, controller, side: str, obs: dict) -> None:
        """Outside the side's own orders segment: its orders (sealed or revealed) and, once revealed, the other side's."""
        state = controller.state
        describe = self.kit.part("describe")
        td = obs.get("turn_data") or {}
        given = dict(td.get("orders") or {})
        sealed = td.get("sealed") or {}
        if side in sealed and side not in given:
            given[side] = sealed[side]["orders"]
        parts = []
        if not td.get("orders_revealed") and state.phase.id == "orders":
            parts.append(f"<p>Your orders are sealed; the {html.escape(controller.side_name(state.to_act or ''))} player is giving theirs ({case_link('3.3')}).</p>")
        for s in state.scenario.sides:
            if s not in given:
                continue
            rows = "".join(f"<li>{html.escape(describe.formation_name(state, f))}: <b>{html.escape(o)}</b></li>" for f, o in given[s].items())
            parts.append(f"<p><b>{html.escape(controller.side_name(s))} orders</b></p><ul>{rows}</ul>")
        if not parts:
            parts.append(f"<p>No orders yet this turn ({case_link('3.3')}).</p>")
        self.head.setText("".join(parts))
        self.foot.setText(self._legend(state, side))


class AirPanel(QWidget):
    """The air display (2.3.3, 2.3.5, 28, 30.7): the viewing side's air units in the ready and unready
    boxes and on the airstrips, the flights out on both sides, and, in the commitment segment, the
    side's choices: a unit, its mission, then the hex (or HQ) from a list, and Commit; the patrol
    moves; End.  Everything it shows comes from ``observation(side viewing)`` and the legal actions."""

    def __init__(self, window, kit: KirovogradKit):
        super().__init__(window)
        self.window = window
        self.kit = kit
        self.options: dict[tuple, list] = {}  # (unit, mission label) -> the legal actions, one per target
        self.head = rich_label(self, window)
        self.unit = QComboBox(self)
        self.unit.setObjectName("air_unit")
        self.mission = QComboBox(self)
        self.mission.setObjectName("air_mission")
        self.targets = QListWidget(self)
        self.targets.setObjectName("air_targets")
        self.commit = QPushButton("Commit", self)  # its name is the key of the action it hands in (the target picked)
        self.moves = QWidget(self)
        self.moves_box = QVBoxLayout(self.moves)
        self.moves_box.setContentsMargins(0, 0, 0, 0)
        self.end = QPushButton(self)
        self.body = rich_label(self, window)
        inner = QWidget(self)
        box = QVBoxLayout(inner)
        box.setContentsMargins(6, 6, 6, 6)
        for w in (self.head, self.unit, self.mission, self.targets, self.commit, self.moves, self.end, self.body):
            box.addWidget(w)
        box.addStretch(1)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(inner)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)
        self.unit.currentIndexChanged.connect(self._fill_missions)
        self.mission.currentIndexChanged.connect(self._fill_targets)
        self.targets.itemActivated.connect(lambda _item: self._commit())  # Enter or a double click
        self.commit.clicked.connect(self._commit)
        self.end.clicked.connect(lambda: self.window.do(self.kit.part("air").EndAirTurn()))
        self.move_buttons: list[QPushButton] = []
        self.buttons: list[QPushButton] = []  # the enabled ones hand in a legal action, each named by its key
        self.targets.currentRowChanged.connect(lambda _row: self._name_commit())

    # ------------------------------------------------------------------ refresh
    def refresh(self) -> bool:
        """Rebuild from the position; True when the seat at the screen commits air units now (the dock comes forward)."""
        controller = self.window.controller
        state = controller.state
        side = controller.viewing_side()
        obs = controller.observation(side)
        mine = state.pending and state.pending[-1].kind in AIR_DECISIONS and state.pending[-1].side == side and not self.window.computer_to_act()
        self.body.setText(self._display(controller, side, obs))
        for b in self.move_buttons:
            self.moves_box.removeWidget(b)
            b.setParent(None)
            b.deleteLater()
        self.move_buttons = []
        stage = (state.pending[-1].data.get("stage") or state.pending[-1].kind) if mine else None
        choosing = stage == "commit"
        for w in (self.unit, self.mission, self.targets, self.commit):
            w.setVisible(choosing)
        self.buttons = []
        if not mine:
            self.head.setText(f"<b>Air units</b> ({case_link('28')}): nothing to commit now; the air commitment comes at the start of "
                              f"each player turn ({case_link('3.5.1')}).")
            return False
        describe = self.kit.part("describe")
        legal = [a for a in controller.legal().actions() if a.kind in AIR_KINDS]
        end = next((a for a in legal if a.kind == "EndAirTurn"), None)
        self.end.setVisible(end is not None)
        if end is not None:
            self.end.setText(describe.describe(state, end).label + "…")
            self.end.setObjectName(action_key(end))
        if choosing:
            self.head.setText(f"<b>{html.escape(controller.side_name(side))}: commit an air unit</b> ({case_link('28.3')}): pick the unit, "
                              f"its mission, then the hex, and Commit (Enter in the list does too).")
            self._options(state, legal)
            self.buttons.append(self.commit)
        else:
            who = html.escape(controller.side_name(side))
            decision = state.pending[-1]
            if stage == "pair":
                hex_id = decision.data["combat_hexes"][0]
                self.head.setText(f"<b>{who}: air combat at {html.escape(hex_id)}</b> ({case_link('28.10.1')}): "
                                  f"pair one of your patrols with an enemy stack; enemy patrols and escorted stacks come first.")
            elif stage in ("fight", "air_loss"):
                hex_id = decision.data["combat_hexes"][0] if stage == "fight" else ""
                ask = {"28.10.2A": "your stack came through unharmed: it may strike back at its attacker, or hold its fire",
                       "28.9.1C": "an earlier patrol left the enemy stack unharmed: this one may attack it too, or pass",
                       "28.10.4A": "your stack was hit: pick the unit that takes each loss point",
                       "28.11A": "anti-aircraft fire hit your stack: pick the unit that takes each loss point; it then goes home"}
                self.head.setText(f"<b>{who}: air combat{' at ' + html.escape(hex_id) if hex_id else ''}</b> "
                                  f"({case_link(decision.case)}): {ask.get(decision.case, '')}.")
            elif stage == "air_return":
                self.head.setText(f"<b>{who}: {html.escape(controller.unit_name(decision.data['unit']))} is back from its sortie</b> "
                                  f"({case_link('28.2E')}): land it on the airstrip it flew from, or in the unready box.")
            else:
                self.head.setText(f"<b>{html.escape(controller.side_name(side))}: combat air patrol moves</b> ({case_link('28.6B')}): "
                                  f"a patrol may go up to {self.kit.part('air').cap_reach(state)} hexes onto enemy air units.")
            for a in (x for x in legal if x.kind not in ("FlyMission", "WithholdAir", "EndAirTurn")):
                b = QPushButton(describe.describe(state, a).label, self.moves)
                b.setObjectName(action_key(a))
                b.clicked.connect(lambda _=False, a=a: self.window.do(a))
                self.moves_box.addWidget(b)
                self.move_buttons.append(b)
        self.buttons += self.move_buttons + ([self.end] if end is not None else [])
        return True

    def _options(self, state, legal) -> None:
        names = self.window.controller.unit_name
        self.options = {}
        for a in legal:
            if a.kind == "FlyMission":
                label = self.kit.part("air").MISSION_WORDS[a.mission]
                if len(a.units) > 1:
                    label += " with " + ", ".join(names(u) for u in a.units[1:])
                if a.escort:
                    label += f", escorted by {names(a.escort)}"
            elif a.kind == "WithholdAir":
                label = "wait for the second round with an HQ"
            else:
                continue
            self.options.setdefault((a.units[0], label), []).append(a)
        units = sorted({u for u, _ in self.options}, key=names)
        before = self.unit.currentData()
        self.unit.blockSignals(True)
        self.unit.clear()
        for u in units:
            aa, ag = self.kit.part("air").factors(state, u)
            self.unit.addItem(f"{names(u)} ({aa}-{ag})", u)
        self.unit.blockSignals(False)
        if before in units:
            self.unit.setCurrentIndex(units.index(before))
        self._fill_missions()

    def _fill_missions(self) -> None:
        u = self.unit.currentData()
        self.mission.blockSignals(True)
        self.mission.clear()
        for (unit, label) in sorted(k for k in self.options if k[0] == u):
            self.mission.addItem(label, label)
        self.mission.blockSignals(False)
        self._fill_targets()

    def _fill_targets(self) -> None:
        state = self.window.controller.state
        describe = self.kit.part("describe")
        self.targets.clear()
        for a in self.options.get((self.unit.currentData(), self.mission.currentData()), []):
            where = describe._air_place(state, a.hex) if a.kind == "FlyMission" else self.window.controller.unit_name(a.hq)
            item = QListWidgetItem(where)
            item.setData(Qt.ItemDataRole.UserRole, a)
            item.setToolTip(tooltip_html(describe.describe(state, a).label))
            self.targets.addItem(item)
        if self.targets.count():
            self.targets.setCurrentRow(0)
        self._name_commit()

    def _name_commit(self) -> None:
        item = self.targets.currentItem()
        self.commit.setEnabled(item is not None)
        self.commit.setObjectName(action_key(item.data(Qt.ItemDataRole.UserRole)) if item is not None else "air_commit")
        if item is not None:
            self.commit.setText(f"Commit: {self.window.controller.describe(item.data(Qt.ItemDataRole.UserRole)).label}")
        else:
            self.commit.setText("Commit")

    def _commit(self) -> None:
        item = self.targets.currentItem()
        if item is not None:
            self.window.do(item.data(Qt.ItemDataRole.UserRole))

    # ------------------------------------------------------------------ the display
    def _display(self, controller, side: str, obs: dict) -> str:
        """The side's air base box (ready, unready), its airstrip units (the airfield boxes, 2.3.5, 30.7), and the flights
        out of both sides as the side may see them."""
        state = controller.state
        game = obs.get("game") or {}
        records = game.get("air") or {}
        names = controller.unit_name
        air = self.kit.part("air")
        areas = state.scenario.map.areas
        place = lambda base: "ready box" if base == "ready" else "unready box" if base == "unready" else (
            html.escape(areas[base].name) if base in areas else html.escape(str(base)))
        groups: dict[str, list[str]] = {}
        flying = {u for f in game.get("flights") or [] for u in list(f["units"]) + ([f["escort"]] if f.get("escort") else [])}
        for u, rec in records.items():
            if state.units[u].side != side or u in flying:  # a unit flying is listed with its flight
                continue
            base = rec["base"] if rec["base"] != "box" else ("ready" if rec.get("ready") else "unready")
            aa, ag = air.factors(state, u)
            groups.setdefault(base, []).append(f"{html.escape(names(u))} {aa}-{ag}")
        rows = "".join(f"<tr><td><b>{place(b)}</b></td><td>{', '.join(sorted(groups[b]))}</td></tr>"
                       for b in sorted(groups, key=lambda b: (b not in ("ready", "unready"), b)))
        flights = game.get("flights") or []
        seen = "".join(f"<li>{html.escape(controller.side_name(f['side']))}: {html.escape(', '.join(names(u) for u in f['units']))}"
                       f"{' escorted by ' + html.escape(names(f['escort'])) if f.get('escort') else ''} — "
                       f"{html.escape(air.MISSION_WORDS.get(f['mission'], f['mission']))}"
                       f"{' over ' + html.escape(f['hex']) if f.get('hex') else ' with ' + html.escape(names(f['hq'])) if f.get('hq') else ''}</li>"
                       for f in flights)
        allowed = (obs.get("turn_data") or {}).get("air_allowed") or {}
        limit = f"<p>May fly this turn ({case_link('4.B')}): {allowed.get(side)}</p>" if side in allowed else ""
        return (f"<p><b>{html.escape(controller.side_name(side))} air base</b> ({case_link('2.3.3')}, {case_link('28.1')})</p>"
                f"<table cellpadding=2>{rows or '<tr><td>no air unit left</td></tr>'}</table>{limit}"
                f"<p><b>Air units flying</b> ({case_link('28.3')})</p>" + (f"<ul>{seen}</ul>" if seen else "<p>none</p>"))


__all__ = ["AirPanel", "KirovogradKit", "OrdersPanel", "ZOC_MARKS"]
