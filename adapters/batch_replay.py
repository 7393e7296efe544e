"""Record and replay: how a batch entry point runs its cases' own code (issue 64) without changing it.

Each case's target code runs until it asks for a model to be run; the hook the backend's runner consults
(``hook``: a list, its last entry answers) records the request and stops the case there (``Stop``). The
recorded requests are run together (``run``: one compile for a group), and each case's code runs again, its
earlier requests answered in order from what the batch gave, until it finishes or asks again. The code a case
runs is the one-case path's, so a batch can only differ from it where the backend's compile of many does.
"""
from __future__ import annotations

from typing import Any, Callable

from conformance.running.batches import RunAlone


class Stop(BaseException):
    """Raised at a case's next model run while its batch records it (not an Exception: a target's own
    ``except Exception`` leaves it alone)."""


def replayed(fn: Callable, calls: list[dict], hook: list, run: Callable[[list, Any], list],
             recorded: Callable[..., tuple[Any, Any]]) -> list:
    """Per call of ``calls``: ``fn(**call)``'s result (or the exception it raised), its model runs answered by
    ``run(items, group)`` (a result per item, an exception, or ``RunAlone``: that case leaves the batch).
    ``recorded(*args)`` turns the hook's arguments into (item, group); the items of one group run together."""
    results: list = [None] * len(calls)
    answers: list[list] = [[] for _ in calls]
    todo = list(range(len(calls)))
    while todo:
        pending = []  # (case, item, group)
        for i in todo:
            at, asked = [0], []

            def answer(*args, i=i, at=at, asked=asked):
                if at[0] < len(answers[i]):
                    got = answers[i][at[0]]
                    at[0] += 1
                    if isinstance(got, BaseException):
                        raise got
                    return got
                asked.append(recorded(*args))
                raise Stop

            hook.append(answer)
            try:
                results[i] = fn(**calls[i])
            except Stop:
                pending.append((i, *asked[0]))
            except Exception as e:  # noqa: BLE001 - the case's own refusal (or its model's, replayed)
                results[i] = e
            finally:
                hook.pop()
        groups: dict[Any, list] = {}
        for entry in pending:
            groups.setdefault(entry[2], []).append(entry)
        for group, entries in groups.items():
            for (i, _, _), got in zip(entries, run([item for _, item, _ in entries], group)):
                if isinstance(got, RunAlone):
                    results[i] = got
                else:
                    answers[i].append(got)
        todo = [i for i, _, _ in pending if not isinstance(results[i], RunAlone)]
    return results
