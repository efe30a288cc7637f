/* SPDX-License-Identifier: Apache-2.0 */
/* fric-stim: the stimulus files that the Verilator and GHDL benches of the
 * LuGre / Dahl core both read (tb/fric_lugre/tb_lugre.c, test_accuracy_traces).
 *
 *   fric-stim OUT_FILE WIDTH
 *
 * WIDTH 16 or 18. The file holds the runs of the accuracy benchmark (every
 * dynamic set of fric_accuracy.c, every velocity trace, every sample time
 * from 1 us to 10 ms, at most 4000 samples each): for each run its compiled
 * parameter words and its velocity codes. Format (text; tokens separated by
 * any white space, '#' lines are comments):
 *
 *   fricore-stim 1 lugre-traces W RUNS
 *   run SET TRACE TS N        (TRACE by name, TS in seconds)
 *   w WORD0 .. WORD19         (the 20 cfg words, hex, fricore_formats order)
 *   v CODE1 .. CODEN          (the velocity codes, signed decimal)
 *
 * Exit status: 0 written, 1 a run does not compile or the file cannot be
 * written, 2 bad arguments. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fric_accuracy.h"

#define MAX_SAMPLES 4000

int main(int argc, char **argv)
{
    if (argc != 3 || (strcmp(argv[2], "16") != 0 && strcmp(argv[2], "18") != 0)) {
        fprintf(stderr, "usage: fric-stim OUT_FILE WIDTH (WIDTH: 16 or 18)\n");
        return 2;
    }
    const uint32_t width = (uint32_t)atoi(argv[2]);
    const size_t runs = fric_acc_n_dynamic_sets * FRIC_TRACE_COUNT * fric_acc_n_sample_times;
    FILE *f = fopen(argv[1], "w");
    if (!f) {
        fprintf(stderr, "fric-stim: %s: %s\n", argv[1], strerror(errno));
        return 1;
    }
    fprintf(f, "# fricore stimulus: the velocity traces of the accuracy benchmark, compiled for the\n"
               "# Dahl/LuGre core at W = %u (written by fric-stim, cmodel/bench/fric_stim.c)\n",
            (unsigned)width);
    fprintf(f, "fricore-stim 1 lugre-traces %u %zu\n", (unsigned)width, runs);
    size_t samples = 0;
    for (size_t s = 0; s < fric_acc_n_dynamic_sets; s++)
        for (int t = 0; t < FRIC_TRACE_COUNT; t++)
            for (size_t k = 0; k < fric_acc_n_sample_times; k++) {
                const double ts = fric_acc_sample_times[k];
                fric_fx_lugre_t p;
                fric_compile_report_t rep;
                size_t n;
                if (fric_acc_dynamic_compile(&fric_acc_dynamic_sets[s], (fric_trace_kind_t)t, ts, width,
                                             MAX_SAMPLES, &p, &rep, &n) != FRIC_OK) {
                    fprintf(stderr, "fric-stim: set %zu trace %s ts %g does not compile: %s\n", s,
                            fric_trace_name((fric_trace_kind_t)t), ts, rep.why);
                    fclose(f);
                    return 1;
                }
                uint32_t w[FRIC_FX_WORDS_LUGRE];
                fric_fx_lugre_pack(&p, w);
                fprintf(f, "run %zu %s %.17g %zu\nw", s, fric_trace_name((fric_trace_kind_t)t), ts, n);
                for (int i = 0; i < FRIC_FX_WORDS_LUGRE; i++) fprintf(f, " 0x%08x", w[i]);
                fprintf(f, "\nv");
                for (size_t i = 0; i < n; i++)
                    fprintf(f, "%s%d", (i % 16 == 15) ? "\n" : " ",
                            (int)fric_acc_trace_code((fric_trace_kind_t)t, i, ts, &rep));
                fprintf(f, "\n");
                samples += n;
            }
    if (fclose(f) != 0) {
        fprintf(stderr, "fric-stim: %s: %s\n", argv[1], strerror(errno));
        return 1;
    }
    printf("fric-stim: %s: %zu runs, %zu samples, W = %u\n", argv[1], runs, samples, (unsigned)width);
    return 0;
}
