"""The pytest side of the suite: case model, targets, verdicts, plugin and command line."""

SUITE = "tensor-index-conformance"  # checked by conformance.packages: this folder is the suite's own
