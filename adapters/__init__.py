"""One module per backend; backend libraries are imported lazily, inside the targets."""

SUITE = "tensor-index-conformance"  # checked by conformance.packages: this folder is the suite's own
