"""The legal actions of a position, listed lazily.

A position can have many thousands of legal actions (every reachable hex of every unit, every
subset of the units able to join an attack).  They are kept as segments — a count and a
function building the i-th action — so counting, indexing and uniform sampling are cheap and
only the chosen action is ever built (cf. python-chess's ``LegalMoveGenerator``).

What is *listed* is one entry per action, except where actions differ only in a detail a
player picks after the main choice: a unit's (or a stack's) move is listed once, as a
:class:`Choices` entry standing for its move to each hex it can reach (the destinations with
their costs and paths are ``legal_moves``), the way a person picks the unit and then the hex.
``len(legal)`` counts the entries; :meth:`LegalActions.actions` is every single action, for a
player that samples among them all (the random player) or wants them one by one.
"""
from __future__ import annotations

from bisect import bisect_right
from abc import abstractmethod
from collections.abc import Callable, Iterator, Sequence

from .actions import Action


class _Lazy(Sequence):
    """A sequence whose items are built on demand by ``_item(i)`` (``0 <= i < len``)."""

    @abstractmethod
    def _item(self, i: int):
        """The item at ``i``, built now; every kind of lazy list says how."""

    def __getitem__(self, i):
        n = len(self)
        if isinstance(i, slice):
            return [self._item(k) for k in range(*i.indices(n))]
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError(i)
        return self._item(i)


class Choices(_Lazy):
    """One listed entry standing for ``count`` actions of one kind by the same units, which
    differ only in a detail chosen after (a move's destination and path): iterate, index or
    test membership to get at them, each built on demand."""

    __slots__ = ("kind", "units", "hexes", "_count", "_make")

    def __init__(self, kind: str, units: tuple[str, ...], count: int, make: Callable[[int], Action],
                 hexes: Sequence[str] | None = None):
        if hexes is not None and len(hexes) != count:
            raise ValueError(f"{kind} {units}: {len(hexes)} hexes named for {count} actions")
        self.kind = kind
        self.units = tuple(units)
        #: the hex the i-th action goes to (a move's destination), when the rule system names them: a player can weigh
        #: the hexes and build only the action it takes
        self.hexes: tuple[str, ...] | None = tuple(hexes) if hexes is not None else None
        self._count = count
        self._make = make

    def __len__(self) -> int:
        return self._count

    def _item(self, i: int) -> Action:
        return self._make(i)

    def __iter__(self) -> Iterator[Action]:
        return (self._make(i) for i in range(self._count))

    def __contains__(self, action: object) -> bool:
        if getattr(action, "kind", None) != self.kind or tuple(getattr(action, "units", ())) != self.units:
            return False
        return any(a == action for a in self)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Choices):
            return NotImplemented
        return (self.kind, self.units, self._count) == (other.kind, other.units, other._count) and list(self) == list(other)

    def __hash__(self) -> int:
        return hash((self.kind, self.units, self._count))

    def __repr__(self) -> str:
        return f"<Choices: {self.kind} {', '.join(self.units)}: {self._count}>"

    def __str__(self) -> str:
        return f"{self.kind} {', '.join(self.units)} (any of {self._count})"


class LegalActions(_Lazy):
    def __init__(self) -> None:
        self._makers: list[Callable[[int], Action]] = []
        self._ends: list[int] = []  # cumulative action counts, one per segment
        self._choices: list[Choices | None] = []  # per segment: listed as one entry, or each action
        self._entry_ends: list[int] = []  # cumulative entry counts, one per segment
        self._n = 0
        self._entries = 0

    def add(self, count: int, make: Callable[[int], Action]) -> None:
        """Append ``count`` actions, each listed; ``make(i)`` builds the i-th of them."""
        if count > 0:
            self._append(count, make, None, count)

    def add_list(self, actions: list[Action]) -> None:
        if actions:
            self.add(len(actions), actions.__getitem__)

    def add_choices(self, kind: str, units: tuple[str, ...], count: int, make: Callable[[int], Action],
                    hexes: Sequence[str] | None = None) -> None:
        """Append ``count`` actions of ``kind`` by ``units`` listed as one :class:`Choices` entry (``hexes``: the hex
        each goes to, in order, when the rule system names them)."""
        if count > 0:
            self._append(count, make, Choices(kind, units, count, make, hexes), 1)

    def _append(self, count: int, make, choices: Choices | None, entries: int) -> None:
        self._makers.append(make)
        self._choices.append(choices)
        self._n += count
        self._ends.append(self._n)
        self._entries += entries
        self._entry_ends.append(self._entries)

    # ------------------------------------------------------------------ the listing
    def __len__(self) -> int:
        return self._entries

    def _item(self, i: int):
        k = bisect_right(self._entry_ends, i)
        if self._choices[k] is not None:
            return self._choices[k]
        start = self._entry_ends[k - 1] if k else 0
        return self._makers[k](i - start)

    def __iter__(self) -> Iterator[Action | Choices]:
        start = 0
        for make, choices, end in zip(self._makers, self._choices, self._ends):
            if choices is not None:
                yield choices
            else:
                for j in range(end - start):
                    yield make(j)
            start = end

    def __contains__(self, action: object) -> bool:
        if isinstance(action, Choices):
            return any(c == action for c in self._choices if c is not None)
        return action in self.actions()

    def __repr__(self) -> str:
        return f"<LegalActions: {self._entries} listed, {self._n} actions>"

    # ------------------------------------------------------------------ every single action
    def actions(self) -> "AllActions":
        """Every legal action one by one (a :class:`Choices` entry opened up), lazily."""
        return AllActions(self)

    def of_kinds(self, *kinds: str) -> Iterator[Action]:
        """The single actions of ``kinds``, in listing order; a :class:`Choices` entry of another kind (a unit's
        moves, say) is passed over without building its actions."""
        start = 0
        for make, choices, end in zip(self._makers, self._choices, self._ends):
            if choices is None or choices.kind in kinds:
                for j in range(end - start):
                    action = make(j)
                    if action.kind in kinds:
                        yield action
            start = end

    def listed_segments(self) -> Iterator[tuple[int, Callable[[int], Action], Choices | None]]:
        """``(count, make, choices)`` of each segment: ``choices`` is its :class:`Choices` entry (a kind and its
        units, known without building an action) when it was listed as one, else None."""
        start = 0
        for make, choices, end in zip(self._makers, self._choices, self._ends):
            yield end - start, make, choices
            start = end

    def segments(self) -> list[tuple[int, Callable[[int], Action]]]:
        """``(count, make)`` of each segment, in order: a player can look at one action of a
        segment (e.g. the last, which for attacks uses every able unit) without building all."""
        return [(count, make) for count, make, _choices in self.listed_segments()]


class AllActions(_Lazy):
    """The single actions of a :class:`LegalActions`, in listing order: ``len``, indexing and
    uniform sampling without building more than the action asked for."""

    def __init__(self, legal: LegalActions):
        self._legal = legal

    def __len__(self) -> int:
        return self._legal._n

    def _item(self, i: int) -> Action:
        legal = self._legal
        k = bisect_right(legal._ends, i)
        start = legal._ends[k - 1] if k else 0
        return legal._makers[k](i - start)

    def __iter__(self) -> Iterator[Action]:
        start = 0
        for make, end in zip(self._legal._makers, self._legal._ends):
            for j in range(end - start):
                yield make(j)
            start = end

    def __contains__(self, action: object) -> bool:
        return any(a == action for a in self)

    def __repr__(self) -> str:
        return f"<AllActions: {len(self)}>"
