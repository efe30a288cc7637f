/* SPDX-License-Identifier: Apache-2.0 */
/* fricore export --format fmu: the archive (see fric_cli_fmu.h). */
#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zip.h>

#include "fric_cli.h"
#include "fric_cli_fmu.h"
#include "fric_fmu_model.h"
#include "fric_fmu_files.h"
#include "fric_version.h"

/* The export: its FMI version, the FMU's configuration, the default step. */
typedef struct {
    int fmi;
    fric_fmu_config_t cfg;
    double step;
} exp_t;

/* x with %.17g: reads back as x. */
static void num(FILE *o, double x) { fprintf(o, "%.17g", x); }

/* s as the value of an XML attribute. */
static void xml_text(FILE *o, const char *s)
{
    for (; *s; s++) switch (*s) {
        case '&': fputs("&amp;", o); break;
        case '<': fputs("&lt;", o); break;
        case '>': fputs("&gt;", o); break;
        case '"': fputs("&quot;", o); break;
        default: fputc(*s, o);
        }
}

/* The value of a declared parameter in the configuration. */
static double param_value(const fric_fmu_config_t *c, const fric_fmu_var_t *v)
{
    if (v->off < 0) return (double)c->opt.width;
    return *fric_fmu_param((fric_fmu_config_t *)c, v);
}

static bool declared(const fric_fmu_config_t *c, size_t i)
{
    return fric_fmu_var_declared(&fric_fmu_vars[i], c->kind, c->arith);
}

/* resources/fricore.json, with the token given (or none: its hash input). */
static void write_json(FILE *o, const fric_fmu_config_t *c, const char *token)
{
    fprintf(o, "{\n  \"fmi_token\": \"%s\",\n  \"arith\": \"%s\",\n  \"model\": \"%s\"", token,
            c->arith == FRIC_FMU_FIXED ? "fixed" : "double", fric_model_name(c->kind));
    for (size_t i = 0; i < fric_fmu_nvars; i++) {
        if (strcmp(fric_fmu_vars[i].causality, "parameter") != 0 || !declared(c, i)) continue;
        fprintf(o, ",\n  \"%s\": ", fric_fmu_vars[i].name);
        num(o, param_value(c, &fric_fmu_vars[i]));
    }
    fputs("\n}\n", o);
}

/* FNV-1a, 64 bits. */
static uint64_t fnv1a(const char *s, size_t n, uint64_t h)
{
    for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 0x100000001b3ull;
    return h;
}

static const struct {
    const char *name, *base;
} units[] = {
    {"s", "s=\"1\""},       {"m", "m=\"1\""},
    {"m/s", "m=\"1\" s=\"-1\""}, {"N", "kg=\"1\" m=\"1\" s=\"-2\""},
    {"N/m", "kg=\"1\" s=\"-2\""}, {"N.s/m", "kg=\"1\" s=\"-1\""},
};

static const char *type_name(int fmi, fric_fmu_type_t t)
{
    if (t == FRIC_FMU_BOOLEAN) return "Boolean";
    if (t == FRIC_FMU_INTEGER) return fmi == 2 ? "Integer" : "Int32";
    return fmi == 2 ? "Real" : "Float64";
}

static void write_model_description(FILE *o, const exp_t *f)
{
    const fric_fmu_config_t *c = &f->cfg;
    const int fmi = f->fmi;
    const bool fixed = c->arith == FRIC_FMU_FIXED;
    fprintf(o, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<fmiModelDescription fmiVersion=\"%s\" modelName=\"fricore_%s_%s\" %s=\"%s\"\n",
            fmi == 2 ? "2.0" : "3.0", fric_model_name(c->kind), fixed ? "fixed" : "double",
            fmi == 2 ? "guid" : "instantiationToken", c->token);
    if (fixed)
        fprintf(o, "  description=\"fricore %s friction contact in the hardware's fixed-point arithmetic (W = %u, sampled every ts = %.9g s)\"\n",
                fric_model_name(c->kind), (unsigned)c->opt.width, c->opt.ts);
    else
        fprintf(o, "  description=\"fricore %s friction contact in double precision (%s)\"\n", fric_model_name(c->kind),
                (c->kind == FRIC_MODEL_DAHL || c->kind == FRIC_MODEL_LUGRE) ? "the exact step over each communication step"
                                                                      : "the static curve at the input velocity");
    fprintf(o, "  generationTool=\"fricore %s\" variableNamingConvention=\"flat\"%s>\n", FRICORE_VERSION,
            fmi == 2 ? " numberOfEventIndicators=\"0\"" : "");
    if (fmi == 2) {
        fputs("  <CoSimulation modelIdentifier=\"" FRIC_FMU_MODEL_ID "\" canHandleVariableCommunicationStepSize=\"true\"\n"
              "    canNotUseMemoryManagementFunctions=\"true\" canGetAndSetFMUstate=\"false\" canSerializeFMUstate=\"false\"\n"
              "    providesDirectionalDerivative=\"false\" canBeInstantiatedOnlyOncePerProcess=\"false\">\n"
              "    <SourceFiles>\n", o);
        for (size_t i = 0; i < fric_fmu_nfiles; i++) {
            const char *n = fric_fmu_files[i].name;
            const size_t l = strlen(n);
            if ((fric_fmu_files[i].fmi == 0 || fric_fmu_files[i].fmi == 2) && strncmp(n, "sources/", 8) == 0 &&
                l > 2 && strcmp(n + l - 2, ".c") == 0)
                fprintf(o, "      <File name=\"%s\"/>\n", n + 8);
        }
        fputs("    </SourceFiles>\n  </CoSimulation>\n", o);
    } else {
        fputs("  <CoSimulation modelIdentifier=\"" FRIC_FMU_MODEL_ID "\" canHandleVariableCommunicationStepSize=\"true\"", o);
        if (fixed) {
            fputs(" fixedInternalStepSize=\"", o);
            num(o, c->opt.ts);
            fputs("\"", o);
        }
        fputs("\n    canGetAndSetFMUState=\"false\" canSerializeFMUState=\"false\" providesDirectionalDerivatives=\"false\"\n"
              "    providesAdjointDerivatives=\"false\" hasEventMode=\"false\" providesIntermediateUpdate=\"false\"\n"
              "    canBeInstantiatedOnlyOncePerProcess=\"false\"/>\n", o);
    }
    fputs("  <UnitDefinitions>\n", o);
    for (size_t u = 0; u < sizeof units / sizeof units[0]; u++)
        fprintf(o, "    <Unit name=\"%s\"><BaseUnit %s/></Unit>\n", units[u].name, units[u].base);
    fputs("  </UnitDefinitions>\n", o);
    if (f->step > 0.0) {
        fputs("  <DefaultExperiment startTime=\"0\" stepSize=\"", o);
        num(o, f->step);
        fputs("\"/>\n", o);
    }
    fputs("  <ModelVariables>\n", o);
    unsigned index = 0, out_index[8], nout = 0, out_vr[8];
    for (size_t i = 0; i < fric_fmu_nvars; i++) {
        const fric_fmu_var_t *v = &fric_fmu_vars[i];
        if (!declared(c, i)) continue;
        index++;
        const char *type = type_name(fmi, v->type);
        const bool output = strcmp(v->causality, "output") == 0;
        const bool param = strcmp(v->causality, "parameter") == 0;
        const bool input = strcmp(v->causality, "input") == 0;
        if (output && nout < 8) {
            out_index[nout] = index;
            out_vr[nout++] = v->vr;
        }
        if (fmi == 2) fputs("    <ScalarVariable", o);
        else fprintf(o, "    <%s", type);
        fprintf(o, " name=\"%s\" valueReference=\"%u\" causality=\"%s\"", v->name, v->vr, v->causality);
        if (!(fmi == 3 && strcmp(v->variability, "continuous") == 0 && v->type == FRIC_FMU_REAL))
            fprintf(o, " variability=\"%s\"", v->variability);
        fputs(" description=\"", o);
        xml_text(o, v->description);
        fputs("\"", o);
        if (fmi == 2) fprintf(o, ">\n      <%s", type);
        if (v->unit && v->type == FRIC_FMU_REAL) fprintf(o, " unit=\"%s\"", v->unit);
        if (input || param) {
            fputs(" start=\"", o);
            if (v->type == FRIC_FMU_BOOLEAN) fputs("false", o);
            else if (v->type == FRIC_FMU_INTEGER) fprintf(o, "%u", (unsigned)c->opt.width);
            else if (input) fputs("0", o);
            else num(o, param_value(c, v));
            fputs("\"", o);
        }
        fputs(fmi == 2 ? "/>\n    </ScalarVariable>\n" : "/>\n", o);
    }
    fputs("  </ModelVariables>\n  <ModelStructure>\n", o);
    if (fmi == 2) {
        fputs("    <Outputs>\n", o);
        for (unsigned k = 0; k < nout; k++) fprintf(o, "      <Unknown index=\"%u\"/>\n", out_index[k]);
        fputs("    </Outputs>\n    <InitialUnknowns>\n", o);
        for (unsigned k = 0; k < nout; k++) fprintf(o, "      <Unknown index=\"%u\"/>\n", out_index[k]);
        fputs("    </InitialUnknowns>\n", o);
    } else {
        for (unsigned k = 0; k < nout; k++) fprintf(o, "    <Output valueReference=\"%u\"/>\n", out_vr[k]);
        for (unsigned k = 0; k < nout; k++) fprintf(o, "    <InitialUnknown valueReference=\"%u\"/>\n", out_vr[k]);
    }
    fputs("  </ModelStructure>\n</fmiModelDescription>\n", o);
}

static void write_build_description(FILE *o)
{
    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<fmiBuildDescription fmiVersion=\"3.0\">\n"
          "  <BuildConfiguration modelIdentifier=\"" FRIC_FMU_MODEL_ID "\">\n"
          "    <SourceFileSet language=\"C11\">\n", o);
    for (size_t i = 0; i < fric_fmu_nfiles; i++) {
        const char *n = fric_fmu_files[i].name;
        const size_t l = strlen(n);
        if ((fric_fmu_files[i].fmi == 0 || fric_fmu_files[i].fmi == 3) && strncmp(n, "sources/", 8) == 0 && l > 2 &&
            strcmp(n + l - 2, ".c") == 0)
            fprintf(o, "      <SourceFile name=\"%s\"/>\n", n + 8);
    }
    fputs("    </SourceFileSet>\n    <Library name=\"m\" description=\"the C mathematics library (libm)\"/>\n"
          "  </BuildConfiguration>\n</fmiBuildDescription>\n", o);
}

/* A text built by fn into a malloc'd buffer; NULL when out of memory. */
static char *build_text(size_t *len, void (*fn)(FILE *, const void *), const void *arg)
{
    char *doc = NULL;
    FILE *o = open_memstream(&doc, len);
    if (!o) return NULL;
    fn(o, arg);
    if (fclose(o) != 0) {
        free(doc);
        return NULL;
    }
    return doc;
}
static void md_fn(FILE *o, const void *a) { write_model_description(o, a); }
static void bd_fn(FILE *o, const void *a)
{
    (void)a;
    write_build_description(o);
}
static void json_fn(FILE *o, const void *a) { write_json(o, a, ((const fric_fmu_config_t *)a)->token); }
static void json_notoken_fn(FILE *o, const void *a) { write_json(o, a, ""); }

/* Add bytes under name, dated 2020-01-01 so that an export is reproducible. */
static bool add(zip_t *za, const char *name, const void *data, size_t len)
{
    zip_source_t *s = zip_source_buffer(za, data, len, 0);
    if (!s) return false;
    const zip_int64_t idx = zip_file_add(za, name, s, ZIP_FL_ENC_UTF_8);
    if (idx < 0) {
        zip_source_free(s);
        return false;
    }
    return zip_file_set_mtime(za, (zip_uint64_t)idx, (time_t)1577836800, 0) == 0;
}

int fric_cli_fmu_archive(const fric_cli_fmu_t *x, const char *cmd, unsigned char **out, size_t *len)
{
    exp_t ex;
    memset(&ex, 0, sizeof ex);
    ex.fmi = x->fmi;
    ex.step = x->step;
    ex.cfg.arith = x->fixed ? FRIC_FMU_FIXED : FRIC_FMU_DOUBLE;
    ex.cfg.kind = x->kind;
    ex.cfg.val = x->val;
    ex.cfg.opt = x->opt;
    exp_t *f = &ex;
    *out = NULL;
    *len = 0;
    /* the token: a hash of the set and the FMI version */
    size_t jl = 0;
    char *j0 = build_text(&jl, json_notoken_fn, &f->cfg);
    if (!j0) return fric_cli_run_failed(cmd, "out of memory");
    const uint64_t h1 = fnv1a(j0, jl, 0xcbf29ce484222325ull ^ (uint64_t)f->fmi);
    const uint64_t h2 = fnv1a(j0, jl, h1 ^ 0x9e3779b97f4a7c15ull);
    free(j0);
    snprintf(f->cfg.token, sizeof f->cfg.token, "{%08" PRIx32 "-%04" PRIx32 "-%04" PRIx32 "-%04" PRIx32 "-%012" PRIx64 "}",
             (uint32_t)(h1 >> 32), (uint32_t)(h1 >> 16) & 0xffffu, (uint32_t)h1 & 0xffffu,
             (uint32_t)(h2 >> 48), (uint64_t)(h2 & 0xffffffffffffull));
    size_t ml = 0, bl = 0;
    char *md = build_text(&ml, md_fn, f);
    char *json = build_text(&jl, json_fn, &f->cfg);
    char *bd = f->fmi == 3 ? build_text(&bl, bd_fn, NULL) : NULL;
    int rc = 0;
    zip_error_t ze;
    zip_error_init(&ze);
    zip_source_t *src = NULL;
    zip_t *za = NULL;
    if (!md || !json || (f->fmi == 3 && !bd)) {
        rc = fric_cli_run_failed(cmd, "out of memory");
        goto done;
    }
    src = zip_source_buffer_create(NULL, 0, 0, &ze);
    if (src) za = zip_open_from_source(src, ZIP_TRUNCATE, &ze);
    if (!za) {
        rc = fric_cli_run_failed(cmd, "libzip: %s", zip_error_strerror(&ze));
        if (src) zip_source_free(src);
        src = NULL;
        goto done;
    }
    zip_source_keep(src);
    bool ok = add(za, "modelDescription.xml", md, ml) && add(za, "resources/" FRIC_FMU_RESOURCE, json, jl);
    if (bd) ok = ok && add(za, "sources/buildDescription.xml", bd, bl);
    for (size_t i = 0; ok && i < fric_fmu_nfiles; i++) {
        const fric_fmu_file_t *e = &fric_fmu_files[i];
        if (e->fmi == 0 || e->fmi == f->fmi) ok = add(za, e->name, e->data, (size_t)(e->end - e->data));
    }
    if (!ok) {
        rc = fric_cli_run_failed(cmd, "libzip: %s", zip_strerror(za));
        zip_discard(za);
        goto done;
    }
    if (zip_close(za) != 0) {
        rc = fric_cli_run_failed(cmd, "libzip: %s", zip_strerror(za));
        zip_discard(za);
        goto done;
    }
    zip_stat_t st;
    if (zip_source_stat(src, &st) != 0 || !(st.valid & ZIP_STAT_SIZE) || zip_source_open(src) != 0) {
        rc = fric_cli_run_failed(cmd, "libzip: cannot read the archive back from memory");
        goto done;
    }
    *out = malloc(st.size ? st.size : 1);
    if (!*out || zip_source_read(src, *out, st.size) != (zip_int64_t)st.size) {
        free(*out);
        *out = NULL;
        rc = fric_cli_run_failed(cmd, "libzip: cannot read the archive back from memory");
    } else {
        *len = st.size;
    }
    zip_source_close(src);
done:
    if (src) zip_source_free(src);
    free(md);
    free(json);
    free(bd);
    return rc;
}
