"""Draw a scenario's map, or a map file's, to a PNG, headless (a docs tool; the game's view is
kharkovsuite.view).

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/render_map_png.py \
        scenarios/kharkov-1942.yaml docs/images/kharkov-1942-map.png [--size 16] [--setup]
    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/render_map_png.py \
        scenarios/maps/kharkov-1943-map.yaml docs/images/kharkov-1943-map.png --size 14

Hexes are filled by terrain colour, rivers drawn on their hexsides, roads and railways from hex
centre to hex centre, City hexes show their garrison, named lines are drawn with their marks,
and every fourth hex id is printed.  ``--setup`` adds the historical deployment as small stacks.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from types import SimpleNamespace

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = Path(__file__).resolve().parent.parent
for _p in (ROOT, ROOT / "tools"):
    if str(_p) not in sys.path:
        sys.path.insert(0, str(_p))

from PySide6.QtCore import QPointF, QRectF, Qt  # noqa: E402
from PySide6.QtGui import QBrush, QColor, QFont, QGuiApplication, QImage, QPainter, QPen, QPolygonF  # noqa: E402

from kharkovsuite.map import GameMap  # noqa: E402
from kharkovsuite.scenario import load_scenario  # noqa: E402
from kharkovsuite.view.qtfix import guard  # noqa: E402

ROAD = QColor("#9a6a2f")
BRIDGE = "bridge"  # a hexside feature drawn as a span across the river, not along the hexside
TINTED = {"river": "River hex", "balka": "Balka hex"}  # area kinds drawn as tinted hexes
RAIL = QColor("#222222")
MARGIN = 30


_APP = None


def _application() -> QGuiApplication:
    """Fonts need a GUI application; one per process, kept in a module global.

    The view's guard against PySide6 6.12 dropping references to None (see
    kharkovsuite/view/qtfix.py) must be in place before a few thousand painter calls."""
    global _APP
    guard()
    app = QGuiApplication.instance()
    if app is None:
        app = _APP = QGuiApplication([])
    return app


def render(scenario, out: Path, size: float = 16.0, setup: bool = False, gmap: GameMap | None = None) -> None:
    _application()
    _render(scenario, out, size, setup, gmap or GameMap.from_scenario(scenario))


def map_file_as_scenario(path: Path) -> tuple[SimpleNamespace, GameMap]:
    """A map file (tools/build_map.py) in the shape the drawing reads: a title, a map, no set-up."""
    from build_map import load_map

    doc, gmap = load_map(path)
    holder = SimpleNamespace(title=doc["title"], map=gmap.model, setup=SimpleNamespace(zones=[], placements=[]))
    return holder, gmap


def _render(scenario, out: Path, size: float, setup: bool, gmap: GameMap) -> None:
    model = scenario.map
    minx, miny, maxx, maxy = gmap.bounds
    width = int((maxx - minx) * size + 2 * MARGIN)
    legend_h = 36 + 24 * len(_legend_rows(model, width))
    height = int((maxy - miny) * size + 2 * MARGIN + legend_h)
    image = QImage(width, height, QImage.Format_ARGB32)
    image.fill(QColor("#ffffff"))
    p = QPainter(image)
    p.setRenderHint(QPainter.Antialiasing)

    def pt(x: float, y: float) -> QPointF:
        return QPointF(MARGIN + (x - minx) * size, MARGIN + (y - miny) * size)

    def hex_poly(h: str) -> QPolygonF:
        return QPolygonF([pt(x, y) for x, y in gmap.polygon(h).exterior.coords])

    # terrain
    p.setPen(QPen(QColor("#b9b29a"), 0.6))
    for h in gmap.hex_ids:
        p.setBrush(QBrush(QColor(model.terrain_types[gmap.terrain(h)].color)))
        p.drawPolygon(hex_poly(h))
    # river and balka hexes of a map whose rivers run through hexes, in their area's colour
    p.setPen(Qt.NoPen)
    for area in model.areas.values():
        if area.kind in TINTED and area.color:
            tint = QColor(area.color)
            tint.setAlpha(150)
            p.setBrush(QBrush(tint))
            for h in area.hexes:
                p.drawPolygon(hex_poly(h))
    # side tint: the Soviet side of the front a little redder, for reading the line
    front = gmap.lines.get("front")
    if front is not None:
        p.setPen(Qt.NoPen)
        tint = QColor(200, 60, 40, 28)
        for h in gmap.hex_ids:
            if front.side(h) == "soviet":
                p.setBrush(QBrush(tint))
                p.drawPolygon(hex_poly(h))
    # rivers on hexsides
    for side_id, features in sorted(model.hexsides.items()):
        a, b = side_id.split("/")
        (x1, y1), (x2, y2) = gmap.layout.edge(gmap.grid.hex_of(a), gmap.grid.hex_of(b))
        for feature in features:
            t = model.hexside_types[feature]
            if feature == BRIDGE:
                _draw_bridge(p, pt, gmap, a, b, QColor(t.color), size)
                continue
            pen = QPen(QColor(t.color), t.width * size / 16.0 * 1.1)
            pen.setCapStyle(Qt.RoundCap)
            p.setPen(pen)
            p.drawLine(pt(x1, y1), pt(x2, y2))
    # roads and railways, centre to centre
    for chains, color, line_width, dash in ((model.roads, ROAD, 2.0, None), (model.railroads, RAIL, 1.6, [3, 2])):
        pen = QPen(color, line_width * size / 16.0)
        if dash:
            pen.setDashPattern(dash)
        p.setPen(pen)
        for chain in chains:
            for a, b in zip(chain, chain[1:]):
                p.drawLine(pt(*gmap.center(a)), pt(*gmap.center(b)))
    # hex ids
    p.setPen(QColor("#8a8470"))
    p.setFont(QFont("DejaVu Sans", max(5, int(size * 0.32))))
    named = _named_hexes(scenario)
    for h in gmap.hex_ids:
        row, col = gmap.grid.row_col(h)
        if row % 4 == 1 and col % 4 == 1 or h in named:
            x, y = gmap.center(h)
            p.drawText(QRectF(pt(x - 0.9, y - 0.95), pt(x + 0.9, y - 0.35)), Qt.AlignCenter, h)
    # cities and places
    for spot_id, city in model.cities.items():
        major = city.kind in ("major_city", "city")
        for h in city.hexes:
            x, y = gmap.center(h)
            if major:
                p.setPen(QPen(QColor("#5b4636"), 1.2))
                p.setBrush(Qt.NoBrush)
                p.drawPolygon(hex_poly(h))
                g = city.garrison.get(h)
                if g:
                    p.setPen(QColor("#000000"))
                    p.setFont(QFont("DejaVu Sans", max(6, int(size * 0.45)), QFont.Bold))
                    p.drawText(QRectF(pt(x - 0.6, y - 0.3), pt(x + 0.6, y + 0.5)), Qt.AlignCenter, str(g))
            else:
                p.setPen(QPen(QColor("#000000"), 1))
                p.setBrush(QBrush(QColor("#ffffff")))
                p.drawRect(QRectF(pt(x - 0.16, y - 0.16), pt(x + 0.16, y + 0.16)))
        label = city.label_hex or city.hexes[0]
        x, y = gmap.center(label)
        p.setPen(QColor("#000000"))
        p.setFont(QFont("DejaVu Sans", max(6, int(size * (0.6 if major else 0.42))), QFont.Bold if major else QFont.Normal))
        p.drawText(QRectF(pt(x - 4, y + 0.25), pt(x + 4, y + 1.0)), Qt.AlignCenter, city.name)
    p.setFont(QFont("DejaVu Sans", max(5, int(size * 0.34))))
    for place in model.places.values():
        x, y = gmap.center(place.hex)
        p.setPen(Qt.NoPen)
        p.setBrush(QBrush(QColor("#333333")))
        p.drawEllipse(pt(x, y), size * 0.09, size * 0.09)
        p.setPen(QColor("#333333"))
        # names of places in neighbouring columns go above and below by turns, so they do not collide
        dy = 0.2 if gmap.grid.row_col(place.hex)[1] % 2 == 0 else -0.8
        p.drawText(QRectF(pt(x - 3, y + dy), pt(x + 3, y + dy + 0.6)), Qt.AlignCenter, place.name)
    _draw_sites(p, model, gmap, pt, size)
    if setup:
        _draw_setup(p, scenario, gmap, pt, size)
    # named lines and their marks
    for line_id, line in model.lines.items():
        pen = QPen(QColor(line.color), 3.2 * size / 16.0)
        if line.style == "dash":
            pen.setDashPattern([4, 3])
        elif line.style == "dot":
            pen.setDashPattern([1, 2])
        p.setPen(pen)
        pts = [pt(x, y) for x, y in line.points]
        for a, b in zip(pts, pts[1:]):
            p.drawLine(a, b)
        for label, h in line.marks.items():
            x, y = gmap.center(h)
            p.setPen(QPen(QColor(line.color), 1.5))
            p.setBrush(QBrush(QColor("#ffffff")))
            p.drawEllipse(pt(x, y), size * 0.42, size * 0.42)
            p.setPen(QColor(line.color))
            p.setFont(QFont("DejaVu Sans", max(6, int(size * 0.45)), QFont.Bold))
            p.drawText(QRectF(pt(x - 0.5, y - 0.5), pt(x + 0.5, y + 0.5)), Qt.AlignCenter, label)
    _legend(p, scenario, width, height - legend_h, size)
    p.end()
    out.parent.mkdir(parents=True, exist_ok=True)
    image.save(str(out))


def _draw_bridge(p, pt, gmap, a: str, b: str, color: QColor, size: float) -> None:
    """A short span from one bank to the other, across the middle of the hexside."""
    (ax, ay), (bx, by) = gmap.center(a), gmap.center(b)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    dx, dy = (bx - ax) * 0.22, (by - ay) * 0.22
    pen = QPen(color, max(2.0, size * 0.16))
    pen.setCapStyle(Qt.FlatCap)
    p.setPen(pen)
    p.drawLine(pt(mx - dx, my - dy), pt(mx + dx, my + dy))


SITE_MARKS = {"dump": ("D", "#7a1f1f"), "airstrip": ("A", "#1d4f91"), "bridge": ("", "#5a4632")}
SITE_NAMES = {"dump": "Supply dump", "airstrip": "Airstrip", "bridge": "Bridge"}


def _draw_sites(p, model, gmap, pt, size) -> None:
    """Rear sites as lettered discs (D dump, A airstrip) and road bridges as small bars."""
    p.setFont(QFont("DejaVu Sans", max(5, int(size * 0.38)), QFont.Bold))
    for area in model.areas.values():
        if area.kind not in SITE_MARKS:
            continue
        letter, color = SITE_MARKS[area.kind]
        for h in area.hexes:
            x, y = gmap.center(h)
            if not letter:
                p.setPen(QPen(QColor(color), max(2.0, size * 0.14)))
                p.drawLine(pt(x - 0.3, y + 0.45), pt(x + 0.3, y + 0.45))
                continue
            dx = 0.5 if area.kind == "dump" else -0.5
            p.setPen(QPen(QColor(color), 1))
            p.setBrush(QBrush(QColor("#ffffff")))
            p.drawEllipse(pt(x + dx, y - 0.1), size * 0.26, size * 0.26)
            p.setPen(QColor(color))
            p.drawText(QRectF(pt(x + dx - 0.3, y - 0.4), pt(x + dx + 0.3, y + 0.2)), Qt.AlignCenter, letter)


def _named_hexes(scenario) -> set[str]:
    """Hexes worth labelling beyond the regular grid: those the set-up names, reserve boxes."""
    named = {z.hex for z in scenario.setup.zones if z.hex}
    for area in scenario.map.areas.values():
        if area.kind in ("reserve", "supply"):
            named.update(area.hexes)
    return named


def _draw_setup(p, scenario, gmap, pt, size) -> None:
    side_of = {u.id: scenario.unit_types[u.type].side for u in scenario.units}
    stacks: dict[str, list[str]] = {}
    for placement in scenario.setup.placements:
        if placement.hex:
            stacks.setdefault(placement.hex, []).append(placement.unit)
    colors = {s: QColor(side.color) for s, side in scenario.sides.items()}
    p.setFont(QFont("DejaVu Sans", max(5, int(size * 0.4)), QFont.Bold))
    for h, units in sorted(stacks.items()):
        x, y = gmap.center(h)
        side = side_of[units[0]]
        rect = QRectF(pt(x - 0.45, y - 0.45), pt(x + 0.45, y + 0.45))
        p.setPen(QPen(QColor("#000000"), 1))
        p.setBrush(QBrush(colors[side]))
        p.drawRect(rect)
        p.setPen(QColor(scenario.sides[side].text_color))
        p.drawText(rect, Qt.AlignCenter, str(len(units)))


def _legend_rows(model, width: float) -> list[list[tuple]]:
    """Legend entries as (kind, key, label, item width), in rows that fit the picture: terrain and
    hexside types first, then roads, railways and named lines, each group on fresh rows."""
    groups = [
        [("terrain", tid, t.name, 130) for tid, t in model.terrain_types.items()]
        + [("hexside", tid, t.name, 34 + 7 * len(t.name)) for tid, t in model.hexside_types.items()],
        [("route", "road", "Road", 130), ("route", "rail", "Railway", 130)]
        + [("line", lid, line.name, 240) for lid, line in model.lines.items()],
    ]
    kinds = {a.kind: a for a in model.areas.values()}
    marks = [("tint", k, label, 130) for k, label in TINTED.items() if k in kinds and kinds[k].color]
    marks += [("site", k, label, 130) for k, label in SITE_NAMES.items() if k in kinds]
    if marks:
        groups.append(marks)
    rows: list[list[tuple]] = []
    for group in groups:
        row: list[tuple] = []
        used = 0.0
        for item in group:
            if row and MARGIN + used + item[3] > width - MARGIN:
                rows.append(row)
                row, used = [], 0.0
            row.append(item)
            used += item[3]
        rows.append(row)
    return rows


def _legend(p, scenario, width, top, size) -> None:
    model = scenario.map
    y = top + 10
    p.setFont(QFont("DejaVu Sans", 9))
    for row in _legend_rows(model, width):
        x = MARGIN
        for kind, key, label, item_width in row:
            if kind == "terrain":
                p.setPen(QPen(QColor("#777777"), 1))
                p.setBrush(QBrush(QColor(model.terrain_types[key].color)))
                p.drawRect(QRectF(x, y, 16, 12))
            elif kind == "hexside":
                t = model.hexside_types[key]
                p.setPen(QPen(QColor(t.color), t.width))
                if key == BRIDGE:
                    p.drawLine(QPointF(x + 9, y), QPointF(x + 9, y + 12))
                else:
                    p.drawLine(QPointF(x, y + 6), QPointF(x + 18, y + 6))
            elif kind == "route":
                pen = QPen(ROAD if key == "road" else RAIL, 2)
                if key == "rail":
                    pen.setDashPattern([3, 2])
                p.setPen(pen)
                p.drawLine(QPointF(x, y + 6), QPointF(x + 18, y + 6))
            elif kind == "tint":
                tint = QColor(next(a.color for a in model.areas.values() if a.kind == key))
                tint.setAlpha(150)
                p.setPen(QPen(QColor("#777777"), 1))
                p.setBrush(QBrush(tint))
                p.drawRect(QRectF(x, y, 16, 12))
            elif kind == "site":
                letter, color = SITE_MARKS[key]
                p.setPen(QPen(QColor(color), 3 if not letter else 1))
                if letter:
                    p.setBrush(QBrush(QColor("#ffffff")))
                    p.drawEllipse(QPointF(x + 8, y + 6), 7, 7)
                    p.setFont(QFont("DejaVu Sans", 8, QFont.Bold))
                    p.drawText(QRectF(x + 1, y - 1, 14, 14), Qt.AlignCenter, letter)
                    p.setFont(QFont("DejaVu Sans", 9))
                else:
                    p.drawLine(QPointF(x + 2, y + 6), QPointF(x + 16, y + 6))
            else:
                line = model.lines[key]
                pen = QPen(QColor(line.color), 3)
                if line.style == "dash":
                    pen.setDashPattern([4, 3])
                p.setPen(pen)
                p.drawLine(QPointF(x, y + 6), QPointF(x + 18, y + 6))
            p.setPen(QColor("#000000"))
            p.drawText(QPointF(x + (22 if kind in ("terrain", "tint") else 24), y + 11), label)
            x += item_width
        y += 24
    notes = ["Reconstructed map"]
    if any(c.garrison for c in model.cities.values()):
        notes.append("numbers in City hexes are garrisons")
    if any(line.marks for line in model.lines.values()):
        notes.append("circled labels are the front line's set-up points")
    p.setPen(QColor("#000000"))
    p.drawText(QPointF(MARGIN, y + 8), f"{scenario.title}. " + "; ".join(notes) + ".")


def _is_map_file(path: Path) -> bool:
    from build_map import MAP_FORMAT

    with path.open(encoding="utf-8") as fh:
        return fh.readline().strip() == f"format: {MAP_FORMAT}"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenario", nargs="?", default=str(ROOT / "scenarios" / "kharkov-1942.yaml"))
    parser.add_argument("out", nargs="?", default=str(ROOT / "docs" / "images" / "kharkov-1942-map.png"))
    parser.add_argument("--size", type=float, default=16.0, help="hex size in pixels (centre to corner)")
    parser.add_argument("--setup", action="store_true", help="draw the historical deployment")
    args = parser.parse_args(argv)
    if _is_map_file(Path(args.scenario)):
        from mapbuilder import SpecError

        try:
            holder, gmap = map_file_as_scenario(Path(args.scenario))
        except SpecError as exc:
            print(exc, file=sys.stderr)
            return 1
        render(holder, Path(args.out), args.size, False, gmap)
    else:
        render(load_scenario(args.scenario), Path(args.out), args.size, args.setup)
    print(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
