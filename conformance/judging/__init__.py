"""Judging an outcome against the spec: the verdict per op, comparison, class confirmation, index and value models, declaration conditions.
Imports `oracles`, `core` and `strategies`; never `running`, `specs`, `adapters`, `reports` or `interfaces`."""
