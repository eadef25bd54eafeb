"""The supply traces and the six map overlays as plain data (``trace``), checked against the
engine's own supply, command, rail, road and front answers on the shipped scenario (seed 0,
Soviet Movement Phase of turn 1), with the words a player reads in the findings and legends."""
from __future__ import annotations

from pathlib import Path

import pytest

from kharkovsuite.engine import new_game
from kharkovsuite.rules.kharkov1942 import hq, rail, supply, trace, victory, zoc

ROOT = Path(__file__).resolve().parents[3]
DEFAULT = ROOT / "scenarios" / "kharkov-1942.yaml"


@pytest.fixture
def state():
    return new_game(DEFAULT, 0)


def on_map(state, side):
    return [u for u in state.board.side_units[side] if state.units[u].hex is not None]


def hexes_reached(state, search):
    return {h for h in state.board.ids if search.reached(state.board.index[h])}


def counted(state, units):
    per = {}
    for u in units:
        per[state.units[u].hex] = per.get(state.units[u].hex, 0) + 1
    return {h: (str(n) if n > 1 else None) for h, n in per.items()}


def items(o, unit=None):
    return [(it["text"], it["hex"], it["case"]) for it in o.items if unit is None or it["unit"] == unit]


# ----------------------------------------------------------------------------- reports (kharkov-cli trace)


def test_11_0_side_report_lists_the_side_s_units_on_the_map_only(state):
    reports = trace.side_report(state, "soviet")
    assert [r["unit"] for r in reports] == on_map(state, "soviet")
    assert len(reports) < len(state.board.side_units["soviet"])  # reinforcements wait off the map
    assert trace.side_report(state, "soviet", unit="su-cd-04") == [trace.unit_report(state, "su-cd-04")]
    with pytest.raises(KeyError):
        trace.side_report(state, "soviet", unit="no-such-unit")


def test_10_23_a_soviet_report_carries_its_command_status_and_a_german_one_none(state):
    r = trace.unit_report(state, "su-cd-04")
    cmd = supply.command_status(state, "su-cd-04")
    assert r["hex"] == "1916"
    assert r["command"] == {"in_command": cmd.in_command, "hq": cmd.hq, "path": cmd.path, "radius": cmd.radius,
                            "blocks": [b.to_dict() for b in cmd.blocks]}
    assert cmd.in_command and cmd.hq
    assert "command" not in trace.unit_report(state, "ge-100lt")  # German units need no command (10.21)
    assert "command" not in trace.unit_report(state, "su-hq-28")  # nor does an HQ itself
    assert trace.unit_report(state, "ro-2")["command"]["in_command"] is False  # Rumanian units do (10.27)


def test_11_0_report_text_of_a_unit_in_supply_and_in_command(state):
    r = trace.unit_report(state, "su-cd-04")
    cmd = r["command"]
    assert trace.format_report(r).split("\n") == [
        f"su-cd-04 (1916): in supply (soviet-hq, source {r['source']}, limit {r['limit']})",
        "  path: " + " ".join(r["path"]),
        f"  may attack: LOC to {cmd['hq']} (radius {cmd['radius']}): " + " ".join(cmd["path"]),
    ]


def test_11_0_report_text_of_a_unit_out_of_supply_names_each_block_and_case(state):
    r = trace.unit_report(state, "su-cd-07")
    assert not r["in_supply"] and r["blocks"] and r["command"]["blocks"]
    lines = trace.format_report(r).split("\n")
    assert lines[0] == "su-cd-07 (3217): OUT OF SUPPLY"
    assert lines[1] == "  path: " + " ".join(r["path"])
    assert lines[2:-1] == [f"  blocked at {b['hex']}: {b['reason']} ({b['case']})" for b in r["blocks"]]
    assert lines[-1] == "  may not attack (9.15, 10.21): " + "; ".join(
        f"{b['hex']}: {b['reason']} ({b['case']})" for b in r["command"]["blocks"])


def test_11_0_report_text_leaves_out_a_missing_source_limit_and_path():
    report = {"unit": "x", "hex": "0101", "in_supply": True, "kind": "air", "source": None, "limit": None,
              "path": [], "blocks": []}
    assert trace.format_report(report) == "x (0101): in supply (air)"


# ----------------------------------------------------------------------------- the overlay query


def test_overlay_refuses_unknown_names_sides_units_and_hexes_and_keeps_its_answer(state):
    with pytest.raises(KeyError, match="unknown overlay 'isolation'; use one of: supply, why, command, rail, roads, front"):
        trace.overlay(state, "isolation", "soviet")
    with pytest.raises(KeyError, match="unknown side 'german'"):
        trace.overlay(state, "supply", "german")
    with pytest.raises(KeyError, match="no unit 'nobody'"):
        trace.overlay(state, "supply", "soviet", "nobody")
    with pytest.raises(KeyError, match="9999 is not a hex of the map"):
        trace.overlay(state, "rail", "soviet", "su-rd-01", "9999")
    first = trace.overlay(state, "supply", "soviet")
    assert trace.overlay(state, "supply", "soviet") is first
    assert trace.overlay(state, "roads", "axis", "ge-100lt") is trace.overlay(state, "roads", "axis")
    assert first.title == "Supply" and first.name == "supply" and first.side == "soviet"


# ----------------------------------------------------------------------------- supply (11.0)


def test_11_21_soviet_supply_overlay_marks_lines_sources_and_units_out_of_supply(state):
    o = trace.overlay(state, "supply", "soviet")
    ss = supply.side_supply(state, "soviet")
    loc = hexes_reached(state, ss.searches["loc"])
    edge = hexes_reached(state, ss.searches["edge"])
    assert set(o.marks["supplied"]) == loc and loc
    assert set(o.marks["hq_supplied"]) == edge - loc and edge - loc
    assert set(o.marks["source"]) == set(state.board.area("east_edge"))
    units = on_map(state, "soviet")
    out = [u for u in units if not supply.in_supply(state, u)]
    assert o.marks["out"] == counted(state, out) and any(o.marks["out"].values())
    assert o.summary == (f"{len(units) - len(out)} of {len(units)} soviet units on the map in supply, "
                         f"{len(out)} out of supply; {len(loc)} hexes reached")
    assert o.legend == [
        ("source", "Supply source: the east edge (11.21)"),
        ("supplied", "A combat unit here is in supply: Line of Communications to an active, supplied HQ (10.23, 11.23)"),
        ("hq_supplied", "Only an HQ here is in supply: a line of any length to the east edge (11.21)"),
        ("out", "Unit out of supply (11.0); a number counts the units"),
    ]


def test_10_3_soviet_supply_overlay_names_each_hq_the_schedule_holds_back(state):
    o = trace.overlay(state, "supply", "soviet")
    held = sorted(u for u in on_map(state, "soviet") if state.board.is_hq(u) and "inactive" in state.units[u].flags
                  and hq.activation_turn(state, u) > state.turn)
    assert held
    expected = [(f"{u} ({state.units[u].hex}) turns active on turn {hq.activation_turn(state, u)}: until then it supplies "
                 f"no unit, and units that only it could supply are out of supply (10.3, 11.23)", state.units[u].hex, "10.3")
                for u in held]
    assert [it for it in items(o) if it[2] == "10.3"] == expected
    assert all(it["unit"] == u for it, u in zip(o.items, held))
    out = [u for u in on_map(state, "soviet") if not supply.in_supply(state, u)]
    assert items(o)[len(held):] == [(f"{u} ({state.units[u].hex}) is out of supply", state.units[u].hex, "11.0") for u in out]
    assert [it["unit"] for it in o.items[len(held):]] == out


def test_11_3_axis_supply_overlay_marks_city_and_road_sources(state):
    o = trace.overlay(state, "supply", "axis")
    b = state.board
    ss = supply.side_supply(state, "axis")
    lines = hexes_reached(state, ss.searches["city"]) | hexes_reached(state, ss.searches["road"])
    assert set(o.marks["supplied"]) == lines
    assert set(o.marks["hq_supplied"]) == hexes_reached(state, ss.searches["loc"]) - lines
    net, _ = supply.road_sources(state)
    assert set(o.marks["road_source"]) == {b.ids[i] for i in net} and net
    cities = {b.ids[i] for i in supply.SideSupply.city_seeds(state)}
    entries = set(b.area("german_road_supply"))
    assert {h for h, label in o.marks["source"].items() if label == "entry"} == entries
    assert {h for h, label in o.marks["source"].items() if label == "15"} == cities - entries and cities
    out = [u for u in on_map(state, "axis") if not supply.in_supply(state, u)]
    assert items(o) == [(f"{u} ({state.units[u].hex}) is out of supply", state.units[u].hex, "11.0") for u in out] and out
    n = len(on_map(state, "axis"))
    assert o.summary == f"{n - len(out)} of {n} axis units on the map in supply, {len(out)} out of supply; {len(lines)} hexes reached"
    assert dict(o.legend) == {
        "source": "Supply source: City hex never entered by a Soviet unit (label 15, 11.31); road entry on the west edge or 3932 (11.33)",
        "road_source": "Road-supply hex: joined to an entry by a clear road (11.33); a line of up to 5 hexes starts here (11.32)",
        "supplied": "A German unit here is in supply: City source within 15 or road source within 5 (11.31, 11.32)",
        "out": "Unit out of supply (11.0); a number counts the units",
    }


def test_10_23_a_chosen_soviet_unit_shows_its_loc_and_its_hq_s_line(state):
    o = trace.overlay(state, "supply", "soviet", "su-cd-04")
    st = supply.supply_status(state, "su-cd-04")
    loc, hq_line = o.lines["loc"], o.lines["hq_line"]
    assert loc[0] == "1916" and hq_line[0] == loc[-1] and hq_line[-1] == st.source
    assert loc + hq_line[1:] == st.path
    hq_id = supply.side_supply(state, "soviet").hq_of[state.board.index[loc[-1]]]
    assert state.units[hq_id].hex == loc[-1]
    assert o.marks["selected"] == {"1916": f"{len(loc) - 1}/{st.limit}"}
    assert items(o, "su-cd-04") == [(f"su-cd-04 (1916): LOC of {len(loc) - 1} hexes to {hq_id} at {loc[-1]}, radius {st.limit} "
                                     f"(10.23); the HQ's line runs {len(hq_line) - 1} hexes to {st.source}", "1916", "10.23")]
    assert ("loc", "Line of Communications from the unit to its HQ (10.23)") in o.legend
    assert ("hq_line", "The HQ's line to its source (11.21, 10.27)") in o.legend


def test_11_32_a_chosen_german_unit_shows_its_road_supply_line(state):
    o = trace.overlay(state, "supply", "axis", "ge-100lt")
    st = supply.supply_status(state, "ge-100lt")
    assert st.kind == "road" and o.lines["supply_line"] == st.path
    n = len(supply.side_supply(state, "axis").searches["road"].path(state.board.index["3212"])) - 1
    assert 0 < n <= st.limit == 5
    assert o.marks["selected"] == {"3212": f"{n}/5"}
    assert items(o, "ge-100lt") == [(f"ge-100lt (3212): {n} hexes to a road source, then along the road to the entry "
                                     f"{st.source}, limit 5 (11.32)", "3212", "11.32")]
    assert ("supply_line", "The unit's supply line to its source (11.3)") in o.legend


def test_11_31_a_chosen_german_unit_shows_its_city_supply_line(state):
    o = trace.overlay(state, "supply", "axis", "ge-108lt")
    st = supply.supply_status(state, "ge-108lt")
    here = state.units["ge-108lt"].hex
    assert st.kind == "city" and o.lines["supply_line"] == st.path
    n = len(supply.side_supply(state, "axis").searches["city"].path(state.board.index[here])) - 1
    assert o.marks["selected"] == {here: f"{n}/{st.limit}"} and st.limit == 15
    assert items(o, "ge-108lt") == [(f"ge-108lt ({here}): {n} hexes to a City source {st.source}, limit 15 (11.31)", here, "11.31")]


def test_11_21_a_chosen_soviet_hq_shows_its_line_to_the_east_edge(state):
    o = trace.overlay(state, "supply", "soviet", "su-hq-28")
    st = supply.supply_status(state, "su-hq-28")
    assert st.kind == "hq-line" and o.lines["hq_line"] == st.path and st.path[-1] == st.source
    assert items(o, "su-hq-28") == [(f"su-hq-28 (0611): HQ line of {len(st.path) - 1} hexes to the east edge at {st.source} (11.21)",
                                     "0611", "11.21")]


def test_11_0_a_chosen_unit_out_of_supply_shows_its_best_line_and_one_off_the_map_is_named(state):
    o = trace.overlay(state, "supply", "soviet", "su-cd-07")
    st = supply.supply_status(state, "su-cd-07")
    assert o.lines == {"blocked_line": st.path} and len(st.path) > 1
    assert o.marks["selected"] == {"3217": None}
    assert items(o, "su-cd-07")[-1] == ("su-cd-07 (3217): out of supply; see Why not for what blocks it", "3217", "11.0")
    assert ("blocked_line", "Best line found for a unit out of supply (see Why not)") in o.legend
    off = trace.overlay(state, "supply", "soviet", "su-cd-01")
    assert items(off, "su-cd-01") == [("su-cd-01 is off the map", None, None)] and "selected" not in off.marks


# ----------------------------------------------------------------------------- why not (11.1, 11.3, 10.23)


def test_11_3_why_not_lists_each_unit_out_of_supply_or_command_with_its_blocks(state):
    o = trace.overlay(state, "why", "axis")
    failing = [u for u in on_map(state, "axis") if not supply.in_supply(state, u) or
               (supply.needs_command(state, u) and not state.board.is_hq(u) and not supply.in_command(state, u))]
    assert failing == ["ro-2", "ro-20", "ro-4"] or set(failing) == {"ro-2", "ro-20", "ro-4"}
    expected, blocks = [], {}
    for u in failing:
        r = trace.unit_report(state, u)
        for what, group in (("out of supply", r["blocks"]), ("may not attack (9.15, 10.21)", r["command"]["blocks"])):
            expected.append((f"{u} ({r['hex']}) {what}:", r["hex"], None))
            for blk in group:
                expected.append((f"    {blk['hex']}: {blk['reason']} — {blk['case']}", blk["hex"], blk["case"]))
                blocks.setdefault(blk["hex"], []).append(blk["case"])
    assert items(o) == expected
    assert o.marks["block"] == {h: ",".join(dict.fromkeys(cases)) for h, cases in blocks.items()}
    assert any("," in label for label in o.marks["block"].values())  # 10.22 for supply and 10.21 for command in one hex
    assert o.marks["out"] == counted(state, failing)
    assert o.summary == f"3 axis unit(s) out of supply or unable to attack; {len(blocks)} blocking hexes"
    assert o.legend == [("out", "Unit out of supply or unable to attack; a number counts the units"),
                        ("block", "Hex that blocks the line, labelled with its rule case")]


def test_11_1_why_not_of_one_unit_draws_its_closest_line(state):
    o = trace.overlay(state, "why", "soviet", "su-cd-07")
    r = trace.unit_report(state, "su-cd-07")
    assert o.lines["blocked_line"] == r["path"]
    assert set(o.marks["block"]) == {b["hex"] for b in r["blocks"]} | {b["hex"] for b in r["command"]["blocks"]}
    assert o.summary == f"su-cd-07: {len(o.marks['block'])} blocking hexes"
    assert ("blocked_line", "The line that comes closest (crossing the fewest blocking hexes)") in o.legend


def test_11_0_why_not_of_a_unit_in_supply_says_nothing_blocks_it(state):
    soviet = trace.overlay(state, "why", "soviet", "su-cd-04")
    assert items(soviet) == [("su-cd-04 (1916) is in supply and may attack", "1916", None)]
    assert soviet.summary == "su-cd-04: nothing blocks it" and soviet.marks["block"] == {} and soviet.marks["out"] == {}
    german = trace.overlay(state, "why", "axis", "ge-100lt")
    assert items(german) == [("ge-100lt (3212) is in supply", "3212", None)]


# ----------------------------------------------------------------------------- command (10.2)


def test_10_23_command_overlay_shows_each_hq_s_reach_the_units_it_reaches_and_the_rest(state):
    o = trace.overlay(state, "command", "soviet")
    b = state.board
    hqs = [u for u in on_map(state, "soviet") if b.is_hq(u)]
    active = [u for u in hqs if "inactive" not in state.units[u].flags]
    needy = [u for u in on_map(state, "soviet") if not b.is_hq(u)]
    reach = {}
    expected = []
    within = set()
    for u in hqs:
        r = b.hq_values(u).command_radius
        here = state.units[u].hex
        if u in active:
            got = supply.command_reach(state, u)
            reach.update(dict.fromkeys(got))
            reached = sorted(x for x in needy if state.units[x].hex in got)
            expected.append((f"{u} ({here}) active, radius {r}: reaches {len(got)} hexes and {len(reached)} units"
                             + (f" ({', '.join(reached)})" if reached else ""), here, "10.23"))
        else:
            within |= {b.ids[i] for i in b.within(b.index[here], r)}
            expected.append((f"{u} ({here}) inactive, radius {r}: commands no unit until activated", here, "10.11"))
    assert items(o)[:len(hqs)] == expected
    assert [it["unit"] for it in o.items[:len(hqs)]] == hqs
    assert set(o.marks["command"]) == set(reach)
    assert set(o.marks["command_inactive"]) == within - set(reach) and within - set(reach)
    assert o.marks["hq"] == {state.units[u].hex: ("HQ" if u in active else "off") + f" r{b.hq_values(u).command_radius}" for u in hqs}
    no = [u for u in needy if not supply.in_command(state, u)]
    assert o.marks["uncommanded"] == counted(state, no)
    assert items(o)[len(hqs):] == [(f"{len(no)} unit(s) may not attack, no active HQ reaches them: {', '.join(no)}", None, "9.15")]
    assert o.summary == f"{len(active)} active and {len(hqs) - len(active)} inactive HQs; {len(needy) - len(no)} of {len(needy)} units may attack"
    assert o.legend == [
        ("command", "Reached by an active HQ's Line of Communications (10.23)"),
        ("command_inactive", "Within the Command Radius of an inactive HQ: no command (10.11)"),
        ("hq", "HQ: active ('HQ') or not ('off'), with its Command Radius"),
        ("uncommanded", "Unit that may not attack: no active HQ's LOC reaches it (9.15, 10.21)"),
    ]


def test_10_23_command_overlay_of_a_chosen_unit_draws_its_loc_or_names_what_stops_it(state):
    o = trace.overlay(state, "command", "soviet", "su-cd-04")
    cmd = supply.command_status(state, "su-cd-04")
    assert o.lines["loc"] == cmd.path and len(cmd.path) > 1
    assert items(o, "su-cd-04") == [(f"su-cd-04: LOC of {len(cmd.path) - 1} hexes to {cmd.hq}, radius {cmd.radius} (10.23)", "1916", "10.23")]
    assert ("loc", "The selected unit's Line of Communications to its HQ (10.23)") in o.legend
    stuck = trace.overlay(state, "command", "soviet", "su-cd-07")
    cmd = supply.command_status(state, "su-cd-07")
    assert items(stuck, "su-cd-07") == [("su-cd-07 may not attack: " + "; ".join(trace.block_text(x.to_dict()) for x in cmd.blocks),
                                         "3217", "9.15")]
    german = trace.overlay(state, "command", "axis", "ge-100lt")  # German units need no command (10.21)
    assert items(german, "ge-100lt") == [] and "loc" not in german.lines


# ----------------------------------------------------------------------------- rail (6.4)


def test_6_42_rail_overlay_marks_friendly_and_enemy_rail_for_the_side(state):
    b = state.board
    for side, enemy in (("soviet", "axis"), ("axis", "soviet")):
        o = trace.overlay(state, "rail", side)
        friendly = {h for i, h in enumerate(b.ids) if b.rail_side[i] == side}
        assert set(o.marks["rail_friendly"]) == friendly and friendly
        assert set(o.marks["rail_enemy"]) == {h for i, h in enumerate(b.ids) if b.rail_side[i] == enemy}
        assert o.summary == f"{len(friendly)} friendly and {len(o.marks['rail_enemy'])} enemy rail hexes for the {side} side"
        assert o.legend == [("rail_friendly", "Friendly Rail hex (6.42)"), ("rail_enemy", "Enemy Rail hex: no rail movement (6.42)")]
    assert set(trace.overlay(state, "rail", "axis", "su-cd-04").marks["rail_friendly"]) == {
        h for i, h in enumerate(b.ids) if b.rail_side[i] == "soviet"}  # a chosen unit's side, not the side asked


def test_6_44_rail_overlay_of_a_unit_on_friendly_rail_shows_its_reach_and_route(state):
    b = state.board
    state.place("su-rd-01", "0701")
    state.cache.clear()
    dist, _parent, dests = rail.rail_reach(state, "su-rd-01")
    far = max(dests, key=lambda i: dist[i])
    o = trace.overlay(state, "rail", "soviet", "su-rd-01", b.ids[far])
    assert o.marks["rail_reach"] == {b.ids[i]: str(d) for i, d in dist.items()}
    assert o.marks["selected"] == {"0701": None}
    assert o.lines["rail_route"] == list(rail.rail_path(state, "su-rd-01", far))
    assert items(o) == [
        (f"su-rd-01 (0701) reaches {len(dist)} rail hexes within {rail.MAX_HEXES} clear of enemy ZOC (6.43, 6.44)", "0701", "6.44"),
        (f"route to {b.ids[far]}: {dist[far]} rail hexes", b.ids[far], "6.41"),
    ]
    assert [it["unit"] for it in o.items] == ["su-rd-01", "su-rd-01"]
    assert ("rail_reach", "Rail hexes the selected unit reaches, clear of enemy ZOC, labelled with the rail hexes entered (6.43, 6.44)") in o.legend
    assert ("rail_route", "Rail route to the chosen hex (6.41)") in o.legend


def test_6_42_rail_overlay_names_why_a_destination_is_refused(state):
    b = state.board
    state.place("su-rd-01", "0701")
    state.cache.clear()
    dist, _parent, _dests = rail.rail_reach(state, "su-rd-01")
    plain = next(h for i, h in enumerate(b.ids) if b.rail_side[i] is None)
    enemy = next(h for i, h in enumerate(b.ids) if b.rail_side[i] == "axis")
    axis_zoc = zoc.derived(state).zoc["axis"]
    in_zoc = next(h for i, h in enumerate(b.ids) if b.rail_side[i] == "soviet" and i in axis_zoc)
    far = next(h for i, h in enumerate(b.ids) if b.rail_side[i] == "soviet" and i not in axis_zoc and i not in dist
               and not state.units_at(h))
    for dest, case, text in ((plain, "6.41", "not a rail hex"), (enemy, "6.42", "not a Friendly Rail hex"),
                             (in_zoc, "6.43", "in enemy ZOC"),
                             (far, "6.44", f"no friendly rail route of at most {rail.MAX_HEXES} hexes clear of enemy ZOC")):
        o = trace.overlay(state, "rail", "soviet", "su-rd-01", dest)
        assert items(o)[-1] == (f"{dest}: {text} — {case}", dest, case) and o.items[-1]["unit"] == "su-rd-01"
        assert "rail_route" not in o.lines


def test_6_41_rail_overlay_of_a_unit_off_friendly_rail_or_in_a_phase_without_rail(state):
    b = state.board
    here = state.units["su-cd-04"].hex
    assert b.rail_side[b.index[here]] != "soviet"
    o = trace.overlay(state, "rail", "soviet", "su-cd-04")
    assert o.marks["rail_reach"] == {} and o.marks["selected"] == {here: None}
    assert items(o) == [(f"su-cd-04 ({here}) is not on a Friendly Rail hex — 6.41, 6.42", here, "6.41")]
    state.place("su-rd-01", "0701")
    state.phase_data["rail_allowed"] = False
    state.cache.clear()
    o = trace.overlay(state, "rail", "soviet", "su-rd-01")
    assert ("su-rd-01 may not move by rail now: no rail movement in this phase — 6.45", "0701", "6.45") in items(o, "su-rd-01")


# ----------------------------------------------------------------------------- roads (11.33)


def test_11_33_roads_overlay_is_the_clear_net_its_cuts_and_the_road_beyond(state):
    o = trace.overlay(state, "roads", "axis")
    b = state.board
    net, _ = supply.road_sources(state)
    assert set(o.marks["road_net"]) == {b.ids[i] for i in net}
    entries = [h for h in b.area("german_road_supply") if h in b.map.roads]
    assert o.marks["road_entry"] == {h: "entry" for h in entries}
    cuts = o.marks["road_cut"]
    assert set(cuts.values()) == {"unit", "ZOC"}
    d = zoc.derived(state)
    for h, label in cuts.items():
        i = b.index[h]
        assert any(b.index[n] in net for n in b.map.roads.neighbors(h) if n in b.index) or h in entries
        if label == "unit":
            assert i in d.occupied["soviet"]
            assert (f"{h}: Soviet unit on the road — 11.33", h, "11.33") in items(o)
        else:
            assert i in d.zoc["soviet"] and i not in d.occupied["axis"] and i not in d.garrisons
            assert (f"{h}: Soviet ZOC not covered by an Axis unit — 11.33", h, "11.33") in items(o)
    assert len(o.items) == len(cuts)
    on_map_roads = {h for h in b.map.roads if h in b.index}
    assert set(o.marks["road_off"]) == on_map_roads - {b.ids[i] for i in net} - set(cuts)
    assert o.summary == f"{len(net)} road hexes joined to {len(entries)} entries; {len(cuts)} cut(s)"
    assert o.legend == [
        ("road_net", "Road hex joined to an entry by a road clear of Soviet units and uncovered Soviet ZOC (11.33)"),
        ("road_entry", "Road entry on the west edge or at 3932 (11.33)"),
        ("road_cut", "Where the road is cut: a Soviet unit, or Soviet ZOC with no Axis unit (11.33)"),
        ("road_off", "Road hex beyond the cuts: no road supply (11.33)"),
    ]


# ----------------------------------------------------------------------------- front (17.24)


def test_17_24_front_overlay_of_a_continuous_front(state):
    o = trace.overlay(state, "front", "axis")
    assert victory.front_status(state)["continuous"]
    d = zoc.derived(state)
    barrier = {state.board.ids[i] for i in set(d.occupied["axis"]) | set(d.zoc["axis"]) | d.garrisons}
    assert set(o.marks["front"]) | set(o.marks["barrier"]) == barrier
    assert o.marks["front"] and o.marks["barrier"] and not set(o.marks["front"]) & set(o.marks["barrier"])
    north = {state.board.ids[i] for i in state.board.map_edges["north"]}
    assert set(o.marks["front"]) & north and not set(o.marks["barrier"]) & north
    assert items(o) == [("The Axis front runs unbroken from the north edge to the south or east edge — 17.24", None, "17.24")]
    assert o.summary == "continuous front" and "hole" not in o.lines
    assert o.legend == [("front", "Axis front: Axis units, garrisons and Axis ZOC joined to the north edge (17.24)"),
                        ("barrier", "Other Axis units and ZOC, not joined to the north edge")]


def test_17_24_front_overlay_of_a_front_with_a_hole(state):
    for u in state.board.side_units["axis"]:
        if state.units[u].hex and int(state.units[u].hex[:2]) >= 20:
            state.to_box(u, "test-off-map")
    state.cache.clear()
    status = victory.front_status(state)
    assert not status["continuous"] and status["hole"]
    o = trace.overlay(state, "front", "soviet")
    hole = status["hole"]
    assert o.lines["hole"] == hole
    assert items(o) == [(f"Hole in the Axis front: a Soviet path runs from {hole[0]} to {hole[-1]}; 2 VP to the Soviets "
                         "at the end of the Axis player-turn — 17.24", hole[0], "17.24")]
    assert o.summary == f"hole in the front from {hole[0]} to {hole[-1]}"
    assert ("hole", "The hole: a Soviet path from the east edge to the west edge around the front (17.24)") in o.legend


def test_11_3_why_not_lists_a_german_unit_out_of_supply_though_it_needs_no_command(state):
    b = state.board
    far = next(h for h in sorted(b.area("east_edge")) if not state.units_at(h))
    state.place("ge-100lt", far)  # deep behind the Soviet lines
    state.cache.clear()
    r = trace.unit_report(state, "ge-100lt")
    assert not r["in_supply"] and "command" not in r
    o = trace.overlay(state, "why", "axis")
    assert (f"ge-100lt ({far}) out of supply:", far, None) in items(o)
    assert far in o.marks["out"]


# ----------------------------------------------------------------------------- lines of the Rumanian HQ and of air supply


def test_10_27_the_supply_overlay_of_a_rumanian_unit_draws_its_loc_to_the_rumanian_hq(monkeypatch):
    from k42_helpers import position

    monkeypatch.setattr(supply, "ROAD_LIMIT", 0)
    monkeypatch.setattr(supply, "CITY_LIMIT", 3)
    state = position({"ro-hq": "0507", "ro-1": "0304"}, phase="axis-movement")
    state.set_flag("ro-hq", "inactive", False)
    st = supply.supply_status(state, "ro-1")
    assert st.kind == "rumanian-hq"
    o = trace.overlay(state, "supply", "axis", "ro-1")
    assert o.lines["loc"][0] == "0304" and o.lines["loc"] == st.path[:len(o.lines["loc"])]
    [(text, where, case)] = items(o, "ro-1")
    assert text.startswith("ro-1 (0304): LOC of ") and where == "0304" and case == "10.23"


def test_13_2_the_supply_overlay_of_a_unit_supplied_by_air_names_the_case_and_draws_no_line(monkeypatch):
    from k42_helpers import position

    from kharkovsuite.engine.actions import AirSupply
    from kharkovsuite.rules.kharkov1942 import sequence

    monkeypatch.setattr(supply, "ROAD_LIMIT", 0)
    monkeypatch.setattr(supply, "CITY_LIMIT", 1)
    state = position({"ge-1": "0103", "su-r1": "0101"}, phase="axis-air-supply", turn=2)
    state.apply(AirSupply(hex="0103"))
    sequence.go_to(state, "soviet-movement", 3)
    assert supply.supply_status(state, "ge-1").kind == "air"
    o = trace.overlay(state, "supply", "axis", "ge-1")
    assert items(o, "ge-1") == [("ge-1 (0103): in supply without a line (air)", "0103", "13.2")]
