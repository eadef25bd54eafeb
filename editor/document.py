"""The edited scenario and its one undo stack.

A :class:`Document` holds the scenario being edited.  Nothing changes it except an
:class:`EditCommand` on its undo stack: widgets and tools call :meth:`Document.edit` with a
pure function of :mod:`kharkovsuite.scenario.edit` (or any function from a scenario to a
changed copy), and the command keeps the scenario it replaces.  Because edits copy only
along the path they change, the two snapshots share everything else.

After every change the document emits :attr:`Document.changed` with the names of the parts
that changed (``"map.terrain"``, ``"units"``, ...), so each view refreshes only what it shows.
"""
from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from kharkovsuite.map import GameMap
from kharkovsuite.scenario import Scenario
from kharkovsuite.scenario.edit import EditError

MERGE_ID = 0x4B45  # every mergeable command shares this id; merge keys tell strokes apart
_strokes = itertools.count(1)


def new_stroke_key(tool: str) -> tuple[str, int]:
    """A key shared by the commands of one brush stroke, so that they merge into one."""
    return (tool, next(_strokes))


def changed_parts(before: Scenario, after: Scenario) -> frozenset[str]:
    """Names of the top-level sections (and ``map.*`` parts) that are different objects."""
    parts = set()
    for name in type(before).model_fields:
        a, b = getattr(before, name), getattr(after, name)
        if a is b:
            continue
        if name == "map":
            parts.update(f"map.{k}" for k in type(a).model_fields if getattr(a, k) is not getattr(b, k))
            parts.add("map")
        else:
            parts.add(name)
    return frozenset(parts)


def derive_map(old: GameMap | None, scenario: Scenario) -> GameMap:
    """The GameMap of ``scenario``, reusing what an earlier map of the same grid already knows.

    Splitting the map by each named line (shapely) is most of the cost of a GameMap, and a
    brush stroke rebuilds the map at every hex; when the grid and the lines are unchanged, the
    old line geometry (which depends on nothing else) and the hex centres carry over.
    """
    m = scenario.map
    if old is None or old.model.grid != m.grid or old.model.lines is not m.lines:
        return GameMap.from_scenario(scenario)
    gmap = GameMap(m.model_copy(update={"lines": {}}), old.grid)
    gmap.model = m
    gmap.lines = old.lines
    gmap._centers = old._centers
    return gmap


class EditCommand(QUndoCommand):
    """One edit: the scenario before and after (Tiled's rule: capture what you replace)."""

    def __init__(self, doc: "Document", text: str, before: Scenario, after: Scenario, merge_key=None):
        super().__init__(text)
        self.doc = doc
        self.before = before
        self.after = after
        self.merge_key = merge_key
        self.parts = changed_parts(before, after)

    def id(self) -> int:  # noqa: A003 - Qt's name
        return MERGE_ID if self.merge_key is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:  # noqa: N802 - Qt's name
        if not isinstance(other, EditCommand) or other.merge_key != self.merge_key or self.merge_key is None:
            return False
        self.after = other.after
        self.parts = self.parts | other.parts
        self.setText(other.text())  # the last step names the whole stroke ("Paint forest (5 hexes)")
        return True

    def redo(self) -> None:
        self.doc._replace(self.after, self.parts)

    def undo(self) -> None:
        self.doc._replace(self.before, self.parts)


class Document(QObject):
    """The scenario being edited, its file and its undo stack."""

    changed = Signal(object)  # frozenset[str] of changed parts; "*" for everything
    file_changed = Signal()
    message = Signal(str)  # for the status bar: why an edit was refused, what an edit did

    def __init__(self, scenario: Scenario, path: str | Path | None = None, parent: QObject | None = None):
        super().__init__(parent)
        self._scenario = scenario
        self._gmap: GameMap | None = None
        self.path: Path | None = Path(path) if path else None
        self.undo_stack = QUndoStack(self)
        self.undo_stack.setUndoLimit(0)

    # --- reading
    @property
    def scenario(self) -> Scenario:
        return self._scenario

    @property
    def gmap(self) -> GameMap:
        """The map model of the current scenario (rebuilt lazily after an edit of the map)."""
        if self._gmap is None or self._gmap.model is not self._scenario.map:
            self._gmap = derive_map(self._gmap, self._scenario)
        return self._gmap

    @property
    def modified(self) -> bool:
        return not self.undo_stack.isClean()

    # --- editing
    def edit(self, text: str, fn: Callable[..., Scenario], *args, merge_key=None, **kwargs) -> bool:
        """Apply ``fn(scenario, *args, **kwargs)`` as one undoable command.

        A refused edit (:class:`EditError`, or a ``ValueError`` from the models) changes
        nothing, says why on :attr:`message` and returns False; an edit that changes nothing
        pushes nothing and returns True.
        """
        try:
            after = fn(self._scenario, *args, **kwargs)
        except (EditError, ValueError, KeyError) as exc:
            self.message.emit(_reason(exc))
            return False
        self.replace(text, after, merge_key=merge_key)
        return True

    def replace(self, text: str, after: Scenario, merge_key=None) -> bool:
        """Push a command that replaces the scenario with ``after`` (computed by the caller)."""
        if after is self._scenario or after == self._scenario:
            return False
        self.undo_stack.push(EditCommand(self, text, self._scenario, after, merge_key))
        return True

    def _replace(self, scenario: Scenario, parts: frozenset[str]) -> None:
        """Only undo commands call this."""
        self._scenario = scenario
        self.changed.emit(parts)

    # --- files
    def set_saved(self, path: str | Path) -> None:
        self.path = Path(path)
        self.undo_stack.setClean()
        self.file_changed.emit()


def _reason(exc: Exception) -> str:
    if isinstance(exc, KeyError):
        return f"unknown {exc.args[0]!r}" if exc.args else "unknown key"
    errors = getattr(exc, "errors", None)
    if callable(errors):  # pydantic: say which field and why, without the URL
        try:
            parts = []
            for err in errors():
                where = ".".join(str(p) for p in err.get("loc", ()))
                parts.append(f"{where}: {err['msg']}" if where else err["msg"])
            return "; ".join(parts)
        except Exception:  # noqa: BLE001 - fall back to the plain text
            pass
    return str(exc)
