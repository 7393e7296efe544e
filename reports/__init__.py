"""Seeds (``conformance.seeds``), standalone repro scripts (``reports.repro``) and the nightly report
(``reports.run``); generated reports go to a git-ignored folder."""

SUITE = "tensor-index-conformance"  # checked by conformance.packages: this folder is the suite's own
