"""A framework whose import installs its own SIGFPE handler, one that jumps back, and the target raises FloatingPointError (the call "refuses" the case); its divide
traps on INT_MIN / -1 in C. Needs the library of ``trap_lib`` built (its path in ``trap_lib.ENV``)."""
from tests.user_modules import trap_lib

trap_lib.install(trap_lib.load(), "raise", "SIGFPE")  # at import, as the framework it stands for does
divide = trap_lib.divide_target("fpe-raises:divide")
