"""Fake targets with a batch entry point in pure numpy (the spec's own gather), for tests/test_batches.py; a module
of targets the workers import by name (``--backend=tests.test_batches_targets``). No tests here.

A case is marked by the first element of its operand: ``COMPILE_ERROR`` (the batch refuses to compile, as a
module with that case would; alone the case is refused too), ``ABORT`` (the batch process dies with it in;
alone it dies too), ``FUSED`` (the batch gives a wrong value for it, alone the right one). With
``CONFORMANCE_TEST_BATCH_LOG`` set, each batch call writes its size to that file."""
import os

import numpy as np

from conformance.oracles.stablehlo.gather import gather as spec_gather
from conformance.running.registry import target

COMPILE_ERROR, ABORT, FUSED = 97, 98, 99
OP = "stablehlo.gather"
REGION = {"element_dtypes": ("int32",)}


def _mark(kw) -> int:
    operand = np.asarray(kw["operand"])
    return int(operand.reshape(-1)[0]) if operand.size else 0


def _one(operand, start_indices, **attrs):
    if _mark({"operand": operand}) == COMPILE_ERROR:
        raise ValueError("the compiler refuses this case")
    if _mark({"operand": operand}) == ABORT:
        os.abort()
    attrs.pop("result_type", None)
    return spec_gather(operand, start_indices, **attrs)


LOG = "CONFORMANCE_TEST_BATCH_LOG"  # a file each call of the batch entry point adds a line to (tests of --no-batches)


def _batch(calls):
    if os.environ.get(LOG):
        with open(os.environ[LOG], "a") as f:
            f.write(f"{len(calls)}\n")
    if any(_mark(kw) == COMPILE_ERROR for kw in calls):
        raise ValueError("the compiler refuses the batch's module")
    if any(_mark(kw) == ABORT for kw in calls):
        os.abort()
    out = []
    for kw in calls:
        try:
            value = _one(**kw)
        except Exception as e:  # noqa: BLE001 - a case's own refusal is its result
            value = e
        if _mark(kw) == FUSED and len(calls) > 1 and not isinstance(value, Exception):
            value = value + 1  # (cross-case fusion gone wrong: only in a batch)
        out.append(value)
    return out


@target(OP, "batches:gather", region=REGION, batch=_batch, batch_size=8)
def gather(operand, start_indices, **attrs):
    return _one(operand, start_indices, **attrs)


gather.__conformance_target__.batch_drawn = True  # (its drawn runs in batches too: tests/test_batches.py)
