"""Running targets: the registry of targets and declarations, the one engine, profiles, process isolation, compile cache and clock, call history, seeds.
Imports `oracles`, `core`, `strategies` and `judging`; never `specs` (but by name), `adapters`, `reports` or `interfaces`."""
