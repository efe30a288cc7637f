# SPDX-License-Identifier: Apache-2.0
"""The stick-slip period of a velocity record, as fricore sim's summary
defines it (fric_sim.h): a slip starts where |v| crosses the slip threshold
(the crossing interpolated linearly between samples) and stays above it, in
one direction, for the minimum slip duration; it ends when |v| falls below
the stick threshold or v turns. The period is the time between the last two
slip starts. Shared by the tests of the exports (scripts/test_mujoco.py,
test_fmu.py), which check it against fricore's own summary on a fricore CSV."""
import numpy as np


def slip_period(t, v, stick, slip=None, min_slip=None):
    """fricore sim's stick-slip period, or None with fewer than two slips.

    stick, slip: the thresholds (m/s); min_slip: the minimum slip duration (s).
    Without slip and min_slip, fricore's defaults for a stick threshold of
    vs / 10: slip = 10 vs = 100 stick, and ten steps of the record."""
    if slip is None:
        slip = 100.0 * stick
    if min_slip is None:
        min_slip = 10.0 * (t[1] - t[0])
    a, sg = np.abs(v), np.sign(v)
    onsets, phase, cand, d = [], "stick", 0.0, 0
    for i in range(len(a)):
        if phase == "slip" and (a[i] < stick or sg[i] != d):
            phase = "stick"
        if phase == "cand" and not (a[i] >= slip and sg[i] == d):
            phase = "stick"
        if phase == "stick" and a[i] >= slip:
            phase, d = "cand", sg[i]
            u0 = d * v[i - 1] if i > 0 else 0.0
            cand = t[i] - (t[i] - t[i - 1]) * (a[i] - slip) / (a[i] - u0) if i > 0 and a[i] > u0 else t[i]
        if phase == "cand" and t[i] - cand >= min_slip:
            phase = "slip"
            onsets.append(cand)
    return (onsets[-1] - onsets[-2]) if len(onsets) >= 2 else None
