/* SPDX-License-Identifier: Apache-2.0 */
/* fricore export: a friction set in another tool's format. --format mujoco:
 * MuJoCo's dcmotor actuator as a passive LuGre element (input="none",
 * motorconst="0"), lugre="sigma0 sigma1 Fc Fs vs" and damping = sigma2.
 * A set MuJoCo's model cannot hold is refused, naming why. --format fmu: a
 * Co-Simulation FMU (FMI 2.0 or 3.0) of one contact of any kind, in double
 * precision or in the hardware's fixed-point arithmetic (fric_cli_fmu.h). */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fric_cli.h"
#include "fric_cli_fixed.h"
#include "fric_cli_fmu.h"
#include "fric_cli_friction.h"
#include "fric_cli_out.h"
#include "fric_cmd.h"

#define CMD "export"
#define USAGE                                                                                                          \
    "--params FILE.json | [parameters] --format mujoco [--joint NAME] [--name NAME] [--out FILE]\n"                     \
    "       fricore export --params FILE.json | [parameters] --format fmu [--fmi 2|3] [--arith double|fixed] [--ts T]\n" \
    "       [--width 16|18] [--v-max M/S] [--f-max N] --out FILE.fmu"

/* Linked into the fricore binaries that mk/fmu.mk builds (with the FMU's
 * files); NULL in any other program that links the command's objects. */
#pragma weak fric_cli_fmu_archive

/* An MJCF name: what fits in a double-quoted attribute without escaping. */
static bool xml_name_ok(const char *s)
{
    if (*s == '\0' || strlen(s) > 100) return false;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || *s == '_' ||
              *s == '-' || *s == '.' || *s == ':'))
            return false;
    return true;
}

/* x as the shortest %g that reads back as x (x finite: the library checked the set) */
static void put_exact(FILE *o, double x)
{
    char b[40];
    for (int p = 6; p <= 17; p++) {
        snprintf(b, sizeof b, "%.*g", p, x);
        if (strtod(b, NULL) == x) break;
    }
    fputs(b, o);
}

/* What MuJoCo's dcmotor LuGre element can hold, checked on the options before the
 * set is built (whose warnings would otherwise precede a refusal): 0, or
 * FRIC_EXIT_USAGE naming the first term it cannot hold. */
static int mujoco_representable(const fric_cli_friction_t *f, fric_opt_t *opts, size_t n)
{
    const bool dahl = strcmp(f->model, "dahl") == 0;
    if (!dahl && strcmp(f->model, "lugre") != 0)
        return fric_cli_fail(CMD, "model %s is static: MuJoCo's dcmotor friction is the LuGre model, which needs the bristle "
                             "stiffness sigma0 and damping sigma1 (identify them with fricore fit dynamic, or give "
                             "--model lugre with --sigma0 and --sigma1)", f->model);
    const fric_opt_t *o;
    const double fc_neg = ((o = fric_opts_find(opts, n, "fc-neg")) && o->given) ? f->fc_neg : f->fc;
    const double fs_neg = ((o = fric_opts_find(opts, n, "fs-neg")) && o->given) ? f->fs_neg : f->fs;
    const double b_neg = ((o = fric_opts_find(opts, n, "b-neg")) && o->given) ? f->b_neg : f->b;
    const double vs_neg = ((o = fric_opts_find(opts, n, "vs-neg")) && o->given) ? f->vs_neg : f->vs;
    if (!dahl && f->delta != 2.0)
        return fric_cli_fail(CMD, "delta (Stribeck exponent) must be 2 for MuJoCo, whose Stribeck curve is "
                             "Fc + (Fs - Fc) exp(-(v/vs)^2); got %.9g", f->delta);
    if (fc_neg != f->fc)
        return fric_cli_fail(CMD, "asymmetric levels: MuJoCo's dcmotor has one Coulomb level for both directions; "
                             "got fc %.9g N, fc_neg %.9g N", f->fc, fc_neg);
    if (!dahl && fs_neg != f->fs)
        return fric_cli_fail(CMD, "asymmetric levels: MuJoCo's dcmotor has one static level for both directions; "
                             "got fs %.9g N, fs_neg %.9g N", f->fs, fs_neg);
    if (!dahl && vs_neg != f->vs)
        return fric_cli_fail(CMD, "a Stribeck velocity per direction: MuJoCo's dcmotor has one vs for both directions; "
                             "got vs %.9g m/s, vs_neg %.9g m/s", f->vs, vs_neg);
    if (b_neg != f->b)
        return fric_cli_fail(CMD, "asymmetric levels: MuJoCo's damping is one viscous coefficient for both directions; "
                             "got sigma2 %.9g N*s/m, sigma2_neg %.9g N*s/m", f->b, b_neg);
    if (!dahl && f->vd != 0.0)
        return fric_cli_fail(CMD, "velocity-dependent sigma1 (vmd = %.9g m/s): MuJoCo's dcmotor has a constant "
                             "micro-damping sigma1; give --vmd 0 to export the constant sigma1", f->vd);
    return 0;
}

/* An option given on the command line that the format does not read: refused. */
static int not_for(fric_opt_t *opts, size_t n, const char *const *names, size_t k, const char *what)
{
    for (size_t i = 0; i < k; i++) {
        const fric_opt_t *o = fric_opts_find(opts, n, names[i]);
        if (o && o->given == FRIC_GIVEN_ARGV) return fric_cli_fail(CMD, "--%s does not apply to %s", names[i], what);
    }
    return 0;
}

/* --format fmu. */
static int export_fmu(const fric_cli_friction_t *fp, const fric_cli_fixed_t *fx, fric_opt_t *opts, size_t n,
                      const char *fmi, const char *arith, const char *out_path)
{
    static const char *const mujoco_only[] = {"joint", "name"};
    static const char *const fixed_only[] = {"width", "v-max", "f-max"};
    const bool fixed = strcmp(arith, "fixed") == 0;
    int rc = not_for(opts, n, mujoco_only, 2, "--format fmu");
    if (rc == 0 && !fixed) rc = not_for(opts, n, fixed_only, 3, "--arith double (the fixed-point options)");
    if (rc != 0) return rc;
    const fric_opt_t *ts = fric_opts_find(opts, n, "ts");
    if (fixed && !ts->given)
        return fric_cli_fail(CMD, "--ts (the core's sample time, s) is required with --arith fixed");
    if (!fixed && ts->given && !(fx->ts > 0.0))
        return fric_cli_fail(CMD, "--ts (the default communication step, s) must be > 0, got %.6g", fx->ts);
    if (!out_path || strcmp(out_path, "-") == 0)
        return fric_cli_fail(CMD, "--out FILE is required with --format fmu (the .fmu archive is not written to stdout)");
    fric_cli_fmu_t f = {.fmi = atoi(fmi), .fixed = fixed, .step = ts->given ? fx->ts : 0.0};
    fric_model_t m;
    if ((rc = fric_cli_friction_build(fp, opts, n, CMD, 0, &m)) != 0) return rc;
    f.kind = m.kind;
    if ((rc = fric_cli_friction_values(fp, opts, n, CMD, &f.val)) != 0) return rc;
    if (fixed) {
        fric_cli_fx_t c;
        if ((rc = fric_cli_fixed_compile(&m, fx, opts, n, CMD, 0.0, &c)) != 0) return rc;
        f.opt = (fric_compile_opts_t){.width = c.rep.width, .v_max = c.rep.v_max, .f_max = c.rep.f_max, .ts = fx->ts};
    }
    if (!fric_cli_fmu_archive)
        return fric_cli_run_failed(CMD, "this fricore binary has no FMU export (the fricore that make builds has it)");
    unsigned char *zip = NULL;
    size_t len = 0;
    if ((rc = fric_cli_fmu_archive(&f, CMD, &zip, &len)) != 0) return rc;
    fric_out_t out = {.opt = "--out", .path = out_path};
    rc = fric_outs_open(&out, 1, CMD);
    if (rc == 0) rc = fric_out_write(&out, zip, len, CMD);
    if (rc == 0) rc = fric_outs_close(&out, 1, CMD);
    fric_outs_discard(&out, 1);
    free(zip);
    return rc;
}

int fric_cmd_export(int argc, char **argv)
{
    fric_cli_friction_t fp;
    fric_cli_fixed_t fx;
    const char *format = NULL, *joint = "joint", *name = "friction", *out_path = NULL, *fmi = "2", *arith = "double";
    fric_opt_t opts[FRIC_CLI_FRICTION_NOPTS + FRIC_CLI_FIXED_NOPTS + 6];
    fric_cli_friction_defaults(&fp, "lugre");
    fric_cli_fixed_defaults(&fx);
    size_t n = fric_cli_friction_opts(&fp, opts, "coulomb|viscous|stribeck|dahl|lugre");
    opts[n++] = (fric_opt_t){"format", NULL, FRIC_OPT_CHOICE, &format, "",
                             "mujoco: MuJoCo's dcmotor actuator as a passive LuGre element; fmu: a Co-Simulation FMU "
                             "(docs/fmu.md) (required)", "mujoco|fmu", false};
    opts[n++] = (fric_opt_t){"fmi", NULL, FRIC_OPT_CHOICE, &fmi, "", "fmu: the FMI version, 2.0 or 3.0 (default 2)", "2|3",
                             false};
    opts[n++] = (fric_opt_t){"arith", NULL, FRIC_OPT_CHOICE, &arith, "",
                             "fmu: double (the exact step over each communication step, default) or fixed (the "
                             "hardware's bit-exact arithmetic, sampled every --ts)", "double|fixed", false};
    n += fric_cli_fixed_opts(&fx, opts + n,
                             "fmu: the core's sample time with --arith fixed (required); the default communication "
                             "step with --arith double (optional)");
    opts[n++] = (fric_opt_t){"joint", NULL, FRIC_OPT_STRING, &joint, "NAME", "the MJCF joint the friction acts on (default joint)",
                             NULL, false};
    opts[n++] = (fric_opt_t){"name", NULL, FRIC_OPT_STRING, &name, "NAME", "the actuator's name (default friction)", NULL, false};
    opts[n++] = (fric_opt_t){"out", NULL, FRIC_OPT_STRING, &out_path, "",
                             "write there (mujoco: '-' or absent: stdout; fmu: a file, required)", NULL, false};
    int rc = fric_opts_parse(opts, n, argc, argv, 2, CMD, USAGE);
    if (rc != 0) return rc == FRIC_OPTS_HELP ? 0 : rc;
    if (!format) return fric_cli_fail(CMD, "--format is required (allowed: mujoco, fmu)");
    if (strcmp(format, "fmu") == 0) return export_fmu(&fp, &fx, opts, n, fmi, arith, out_path);
    static const char *const fmu_only[] = {"fmi", "arith", "width", "v-max", "f-max", "ts"};
    if ((rc = not_for(opts, n, fmu_only, 6, "--format mujoco")) != 0) return rc;
    if (!xml_name_ok(joint))
        return fric_cli_fail(CMD, "--joint must be 1 to 100 of the characters A-Z a-z 0-9 _ - . : (an MJCF name), got '%.60s'", joint);
    if (!xml_name_ok(name))
        return fric_cli_fail(CMD, "--name must be 1 to 100 of the characters A-Z a-z 0-9 _ - . : (an MJCF name), got '%.60s'", name);
    if ((rc = mujoco_representable(&fp, opts, n)) != 0) return rc;
    fric_model_t m;
    if ((rc = fric_cli_friction_build(&fp, opts, n, CMD, 0, &m)) != 0) return rc;
    const fric_lugre_cfg_t *c = &m.lugre; /* a Dahl set as its LuGre equivalent: Fs = Fc, sigma1 = 0 */

    char *doc = NULL;
    size_t len = 0;
    FILE *o = open_memstream(&doc, &len);
    if (!o) return fric_cli_run_failed(CMD, "out of memory");
    fprintf(o, "<!-- fricore export: %s friction as MuJoCo's dcmotor, a passive LuGre element (MuJoCo 3.7 or later).\n"
               "     lugre = sigma0 sigma1 Fc Fs vs, damping = sigma2; SI units of the joint (a slide joint: N, m, s).\n"
               "     motorconst=\"0\" turns the motor's electrical branch off; resistance is then unused but must be > 0. -->\n",
            m.kind == FRIC_MODEL_DAHL ? "Dahl (as LuGre with Fs = Fc, sigma1 = 0)" : "LuGre");
    fprintf(o, "<actuator>\n  <dcmotor name=\"%s\" joint=\"%s\" input=\"none\" motorconst=\"0\" resistance=\"1\"\n"
               "           lugre=\"", name, joint);
    const double lugre[5] = {c->sigma0, c->sigma1, c->fc_pos, c->fs_pos, c->vs};
    for (int i = 0; i < 5; i++) {
        if (i) fputc(' ', o);
        put_exact(o, lugre[i]);
    }
    fputs("\"\n           damping=\"", o);
    put_exact(o, c->sigma2_pos);
    fputs("\"/>\n</actuator>\n", o);
    if (fclose(o) != 0) {
        free(doc);
        return fric_cli_run_failed(CMD, "out of memory");
    }
    fric_out_t out = {.opt = "--out", .path = out_path ? out_path : "-"};
    rc = fric_outs_open(&out, 1, CMD);
    if (rc == 0) rc = fric_out_write(&out, doc, len, CMD);
    if (rc == 0) rc = fric_outs_close(&out, 1, CMD);
    fric_outs_discard(&out, 1);
    free(doc);
    return rc;
}
