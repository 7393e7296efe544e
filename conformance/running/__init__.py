"""Running targets: the registry of targets and declarations, the one engine, profiles, process isolation, compile cache and clock, call history, seeds.
Imports `core`, `judging`, `strategies`, `oracles`; never `interfaces` or `reports`."""
