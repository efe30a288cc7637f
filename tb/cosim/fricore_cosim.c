/* SPDX-License-Identifier: Apache-2.0 */
/* fricore-cosim: the closed-loop co-simulation. The 1-DOF stick-slip plant of
 * fricore sim (fric_plant.h) is advanced once per friction sample, for the
 * force held over the sample, in closed form (fric_plant_advance()); the
 * force comes each sample from the Verilated fric_lugre core (--friction
 * rtl, the default), from the bit-exact C fixed-point model (fixed), or from
 * the double-precision sampled contact (double: the same loop as fricore sim
 * --integrator exact).
 *
 * The options, the run, the CSV, the summary, the plots and the report are
 * fricore sim's (fric_cli_sim.h): one parser, one plant. Its own options:
 * --ts (the sample time, which is the plant's step: --dt, if given, must
 * equal it), --friction, and the port ranges --v-max, --f-max. The RTL run
 * also runs the C fixed-point model beside the core and stops at the first
 * sample where the two differ (they are bit-exact by the bench; this checks
 * it in the loop). The core is built at W = COSIM_W.
 *
 * fricore-cosim servo [fricore servo options] runs the servo axis of
 * fricore servo (fric_cli_servo.h); with --comp-arith rtl its LuGre
 * compensator is this core, checked against the C fixed-point model at every
 * servo sample (a difference ends the run with status 1). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dut_lugre.h"
#include "fric_cli_fixed.h"
#include "fric_cli_out.h"
#include "fric_cli_servo.h"
#include "fric_cli_sim.h"

#ifndef COSIM_W
#error "COSIM_W (the Verilated core's width) must be defined"
#endif

#define CMD "-cosim"
#define USAGE "[fricore sim options] [--ts S] [--friction rtl|fixed|double] [--v-max M/S] [--f-max N]\n" \
              "       (fricore-cosim servo [fricore servo options]: the servo axis with the core as its compensator)"
#define HALF (1 << (COSIM_W - 1))

/* where the friction force comes from (--friction) */
typedef enum { SRC_RTL, SRC_FIXED, SRC_DOUBLE } fric_src_t;

typedef struct {
    fric_sim_cli_t *s;
    const char *friction;
    fric_src_t src;     /* friction, decoded once when parsing */
    fric_cli_fixed_t fx;
    fric_cli_fx_t cp;   /* the compiled set of this run's sample time */
    fric_fx_state_t st;
    uint32_t flags;     /* the C model's sticky flags (and V_SAT of the port) */
    uint64_t v_clamped;
    dut_t *dut;
} cosim_t;

static void dut_cycle_with(dut_t *d, const dut_in_t *in, dut_out_t *out)
{
    dut_set(d, in, out);
    dut_tick(d);
}

/* write a compiled set to axis 0's shadow set and commit it (the state is kept) */
static int dut_commit(dut_t *dut, const fric_fx_lugre_t *l)
{
    dut_in_t in;
    dut_out_t out;
    uint32_t w[FRIC_FX_WORDS_LUGRE];
    fric_fx_lugre_pack(l, w);
    for (uint32_t k = 0; k <= FRIC_FX_WORDS_LUGRE; k++) {
        memset(&in, 0, sizeof in);
        in.cfg_valid = 1;
        in.cfg_commit = k == FRIC_FX_WORDS_LUGRE;
        in.cfg_addr = k < FRIC_FX_WORDS_LUGRE ? k : 0;
        in.cfg_data = k < FRIC_FX_WORDS_LUGRE ? w[k] : 0;
        for (int guard = 0;; guard++) {
            dut_set(dut, &in, &out);
            const int taken = out.cfg_ready;
            dut_tick(dut);
            if (taken) break;
            if (guard > 1000) {
                fprintf(stderr, "fricore" CMD ": the core does not take its parameters\n");
                return 1;
            }
        }
    }
    /* until the copy is done */
    memset(&in, 0, sizeof in);
    for (int i = 0; i < 200; i++) dut_cycle_with(dut, &in, &out);
    /* the CFG flag (the others are the samples' sticky flags, kept over a retune) */
    if (out.flags & 0x10u) {
        fprintf(stderr, "fricore" CMD ": the core refused a parameter word (flags %u)\n", out.flags);
        return 1;
    }
    return 0;
}

/* reset the core and load the compiled set into axis 0 */
static int dut_load(dut_t *dut, const fric_fx_lugre_t *l)
{
    dut_in_t in;
    dut_out_t out;
    memset(&in, 0, sizeof in);
    in.rst = 1;
    dut_cycle_with(dut, &in, &out);
    return dut_commit(dut, l);
}

static int cosim_start(void *ctx, double h, const fric_plant_state_t *s0)
{
    cosim_t *c = ctx;
    if (c->src == SRC_DOUBLE) return 0;
    c->fx.ts = h;
    if (fric_cli_fixed_compile(&c->s->model, &c->fx, c->s->opts, c->s->nopts, CMD, h, &c->cp) != 0) return 1;
    (void)s0; /* the core starts at rest: z0 = 0 (checked when parsing) */
    fric_fx_lugre_reset(&c->st);
    c->flags = 0;
    if (c->src == SRC_RTL) return dut_load(c->dut, &c->cp.l);
    return 0;
}

/* one sample through the core: present v on axis 0, wait for F */
static int dut_sample(dut_t *dut, int32_t vc, int32_t *f)
{
    dut_in_t in;
    dut_out_t out;
    memset(&in, 0, sizeof in);
    in.s_tvalid = 1;
    in.s_tdata = (uint32_t)vc & ((1u << COSIM_W) - 1);
    in.m_tready = 1;
    for (int guard = 0;; guard++) {
        dut_set(dut, &in, &out);
        const int taken = out.s_tready;
        dut_tick(dut);
        if (taken) break;
        if (guard > 10000) goto stuck;
    }
    in.s_tvalid = 0;
    for (int guard = 0;; guard++) {
        dut_set(dut, &in, &out);
        dut_tick(dut);
        if (out.m_tvalid) {
            const uint32_t m = 1u << (COSIM_W - 1);
            *f = (int32_t)((out.m_tdata ^ m) & ((m << 1) - 1)) - (int32_t)m;
            return 0;
        }
        if (guard > 10000) goto stuck;
    }
stuck:
    fprintf(stderr, "fricore" CMD ": the core stopped answering\n");
    return 1;
}

static int cosim_step(void *ctx, fric_plant_state_t *s, double h)
{
    cosim_t *c = ctx;
    const fric_sim_cli_t *o = c->s;
    if (c->src == SRC_DOUBLE) {
        fric_plant_exact_step(&o->plant, &o->contact, s, h);
        return 0;
    }
    /* the velocity port: rounded to a code, clamped (and counted) at its range */
    const fric_compile_report_t *rep = &c->cp.rep;
    double vc = nearbyint(s->v / rep->v_lsb);
    if (!(vc >= -HALF && vc <= HALF - 1)) {
        vc = vc < 0 ? -HALF : HALF - 1;
        c->flags |= FRIC_FX_FLAG_V_SAT;
        c->v_clamped++;
    }
    const int32_t code = (int32_t)vc;
    const int32_t f = fric_fx_lugre_step(&c->cp.l, &c->st, code, &c->flags, NULL);
    if (c->src == SRC_RTL) {
        int32_t fr;
        if (dut_sample(c->dut, code, &fr) != 0) return 1;
        if (fr != f) {
            fprintf(stderr, "fricore" CMD ": at t = %.9g s (v code %d) the core gave F code %d, the C model %d\n", s->t,
                    code, fr, f);
            return 1;
        }
    }
    const double force = f * rep->f_lsb;
    fric_plant_advance(&o->plant, s, force, h);
    s->f = force;
    s->z = (double)c->st.w * ldexp(rep->f_lsb, -FRIC_FX_WG(rep->width)) / o->model.lugre.sigma0;
    s->cached = false;
    return 0;
}

/* the co-simulation's own rules, checked before the friction set is built */
static int cosim_check(void *ctx)
{
    cosim_t *c = ctx;
    fric_sim_cli_t *s = c->s;
    c->src = strcmp(c->friction, "rtl") == 0 ? SRC_RTL : strcmp(c->friction, "fixed") == 0 ? SRC_FIXED : SRC_DOUBLE;
    if (!(c->fx.ts > 0.0)) return fric_cli_fail(CMD, "%s, got %.6g", fric_status_message(FRIC_ERR_TS), c->fx.ts);
    if (s->z0 != 0.0 && c->src != SRC_DOUBLE)
        return fric_cli_fail(CMD, "z0 (bristle deflection, m) must be 0 with --friction %s: the core starts at rest", c->friction);
    if (c->fx.ts > s->duration)
        return fric_cli_fail(CMD, "ts (sample time, s) must be <= duration (%.6g s), got %.6g", s->duration, c->fx.ts);
    s->dt = c->fx.ts;
    s->integrator = "exact";
    return 0;
}

/* ---- fricore-cosim servo: the servo axis with the core as its compensator ---- */

static int servo_start(void *ctx, const fric_fx_lugre_t *l) { return dut_load(ctx, l); }

/* the adaptive observer's retune: the shadow set and a commit, between two samples */
static int servo_retune(void *ctx, const fric_fx_lugre_t *l) { return dut_commit(ctx, l); }

/* present v, take the core's force, compare it with the C model's */
static int servo_sample(void *ctx, double t, int32_t v, int32_t f_model)
{
    int32_t fr;
    if (dut_sample(ctx, v, &fr) != 0) return 1;
    if (fr != f_model) {
        fprintf(stderr, "fricore" CMD " servo: at t = %.9g s (v code %d) the core gave F code %d, the C model %d\n", t, v,
                fr, f_model);
        return 1;
    }
    return 0;
}

static int servo_main(int argc, char **argv)
{
    /* argv[1] is "servo": the command's options start at argv[2], as fricore servo's */
    fric_servo_rtl_t rtl = {servo_start, servo_sample, NULL, COSIM_W, servo_retune};
    /* the core only when it runs: not for --help or a refusal, which need none */
    bool want = false;
    for (int i = 2; i + 1 < argc; i++)
        want = want || (strcmp(argv[i], "--comp-arith") == 0 && strcmp(argv[i + 1], "rtl") == 0);
    for (int i = 2; i < argc; i++) want = want || strcmp(argv[i], "--comp-arith=rtl") == 0;
    if (want) rtl.ctx = dut_open(NULL);
    const int rc = fric_servo_main(argc, argv, CMD " servo", &rtl);
    if (rtl.ctx) dut_close(rtl.ctx);
    return rc;
}

/* fricore sim's options that do not apply here, and why */
static const struct {
    const char *name, *why;
} not_here[] = {
    {"dt", "the plant takes one step per friction sample: --ts sets both"},
    {"integrator", "the plant is advanced in closed form over each held friction sample (fricore sim --integrator exact)"},
    {"check-step", "the core runs at one sample time: compare two runs at --ts T and T/2 instead"},
};

/* refuse one of them by name, before the parser sees it */
static int refuse_not_here(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        for (size_t k = 0; k < sizeof not_here / sizeof not_here[0]; k++) {
            const size_t n = strlen(not_here[k].name);
            if (strncmp(argv[i], "--", 2) == 0 && strncmp(argv[i] + 2, not_here[k].name, n) == 0 &&
                (argv[i][2 + n] == '\0' || argv[i][2 + n] == '='))
                return fric_cli_fail(CMD, "--%s does not apply here: %s", not_here[k].name, not_here[k].why);
        }
    return 0;
}

/* Take out an option of fricore sim that does not apply here: the help does
 * not list it. */
static void drop_option(fric_sim_cli_t *s, const char *name)
{
    for (size_t i = 0; i < s->nopts; i++)
        if (strcmp(s->opts[i].name, name) == 0) {
            memmove(s->opts + i, s->opts + i + 1, (s->nopts - i - 1) * sizeof *s->opts);
            s->nopts--;
            return;
        }
    fprintf(stderr, "fricore-cosim: no option --%s to take out\n", name);
    abort();
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "servo") == 0) {
        fric_out_cleanup_on_signals();
        return servo_main(argc, argv);
    }
    static fric_sim_cli_t s;
    static cosim_t c;
    fric_out_cleanup_on_signals();
    fric_sim_cli_init(&s, CMD, "lugre|dahl");
    /* the plant steps once per friction sample (--ts), in closed form over
     * the held force; --check-step's rerun at dt/2 would need a core at ts/2 */
    for (size_t k = 0; k < sizeof not_here / sizeof not_here[0]; k++) drop_option(&s, not_here[k].name);
    const int refused = refuse_not_here(argc, argv);
    if (refused) return refused;
    c.s = &s;
    c.friction = "rtl";
    fric_cli_fixed_defaults(&c.fx);
    c.fx.width = COSIM_W == 18 ? "18" : "16";
    c.fx.ts = 1e-4;
    fric_opt_t own[FRIC_CLI_FIXED_NOPTS + 1];
    size_t n = fric_cli_fixed_opts(&c.fx, own, "friction sample time, the plant's step (default 1e-4)");
    /* the width is the Verilated core's: not an option here */
    memmove(own, own + 1, (n - 1) * sizeof *own);
    n--;
    own[n++] = (fric_opt_t){"friction", NULL, FRIC_OPT_CHOICE, &c.friction, "",
                            "where F comes from: rtl (the Verilated core, default), fixed (the C model), double", "rtl|fixed|double", false};
    fric_sim_cli_add(&s, own, n);
    s.check = cosim_check;
    s.check_ctx = &c;
    /* argv[1] is the first option here: the parser starts at 2 (after a command) */
    char **args = malloc(((size_t)argc + 1) * sizeof *args);
    if (!args) return FRIC_EXIT_FAIL;
    args[0] = argv[0];
    args[1] = (char *)"-cosim";
    for (int i = 1; i < argc; i++) args[i + 1] = argv[i];
    int rc = fric_sim_cli_parse(&s, argc + 1, args, USAGE);
    if (rc != 0) {
        free(args);
        return rc == FRIC_OPTS_HELP ? 0 : rc;
    }
    if (c.src == SRC_RTL) c.dut = dut_open(NULL);
    const fric_sim_stepper_t st = {c.friction, true, cosim_start, cosim_step, &c};
    rc = fric_sim_cli_run(&s, &st);
    if (c.src != SRC_DOUBLE) {
        fric_cli_report_flags(CMD, c.flags);
        if (c.v_clamped)
            fprintf(stderr, "fricore" CMD ": warning: %llu samples had |v| beyond the port's range (v-max %.6g m/s): "
                    "raise --v-max\n", (unsigned long long)c.v_clamped, c.cp.rep.v_max);
    }
    if (c.dut) dut_close(c.dut);
    free(args);
    return rc;
}
