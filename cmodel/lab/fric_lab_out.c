/* SPDX-License-Identifier: Apache-2.0 */
/* The outputs of a fricore command in the lab page's WebAssembly build: the
 * interface of fric_cli_out.h with stdout as the only output. The page has
 * no file system (WASI without preopened directories), so a command line
 * naming a file is refused, with the option named; stdout and stderr reach
 * the page through the module's fd_write. The native commands use
 * cmodel/cli/fric_cli_out.c, which this file replaces in the lab's build
 * only (mk/lab.mk). */
#include "fric_cli_out.h"

#include <errno.h>
#include <string.h>

#include "fric_cli.h"

static int out_fail(const fric_out_t *o, const char *cmd, int err)
{
    if (o->is_stdout) return fric_cli_fail(cmd, "cannot write to stdout: %s", strerror(err));
    return fric_cli_fail(cmd, "cannot write %s %s: %s", o->opt, o->path, strerror(err));
}

int fric_out_stdout(fric_out_t *o, const char *cmd)
{
    (void)cmd;
    o->is_stdout = true;
    clearerr(stdout); /* what this command writes is checked from here */
    o->f = stdout;
    return 0;
}

bool fric_stdout_is_live(void) { return false; }

void fric_out_cleanup_on_signals(void) {}

int fric_outs_open(fric_out_t *outs, size_t n, const char *cmd)
{
    const fric_out_t *on_stdout = NULL;
    for (size_t i = 0; i < n; i++) {
        fric_out_t *o = &outs[i];
        o->f = NULL;
        o->is_stdout = o->path && strcmp(o->path, "-") == 0;
        o->final = o->tmp = NULL;
        o->have_id = false;
        o->err = 0;
        if (!o->path) continue;
        if (!o->is_stdout) return fric_cli_fail(cmd, "cannot write %s %s: the lab page writes no files", o->opt, o->path);
        if (on_stdout)
            return fric_cli_fail(cmd, "%s and %s both write to stdout ('-'); give one of them a file name", on_stdout->opt,
                                 o->opt);
        on_stdout = o;
    }
    return on_stdout ? fric_out_stdout(&outs[on_stdout - outs], cmd) : 0;
}

int fric_out_write_failed(fric_out_t *o, const char *cmd)
{
    const int err = errno ? errno : EIO;
    if (!o->err) o->err = err;
    return out_fail(o, cmd, o->err);
}

int fric_out_write(fric_out_t *o, const void *p, size_t n, const char *cmd)
{
    errno = 0;
    return n && fwrite(p, 1, n, o->f) != n ? fric_out_write_failed(o, cmd) : 0;
}

int fric_outs_close_files(fric_out_t *outs, size_t n, const char *cmd)
{
    (void)outs;
    (void)n;
    (void)cmd;
    return 0; /* no files */
}

int fric_outs_close(fric_out_t *outs, size_t n, const char *cmd)
{
    int rc = 0;
    for (size_t i = 0; i < n && rc == 0; i++) {
        fric_out_t *o = &outs[i];
        if (!o->f) continue;
        errno = 0;
        const bool bad = ferror(o->f) != 0;
        if (fflush(o->f) != 0 || bad) rc = out_fail(o, cmd, o->err ? o->err : errno ? errno : EIO);
    }
    fric_outs_discard(outs, n);
    return rc;
}

void fric_outs_discard(fric_out_t *outs, size_t n)
{
    for (size_t i = 0; i < n; i++) outs[i].f = NULL;
}
