"""A framework whose import installs its own SIGABRT handler, one that sleeps forever; its update kernel writes
past its block on a start the spec clamps and answers, and the allocator aborts at the next call (which then
hangs in the handler). Needs the library of ``trap_lib`` built (its path in ``trap_lib.ENV``)."""
from tests.user_modules import trap_lib

trap_lib.install(trap_lib.load(), "sleep", "SIGABRT")  # at import, as the framework it stands for does
update = trap_lib.heap_target("heap-sleeps:update", check_now=False)
