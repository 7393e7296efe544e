"""Large and tail index batches for the index ops (issue 65, item 1): built in a later step."""
from __future__ import annotations


def large_index_cases(target) -> list:
    """The large index cases of ``target`` (empty until built)."""
    return []
