"""A run you can watch: the pytest plugin's live view of a conformance run (controller side, with or
without xdist). Each property's end is a line (which target and property, its outcome, how long it
took, how many are done and failed so far); on a terminal a status line names what is running and for
how long, refreshed as properties start and end; each failure is printed when it is found (its first
lines and its seed file), not only in the summary at the end; and on Ctrl-C the run says what it did
so far and where the seeds of its failures are.

Registered by ``conformance.interfaces.plugin`` for runs of the spec-op properties only (a self-test run
of the suite's own tests stays as pytest prints it); ``--no-watch`` turns it off.
"""
from __future__ import annotations

import re
import time

PROPERTY = re.compile(r"test_spec_ops\.py::test_(valid|invalid|deterministic|stateful)\[(.+)\]$")


class Watch:
    def __init__(self, config, total_hint: int = 0):
        self.config = config
        self.started: dict[str, float] = {}
        self.done = self.failed = 0
        self.seeds: list[str] = []
        self.failures: list[str] = []
        self.total = total_hint

    @property
    def _terminal(self):
        return self.config.pluginmanager.get_plugin("terminalreporter")

    def _line(self, text: str) -> None:
        tr = self._terminal
        if tr is None:
            return
        if getattr(tr, "isatty", False):
            tr.write("\r\x1b[K")  # (clear the status line first)
        elif getattr(getattr(tr, "_tw", None), "width_of_current_line", 0):
            tr.write("\n")  # (after pytest's progress characters)
        tr.write_line(text)
        self._status()
        tr.flush()  # (a log read through a pipe sees it now, not at the end)

    def _status(self) -> None:
        """On a terminal: what runs now and for how long (rewritten in place)."""
        tr = self._terminal
        if tr is None or not getattr(tr, "isatty", False) or not self.started:
            return
        now = time.monotonic()
        running = sorted(self.started.items(), key=lambda kv: kv[1])[:3]
        shown = ", ".join(f"{_short(n)} {now - t:.0f}s" for n, t in running)
        more = f" +{len(self.started) - 3}" if len(self.started) > 3 else ""
        tr.write(f"\r\x1b[Kconformance: running {shown}{more} | {self.done} done, {self.failed} failed")

    def pytest_runtest_logstart(self, nodeid, location):
        if PROPERTY.search(nodeid):
            self.started[nodeid] = time.monotonic()
            self._status()

    def pytest_runtest_logreport(self, report):
        if not PROPERTY.search(report.nodeid):
            return
        if report.when == "call" or (report.when == "setup" and (report.failed or report.skipped)):
            began = self.started.pop(report.nodeid, None)
            took = f" in {time.monotonic() - began:.1f}s" if began is not None else ""
            self.done += 1
            outcome = "FAILED" if report.failed else "skipped" if report.skipped else "passed"
            if report.failed:
                self.failed += 1
                text = str(report.longrepr)
                seeds = re.findall(r"seed file: (\S+)", text)
                self.seeds += seeds
                self.failures.append(report.nodeid)
                first = next((ln for ln in text.splitlines() if ln.strip()), "")
                self._line(f"conformance: FAILED {_short(report.nodeid)}{took}: {first[:240]}"
                           + (f"\n  seed file: {seeds[0]}" if seeds else ""))
            else:
                failing = f", {self.failed} failed" if self.failed else ""
                self._line(f"conformance: {outcome} {_short(report.nodeid)}{took} ({self.done} done{failing})")

    def pytest_keyboard_interrupt(self, excinfo):
        tr = self._terminal
        if tr is None:
            return
        running = ", ".join(_short(n) for n in self.started) or "none"
        tr.write_line("")
        tr.write_line(f"conformance: interrupted after {self.done} properties ({self.failed} failed); "
                      f"still running: {running}")
        for nodeid in self.failures:
            tr.write_line(f"  failed: {_short(nodeid)}")
        for path in self.seeds:
            tr.write_line(f"  seed file: {path}")
        tr.flush()


def _short(nodeid: str) -> str:
    """``test_valid[stablehlo.add/torch:add]`` as ``valid stablehlo.add/torch:add``."""
    found = PROPERTY.search(nodeid)
    return f"{found.group(1)} {found.group(2)}" if found else nodeid
