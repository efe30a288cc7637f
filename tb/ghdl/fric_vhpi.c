/* SPDX-License-Identifier: Apache-2.0 */
#define _GNU_SOURCE
/* fric_vhpi.c: the coroutine bridge of fric_vhpi.h. The test logic runs on
 * its own stack (ucontext); fvh_wait() switches to it and back. */
#include "fric_vhpi.h"

#include <stdio.h>
#include <stdlib.h>
#include <ucontext.h>

#define TEST_STACK (64u << 20) /* the cmocka tests keep large tables on the stack */

static ucontext_t sim_ctx, test_ctx;
static int started, finished, status;
static int pending = FVH_DONE;
static int32_t in_words[FVH_WORDS], out_words[FVH_WORDS];

static void test_entry(void)
{
    status = tb_main();
    fflush(stdout);
    fflush(stderr);
    finished = 1;
    pending = FVH_DONE;
    /* returning resumes sim_ctx (uc_link) */
}

void fric_vhpi_request(int cmd, const int32_t *in, int nin, int32_t *out, int nout)
{
    if (nin > FVH_WORDS || nout > FVH_WORDS) {
        fprintf(stderr, "fric_vhpi: %d inputs / %d outputs, at most %d\n", nin, nout, FVH_WORDS);
        exit(1);
    }
    for (int k = 0; k < nin; k++) in_words[k] = in[k];
    pending = cmd;
    swapcontext(&test_ctx, &sim_ctx);
    for (int k = 0; k < nout; k++) out[k] = out_words[k];
}

int32_t fvh_wait(void)
{
    if (finished) return FVH_DONE;
    if (!started) {
        started = 1;
        void *stack = malloc(TEST_STACK);
        if (!stack || getcontext(&test_ctx) != 0) {
            fprintf(stderr, "fric_vhpi: cannot set up the test coroutine\n");
            exit(1);
        }
        test_ctx.uc_stack.ss_sp = stack;
        test_ctx.uc_stack.ss_size = TEST_STACK;
        test_ctx.uc_link = &sim_ctx;
        makecontext(&test_ctx, test_entry, 0);
    }
    swapcontext(&sim_ctx, &test_ctx);
    return pending;
}

int32_t fvh_in(int32_t k) { return (k >= 0 && k < FVH_WORDS) ? in_words[k] : 0; }

void fvh_out(int32_t k, int32_t v)
{
    if (k >= 0 && k < FVH_WORDS) out_words[k] = v;
}

int32_t fvh_status(void) { return status; }
