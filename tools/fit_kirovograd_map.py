"""Which hex Kirovograd's centre should sit on: score every candidate anchor against the Endgame
set-up tables (rules 31.2) and print the figures docs/reconstruction/kirovograd.md quotes.

    .venv/bin/python tools/fit_kirovograd_map.py            # the ten best anchors and the chosen one

The grid (flat hexes, XXYY, even columns lower, 2.41 km) is the spec's; only the anchor moves.
Each check says where the 9 January positions put a place, the score counts the checks met, and
ties go to the smaller misfit (hexes between the hill south of Kanizh and the German line, plus
hexes between Kirovograd and the Soviet southern front beyond one).
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for _p in (ROOT, ROOT / "tools"):
    if str(_p) not in sys.path:
        sys.path.insert(0, str(_p))

from mapbuilder import load_spec, make_grid, make_projection, spec_gazetteer  # noqa: E402

SPEC = ROOT / "tools" / "maps" / "kirovograd.yaml"

# 31.2: the hexes each side's formations must cover on 9 January
SOVIET = ("2901 2902 2903 2904 2804 2805 2806 2708 2709 2710 2910 2810 2811 2912 3111 3112 3113 3114 "
          "3015 2916 2917 3017 3118 3320 3420 3520 3620 3721 3820 2614 2515 2516 2616").split()
GERMAN = ("2501 2502 2503 2504 2505 2506 2507 2508 2509 2610 2611 2612 2513 2413 2414 2415 2416 "
          "2922 2921 3020 3121 3221").split()
SOUTHERN_FRONT = "3320 3420 3520 3620 3721 3820".split()
GERMAN_REAR = ("novo_ukrainka", "novomirgorod", "malyi_viski", "zlynka")
NAMED = ("kirovograd", "novo_ukrainka", "novomirgorod", "malyi_viski", "zlynka", "kanizh", "martynosh", "lelekovka")


def nearest(grid, h: str, hexes: list[str]) -> int:
    return min(grid.distance(h, x) for x in hexes)


def score(spec: dict, gaz: dict, anchor: str) -> tuple[int, int, dict[str, bool]]:
    """(checks met, misfit in hexes, the checks) with Kirovograd on ``anchor``."""
    spec = dict(spec, projection=dict(spec["projection"], anchor_hex=anchor))
    grid = make_grid(spec["grid"])
    proj, layout = make_projection(spec, gaz, grid), grid.layout(1.0)

    def hex_of(lat: float, lon: float) -> str | None:
        # the projection and the grid only: no hex polygons needed for 400 anchors
        h = layout.hex_at(*proj.xy(lat, lon))
        return grid.hex_id(h) if grid.on_map(h) else None

    at = {t["id"]: hex_of(t["lat"], t["lon"]) for t in gaz["towns"]}
    hill = next(h for h in gaz["hills"] if h["id"] == "kanizh-hill")
    hill_hex = hex_of(*hill["at"])
    ok: dict[str, bool] = {}
    ok["the named places are on the map, off its edge rows"] = all(
        at[t] is not None and 1 < grid.row_col(at[t])[0] < grid.spec.rows and 1 < grid.row_col(at[t])[1] < grid.spec.columns
        for t in NAMED
    )
    if not ok["the named places are on the map, off its edge rows"] or hill_hex is None:
        return 0, 99, ok
    k = at["kirovograd"]
    ok["Kirovograd nearer the Soviet than the German 31.2 hexes"] = nearest(grid, k, SOVIET) < nearest(grid, k, GERMAN)
    ok["Kirovograd east of the German line (column > 26)"] = grid.row_col(k)[1] > 26
    ok["Kirovograd not south of the Soviet southern front"] = grid.row_col(k)[0] <= 21
    for t in GERMAN_REAR:
        ok[f"{t} west of the German line (column < 24)"] = grid.row_col(at[t])[1] < 24
    ok["hill south of Kanizh within 2 hexes of a German 31.2 hex"] = nearest(grid, hill_hex, GERMAN) <= 2
    ok["Kanizh north of the German line's south end (row < 16)"] = grid.row_col(at["kanizh"])[0] < 16
    misfit = nearest(grid, hill_hex, GERMAN) + abs(nearest(grid, k, SOUTHERN_FRONT) - 1)
    return sum(ok.values()), misfit, ok


def main() -> int:
    spec = load_spec(SPEC)
    gaz = spec_gazetteer(spec)
    grid = make_grid(spec["grid"])
    results = []
    for col in range(28, 48):
        for row in range(10, 30):
            anchor = grid.id_at(row, col)
            met, misfit, _ok = score(spec, gaz, anchor)
            results.append((-met, misfit, anchor))
    results.sort()
    chosen = spec["projection"]["anchor_hex"]
    print(f"{len(results)} anchors scored; best ten (checks met of {len(score(spec, gaz, chosen)[2])}, misfit):")
    full = [a for neg, _m, a in results if -neg == len(score(spec, gaz, chosen)[2])]
    print(f"{len(full)} anchors meet every check")
    for neg, misfit, anchor in results[:10]:
        print(f"  {anchor}: {-neg} checks, misfit {misfit}")
    met, misfit, ok = score(spec, gaz, chosen)
    print(f"chosen {chosen}: {met} checks, misfit {misfit}")
    for name, good in ok.items():
        print(f"  {'yes' if good else 'NO '} {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
