"""The suite's one import namespace. Here: the pytest side (case model, targets, verdicts, plugin,
command line); its subpackages ``strategies``, ``oracles``, ``adapters`` and ``reports`` are the card's
other folders. Importing this package imports nothing else."""
