/* SPDX-License-Identifier: Apache-2.0 */
/* tb_speed.h: the shared parts of the benches' test_sim_speed, the
 * Verilator speed figures of make bench: the sample count from
 * SIM_SPEED (the test skips without it), a monotonic clock, and the one line
 * scripts/bench.py reads:
 *
 *   sim-speed: N samples checked, C cycles in T s: X samples/s, Y cycles/s[; EXTRA]
 *
 * Include after cmocka.h (skip, assert_true); the includer defines
 * _POSIX_C_SOURCE for clock_gettime. */
#ifndef TB_SPEED_H
#define TB_SPEED_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static inline double tb_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* SIM_SPEED=N from the environment, or the calling test is skipped. */
static inline uint64_t tb_sim_speed_n(void)
{
    const char *e = getenv("SIM_SPEED");
    if (!e || !*e) {
        printf("test_sim_speed: set SIM_SPEED=N (make bench sets it)\n");
        skip();
    }
    const uint64_t n = (uint64_t)strtod(e, NULL);
    assert_true(n > 0);
    return n;
}

static inline void tb_sim_speed_report(uint64_t samples, uint64_t cycles, double seconds, const char *extra)
{
    printf("sim-speed: %llu samples checked, %llu cycles in %.3f s: %.0f samples/s, %.0f cycles/s%s%s\n",
           (unsigned long long)samples, (unsigned long long)cycles, seconds, (double)samples / seconds,
           (double)cycles / seconds, extra ? "; " : "", extra ? extra : "");
}

#endif /* TB_SPEED_H */
