"""Where the specs the oracles transcribe are published, pinned to a revision."""

STABLEHLO_BATCHING_RFC = ("https://github.com/openxla/stablehlo/blob/main/rfcs/20240311-gather-scatter-batching-dims.md"
                          " (status Approved, version of 2024-03-11)")
STABLEHLO_SPEC = "https://github.com/openxla/stablehlo/blob/v1.0.0/docs/spec.md (tag v1.0.0)"
ONNX_GATHER_ND = "https://github.com/onnx/onnx/blob/v1.16.0/docs/Operators.md#GatherND (onnx v1.16.0; opsets 11, 12, 13)"
ONNX_SCATTER_ND = "https://github.com/onnx/onnx/blob/v1.16.0/docs/Operators.md#ScatterND (onnx v1.16.0; opsets 11, 16, 18)"
MLIR_BROADCASTABLE = "https://mlir.llvm.org/docs/Traits/Broadcastable/ (the page as of 2026-11)"
MLIR_ELEMENTWISE_RFC = "https://discourse.llvm.org/t/rfc-std-elementwise-ops-on-tensors/2113 (the first post, 2020-10)"
