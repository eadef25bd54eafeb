"""The scenario editor (``kharkov-editor``): maps, orders of battle, set-ups and schedules.

Importing the shared view first puts its guard against a PySide6 6.12 reference-count bug in
place (see :mod:`kharkovsuite.view.qtfix`) before any editor module makes a Qt call.
"""
import kharkovsuite.view  # noqa: F401  - applies the guard on import
