"""The player (``kharkov``): the game window.

Before any of its modules makes the core's classes, the compiled code of the dataclasses is read
from the cache folder (:mod:`kharkovsuite.codecache`).
"""
from kharkovsuite import codecache

codecache.install()
