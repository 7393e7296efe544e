"""One wording for a value that is not one of a known set: what was expected, what came, and the
closest known value where one is close."""
from __future__ import annotations

import difflib


def expected_one_of(got: str, choices, many: int = 12) -> str:
    """``expected one of a, b, c, got 'x'; did you mean 'y'?`` (past ``many`` choices, the list is cut
    and says how many more there are)."""
    choices = [str(c) for c in choices]
    shown = ", ".join(choices[:many]) + (f", ... ({len(choices) - many} more)" if len(choices) > many else "")
    close = difflib.get_close_matches(str(got), choices, n=1)
    return f"expected one of {shown}, got {got!r}" + (f"; did you mean {close[0]!r}?" if close else "")
