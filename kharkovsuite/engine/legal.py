"""A lazy, indexable list of legal actions.

A position can have many thousands of legal actions (every reachable hex of every unit,
every subset of the units able to join an attack).  They are kept as segments — a count and
a function building the i-th action — so ``len``, indexing and uniform sampling are cheap and
only the chosen action is ever built (cf. python-chess's ``LegalMoveGenerator``).
"""
from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterator, Sequence

from .actions import Action


class LegalActions(Sequence):
    def __init__(self) -> None:
        self._makers: list[Callable[[int], Action]] = []
        self._ends: list[int] = []
        self._n = 0

    def add(self, count: int, make: Callable[[int], Action]) -> None:
        """Append ``count`` actions; ``make(i)`` builds the i-th of them."""
        if count > 0:
            self._makers.append(make)
            self._n += count
            self._ends.append(self._n)

    def add_list(self, actions: list[Action]) -> None:
        if actions:
            self.add(len(actions), actions.__getitem__)

    def __len__(self) -> int:
        return self._n

    def segments(self) -> list[tuple[int, Callable[[int], Action]]]:
        """``(count, make)`` of each segment, in order: a player can look at one action of a
        segment (e.g. the last, which for attacks uses every able unit) without building all."""
        out, start = [], 0
        for make, end in zip(self._makers, self._ends):
            out.append((end - start, make))
            start = end
        return out

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(self._n))]
        if i < 0:
            i += self._n
        if not 0 <= i < self._n:
            raise IndexError(i)
        k = bisect_right(self._ends, i)
        start = self._ends[k - 1] if k else 0
        return self._makers[k](i - start)

    def __iter__(self) -> Iterator[Action]:
        start = 0
        for make, end in zip(self._makers, self._ends):
            for j in range(end - start):
                yield make(j)
            start = end

    def __contains__(self, action: object) -> bool:
        return any(a == action for a in self)

    def __repr__(self) -> str:
        return f"<LegalActions: {self._n}>"
