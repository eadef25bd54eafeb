"""Render the editor screenshots of the documentation: ``python -m editor.screenshots [OUT_DIR]``.

Each picture opens the Kharkov 1942 scenario, makes a few edits through the tools (so the
history, the title's ``*`` and the problems dock show the editor at work) and grabs the window.
"""
from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import Qt

from .defaults import ROOT

SCENARIO = ROOT / "scenarios" / "kharkov-1942.yaml"
OUT = ROOT / "docs" / "images"
SIZE = (1680, 1020)


def _window(app):
    from kharkovsuite.scenario import load_scenario

    from .document import Document
    from .window import MainWindow

    window = MainWindow(Document(load_scenario(SCENARIO), SCENARIO))
    window.ask_save = lambda why: "discard"
    window.resize(*SIZE)
    window.show()
    for _ in range(3):
        app.processEvents()
    return window


def _settle(app, window, centre: str, zoom: float) -> None:
    window.validator.run()
    window.sync.flush()
    for _ in range(3):
        app.processEvents()
    window.view.set_zoom(zoom)
    window.view.center_on_hex(centre)
    for _ in range(3):
        app.processEvents()


def _grab(app, window, path: Path) -> None:
    app.processEvents()
    window.grab().save(str(path))
    window.close()


def map_picture(app, path: Path) -> None:
    """The map tools: the front line selected (its two sides marked), a forest stroke, a warning."""
    window = _window(app)
    doc = window.doc
    s = doc.scenario
    izyum = s.map.cities["izyum"].hexes[0]
    brush = window.set_tool("terrain")
    window.panels["terrain"].list.setCurrentRow(list(s.map.terrain_types).index("forest"))
    near = [h for h in doc.gmap.grid.within(izyum, 3) if doc.gmap.terrain(h) == "clear" and not doc.gmap.city_at(h)]
    brush.press(near[0])
    for h in near[1:4]:
        brush.drag(h)
    brush.release(near[3])
    road = window.set_tool("roads")
    start = near[-1]
    road.click(start)
    road.click(doc.gmap.neighbors(start)[0])
    road.cancel()
    # Take a front-line unit off the map where that leaves a gap: 5.15 warns about it.
    from kharkovsuite.scenario.edit import remove_placement
    from kharkovsuite.scenario.setup_checks import setup_checks

    front = doc.gmap.lines["front"].adjacent_hexes
    nearby = set(doc.gmap.grid.within(izyum, 9))
    holder = next(
        p for p in doc.scenario.setup.placements
        if p.hex in front and p.hex in nearby and any(sp.case == "5.15" for sp in setup_checks(remove_placement(doc.scenario, p.unit), doc.gmap))
    )
    window.tools["units"].remove(holder.unit)
    line = window.set_tool("line")
    line.select("front")
    window.history_dock.raise_()
    window.resizeDocks([window.history_dock], [int(SIZE[0] * 0.24)], Qt.Orientation.Horizontal)
    _settle(app, window, holder.hex, 0.62)
    window.goto_issue(next(i for i in window.issues if i.case == "5.15"))
    window.history_dock.raise_()
    _grab(app, window, path)


def oob_picture(app, path: Path) -> None:
    """The order of battle beside the map: units with their counters, one being placed."""
    window = _window(app)
    doc = window.doc
    window.resizeDocks([window.oob_dock], [int(SIZE[0] * 0.46)], Qt.Orientation.Horizontal)
    window.set_tool("units")
    window.oob_dock.raise_()
    table = window.tables["units"]
    zoned = {u for z in doc.scenario.setup.zones if z.side == "soviet" and z.line for u in z.units}
    soviet = next(u for u in doc.scenario.units if u.id in zoned and doc.scenario.unit_types[u.type].untried_pool)
    i = next(i for i, p in enumerate(doc.scenario.setup.placements) if p.unit == soviet.id)
    where = doc.scenario.setup.placements[i].hex
    window.tools["units"].place(soviet.id, doc.gmap.neighbors(where)[1])
    table.select_key(soviet.id)
    table.view.resizeColumnsToContents()
    _settle(app, window, where, 0.95)
    window.scene.set_selected_hex(doc.gmap.neighbors(where)[1])
    _grab(app, window, path)


def objects_picture(app, path: Path) -> None:
    """The Place tool with a village chosen, and the map objects as tables after a rename."""
    window = _window(app)
    doc = window.doc
    window.resizeDocks([window.tables_dock], [int(SIZE[0] * 0.42)], Qt.Orientation.Horizontal)
    areas = window.tables["areas"]
    areas.model.setData(areas.model.index(areas.model.row_of("east_edge"), 0), "soviet_east_edge")
    window._reveal(areas)
    places = window.tables["places"]
    place_id = next(iter(doc.scenario.map.places))
    tool = window.set_tool("place")
    tool.select(place_id)
    places.select_key(place_id)
    for table in (window.tables["cities"], places, window.tables["lines"], areas):
        table.view.resizeColumnsToContents()
    _settle(app, window, doc.scenario.map.places[place_id].hex, 0.9)
    _grab(app, window, path)


def main(argv=None) -> int:
    from PySide6.QtWidgets import QApplication

    import editor  # noqa: F401 - the Qt guard

    out = Path((argv or sys.argv[1:] or [str(OUT)])[0])
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    map_picture(app, out / "editor-map.png")
    oob_picture(app, out / "editor-oob.png")
    objects_picture(app, out / "editor-objects.png")
    print(f"wrote editor-map.png, editor-oob.png and editor-objects.png in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
