"""The ways in: the command line, the pytest plugin and its property tests, the docs tables.
Imports anything below it (`core`, `judging`, `running`, `reports`, ...); nothing imports it."""
