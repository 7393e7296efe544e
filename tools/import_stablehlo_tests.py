"""Turn StableHLO's own interpreter tests (``stablehlo/tests/interpret/<op>.mlir`` in openxla/stablehlo)
into this suite's cases with upstream's expected result, so that ``tests/test_upstream_data.py`` can check
the oracles against another project's test data.

    python tools/import_stablehlo_tests.py --stablehlo PATH/TO/stablehlo --commit SHA \
        --out tests/cases/upstream/stablehlo_interpret.json
    python tools/import_stablehlo_tests.py --stablehlo PATH/TO/stablehlo --commit SHA --testdata \
        --out tests/cases/upstream/stablehlo_testdata.json

Each test function there builds its inputs as constants, applies one op and compares the result with a
constant (``check.expect_eq_const`` exactly, ``check.expect_almost_eq_const`` within a tolerance). The
comparisons become a ``"check.pair"`` op (parsed as an unregistered op), so that jaxlib's MLIR bindings
parse the function and the case is read from the parsed attributes. Element types numpy has no dtype for
(i2, i4, ui2, ui4, the float8 types) are listed as skipped with the reason. Needs jaxlib (a tool of the
project, not of the package: run once, its output is committed)."""
from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

import numpy as np

OPS = ("abs", "add", "and", "compare", "divide", "dynamic_slice", "dynamic_update_slice", "gather", "maximum",
       "minimum", "multiply", "negate", "or", "remainder", "scatter", "select", "shift_left",
       "shift_right_arithmetic", "shift_right_logical", "subtract", "xor")
URL = "https://github.com/openxla/stablehlo/blob/{commit}/stablehlo/tests/interpret/{op}.mlir"
CHECK = re.compile(r"check\.expect_(eq|almost_eq)_const\s+(%[\w#]+)\s*,\s*(dense<.*?>)\s*:\s*(tensor<[^\n]*>)[ \t]*$", re.S | re.M)
NUMPY = {"i1": "bool", "i8": "int8", "i16": "int16", "i32": "int32", "i64": "int64", "ui8": "uint8",
         "ui16": "uint16", "ui32": "uint32", "ui64": "uint64", "f16": "float16", "bf16": "bfloat16",
         "f32": "float32", "f64": "float64", "complex<f32>": "complex64", "complex<f64>": "complex128"}


class Skip(Exception):
    """A test this import leaves out, with the reason."""


UPDATE = {"stablehlo.add": "add", "stablehlo.multiply": "multiply", "stablehlo.minimum": "minimum",
          "stablehlo.maximum": "maximum"}


def _rewrite(chunk: str) -> tuple[str, list[str]]:
    """``chunk`` with each check turned into a constant and a ``check.pair`` op; the kinds in order."""
    kinds: list[str] = []

    def pair(m: re.Match) -> str:
        k = len(kinds)
        kinds.append(m.group(1))
        return (f"%__expected{k} = stablehlo.constant {m.group(3)} : {m.group(4)}\n"
                f'  "check.pair"({m.group(2)}, %__expected{k}) : ({m.group(4)}, {m.group(4)}) -> ()')

    return CHECK.sub(pair, chunk), kinds


def _element(t) -> str:
    text = str(t.element_type)
    if text not in NUMPY:
        raise Skip(f"element type {text} has no numpy dtype")
    return NUMPY[text]


def _word(word: str, dtype: np.dtype):
    """One printed float of ``dtype``: a decimal, or its bits in hex (NaN payloads, infinities, -0.0)."""
    word = word.strip()
    if word.startswith("0x"):
        return np.array(int(word, 16), np.dtype(f"uint{8 * dtype.itemsize}")).view(dtype)[()]
    return np.array(float(word), dtype)[()]


def _filled(out: np.ndarray, t, dtype) -> np.ndarray:
    """``out`` (flat) as an array of tensor type ``t``: a splat's one value repeated."""
    n = int(np.prod(t.shape, dtype=np.int64))
    if out.size == 1 and n != 1:
        out = np.full(n, out[0], dtype=out.dtype)
    return out.astype(dtype).reshape(tuple(t.shape))


def _array(value) -> np.ndarray:
    """A constant's value as a numpy array of its tensor type."""
    from jaxlib.mlir import ir

    from conformance.oracles.dtypes import dtype as np_dtype

    t = ir.RankedTensorType(value.type)
    dtype = np_dtype(_element(t))
    if value.owner.name != "stablehlo.constant":
        raise Skip(f"an input computed by {value.owner.name}, not a constant")
    if dtype.kind == "c":  # (the bindings read no complex constants: the printed pairs)
        pairs = re.findall(r"\(([^,()]+),([^,()]+)\)", str(value.owner.operation).split("constant", 1)[1])
        part = np.dtype(f"float{4 * dtype.itemsize}")
        return _filled(np.array([complex(_word(re_, part), _word(im, part)) for re_, im in pairs], dtype=dtype), t, dtype)
    attr = ir.DenseElementsAttr(value.owner.attributes["value"])
    if dtype.kind in "biu":
        values = [int(x) for x in ir.DenseIntElementsAttr(attr)]
        if dtype.kind == "u":  # (read back as signed where the top bit is set)
            values = [v % 2 ** (8 * dtype.itemsize) for v in values]
        return _filled(np.array(values, dtype=object), t, dtype)
    if dtype.name == "bfloat16":  # (no buffer for bf16: read the printed literal, hex being the bits)
        body = str(attr).split(" : ")[0][len("dense<"):-1].replace("[", "").replace("]", "")
        if body.startswith('"0x'):  # the raw little-endian bytes
            return _filled(np.frombuffer(bytes.fromhex(body.strip('"')[2:]), dtype=np.uint16).view(dtype).copy(), t, dtype)
        return _filled(np.array([_word(w.strip(), dtype) for w in body.split(",") if w.strip()], dtype=dtype), t, dtype)
    return _filled(np.array(attr).reshape(-1), t, dtype)


def _ints(attr) -> list[int]:
    return [int(x) for x in attr]


def _case(op, arrays_of) -> dict:
    """(op name, arrays, attrs) of the suite's case for one parsed StableHLO op."""
    from jaxlib.mlir.dialects import stablehlo

    from conformance.oracles.stablehlo.elementwise import operand_names

    name = op.name
    a = op.attributes
    operands = arrays_of(op.operands)
    if name == "stablehlo.gather":
        d = stablehlo.GatherDimensionNumbers(a["dimension_numbers"])
        attrs = {"offset_dims": list(d.offset_dims), "collapsed_slice_dims": list(d.collapsed_slice_dims),
                 "operand_batching_dims": list(d.operand_batching_dims),
                 "start_indices_batching_dims": list(d.start_indices_batching_dims),
                 "start_index_map": list(d.start_index_map), "index_vector_dim": int(d.index_vector_dim),
                 "slice_sizes": _ints(a["slice_sizes"]),
                 "indices_are_sorted": "indices_are_sorted" in a and str(a["indices_are_sorted"]) == "true"}
        return name, {"operand": operands[0], "start_indices": operands[1]}, attrs
    if name == "stablehlo.scatter":
        d = stablehlo.ScatterDimensionNumbers(a["scatter_dimension_numbers"])
        body = list(op.regions[0].blocks[0].operations)
        computation = "replace" if len(body) == 1 else UPDATE[body[0].operation.name]
        attrs = {"update_window_dims": list(d.update_window_dims), "inserted_window_dims": list(d.inserted_window_dims),
                 "input_batching_dims": list(d.input_batching_dims),
                 "scatter_indices_batching_dims": list(d.scatter_indices_batching_dims),
                 "scatter_dims_to_operand_dims": list(d.scattered_dims_to_operand_dims),
                 "index_vector_dim": int(d.index_vector_dim),
                 "indices_are_sorted": "indices_are_sorted" in a and str(a["indices_are_sorted"]) == "true",
                 "unique_indices": "unique_indices" in a and str(a["unique_indices"]) == "true",
                 "update_computation": computation}
        n = (len(operands) - 1) // 2
        arrays = {f"inputs[{i}]" if n > 1 else "inputs": x for i, x in enumerate(operands[:n])}
        arrays["scatter_indices"] = operands[n]
        arrays.update({f"updates[{i}]" if n > 1 else "updates": x for i, x in enumerate(operands[n + 1:])})
        return name, arrays, attrs
    if name == "stablehlo.dynamic_slice":
        arrays = {"operand": operands[0], **{f"start_indices[{i}]": x for i, x in enumerate(operands[1:])}}
        return name, arrays, {"slice_sizes": _ints(a["slice_sizes"])}
    if name == "stablehlo.dynamic_update_slice":
        arrays = {"operand": operands[0], "update": operands[1],
                  **{f"start_indices[{i}]": x for i, x in enumerate(operands[2:])}}
        return name, arrays, {}
    arrays = dict(zip(operand_names(name.split(".")[1]), operands))
    attrs: dict = {}
    if name == "stablehlo.compare":
        attrs["comparison_direction"] = str(a["comparison_direction"]).split()[-1].rstrip(">")
        if "compare_type" in a:
            attrs["compare_type"] = str(a["compare_type"]).split()[-1].rstrip(">")
    if len(arrays) == 2 and name != "stablehlo.select":
        attrs["rhs_as_scalar"] = False
    return name, arrays, attrs


def import_file(path: Path, op: str, url: str) -> tuple[list[dict], list[dict]]:
    """(records, skipped) of one interpret test file."""
    from jax.interpreters import mlir as jax_mlir
    from jaxlib.mlir import ir

    from conformance.core.case import Case, array_to_json
    from conformance.oracles.stablehlo.elementwise import compare_type

    records, skipped = [], []
    for chunk in path.read_text().split("// -----"):
        func = re.search(r"func\.func\s+@(\w+)", chunk)
        if not func:
            continue
        text, kinds = _rewrite(chunk)
        where = {"file": url, "function": func.group(1)}
        ctx = jax_mlir.make_ir_context()
        ctx.allow_unregistered_dialects = True
        with ctx, ir.Location.unknown():
            try:
                module = ir.Module.parse(text)
            except Exception as e:  # noqa: BLE001 (one test upstream's bindings cannot parse: say which)
                skipped.append({**where, "reason": "not parsed: " + " ".join(str(e).split())[:200]})
                continue
            body = module.body.operations[0].regions[0].blocks[0].operations
            pairs = [o for o in body if o.operation.name == "check.pair"]
            for kind, p in zip(kinds, pairs):
                target = p.operands[0].owner
                if target.name == "stablehlo.constant":  # "the input is unchanged": not a result of an op
                    continue
                try:
                    name, arrays, attrs = _case(target, lambda values: [_array(v) for v in values])
                    expected = _array(p.operands[1])
                except Skip as e:
                    skipped.append({**where, "reason": str(e)})
                    continue
                if name == "stablehlo.compare" and "compare_type" not in attrs:
                    attrs["compare_type"] = compare_type(arrays["lhs"].dtype.name)
                case = Case(name, arrays, attrs)
                records.append({**where, "check": kind, "case": case.to_json(),
                                "expected": array_to_json(expected)})
    return records, skipped


INDEX_FILE = re.compile(r"gather|scatter|dynamic_slice|dynamic_update_slice")
TESTDATA = "https://github.com/openxla/stablehlo/blob/{commit}/stablehlo/testdata/{name}"


def import_testdata(path: Path, url: str) -> tuple[list[dict], list[dict]]:
    """(records, skipped) of one ``stablehlo/testdata`` file (generated from jax's tests): ``@main`` calls
    ``@inputs`` and ``@expected`` (each returning constants), applies one op and compares with
    ``check.expect_eq`` or ``check.expect_close`` (a custom call). Files with other ops in ``@main`` are skipped."""
    from jax.interpreters import mlir as jax_mlir
    from jaxlib.mlir import ir

    from conformance.core.case import Case, array_to_json

    where = {"file": url, "function": path.stem}
    with jax_mlir.make_ir_context(), ir.Location.unknown():
        try:
            module = ir.Module.parse(path.read_text())
        except Exception as e:  # noqa: BLE001
            return [], [{**where, "reason": "not parsed: " + " ".join(str(e).split())[:200]}]
        funcs = {str(f.attributes["sym_name"]).strip('"'): f for f in module.body.operations}
        known: dict[str, np.ndarray] = {}

        def returned(name: str) -> list:
            block = funcs[name].regions[0].blocks[0]
            return list(list(block.operations)[-1].operands)

        body = list(funcs["main"].regions[0].blocks[0].operations)
        try:
            for op in body:
                if op.operation.name == "func.call":
                    for r, v in zip(op.results, returned(str(op.attributes["callee"]).lstrip("@"))):
                        known[r.get_name()] = _array(v)
            targets = [op for op in body if op.operation.name in (
                "stablehlo.gather", "stablehlo.scatter", "stablehlo.dynamic_slice", "stablehlo.dynamic_update_slice")]
            others = [op.operation.name for op in body if op.operation.name not in (
                "func.call", "func.return", "stablehlo.constant", "stablehlo.custom_call") and op not in targets]
            if len(targets) != 1 or others:
                return [], [{**where, "reason": f"@main is not one index op on its inputs ({', '.join(others) or 'no index op'})"}]
            checks = [op for op in body if op.operation.name == "stablehlo.custom_call"]
            kind = str(checks[0].attributes["call_target_name"]).strip('"').split(".")[-1]

            def arrays_of(values):
                return [known[v.get_name()] if v.get_name() in known else _array(v) for v in values]

            name, arrays, attrs = _case(targets[0], arrays_of)
            expected = arrays_of([checks[0].operands[1]])[0]
        except Skip as e:
            return [], [{**where, "reason": str(e)}]
        case = Case(name, arrays, attrs)
        return [{**where, "check": "eq" if kind == "expect_eq" else "almost_eq", "case": case.to_json(),
                 "expected": array_to_json(expected)}], []


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--stablehlo", required=True, type=Path, help="a checkout of openxla/stablehlo")
    p.add_argument("--commit", required=True, help="the checkout's commit (cited in every record)")
    p.add_argument("--out", required=True, type=Path)
    p.add_argument("--testdata", action="store_true",
                   help="the files of stablehlo/testdata (from jax's tests) whose @main is one index op instead")
    args = p.parse_args(argv)
    folder = args.stablehlo / "stablehlo" / ("testdata" if args.testdata else "tests/interpret")
    if not folder.is_dir():
        p.error(f"--stablehlo: {folder} is not a folder (expected a checkout of openxla/stablehlo)")
    records, skipped = [], []
    if args.testdata:
        for path in sorted(folder.glob("*.mlir")):
            if INDEX_FILE.search(path.name) and not path.name.startswith("select_and_scatter"):
                r, s = import_testdata(path, TESTDATA.format(commit=args.commit, name=path.name))
                records += r
                skipped += s
    for op in () if args.testdata else OPS:
        r, s = import_file(folder / f"{op}.mlir", op, URL.format(commit=args.commit, op=op))
        records += r
        skipped += s
    args.out.parent.mkdir(parents=True, exist_ok=True)
    head = {"source": "openxla/stablehlo", "commit": args.commit, "license": "Apache-2.0 (openxla/stablehlo's test data)",
            "made_by": "tools/import_stablehlo_tests.py"}
    lines = [json.dumps(head)[:-1] + ', "records": ['] + [",\n".join(json.dumps(r, sort_keys=True) for r in records)]
    lines += ['], "skipped": ['] + [",\n".join(json.dumps(r, sort_keys=True) for r in skipped)] + ["]}"]
    args.out.write_text("\n".join(lines) + "\n")  # one record a line
    print(f"{len(records)} checks, {len(skipped)} skipped -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
