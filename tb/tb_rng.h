/* SPDX-License-Identifier: Apache-2.0 */
/* tb_rng.h: the benches' random numbers: Marsaglia's xorshift64 (13, 7, 17)
 * on a state of the caller's, returning 32 bits of it from bit `drop` up.
 * Each bench keeps its own state, seed and drop, so its stream (and with it
 * what its random tests cover) does not depend on the others. */
#ifndef TB_RNG_H
#define TB_RNG_H

#include <stdint.h>

static inline uint32_t tb_xorshift32(uint64_t *state, unsigned drop)
{
    uint64_t s = *state;
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    *state = s;
    return (uint32_t)(s >> drop);
}

#endif
