"""Counters: what a CounterView shows, how it is painted, and the set-up as counters."""
import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from kharkovsuite.scenario.model import Unit
from kharkovsuite.view.counters import (
    MARKERS,
    SYMBOLS,
    CounterColors,
    CounterPainter,
    CounterView,
    counter_views_from_scenario,
    designation_of,
    unit_counter_view,
)


class SpyPainter(QPainter):
    """A QPainter that records every text handed to drawText."""

    def __init__(self, device):
        super().__init__(device)
        self.texts: list[str] = []

    def drawText(self, *args):  # noqa: N802 - Qt API
        self.texts.append(next(a for a in args if isinstance(a, str)))
        return super().drawText(*args)


def paint_texts(cv: CounterView, px: int = 96, lod: float = 1.0) -> tuple[list[str], QImage]:
    img = QImage(px, px, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(QColor("white"))
    painter = SpyPainter(img)
    CounterPainter().paint(painter, QRectF(2, 2, px - 4, px - 4), cv, lod=lod)
    painter.end()
    return painter.texts, img


def distinct_colors(img: QImage) -> int:
    return len({img.pixel(x, y) for x in range(0, img.width(), 3) for y in range(0, img.height(), 3)})


@pytest.mark.parametrize("symbol", list(SYMBOLS) + ["infantry+armor", "hq+armor", "something_new"])
def test_every_symbol_paints(qapp, symbol):
    cv = CounterView(id="u", side="axis", nationality="german", symbol=symbol, size="XX", label="294", values="9-8")
    texts, img = paint_texts(cv)
    assert "9-8" in texts and "294" in texts and "XX" in texts
    assert distinct_colors(img) > 3


def test_symbols_are_drawn_differently(qapp):
    images = {}
    for symbol in ("infantry", "armor", "cavalry", "mechanized", "hq", "mountain", "security", "reserve"):
        images[symbol] = paint_texts(CounterView(id="u", side="x", symbol=symbol, size=""), 64)[1]
    keys = list(images)
    for i, a in enumerate(keys):
        for b in keys[i + 1 :]:
            assert images[a] != images[b], f"{a} and {b} look the same"


def test_values_follow_the_rulebook_formats(qapp):
    assert "2-3-7" in paint_texts(CounterView(id="r", side="soviet", nationality="soviet", values="2-3-7"))[0]
    assert "(5)11" in paint_texts(CounterView(id="h", side="soviet", nationality="soviet", symbol="hq", size="XXXX", values="(5)11"))[0]


def test_untried_counter_never_paints_its_values_or_designation(qapp):
    cv = CounterView(id="s", side="soviet", nationality="soviet", label="164", values="2-3-7", back="U-7", untried=True)
    texts, _ = paint_texts(cv, 160)
    assert "U-7" in texts
    assert "2-3-7" not in texts and "164" not in texts
    assert all("2-3-7" not in t for t in texts)


def test_reduced_side_is_marked(qapp):
    full = CounterView(id="p", side="axis", nationality="german", symbol="armor", size="III", values="4-12")
    reduced = CounterView(id="p", side="axis", nationality="german", symbol="armor", size="III", values="2-12", reduced=True)
    texts, img = paint_texts(reduced)
    assert "(III)" in texts  # unit size in parentheses, as on the printed back (3.21)
    full_img = paint_texts(full)[1]
    # The sash in the upper right corner.
    assert img.pixelColor(88, 14) != full_img.pixelColor(88, 14)


@pytest.mark.parametrize("marker,text", [("disrupted", "DSRPT"), ("strongpoint", "SP"), ("oos", "OOS"), ("inactive", "N")])
def test_markers_are_drawn_on_top(qapp, marker, text):
    texts, _ = paint_texts(CounterView(id="m", side="axis", values="9-8", markers=(marker,)))
    assert texts[-1] == text
    assert MARKERS[marker][0] == text


def test_unknown_markers_show_their_text(qapp):
    assert "AIR" in paint_texts(CounterView(id="m", side="axis", markers=("air",)))[0]


def test_small_counters_leave_the_text_out(qapp):
    cv = CounterView(id="u", side="axis", label="294", values="9-8", markers=("disrupted",))
    big = paint_texts(cv, 96, lod=1.0)[0]
    assert "9-8" in big
    small = paint_texts(cv, 96, lod=(CounterPainter.MIN_TEXT_PX - 1) / 92)[0]
    assert small == []
    assert CounterPainter.detail(CounterPainter.MIN_TEXT_PX) == 2
    assert CounterPainter.detail(CounterPainter.MIN_SYMBOL_PX) == 1
    assert CounterPainter.detail(1) == 0


def test_colors_come_from_the_scenario_with_defaults(small_scenario):
    colors = CounterColors.from_scenario(small_scenario)
    soviet = CounterView(id="s", side="soviet", nationality="soviet")
    assert colors.of(soviet)[0] == QColor("#b5523b")  # built-in Soviet brown-red
    small_scenario_sides = dict(small_scenario.sides)
    axis = small_scenario_sides["axis"].model_copy(update={"colors": {"german": "#123456"}})
    colors = CounterColors({**small_scenario_sides, "axis": axis})
    assert colors.of(CounterView(id="g", side="axis", nationality="german"))[0] == QColor("#123456")
    panzer = colors.of(CounterView(id="p", side="axis", nationality="german", symbol="armor"))
    assert panzer[0] == QColor("#2a2a2a")  # more specific than the scenario's German colour
    fill, ink = colors.of(CounterView(id="x", side="axis", nationality="martian"))
    assert fill == QColor(small_scenario.sides["axis"].color)
    assert colors.of(CounterView(id="o", side="axis", fill="#ffffff"))[1] == QColor("#000000")


def test_set_up_of_the_small_scenario(small_scenario):
    views = counter_views_from_scenario(small_scenario)
    german = views["0406"][0]
    assert (german.id, german.values, german.label, german.untried) == ("ge-1", "9-8", "1", False)
    soviet = views["0404"][0]
    assert soviet.untried and soviet.back == "U-7" and soviet.values == ""
    assert soviet.shown_values == "U-7"


def test_attack_defense_format_is_per_side(small_scenario):
    data = small_scenario.model_copy(deep=True)
    data.unit_types["guards"] = data.unit_types["ge_inf"].model_copy(update={"side": "soviet", "nationality": "soviet", "steps": [data.unit_types["ge_inf"].steps[0].model_copy(update={"attack": 5, "defense": 5, "movement": 7})]})
    cv = unit_counter_view(data, Unit(id="g", type="guards", name="1st Guards"))
    assert cv.values == "5-5-7"  # Soviet counters print attack and defense apart, even when equal
    assert unit_counter_view(data, Unit(id="g", type="ge_inf", name="9th"), step=1).values == "4-8"
    assert unit_counter_view(data, Unit(id="g", type="ge_inf", name="9th"), step=1).reduced


def test_hq_front_and_non_active_back(small_scenario):
    from kharkovsuite.scenario.model import HQValues, UnitType

    data = small_scenario.model_copy(deep=True)
    data.unit_types["hq"] = UnitType(name="Army HQ", side="soviet", nationality="soviet", symbol="hq", size="XXXX", movement_class="infantry", hq=HQValues(command_radius=4, movement=10, inactive_movement=4))
    hq = HQValues(command_radius=5, movement=11, inactive_movement=5)
    active = unit_counter_view(data, Unit(id="h6", type="hq", name="6th Army HQ (Gorodniansky)", hq=hq, entry_turn=1))
    inactive = unit_counter_view(data, Unit(id="h9", type="hq", name="9th Army HQ (Kharitonov)", hq=hq, entry_turn=5))
    assert (active.values, active.label) == ("(5)11", "6")
    assert inactive.values == "N-5"
    assert unit_counter_view(data, Unit(id="h9", type="hq", name="9th", hq=hq), hq_active=True).values == "(5)11"


@pytest.mark.parametrize(
    "name,expected",
    [
        ("294th Infantry", "294"),
        ("1st Guards Rifle", "1"),
        ("VI Corps HQ", "VI"),
        ("Rumanian VI Corps HQ (Dragolina)", "VI"),
        ("Tank Brigade 09", "9"),
        ("Infantry Division (turn 2 reinforcement)", "Infantry"),
        ("III/294", "III/294"),
        ("Grossdeutschland", "Grossdeutschland"),
    ],
)
def test_designation(name, expected):
    assert designation_of(Unit(id="u", type="t", name=name)) == expected


def test_image_for_icons(qapp):
    img = CounterPainter().image(CounterView(id="u", side="axis", values="9-8"), 48)
    assert img.width() == 48 and distinct_colors(img) > 3
