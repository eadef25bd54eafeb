"""Set-up checks of kharkov1942: 8.1 (three combat units a hex) and 5.15 (the front is held)."""
from kharkovsuite.map import GameMap
from kharkovsuite.scenario import edit as E
from kharkovsuite.scenario.model import HQValues, Unit, UnitType
from kharkovsuite.scenario.setup_checks import setup_checks


def _with_units(s, side_type: str, n: int, prefix: str):
    units = list(s.units) + [Unit(id=f"{prefix}{i}", type=side_type, name=f"{i}th") for i in range(n)]
    return s.model_copy(update={"units": units})


def test_8_1_four_combat_units_in_a_hex_is_one_too_many(small):
    s = _with_units(small, "ge_inf", 3, "ge-x")
    for uid in ("ge-x0", "ge-x1", "ge-x2"):
        s = E.place_unit(s, uid, "0406")
    found = [p for p in setup_checks(s) if p.case == "8.1"]
    assert len(found) == 1 and found[0].hex == "0406"
    assert found[0].path == ("setup", "placements", 4)  # the fourth unit placed there
    s = E.remove_placement(s, "ge-x2")
    assert not [p for p in setup_checks(s) if p.case == "8.1"]


def test_8_1_hqs_do_not_count(small):
    hq = UnitType(name="HQ", side="axis", nationality="german", movement_class="infantry", hq=HQValues(command_radius=5, movement=8, inactive_movement=4))
    s = E.set_in(small, ("unit_types", "hq"), hq)
    s = _with_units(s, "ge_inf", 2, "ge-x")
    s = _with_units(s, "hq", 1, "hq-")
    for uid in ("ge-x0", "ge-x1", "hq-0"):
        s = E.place_unit(s, uid, "0406")
    assert not [p for p in setup_checks(s) if p.case == "8.1"]


def test_5_15_every_front_hex_must_be_held_or_in_zoc(small):
    front = GameMap.from_scenario(small).lines["front"]
    found = {(p.hex, p.case) for p in setup_checks(small)}
    # small.yaml places one unit a side, so most of the front is open.
    assert ("0106", "5.15") in found
    # Hexes next to the placed units are held: ge-1 in 0406 (axis), su-1 in 0404 (soviet).
    axis_held = {h for h, (side, _) in front.adjacent_hexes.items() if side == "axis" and ("0406" == h or h in GameMap.from_scenario(small).neighbors("0406"))}
    assert axis_held and not any((h, "5.15") in found for h in axis_held)


def test_5_15_is_satisfied_by_a_full_line_of_units(small):
    gmap = GameMap.from_scenario(small)
    front = gmap.lines["front"]
    soviet = sorted(h for h, (side, _) in front.adjacent_hexes.items() if side == "soviet")
    axis = sorted(h for h, (side, _) in front.adjacent_hexes.items() if side == "axis")
    s = small.model_copy(update={"setup": small.setup.model_copy(update={"placements": []})})
    s = _with_units(s, "rifle", len(soviet), "su-x")
    s = _with_units(s, "ge_inf", len(axis), "ge-x")
    for i, h in enumerate(soviet[::2]):
        s = E.place_unit(s, f"su-x{i}", h)
    for i, h in enumerate(axis[::2]):
        s = E.place_unit(s, f"ge-x{i}", h)
    assert [p for p in setup_checks(s) if p.case == "5.15"] == []


def test_5_15_ignores_a_side_with_no_placements(small):
    s = E.remove_placement(small, "su-1")
    sides = {p.message.split(" side")[0] for p in setup_checks(s) if p.case == "5.15"}
    assert sides == {"front-line hex on the Axis"}
