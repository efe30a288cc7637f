/* SPDX-License-Identifier: Apache-2.0 */
/* The parameter file reader (see fric_params.h): a strict JSON reader for
 * one flat object, without allocation or I/O. */
#include "fric_params.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* nesting depth of a skipped fit_ value */
#define SKIP_DEPTH 16

typedef struct {
    const char *s;
    size_t len, i;
    unsigned line, col;
    fric_params_err_t *err;
} rd_t;

static int fail(rd_t *r, const char *msg, const char *arg)
{
    r->err->line = r->line;
    r->err->col = r->col;
    if (arg) snprintf(r->err->msg, sizeof r->err->msg, msg, arg);
    else snprintf(r->err->msg, sizeof r->err->msg, "%s", msg);
    return -1;
}

static int peek(const rd_t *r) { return r->i < r->len ? (unsigned char)r->s[r->i] : -1; }

static void adv(rd_t *r)
{
    if (r->s[r->i] == '\n') {
        r->line++;
        r->col = 1;
    } else {
        r->col++;
    }
    r->i++;
}

static void ws(rd_t *r)
{
    int c;
    while ((c = peek(r)) == ' ' || c == '\t' || c == '\n' || c == '\r') adv(r);
}

static int expect(rd_t *r, char c, const char *what)
{
    ws(r);
    if (peek(r) != c) {
        if (peek(r) == 0) return fail(r, "a NUL byte (not a text file)", NULL);
        return fail(r, peek(r) < 0 ? "unexpected end of file: expected %s" : "expected %s", what);
    }
    adv(r);
    return 0;
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* A string at the cursor (after whitespace) into buf (NULL: checked and
 * dropped); cap counts the NUL. */
static int string(rd_t *r, char *buf, size_t cap, const char *what)
{
    if (expect(r, '"', what) != 0) return -1;
    size_t n = 0;
    for (;;) {
        int c = peek(r);
        if (c < 0) return fail(r, "unexpected end of file inside a string", NULL);
        if (c == 0) return fail(r, "a NUL byte (not a text file)", NULL);
        if (c < 0x20) return fail(r, "a control character inside a string (escape it)", NULL);
        adv(r);
        if (c == '"') break;
        if (c == '\\') {
            const int e = peek(r);
            if (e < 0) return fail(r, "unexpected end of file inside a string", NULL);
            adv(r);
            switch (e) {
            case '"': case '\\': case '/': c = e; break;
            case 'b': c = '\b'; break;
            case 'f': c = '\f'; break;
            case 'n': c = '\n'; break;
            case 'r': c = '\r'; break;
            case 't': c = '\t'; break;
            case 'u': {
                int u = 0;
                for (int k = 0; k < 4; k++) {
                    const int h = hexval(peek(r));
                    if (h < 0) return fail(r, "\\u needs four hexadecimal digits", NULL);
                    adv(r);
                    u = 16 * u + h;
                }
                if (u == 0 || u > 0x7e) return fail(r, "\\u escapes are accepted for printable ASCII only", NULL);
                c = u;
                break;
            }
            default: return fail(r, "unknown escape in a string", NULL);
            }
        }
        if (buf) {
            if (n + 1 >= cap) return fail(r, "%s is too long", what);
            buf[n++] = (char)c;
        }
    }
    if (buf) buf[n] = '\0';
    return 0;
}

static bool isdig(int c) { return c >= '0' && c <= '9'; }

/* A JSON number into buf (NULL: checked and dropped). */
static int number(rd_t *r, char *buf, size_t cap)
{
    const size_t start = r->i;
    if (peek(r) == '-') adv(r);
    if (peek(r) == '0') adv(r);
    else if (isdig(peek(r))) while (isdig(peek(r))) adv(r);
    else return fail(r, "not a JSON number (digits expected)", NULL);
    if (peek(r) == '.') {
        adv(r);
        if (!isdig(peek(r))) return fail(r, "not a JSON number (digits expected after '.')", NULL);
        while (isdig(peek(r))) adv(r);
    }
    if (peek(r) == 'e' || peek(r) == 'E') {
        adv(r);
        if (peek(r) == '+' || peek(r) == '-') adv(r);
        if (!isdig(peek(r))) return fail(r, "not a JSON number (digits expected in the exponent)", NULL);
        while (isdig(peek(r))) adv(r);
    }
    if (isdig(peek(r))) return fail(r, "not a JSON number (a leading zero)", NULL);
    if (buf) {
        const size_t n = r->i - start;
        if (n + 1 > cap) return fail(r, "a number written with more than 63 characters", NULL);
        memcpy(buf, r->s + start, n);
        buf[n] = '\0';
    }
    return 0;
}

static int literal(rd_t *r, const char *word)
{
    const size_t n = strlen(word);
    if (r->len - r->i < n || memcmp(r->s + r->i, word, n) != 0) return fail(r, "expected a value (a number, a string, true or false)", NULL);
    for (size_t k = 0; k < n; k++) adv(r);
    return 0;
}

/* An array of numbers at the cursor, for key, into the pool of out. */
static int array(rd_t *r, fric_params_t *out, fric_param_t *p, const char *key)
{
    p->kind = FRIC_PARAM_ARRAY;
    p->at = out->npool;
    p->n = 0;
    adv(r);
    for (;;) {
        ws(r);
        const int c = peek(r);
        if (!(c == '-' || isdig(c)))
            return fail(r, "key '%s': an array holds numbers only (1 to 16 of them)", key);
        if (p->n == FRIC_PARAMS_ARRAY_MAX) return fail(r, "key '%s': an array holds at most 16 numbers", key);
        if (out->npool == FRIC_PARAMS_ARRAY_POOL)
            return fail(r, "more than 64 numbers in the arrays of one file", NULL);
        char num[FRIC_PARAMS_TEXT_MAX];
        if (number(r, num, sizeof num) != 0) return -1;
        out->pool[out->npool++] = strtod(num, NULL);
        p->n++;
        ws(r);
        if (peek(r) == ',') {
            adv(r);
            continue;
        }
        if (expect(r, ']', "',' or ']'") != 0) return -1;
        break;
    }
    snprintf(p->text, sizeof p->text, "[an array of %u numbers]", p->n);
    return 0;
}

/* Any JSON value, checked and dropped (the fit report). */
static int skip_value(rd_t *r, int depth)
{
    ws(r);
    const int c = peek(r);
    if (c == '"') return string(r, NULL, 0, "a string");
    if (c == '-' || isdig(c)) return number(r, NULL, 0);
    if (c == 't') return literal(r, "true");
    if (c == 'f') return literal(r, "false");
    if (c == 'n') return literal(r, "null");
    if (c != '{' && c != '[') return fail(r, "expected a value", NULL);
    if (depth >= SKIP_DEPTH) return fail(r, "fit report nested too deeply", NULL);
    const char close = c == '{' ? '}' : ']';
    adv(r);
    ws(r);
    if (peek(r) == close) {
        adv(r);
        return 0;
    }
    for (;;) {
        if (close == '}') {
            if (string(r, NULL, 0, "a key (a string)") != 0 || expect(r, ':', "':'") != 0) return -1;
        }
        if (skip_value(r, depth + 1) != 0) return -1;
        ws(r);
        if (peek(r) == ',') {
            adv(r);
            continue;
        }
        return expect(r, close, close == '}' ? "',' or '}'" : "',' or ']'");
    }
}

int fric_params_parse(const char *text, size_t len, fric_params_t *out, fric_params_err_t *err)
{
    rd_t r = {text, len, 0, 1, 1, err};
    err->line = err->col = 0;
    err->msg[0] = '\0';
    out->n = 0;
    out->npool = 0;
    if (expect(&r, '{', "'{' (a parameter file is one JSON object)") != 0) return -1;
    ws(&r);
    bool first = true;
    while (peek(&r) != '}') {
        if (!first && expect(&r, ',', "',' or '}'") != 0) return -1;
        first = false;
        ws(&r);
        const unsigned kline = r.line, kcol = r.col;
        char key[FRIC_PARAMS_KEY_MAX];
        if (string(&r, key, sizeof key, "a key (a string)") != 0) return -1;
        if (expect(&r, ':', "':' after the key") != 0) return -1;
        ws(&r);
        if (strncmp(key, "fit_", 4) == 0) {
            if (skip_value(&r, 0) != 0) return -1;
            ws(&r);
            continue;
        }
        for (size_t k = 0; k < out->n; k++)
            if (strcmp(out->p[k].key, key) == 0) {
                r.line = kline;
                r.col = kcol;
                char m[96];
                snprintf(m, sizeof m, "key '%.31s' is given twice (lines %u and %u)", key, out->p[k].line, kline);
                return fail(&r, "%s", m);
            }
        if (out->n == FRIC_PARAMS_MAX) return fail(&r, "more than 32 keys (besides the fit_ report)", NULL);
        fric_param_t *p = &out->p[out->n];
        memset(p, 0, sizeof *p);
        memcpy(p->key, key, sizeof key);
        p->line = kline;
        const int c = peek(&r);
        if (c == '"') {
            p->kind = FRIC_PARAM_STRING;
            if (string(&r, p->text, sizeof p->text, "a string value") != 0) return -1;
        } else if (c == '-' || isdig(c)) {
            p->kind = FRIC_PARAM_NUMBER;
            if (number(&r, p->text, sizeof p->text) != 0) return -1;
            p->num = strtod(p->text, NULL);
        } else if (c == 't' || c == 'f') {
            p->kind = FRIC_PARAM_BOOL;
            p->b = c == 't';
            if (literal(&r, p->b ? "true" : "false") != 0) return -1;
            memcpy(p->text, p->b ? "true" : "false", p->b ? 5 : 6);
        } else if (c == '[') {
            if (array(&r, out, p, key) != 0) return -1;
        } else if (c == '{') {
            return fail(&r, "key '%s': nested objects are not allowed (a parameter file is flat; only "
                        "fit_ report keys may hold them)", key);
        } else if (c == 'n') {
            return fail(&r, "key '%s': null is not a parameter value", key);
        } else {
            return fail(&r, "key '%s': expected a value (a number, a string, true or false)", key);
        }
        out->n++;
        ws(&r);
    }
    adv(&r);
    ws(&r);
    if (r.i < r.len) return fail(&r, "text after the closing '}'", NULL);
    return 0;
}

const fric_param_t *fric_params_get(const fric_params_t *p, const char *key)
{
    for (size_t i = 0; i < p->n; i++)
        if (strcmp(p->p[i].key, key) == 0) return &p->p[i];
    return NULL;
}

/* ---- LuGre for firmware -------------------------------------------------- */

static fric_status_t refuse(char *why, size_t n, const char *fmt, const char *key)
{
    if (why && n) snprintf(why, n, fmt, key);
    return FRIC_ERR_RANGE;
}

/* a number under key or its alias; *found false when neither is given */
static fric_status_t num(const fric_params_t *p, const char *key, const char *alias, double *x, bool *found,
                         char *why, size_t n)
{
    const fric_param_t *e = fric_params_get(p, key);
    const fric_param_t *a = alias ? fric_params_get(p, alias) : NULL;
    if (e && a) return refuse(why, n, "key '%s' and its other spelling are both given", key);
    if (!e) e = a;
    *found = e != NULL;
    if (!e) return FRIC_OK;
    if (e->kind != FRIC_PARAM_NUMBER) return refuse(why, n, "key '%s' must be a number", e->key);
    *x = e->num;
    return FRIC_OK;
}

fric_status_t fric_params_lugre(const fric_params_t *p, fric_lugre_cfg_t *cfg, fric_compile_opts_t *opt,
                                char *why, size_t why_len)
{
    static const char *const known[] = {"model", "fc", "fs", "vs", "delta", "p", "sigma0", "sigma1", "sigma2", "b",
                                        "vmd", "fc_neg", "fs_neg", "vs_neg", "sigma2_neg", "b_neg", "v_max", "f_max",
                                        "ts", "width"};
    if (why && why_len) why[0] = '\0';
    for (size_t i = 0; i < p->n; i++) {
        bool ok = false;
        for (size_t k = 0; k < sizeof known / sizeof known[0]; k++) ok = ok || strcmp(p->p[i].key, known[k]) == 0;
        if (!ok) return refuse(why, why_len, "unknown key '%s'", p->p[i].key);
    }
    const fric_param_t *m = fric_params_get(p, "model");
    if (!m || m->kind != FRIC_PARAM_STRING || strcmp(m->text, "lugre") != 0)
        return refuse(why, why_len, "%s must be \"lugre\"", "model");
    fric_lugre_cfg_t c = {0};
    c.delta = 2.0;
    fric_compile_opts_t o = *opt;
    const struct {
        const char *key, *alias;
        double *dst;
        bool required;
    } t[] = {
        {"fc", NULL, &c.fc_pos, true}, {"fs", NULL, &c.fs_pos, true}, {"vs", NULL, &c.vs, true},
        {"delta", "p", &c.delta, false}, {"sigma0", NULL, &c.sigma0, true}, {"sigma1", NULL, &c.sigma1, true},
        {"sigma2", "b", &c.sigma2_pos, true}, {"vmd", NULL, &c.vd, false}, {"fc_neg", NULL, &c.fc_neg, false},
        {"fs_neg", NULL, &c.fs_neg, false}, {"vs_neg", NULL, &c.vs_neg, false},
        {"sigma2_neg", "b_neg", &c.sigma2_neg, false},
        {"v_max", NULL, &o.v_max, false}, {"f_max", NULL, &o.f_max, false}, {"ts", NULL, &o.ts, false},
    };
    bool neg[4] = {false, false, false, false};
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        bool found;
        const fric_status_t s = num(p, t[i].key, t[i].alias, t[i].dst, &found, why, why_len);
        if (s != FRIC_OK) return s;
        if (!found && t[i].required) return refuse(why, why_len, "key '%s' is required", t[i].key);
        if (t[i].dst == &c.fc_neg) neg[0] = found;
        if (t[i].dst == &c.fs_neg) neg[1] = found;
        if (t[i].dst == &c.sigma2_neg) neg[2] = found;
        if (t[i].dst == &c.vs_neg) neg[3] = found;
    }
    if (!neg[0]) c.fc_neg = c.fc_pos;
    if (!neg[1]) c.fs_neg = c.fs_pos;
    if (!neg[2]) c.sigma2_neg = c.sigma2_pos;
    if (!neg[3]) c.vs_neg = c.vs;
    const fric_param_t *w = fric_params_get(p, "width");
    if (w) {
        if (w->kind != FRIC_PARAM_NUMBER || (strcmp(w->text, "16") != 0 && strcmp(w->text, "18") != 0))
            return refuse(why, why_len, "key '%s' must be 16 or 18", "width");
        o.width = (uint32_t)w->num;
    }
    const fric_status_t s = fric_lugre_check(&c);
    if (s != FRIC_OK) {
        if (why && why_len) snprintf(why, why_len, "%s", fric_status_message(s));
        return s;
    }
    *cfg = c;
    *opt = o;
    return FRIC_OK;
}
