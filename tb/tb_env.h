/* SPDX-License-Identifier: Apache-2.0 */
/* tb_env.h: a test size from the environment (RANDOM_OPS=N and the like),
 * checked against its allowed range: a bad value fails the test that asked
 * for it, naming the variable and the range. Include after cmocka.h. */
#ifndef TB_ENV_H
#define TB_ENV_H

#include <stdint.h>
#include <stdlib.h>

/* NAME's value, or dflt when NAME is unset or empty */
static inline uint64_t tb_env_count(const char *name, uint64_t dflt, uint64_t lo, uint64_t hi)
{
    const char *e = getenv(name);
    if (!e || !*e) return dflt;
    char *end;
    const unsigned long long v = strtoull(e, &end, 10);
    if (*end || v < lo || v > hi)
        fail_msg("%s=%s: allowed %llu..%llu", name, e, (unsigned long long)lo, (unsigned long long)hi);
    return v;
}

#endif
