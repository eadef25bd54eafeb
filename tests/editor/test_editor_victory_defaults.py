"""The Victory tab's "Reset to <rules> defaults" puts back the levels and awards the rule system
scores by (its registry's ``victory_defaults``), not a shipped scenario's; a system without them
offers no reset."""
from __future__ import annotations

import pytest

from kharkovsuite.rules import victory_defaults
from kharkovsuite.scenario import edit as E


@pytest.fixture
def window(make_window, doc):
    return make_window(doc)


def test_victory_reset_takes_the_rule_systems_awards_not_a_shipped_scenarios(window, monkeypatch, small):
    # A reference scenario whose awards differ: the Victory tab must not copy them.
    edited = {k: a.model_copy(update={"vp": 99}) for k, a in victory_defaults("kharkov1942").awards.items()}
    reference = E.set_in(small, ("victory", "awards"), edited)
    monkeypatch.setattr("editor.window.reference_scenario", lambda rules: (reference, "reference.yaml"))
    before = window.doc.scenario.victory
    for key in ("awards", "victory_levels"):
        table = window.tables[key]
        table.update_reset_button()
        assert table.reset_button.isEnabled() and table.reset_button.text() == "Reset to Kharkov 1942 defaults"
        assert "the kharkov1942 rule system" in table.reset_button.toolTip()
    assert window.tables["awards"].reset_to_defaults()
    assert window.doc.scenario.victory == victory_defaults("kharkov1942")
    assert window.doc.scenario.victory.awards["city_hex_captured"].vp == 6
    window.doc.undo_stack.undo()
    assert window.doc.scenario.victory == before


def test_a_rule_system_without_victory_defaults_offers_no_victory_reset(window):
    assert victory_defaults("kirovograd") is None
    assert window.set_meta("rules", "kirovograd")
    table = window.tables["awards"]
    assert not table.reset_button.isEnabled()
    before = window.doc.scenario
    assert not table.reset_to_defaults()
    assert window.doc.scenario is before
