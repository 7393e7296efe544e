"""Which targets get compile grace (extra seconds on the first call of a signature in a worker).

A built-in backend compiles unless its module says ``COMPILES = False``; a user module says so with
``COMPILES = True`` or ``False``, or not at all (``Target.compiles`` None): then its targets are eager until
a call shows a compile, measured on the first calls of a signature (the first call slower than a repeat of
it by ``EVIDENCE`` seconds and ``RATIO`` times) or marked (``compile_clock.compiling()``). So an eager
user module's hang ends at the run limit, not after the grace.
"""
from __future__ import annotations

EVIDENCE = 1.0  # seconds a first call of a signature must take beyond a repeat of it to count as compiling
RATIO = 3.0  # ... and this many times the repeat's seconds
MEASURED: set[str] = set()  # targets (of modules that do not say) seen compiling in this process
_FIRST: dict[tuple[str, str], float] = {}  # (target, signature) -> seconds of its first call in a worker


def grants(target) -> bool:
    """Whether ``target``'s first call of a signature gets compile grace."""
    return target.compiles is True or (target.compiles is None and target.name in MEASURED)


def observe(target, signature: str, seconds: float, first: bool, compiled: float = 0.0) -> None:
    """Note one call of ``target`` (``first``: of ``signature`` in its worker) that answered in ``seconds``
    (``compiled``: seconds it marked as compiling): evidence of a compile for a module that does not say."""
    if target.compiles is not None or target.name in MEASURED:
        return
    if compiled > 0.0:
        MEASURED.add(target.name)
        return
    key = (target.name, signature)
    if first:
        _FIRST[key] = seconds
        return
    was = _FIRST.pop(key, None)
    if was is not None and was - seconds >= EVIDENCE and was >= RATIO * seconds:
        MEASURED.add(target.name)


def hint(target) -> str:
    """What a timeout's message adds for a target that got no grace because its module does not say."""
    if target.compiles is None and target.name not in MEASURED:
        return " (no compile grace: its module does not set COMPILES = True and no first call was seen compiling)"
    return ""
