"""Seeds (``conformance.running.seeds``), standalone repro scripts (``conformance.reports.repro``) and the nightly report
(``conformance.reports.run``); generated reports go to a git-ignored folder."""
