"""The computer players' shared core: the parts that hold for every rule system.

Nothing in this package imports a rule system (the import contract ``ai-core-without-rule-systems``
in pyproject.toml).  A rule system is reached only through the registry
(:mod:`kharkovsuite.rules`): its ``attack_preview`` query and its ``trace`` module.

* :mod:`.seats`: the two seats of ``kharkov-cli selfplay`` (``--axis``, ``--soviet``) mapped to
  the scenario's own sides, and starting a game of a system that is not yet playable on request.
* :mod:`.observed`: what one side sees (``state.observation(side)`` only), distances on the map,
  reach maps from ``legal_moves`` and threat maps around the enemy units seen.
* :mod:`.preview`: the :class:`~.preview.AttackPreviewQuery` protocol every rule system exposes
  and the pricing of an attack by its result distribution.
* :mod:`.supplyview`: which units are out of supply, from the system's trace module.
* :mod:`.search`: clone-and-evaluate with the player's own dice, and the cancellable time budget.
"""
