"""Kirovograd's computer players (kharkovsuite.ai.kirovograd): orders by formation task (6), aims
from the victory places (27), holding the line, attacks priced by the odds query (15), and
blindness to what the other side hides (3.3) and to the dice."""
from __future__ import annotations

from kharkovsuite.ai import make_player, players
from kharkovsuite.ai.core.observed import Observed
from kharkovsuite.ai.kirovograd import ATTACK_FLOOR, BOLD_LEAD, BOLD_PER_TURN, HOLD_FLOOR, POINTS_HOLD_FLOOR, KiroPlayer
from kharkovsuite.engine.actions import EndPhase, Move
from kharkovsuite.rules.kirovograd.actions import SetOrder, SubmitOrders

from tests.rules.kirovograd.kiro_helpers import GE_INF, GE_INF2, GE_INF3, GE_HQ, GE_PZ, GE_PZ_HQ, GE_RECON, PLAIN, SU_ART, SU_DIV, SU_DIV2, SU_MECH, SU_TANK, bare, fresh, ring

CITY = "3819"  # a hex of Kirovograd (27.B: a victory place)
EDGE = "3720"  # a hex on the edge of Kirovograd


def _play_until(state, player, wanted, limit=40):
    """The player's actions until one satisfies ``wanted`` (returned) or the limit."""
    for _ in range(limit):
        action = player.choose(state)
        if wanted(action):
            return action
        state.apply(action)
    return None


def _orders_given(state, player) -> dict[str, str]:
    """The orders the player gives in the orders segment, formation -> order (3.3)."""
    given = {}
    while state.pending and state.pending[-1].side == player.side:
        action = player.choose(state)
        if isinstance(action, SetOrder):
            given[action.formation] = action.order
        state.apply(action)
    return given


def test_the_kirovograd_players_are_offered_for_the_system():
    assert {"random", "greedy", "ai", "ai:easy", "ai:normal", "ai:hard"} <= set(players("kirovograd"))
    assert make_player("ai", "soviet", 1, "kirovograd").name == "ai:normal"
    assert make_player("greedy", "german", 1, "kirovograd").name == "greedy"


def test_27_the_soviet_ai_takes_an_undefended_victory_place_in_reach():
    """A Soviet rifle division two hexes from an empty Kirovograd hex, the only German unit far
    away in Novo Ukrainka: it moves into the city, not toward the German unit."""
    start = ring(CITY, 2)[0]
    state = bare({SU_DIV: start, GE_INF2: "1228"}, side="soviet", orders={"c48": "mobile"})
    player = KiroPlayer("soviet", 1)
    move = _play_until(state, player, lambda a: isinstance(a, Move) and SU_DIV in a.units)
    assert move is not None
    city = set(state.scenario.map.cities["kirovograd"].hexes)
    assert move.path[-1] in city


def test_15_the_german_ai_holding_the_line_does_not_attack_at_middling_odds():
    """Two German infantry regiments on defense orders next to a Soviet rifle division: the odds
    query gives 2-1 and a small expected gain, which an attacking player would take; the German
    player holding the line declares nothing and ends the round."""
    here = "2610"
    foe = ring(here, 1)[0]
    state = bare({GE_INF2: here, GE_INF3: here, SU_DIV: foe}, side="german", phase="combat_1_1",
                 orders={"d320": "defense", "c48": "assault"})
    player = KiroPlayer("german", 1)
    assert state.rules.combat_preview(state, (GE_INF2, GE_INF3), (foe,)).column == "2-1"
    assert player.price(state, Observed(state, "german"), (GE_INF2, GE_INF3), (foe,))[0] > ATTACK_FLOOR
    assert player.choose(state) == EndPhase()


def test_3_6_27b_the_german_ai_attacks_at_middling_odds_in_the_games_last_player_turn():
    """The same two regiments and rifle division, in the second player turn of the game's last
    game turn (3.6, 3.7: no enemy player turn follows): there is no line left to hold, only the
    points an attack takes (27.B), and the German player attacks at the common floor.  In the
    first player turn of that game turn (the enemy's follows) it still holds."""
    here = "2610"
    foe = ring(here, 1)[0]
    placed = {GE_INF2: here, GE_INF3: here, SU_DIV: foe}
    orders = {"d320": "defense", "c48": "assault"}
    last = len(fresh(1).scenario.turns)
    state = bare(placed, side="german", phase="combat_2_1", orders=orders, turn=last)
    player = KiroPlayer("german", 1)
    assert player.last_word(state)
    action = player.choose(state)
    assert action.kind == "AttackHex" and action.hex == foe
    state = bare(placed, side="german", phase="combat_1_1", orders=orders, turn=last)
    assert not player.last_word(state)
    assert KiroPlayer("german", 1).choose(state) == EndPhase()
    state = bare(placed, side="german", phase="combat_2_1", orders=orders, turn=last - 1)
    assert KiroPlayer("german", 1).choose(state) == EndPhase()


def test_14_3j_21_27b_the_german_guns_fire_alone_in_the_games_last_player_turn():
    """A German artillery regiment two hexes from a Soviet rifle division worn to its last SP, no
    German unit next to it.  In the game's last player turn (3.6, 3.7) the gun fires on it alone
    (14.3J, 21.1: the SP it takes are points, 27.B, and no later turn needs the supply point the
    shot costs, 21.3); a game turn earlier it keeps its supply points for the turns left and
    does not fire."""
    from tests.rules.kirovograd.kiro_helpers import GE_ART, GE_HQ

    here = "2610"
    foe = ring(here, 2)[0]
    placed = {GE_ART: here, GE_INF2: here, GE_HQ: ring(here, 1)[3], SU_DIV: foe}  # 8.1E: its HQ gives it a supply line
    orders = {"d320": "defense", "c48": "defense"}
    last = len(fresh(1).scenario.turns)
    for turn, fires in ((last, True), (last - 1, False)):
        state = bare(placed, side="german", phase="combat_2_1", orders=orders, turn=turn)
        state.units[SU_DIV].step = 6  # 16.0: it has lost 6 of its 7 SP
        player = KiroPlayer("german", 1)
        # 21.7A: guns firing alone lose nothing, so an A1 result costs them nothing (counted as the
        # gun's loss, the attack priced below the floor: 0.28)
        assert player.price(state, Observed(state, "german"), (), (foe,), (GE_ART,))[0] > 1.0
        action = player.choose(state)
        if not fires:
            assert action == EndPhase()
            continue
        assert action.kind == "AttackHex" and action.hex == foe
        state.apply(action)
        action = player.choose(state)
        assert action.kind == "AddSupport" and action.unit == GE_ART


def test_14_3j_21_the_last_barrages_fire_each_gun_once_on_each_hex_once_above_the_floor(monkeypatch):
    """The game's last player turn, guns no attack counts on (14.3J): one gun and two worn Soviet
    divisions make one barrage (a gun fires once a round, 21.1), and the hex it fires on is marked
    as hit for the round's plan (14.3E); a floor above the shot's worth makes none."""
    import kharkovsuite.ai.kirovograd as kiro
    from tests.rules.kirovograd.kiro_helpers import GE_ART, GE_HQ

    here = "2610"
    far = ring(here, 2)
    orders = {"d320": "defense", "c48": "defense"}
    last = len(fresh(1).scenario.turns)

    def barrages(placed, attacked=None):
        state = bare(placed, side="german", phase="combat_2_1", orders=orders, turn=last)
        for uid in (SU_DIV, SU_DIV2):
            if uid in placed:
                state.units[uid].step = 6  # 16.0: down to its last SP
        return KiroPlayer("german", 1).last_barrages(state, Observed(state, "german"), set() if attacked is None else attacked, set())

    one_gun = barrages({GE_ART: here, GE_INF2: here, GE_HQ: ring(here, 1)[3], SU_DIV: far[0], SU_DIV2: far[1]})
    assert len(one_gun) == 1 and one_gun[0][2] == (GE_ART,)
    hit: set[str] = set()
    two_targets = barrages({GE_ART: here, GE_INF2: here, GE_HQ: ring(here, 1)[3], SU_DIV: far[0]}, hit)
    assert [targets for targets, _units, _guns in two_targets] == [(far[0],)] and hit == {far[0]}  # the plan's hexes hit
    monkeypatch.setattr(kiro, "ATTACK_FLOOR", 100.0)  # no shot is worth that much
    assert barrages({GE_ART: here, GE_INF2: here, GE_HQ: ring(here, 1)[3], SU_DIV: far[0]}) == []


def test_15_the_german_panzers_counter_attack_a_weak_enemy_at_good_odds():
    """The counterpart: an armoured regiment on mobile orders next to a rifle division worn down
    to 1 SP attacks it."""
    here = "2610"
    foe = ring(here, 1)[0]
    state = bare({GE_PZ: here, SU_DIV: foe}, side="german", phase="combat_1_1", orders={"p3": "mobile", "c48": "defense"})
    state.units[SU_DIV].step = 6  # 16.0: it has lost 6 of its 7 SP
    action = KiroPlayer("german", 1).choose(state)
    assert action.kind == "AttackHex" and action.hex == foe


def test_6_orders_follow_the_formations_task():
    """The Soviet formations nearest the enemy get paid orders first, as many as the turn's share
    of the supply points allows (those on the track and those the turn record still brings:
    9 of 12 on the first turn); German infantry divisions hold on defense orders (free unless
    they fight, 6.2.2D)."""
    state = fresh(1)
    given = _orders_given(state, KiroPlayer("soviet", 1))
    assert len(given) == 12 and list(given.values())[0] in ("mobile", "assault")
    assert sum(1 for o in given.values() if o != "defense") >= 8
    given = _orders_given(state, KiroPlayer("german", 1))
    assert given["d320"] == "defense" and given["d376"] == "defense"


def test_3_3_the_ai_never_reads_the_hidden_orders_nor_the_dice():
    """Two games alike but for the Soviet orders, still sealed (3.3), and the dice ahead: the
    German player gives the same orders in both."""
    a, b = fresh(3), fresh(3)
    b.rng.seed(99)
    for state, order in ((a, "assault"), (b, "defense")):
        decision = state.pending[-1]
        assert decision.side == "soviet"
        for formation in list(decision.data["tracks"]):
            state.apply(SetOrder(formation=formation, order=order if order == "defense" else "mobile"))
        state.apply(SubmitOrders())
    pa, pb = KiroPlayer("german", 7), KiroPlayer("german", 7)
    while a.pending and a.pending[-1].side == "german":
        ca, cb = pa.choose(a), pb.choose(b)
        assert ca == cb
        a.apply(ca)
        b.apply(cb)


def test_27_the_match_measures_say_who_holds_kirovograd_and_when_it_fell():
    """The per-turn figures of a match (kharkovsuite.ai.match): a Soviet division alone in the
    city holds it (27.C); the fall turn is the one recorded (27.B); a tank brigade on the west
    edge's column and a unit gone off the map (24.3) are counted."""
    from kharkovsuite.ai.kirovograd import turn_measures

    start = turn_measures(fresh(1))
    assert (start["kirovograd_soviet"], start["fell"], start["exited"]) == (0, 0, 0)
    assert 30 <= start["west"] <= 40  # 26.2: the Soviet start line runs near the city (column 38)
    state = bare({SU_DIV: CITY, SU_TANK: "0103"}, side="soviet")
    state.game["kirovograd_taken"] = 7
    state.to_box(SU_MECH, "exited")
    assert turn_measures(state) == {"kirovograd_soviet": 1, "fell": 7, "west": 1, "exited": 1}


def test_17_a_retreat_along_no_hex_is_the_last_choice_and_never_breaks_the_choice():
    """A Retreat with an empty path (the unit cannot retreat and is lost) is offered beside real
    ones: the player takes a real retreat, and takes the empty one when it is all there is."""
    from kharkovsuite.engine.actions import Retreat

    here = "2610"
    back = ring(here, 1)[3]
    state = bare({GE_INF2: here, SU_DIV: ring(here, 1)[0]}, side="soviet")
    player = KiroPlayer("german", 1)
    seen = Observed(state, "german")
    lost, real = Retreat(unit=GE_INF2, path=()), Retreat(unit=GE_INF2, path=(here, back))
    assert player.retreat(seen, [lost, real]) == real
    assert player.retreat(seen, [lost]) == lost


def test_27C_a_german_unit_near_the_kirovograd_the_soviets_hold_is_their_first_aim():
    """Once a Soviet unit stands in Kirovograd, a German unit two hexes off (which could cut the
    city's road east by its ZOC, 27.C) counts as near as the places themselves; one far away
    counts as a German unit on the way."""
    near, far = ring(CITY, 2)[0], PLAIN
    state = bare({SU_DIV: CITY, GE_INF2: near, GE_INF3: far}, side="soviet")
    aims = KiroPlayer("soviet", 1).aims(Observed(state, "soviet"))
    assert aims[near] == 0 and aims[far] > 0


def test_28_the_ai_sends_a_bomber_over_an_enemy_hex_next_to_its_units_then_ends_its_commitment():
    from kharkovsuite.rules.kirovograd import air

    state = bare({GE_PZ: ring(PLAIN, 1)[0], SU_DIV: PLAIN}, phase="air_1", orders={"p3": "mobile", "c48": "defense"})
    state.options = {"air": True}
    air.start(state)
    assert air.open_segment(state, "german", 1, 1)
    player = make_player("ai", "german", 1, "kirovograd")
    first = player.choose(state)
    assert first.kind == "FlyMission" and (first.mission, first.hex) == ("ground_attack", PLAIN)
    assert state.board.units[first.units[0]].values.aircraft != "fighter"
    state.apply(first)
    state.apply(air.EndAirTurn())  # the USSR
    for _ in range(12):
        action = player.choose(state)
        if action.kind == "EndAirTurn":
            break
        state.apply(action)
    assert action.kind == "EndAirTurn"


def test_28_2e_28_10_4a_the_ai_lands_a_strip_unit_on_its_strip_unless_the_enemy_is_near_and_puts_a_loss_on_the_strongest():
    from kharkovsuite.rules.kirovograd import air

    state = bare({GE_PZ: ring(PLAIN, 1)[0], SU_DIV: PLAIN}, phase="air_1", orders={"p3": "mobile", "c48": "defense"})
    state.options = {"air": True}
    air.start(state)
    player = make_player("ai", "german", 1, "kirovograd")
    strips = state.game["airstrips"]
    far_strip = max(strips, key=lambda a: state.board.distance(strips[a], PLAIN))
    near_strip = min(strips, key=lambda a: state.board.distance(strips[a], PLAIN))
    assert state.board.distance(strips[far_strip], PLAIN) > 4
    for area, want in ((far_strip, "strip"), (near_strip, "box")):
        state.game["air"]["de-air-ju87-1"]["base"] = area
        if area == near_strip:
            state.place(SU_DIV, strips[near_strip])  # an enemy counter on the strip's doorstep
        f = air._new_flight(state, "german", ["de-air-ju87-1"], "ground_attack", PLAIN, 1)
        air.go_home(state, f, [], "28.2D")
        assert player.choose(state) == air.ReturnAir(unit="de-air-ju87-1", to=want)
        state.apply(air.ReturnAir(unit="de-air-ju87-1", to=want))
    state.units["de-air-bf109-1"].step = 2  # 2 air points left, the Ju87D 4
    f = air._new_flight(state, "german", ["de-air-ju87-2"], "ground_attack", PLAIN, 1, escort="de-air-bf109-1")
    assert air.open_anti_aircraft_loss(state, f, 1, [])
    assert player.choose(state) == air.TakeAirLoss(unit="de-air-ju87-2")


def test_29_4a_the_ai_weighs_a_face_down_enemy_counter_without_knowing_what_it_is():
    """A face-down counter's id in the observation is a token (29.4A): the threat map (a retreat's, 17)
    counts it at a guessed strength instead of failing on the unknown id."""
    from kharkovsuite.ai.kirovograd import FACE_DOWN_SP
    from tests.rules.kirovograd.test_kiro_fog import SU_TANK, fogged

    state = fogged({GE_INF2: PLAIN, SU_TANK: ring(PLAIN, 2)[0]}, side="german", phase="combat_1_1")
    seen = Observed(state, "german")
    [token] = [u for u, v in seen.units.items() if v["side"] == "soviet" and v.get("hex") is not None]
    assert token != SU_TANK and token not in state.board.units
    player = KiroPlayer("german", 1)
    assert player.strength(seen, token) == FACE_DOWN_SP
    threat = seen.threat_map(lambda u: player.strength(seen, u))
    assert threat  # built, the face-down counter weighed

def _siege(extra: dict | None = None, orders: dict | None = None, phase: str = "move_1_1"):
    """A Soviet rifle division next to a German stack in a Kirovograd hex (the city besieged)."""
    ring_hex = next(h for h in ring(EDGE, 1) if h not in set(fresh(1).scenario.map.cities["kirovograd"].hexes))
    placed = {GE_INF2: EDGE, GE_INF3: EDGE, GE_PZ: EDGE, SU_DIV: ring_hex, **(extra or {})}
    return bare(placed, side="soviet", phase=phase, orders=orders or {"c48": "defense", "d320": "defense", "p3": "mobile"}), ring_hex


def test_6_2_2_a_formation_ringing_a_german_held_kirovograd_takes_defense_orders():
    """6.2.2B, E: a formation on defense orders attacks in either round with its guns firing, and
    pays only when it fights (6.2.2D); the Soviet ai gives it to a formation whose units ring a
    German-held Kirovograd hex (so they attack the city together, 14.3D), while a formation in
    contact elsewhere keeps the orders of its task (assault or mobile)."""
    state, _ = _siege()
    player = KiroPlayer("soviet", 1)
    assert player.task(state, Observed(state, "soviet"), "c48")[1][0] == "defense"
    open_state = bare({GE_INF2: ring(PLAIN, 1)[0], SU_DIV: PLAIN}, side="soviet")
    assert player.task(open_state, Observed(open_state, "soviet"), "c48")[1][0] != "defense"


def test_the_soviet_ai_stands_next_to_the_besieged_city_where_it_fears_the_same_stack_in_the_open(monkeypatch):
    """The threat map keeps a unit away from enemy stacks much stronger than itself; next to a
    German-held Kirovograd hex (the place to attack it from) the Soviet ai stands anyway.  Both
    on Opening Moves' terms (31.1E-H: the city alone decides); where points decide, the test
    below."""
    state, ring_hex = _siege()
    _city_decides(state, monkeypatch)
    player = KiroPlayer("soviet", 1)
    seen = Observed(state, "soviet")
    besieged = player.hex_score(seen, SU_DIV, ring_hex) - player.goal(seen)[ring_hex]
    open_hex = ring(PLAIN, 1)[0]
    open_state = bare({GE_INF2: PLAIN, GE_INF3: PLAIN, GE_PZ: PLAIN, SU_DIV: open_hex}, side="soviet")
    _city_decides(open_state, monkeypatch)
    seen_open = Observed(open_state, "soviet")
    fearful = player.hex_score(seen_open, SU_DIV, open_hex) - KiroPlayer("soviet", 1).goal(seen_open)[open_hex]
    assert besieged == 0.0 and fearful > 0.0


def test_27a_where_points_decide_the_soviet_ai_stands_next_to_a_strong_german_stack_the_german_ai_shuns(monkeypatch):
    """27.A-B: where points decide (the historical game) a rifle division next to three German
    units counts no danger in its hex (:meth:`KiroPlayer.bold`: every SP lost is points, and a
    Soviet side that kept away left the German line whole) unless the USSR leads by
    :data:`BOLD_LEAD` points or more; in Opening Moves (31.1E-H) it does, and a German unit next
    to a Soviet stack as strong counts it where points decide too."""
    open_hex = ring(PLAIN, 1)[0]
    state = bare({GE_INF2: PLAIN, GE_INF3: PLAIN, GE_PZ: PLAIN, SU_DIV: open_hex}, side="soviet")
    seen = Observed(state, "soviet")
    player = KiroPlayer("soviet", 1)
    assert player.threat(seen).get(open_hex, 0.0) > 1.5 * player.strength(seen, SU_DIV)  # much stronger: feared in Opening Moves
    assert player.hex_score(seen, SU_DIV, open_hex) == player.goal(seen)[open_hex]
    mirror = bare({SU_DIV: PLAIN, SU_DIV2: PLAIN, SU_TANK: PLAIN, GE_PZ: open_hex}, side="german")
    seen_g = Observed(mirror, "german")
    german = KiroPlayer("german", 1)
    assert german.threat(seen_g).get(open_hex, 0.0) > 1.5 * german.strength(seen_g, GE_PZ)
    assert german.hex_score(seen_g, GE_PZ, open_hex) > german.goal(seen_g, GE_PZ)[open_hex]
    assert player.evaluate(state, "soviet") < BOLD_LEAD
    ahead = KiroPlayer("soviet", 1)
    monkeypatch.setattr(ahead, "evaluate", lambda _state, side: BOLD_LEAD if side == "soviet" else -BOLD_LEAD)
    assert ahead.hex_score(seen, SU_DIV, open_hex) > ahead.goal(seen)[open_hex]
    _city_decides(state, monkeypatch)
    opening = KiroPlayer("soviet", 1)
    assert opening.hex_score(seen, SU_DIV, open_hex) > opening.goal(seen)[open_hex]



def test_31_2_in_a_scenario_opening_partway_through_the_soviet_ai_needs_a_lead_for_each_turn_left(monkeypatch):
    """31.2, 27.A: the Endgame opens on game turn 9 with the losses before it on the points.  There
    a Soviet side leading by :data:`BOLD_LEAD` with many turns left still stands next to a strong
    German stack (:meth:`KiroPlayer.bold`); it keeps away once it leads by :data:`BOLD_PER_TURN`
    points for each turn left, and near the end by :data:`BOLD_LEAD` as in the historical game."""
    open_hex = ring(PLAIN, 1)[0]
    state = bare({GE_INF2: PLAIN, GE_INF3: PLAIN, GE_PZ: PLAIN, SU_DIV: open_hex}, side="soviet")
    seen = Observed(state, "soviet")
    data = state.board.data
    monkeypatch.setattr(state.board, "data", data.model_copy(update={"first_game_turn": 9}))
    left = len(state.scenario.turns) - state.turn
    assert BOLD_PER_TURN * left > BOLD_LEAD

    def lead(points):
        player = KiroPlayer("soviet", 1)
        monkeypatch.setattr(player, "evaluate", lambda _state, side: points if side == "soviet" else -points)
        return player

    assert lead(BOLD_LEAD).hex_score(seen, SU_DIV, open_hex) == lead(0).goal(seen)[open_hex]  # bold: no threat
    assert lead(BOLD_PER_TURN * left - 1).bold(state)
    assert not lead(BOLD_PER_TURN * left).bold(state)
    assert lead(BOLD_PER_TURN * left).hex_score(seen, SU_DIV, open_hex) > lead(0).goal(seen)[open_hex]
    state.turn = len(state.scenario.turns) - 1  # one turn left: the historical game's lead
    assert lead(BOLD_LEAD - 1).bold(state) and not lead(BOLD_LEAD).bold(state)
    monkeypatch.setattr(state.board, "data", data)  # the historical game opens on game turn 1
    state.turn = 1
    assert not lead(BOLD_LEAD).bold(state)

def test_21_the_soviet_ai_counts_its_guns_in_an_attack_on_the_besieged_city_and_fires_them():
    """21.1, 21.3, 14.2A: a rifle division on defense orders next to a German regiment in a
    Kirovograd hex, an artillery brigade two hexes off: alone the attack reads 1-2 (the city's
    column, 15.7B), with the gun's barrage 1-1.  The Soviet ai prices the attack with the
    gun, plans it, and adds the gun when it declares."""
    ring_hex = "3620"
    back = next(h for h in ring(ring_hex, 1) if fresh(1).board.distance(h, EDGE) == 2)
    state = bare({GE_INF2: EDGE, SU_DIV: ring_hex, SU_ART: back, "su-53a-hq": back}, side="soviet", phase="combat_1_1",
                 orders={"c48": "defense", "d320": "defense", "a53": "defense"})  # the army HQ: the gun's supply line (8.1E)
    player = KiroPlayer("soviet", 1)
    seen = Observed(state, "soviet")
    assert player.guns_for(state, seen, (SU_DIV,), (EDGE,)) == (SU_ART,)
    assert state.rules.combat_preview(state, (SU_DIV,), (EDGE,)).column == "1-2"
    assert state.rules.combat_preview(state, (SU_DIV,), (EDGE,), guns=(SU_ART,)).column == "1-1"
    assert player.price(state, seen, (SU_DIV,), (EDGE,), (SU_ART,))[0] > player.price(state, seen, (SU_DIV,), (EDGE,))[0]
    assert player.plan_attacks(state, seen, ATTACK_FLOOR) == [((EDGE,), (SU_DIV,), (SU_ART,))]
    chosen = []
    for _ in range(4):
        action = player.choose(state)
        chosen.append(action)
        state.apply(action)
    assert [a.kind for a in chosen] == ["AttackHex", "AddAttacker", "AddSupport", "ConfirmAttack"]
    assert chosen[2].unit == SU_ART


def test_6_2_1a_when_every_attack_is_withdrawn_the_ai_declares_the_bare_duties_once_more():
    """6.2.1A, 14.1C: the round's plan was withdrawn attack by attack and the rules still owe an
    assault formation's attack: the player declares that duty afresh (before this, it fell to
    random declarations and could loop for ever)."""
    here = "2610"
    foe = ring(here, 1)[0]
    other = next(h for h in ring(here, 2) if fresh(1).board.distance(h, foe) > 1)
    state = bare({GE_INF2: foe, GE_INF3: other, SU_DIV: here, SU_ART: ring(here, 1)[3], "su-53a-hq": ring(here, 1)[3]}, side="soviet",
                 phase="combat_1_1", orders={"c48": "assault", "d320": "defense", "a53": "defense"})  # the army HQ: the gun's supply line (8.1E)
    assert {a.hex for a in state.legal_actions().actions() if a.kind == "AttackHex"} == {foe, other}
    player = KiroPlayer("soviet", 1)
    player.new_round(state)
    player._attacks, player._owed = [], 5  # the plan spent, the owed attempts used up
    action = player.choose(state)
    assert player._restarted and player._attacks == []
    assert action.kind == "AttackHex" and action.hex == foe


def test_6_2_1a_an_owed_attack_opened_as_the_only_legal_step_is_made_not_cancelled_for_ever():
    """6.2.1A, 14.1C: an assault formation's one rifle division next to one German regiment: the
    rules owe the attack, so the only legal step is to open it, and the player takes that step
    without planning.  It then makes the owed attack (its attacker added, the attack confirmed)
    and the round ends; before, it cancelled the draft, opened it again, and played for ever
    (historical game seed 3 against `random`, game turn 15)."""
    here = "2610"
    foe = ring(here, 1)[0]
    state = bare({GE_INF2: foe, SU_DIV: here}, side="soviet", phase="combat_1_1", orders={"c48": "assault", "d320": "defense"})
    assert [(a.kind, a.hex) for a in state.legal_actions().actions()] == [("AttackHex", foe)]
    player = KiroPlayer("soviet", 1)
    start = state.phase_index
    taken = []
    while state.phase_index == start and len(taken) < 12:
        action = player.choose(state)
        taken.append(action.kind)
        state.apply(action)
    assert "CancelAttack" not in taken
    assert taken[:2] == ["AttackHex", "AddAttacker"] and "ConfirmAttack" in taken
    assert state.phase_index != start or state.pending, taken
    # with no owed attack found for the hex, the player still makes it the third time it opens
    # it (each cancel only opened it again)
    state = bare({GE_INF2: foe, SU_DIV: here}, side="soviet", phase="combat_1_1", orders={"c48": "assault", "d320": "defense"})
    player = KiroPlayer("soviet", 1)
    player.owed_attacks = lambda state, seen: []
    taken = []
    while state.phase_index == start and len(taken) < 12:
        action = player.choose(state)
        taken.append(action.kind)
        state.apply(action)
    assert taken[:6] == ["AttackHex", "CancelAttack"] * 2 + ["AttackHex", "AddAttacker"] and "ConfirmAttack" in taken


def test_27_the_soviet_ai_spreads_into_the_empty_hexes_of_kirovograd():
    """27.B-C, 15.7B: two Soviet brigades within a move of an empty Kirovograd: the first takes
    a city hex; the second, planned in the same movement round, takes another one (a hex already
    Soviet is no longer an aim), so the city fills before the German units come."""
    start = next(h for h in ring(EDGE, 2) if h not in set(fresh(1).scenario.map.cities["kirovograd"].hexes))
    state = bare({SU_TANK: start, SU_MECH: start, GE_INF2: "1228"}, side="soviet", orders={"m5g": "mobile"})
    player = KiroPlayer("soviet", 1)
    city = set(state.scenario.map.cities["kirovograd"].hexes)
    ends = {}
    for _ in range(10):
        action = player.choose(state)
        if isinstance(action, Move):
            ends[action.units[0]] = action.path[-1]
        if action.kind == "EndPhase":
            break
        state.apply(action)
    assert set(ends) == {SU_TANK, SU_MECH}
    assert ends[SU_TANK] in city and ends[SU_MECH] in city and ends[SU_TANK] != ends[SU_MECH]


def _soviet_attack_on(placed: dict[str, str], target: str, attacker: str, faces: tuple[int, int]):
    """A Soviet attack by ``attacker`` on ``target`` (both sides on mobile orders) rolled with
    ``faces``: the state at the German defender's 15.9 choice."""
    orders = {"k47": "mobile", "c48": "mobile", "m5g": "mobile"}
    return _soviet_attack_on_state(bare(placed, side="soviet", phase="combat_1_1", orders=orders), target, attacker, faces)


def _soviet_attack_on_state(state, target: str, attacker: str, faces: tuple[int, int]):
    """The Soviet attack of :func:`_soviet_attack_on` in a state made ready for it."""
    from kharkovsuite.rules.kirovograd import fight
    from kharkovsuite.rules.kirovograd.fight import AddAttacker, AttackHex, ConfirmAttack

    class Faces:
        def __init__(self, *f):
            self.f = list(f)

        def randint(self, a, b):
            return self.f.pop(0)

    for a in (AttackHex(hex=target), AddAttacker(unit=attacker), ConfirmAttack()):
        state.apply(a)
    dice, state.rng = state.rng, Faces(*faces)
    state.apply(EndPhase())
    state.rng = dice  # the player never reads it (3.3); the observation is built from the whole state
    assert state.pending and state.pending[-1].kind == fight.OPTION and state.to_act == "german"
    return state


def test_15_9f_a_ringed_german_unit_takes_the_loss_rather_than_a_retreat_it_cannot_make():
    """A German infantry regiment on mobile orders attacked by a rifle division and given D1R2
    (15.9: its losses and retreats both optional).  With its rear open it gives ground (a hex of
    retreat costs it less than an SP); ringed by three Soviet units, whose overlapping ZOCs leave
    it no hex to retreat to (17.4A), each hex it cannot retreat would be an SP lost (15.9F): it
    takes the loss, and no more retreat than the 50% limit of 16.1 already covers."""
    from kharkovsuite.rules.kirovograd.fight import ChooseResult

    n = ring(PLAIN, 1)
    open_rear = _soviet_attack_on({GE_INF: PLAIN, SU_DIV: n[0]}, PLAIN, SU_DIV, (4, 4))
    choices = sorted(tuple(c) for c in open_rear.pending[-1].data["choices"])
    assert (0, 3) in choices and (1, 2) in choices
    assert KiroPlayer("german", 1).choose(open_rear) == ChooseResult(loss=0, retreat=3)

    ringed = _soviet_attack_on({GE_INF: PLAIN, SU_DIV: n[0], SU_DIV2: n[2], SU_MECH: n[4]}, PLAIN, SU_DIV, (4, 4))
    assert sorted(tuple(c) for c in ringed.pending[-1].data["choices"]) == choices
    assert KiroPlayer("german", 1).choose(ringed) == ChooseResult(loss=1, retreat=2)


def test_13_3b_17_4a_a_german_regiment_being_ringed_steps_back_out_of_the_ring():
    """A German infantry regiment on the line on defense orders with Soviet rifle divisions on
    three sides: the ZOCs of two of them overlap on a fourth hex (13.3B), so two open hexes are
    left behind it (17.4A: its retreats can go nowhere else).  It steps back toward its own map
    edge, to a hex not so ringed.  With the enemy on two sides only it holds the line."""

    here = "2610"
    n = ring(here, 1)
    orders = {"d320": "defense", "c48": "defense", "c75": "defense"}
    player = KiroPlayer("german", 1)
    state = bare({GE_INF2: here, SU_DIV: n[0], SU_DIV2: n[1], "su-75-6": n[3]}, side="german", orders=orders)
    seen = Observed(state, "german")
    assert player.open_exits(seen, here) == 2 and player.ringed(seen, here)
    move = _play_until(state, player, lambda a: isinstance(a, Move) and GE_INF2 in a.units)
    assert move is not None
    rear = player.rear(Observed(state, "german"))
    assert rear[move.path[-1]] < rear[here]

    state = bare({GE_INF2: here, SU_DIV: n[0], SU_DIV2: n[1]}, side="german", orders=orders)
    assert not KiroPlayer("german", 1).ringed(Observed(state, "german"), here)
    player = KiroPlayer("german", 1)
    assert player.choose(state) == EndPhase()  # the round's only unit stays


def test_22_1_an_hq_keeps_behind_its_formation_and_near_it():
    """A Soviet corps HQ and its one rifle division, Kirovograd (held by a German regiment) to the
    east: of the hexes as far from the Soviet aims as the HQ keeps behind the division (8.3:
    supply is traced to it), the nearest the division is better for it than those four or more
    hexes farther along the front (22.1: it supports within four); without that an HQ drifted
    along the front to the map's edge in self-play."""
    from tests.rules.kirovograd.kiro_helpers import SU_HQ

    here = "2818"
    state = bare({SU_DIV: here, SU_HQ: here, GE_INF2: CITY}, side="soviet", orders={"c48": "mobile", "d320": "defense"})
    player = KiroPlayer("soviet", 1)
    seen = Observed(state, "soviet")
    goal, depth = player.goal(seen), player.hq_depth(seen, "c48")
    behind = sorted((state.board.distance(h, here), h) for h, d in goal.items() if d == depth)
    nearest = behind[0]
    far = [h for d, h in behind if d >= nearest[0] + 4]
    assert far
    assert player.hex_score(seen, SU_HQ, nearest[1]) < min(player.hex_score(seen, SU_HQ, h) for h in far)


def test_15_9_27b_a_destroyed_unit_costs_its_printed_worth_however_worn():
    """The 15.9 pick weighs the loss of a worn unit's last SP at its whole printed worth again
    (27.B): an armoured regiment of 6 SP worn to 1 SP costs 12 points more destroyed than its
    last SP alone (armour SP count 2)."""
    state = bare({GE_PZ: "2610"}, side="german")
    assert KiroPlayer("german", 1).destroyed_bonus(state, GE_PZ) == 12.0
    assert KiroPlayer("german", 1).destroyed_bonus(state, GE_INF2) == 4.0


def test_15_9_27b_a_worn_unit_in_a_victory_place_gives_ground_rather_than_die():
    """A German regiment (4 SP printed) worn to 1 SP holds Novo Ukrainka on mobile orders and is
    given D1R2 (its losses and retreats both optional, 15.9).  Three hexes of retreat out of a
    victory place cost it dear, but taking the three SP destroys it, and 27.B then gives the enemy
    its whole printed worth again (4 points, not the 1 SP it had left): it retreats."""
    from kharkovsuite.rules.kirovograd.fight import ChooseResult

    place = "1228"
    foe = ring(place, 1)[0]
    for faces in ((a, b) for a in range(1, 7) for b in range(a, 7)):
        state = bare({GE_INF2: place, SU_DIV: foe}, side="soviet", phase="combat_1_1",
                     orders={"d320": "mobile", "c48": "mobile"})
        state.units[GE_INF2].step = 3
        try:
            state = _soviet_attack_on_state(state, place, SU_DIV, faces)
        except AssertionError:
            continue
        if sorted(tuple(c) for c in state.pending[-1].data["choices"]) == [(0, 3), (1, 2), (2, 1), (3, 0)]:
            break
    else:
        raise AssertionError("no roll gives D1R2 here")
    assert KiroPlayer("german", 1).choose(state) == ChooseResult(loss=0, retreat=3)


def _moves_of_round(state, player, limit=30) -> dict[str, str]:
    """Unit -> the hex its move ends in, over one movement round of ``player``."""
    ends = {}
    for _ in range(limit):
        action = player.choose(state)
        if action.kind == "EndPhase":
            break
        if isinstance(action, Move):
            ends[action.units[0]] = action.path[-1]
        state.apply(action)
    return ends


def _city_decides(state, monkeypatch):
    """Opening Moves' victory conditions (31.1E-H: the USSR wins only holding Kirovograd) on a
    bare historical board."""
    data = state.board.data
    monkeypatch.setattr(state.board, "data", data.model_copy(update={"victory": data.victory.model_copy(update={"objective": "hold_kirovograd"})}))


def test_27_the_soviet_ai_holds_off_an_empty_kirovograd_it_cannot_fill_while_the_enemy_is_near(monkeypatch):
    """31.1E-H (Opening Moves: the city decides the game): two Soviet brigades within a move of
    an empty Kirovograd and a German unit eight hexes from it: two units cannot take the city's
    seven hexes, and a few in it would draw the German units into the rest, so neither enters
    it and neither stays within four hexes of it (HOLD_OFF).  Where points decide (27.A, the
    historical game) the same two units enter it."""
    from kharkovsuite.ai.kirovograd import HOLD_OFF

    city = set(fresh(1).scenario.map.cities["kirovograd"].hexes)
    start = next(h for h in ring(EDGE, 2) if h not in city)
    german = next(h for h in ring(CITY, 8) if all(n not in city for n in ring(h, 1)))
    placed = {SU_TANK: start, SU_MECH: start, GE_INF2: german}
    by_points = _moves_of_round(bare(placed, side="soviet", orders={"m5g": "mobile"}), KiroPlayer("soviet", 1))
    assert set(by_points.values()) <= city and len(set(by_points.values())) == 2
    state = bare(placed, side="soviet", orders={"m5g": "mobile"})
    _city_decides(state, monkeypatch)
    ends = _moves_of_round(state, KiroPlayer("soviet", 1))
    assert set(ends) == {SU_TANK, SU_MECH}
    board = state.board
    assert all(min(board.distance(h, c) for c in city) > HOLD_OFF for h in ends.values())


def test_27_the_soviet_ai_enters_an_empty_kirovograd_when_it_can_fill_every_hex(monkeypatch):
    """The counterpart: seven Soviet brigades within a move of the empty city, the German unit
    as near: each takes a hex of its own, and the city is Soviet in one movement round."""
    city = set(fresh(1).scenario.map.cities["kirovograd"].hexes)
    starts = [h for h in ring(EDGE, 2) if h not in city][:3]
    german = next(h for h in ring(CITY, 8) if all(n not in city for n in ring(h, 1)))
    brigades = ["su-5gm-10", "su-5gm-11", "su-5gm-12", "su-5gm-24", "su-8m-66", "su-8m-67", "su-8m-68"]
    placed = {u: starts[i // 3] for i, u in enumerate(brigades)}
    state = bare({**placed, GE_INF2: german}, side="soviet", orders={"m5g": "mobile", "m8": "mobile"})
    _city_decides(state, monkeypatch)
    ends = _moves_of_round(state, KiroPlayer("soviet", 1))
    assert set(ends.values()) == city


def test_27c_a_kirovograd_hex_held_by_a_worn_soviet_unit_is_reinforced():
    """27.C: a German attack that drives out a city hex's lone defender and advances takes the
    city back.  A Kirovograd hex held by a rifle division worn to 1 SP is one of the Soviet
    aims again (CITY_GARRISON), so the units near it make for it; held by the whole division
    (7 SP) it is not."""
    from kharkovsuite.ai.kirovograd import CITY_GARRISON

    state = bare({SU_DIV: CITY, SU_TANK: ring(CITY, 3)[0], GE_INF2: "1228"}, side="soviet", orders={"c48": "mobile", "m5g": "mobile"})
    player = KiroPlayer("soviet", 1)
    assert player.strength(Observed(state, "soviet"), SU_DIV) >= CITY_GARRISON
    assert CITY not in player.aims(Observed(state, "soviet"))
    state.units[SU_DIV].step = 6  # 16.0: 6 of its 7 SP lost
    state.cache.clear()
    worn = KiroPlayer("soviet", 1)
    assert worn.aims(Observed(state, "soviet"))[CITY] == 0


def _german_losses_to_name(placed: dict[str, str], worn: dict[str, int]):
    """A Soviet rifle division's attack on a German stack in ``PLAIN`` (units worn by ``worn``: SP
    lost), rolled until the defender, taking the most loss its result offers (15.9) and no
    support (15.3), is asked to name the unit of an SP (16.0): that state."""
    from kharkovsuite.rules.kirovograd.fight import AddAttacker, AttackHex, ChooseResult, ConfirmAttack, EndSupport

    class Faces:
        def __init__(self, *f):
            self.f = list(f)

        def randint(self, a, b):
            return self.f.pop(0)

    orders = {"c48": "mobile", "d320": "mobile"}
    for faces in ((a, b) for a in range(1, 7) for b in range(a, 7)):
        state = bare(placed, side="soviet", phase="combat_1_1", orders=orders)
        for u, lost in worn.items():
            state.units[u].step = lost
        for a in (AttackHex(hex=PLAIN), AddAttacker(unit=SU_DIV), ConfirmAttack()):
            state.apply(a)
        dice, state.rng = state.rng, Faces(*faces)
        state.apply(EndPhase())
        state.rng = dice
        while state.pending and state.pending[-1].kind in ("defensive_support", "combat_option"):
            d = state.pending[-1]
            state.apply(EndSupport() if d.kind == "defensive_support" else ChooseResult(*max(d.data["choices"])))
        if state.pending and state.pending[-1].kind == "combat_losses":
            return state
    raise AssertionError("no roll asks the defender to name a loss here")


def test_16_0_27b_the_german_ai_names_the_loss_that_gives_the_enemy_fewest_points():
    """A German regiment (4 SP printed) and its division's HQ (2 SP) stacked and attacked; the
    owner names the unit of each SP lost (16.0).  The regiment worn to its last SP would be
    destroyed, giving the enemy its whole printed worth twice (27.B: 8 points, 5 more than its
    3 SP lost already gave), where an SP off the fresh HQ gives 3: the HQ takes it.  With the HQ
    worn to its last SP (12 points destroyed) and the regiment fresh, the regiment takes it (1)."""
    from tests.rules.kirovograd.kiro_helpers import GE_HQ

    n = ring(PLAIN, 1)
    placed = {GE_INF2: PLAIN, GE_HQ: PLAIN, SU_DIV: n[0]}
    state = _german_losses_to_name(placed, {GE_INF2: 3})
    assert [a.unit for a in state.legal_actions().actions()] == [GE_INF2, GE_HQ]  # the first listed is the regiment
    assert KiroPlayer("german", 1).choose(state).unit == GE_HQ
    state = _german_losses_to_name(placed, {GE_HQ: 1})
    assert KiroPlayer("german", 1).choose(state).unit == GE_INF2


def test_22_27b_a_german_hq_near_the_enemy_stands_with_a_combat_unit_where_points_decide(monkeypatch):
    """A German division HQ three hexes from a Soviet rifle division: the hex of its own regiment
    is better for it than an empty hex as near the enemy and as far behind its formation (alone
    it is attacked at high odds and destroyed, 27.B: its printed worth twice).  In Opening Moves,
    decided by the city (31.1E-H), the HQ does not weigh it."""
    from tests.rules.kirovograd.kiro_helpers import GE_HQ

    here = "2610"
    n, far = ring(here, 1), ring(here, 3)
    state = bare({GE_INF2: here, GE_HQ: n[3], SU_DIV: far[0]}, side="german", orders={"d320": "defense", "c48": "defense"})
    player = KiroPlayer("german", 1)
    seen = Observed(state, "german")
    alone = "2510"
    near = player.enemy_near(seen)
    assert near[alone] == near[here] == 3 and player.goal(seen)[alone] == player.goal(seen)[here]
    assert player.hex_score(seen, GE_HQ, here) < player.hex_score(seen, GE_HQ, alone)
    _city_decides(state, monkeypatch)
    player = KiroPlayer("german", 1)
    assert player.hq_exposed(Observed(state, "german"), GE_HQ, alone) == 0.0



def test_22_27b_a_german_hq_five_hexes_from_the_enemy_still_stands_with_a_combat_unit_a_soviet_one_not():
    """27.B: the Soviet units move before they attack, so a German HQ five hexes from a Soviet
    rifle division already counts a hex without a combat unit of its side as exposed
    (:data:`HQ_EXPOSED`); six hexes off it does not.  A Soviet HQ five hexes from a German
    regiment does not either (three for it)."""
    from kharkovsuite.ai.kirovograd import HQ_ALONE, HQ_EXPOSED
    from tests.rules.kirovograd.kiro_helpers import GE_HQ, SU_HQ

    here = "2610"
    for gap, cost in ((HQ_EXPOSED["german"], HQ_ALONE), (HQ_EXPOSED["german"] + 1, 0.0)):
        state = bare({GE_INF2: here, GE_HQ: here, SU_DIV: ring(here, gap)[0]}, side="german")
        player, seen = KiroPlayer("german", 1), Observed(state, "german")
        alone = next(h for h in ring(here, 1) if player.enemy_near(seen)[h] == gap)
        assert player.hq_exposed(seen, GE_HQ, alone) == cost and player.hq_exposed(seen, GE_HQ, here) == 0.0
    assert HQ_EXPOSED["soviet"] < HQ_EXPOSED["german"] == 5
    state = bare({SU_DIV: PLAIN, SU_HQ: PLAIN, GE_INF2: ring(PLAIN, 5)[0]}, side="soviet")
    player, seen = KiroPlayer("soviet", 1), Observed(state, "soviet")
    alone = next(h for h in ring(PLAIN, 1) if player.enemy_near(seen)[h] == 5)
    assert player.hq_exposed(seen, SU_HQ, alone) == 0.0

def test_22_27b_a_soviet_hq_near_the_enemy_stands_with_a_combat_unit_where_points_decide(monkeypatch):
    """27.B: a Soviet corps HQ three hexes from a German regiment: the hex of one of its rifle
    divisions is better for it than an empty hex as near the enemy, its aim and its formation
    (alone it is attacked at high odds and destroyed, its printed worth twice; against
    ``greedy`` Soviet HQs were about a fifth of the German points).  A gun in the hex is no
    company; ``greedy`` does not weigh it, nor the ``ai`` in Opening Moves, decided by the city
    (31.1E-H)."""
    from kharkovsuite.ai.kirovograd import HQ_ALONE
    from tests.rules.kirovograd.kiro_helpers import SU_HQ

    here, alone = PLAIN, "0518"
    placed = {SU_DIV: here, SU_HQ: ring(here, 1)[3], GE_INF2: ring(here, 3)[0]}
    state = bare(placed, side="soviet")
    player = KiroPlayer("soviet", 1)
    seen = Observed(state, "soviet")
    near = player.enemy_near(seen)
    assert near[alone] == near[here] == 3 and player.goal(seen)[alone] == player.goal(seen)[here]
    assert player.formation_near(seen, "c48")[alone] <= 2  # near enough to its formation either way
    assert player.hex_score(seen, SU_HQ, alone) == player.hex_score(seen, SU_HQ, here) + HQ_ALONE
    state = bare({**placed, SU_DIV: ring(here, 2)[0], SU_ART: here}, side="soviet")
    player, seen = KiroPlayer("soviet", 1), Observed(state, "soviet")
    assert player.hq_exposed(seen, SU_HQ, here) == HQ_ALONE  # a gun is not a combat unit's company
    state = bare(placed, side="soviet")
    greedy = make_player("greedy", "soviet", 1, "kirovograd")
    assert greedy.hq_exposed(Observed(state, "soviet"), SU_HQ, alone) == 0.0
    _city_decides(state, monkeypatch)
    assert KiroPlayer("soviet", 1).hq_exposed(Observed(state, "soviet"), SU_HQ, alone) == 0.0


def test_8_1_27a_the_soviet_ai_trailing_after_kirovograd_fell_pays_its_orders_from_the_whole_track():
    """8.1, 27.A-B: on the turn's share of the supply points 9 of the 12 Soviet formations get
    paid orders on the first turn; once Kirovograd has fallen (its early bonus settled) and the
    USSR trails on points, it pays from all the points on the track, and all 12 go mobile or
    pursue.  Ahead on points (German units destroyed) it keeps to the share."""
    from kharkovsuite.rules.kirovograd.victory import ELIMINATED

    def paid(taken: bool, german_lost: tuple[str, ...]) -> int:
        state = fresh(1)
        if taken:
            state.game["kirovograd_taken"] = 3
        for uid in german_lost:
            state.to_box(uid, ELIMINATED)
        given = _orders_given(state, KiroPlayer("soviet", 1))
        assert len(given) == 12
        return sum(1 for o in given.values() if o != "defense")

    assert paid(False, ()) == 9
    assert paid(True, ()) == 12
    assert paid(True, (GE_PZ, "de-3p-hq", "de-320-art")) == 9


def test_27b_the_german_panzers_hunt_soviet_hqs_and_guns_standing_alone_where_points_decide(monkeypatch):
    """27.B: a destroyed unit gives twice its printed worth, an HQ or artillery SP 3 points.  A
    German armoured regiment on mobile orders, a Soviet rifle division three hexes off one way and
    a Soviet corps HQ six hexes off the other (beyond the four hexes of its counter-attacks): the
    lone HQ is its aim, and it ends its move next to it.  With a gun the hex is still hunted, with
    a rifle division in it or nine hexes away (beyond :data:`HUNT_RADIUS`) not.  In Opening Moves,
    decided by the city (31.1E-H), the panzers make for the division."""
    from tests.rules.kirovograd.kiro_helpers import SU_HQ

    here = "2610"
    hq, div, far = ring(here, 6)[0], ring(here, 3)[9], ring(here, 9)[0]
    orders = {"p3": "mobile", "c48": "defense"}
    state = bare({GE_PZ: here, SU_HQ: hq, SU_DIV: div}, side="german", orders=orders)
    assert KiroPlayer("german", 1).hunt(Observed(state, "german")) == [hq]
    assert state.board.distance(_moves_of_round(state, KiroPlayer("german", 1))[GE_PZ], hq) == 1
    for extra, hunted in (({SU_ART: hq}, [hq]), ({SU_DIV2: hq}, []), ({SU_HQ: far}, [])):
        state = bare({GE_PZ: here, SU_HQ: hq, SU_DIV: div, **extra}, side="german", orders=orders)
        assert KiroPlayer("german", 1).hunt(Observed(state, "german")) == hunted
    state = bare({GE_PZ: here, SU_HQ: hq, SU_DIV: div}, side="german", orders=orders)
    _city_decides(state, monkeypatch)
    assert state.board.distance(_moves_of_round(state, KiroPlayer("german", 1))[GE_PZ], div) == 1


def test_27b_a_worn_german_panzer_near_the_enemy_stands_with_a_fresh_combat_unit_where_points_decide(monkeypatch):
    """27.B: a worn unit attacked alone is destroyed at high odds, giving its whole printed worth
    twice.  A German armoured regiment worn to 4 of its 6 SP, a Soviet rifle division three hexes
    off: the hex of a fresh German regiment is better for it than an empty hex as near the enemy
    and its aim.  A worn regiment there does not make the hex better, nor does it weigh for a
    fresh panzer regiment; in Opening Moves, decided by the city (31.1E-H), it is not weighed."""
    from kharkovsuite.ai.kirovograd import WORN_ALONE

    here, alone = "2610", "2510"
    foe = ring(here, 3)[0]
    state = bare({GE_INF2: here, GE_PZ: ring(here, 1)[3], SU_DIV: foe}, side="german",
                 orders={"d320": "defense", "p3": "mobile", "c48": "defense"})
    player = KiroPlayer("german", 1)
    seen = Observed(state, "german")
    near = player.enemy_near(seen)
    assert near[alone] == near[here] == 3 and player.goal(seen, GE_PZ)[alone] == player.goal(seen, GE_PZ)[here]
    fresh_score = player.hex_score(seen, GE_PZ, alone)
    assert player.hex_score(seen, GE_PZ, here) == fresh_score  # a fresh panzer: no difference
    state.units[GE_PZ].step = 2
    player, seen = KiroPlayer("german", 1), Observed(state, "german")
    worn_here, worn_alone = player.hex_score(seen, GE_PZ, here), player.hex_score(seen, GE_PZ, alone)
    assert worn_alone >= worn_here + 2  # the hex with the fresh regiment is clearly better
    assert worn_alone == worn_here + WORN_ALONE
    state.units[GE_INF2].step = 1
    player, seen = KiroPlayer("german", 1), Observed(state, "german")
    assert player.hex_score(seen, GE_PZ, alone) == player.hex_score(seen, GE_PZ, here)
    state.units[GE_INF2].step = 0
    _city_decides(state, monkeypatch)
    player, seen = KiroPlayer("german", 1), Observed(state, "german")
    assert player.hex_score(seen, GE_PZ, alone) == player.hex_score(seen, GE_PZ, here)


def test_27b_a_soviet_gun_near_the_enemy_stands_with_a_combat_unit_while_the_ussr_trails():
    """27.B: a Soviet artillery brigade three hexes from a German regiment, Kirovograd fallen and
    the USSR behind on points (:meth:`KiroPlayer.spend_all`): the hex of a rifle division is
    better for it than an empty hex as near the enemy and as near its aim (alone it is attacked
    and destroyed, its printed worth twice; ``greedy`` picks off lone guns).  Before the city
    falls (the historical game's opening) the gun does not weigh it."""
    from kharkovsuite.rules.kirovograd.victory import ELIMINATED

    here = PLAIN
    state = bare({SU_DIV: here, SU_ART: ring(here, 1)[3], GE_INF2: ring(here, 3)[0]}, side="soviet")
    state.game["kirovograd_taken"] = 12  # too late for 27.B's early bonus
    state.to_box(SU_TANK, ELIMINATED)  # its points put the USSR behind
    player = KiroPlayer("soviet", 1)
    seen = Observed(state, "soviet")
    alone = "0518"
    near = player.enemy_near(seen)
    assert player.spend_all(state, seen)
    assert near[alone] == near[here] == 3 and player.goal(seen)[alone] == player.goal(seen)[here]
    assert player.hex_score(seen, SU_ART, here) < player.hex_score(seen, SU_ART, alone)
    state.game["kirovograd_taken"] = None
    player = KiroPlayer("soviet", 1)
    assert player.gun_exposed(Observed(state, "soviet"), SU_ART, alone) == 0.0


def _trailing_attacks(placed: dict[str, str], orders: dict[str, str], taken: bool) -> list:
    """The Soviet ai's planned attacks in a combat round, Kirovograd fallen (27.B's bonus
    settled) or not; with it fallen the USSR trails on points, so :meth:`KiroPlayer.spend_all`
    holds."""
    state = bare(placed, side="soviet", phase="combat_1_1", orders=orders)
    if taken:
        state.game["kirovograd_taken"] = 3
    player = KiroPlayer("soviet", 1)
    seen = Observed(state, "soviet")
    assert player.spend_all(state, seen) is taken
    return player.plan_attacks(state, seen, ATTACK_FLOOR)


def test_14_1c_the_soviet_ai_trailing_attacks_with_the_units_no_other_enemy_hex_binds():
    """14.1C: two rifle divisions next to a German recon battalion, the second also next to a
    strong German stack, whose ZOC then owes an attack on it.  The two together cannot make
    that attack (the first is not next to the stack, 14.3H; no unit is free), and the second
    alone on both hexes prices below the floor: nothing is attacked.  Trailing after the city
    fell (:meth:`KiroPlayer.spend_all`), the first division, which no other enemy hex binds,
    attacks the battalion as a group of its own."""
    board = fresh(1).board
    target, first, second = PLAIN, ring(PLAIN, 1)[0], ring(PLAIN, 1)[2]
    stack = next(h for h in ring(PLAIN, 2) if board.distance(h, second) == 1 and board.distance(h, first) > 1)
    placed = {GE_RECON: target, GE_PZ: stack, GE_INF: stack, SU_DIV: first, SU_DIV2: second}
    orders = {"c48": "mobile", "p3": "mobile", "k47": "defense"}
    assert _trailing_attacks(placed, orders, taken=False) == []
    assert _trailing_attacks(placed, orders, taken=True) == [((target,), (SU_DIV,), ())]


def test_14_1c_14_3h_the_soviet_ai_trailing_attacks_an_owed_hex_apart_when_that_is_worth_more():
    """14.1C, 14.3H: a rifle division next to a German recon battalion (2-1) and a German
    regiment, whose ZOC owes an attack on it; a tank brigade is next to the regiment alone.
    Taking the regiment as a further target reads 1-3 and sinks the package below the floor, so
    nothing is attacked.  Trailing after the city fell (:meth:`KiroPlayer.spend_all`), the owed
    hex joins the attack only when that prices better than attacking it apart: the division
    attacks the battalion and the tank brigade the regiment."""
    board = fresh(1).board
    target = PLAIN
    regiment = next(h for h in ring(PLAIN, 2) if board.distance(h, ring(PLAIN, 1)[2]) == 1 and board.distance(h, ring(PLAIN, 1)[0]) > 1)
    division = next(h for h in ring(PLAIN, 1) if board.distance(h, regiment) == 1)
    tank = next(h for h in ring(regiment, 1) if board.distance(h, target) > 1 and board.distance(h, division) > 1)
    far = ring(PLAIN, 5)[9]  # out of the fight: German units whose points keep the USSR behind
    placed = {GE_RECON: target, GE_INF3: regiment, SU_DIV: division, SU_TANK: tank, GE_PZ: far, GE_INF: far}
    orders = {"c48": "mobile", "d320": "defense", "p3": "mobile", "m5g": "mobile"}
    assert _trailing_attacks(placed, orders, taken=False) == []
    assert _trailing_attacks(placed, orders, taken=True) == [((target,), (SU_DIV,), ()), ((regiment,), (SU_TANK,), ())]


def test_25_2_the_soviet_ai_gives_the_armour_replacements_to_the_most_worn_tank_unit_first():
    """25.2: with armour replacement points in hand, the Soviet ``ai``'s first step of a movement
    round makes good the tank unit that has lost most SP, as many points as it can take (each SP
    made good is two points fewer for the enemy, 27.B); then the next one.  ``greedy`` moves."""
    from kharkovsuite.rules.kirovograd.actions import TakeReplacements

    worn, worse = "su-18t-110", "su-18t-170"

    def worn_brigades():
        state = bare({worn: "4030", worse: "4032", GE_INF: PLAIN}, side="soviet", orders={"t18": "mobile"})
        state.units[worn].step, state.units[worse].step = 1, 3
        state.game["replacement_points"] = 10
        state.cache.clear()
        return state

    state, player = worn_brigades(), KiroPlayer("soviet", 1)
    first = player.choose(state)
    assert first == TakeReplacements(unit=worse, points=3)
    state.apply(first)
    assert player.choose(state) == TakeReplacements(unit=worn, points=1)
    state = worn_brigades()
    assert {TakeReplacements(unit=worse, points=3)} <= set(state.legal_actions()[:])
    assert not isinstance(make_player("greedy", "soviet", 1, "kirovograd").choose(state), TakeReplacements)


def test_21_3_8_1_a_soviet_gun_fires_on_the_points_the_track_holds_and_those_the_turn_record_still_brings():
    """21.3, 3.2, 27.A: a shot costs a supply point, and where points decide the Soviet guns keep
    :data:`POINTS_FIRE_RESERVE` points for each turn left, counting the points the turn record
    still brings.  On game turn
    7 of the historical game the points to come cover the reserve, so one point on the track lets
    the guns fire and none does not.  Were nothing to come, the track alone would have to pass
    the reserve."""
    from kharkovsuite.ai.kirovograd import POINTS_FIRE_RESERVE

    def fires(points: float, coming: float | None = None) -> bool:
        state = bare({SU_ART: "4030", GE_INF: PLAIN}, side="soviet", turn=7)
        state.game["supply"]["soviet"] = points
        player = KiroPlayer("soviet", 1)
        if coming is not None:
            player.deliveries = lambda state, seen: coming
        return player.may_fire(state, Observed(state, "soviet"), SU_ART)

    reserve = POINTS_FIRE_RESERVE * (24 - 7)
    seen = Observed(bare({}, side="soviet", turn=7), "soviet")
    assert KiroPlayer("soviet", 1).deliveries(seen.state, seen) > reserve  # 60 points to come
    assert fires(1) and not fires(0)
    assert not fires(reserve, coming=0.0) and fires(reserve + 1, coming=0.0)
    assert not fires(reserve - 5, coming=5.0) and fires(reserve - 4, coming=5.0)


def test_21_3_31_1e_in_opening_moves_the_soviet_guns_keep_four_points_a_turn_left_on_the_track_alone(monkeypatch):
    """21.3, 31.1E-H: where the city decides, the Soviet track keeps 4 points for each turn left
    and counts only what it holds (the points go to the orders)."""
    state = bare({SU_ART: "4030", GE_INF: PLAIN}, side="soviet", turn=7)
    _city_decides(state, monkeypatch)
    reserve = 4 * (24 - 7)
    for points, fires in ((reserve, False), (reserve + 1, True)):
        state.game["supply"]["soviet"] = points
        assert KiroPlayer("soviet", 1).may_fire(state, Observed(state, "soviet"), SU_ART) is fires


def _guard_position(phase: str, enemy_at: int):
    """A German armoured regiment next to its HQ, a Soviet rifle division ``enemy_at`` hexes off,
    both formations on mobile orders; the regiment's and the HQ's moves are spent."""
    far = ring(PLAIN, enemy_at)[0]
    state = bare({GE_PZ: PLAIN, GE_PZ_HQ: ring(PLAIN, 1)[3], SU_DIV: far}, side="german", phase=phase,
                 orders={"p3": "mobile", "c48": "mobile"})
    state.phase_data["moved"] = [GE_PZ, GE_PZ_HQ]
    return state


def test_12_1_12_3_2_the_german_ai_ends_its_player_turn_with_its_idle_panzers_in_reserve():
    """12.1, 12.3.2: where points decide, a German panzer stack out of the enemy's reach (more than
    two hexes off) goes into reserve once the last movement round of its player turn has nothing
    else to do, so that it may step into an attacked hex in the Soviet combat rounds.  Not in the
    first round (a reserve there would not move in the second, 12.3.1C), not within two hexes of
    the enemy (it may attack), not in Opening Moves (31.1E-H), and not by ``greedy``."""
    from kharkovsuite.rules.kirovograd import counters
    from kharkovsuite.rules.kirovograd.actions import PlaceReserve

    state = _guard_position("move_1_2", 4)
    assert PlaceReserve(units=(GE_PZ,)) in state.legal_actions().actions()
    action = KiroPlayer("german", 1).choose(state)
    assert action == PlaceReserve(units=(GE_PZ,))
    state.apply(action)
    assert counters.has(state, GE_PZ, counters.RESERVE)
    assert KiroPlayer("german", 1).choose(state) == EndPhase()  # it is not committed again in the round it was placed
    assert make_player("greedy", "german", 1, "kirovograd").choose(_guard_position("move_1_2", 4)).kind != "PlaceReserve"
    assert KiroPlayer("german", 1).choose(_guard_position("move_1_1", 4)).kind != "PlaceReserve"
    assert KiroPlayer("german", 1).choose(_guard_position("move_1_2", 2)).kind != "PlaceReserve"
    foot = bare({GE_INF2: PLAIN, GE_HQ: ring(PLAIN, 1)[3], SU_DIV: ring(PLAIN, 4)[0]}, side="german", phase="move_1_2",
                orders={"d320": "mobile", "c48": "mobile"})
    foot.phase_data["moved"] = [GE_INF2, GE_HQ]
    assert PlaceReserve(units=(GE_INF2,)) in foot.legal_actions().actions()
    assert KiroPlayer("german", 1).choose(foot).kind != "PlaceReserve"  # infantry holds the line, it does not guard


def test_12_1_the_german_ai_keeps_no_reserve_where_the_city_decides(monkeypatch):
    state = _guard_position("move_1_2", 4)
    _city_decides(state, monkeypatch)
    assert KiroPlayer("german", 1).choose(state).kind != "PlaceReserve"


def test_12_3_2_a_german_reserve_steps_into_the_hex_of_a_lone_hq_the_soviets_attack():
    """12.3.2B, 27.B: a Soviet rifle division attacks the lone HQ of the 3rd Panzer, whose armoured
    regiment stands in reserve two hexes off; the German player commits the regiment into the
    HQ's hex (an HQ destroyed gives its printed worth twice).  With a fresh combat unit already
    in the attacked hex it declines."""
    from kharkovsuite.engine.actions import CommitReserve
    from kharkovsuite.rules.kirovograd import counters, reserves
    from kharkovsuite.rules.kirovograd.fight import AddAttacker, AttackHex, ConfirmAttack

    def attacked(extra: dict):
        hq = ring(PLAIN, 2)[0]
        state = bare({GE_PZ: PLAIN, GE_PZ_HQ: hq, SU_DIV: ring(hq, 1)[0], **extra}, side="soviet", phase="combat_1_1",
                     orders={"p3": "mobile", "c48": "mobile", "k47": "mobile"})
        state.set_flag(GE_PZ, counters.RESERVE)
        state.game["reserves"] = {"p3": [GE_PZ]}
        for a in (AttackHex(hex=hq), AddAttacker(unit=SU_DIV), ConfirmAttack(), EndPhase()):
            state.apply(a)
        assert (state.pending[-1].kind, state.to_act) == (reserves.DECISION, "german")
        return state, hq

    state, hq = attacked({})
    action = KiroPlayer("german", 1).choose(state)
    assert isinstance(action, CommitReserve) and action.units == (GE_PZ,) and action.hexes[-1] == hq
    state.apply(action)
    assert state.units[GE_PZ].hex == hq
    guarded, _hq = attacked({GE_INF: ring(PLAIN, 2)[0]})
    assert KiroPlayer("german", 1).choose(guarded).kind == "DeclineReserve"
    gun = "de-3p-75"  # worth more destroyed than the HQ (15 points to 9), but not attacked
    elsewhere, hq = attacked({gun: ring(PLAIN, 1)[0]})
    action = KiroPlayer("german", 1).choose(elsewhere)
    assert isinstance(action, CommitReserve) and action.hexes[-1] == hq


def test_27b_once_kirovograd_has_fallen_the_soviet_ai_seeks_no_town_that_is_not_a_victory_place(monkeypatch):
    """27.A-B: in the historical game and the Endgame only Kirovograd, Novomirgorod and Novo
    Ukrainka score.  Once the city has fallen the Soviet player neither makes for Malyi Viski (a
    town, 1613) nor prices clearing it above any other hex; before, the towns on its roads are
    aims.  In Opening Moves (31.1E-H) it seeks them whatever the city, and ``greedy`` prices
    towns as before."""
    town = "1613"
    state = bare({SU_TANK: ring(town, 3)[0], GE_INF: ring(town, 5)[0]}, side="soviet")
    assert town in KiroPlayer("soviet", 1).town_hexes(state) and town in KiroPlayer("soviet", 1).aims(Observed(state, "soviet"))
    state.game["kirovograd_taken"] = 8
    player = KiroPlayer("soviet", 1)
    assert town not in player.town_hexes(state) and town not in player.aims(Observed(state, "soviet"))
    assert town in KiroPlayer("german", 1).town_hexes(state)
    assert make_player("greedy", "soviet", 1, "kirovograd").town_hexes(state) == KiroPlayer("german", 1).town_hexes(state)
    _city_decides(state, monkeypatch)
    opening = KiroPlayer("soviet", 1)
    assert town in opening.town_hexes(state) and town in opening.aims(Observed(state, "soviet"))


def test_27a_where_points_decide_the_german_line_attacks_at_a_lower_floor(monkeypatch):
    """Three German infantry regiments on defense orders next to a Soviet rifle division (3-1):
    the attack promises more than :data:`POINTS_HOLD_FLOOR` and less than :data:`HOLD_FLOOR`.
    Where points decide (27.A: the historical game) the German player holding the line makes
    it; where the city decides (31.1E-H: Opening Moves) it holds."""
    here = "2610"
    foe = ring(here, 1)[0]
    other = [h for h in ring(foe, 1) if h in ring(here, 1)][0]
    placed = {GE_INF2: here, GE_INF3: here, GE_INF: other, SU_DIV: foe}
    orders = {"d320": "defense", "c48": "assault", "k47": "defense"}
    state = bare(placed, side="german", phase="combat_1_1", orders=orders)
    attackers = (GE_INF2, GE_INF3, GE_INF)
    assert state.rules.combat_preview(state, attackers, (foe,)).column == "3-1"
    worth = KiroPlayer("german", 1).price(state, Observed(state, "german"), attackers, (foe,))[0]
    assert POINTS_HOLD_FLOOR <= worth < HOLD_FLOOR
    action = KiroPlayer("german", 1).choose(state)
    assert action.kind == "AttackHex" and action.hex == foe
    state = bare(placed, side="german", phase="combat_1_1", orders=orders)
    _city_decides(state, monkeypatch)
    assert KiroPlayer("german", 1).choose(state) == EndPhase()
