"""The nightly divergence report, seeds and repro scripts (issue 6); nothing here yet."""
