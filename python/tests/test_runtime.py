# SPDX-License-Identifier: Apache-2.0
"""The binding as a process sees it: no leak over many calls, the GIL
released during long calls, threads giving the sequential results."""
import threading
import time

import numpy as np
import pytest

import fricore
from conftest import SETS

P = fricore.Params(**SETS["lugre"])
S = fricore.Params(**SETS["stribeck"])


def rss_kib():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS")


# 1e5 calls of each function; a leak of one small allocation per call (the
# smallest: a 4-byte flag word, 16 bytes with malloc's header) would grow the
# process by more than 1.5 MiB, the bound (a list of 1e5 such cffi objects
# kept alive grows it by 6.5 MiB). The fits run 2e4 times (each call is a
# whole MINPACK solve, 0.1 ms): the bound of 3 MiB catches a leak of 160
# bytes or more per call, e.g. their work arrays or report.
V = np.linspace(-0.01, 0.01, 16)
CALLS = [
    ("Params", 100000, lambda: fricore.Params(**SETS["lugre"])),
    ("curve", 100000, lambda: fricore.curve(S, V)),
    ("curve fixed", 100000, lambda: fricore.curve(S, V, fixed=True, f_max=2.0)),
    ("trace", 100000, lambda: fricore.trace(P, V, 1e-4)),
    ("trace fixed", 100000, lambda: fricore.trace(P, V, 1e-4, fixed=True, f_max=4.0)),
    ("compile", 100000, lambda: fricore.compile(P, 1e-4, f_max=2.0)),
    ("error", 100000, lambda: pytest.raises(ValueError, fricore.curve, S, np.array([np.nan]))),
]
_vs = np.concatenate([np.geomspace(1e-4, 0.5, 12), -np.geomspace(1e-4, 0.5, 12)])
_fs = fricore.curve(S, _vs) + 0.01 * np.sin(np.arange(24))
_t = np.arange(40) * 1e-4
_v = 2e-4 * np.sin(2 * np.pi * 50 * _t) + 1e-3 * np.sin(2 * np.pi * 20 * _t)
_f = fricore.trace(P, _v, 1e-4).F + 0.003 * np.sin(np.arange(40) * 1.7)
CALLS.append(("fit_static", 20000, lambda: fricore.fit_static(_vs, _fs)))
CALLS.append(("fit_dynamic", 20000, lambda: fricore.fit_dynamic(_t, _v, _f, S)))
BOUND_KIB = {"fit_static": 3072, "fit_dynamic": 3072}


@pytest.mark.parametrize("name,n,fn", CALLS, ids=[c[0] for c in CALLS])
def test_no_leak(name, n, fn):
    for _ in range(n // 10):  # warm up: allocator pools, caches
        fn()
    before = rss_kib()
    for _ in range(n):
        fn()
    grown = rss_kib() - before
    assert grown < BOUND_KIB.get(name, 1536), "%s: RSS grew by %d KiB over %d calls" % (name, grown, n)


def test_threads_give_the_sequential_results():
    k = np.arange(200000)
    vs = [0.004 * np.sin(2 * np.pi * k / p) for p in (1000, 1700, 2300, 3100)]
    seq = [fricore.trace(P, v, 1e-4, fixed=True, f_max=4.0) for v in vs]
    seq_d = [fricore.trace(P, v, 1e-4) for v in vs]
    out = [None] * len(vs)
    out_d = [None] * len(vs)

    def work(i):
        for _ in range(3):
            out[i] = fricore.trace(P, vs[i], 1e-4, fixed=True, f_max=4.0)
            out_d[i] = fricore.trace(P, vs[i], 1e-4)

    ts = [threading.Thread(target=work, args=(i,)) for i in range(len(vs))]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    for a, b in zip(out, seq):
        assert np.array_equal(a.code, b.code) and np.array_equal(a.z, b.z) and a.flags == b.flags
    for a, b in zip(out_d, seq_d):
        assert np.array_equal(a.F, b.F) and np.array_equal(a.z, b.z)


def test_gil_is_released_during_a_long_trace():
    v = 0.004 * np.sin(np.arange(4000000) * 1e-3)
    fricore.trace(P, v[:1000], 1e-4, fixed=True, f_max=4.0)
    t0 = time.perf_counter()
    fricore.trace(P, v, 1e-4, fixed=True, f_max=4.0)
    alone = time.perf_counter() - t0
    count = [0]
    stop = threading.Event()

    def spin():
        while not stop.is_set():
            count[0] += 1

    # the counter's progress while the main thread is inside one C call
    th = threading.Thread(target=spin)
    th.start()
    time.sleep(0.02)
    c0 = count[0]
    t0 = time.perf_counter()
    fricore.trace(P, v, 1e-4, fixed=True, f_max=4.0)
    during = count[0] - c0
    elapsed = time.perf_counter() - t0
    stop.set()
    th.join()
    # the same thread spinning alone for comparison
    count[0] = 0
    stop.clear()
    th = threading.Thread(target=spin)
    th.start()
    time.sleep(elapsed)
    stop.set()
    th.join()
    spun_alone = count[0]
    assert alone > 0.02, "the trace is too short to tell (%.3f s)" % alone
    # holding the GIL would leave the spinner one switch interval (5 ms) of
    # the call at most; released, it runs through it
    assert during > 0.3 * spun_alone, "spinner made %d steps during the call, %d alone" % (during, spun_alone)
