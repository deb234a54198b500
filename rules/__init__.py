"""The rules core of Siatka: game state, actions, validation and bots. No screen.

Every title is a package below `rules/` built on `rules.core`; `rules.registry.TITLES`
lists them.
"""
