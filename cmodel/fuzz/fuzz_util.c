/* SPDX-License-Identifier: Apache-2.0 */
#define _GNU_SOURCE /* mkdtemp, fmemopen, symlink; a thread's CPU-time timer (timer_create, gettid) */
/* What the fuzz targets share (see fuzz_util.h). */
#include "fuzz_util.h"

#include <dirent.h>
#include <fcntl.h>
#include <float.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* the private directory of the commands' output files */
static char dir[64];
static bool ready;
/* FUZZ_VERBOSE=1: the commands' stderr and stdout, and their exit status, on fd 2 */
static bool verbose;

/* the names a file option's value is replaced by (dir/ prefixed unless absolute) */
static const char *const out_names[] = {
    "a.csv", "b.svg", "c.html", "d.json", /* new files */
    "sub",                                 /* a directory */
    "nodir/x",                             /* a missing directory */
    "/dev/null",                           /* a device, written in place */
    "/dev/full",                           /* a device whose writes fail (ENOSPC) */
    "link",                                /* a symbolic link to a.csv */
    "sub/../a.csv",                        /* a.csv through ".." */
    "sub/",                                /* a directory, named with a slash */
    "old.csv",                             /* an existing file, replaced */
};
#define NUM_OUT_NAMES (sizeof out_names / sizeof out_names[0])
static char *out_paths[NUM_OUT_NAMES];

/* the parameter files a --params value is replaced by (dir/ prefixed unless
 * absolute; NULL content: not written by fuzz_init) */
static const struct {
    const char *name, *text;
} param_files[] = {
    {"p-lugre.json", "{\"model\": \"lugre\", \"fc\": 1, \"fs\": 1.5, \"vs\": 0.001, \"delta\": 2,\n"
                     " \"sigma0\": 1e5, \"sigma1\": 316.22776601683796, \"sigma2\": 0.4, \"vmd\": 0}\n"},
    {"p-stribeck.json", "{\"model\": \"stribeck\", \"fc\": 1, \"fc_neg\": 2, \"fs\": 3, \"b\": 0.1, \"b_neg\": 0,\n"
                        " \"v_max\": 2, \"f_max\": 8, \"width\": 18, \"ts\": 1e-4}\n"},
    {"p-fit.json", "{\"model\": \"dahl\", \"fc\": 1, \"sigma0\": 1e5, \"sigma2\": 0.4, \"fit_rms\": 0.01,\n"
                   " \"fit_warnings\": [\"a\", {\"b\": null}], \"fit_converged\": true}\n"},
    {"p-edges.json", "{\"fc\": 1e308, \"fs\": 1.7976931348623157e308, \"vs\": 1e-300, \"sigma0\": 4.9e-324,\n"
                     " \"ts\": 1e300, \"v_max\": 1e-320, \"f_max\": -0}\n"},
    {"p-types.json", "{\"fc\": \"1\", \"model\": 3, \"width\": true}\n"},
    {"p-unknown.json", "{\"csv\": \"out.csv\"}\n"},
    {"p-alias.json", "{\"b\": 1, \"sigma2\": 2}\n"},
    {"p-syntax.json", "{\"fc\": 1,}\n"},
    {"p-empty.json", ""},
    {"p-huge.json", NULL}, /* 64 KiB + 1 of blanks: over the limit */
    {"sub", NULL},         /* a directory */
    {"nodir/p.json", NULL},
    {"/dev/null", NULL},
};
#define NUM_PARAM_FILES (sizeof param_files / sizeof param_files[0])
static char *param_paths[NUM_PARAM_FILES];

/* the files a run may create in dir: none may remain after a failed run */
static const char *const made[] = {"a.csv", "b.svg", "c.html", "d.json"};
/* those of them fuzz_check_outputs() found after the last run (all, until
 * the first reset_dir()) */
static unsigned made_left = ~0u;

void fuzz_require(bool ok, const char *what)
{
    if (ok) return;
    static const char pre[] = "fuzz target: property violated: ";
    if (write(STDERR_FILENO, pre, sizeof pre - 1) < 0 || write(STDERR_FILENO, what, strlen(what)) < 0 ||
        write(STDERR_FILENO, "\n", 1) < 0) {
        /* nothing more to say */
    }
    abort();
}

/* The directory as a run expects it: no output file, the link, old.csv.
 * Only what a run changed is made again (creating a file costs far more
 * than looking at it). */
static void reset_dir(void)
{
    char p[128], t[8];
    for (size_t i = 0; i < sizeof made / sizeof made[0]; i++) {
        if (!(made_left & (1u << i))) continue; /* fuzz_check_outputs() saw none */
        snprintf(p, sizeof p, "%s/%s", dir, made[i]);
        unlink(p);
    }
    made_left = 0;
    snprintf(p, sizeof p, "%s/link", dir);
    if (readlink(p, t, sizeof t) != 5 || memcmp(t, "a.csv", 5) != 0) {
        unlink(p); /* a run may have replaced the link by a file */
        fuzz_require(symlink("a.csv", p) == 0, "cannot create the symbolic link of the output directory");
    }
    snprintf(p, sizeof p, "%s/old.csv", dir);
    const int fd = open(p, O_RDONLY);
    const ssize_t n = fd >= 0 ? read(fd, t, sizeof t) : -1;
    if (fd >= 0) close(fd);
    if (n != 4 || memcmp(t, "old\n", 4) != 0) {
        unlink(p); /* a run may have replaced it by a directory, a link or another file */
        FILE *f = fopen(p, "w");
        fuzz_require(f && fputs("old\n", f) >= 0 && fclose(f) == 0, "cannot write old.csv in the output directory");
    }
}

static void close_streams(void);

static void remove_dir(void)
{
    DIR *d = opendir(dir);
    if (!d) return;
    char p[512];
    struct dirent *e;
    while ((e = readdir(d)))
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) {
            snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
            if (unlink(p) != 0) rmdir(p);
        }
    closedir(d);
    rmdir(dir);
    for (size_t i = 0; i < NUM_OUT_NAMES; i++) free(out_paths[i]);
    for (size_t i = 0; i < NUM_PARAM_FILES; i++) free(param_paths[i]);
    close_streams();
}

void fuzz_init(void)
{
    if (ready) return;
    ready = true;
    const int null_r = open("/dev/null", O_RDONLY), null_w = open("/dev/null", O_WRONLY);
    fuzz_require(null_r >= 0 && null_w >= 0, "cannot open /dev/null");
    fuzz_require(dup2(null_r, STDIN_FILENO) >= 0 && dup2(null_w, STDOUT_FILENO) >= 0, "cannot redirect fd 0 and 1");
    close(null_r);
    close(null_w);
    /* the commands print to the stdio stream stderr; libFuzzer and the
     * sanitizers write to fd 2 (libFuzzer through its own copy of the
     * original stream), which stays as it is */
    const char *v = getenv("FUZZ_VERBOSE");
    verbose = v && strcmp(v, "1") == 0;
    if (!verbose) {
        FILE *quiet = fopen("/dev/null", "w");
        fuzz_require(quiet != NULL, "cannot open /dev/null");
        stderr = quiet;
    }
    /* TMPDIR, else /dev/shm (memory: a file made and removed at each
     * execution costs no disk), else /tmp */
    const char *tmp = getenv("TMPDIR");
    struct stat shm;
    if (!(tmp && tmp[0] && strlen(tmp) < 32))
        tmp = (stat("/dev/shm", &shm) == 0 && S_ISDIR(shm.st_mode) && access("/dev/shm", W_OK) == 0) ? "/dev/shm" : "/tmp";
    snprintf(dir, sizeof dir, "%s/fricore-fuzz-XXXXXX", tmp);
    fuzz_require(mkdtemp(dir) != NULL, "cannot create the output directory");
    char p[128];
    snprintf(p, sizeof p, "%s/sub", dir);
    fuzz_require(mkdir(p, 0755) == 0, "cannot create sub/ in the output directory");
    for (size_t i = 0; i < NUM_OUT_NAMES; i++) {
        if (out_names[i][0] == '/') snprintf(p, sizeof p, "%s", out_names[i]);
        else snprintf(p, sizeof p, "%s/%s", dir, out_names[i]);
        out_paths[i] = strdup(p);
        fuzz_require(out_paths[i] != NULL, "out of memory");
    }
    for (size_t i = 0; i < NUM_PARAM_FILES; i++) {
        if (param_files[i].name[0] == '/') snprintf(p, sizeof p, "%s", param_files[i].name);
        else snprintf(p, sizeof p, "%s/%s", dir, param_files[i].name);
        param_paths[i] = strdup(p);
        fuzz_require(param_paths[i] != NULL, "out of memory");
        const bool huge = strcmp(param_files[i].name, "p-huge.json") == 0;
        if (!param_files[i].text && !huge) continue;
        FILE *f = fopen(p, "w");
        fuzz_require(f != NULL, "cannot write a parameter file in the output directory");
        if (huge)
            for (int k = 0; k <= 1 << 16; k++) fputc(' ', f);
        else
            fputs(param_files[i].text, f);
        fuzz_require(fclose(f) == 0, "cannot write a parameter file in the output directory");
    }
    reset_dir();
    atexit(remove_dir);
}

bool fuzz_argv_build(fuzz_argv_t *a, const char *cmd, const uint8_t *data, size_t size)
{
    size_t n = 0;
    for (size_t i = 0; i < size; i++) n += data[i] == '\0' || data[i] == '\n';
    if (n + 1 > FUZZ_MAX_ARGS) return false;
    memset(a, 0, sizeof *a);
    a->buf = malloc(size + 1);
    fuzz_require(a->buf != NULL, "out of memory");
    memcpy(a->buf, data, size);
    a->buf[size] = '\0';
    a->argv[a->argc++] = (char *)"fricore";
    a->argv[a->argc++] = (char *)cmd;
    /* the pieces between separators; a trailing separator ends the last one */
    char *start = a->buf;
    for (size_t i = 0; i < size; i++) {
        if (a->buf[i] != '\0' && a->buf[i] != '\n') continue;
        a->buf[i] = '\0';
        a->argv[a->argc++] = start;
        start = a->buf + i + 1;
    }
    if (start < a->buf + size) a->argv[a->argc++] = start;
    a->argv[a->argc] = NULL;
    return true;
}

void fuzz_argv_free(fuzz_argv_t *a)
{
    for (size_t i = 0; i < a->nowned; i++) free(a->owned[i]);
    free(a->buf);
    a->buf = NULL;
    a->nowned = 0;
}

/* the flags of every command's table: they take no value */
static bool is_flag(const char *name, size_t len)
{
    static const char *const flags[] = {"fixed", "allow-long", "check-step"};
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
        if (strlen(flags[i]) == len && strncmp(flags[i], name, len) == 0) return true;
    return false;
}

static bool is_file_opt(const char *name, size_t len)
{
    static const char *const files[] = {"csv", "summary", "plot-time", "plot-hysteresis", "report"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
        if (strlen(files[i]) == len && strncmp(files[i], name, len) == 0) return true;
    return false;
}

/* the confined name for a file option's value */
static const char *confined(const char *val)
{
    if (val[0] == '\0' || strcmp(val, "-") == 0) return val;
    return out_paths[(unsigned char)val[0] % NUM_OUT_NAMES];
}

static void number(const char *val, double *x)
{
    char *end;
    const double v = strtod(val, &end);
    if (end != val && isfinite(v)) *x = v;
}

void fuzz_argv_confine(fuzz_argv_t *a, fuzz_scan_t *s)
{
    s->duration = 20.0;
    s->dt = 1e-5;
    s->check_step = false;
    s->has_v = false;
    bool files = false;
    for (int i = 2; i < a->argc; i++) {
        char *t = a->argv[i];
        if (strncmp(t, "--", 2) != 0) break; /* the parser stops here (or prints help) */
        const char *name = t + 2, *eq = strchr(name, '=');
        const size_t len = eq ? (size_t)(eq - name) : strlen(name);
        if (is_flag(name, len)) {
            if (len == 10 && strncmp(name, "check-step", 10) == 0) s->check_step = true;
            continue;
        }
        /* any other option takes a value, "=VALUE" or the next argument */
        const char *val;
        int vi = -1;
        if (eq) {
            val = eq + 1;
        } else {
            if (i + 1 >= a->argc) break;
            vi = ++i;
            val = a->argv[vi];
        }
        const bool params = len == 6 && strncmp(name, "params", 6) == 0;
        if (is_file_opt(name, len) || params) {
            /* an output, or the parameter file read: one of the private directory's */
            const char *c = params ? (val[0] ? param_paths[(unsigned char)val[0] % NUM_PARAM_FILES] : val) : confined(val);
            files = true;
            if (vi >= 0) {
                a->argv[vi] = (char *)c;
            } else if (c != val) {
                char *o = malloc(len + 3 + strlen(c) + 1);
                fuzz_require(o != NULL && a->nowned < FUZZ_MAX_ARGS, "out of memory");
                sprintf(o, "--%.*s=%s", (int)len, name, c);
                a->owned[a->nowned++] = o;
                a->argv[i] = o;
            }
        } else if (len == 8 && strncmp(name, "duration", 8) == 0) {
            number(val, &s->duration);
        } else if (len == 2 && strncmp(name, "dt", 2) == 0) {
            number(val, &s->dt);
        } else if (len == 1 && name[0] == 'v') {
            s->has_v = true;
        }
    }
    s->files = files;
    if (files) reset_dir();
}

/* "inf" or "nan" as a word of its own (any case): what %g prints for a
 * number that is not finite */
static bool has_nonfinite(const char *p, size_t n)
{
    for (size_t i = 0; i + 3 <= n; i++) {
        const char c0 = (char)(p[i] | 0x20), c1 = (char)(p[i + 1] | 0x20), c2 = (char)(p[i + 2] | 0x20);
        const bool word = (c0 == 'i' && c1 == 'n' && c2 == 'f') || (c0 == 'n' && c1 == 'a' && c2 == 'n');
        if (!word) continue;
        const bool before = i > 0 && ((p[i - 1] | 0x20) >= 'a' && (p[i - 1] | 0x20) <= 'z');
        const bool after = i + 3 < n && ((p[i + 3] | 0x20) >= 'a' && (p[i + 3] | 0x20) <= 'z');
        if (!before && !after) return true;
    }
    return false;
}

bool fuzz_text_finite(const char *p, size_t n) { return !has_nonfinite(p, n); }

void fuzz_check_outputs(int rc)
{
    /* no temporary file survives a command; a failed run leaves no output */
    DIR *d = opendir(dir);
    fuzz_require(d != NULL, "cannot read the output directory");
    struct dirent *e;
    char p[512];
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.' && strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
            fuzz_require(false, "a temporary output file is left behind");
        for (size_t i = 0; i < sizeof made / sizeof made[0]; i++) {
            if (strcmp(e->d_name, made[i]) != 0) continue;
            made_left |= 1u << i;
            fuzz_require(rc == 0, "a failed run leaves an output file behind");
            /* a successful run's file: every number in it finite */
            snprintf(p, sizeof p, "%s/%s", dir, made[i]);
            FILE *f = fopen(p, "r");
            fuzz_require(f != NULL, "cannot read an output file");
            static char buf[1 << 20];
            const size_t n = fread(buf, 1, sizeof buf, f);
            fclose(f);
            fuzz_require(fuzz_text_finite(buf, n), "exit status 0 with a number that is not finite in an output file");
        }
    }
    closedir(d);
}

/* ---- stdin ------------------------------------------------------------- */

static FILE *saved_stdin;
static char *stdin_buf;

bool fuzz_stdin_begin(const uint8_t *data, size_t size)
{
    /* a copy: fmemopen wants a writable buffer, and one of at least a byte */
    stdin_buf = malloc(size + 1);
    fuzz_require(stdin_buf != NULL, "out of memory");
    if (size) memcpy(stdin_buf, data, size);
    FILE *f = fmemopen(stdin_buf, size ? size : 1, "r");
    if (!f) {
        free(stdin_buf);
        stdin_buf = NULL;
        return false;
    }
    if (size == 0) fgetc(f); /* nothing: the one byte is consumed, EOF next */
    saved_stdin = stdin;
    stdin = f;
    return true;
}

void fuzz_stdin_end(void)
{
    fclose(stdin);
    stdin = saved_stdin;
    free(stdin_buf);
    stdin_buf = NULL;
}

/* ---- a command --------------------------------------------------------- */

/* Two memory streams the commands' stdout goes to, made once and rewound
 * for each call (a stream made and closed per call, with its buffer
 * growing from nothing, cost more than a short command): the first call of
 * an input writes to the first, a repeat to the second. */
static FILE *out_mem[2];
static char *out_buf[2];
static size_t out_len[2];

/* run with stdout caught in memory: the exit status, and the output in *out,
 * *len (valid until the next call on the same stream) */
static int run_caught(int (*run)(int, char **), int argc, char **argv, int k, const char **out, size_t *len)
{
    if (!out_mem[k]) {
        out_mem[k] = open_memstream(&out_buf[k], &out_len[k]);
        fuzz_require(out_mem[k] != NULL, "cannot make stdout");
    }
    FILE *mem = out_mem[k], *saved = stdout;
    rewind(mem);
    clearerr(mem);
    stdout = mem;
    const int rc = run(argc, argv);
    stdout = saved;
    fuzz_require(fflush(mem) == 0 && !ferror(mem), "cannot write to the memory stream of stdout");
    *out = out_buf[k];
    *len = out_len[k];
    return rc;
}

/* the contract of one call, and FUZZ_VERBOSE's account of it */
static void check_call(int rc, const char *out, size_t len, int argc, char **argv)
{
    if (verbose) {
        fprintf(stderr, "--- fricore");
        for (int i = 1; i < argc; i++) fprintf(stderr, " '%s'", argv[i]);
        fprintf(stderr, "\n--- exit status %d, stdout:\n%.*s---\n", rc, (int)(len < 2000 ? len : 2000), out);
    }
    fuzz_require(rc == 0 || rc == 1 || rc == 2, "an exit status other than 0, 1 or 2");
    fuzz_require(rc != 0 || fuzz_text_finite(out, len), "exit status 0 with a number that is not finite on stdout");
}

int fuzz_run_checked(int (*run)(int, char **), int argc, char **argv)
{
    const char *out;
    size_t len;
    const int rc = run_caught(run, argc, argv, 0, &out, &len);
    check_call(rc, out, len, argc, argv);
    return rc;
}

/* the stdin of the command-line targets: a few velocities, a blank line and
 * a comment, one stream rewound for each call */
static FILE *velocities_in;

static void velocities_begin(void)
{
    static char velocities[] = "0.5\n-0.25\n\n# a comment\n0\n1e-3\n";
    if (!velocities_in) {
        velocities_in = fmemopen(velocities, sizeof velocities - 1, "r");
        fuzz_require(velocities_in != NULL, "cannot make stdin");
    }
    rewind(velocities_in);
    clearerr(velocities_in);
    saved_stdin = stdin;
    stdin = velocities_in;
}

static void velocities_end(void) { stdin = saved_stdin; }

static void close_streams(void)
{
    for (int k = 0; k < 2; k++)
        if (out_mem[k]) {
            fclose(out_mem[k]);
            free(out_buf[k]);
            out_mem[k] = NULL;
        }
    if (velocities_in) fclose(velocities_in);
    velocities_in = NULL;
}

int fuzz_cmd(const uint8_t *data, size_t size, const char *cmd, int (*run)(int, char **),
             bool (*accept)(const fuzz_scan_t *s), bool again)
{
    fuzz_init();
    fuzz_argv_t a;
    if (!fuzz_argv_build(&a, cmd, data, size)) return -1;
    fuzz_scan_t scan;
    fuzz_argv_confine(&a, &scan);
    if (accept && !accept(&scan)) {
        fuzz_argv_free(&a);
        return -1;
    }
    const char *out;
    size_t len;
    velocities_begin();
    const int rc = run_caught(run, a.argc, a.argv, 0, &out, &len);
    velocities_end();
    check_call(rc, out, len, a.argc, a.argv);
    if (scan.files) fuzz_check_outputs(rc);
    if (again) {
        /* a command keeps no state from one call to the next: a second
         * call prints what the first printed */
        const char *out2;
        size_t len2;
        velocities_begin();
        const int rc2 = run_caught(run, a.argc, a.argv, 1, &out2, &len2);
        velocities_end();
        fuzz_require(rc2 == rc && len2 == len && memcmp(out2, out, len) == 0,
                     "a second call of a command gives another exit status or output");
    }
    fuzz_argv_free(&a);
    return 0;
}

/* ---- bytes ------------------------------------------------------------- */

uint8_t fuzz_u8(fuzz_bytes_t *b)
{
    if (b->n == 0) return 0;
    b->n--;
    return *b->p++;
}

uint32_t fuzz_u32(fuzz_bytes_t *b)
{
    uint32_t x = 0;
    for (int i = 0; i < 4; i++) x = (x << 8) | fuzz_u8(b);
    return x;
}

double fuzz_double(fuzz_bytes_t *b)
{
    static const double special[] = {
        0.0, 1.0, 2.0, 0.5, 1.5, 0.001, 0.4, 1e5, 316.22776601683796, 1e-4, 1e-5, 0.1, 10.0, 100.0, 1e3, 1e-3,
        1e-6, 1e-9, 1e-12, 1e-30, 1e-100, 1e-200, 1e-300, 1e6, 1e9, 1e12, 1e30, 1e100, 1e200, 1e300,
        DBL_MIN, DBL_MAX, 4.9406564584124654e-324, 2.2250738585072009e-308, /* the smallest and largest subnormal */
        INFINITY, NAN, 65536.0, 262144.0, 32768.0, 1.0 / 65536.0, 1.0 / 131072.0, 0x1p-20, 0x1p1023, 0x1p-1022,
        1.25, 0.999999, 1.000001, 3.0, 0.8, 1.0 / 3.0,
    };
    const uint8_t sel = fuzz_u8(b);
    const size_t ns = sizeof special / sizeof special[0];
    if ((sel & 0x7f) < ns) return (sel & 0x80) ? -special[sel & 0x7f] : special[sel & 0x7f];
    if ((sel & 0x7f) < 0x70) { /* a value between two specials' decades: m * 10^e */
        const int e = (int)fuzz_u8(b) % 617 - 308;
        const double m = 1.0 + (double)fuzz_u8(b) / 32.0;
        const double x = m * pow(10.0, e);
        return (sel & 0x80) ? -x : x;
    }
    uint64_t bits = 0;
    for (int i = 0; i < 8; i++) bits = (bits << 8) | fuzz_u8(b);
    double x;
    memcpy(&x, &bits, sizeof x);
    return x;
}

/* ---- the CPU time of one input ----------------------------------------- */

/* A timer on the CPU time of the fuzzing thread fires every quarter of the
 * limit; each input bumps a count. When five ticks in a row see the same
 * count, one input has run for more than the limit (and less than 1.25
 * times it): a hang. Ticks between inputs do not count. No system call per
 * input. */
static volatile sig_atomic_t input_count, in_input;

static void on_cpu_tick(int sig)
{
    (void)sig;
    static sig_atomic_t seen = -1, ticks;
    if (!in_input) { /* libFuzzer's own work, or the leak check at exit */
        seen = -1;
        return;
    }
    if (input_count != seen) {
        seen = input_count;
        ticks = 1;
        return;
    }
    if (++ticks < 5) return;
    static const char msg[] = "fuzz target: hang: an input took more than its CPU time (FUZZ_CPU_TIMEOUT s)\n";
    if (write(STDERR_FILENO, msg, sizeof msg - 1) < 0) {
        /* nothing more to say */
    }
    abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* the CPU time of this thread: what an input costs, whatever else the
     * machine runs (libFuzzer's -timeout counts wall time, which a busy
     * machine stretches) */
    static bool timer_made;
    if (!timer_made) {
        timer_made = true;
        const char *e = getenv("FUZZ_CPU_TIMEOUT");
        const double tick = ((e && atof(e) > 0.0) ? atof(e) : 1.0) / 4.0;
        struct itimerspec every;
        every.it_value.tv_sec = (time_t)tick;
        every.it_value.tv_nsec = (long)((tick - (double)(time_t)tick) * 1e9);
        every.it_interval = every.it_value;
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_cpu_tick;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = SA_RESTART;
        fuzz_require(sigaction(SIGXCPU, &sa, NULL) == 0, "cannot catch SIGXCPU");
        struct sigevent ev;
        memset(&ev, 0, sizeof ev);
        ev.sigev_notify = SIGEV_THREAD_ID;
        ev.sigev_signo = SIGXCPU;
        ev._sigev_un._tid = gettid(); /* sigev_notify_thread_id, which this glibc does not name */
        timer_t timer;
        fuzz_require(timer_create(CLOCK_THREAD_CPUTIME_ID, &ev, &timer) == 0 && timer_settime(timer, 0, &every, NULL) == 0,
                     "cannot make the CPU-time timer");
    }
    input_count++;
    in_input = 1;
    const int rc = fuzz_target(data, size);
    in_input = 0;
    return rc;
}
