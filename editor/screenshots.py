"""Render the editor screenshots of the documentation: ``python -m editor.screenshots [OUT_DIR]``.

Most pictures open the Kharkov 1942 scenario, make a few edits through the tools (so the
history, the title's ``*`` and the problems dock show the editor at work) and grab the window;
one starts a new scenario, one shows the Help guide.
"""
from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import Qt

from .defaults import ROOT

SCENARIO = ROOT / "scenarios" / "kharkov-1942.yaml"
OUT = ROOT / "docs" / "images"
SIZE = (1680, 1020)


def _window(app, scenario: Path = SCENARIO):
    from kharkovsuite.scenario import load_scenario

    from .document import Document
    from .window import MainWindow

    window = MainWindow(Document(load_scenario(scenario), scenario))
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


def start_picture(app, path: Path) -> None:
    """A new scenario under way: a forest stroke, a river dragged in one quick move (no gaps), the
    first unit added (its unit type came with it) with its type cell's drop-down open, and the
    problems that keep the scenario from being played yet."""
    from .window import MainWindow

    window = MainWindow()
    window.ask_save = lambda why: "discard"
    window.resize(*SIZE)
    window.show()
    for _ in range(3):
        app.processEvents()
    doc = window.doc
    gmap = doc.gmap
    brush = window.set_tool("terrain")
    brush.terrain = "forest"
    brush.press("0604")
    for h in ("0605", "0705", "0706", "0806"):
        brush.drag(h)
    brush.release("0806")

    def mid(a: str, b: str):
        (x0, y0), (x1, y1) = gmap.layout.edge(gmap.grid.hex_of(a), gmap.grid.hex_of(b))
        return ((x0 + x1) / 2, (y0 + y1) / 2)

    river = window.set_tool("hexside")
    river.feature = next(k for k in doc.scenario.map.hexside_types if "river" in k)
    river.press("1002", mid("1002", "1102"))
    river.drag("1009", mid("1009", "1109"))
    river.release("1009")
    window._reveal(window.tables["units"])
    window.tables["units"].add_row()
    unit_id = doc.scenario.units[0].id
    window.set_tool("units").place(unit_id, "0808")
    table = window.tables["units"]
    table.view.resizeColumnsToContents()
    _settle(app, window, "1006", 1.0)
    window.oob_dock.raise_()
    index = table.model.index(0, table.model.column_of("type"))
    table.view.setColumnWidth(index.column(), 230)  # room for the drop-down's text
    table.view.setCurrentIndex(index)
    table.view.edit(index)
    _grab(app, window, path)


def charts_picture(app, path: Path, scenario: str, chart: str, row: int, column: str, text: str) -> None:
    """A rule system's charts tab with one chart shown, and a refused cell edit: the status bar
    gives the row, the column and the system's rule case."""
    window = _window(app, ROOT / "scenarios" / scenario)
    window.resizeDocks([window.tables_dock], [int(SIZE[0] * 0.52)], Qt.Orientation.Horizontal)
    table = window.show_chart(chart)
    table.view.resizeColumnsToContents()
    model = table.model
    model.setData(model.index(row, model.column_of(column)), text)
    table.view.setCurrentIndex(model.index(row, model.column_of(column)))
    _settle(app, window, window.doc.scenario.setup.placements[0].hex, 0.5)
    _grab(app, window, path)


def counter_values_picture(app, path: Path, scenario: str, unit_type: str) -> None:
    """The unit types of a rule system with its own counter values as columns (drop-down lists
    for its closed lists, check boxes for its flags)."""
    window = _window(app, ROOT / "scenarios" / scenario)
    window.resizeDocks([window.oob_dock], [int(SIZE[0] * 0.62)], Qt.Orientation.Horizontal)
    table = window.tables["unit_types"]
    window._reveal(table)
    window.oob_dock.raise_()
    table.view.resizeColumnsToContents()
    table.select_key(unit_type)
    # The format's columns between the name and the system's own are left out of the picture.
    for column in range(table.model.column_of("side"), table.model.column_of("kind")):
        table.view.setColumnHidden(column, True)
    _settle(app, window, window.doc.scenario.setup.placements[0].hex, 0.5)
    _grab(app, window, path)


SYSTEM_PICTURES = {
    "editor-kharkov-1943-charts.png": (charts_picture, "kharkov-1943-gallop.yaml", "chart-table:crt_open_mobile", 3, "1:2", "2/9Q"),
    "editor-kirovograd-charts.png": (charts_picture, "kirovograd-opening-moves.yaml", "chart:zoc_chart.cells", 0, "night", "locking"),
    "editor-kharkov-1943-counters.png": (counter_values_picture, "kharkov-1943-gallop.yaml", "de_pz_5x3"),
    "editor-kirovograd-counters.png": (counter_values_picture, "kirovograd-opening-moves.yaml", "de_art_mot_6-4-2-8"),
}


def system_pictures(app, out: Path) -> list[str]:
    for name, (make, *args) in SYSTEM_PICTURES.items():
        make(app, out / name, *args)
    return list(SYSTEM_PICTURES)


def help_picture(app, path: Path) -> None:
    """Help ▸ How to edit a scenario, opened beside the editor."""
    window = _window(app)
    page = window.show_guide()
    page.resize(700, 760)
    for _ in range(3):
        app.processEvents()
    page.grab().save(str(path))
    page.close()
    window.close()


def main(argv=None) -> int:
    """``python -m editor.screenshots [OUT_DIR] [--only-systems]``: every picture, or only those
    of the other rule systems' charts and counter values."""
    from PySide6.QtWidgets import QApplication

    import editor  # noqa: F401 - the Qt guard

    args = list(sys.argv[1:] if argv is None else argv)
    only_systems = "--only-systems" in args
    folders = [a for a in args if not a.startswith("--")]
    out = Path(folders[0] if folders else str(OUT))
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    names = []
    if not only_systems:
        map_picture(app, out / "editor-map.png")
        oob_picture(app, out / "editor-oob.png")
        objects_picture(app, out / "editor-objects.png")
        start_picture(app, out / "editor-start.png")
        help_picture(app, out / "editor-help.png")
        names = ["editor-map.png", "editor-oob.png", "editor-objects.png", "editor-start.png", "editor-help.png"]
    names += system_pictures(app, out)
    print(f"wrote {', '.join(names)} in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
