"""A tiny C library standing in for a framework's native code (built with gcc by the tests that use it):
fatal-signal handlers of its own (``install``: one that re-raises, one that sleeps forever, one that jumps
back so the caller raises a Python exception), an integer division that traps on INT_MIN / -1 (x86's idiv
raises SIGFPE; numpy does not), and an unchecked write into a small "heap" whose allocator aborts when it
finds the next block's header overwritten (at once, or at the next call)."""
import ctypes
import os
import signal
import subprocess
from pathlib import Path

import numpy as np

ENV = "CONFORMANCE_TEST_TRAP_LIB"  # the built library's path (the user modules load it from there)
MODES = {"reraise": 1, "sleep": 2, "raise": 3}
SOURCE = r"""
#include <signal.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static sigjmp_buf guard;
static volatile sig_atomic_t guarded;
static volatile int mode;

static void on_fatal(int sig) {
    static const char msg[] = "trap_lib: caught a fatal signal\n";
    ssize_t unused = write(2, msg, sizeof msg - 1);
    (void)unused;
    if (mode == 3 && guarded) { guarded = 0; siglongjmp(guard, sig); }
    if (mode == 2) for (;;) pause();
    signal(sig, SIG_DFL);
    raise(sig);
}

int install(int how, int sig) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_fatal;
    sigemptyset(&sa.sa_mask);
    mode = how;
    return sigaction(sig, &sa, NULL);
}

int divide(const int *a, const int *b, int *out, long n) {
    int sig = sigsetjmp(guard, 1);
    if (sig) return sig;
    guarded = 1;
    for (long i = 0; i < n; i++) {
        volatile int x = a[i], y = b[i];
        out[i] = y ? x / y : 0;
    }
    guarded = 0;
    return 0;
}

#define ARENA 64
#define MAGIC 0x5afe
static int arena[ARENA];
static long tail = -1;  /* where the next block's header starts (-1: nothing allocated yet) */

static void check(void) {
    for (long i = tail; tail >= 0 && i < ARENA; i++)
        if (arena[i] != MAGIC) abort();
}

int heap_write(long n, long index, int value, int check_now) {
    int sig = sigsetjmp(guard, 1);
    if (sig) return sig;
    guarded = 1;
    check();  /* what an earlier call left */
    tail = n;
    for (long i = n; i < ARENA; i++) arena[i] = MAGIC;
    arena[index < 0 ? 0 : index >= ARENA ? ARENA - 1 : index] = value;  /* unchecked against n */
    if (check_now) check();
    guarded = 0;
    return 0;
}
"""


def build(folder: Path) -> str:
    """Compile the library into ``folder``; its path."""
    src, lib = Path(folder) / "trap_lib.c", Path(folder) / "trap_lib.so"
    src.write_text(SOURCE)
    subprocess.run(["gcc", "-O0", "-shared", "-fPIC", "-o", str(lib), str(src)], check=True, capture_output=True)
    return str(lib)


def load() -> ctypes.CDLL:
    lib = ctypes.CDLL(os.environ[ENV])
    lib.divide.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_long]
    lib.heap_write.argtypes = [ctypes.c_long, ctypes.c_long, ctypes.c_int, ctypes.c_int]
    return lib


def install(lib: ctypes.CDLL, mode: str, *signals: str) -> None:
    """Install the library's handler (``mode``: reraise, sleep, raise) for ``signals``, as a framework's import does."""
    for name in signals:
        if lib.install(MODES[mode], getattr(signal, name)) != 0:
            raise OSError(f"sigaction({name}) failed")


def divide(lib: ctypes.CDLL, lhs: np.ndarray, rhs: np.ndarray) -> None:
    """Divide element by element in C (traps on INT_MIN / -1); raise FloatingPointError where the handler
    jumped back (the "raise" mode)."""
    a, b = np.ascontiguousarray(lhs, np.int32), np.ascontiguousarray(rhs, np.int32)
    out = np.empty_like(a)
    sig = lib.divide(a.ctypes.data, b.ctypes.data, out.ctypes.data, a.size)
    if sig:
        raise FloatingPointError(f"integer division trapped ({signal.Signals(sig).name})")


def heap_write(lib: ctypes.CDLL, n: int, index: int, check_now: bool) -> None:
    """Write at ``index`` of a block of ``n`` ints, unchecked; MemoryError where the allocator's abort was
    turned into one (the "raise" mode)."""
    sig = lib.heap_write(n, index, 7, int(check_now))
    if sig:
        raise MemoryError(f"the allocator aborted ({signal.Signals(sig).name}): heap corrupted")


DIVIDE_REGION = {"dtypes": ("int32",), "forms": ("tensor",)}


def divide_target(name: str):
    """A ``stablehlo.divide`` target that divides in the library's C code (the spec's value as its answer)."""
    from conformance.oracles.stablehlo.elementwise import evaluate
    from conformance.registry import target

    @target("stablehlo.divide", name, region=DIVIDE_REGION, layouts=("c",))
    def divide_in_c(lhs, rhs, **_):
        spec = evaluate("divide", {"lhs": np.asarray(lhs), "rhs": np.asarray(rhs)}).value
        divide(load(), lhs, rhs)
        return spec
    return divide_in_c


HEAP_REGION = {"min_rank": 1, "max_rank": 1, "max_dim": 5, "element_dtypes": ("int32",), "index_dtypes": ("int32",),
               "oob_share": 0.5, "specials": False}


def heap_target(name: str, check_now: bool):
    """A ``stablehlo.dynamic_update_slice`` target (rank 1) whose kernel writes the update's last element at the
    start it was given, unclamped, into the library's heap (past the operand's block where the spec clamps);
    the allocator aborts on the overwritten header ``check_now`` or at the next call. Answers the spec's value."""
    from conformance.oracles.stablehlo.dynamic_slice import dynamic_update_slice
    from conformance.registry import target

    @target("stablehlo.dynamic_update_slice", name, region=HEAP_REGION)
    def update_in_c(operand, update, start_indices, **_):
        if update.size:
            heap_write(load(), operand.size, int(start_indices[0]) + update.size - 1, check_now)
        return dynamic_update_slice(operand, update, start_indices)
    return update_in_c
