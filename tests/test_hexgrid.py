"""Tests for kharkovsuite.hexgrid: Red Blob known answers, properties, printed ids, pixels."""
from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Point

from kharkovsuite.hexgrid import (
    AXIAL_DIRECTIONS,
    GridSpec,
    Hex,
    HexGrid,
    HexIdError,
    Layout,
    hex_line,
    hex_range,
    hex_ring,
)

SQRT3 = math.sqrt(3.0)
ORIGIN = Hex(0, 0)

hexes = st.builds(Hex, st.integers(-60, 60), st.integers(-60, 60))
radii = st.integers(0, 8)


# ----------------------------------------------------------------------------- Red Blob known answers


def test_add_subtract_and_s():
    assert Hex(1, -3) + Hex(3, -7) == Hex(4, -10)
    assert Hex(1, -3) - Hex(3, -7) == Hex(-2, 4)
    assert Hex(1, -3).s == 2
    assert Hex(3, -7).s == 4


def test_direction_and_neighbor():
    assert AXIAL_DIRECTIONS == (Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1))
    assert AXIAL_DIRECTIONS[2] == Hex(0, -1)
    assert Hex(1, -2).neighbor(2) == Hex(1, -3)
    assert Hex(1, -2).neighbors() == [Hex(1, -2) + d for d in AXIAL_DIRECTIONS]


def test_neighbor_rejects_bad_direction():
    for d in (-1, 6):
        with pytest.raises(ValueError):
            ORIGIN.neighbor(d)


def test_distance():
    assert Hex(3, -7).distance(ORIGIN) == 7
    assert ORIGIN.distance(Hex(3, -7)) == 7
    assert Hex(-2, 4).distance(Hex(1, -3)) == 7


def test_linedraw():
    assert hex_line(ORIGIN, Hex(1, -5)) == [Hex(0, 0), Hex(0, -1), Hex(0, -2), Hex(1, -3), Hex(1, -4), Hex(1, -5)]
    assert hex_line(Hex(2, 3), Hex(2, 3)) == [Hex(2, 3)]


@pytest.mark.parametrize("n", range(7))
def test_ring_and_range_sizes(n):
    ring = hex_ring(Hex(2, -1), n)
    assert len(ring) == (6 * n if n else 1)
    assert len(set(ring)) == len(ring)
    area = hex_range(Hex(2, -1), n)
    assert len(area) == 3 * n * (n + 1) + 1
    assert set(area) == set().union(*(hex_ring(Hex(2, -1), k) for k in range(n + 1)))


def test_ring_zero_and_negative_radius():
    assert hex_ring(Hex(4, 4), 0) == [Hex(4, 4)]
    with pytest.raises(ValueError):
        hex_ring(ORIGIN, -1)
    with pytest.raises(ValueError):
        hex_range(ORIGIN, -1)


@pytest.mark.parametrize("target", [Hex(5, 0), Hex(-3, 7), Hex(4, -4), Hex(0, -9), Hex(6, -2)])
def test_line_length(target):
    line = hex_line(ORIGIN, target)
    assert len(line) == ORIGIN.distance(target) + 1


def test_hexes_are_immutable_hashable_and_ordered():
    h = Hex(1, 2)
    with pytest.raises(AttributeError):
        h.q = 5  # type: ignore[misc]
    assert {Hex(1, 2): "x"}[Hex(1, 2)] == "x"
    assert sorted([Hex(1, 0), Hex(0, 5), Hex(0, -1)]) == [Hex(0, -1), Hex(0, 5), Hex(1, 0)]


# Red Blob's offset formulas, transcribed, as the reference for printed numbers starting at 0
# (where printed parity and screen-index parity agree).
def _odd_r(col, row):
    return Hex(col - (row - (row & 1)) // 2, row)


def _even_r(col, row):
    return Hex(col - (row + (row & 1)) // 2, row)


def _odd_q(col, row):
    return Hex(col, row - (col - (col & 1)) // 2)


def _even_q(col, row):
    return Hex(col, row - (col + (col & 1)) // 2)


@pytest.mark.parametrize(
    "orientation,shifted,reference",
    [("pointy", "odd", _odd_r), ("pointy", "even", _even_r), ("flat", "odd", _odd_q), ("flat", "even", _even_q)],
)
def test_offset_matches_red_blob(orientation, shifted, reference):
    grid = HexGrid(GridSpec(orientation, columns=9, rows=8, shifted=shifted, first_row=0, first_column=0))
    for row in range(8):
        for col in range(9):
            h = grid.hex_of(grid.id_at(row, col))
            assert h == reference(col, row)
            assert grid.hex_id(reference(col, row)) == grid.id_at(row, col)


def test_offset_known_answers():
    # Red Blob's own test values for Hex(1, 2, -3).
    flat_even = HexGrid(GridSpec("flat", 9, 9, shifted="even", first_row=0, first_column=0))
    flat_odd = HexGrid(GridSpec("flat", 9, 9, shifted="odd", first_row=0, first_column=0))
    assert flat_even.row_col(flat_even.hex_id(Hex(1, 2))) == (3, 1)
    assert flat_odd.row_col(flat_odd.hex_id(Hex(1, 2))) == (2, 1)


# ----------------------------------------------------------------------------- properties


@given(hexes, hexes)
def test_distance_symmetric(a, b):
    assert a.distance(b) == b.distance(a)
    assert (a.distance(b) == 0) == (a == b)


@given(hexes, hexes, hexes)
def test_triangle_inequality(a, b, c):
    assert a.distance(c) <= a.distance(b) + b.distance(c)


@given(hexes)
def test_neighbours_at_distance_one(h):
    ns = h.neighbors()
    assert len(set(ns)) == 6
    assert all(h.distance(n) == 1 for n in ns)
    assert all(h.neighbor(d) == ns[d] for d in range(6))


@given(hexes, radii)
def test_ring_at_distance_n(h, n):
    ring = hex_ring(h, n)
    assert all(h.distance(x) == n for x in ring)
    assert len(set(ring)) == len(ring) == max(1, 6 * n)
    # The ring is a walk: each hex touches the next one.
    assert all(ring[i].distance(ring[(i + 1) % len(ring)]) == 1 for i in range(len(ring))) or n == 0


@given(hexes, radii)
def test_range_within_n(h, n):
    area = hex_range(h, n)
    assert all(h.distance(x) <= n for x in area)
    assert len(set(area)) == 3 * n * (n + 1) + 1


@given(hexes, hexes)
def test_line_is_connected(a, b):
    line = hex_line(a, b)
    assert len(line) == a.distance(b) + 1
    assert line[0] == a and line[-1] == b
    assert all(line[i].distance(line[i + 1]) == 1 for i in range(len(line) - 1))


# ----------------------------------------------------------------------------- printed ids

ALL_SPECS = list(
    itertools.product(("pointy", "flat"), ("row-col", "col-row"), ("south", "north"), ("east", "west"), ("odd", "even"))
)
SPEC_IDS = ["-".join(combo) for combo in ALL_SPECS]


def _spec(combo, rows, columns, **kw):
    orientation, id_order, row_grows, column_grows, shifted = combo
    return GridSpec(
        orientation,
        columns=columns,
        rows=rows,
        id_order=id_order,
        row_grows=row_grows,
        column_grows=column_grows,
        shifted=shifted,
        **kw,
    )


def _expected_unit_center(spec, row, column):
    """Where the printed numbers say a hex is, up to a translation, from the GridSpec words."""
    first_row, last_row = spec.first_row, spec.first_row + spec.rows - 1
    first_col, last_col = spec.first_column, spec.first_column + spec.columns - 1
    x = column - first_col if spec.column_grows == "east" else last_col - column
    y = row - first_row if spec.row_grows == "south" else last_row - row
    parity = 1 if spec.shifted == "odd" else 0
    if spec.orientation == "pointy":
        pushed = row % 2 == parity
        return SQRT3 * (x + (0.5 if pushed else 0.0)), 1.5 * y
    pushed = column % 2 == parity
    return 1.5 * x, SQRT3 * (y + (0.5 if pushed else 0.0))


@pytest.mark.parametrize("combo", ALL_SPECS, ids=SPEC_IDS)
def test_round_trip_every_hex_40x40(combo):
    spec = _spec(combo, 40, 40)
    grid = HexGrid(spec)
    layout = Layout(spec.orientation, 1.0)
    ids = grid.all_ids()
    assert len(ids) == 1600 and ids == sorted(ids)
    seen = set()
    offset = None
    for hex_id in ids:
        h = grid.hex_of(hex_id)
        assert grid.hex_id(h) == hex_id
        assert grid.on_map(h) and grid.is_id(hex_id)
        row, col = grid.row_col(hex_id)
        assert grid.id_at(row, col) == hex_id
        first, second = (row, col) if spec.id_order == "row-col" else (col, row)
        assert hex_id == f"{first:02d}{second:02d}"
        seen.add(h)
        # The geometry, not only the bijection: printed numbers land where the spec says.
        cx, cy = layout.center(h)
        ex, ey = _expected_unit_center(spec, row, col)
        if offset is None:
            offset = (cx - ex, cy - ey)
        assert math.isclose(cx - ex, offset[0], abs_tol=1e-9)
        assert math.isclose(cy - ey, offset[1], abs_tol=1e-9)
    assert len(seen) == 1600
    # on_map agrees with the id set just outside the map as well as inside it.
    for h in seen:
        for n in h.neighbors():
            assert grid.on_map(n) == (n in seen)


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(ALL_SPECS),
    st.integers(1, 12),
    st.integers(1, 12),
    st.integers(0, 3),
    st.integers(0, 3),
    st.lists(st.builds(Hex, st.integers(-15, 15), st.integers(-15, 15)), max_size=30),
)
def test_on_map_agrees_with_hex_id(combo, rows, columns, first_row, first_column, probes):
    grid = HexGrid(_spec(combo, rows, columns, first_row=first_row, first_column=first_column))
    for h in probes:
        if grid.on_map(h):
            assert grid.hex_of(grid.hex_id(h)) == h
        else:
            with pytest.raises(HexIdError):
                grid.hex_id(h)
    assert sum(grid.on_map(h) for h in hex_range(grid.hex_of(grid.all_ids()[0]), 30)) == rows * columns


def test_three_digit_ids():
    grid = HexGrid(GridSpec("flat", columns=120, rows=5, digits=3))
    assert grid.id_at(3, 101) == "101003"
    assert grid.row_col("101003") == (3, 101)
    with pytest.raises(HexIdError, match="six digits"):
        grid.hex_of("1013")


@pytest.mark.parametrize("combo", ALL_SPECS, ids=SPEC_IDS)
def test_neighbours_adjacency_and_hexsides(combo):
    spec = _spec(combo, 9, 10)
    grid = HexGrid(spec)
    ids = grid.all_ids()
    for a in ids:
        ns = grid.neighbors(a)
        assert len(ns) <= 6 and a not in ns
        assert ns == [grid.hex_id(n) for n in grid.hex_of(a).neighbors() if grid.on_map(n)]
        sides = grid.hexsides_of(a)
        assert len(sides) == len(ns)
        for b in ns:
            assert a in grid.neighbors(b)
            assert grid.distance(a, b) == 1
            assert (grid.direction(a, b) + 3) % 6 == grid.direction(b, a)
            side = grid.hexside_id(a, b)
            assert side == grid.hexside_id(b, a) == "/".join(sorted((a, b)))
            assert side in sides
            assert grid.hexside_hexes(side) == tuple(sorted((a, b)))
    interior = grid.id_at(spec.first_row + 4, spec.first_column + 4)
    assert len(grid.neighbors(interior)) == 6
    corners = [grid.id_at(r, c) for r in (1, 9) for c in (1, 10)]
    assert all(2 <= len(grid.neighbors(c)) <= 3 for c in corners)
    assert sorted(len(grid.neighbors(c)) for c in corners) in ([2, 2, 3, 3], [2, 3, 3, 3], [2, 2, 2, 3])


@pytest.mark.parametrize("combo", ALL_SPECS, ids=SPEC_IDS)
def test_edges_are_geographic(combo):
    spec = _spec(combo, 7, 8)
    grid = HexGrid(spec)
    layout = grid.layout(1.0)
    centers = {i: layout.center(grid.hex_of(i)) for i in grid.all_ids()}

    # Compare screen rows/columns (offset indices), which the shifted half hexes do not blur.
    def screen(i):
        row, col = grid.row_col(i)
        x = col - 1 if spec.column_grows == "east" else spec.columns - col
        y = row - 1 if spec.row_grows == "south" else spec.rows - row
        return x, y

    north, south = grid.edge_ids("north"), grid.edge_ids("south")
    west, east = grid.edge_ids("west"), grid.edge_ids("east")
    assert len(north) == len(south) == 8 and len(west) == len(east) == 7
    assert all(screen(i)[1] == 0 for i in north)
    assert all(screen(i)[1] == 6 for i in south)
    assert all(screen(i)[0] == 0 for i in west)
    assert all(screen(i)[0] == 7 for i in east)
    # Edge lists run west to east and north to south.
    assert [centers[i][0] for i in north] == sorted(centers[i][0] for i in north)
    assert [centers[i][1] for i in east] == sorted(centers[i][1] for i in east)
    assert sum(centers[i][1] for i in north) < sum(centers[i][1] for i in south)
    assert sum(centers[i][0] for i in west) < sum(centers[i][0] for i in east)
    with pytest.raises(ValueError):
        grid.edge_ids("up")  # type: ignore[arg-type]


def test_within_ring_line_on_a_grid():
    grid = HexGrid(GridSpec("pointy", columns=10, rows=10))
    centre = "0505"
    assert set(grid.within(centre, 1)) == {centre, *grid.neighbors(centre)}
    assert len(grid.within(centre, 2)) == 19
    assert all(grid.distance(centre, i) == 2 for i in grid.ring(centre, 2))
    assert len(grid.ring(centre, 2)) == 12
    assert grid.ring(centre, 0) == [centre]
    assert len(grid.within("0101", 1)) < 7
    line = grid.line("0101", "1010")
    assert line[0] == "0101" and line[-1] == "1010"
    assert all(grid.distance(line[i], line[i + 1]) == 1 for i in range(len(line) - 1))
    # Odd rows are pushed east, so column 10 is a zigzag edge: a line down it runs exactly
    # between hexes in the even rows and the nudge picks the off-map side, which is skipped.
    rows = HexGrid(GridSpec("pointy", columns=10, rows=10, id_order="row-col"))
    assert rows.distance("0110", "0910") == 8
    assert rows.line("0110", "0910") == ["0110", "0310", "0510", "0710", "0910"]


# ----------------------------------------------------------------------------- the first map

FIRST_MAP = GridSpec(
    "pointy", columns=40, rows=39, id_order="row-col", row_grows="south", column_grows="west", shifted="odd"
)


@pytest.fixture(scope="module")
def first_map():
    return HexGrid(FIRST_MAP)


def test_first_map_edges(first_map):
    g = first_map
    assert len(g.all_ids()) == 39 * 40
    assert "0116" in g.edge_ids("north")
    assert "3932" in g.edge_ids("south")
    assert "2501" in g.edge_ids("east")
    assert "2540" in g.edge_ids("west")
    assert "0116" not in g.edge_ids("south") and "2501" not in g.edge_ids("west")
    assert g.row_col("0116") == (1, 16)


def test_first_map_neighbours_by_hand(first_map):
    # Row 08 is even, so not shifted; rows 07 and 09 are pushed half a hex east.  Columns
    # count up westward, so east is column - 1.  Seen from an unshifted row the shifted rows
    # above and below hold the same column number to the NE/SE and column + 1 to the NW/SW.
    g = first_map
    expected = {"E": "0818", "NE": "0719", "NW": "0720", "W": "0820", "SW": "0920", "SE": "0919"}
    assert g.neighbors("0819") == ["0818", "0719", "0720", "0820", "0920", "0919"]
    assert {g.direction_name(g.direction("0819", n)): n for n in g.neighbors("0819")} == expected
    # From the shifted row 07: same column number to the NW/SW, column - 1 to the NE/SE.
    assert g.neighbors("0719") == ["0718", "0618", "0619", "0720", "0819", "0818"]
    # Row 01 is shifted east, so its easternmost hex 0101 leans out past 0201.
    layout = g.layout(1.0)
    assert layout.center(g.hex_of("0101"))[0] > layout.center(g.hex_of("0201"))[0]
    assert layout.center(g.hex_of("0719"))[0] - layout.center(g.hex_of("0819"))[0] == pytest.approx(SQRT3 / 2)


def test_first_map_distance_by_hand(first_map):
    # 0819 -> 0409: four rows north, each NE step gains half a column east (column 19 -> 17),
    # then eight hexes east along row 04 (column 17 -> 9): 4 + 8.
    g = first_map
    assert g.distance("0819", "0409") == 12
    assert g.distance("0409", "0819") == 12
    line = g.line("0819", "0409")
    assert len(line) == 13 and line[0] == "0819" and line[-1] == "0409"


def test_first_map_layout_is_in_positive_space(first_map):
    g = first_map
    for size in (1.0, 30.0):
        layout = g.layout(size)
        xs, ys = [], []
        for i in g.all_ids():
            for x, y in layout.corners(g.hex_of(i)):
                xs.append(x)
                ys.append(y)
        assert min(xs) == pytest.approx(size) and min(ys) == pytest.approx(size)
        assert g.bounds(layout) == pytest.approx((min(xs), min(ys), max(xs), max(ys)))
    with pytest.raises(ValueError):
        g.bounds(Layout("flat", 1.0))


# ----------------------------------------------------------------------------- errors


@pytest.mark.parametrize("bad", ["45x2", "123", "4512", "", "08190", "0000", "3901 ", "０８１９"])
def test_bad_ids_raise_with_id_and_ranges(first_map, bad):
    with pytest.raises(HexIdError) as info:
        first_map.hex_of(bad)
    message = str(info.value)
    assert repr(bad) in message
    assert "rows 01-39" in message and "columns 01-40" in message
    assert not first_map.is_id(bad)
    assert isinstance(info.value, ValueError)


def test_error_messages_read_well(first_map):
    with pytest.raises(HexIdError) as info:
        first_map.hex_of("4512")
    assert str(info.value) == "'4512' is off the map (rows 01-39, columns 01-40)"
    with pytest.raises(HexIdError, match="not a hex id .four digits, row then column"):
        first_map.hex_of("45x2")
    assert not first_map.is_id(None)  # type: ignore[arg-type]


def test_other_errors(first_map):
    g = first_map
    with pytest.raises(HexIdError, match="off the map"):
        g.hex_id(Hex(-100, 0))
    with pytest.raises(HexIdError, match="off the map"):
        g.id_at(0, 5)
    with pytest.raises(HexIdError, match="not adjacent"):
        g.hexside_id("0819", "0821")
    with pytest.raises(HexIdError, match="not adjacent"):
        g.hexside_id("0819", "0819")
    with pytest.raises(HexIdError, match="not adjacent"):
        g.hexside_hexes("0819/0821")
    with pytest.raises(HexIdError, match="not a hexside id"):
        g.hexside_hexes("0819-0820")
    with pytest.raises(HexIdError, match="off the map"):
        g.hexside_hexes("0819/4512")
    # A non-canonical hexside is readable, so a checker can suggest the canonical spelling.
    assert g.hexside_hexes("0820/0819") == ("0820", "0819")
    assert g.hexside_id("0820", "0819") == "0819/0820"
    assert g.direction("0819", "0409") is None
    with pytest.raises(ValueError):
        g.direction_name(6)
    with pytest.raises(ValueError):
        GridSpec("hexagonal", 10, 10)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        GridSpec("pointy", 100, 10)


# ----------------------------------------------------------------------------- pixels

LAYOUTS = [
    Layout("pointy", 1.0),
    Layout("flat", 1.0),
    Layout("pointy", 37.5, (12.5, -7.0)),
    Layout("flat", 23.0, (-100.0, 40.0)),
]
LAYOUT_IDS = ["pointy-1", "flat-1", "pointy-37", "flat-23"]
SAMPLE = hex_range(Hex(2, -3), 3) + [Hex(40, -17), Hex(-25, 31)]


@pytest.mark.parametrize("layout", LAYOUTS, ids=LAYOUT_IDS)
def test_neighbour_centres_and_round_trip(layout):
    for h in SAMPLE:
        cx, cy = layout.center(h)
        assert layout.hex_at(cx, cy) == h
        for n in h.neighbors():
            nx, ny = layout.center(n)
            assert math.hypot(nx - cx, ny - cy) == pytest.approx(SQRT3 * layout.size)
        # Points near each corner, but inside, still belong to the hex.
        for x, y in layout.corners(h):
            assert layout.hex_at(cx + 0.95 * (x - cx), cy + 0.95 * (y - cy)) == h


@pytest.mark.parametrize("layout", LAYOUTS, ids=LAYOUT_IDS)
def test_polygons_and_edges(layout):
    tol = 1e-9 * layout.size
    for h in SAMPLE[:7]:
        poly = layout.polygon(h)
        assert poly.is_valid
        assert poly.area == pytest.approx(3 * SQRT3 / 2 * layout.size**2)
        assert poly.contains(Point(layout.center(h)))
        for n in h.neighbors():
            p, q = layout.edge(h, n)
            other = layout.polygon(n)
            for corner in (p, q):
                assert poly.exterior.distance(Point(corner)) < tol
                assert other.exterior.distance(Point(corner)) < tol
            assert math.dist(p, q) == pytest.approx(layout.size)
            assert {tuple(round(c, 6) for c in pt) for pt in layout.edge(n, h)} == {
                tuple(round(c, 6) for c in pt) for pt in (p, q)
            }
            # Neighbouring polygons touch but do not overlap.
            assert poly.intersection(other).area < 1e-9 * layout.size**2
            assert poly.distance(other) < tol
    with pytest.raises(ValueError):
        layout.edge(Hex(0, 0), Hex(2, 0))


@settings(max_examples=200)
@given(
    hexes,
    st.sampled_from(["pointy", "flat"]),
    st.floats(0.5, 200.0),
    st.tuples(st.floats(-1e4, 1e4), st.floats(-1e4, 1e4)),
)
def test_hex_at_inverts_center(h, orientation, size, origin):
    layout = Layout(orientation, size, origin)
    assert layout.hex_at(*layout.center(h)) == h


# Compass points at their mathematical angles (counter-clockwise from east, north up).
COMPASS = {"E": 0, "NE": 45, "N": 90, "NW": 135, "W": 180, "SW": 225, "S": 270, "SE": 315}


def _angle_gap(a, b):
    return abs((a - b + 180) % 360 - 180)


@pytest.mark.parametrize("orientation", ["pointy", "flat"])
def test_direction_names_match_pixel_geometry(orientation):
    grid = HexGrid(GridSpec(orientation, 5, 5))
    layout = Layout(orientation, 10.0)
    cx, cy = layout.center(ORIGIN)
    angles = []
    for d in range(6):
        nx, ny = layout.center(ORIGIN.neighbor(d))
        # Screen y grows south, so north is negative y.
        angle = math.degrees(math.atan2(-(ny - cy), nx - cx)) % 360
        angles.append(angle)
        name = grid.direction_name(d)
        nearest = min(COMPASS, key=lambda k: _angle_gap(COMPASS[k], angle))
        assert name == nearest, (d, angle, name)
        assert _angle_gap(COMPASS[name], angle) <= 15 + 1e-9
    # Directions turn counter-clockwise on screen, 60 degrees at a time.
    assert all(_angle_gap(angles[(d + 1) % 6], angles[d] + 60) < 1e-9 for d in range(6))
    expected = ["E", "NE", "NW", "W", "SW", "SE"] if orientation == "pointy" else ["SE", "NE", "N", "NW", "SW", "S"]
    assert [grid.direction_name(d) for d in range(6)] == expected
