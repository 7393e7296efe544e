"""A framework whose import installs its own SIGABRT handler, one that jumps back so the target raises
MemoryError; its update kernel writes past its block on a start the spec clamps and answers, and the allocator
aborts at the next call (a MemoryError there). Needs the library of ``trap_lib`` built (``trap_lib.ENV``)."""
from tests.user_modules import trap_lib

trap_lib.install(trap_lib.load(), "raise", "SIGABRT")  # at import, as the framework it stands for does
update = trap_lib.heap_target("heap-later-raises:update", check_now=False)
