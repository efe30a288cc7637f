# SPDX-License-Identifier: Apache-2.0
"""The stick-slip period of a velocity record, as fricore sim's summary
defines it (fric_sim.c): a slip starts when |v| rises to 10 stick thresholds
after having been below one threshold, the crossing interpolated linearly
between samples; the period is the time between the last two slip starts.
Shared by the tests of the exports (scripts/test_mujoco.py, test_fmu.py),
which check it against fricore's own summary on a fricore CSV."""
import numpy as np


def slip_period(t, v, stick, factor=10.0):
    """fricore sim's stick-slip period, or None with fewer than two slips."""
    slip_v = factor * stick
    a = np.abs(v)
    stuck = a[0] < stick
    onsets = []
    for i in range(len(a)):
        if stuck and a[i] >= slip_v:
            if i > 0 and a[i] > a[i - 1]:
                onsets.append(t[i] - (t[i] - t[i - 1]) * (a[i] - slip_v) / (a[i] - a[i - 1]))
            else:
                onsets.append(t[i])
        if a[i] < stick:
            stuck = True
        elif a[i] >= slip_v:
            stuck = False
    return (onsets[-1] - onsets[-2]) if len(onsets) >= 2 else None
