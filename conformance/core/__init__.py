"""The core records: a case, a spec op's record, a target's outcome, memory layouts, run-wide settings.
Imports only `conformance.oracles`; every other layer builds on it (tests/test_layers.py)."""
