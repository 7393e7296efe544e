"""Hypothesis strategies per spec op: valid cases built constructively, invalid cases that break one label."""

SUITE = "tensor-index-conformance"  # checked by conformance.packages: this folder is the suite's own
