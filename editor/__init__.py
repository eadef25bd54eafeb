"""The scenario editor (``kharkov-editor``): maps, orders of battle, set-ups and schedules.

Importing the shared view first puts its guard against a PySide6 6.12 reference-count bug in
place (see :mod:`kharkovsuite.view.qtfix`) before any editor module makes a Qt call.  The headless
core the editor uses goes before even that: PySide6 reads the source of every module imported
after it (looking for its own name there), which would lengthen the start.  Before all of them,
the compiled code of the dataclasses is read from the cache folder (:mod:`kharkovsuite.codecache`).
"""
from kharkovsuite import codecache

codecache.install()

import kharkovsuite.map  # noqa: E402, F401
import kharkovsuite.rules  # noqa: E402, F401
import kharkovsuite.scenario.edit  # noqa: E402, F401
import kharkovsuite.view  # noqa: E402, F401  - applies the guard on import
