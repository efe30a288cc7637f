/* SPDX-License-Identifier: Apache-2.0 */
/* The HTML report of a stick-slip run (see fric_cli_report.h). */
#include "fric_cli_report.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fric_cli_svg.h"

/* the model's name as the literature writes it */
static const char *display_name(fric_model_kind_t k)
{
    switch (k) {
    case FRIC_MODEL_COULOMB: return "Coulomb";
    case FRIC_MODEL_VISCOUS: return "Coulomb + viscous";
    case FRIC_MODEL_STRIBECK: return "Stribeck";
    case FRIC_MODEL_DAHL: return "Dahl";
    case FRIC_MODEL_LUGRE: return "LuGre";
    case FRIC_MODEL_ELASTOPLASTIC: return "elasto-plastic";
    case FRIC_MODEL_GMS: return "generalized Maxwell-slip";
    }
    return "?";
}

void fric_html_text(FILE *f, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '&': fputs("&amp;", f); break;
        case '"': fputs("&quot;", f); break;
        default: fputc(*s, f);
        }
    }
}

/* a number, or "none" for NAN (an absent metric): never "nan" */
static void num(FILE *f, const char *fmt, double v)
{
    if (isnan(v)) fputs("none", f);
    else fprintf(f, fmt, v);
}

/* a table row: name, value (%.6g, or "none" for NAN), unit */
void fric_report_row(FILE *f, const char *name, double v, const char *unit)
{
    fprintf(f, "<tr><th>%s</th><td>", name);
    num(f, "%.6g", v);
    fprintf(f, "</td><td>%s</td></tr>\n", unit);
}

void fric_report_row_text(FILE *f, const char *name, const char *v, const char *unit)
{
    fprintf(f, "<tr><th>%s</th><td>", name);
    fric_html_text(f, v);
    fprintf(f, "</td><td>%s</td></tr>\n", unit);
}

/* a direction-dependent coefficient: one row when both directions agree */
static void pair(FILE *f, const char *sym, double pos, double neg, const char *unit)
{
    char name[96];
    if (pos == neg) {
        fric_report_row(f, sym, pos, unit);
        return;
    }
    snprintf(name, sizeof name, "%s for v &gt; 0", sym);
    fric_report_row(f, name, pos, unit);
    snprintf(name, sizeof name, "%s for v &lt; 0", sym);
    fric_report_row(f, name, neg, unit);
}

void fric_report_friction_rows(FILE *f, const char *group, const fric_model_t *m)
{
    const fric_model_kind_t k = m->kind;
    const bool dyn = k == FRIC_MODEL_DAHL || k == FRIC_MODEL_LUGRE;
    const bool dip = k == FRIC_MODEL_STRIBECK || k == FRIC_MODEL_LUGRE;
    const fric_stribeck_cfg_t *c = &m->stribeck;
    fric_report_group(f, group);
    fric_report_row_text(f, "model", fric_model_name(k), "");
    pair(f, "F<sub>c</sub>", c->fc_pos, c->fc_neg, "N");
    if (dip) {
        pair(f, "F<sub>s</sub>", c->fs_pos, c->fs_neg, "N");
        pair(f, "v<sub>s</sub>", c->vs, c->vs_neg, "m/s");
        fric_report_row(f, "p (Stribeck exponent)", c->delta, "");
    }
    if (dyn) fric_report_row(f, "&sigma;<sub>0</sub>", m->lugre.sigma0, "N/m");
    if (k == FRIC_MODEL_LUGRE) {
        fric_report_row(f, "&sigma;<sub>1</sub>", m->lugre.sigma1, "N&middot;s/m");
        if (m->lugre.vd > 0.0) fric_report_row(f, "v<sub>md</sub> (&sigma;<sub>1</sub> velocity)", m->lugre.vd, "m/s");
    }
    if (k != FRIC_MODEL_COULOMB) {
        pair(f, dyn ? "&sigma;<sub>2</sub>" : "b", c->b_pos, c->b_neg, "N&middot;s/m");
    }
}

void fric_report_every(char *buf, size_t n, size_t stride)
{
    if (stride <= 1) {
        snprintf(buf, n, "every sample");
        return;
    }
    /* 1st, 2nd, 3rd, 4th ... 11th, 12th, 13th ... 21st, 101st, 111th */
    const size_t tens = stride % 100, ones = stride % 10;
    const char *suf = (tens >= 11 && tens <= 13) ? "th" : ones == 1 ? "st" : ones == 2 ? "nd" : ones == 3 ? "rd" : "th";
    snprintf(buf, n, "every %zu%s sample", stride, suf);
}

void fric_report_group(FILE *f, const char *group)
{
    fputs("<tr><th colspan=\"3\" class=\"grp\">", f);
    fputs(group, f);
    fputs("</th></tr>\n", f);
}

static void inputs(FILE *f, const fric_sim_cli_t *o, const fric_sim_stepper_t *st, double dt)
{
    const fric_model_kind_t k = o->model.kind;
    const bool dyn = k == FRIC_MODEL_DAHL || k == FRIC_MODEL_LUGRE;
    fputs("<h2>Inputs</h2>\n<table class=\"kv\">\n", f);
    fric_report_friction_rows(f, "friction", &o->model);
    fputs("<tr><th colspan=\"3\" class=\"grp\">plant</th></tr>\n", f);
    fric_report_row(f, "m", o->plant.mass, "kg");
    fric_report_row(f, "k", o->plant.k, "N/m");
    fric_report_row(f, "v<sub>d</sub> (support speed)", o->plant.vd, "m/s");
    fric_report_row(f, "A (external force amplitude)", o->plant.force_amp, "N");
    fric_report_row(f, "f (external force frequency)", o->plant.force_freq, "Hz");
    fputs("<tr><th colspan=\"3\" class=\"grp\">initial state</th></tr>\n", f);
    fric_report_row(f, "x<sub>0</sub>", o->x0, "m");
    fric_report_row(f, "v<sub>0</sub>", o->v0, "m/s");
    if (dyn) fric_report_row(f, "z<sub>0</sub>", o->z0, "m");
    fputs("<tr><th colspan=\"3\" class=\"grp\">run</th></tr>\n", f);
    fric_report_row(f, "duration", o->duration, "s");
    fric_report_row(f, "dt", dt, "s");
    fric_report_row_text(f, "integrator", st->method, "");
    fric_report_row(f, "stick threshold (a slip ends below it)", o->stick, "m/s");
    fric_report_row(f, "slip threshold (a slip starts above it)", o->slip, "m/s");
    fric_report_row(f, "minimum slip duration", o->slip_min, "s");
    fputs("</table>\n", f);
}

static void summary(FILE *f, const fric_sim_cli_t *o, const fric_sim_stepper_t *st, double dt,
                    const fric_sim_result_t *r, const fric_sim_result_t *half)
{
    double m[FRIC_NMETRICS];
    fric_sim_metrics(&o->cfg, r, m);
    fputs("<h2>Summary</h2>\n<table class=\"kv\">\n", f);
    for (int i = 0; i < FRIC_NMETRICS; i++) {
        fprintf(f, "<tr><th>%s</th><td>", fric_sim_metric_info[i].label);
        if (isnan(m[i])) fputs(i >= FRIC_M_PERIOD ? "no stick-slip cycle" : "none", f);
        else fprintf(f, fric_sim_metric_info[i].count ? "%.0f" : "%.6g", m[i]);
        fputs("</td></tr>\n", f);
    }
    fric_sim_stick_slip_t ss;
    fric_sim_stick_slip(&o->cfg, r, &ss);
    fprintf(f, "<tr><th>stick-slip</th><td>%s</td></tr>\n", ss.present ? "present" : ss.cause);
    fprintf(f, "<tr><th>chatter in the stick phases</th><td>%s</td></tr>\n",
            ss.chatter ? ss.chatter_note : "none: v never jumps across the stick band in one step");
    if (ss.short_slips)
        fprintf(f, "<tr><th>excursions above the slip threshold shorter than the minimum</th><td>%zu</td></tr>\n",
                ss.short_slips);
    const double dke = fric_sim_dke(&o->cfg, r), res = fric_sim_residual(&o->cfg, r);
    fprintf(f, "<tr><th>work of spring and external force [J]</th><td>%.6g</td></tr>\n", r->w_in);
    fprintf(f, "<tr><th>work of friction (dissipated, or stored in the bristles) [J]</th><td>%.6g</td></tr>\n", r->w_f);
    fprintf(f, "<tr><th>kinetic energy change [J]</th><td>%.6g</td></tr>\n", dke);
    fprintf(f, "<tr><th>energy balance residual [J]</th><td>%.3g</td></tr>\n", res);
    const fric_sim_passivity_t pa = fric_sim_passivity(&o->cfg.contact);
    fprintf(f, "<tr><th>passivity</th><td>%s: %s", pa.met ? "met" : "not met", pa.condition);
    if (pa.dynamic) fprintf(f, "; margin %.6g N&middot;s/m (%s)", pa.margin, pa.reference);
    fprintf(f, ". In plain words: %s.</td></tr>\n", pa.meaning);
    fprintf(f, "<tr><th>integration</th><td>%s, dt = %.6g s, %zu steps, %.3f s wall time</td></tr>\n", st->method, dt,
            r->steps, r->wall);
    fputs("</table>\n", f);
    if (!half) {
        fputs("<p>The step was not checked: rerun with <code>--check-step</code> to see whether dt resolves the "
              "dynamics.</p>\n", f);
        return;
    }
    double mh[FRIC_NMETRICS];
    fric_sim_metrics(&o->cfg, half, mh);
    fprintf(f, "<h3>Step check (rerun at dt/2 = %.6g s)</h3>\n<table>\n<tr><th>metric</th><th>dt</th><th>dt/2</th>"
            "<th>relative change</th><th>verdict</th></tr>\n", 0.5 * dt);
    bool all = true;
    for (int i = 0; i < FRIC_NMETRICS; i++) {
        double rel;
        const bool ok = fric_sim_check_metric(i, m[i], mh[i], &rel);
        all = all && ok;
        fprintf(f, "<tr><td>%s</td><td>", fric_sim_metric_info[i].label);
        num(f, "%.6g", m[i]);
        fputs("</td><td>", f);
        num(f, "%.6g", mh[i]);
        fputs("</td><td>", f);
        num(f, "%.3g", rel);
        fprintf(f, "</td><td class=\"%s\">%s</td></tr>\n", ok ? "ok" : "bad", ok ? "resolved" : "not resolved");
    }
    fprintf(f, "</table>\n<p class=\"%s\">%s (tolerance %g, counts unchanged).</p>\n", all ? "ok" : "bad",
            all ? "dt resolves the dynamics" : "dt does not resolve the dynamics: try a smaller --dt", FRIC_SIM_CHECK_TOL);
}

void fric_report_friction_equations(FILE *f, fric_model_kind_t k)
{
    switch (k) {
    case FRIC_MODEL_LUGRE:
        fputs("<p>g(v) = F<sub>c</sub> + (F<sub>s</sub> &minus; F<sub>c</sub>) exp[&minus;(|v|/v<sub>s</sub>)<sup>p</sup>]</p>\n"
              "<p>z&#775; = v &minus; &sigma;<sub>0</sub> |v| z / g(v)</p>\n"
              "<p>F<sub>f</sub> = &sigma;<sub>0</sub> z + &sigma;<sub>1</sub>(v) z&#775; + &sigma;<sub>2</sub> v,&emsp; "
              "&sigma;<sub>1</sub>(v) = &sigma;<sub>1</sub> exp[&minus;(v/v<sub>md</sub>)<sup>2</sup>] "
              "(&sigma;<sub>1</sub> when v<sub>md</sub> = 0)</p>\n", f);
        break;
    case FRIC_MODEL_DAHL:
        fputs("<p>z&#775; = v &minus; &sigma;<sub>0</sub> |v| z / F<sub>c</sub>;&emsp; "
              "F<sub>f</sub> = &sigma;<sub>0</sub> z + &sigma;<sub>2</sub> v</p>\n", f);
        break;
    case FRIC_MODEL_STRIBECK:
        fputs("<p>F<sub>f</sub> = sign(v) (F<sub>c</sub> + (F<sub>s</sub> &minus; F<sub>c</sub>) "
              "exp[&minus;(|v|/v<sub>s</sub>)<sup>p</sup>]) + b v,&emsp; F<sub>f</sub>(0) = 0</p>\n", f);
        break;
    case FRIC_MODEL_VISCOUS:
        fputs("<p>F<sub>f</sub> = sign(v) F<sub>c</sub> + b v,&emsp; F<sub>f</sub>(0) = 0</p>\n", f);
        break;
    case FRIC_MODEL_COULOMB:
        fputs("<p>F<sub>f</sub> = sign(v) F<sub>c</sub>,&emsp; F<sub>f</sub>(0) = 0</p>\n", f);
        break;
    case FRIC_MODEL_ELASTOPLASTIC:
        fputs("<p>z&#775; = v (1 &minus; &alpha;(z, v) z / z<sub>ss</sub>(v)),&emsp; z<sub>ss</sub>(v) = sign(v) g(v) / "
              "&sigma;<sub>0</sub>;&emsp; &alpha; = 0 for |z| &le; z<sub>ba</sub> or sign(v) &ne; sign(z), 1 for "
              "|z| &ge; |z<sub>ss</sub>|, a raised cosine between</p>\n"
              "<p>F<sub>f</sub> = &sigma;<sub>0</sub> z + &sigma;<sub>1</sub>(v) z&#775; + &sigma;<sub>2</sub> v</p>\n", f);
        break;
    case FRIC_MODEL_GMS:
        fputs("<p>element i sticks, F&#775;<sub>i</sub> = k<sub>i</sub> v, until sign(v) F<sub>i</sub> reaches "
              "&alpha;<sub>i</sub> g(v); it then slips, F&#775;<sub>i</sub> = C (&alpha;<sub>i</sub> sign(v) &minus; "
              "F<sub>i</sub> / g(v)), until v reverses</p>\n"
              "<p>F<sub>f</sub> = &Sigma; F<sub>i</sub> + &sigma;<sub>2</sub> v</p>\n", f);
        break;
    }
}

static void equations(FILE *f, fric_model_kind_t k)
{
    fputs("<h2>Equations used</h2>\n<div class=\"eq\">\n"
          "<p>x&#775; = v;&emsp; m v&#775; = k (v<sub>d</sub> t &minus; x) + A sin(2&pi; f t) &minus; F<sub>f</sub></p>\n", f);
    fric_report_friction_equations(f, k);
    fputs("</div>\n<p>Positive displacement, velocity, spring force and external force share one axis; the signed "
          "friction force F<sub>f</sub> is subtracted in the equation of motion. Each coefficient with a v &gt; 0 and a "
          "v &lt; 0 value takes the one of the sign of v. Symbols: z is the mean bristle deflection; &sigma;<sub>0</sub>, "
          "&sigma;<sub>1</sub> and &sigma;<sub>2</sub> the bristle stiffness, micro-damping and viscous coefficients "
          "(b for a static model); F<sub>c</sub> and F<sub>s</sub> the Coulomb and static levels; v<sub>s</sub> and p "
          "shape the Stribeck curve; m is the mass, k the drive-spring stiffness, v<sub>d</sub> the support speed, A and "
          "f the sinusoidal external force.</p>\n", f);
}

static void integration(FILE *f, const fric_sim_stepper_t *st, fric_model_kind_t k)
{
    fputs("<h2>Integration</h2>\n", f);
    if (strcmp(st->method, "rk4") == 0)
        fputs("<p>Classical fixed-step fourth-order Runge&ndash;Kutta on x, v and z together. The bristle state is "
              "stable only for dt below about 2.785 g(v)/(&sigma;<sub>0</sub>|v|); past it use "
              "<code>--integrator exact</code>.</p>\n", f);
    else if (strcmp(st->method, "exact") == 0 || strcmp(st->method, "double") == 0)
        fputs("<p>The exact-contact step: the bristle state takes the exact solution of its linear equation at the "
              "step's initial velocity (z approaches its steady value by the factor exp(&minus;&sigma;<sub>0</sub>|v|dt/g(v)), "
              "stable at any dt), its force is held over the step, and the plant is advanced in closed form for that "
              "force. The only approximation is the zero-order hold of v and F<sub>f</sub> in the contact: first order "
              "in dt.</p>\n", f);
    else
        fprintf(f, "<p>Closed-loop co-simulation: every dt the slider's velocity is rounded to the input port's code and "
                "the friction force comes from %s; it is held over the sample, and the plant advanced in closed form "
                "for it.</p>\n",
                strcmp(st->method, "rtl") == 0 ? "the Verilated RTL core fric_lugre (checked bit-exact against the C "
                                                 "fixed-point model at every sample)"
                                               : "the C fixed-point model, fric_fx_lugre_step()");
    if (k != FRIC_MODEL_DAHL && k != FRIC_MODEL_LUGRE)
        fputs("<p>A static model has no state: at v = 0 its force is 0 and it cannot hold the slider against the "
              "spring, so the slider creeps and chatters about v = 0 where a real contact would stick. Use Dahl or "
              "LuGre for stiction.</p>\n", f);
    fputs("<p>The energy balance checks the integration: the work of the spring and the external force "
          "(&int;(F<sub>spring</sub> + F<sub>ext</sub>) v dt, trapezoidal rule) equals the kinetic energy gained plus "
          "the work of friction (&int;F<sub>f</sub> dx); the residual is the integrator's error.</p>\n", f);
}

static const char *const STYLE =
    "body{font-family:sans-serif;max-width:60em;margin:1em auto;padding:0 1em;color:#222;line-height:1.4}"
    "table{border-collapse:collapse;margin:.5em 0}th,td{border:1px solid #ccc;padding:.2em .6em;text-align:left}"
    "table.kv th{font-weight:normal;background:#f4f4f4}th.grp{font-weight:bold!important;background:#e4e8f0!important}"
    "td{font-variant-numeric:tabular-nums}.eq p{font-family:serif;font-size:1.15em;margin:.3em 1em}"
    ".ok{color:#176b17}.bad{color:#b00020;font-weight:bold}code{background:#f4f4f4;padding:0 .2em}"
    "figure{margin:1em 0}svg{max-width:100%;height:auto}";

void fric_report_head(FILE *f, const char *title)
{
    fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n"
            "<title>%s</title>\n<style>%s</style>\n</head>\n<body>\n", title, STYLE);
}

void fric_report_command(FILE *f, int argc, char **argv)
{
    fputs("<p>Command: <code>fricore", f);
    for (int i = 1; i < argc; i++) {
        fputc(' ', f);
        fric_html_text(f, argv[i]);
    }
    fputs("</code></p>\n", f);
}

void fric_report_references(FILE *f)
{
    fputs("<h2>References</h2>\n<ol>\n"
          "<li>C. Canudas de Wit, H. Olsson, K. J. &Aring;str&ouml;m, P. Lischinsky, &ldquo;A new model for control of "
          "systems with friction,&rdquo; <i>IEEE Transactions on Automatic Control</i>, 40(3), 419&ndash;425, 1995, "
          "doi:10.1109/9.376053.</li>\n"
          "<li>P. R. Dahl, &ldquo;A solid friction model,&rdquo; The Aerospace Corporation, TOR-0158(3107-18)-1, 1968.</li>\n"
          "<li>H. Olsson, K. J. &Aring;str&ouml;m, C. Canudas de Wit, M. G&auml;fvert, P. Lischinsky, &ldquo;Friction "
          "models and friction compensation,&rdquo; <i>European Journal of Control</i>, 4(3), 176&ndash;195, 1998.</li>\n"
          "<li>B. Armstrong-H&eacute;louvry, P. Dupont, C. Canudas de Wit, &ldquo;A survey of models, analysis tools and "
          "compensation methods for the control of machines with friction,&rdquo; <i>Automatica</i>, 30(7), "
          "1083&ndash;1138, 1994.</li>\n</ol>\n"
          "<p>Written by fricore; the page is self-contained and loads nothing.</p>\n</body>\n</html>\n", f);
}

int fric_sim_report(FILE *f, const fric_sim_cli_t *o, const fric_sim_stepper_t *st, double dt,
                    const fric_sim_result_t *r, const fric_sim_result_t *half)
{
    const char *name = display_name(o->model.kind);
    char title[96];
    snprintf(title, sizeof title, "%s report: %s", fric_cli_name(o->cmd), name);
    fric_report_head(f, title);
    fprintf(f, "<h1>%s: %s friction on a spring-driven slider</h1>\n", fric_cli_name(o->cmd), name);
    fric_report_command(f, o->argc, o->argv);
    inputs(f, o, st, dt);
    summary(f, o, st, dt, r, half);
    fputs("<h2>Friction time history</h2>\n<figure>\n", f);
    if (fric_svg_write(f, "time-data", FRIC_PLOT_TIME_TITLE, FRIC_PLOT_TIME_X, FRIC_PLOT_F, r->pt, r->pf, r->np) != 0)
        return -1;
    fputs("</figure>\n<h2>Velocity time history</h2>\n<figure>\n", f);
    if (fric_svg_write(f, "velocity-data", FRIC_PLOT_VEL_TITLE, FRIC_PLOT_TIME_X, FRIC_PLOT_V, r->pt, r->pv, r->np) != 0)
        return -1;
    fprintf(f, "</figure>\n<h2>Force&ndash;displacement hysteresis</h2>\n<figure>\n");
    if (fric_svg_write(f, "hysteresis-data", FRIC_PLOT_HYST_TITLE, FRIC_PLOT_HYST_X, FRIC_PLOT_F, r->px, r->pf, r->np) != 0)
        return -1;
    char every[64];
    fric_report_every(every, sizeof every, r->stride);
    fprintf(f, "</figure>\n<p>The plots show %s of the run (%zu points); the CSV (<code>--csv</code>) holds "
            "them all.</p>\n", every, r->np);
    equations(f, o->model.kind);
    integration(f, st, o->model.kind);
    fputs("<h2>Assumptions and limits</h2>\n<p>The model is lumped, deterministic, one-dimensional and isothermal, with "
          "constant calibrated parameters. It omits changing normal load, wear, temperature, lubricant supply, impacts, "
          "backlash and contact geometry. The near-stick fraction depends on the stick threshold. The slips and the "
          "velocity reversals are events: a slip starts when |v| rises above the slip threshold and stays there for the "
          "minimum slip duration, and ends when |v| falls below the stick threshold; chatter in the stick phases is "
          "reported apart, as a property of the step. Runs are limited to 30 s unless "
          "<code>--allow-long</code>; check the sensitivity to the step with <code>--check-step</code>. "
          "<strong>Do not use uncalibrated output for safety, life, control-stability or component qualification "
          "decisions.</strong></p>\n"
          "<h2>How to read it</h2>\n<p>A closed force&ndash;displacement loop shows frictional memory (presliding "
          "hysteresis). A saw-tooth friction history with a high near-stick fraction is stick-slip: the spring loads "
          "the stuck slider until the friction reaches its static level, the slider slips, and sticks again. Compare "
          "model variants only with identical physical inputs and calibrated coefficients.</p>\n", f);
    fric_report_references(f);
    return 0;
}
