"""Hex grid geometry and the printed hex ids of a map.

Follows Red Blob Games' guide (https://www.redblobgames.com/grids/hexagons/): all arithmetic
is done in axial coordinates, offset (printed row/column) coordinates exist only to read and
write hex ids, and a :class:`Layout` turns hexes into pixels.  Screen space has x growing
east and y growing south.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:  # imported where used
    from shapely.geometry import Polygon


__all__ = [
    "AXIAL_DIRECTIONS",
    "GridSpec",
    "Hex",
    "HexGrid",
    "HexIdError",
    "Layout",
    "hex_line",
    "hex_range",
    "hex_ring",
]

_SQRT3 = math.sqrt(3.0)


class HexIdError(ValueError):
    """A hex id, hexside id or hex that is malformed, off the map or not adjacent."""


@dataclass(frozen=True, slots=True, order=True)
class Hex:
    """A hex in axial coordinates; ``s`` is derived so that q + r + s == 0."""

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        if not isinstance(other, Hex):
            return NotImplemented
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        if not isinstance(other, Hex):
            return NotImplemented
        return Hex(self.q - other.q, self.r - other.r)

    def neighbor(self, direction: int) -> Hex:
        # Explicit check: a negative index would silently wrap to another direction.
        if not 0 <= direction < 6:
            raise ValueError(f"direction must be 0..5, got {direction!r}")
        d = AXIAL_DIRECTIONS[direction]
        return Hex(self.q + d.q, self.r + d.r)

    def neighbors(self) -> list[Hex]:
        """All six neighbours in direction order, whether on a map or not."""
        q, r = self.q, self.r
        return [Hex(q + d.q, r + d.r) for d in AXIAL_DIRECTIONS]

    def distance(self, other: Hex) -> int:
        dq = self.q - other.q
        dr = self.r - other.r
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


# Red Blob's order.  With y pointing down, q+1 is east (pointy) or south-east (flat) and
# each next vector turns 60 degrees counter-clockwise as seen on screen.
AXIAL_DIRECTIONS: tuple[Hex, ...] = (
    Hex(1, 0),
    Hex(1, -1),
    Hex(0, -1),
    Hex(-1, 0),
    Hex(-1, 1),
    Hex(0, 1),
)
_DIRECTION_INDEX = {d: i for i, d in enumerate(AXIAL_DIRECTIONS)}
_DIRECTION_OF_STEP = {(d.q, d.r): i for i, d in enumerate(AXIAL_DIRECTIONS)}  # plain pairs hash faster

# Names follow the pixel geometry of AXIAL_DIRECTIONS (checked by angle in the tests).
_DIRECTION_NAMES = {
    "pointy": ("E", "NE", "NW", "W", "SW", "SE"),
    "flat": ("SE", "NE", "N", "NW", "SW", "S"),
}


def _check_radius(n: int) -> None:
    # A negative radius is almost always an arithmetic slip upstream; fail loudly.
    if n < 0:
        raise ValueError(f"radius must be >= 0, got {n!r}")


def hex_range(center: Hex, n: int) -> list[Hex]:
    """Every hex within distance ``n`` of ``center`` (3n(n+1)+1 of them)."""
    _check_radius(n)
    out = []
    for dq in range(-n, n + 1):
        for dr in range(max(-n, -dq - n), min(n, -dq + n) + 1):
            out.append(Hex(center.q + dq, center.r + dr))
    return out


def hex_ring(center: Hex, n: int) -> list[Hex]:
    """Every hex at exactly distance ``n``, walked in direction order (6n of them)."""
    _check_radius(n)
    if n == 0:
        return [center]
    start = AXIAL_DIRECTIONS[4]
    h = Hex(center.q + start.q * n, center.r + start.r * n)
    out = []
    for d in AXIAL_DIRECTIONS:
        for _ in range(n):
            out.append(h)
            h = Hex(h.q + d.q, h.r + d.r)
    return out


def _cube_round(fq: float, fr: float, fs: float) -> Hex:
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    # Reset the component with the largest rounding error so that q + r + s stays 0.
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(int(q), int(r))


def hex_line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes on the straight line from ``a`` to ``b``, both included."""
    n = a.distance(b)
    # The nudge breaks ties consistently when the line runs exactly along a hexside.
    aq, ar, as_ = a.q + 1e-6, a.r + 1e-6, a.s - 2e-6
    bq, br, bs = b.q + 1e-6, b.r + 1e-6, b.s - 2e-6
    step = 1.0 / max(n, 1)
    out = []
    for i in range(n + 1):
        t = step * i
        out.append(_cube_round(aq + (bq - aq) * t, ar + (br - ar) * t, as_ + (bs - as_) * t))
    return out


# ----------------------------------------------------------------------------- printed ids


@dataclass(frozen=True)
class GridSpec:
    """How the printed hex ids of a map work: map data, not code."""

    orientation: Literal["pointy", "flat"]
    columns: int
    rows: int
    id_order: Literal["row-col", "col-row"] = "col-row"
    row_grows: Literal["south", "north"] = "south"
    column_grows: Literal["east", "west"] = "east"
    shifted: Literal["odd", "even"] = "odd"
    first_row: int = 1
    first_column: int = 1
    digits: int = 2

    def __post_init__(self) -> None:
        # GridSpec may be built by hand, not only from validated scenario data.
        choices = {
            "orientation": ("pointy", "flat"),
            "id_order": ("row-col", "col-row"),
            "row_grows": ("south", "north"),
            "column_grows": ("east", "west"),
            "shifted": ("odd", "even"),
        }
        for field, allowed in choices.items():
            if getattr(self, field) not in allowed:
                raise ValueError(f"GridSpec.{field} must be one of {allowed}, got {getattr(self, field)!r}")
        if self.digits < 1:
            raise ValueError(f"GridSpec.digits must be >= 1, got {self.digits}")
        if self.rows < 1 or self.columns < 1:
            raise ValueError(f"GridSpec needs at least one row and one column, got {self.rows}x{self.columns}")
        if self.first_row < 0 or self.first_column < 0:
            raise ValueError("GridSpec.first_row and first_column must be >= 0")
        top = 10**self.digits - 1
        if self.first_row + self.rows - 1 > top or self.first_column + self.columns - 1 > top:
            raise ValueError(f"GridSpec numbers do not fit in {self.digits} digits per pair")


_COUNT_WORDS = {1: "two", 2: "four", 3: "six", 4: "eight"}


class HexGrid:
    """The hexes of one map and their printed ids."""

    def __init__(self, spec: GridSpec):
        self.spec = spec
        self._pointy = spec.orientation == "pointy"
        self._last_row = spec.first_row + spec.rows - 1
        self._last_column = spec.first_column + spec.columns - 1
        self._shift_parity = 1 if spec.shifted == "odd" else 0
        d = spec.digits
        self._ranges = (
            f"rows {spec.first_row:0{d}d}-{self._last_row:0{d}d}, "
            f"columns {spec.first_column:0{d}d}-{self._last_column:0{d}d}"
        )
        pair = "row then column" if spec.id_order == "row-col" else "column then row"
        count = _COUNT_WORDS.get(d, str(2 * d))
        self._format = f"{count} digits, {pair}"
        self._unit_bounds: tuple[float, float, float, float] | None = None
        # Ids already read: every search and layer asks for the same few thousand hexes again
        # and again, and reading an id costs more than looking it up.
        self._hexes: dict[str, Hex] = {}

    def __repr__(self) -> str:
        return f"HexGrid({self.spec!r})"

    # -- offset <-> axial.  Screen indices count from the west and from the north.

    def _screen_row(self, row: int) -> int:
        if self.spec.row_grows == "south":
            return row - self.spec.first_row
        return self._last_row - row

    def _printed_row(self, y: int) -> int:
        if self.spec.row_grows == "south":
            return y + self.spec.first_row
        return self._last_row - y

    def _screen_column(self, column: int) -> int:
        if self.spec.column_grows == "east":
            return column - self.spec.first_column
        return self._last_column - column

    def _printed_column(self, x: int) -> int:
        if self.spec.column_grows == "east":
            return x + self.spec.first_column
        return self._last_column - x

    def _shift(self, printed: int) -> int:
        # Decided by the printed number because that is what the designer sees on the map.
        return 1 if printed % 2 == self._shift_parity else 0

    def _to_hex(self, row: int, column: int) -> Hex:
        x, y = self._screen_column(column), self._screen_row(row)
        # Red Blob's odd-r / odd-q formulas with the shifted parity taken from the printed
        # number; (shift - index) has the same parity on every row, so floor division only
        # adds a constant offset to the axial origin.
        if self._pointy:
            return Hex(x + (self._shift(row) - y) // 2, y)
        return Hex(x, y + (self._shift(column) - x) // 2)

    def _to_printed(self, h: Hex) -> tuple[int, int]:
        if self._pointy:
            y = h.r
            row = self._printed_row(y)
            x = h.q - (self._shift(row) - y) // 2
            return row, self._printed_column(x)
        x = h.q
        column = self._printed_column(x)
        y = h.r - (self._shift(column) - x) // 2
        return self._printed_row(y), column

    def _printed_on_map(self, row: int, column: int) -> bool:
        s = self.spec
        return s.first_row <= row <= self._last_row and s.first_column <= column <= self._last_column

    def _format_id(self, row: int, column: int) -> str:
        d = self.spec.digits
        if self.spec.id_order == "row-col":
            return f"{row:0{d}d}{column:0{d}d}"
        return f"{column:0{d}d}{row:0{d}d}"

    def _parse(self, hex_id: str) -> tuple[int, int]:
        d = self.spec.digits
        if not (isinstance(hex_id, str) and len(hex_id) == 2 * d and hex_id.isascii() and hex_id.isdigit()):
            raise HexIdError(f"{hex_id!r} is not a hex id ({self._format}; {self._ranges})")
        first, second = int(hex_id[:d]), int(hex_id[d:])
        row, column = (first, second) if self.spec.id_order == "row-col" else (second, first)
        if not self._printed_on_map(row, column):
            raise HexIdError(f"{hex_id!r} is off the map ({self._ranges})")
        return row, column

    # -- public: single hexes

    def hex_of(self, hex_id: str) -> Hex:
        try:
            return self._hexes[hex_id]
        except (KeyError, TypeError):  # not read yet, or not even a string (_parse says so)
            h = self._hexes[hex_id] = self._to_hex(*self._parse(hex_id))
            return h

    def hex_id(self, h: Hex) -> str:
        row, column = self._to_printed(h)
        if not self._printed_on_map(row, column):
            raise HexIdError(f"{h!r} is off the map (row {row}, column {column}; {self._ranges})")
        return self._format_id(row, column)

    def is_id(self, hex_id: str) -> bool:
        try:
            self._parse(hex_id)
        except HexIdError:
            return False
        return True

    def on_map(self, h: Hex) -> bool:
        return self._printed_on_map(*self._to_printed(h))

    def row_col(self, hex_id: str) -> tuple[int, int]:
        """The printed (row, column) numbers of an on-map id."""
        return self._parse(hex_id)

    def id_at(self, row: int, column: int) -> str:
        if not self._printed_on_map(row, column):
            raise HexIdError(f"row {row}, column {column} is off the map ({self._ranges})")
        return self._format_id(row, column)

    def all_ids(self) -> list[str]:
        s = self.spec
        return sorted(
            self._format_id(row, column)
            for row in range(s.first_row, self._last_row + 1)
            for column in range(s.first_column, self._last_column + 1)
        )

    # -- public: relations between hexes

    def _ids_of(self, hexes: list[Hex]) -> list[str]:
        out = []
        for h in hexes:
            row, column = self._to_printed(h)
            if self._printed_on_map(row, column):
                out.append(self._format_id(row, column))
        return out

    def neighbors(self, hex_id: str) -> list[str]:
        """On-map neighbour ids in direction order."""
        return self._ids_of(self.hex_of(hex_id).neighbors())

    def direction(self, a: str, b: str) -> int | None:
        """The direction index from ``a`` to ``b``, or None when they are not adjacent."""
        ha, hb = self.hex_of(a), self.hex_of(b)
        return _DIRECTION_OF_STEP.get((hb.q - ha.q, hb.r - ha.r))

    def direction_name(self, d: int) -> str:
        if not 0 <= d < 6:
            raise ValueError(f"direction must be 0..5, got {d!r}")
        return _DIRECTION_NAMES[self.spec.orientation][d]

    def distance(self, a: str, b: str) -> int:
        return self.hex_of(a).distance(self.hex_of(b))

    def within(self, hex_id: str, n: int) -> list[str]:
        return self._ids_of(hex_range(self.hex_of(hex_id), n))

    def ring(self, hex_id: str, n: int) -> list[str]:
        return self._ids_of(hex_ring(self.hex_of(hex_id), n))

    def line(self, a: str, b: str) -> list[str]:
        """The on-map hexes of the straight line from ``a`` to ``b``, in order.

        A line between two edge hexes can clip the jagged map edge; those hexes are skipped.
        """
        return self._ids_of(hex_line(self.hex_of(a), self.hex_of(b)))

    def edge_ids(self, side: Literal["north", "south", "east", "west"]) -> list[str]:
        """The hexes of the outermost printed row or column on that side.

        North and south edges run west to east, east and west edges north to south.
        """
        s = self.spec
        if side in ("north", "south"):
            row = self._printed_row(0 if side == "north" else s.rows - 1)
            return [self._format_id(row, self._printed_column(x)) for x in range(s.columns)]
        if side in ("east", "west"):
            column = self._printed_column(0 if side == "west" else s.columns - 1)
            return [self._format_id(self._printed_row(y), column) for y in range(s.rows)]
        raise ValueError(f"side must be north, south, east or west, got {side!r}")

    # -- public: hexsides

    def hexside_id(self, a: str, b: str) -> str:
        """The id both hexes share, e.g. ``"0819/0820"`` (ids sorted)."""
        if self.direction(a, b) is None:
            raise HexIdError(f"{a} and {b} are not adjacent, so they share no hexside")
        return f"{a}/{b}" if a < b else f"{b}/{a}"

    def hexside_hexes(self, side_id: str) -> tuple[str, str]:
        """The two hexes of a hexside id, as written.

        Both orders are accepted so that a checker can point at a non-canonical id and
        suggest :meth:`hexside_id` instead of only rejecting it.
        """
        parts = side_id.split("/") if isinstance(side_id, str) else []
        if len(parts) != 2:
            raise HexIdError(f"{side_id!r} is not a hexside id (two adjacent hex ids joined by '/', e.g. '0819/0820')")
        a, b = parts
        self.hexside_id(a, b)
        return a, b

    def hexsides_of(self, hex_id: str) -> list[str]:
        """The hexsides of a hex that have an on-map hex on both sides, in direction order."""
        return ["/".join(sorted((hex_id, n))) for n in self.neighbors(hex_id)]

    # -- public: pixels

    def _bounds_at_unit_size(self) -> tuple[float, float, float, float]:
        if self._unit_bounds is None:
            unit = Layout(self.spec.orientation, 1.0)
            xs, ys = [], []
            s = self.spec
            for y in range(s.rows):
                for x in (0, s.columns - 1):
                    cx, cy = unit.center(self._to_hex(self._printed_row(y), self._printed_column(x)))
                    xs.append(cx)
                    ys.append(cy)
            for x in range(s.columns):
                for y in (0, s.rows - 1):
                    cx, cy = unit.center(self._to_hex(self._printed_row(y), self._printed_column(x)))
                    xs.append(cx)
                    ys.append(cy)
            # Half extents of one hex: the rectangle map's bounds are set by its edge hexes.
            hx, hy = (_SQRT3 / 2, 1.0) if self._pointy else (1.0, _SQRT3 / 2)
            self._unit_bounds = (min(xs) - hx, min(ys) - hy, max(xs) + hx, max(ys) + hy)
        return self._unit_bounds

    def layout(self, size: float) -> Layout:
        """A layout with the whole map in x >= size, y >= size (a margin of one hex radius).

        ``layout(1.0)`` defines the map units that scenario lines are written in.
        """
        minx, miny, _, _ = self._bounds_at_unit_size()
        return Layout(self.spec.orientation, size, (size * (1.0 - minx), size * (1.0 - miny)))

    def bounds(self, layout: Layout) -> tuple[float, float, float, float]:
        """(min x, min y, max x, max y) of all on-map hex polygons under ``layout``."""
        if layout.orientation != self.spec.orientation:
            raise ValueError(f"a {layout.orientation} layout cannot draw a {self.spec.orientation} map")
        minx, miny, maxx, maxy = self._bounds_at_unit_size()
        ox, oy = layout.origin
        k = layout.size
        return (ox + k * minx, oy + k * miny, ox + k * maxx, oy + k * maxy)


# ----------------------------------------------------------------------------- pixels


@dataclass(frozen=True)
class Layout:
    """Hex <-> pixel conversion; ``size`` is the centre-to-corner distance."""

    orientation: Literal["pointy", "flat"]
    size: float
    origin: tuple[float, float] = (0.0, 0.0)

    def __post_init__(self) -> None:
        if self.orientation not in ("pointy", "flat"):
            raise ValueError(f"orientation must be 'pointy' or 'flat', got {self.orientation!r}")
        if not self.size > 0:
            raise ValueError(f"size must be > 0, got {self.size!r}")

    def center(self, h: Hex) -> tuple[float, float]:
        k = self.size
        ox, oy = self.origin
        if self.orientation == "pointy":
            return (ox + k * _SQRT3 * (h.q + h.r / 2.0), oy + k * 1.5 * h.r)
        return (ox + k * 1.5 * h.q, oy + k * _SQRT3 * (h.r + h.q / 2.0))

    def _corner_angle(self, i: int) -> float:
        # With these angles the hexside towards direction d runs from corner -d to corner
        # 1-d (mod 6) in both orientations, so edge() can pick shared corners by index.
        return math.radians(60.0 * i - (30.0 if self.orientation == "pointy" else 0.0))

    def _corner(self, cx: float, cy: float, i: int) -> tuple[float, float]:
        a = self._corner_angle(i)
        return (cx + self.size * math.cos(a), cy + self.size * math.sin(a))

    def corners(self, h: Hex) -> list[tuple[float, float]]:
        """The six corners, clockwise on screen (y down)."""
        cx, cy = self.center(h)
        return [self._corner(cx, cy, i) for i in range(6)]

    def polygon(self, h: Hex) -> "Polygon":
        from shapely.geometry import Polygon

        return Polygon(self.corners(h))

    def hex_at(self, x: float, y: float) -> Hex:
        """The hex containing the pixel (nearest centre)."""
        px = (x - self.origin[0]) / self.size
        py = (y - self.origin[1]) / self.size
        if self.orientation == "pointy":
            fq = _SQRT3 / 3.0 * px - py / 3.0
            fr = 2.0 / 3.0 * py
        else:
            fq = 2.0 / 3.0 * px
            fr = -px / 3.0 + _SQRT3 / 3.0 * py
        return _cube_round(fq, fr, -fq - fr)

    def edge(self, a: Hex, b: Hex) -> tuple[tuple[float, float], tuple[float, float]]:
        """The two corners shared by adjacent ``a`` and ``b`` (where a river would run)."""
        d = _DIRECTION_INDEX.get(b - a)
        if d is None:
            raise ValueError(f"{a!r} and {b!r} are not adjacent")
        cx, cy = self.center(a)
        return (self._corner(cx, cy, (-d) % 6), self._corner(cx, cy, (1 - d) % 6))
