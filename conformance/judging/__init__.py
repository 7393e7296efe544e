"""Judging an outcome against the spec: the verdict per spec op, comparison, class confirmation, value and index models, declaration conditions.
Imports `conformance.core` and `conformance.oracles`; never `running`, `interfaces` or `reports`."""
