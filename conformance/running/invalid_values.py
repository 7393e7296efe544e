"""Invalid index values (issue 65, item 3): built in a later step."""
from __future__ import annotations


def invalid_value_cases(target) -> list:
    """The invalid-value cases of ``target`` (empty until built)."""
    return []
