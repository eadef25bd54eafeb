"""Counters drawn from pictures kept per size (issue 27): a zoom back to a size seen before
copies the counters instead of painting them again, the copies show what painting them would,
and the pictures stay within their memory budget."""
from __future__ import annotations

import math

import numpy as np
import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage

from kharkovsuite.view import CounterPainter, CounterView


def frame(view) -> QImage:
    view.viewport().repaint()
    return view.viewport().grab().toImage().convertToFormat(QImage.Format.Format_ARGB32)


def differing_share(a: QImage, b: QImage) -> float:
    """The share of pixels with a colour channel more than 40/255 apart."""

    def pixels(im: QImage) -> np.ndarray:
        data = np.frombuffer(im.constBits(), dtype=np.uint8, count=im.sizeInBytes())
        return data.reshape(im.height(), im.bytesPerLine())[:, : im.width() * 4].reshape(im.height(), im.width(), 4).astype(int)

    return float((np.abs(pixels(a) - pixels(b)).max(axis=2) > 40).mean())


def redraw_stacks(scene) -> None:
    for item in scene._stacks.values():
        item.update()


@pytest.mark.parametrize("zoom", [0.45, 0.9, 1.8])
def test_counters_copied_from_pictures_look_as_counters_painted_in_place(small_view, small_scene, zoom, monkeypatch):
    small_view.set_zoom(zoom)
    small_view.center_on_point(small_scene.hex_center(next(iter(small_scene.counters()))))
    painter = small_scene.counter_painter
    pictures = frame(small_view)
    assert painter._pictures, "no counter was drawn from a picture"
    monkeypatch.setattr(painter, "PICTURE_MAX_PX", 0)  # every counter painted in place
    redraw_stacks(small_scene)
    direct = frame(small_view)
    # A copy sits on whole pixels, so an antialiased edge may move by less than half a pixel;
    # a copy misplaced by its margin, or drawn at another detail, changes far more pixels.
    assert differing_share(pictures, direct) < 0.002


def test_a_zoom_back_to_a_size_seen_paints_no_counter_again(small_view, small_scene):
    painter = small_scene.counter_painter
    painted = []
    original = painter.paint
    painter.paint = lambda *a, **k: (painted.append(a[2].id), original(*a, **k))[1]
    small_view.set_zoom(0.9)
    frame(small_view)
    small_view.set_zoom(1.8)  # another power of two: every stack is drawn anew
    frame(small_view)
    assert painted
    painted.clear()
    small_view.set_zoom(0.9)
    frame(small_view)
    assert painted == []


def test_counter_pictures_stay_within_their_budget(qapp):
    painter = CounterPainter()
    painter.PICTURE_BUDGET = 3 * (40 + 2 * 8) ** 2 * 4  # three pictures of a 40-pixel counter (margin 8)
    views = [CounterView(id=f"u{i}", side="soviet", label=str(i), values="2-3-7") for i in range(6)]
    for cv in views:
        pixmap, margin = painter.picture(cv, 40, 2)
        assert (pixmap.width(), margin) == (56, 8)
    assert painter._picture_bytes <= painter.PICTURE_BUDGET
    assert list(k[0].id for k in painter._pictures) == ["u3", "u4", "u5"]  # the oldest went first
    painter.picture(views[3], 40, 2)  # drawn again: now the most recent
    painter.picture(views[0], 40, 2)
    assert list(k[0].id for k in painter._pictures) == ["u5", "u3", "u0"]


@pytest.mark.parametrize("markers", [("isolated",), ("isolated", "fatigue2", "breakthrough", "out_of_supply", "engaged")], ids=["one row", "two rows"])
def test_a_counter_s_picture_holds_the_whole_of_each_marker_tag_above_it(qapp, markers):
    """The tags sit above the counter's top edge (a row, or two): the picture's margin reaches over all of them,
    so that a copied counter shows its ISO or F2 tag whole, not cut along the picture's edge."""
    from kharkovsuite.view.counters import marker_layout

    painter, px = CounterPainter(), 60
    cv = CounterView(id="u", side="german", nationality="german", label="SS-Pz.Gr.", values="5-12", markers=markers)
    pixmap, margin = painter.picture(cv, px, 2)
    image = pixmap.toImage()
    for tag, text, _fill, _ink in marker_layout(markers, QRectF(margin, margin, px, px)):
        x, y = round(tag.center().x()), math.ceil(tag.top()) + 1
        assert image.valid(x, y) and image.pixelColor(x, y).alpha() > 200, f"the {text} tag is cut at the picture's edge (its top at {tag.top():.1f}, margin {margin})"


def test_a_wheel_back_and_forth_over_a_power_of_two_redraws_no_stack(small_view, small_scene):
    """The counters' cache is kept one power of two above the zoom: zooming out a step past a power
    of two and back in draws the stacks from the cache they have (smaller), not anew."""
    painted = []
    for item in small_scene._stacks.values():
        original = item.paint
        item.paint = lambda *a, _o=original, _i=item, **k: (painted.append(_i.location), _o(*a, **k))[1]
    small_view.set_zoom(1.1)  # cached at 2.0
    frame(small_view)
    small_view.set_zoom(0.9)  # needs 1.0 or more: the cache at 2.0 stays
    frame(small_view)
    painted.clear()
    small_view.set_zoom(1.1)
    frame(small_view)
    small_view.set_zoom(0.9)
    frame(small_view)
    assert painted == []
    small_view.set_zoom(0.4)  # two powers below the cache: drawn anew
    frame(small_view)
    assert painted


def test_a_wheel_back_and_forth_over_the_text_threshold_keeps_the_text_and_redraws_no_stack(small_view, small_scene):
    """Once the counters show their text, it stays while they are a little smaller than its
    threshold (a wheel step below it): going back and forth there redraws no stack; well below,
    the text goes; a view that starts there shows none."""
    from kharkovsuite.view.counters import CounterPainter
    from kharkovsuite.view.scene import DETAIL_KEPT

    size, text = small_scene.counter_size, CounterPainter.MIN_TEXT_PX
    above, just_below, well_below = 1.2 * text / size, 0.95 * text / size, 0.8 * text / DETAIL_KEPT / size
    painted = []
    for item in small_scene._stacks.values():
        original = item.paint
        item.paint = lambda *a, _o=original, _i=item, **k: (painted.append(_i.location), _o(*a, **k))[1]
    small_view.set_zoom(above)
    frame(small_view)
    assert small_scene._counter_render[1] == 2
    painted.clear()
    for zoom in (just_below, above, just_below):
        small_view.set_zoom(zoom)
        frame(small_view)
    assert painted == [] and small_scene._counter_render[1] == 2  # still the text, from the cache it had
    small_view.set_zoom(well_below)
    frame(small_view)
    assert painted and small_scene._counter_render[1] < 2


def test_a_view_that_starts_just_below_the_text_threshold_shows_no_text(qapp, small_scene):
    from kharkovsuite.view.counters import CounterPainter

    small_scene.set_view_scale(0.95 * CounterPainter.MIN_TEXT_PX / small_scene.counter_size)
    assert small_scene._counter_render[1] < 2
