"""The core records: a case, a spec op's record, a target's outcome, memory layouts, run-wide settings.
Imports only `conformance.oracles` and `conformance.strategies` (lazily, by name); nothing above it."""
