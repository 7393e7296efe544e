"""The pytest side of the suite: case model, targets, verdicts, plugin and command line."""
