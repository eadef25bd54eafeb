"""Saved games: the scenario path, the seed and the action list, plus a snapshot.

A game made from a scenario held in memory (no file behind it) carries the scenario itself
in the save, so every save opens again.

Replaying the actions from the seed rebuilds the game exactly (every die comes from the
state's seeded generator); the snapshot only makes loading quick.  Files are written
atomically, so a crash never leaves half a save.

A save (``format: kharkovsuite-save``, ``version: 2``) also names its scenario's id and
carries a SHA-256 checksum of its snapshot.  Loading checks everything before a game is
made of it: the JSON, the format and version, the checksum, that the snapshot belongs to
the scenario, and that the position is possible (each unit of the scenario once, in one
hex of the map or in a box, the turn and phase in range).  Any doubt is a :class:`SaveError`
naming the file and the reason.  Saves written before versions existed
(``format: kharkovsuite-save/1``, no checksum) are read as version 1 and checked the same way.
"""
from __future__ import annotations

import hashlib
import json
import os
import random
from pathlib import Path
from typing import Any

from ..scenario import atomic_write
from .actions import Action, action_from_dict
from .options import OptionError

SAVE_FORMAT = "kharkovsuite-save"
SAVE_VERSION = 2
#: The format name of version 1, which had no version field and no checksum.
SAVE_FORMAT_V1 = "kharkovsuite-save/1"
#: Saves larger than this are refused before they are read (a long game is a few MB).
MAX_SAVE_BYTES = 200_000_000


class SaveError(ValueError):
    """A file that is not a save this program can open; the message names the file and why."""


def snapshot_checksum(snapshot: dict) -> str:
    """SHA-256 of the snapshot's canonical JSON (sorted keys, no spaces)."""
    text = json.dumps(snapshot, sort_keys=True, separators=(",", ":"), allow_nan=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def save_data(state) -> dict[str, Any]:
    """The save of ``state`` as JSON-ready data."""
    snapshot = state.to_dict()
    data = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "scenario": state.scenario_path,
        "scenario_id": state.scenario.id,
        "rules": state.scenario.rules,
        "seed": state.seed,
        "setup": state.setup,
        "options": dict(state.options),
        "actions": [a.to_dict() for a in state.actions],
        "snapshot_sha256": snapshot_checksum(snapshot),
        "snapshot": snapshot,
    }
    if state.scenario_path is None:
        from ..scenario.io import scenario_to_data

        data["scenario_data"] = scenario_to_data(state.scenario)
    return data


def save(state, path: str | os.PathLike) -> None:
    # Compact JSON: the indented form is written by a pure-Python encoder, many times slower.
    atomic_write(Path(path), json.dumps(save_data(state), separators=(",", ":"), allow_nan=False))


def autosave(state, path: str | os.PathLike, previous: str | os.PathLike) -> None:
    """Save ``state`` to ``path`` and keep the save it replaces as ``previous``.

    The new save is written beside ``path`` and renamed into place while the old one is still
    there under a second name (a hard link), which then becomes ``previous``.  A crash at any
    moment leaves ``path`` holding a complete save, the old one or the new one.
    """
    path, previous = Path(path), Path(previous)
    text = json.dumps(save_data(state), separators=(",", ":"), allow_nan=False)
    keep = previous.with_name(f".{previous.name}.rotating.tmp")
    _remove(keep)  # left by a save that was killed
    had_old = _link_or_copy(path, keep)
    atomic_write(path, text)
    if had_old:
        os.replace(keep, previous)


def _link_or_copy(source: Path, target: Path) -> bool:
    """A second name for ``source`` (a copy where hard links are not possible); False without one."""
    try:
        os.link(source, target)
    except FileNotFoundError:
        return False
    except OSError:
        atomic_write(target, source.read_text(encoding="utf-8"))
    return True


def _remove(path: Path) -> None:
    try:
        path.unlink()
    except FileNotFoundError:
        pass


# ----------------------------------------------------------------------------- loading


def _refuse_constant(name: str):
    raise ValueError(f"{name} is not a number a save may hold")


def read_save(path: str | os.PathLike) -> dict[str, Any]:
    """The checked top level of a save file (format, version, checksum); raises SaveError."""
    path = Path(path)
    try:
        if path.stat().st_size > MAX_SAVE_BYTES:
            raise SaveError(f"{path}: the file is too large for a save ({path.stat().st_size:,} bytes)")
        text = path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        raise SaveError(f"{path}: no such file") from None
    except OSError as exc:
        raise SaveError(f"{path}: cannot be read: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise SaveError(f"{path}: not a save (byte {exc.start} is not UTF-8 text)") from None
    try:
        data = json.loads(text, parse_constant=_refuse_constant)
    except RecursionError:
        raise SaveError(f"{path}: not a save (nested too deeply)") from None
    except ValueError as exc:
        where = f" at line {exc.lineno}" if isinstance(exc, json.JSONDecodeError) else ""
        hint = " (the file is cut short)" if isinstance(exc, json.JSONDecodeError) and exc.pos >= len(text.rstrip()) else ""
        raise SaveError(f"{path}: not a save: damaged JSON{where}{hint}: {exc.msg if hasattr(exc, 'msg') else exc}") from None
    if not isinstance(data, dict):
        raise SaveError(f"{path}: not a save (the file holds a JSON {type(data).__name__}, not an object)")
    fmt = data.get("format")
    if fmt == SAVE_FORMAT_V1 and "version" not in data:
        version = 1
    elif fmt == SAVE_FORMAT:
        version = data.get("version")
        if version != SAVE_VERSION:
            raise SaveError(f"{path}: save version {version!r} is not one this program reads (it reads 1 and {SAVE_VERSION})")
    else:
        raise SaveError(f"{path}: not a {SAVE_FORMAT} file (format {fmt!r})")
    for key, kind, what in (("snapshot", dict, "an object"), ("actions", list, "a list"), ("seed", int, "a whole number"), ("setup", str, "a name")):
        if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
            raise SaveError(f"{path}: the save has no valid {key!r} ({what} expected)")
    if version >= 2:
        try:
            actual = snapshot_checksum(data["snapshot"])
        except (TypeError, ValueError):
            actual = None
        if actual != data.get("snapshot_sha256"):
            raise SaveError(f"{path}: the snapshot does not match its checksum (the file was changed or damaged)")
    return data


def load(path: str | os.PathLike, replay_actions: bool = False, scenario=None, headless: bool = False):
    """Open a save; with ``replay_actions`` the game is rebuilt from its actions, not the snapshot.
    ``headless`` admits a game of a rule system that runs only for the headless tools, as
    :func:`~kharkovsuite.engine.new_game` does.

    ``scenario`` (a loaded Scenario) is used instead of reading the file the save names; the
    game keeps that name, so saving it again still points to the file.  Raises
    :class:`SaveError` for a file that is not a save of a possible position of the scenario
    (and :class:`~kharkovsuite.scenario.ScenarioError` when the scenario file itself is bad).
    """
    from . import new_game

    data = read_save(path)
    scenario_path = data.get("scenario")
    if scenario_path is not None and not isinstance(scenario_path, str):
        raise SaveError(f"{path}: the scenario a save names is a file path, got {scenario_path!r}")
    if scenario is None and data.get("scenario_data") is not None:
        from ..scenario.io import loads_scenario

        scenario = loads_scenario(json.dumps(data["scenario_data"]), f"{path} (its scenario)")
    if scenario is None:
        if not scenario_path:
            raise SaveError(f"{path}: the save names no scenario file and carries no scenario")
        scenario = scenario_path
    # the game first: a rule system names its kinds of action when it starts, and a save opened before any game of
    # its system had started read each of them as unknown
    try:
        state = new_game(scenario, data["seed"], data["setup"], headless=headless, options=_options(path, data))
    except OptionError as exc:
        raise SaveError(f"{path}: {exc}") from None
    saved_id = data.get("scenario_id")
    if saved_id is not None and saved_id != state.scenario.id:
        raise SaveError(f"{path}: the save is a game of scenario {saved_id!r}, not of {state.scenario.id!r}")
    try:
        actions = [action_from_dict(a) for a in data["actions"]]
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        raise SaveError(f"{path}: an action in the save is damaged: {exc}") from None
    if replay_actions:
        _replay_onto(path, state, actions)
    else:
        problem = snapshot_problem(state, data["snapshot"])
        if problem:
            raise SaveError(f"{path}: impossible position in the snapshot: {problem}")
        try:
            state.restore(data["snapshot"])
            state.phase, state.to_act  # noqa: B018 - the rule system reads the restored counters
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise SaveError(f"{path}: the snapshot is damaged: {type(exc).__name__}: {exc}") from None
    if state.scenario_path is None and scenario_path:
        state.scenario_path = scenario_path  # a scenario handed in keeps the file name the save gave
    return state


def _replay_onto(path, state, actions: list[Action]) -> None:
    """The saved actions applied to the new game ``state``, in order."""
    from .errors import IllegalAction

    try:
        for action in actions:
            state.apply(action)
    except IllegalAction as exc:
        raise SaveError(f"{path}: the saved actions do not replay: {exc}") from None


def _options(path, data: dict) -> dict | None:
    """The options a save was played with (None: an older save, played with the scenario's own)."""
    options = data.get("options")
    if options is not None and not (isinstance(options, dict) and all(isinstance(k, str) for k in options)):
        raise SaveError(f"{path}: the options of a save are an object of names, got {options!r}")
    return options


def replay(scenario, seed: int, actions: list[Action], setup: str = "historical", headless: bool = False,
           options: dict | None = None):
    """A new game from ``seed`` with ``actions`` applied in order (``headless``: see :func:`load`;
    ``options``: the game's options, see :mod:`.options`)."""
    from . import new_game

    state = new_game(scenario, seed, setup, headless=headless, options=options)
    for action in actions:
        state.apply(action)
    return state


# ----------------------------------------------------------------------------- positions

_SNAPSHOT_KEYS = ("turn", "phase_index", "terminal", "units", "at", "pending", "phase_data", "turn_data", "game", "rng")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def snapshot_problem(state, snap: Any) -> str | None:
    """Why ``snap`` cannot be a position of ``state``'s scenario, or None.

    ``state`` is a new game of the scenario; what the core knows is checked (units, hexes,
    counters, the random generator), the rule system's own records are its business.
    """
    if not isinstance(snap, dict):
        return "the snapshot is not an object"
    missing = [k for k in _SNAPSHOT_KEYS if k not in snap]
    if missing:
        return f"missing {', '.join(missing)}"
    turn, phase_index = snap["turn"], snap["phase_index"]
    last_turn = max(len(state.scenario.turns), 1) + 1
    if not _is_int(turn) or not 1 <= turn <= last_turn:
        return f"turn {turn!r} is not a game-turn of the scenario (1 to {last_turn})"
    phases = getattr(state.rules, "phases", None)
    if not _is_int(phase_index) or phase_index < 0 or (phases is not None and phase_index >= len(phases)):
        return f"phase index {phase_index!r} is not a phase of the sequence of play"
    if not isinstance(snap["terminal"], bool):
        return f"'terminal' is {snap['terminal']!r}, not true or false"
    for key in ("phase_data", "turn_data", "game"):
        if not isinstance(snap[key], dict):
            return f"{key!r} is not an object"
    problem = _units_problem(state, snap["units"], snap["at"])
    if problem:
        return problem
    pending = snap["pending"]
    if not isinstance(pending, list) or not all(
        isinstance(d, dict) and all(isinstance(d.get(k), str) for k in ("kind", "side", "case")) and isinstance(d.get("data"), dict)
        for d in pending
    ):
        return "a pending decision is damaged"
    if any(d["side"] not in state.scenario.sides for d in pending):
        return "a pending decision belongs to no side of the scenario"
    return _rng_problem(snap["rng"])


def _units_problem(state, units: Any, at: Any) -> str | None:
    from ..hexgrid import HexIdError
    from ..scenario.checks import grid_for

    scenario = state.scenario
    if not isinstance(units, list) or not all(isinstance(u, dict) for u in units):
        return "'units' is not a list of units"
    if not isinstance(at, dict) or not all(isinstance(ids, list) for ids in at.values()):
        return "'at' is not a map of hexes to unit lists"
    grid = grid_for(scenario)
    expected = set(state.units)
    seen: dict[str, Any] = {}
    for u in units:
        uid = u.get("id")
        if not isinstance(uid, str) or uid not in expected:
            return f"unit {uid!r} is not in the scenario"
        if uid in seen:
            return f"unit {uid!r} is listed twice"
        seen[uid] = u.get("hex")
        side, kind = u.get("side"), u.get("type")
        if not isinstance(side, str) or not isinstance(kind, str) or side not in scenario.sides or kind not in scenario.unit_types:
            return f"unit {uid!r} has an unknown side or type"
        hex_id, box = u.get("hex"), u.get("box")
        if (hex_id is None) == (box is None):
            return f"unit {uid!r} must be in exactly one hex or one box"
        if box is not None and not isinstance(box, str):
            return f"unit {uid!r} is in a box named {box!r}"
        if hex_id is not None:
            try:
                grid.hex_of(hex_id)
            except (HexIdError, TypeError, ValueError, AttributeError):
                return f"unit {uid!r} is in {hex_id!r}, not a hex of the map"
        step = u.get("step")
        if not _is_int(step) or not 0 <= step <= 9:
            return f"unit {uid!r} has lost {step!r} steps"
        if not isinstance(u.get("flags"), list) or not all(isinstance(f, str) for f in u["flags"]):
            return f"unit {uid!r} has damaged markers"
        for key in ("values", "data"):
            if u.get(key) is not None and not isinstance(u[key], dict):
                return f"unit {uid!r} has damaged {key}"
    if set(seen) != expected:
        absent = sorted(expected - set(seen))
        return f"{len(absent)} unit(s) of the scenario are missing, e.g. {absent[0]!r}"
    placed: dict[str, str] = {}
    for hex_id, ids in at.items():
        for uid in ids:
            if not isinstance(uid, str) or uid not in seen:
                return f"hex {hex_id} holds {uid!r}, not a unit of the scenario"
            if uid in placed:
                return f"unit {uid!r} is in two hexes ({placed[uid]} and {hex_id})" if placed[uid] != hex_id else f"unit {uid!r} is listed twice in {hex_id}"
            if seen[uid] != hex_id:
                return f"unit {uid!r} is in {seen[uid]!r} but listed in {hex_id}"
            placed[uid] = hex_id
    for uid, hex_id in seen.items():
        if hex_id is not None and uid not in placed:
            return f"unit {uid!r} is in {hex_id} but the hex does not list it"
    return None


def _rng_problem(value: Any) -> str | None:
    from .codec import decode

    try:
        random.Random().setstate(decode(value))
    except (TypeError, ValueError, OverflowError):
        return "the state of the dice is damaged"
    return None
