"""Hypothesis strategies per spec op: valid cases built constructively, invalid cases that break one label."""
