"""The ways in: the command line, the pytest plugin and its property tests, the docs tables.
Imports any layer (`core` to `reports`); no layer imports it."""
