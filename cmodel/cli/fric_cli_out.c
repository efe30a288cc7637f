/* SPDX-License-Identifier: Apache-2.0 */
#define _XOPEN_SOURCE 700 /* realpath, mkstemp, fchmod */
/* The outputs of a fricore command, written whole or not at all (see
 * fric_cli_out.h). */
#include "fric_cli_out.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fric_cli.h"

/* the longest part of a file name kept in its temporary name, so that
 * ".NAME.XXXXXX" stays within NAME_MAX (255 on every common file system) */
#define TMP_BASE_MAX 200

/* The temporary files that exist now, for the signal handler: a slot is set
 * once its file is created and cleared once it is renamed or removed, so
 * the table is empty between commands. */
#define LIVE_MAX 16
static char *volatile live[LIVE_MAX];

static void live_add(char *p)
{
    for (size_t i = 0; i < LIVE_MAX; i++)
        if (!live[i]) {
            live[i] = p;
            return;
        }
}

static void live_del(const char *p)
{
    for (size_t i = 0; i < LIVE_MAX; i++)
        if (live[i] == p) live[i] = NULL;
}

static const int cleanup_sigs[] = {SIGHUP, SIGINT, SIGPIPE, SIGTERM};

/* remove the temporary files, then die of the signal as before. Every
 * signal of cleanup_sigs is blocked while this runs, so a second one (timeout
 * sends SIGINT to the process and to its group) waits until the files are
 * gone; the one raised here is then taken with the default action. */
static void on_signal(int sig)
{
    for (size_t i = 0; i < LIVE_MAX; i++) {
        const char *p = live[i];
        if (p) unlink(p);
    }
    signal(sig, SIG_DFL);
    raise(sig); /* pending until this returns and the mask is restored */
}

void fric_out_cleanup_on_signals(void)
{
    const size_t n = sizeof cleanup_sigs / sizeof cleanup_sigs[0];
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < n; i++) sigaddset(&sa.sa_mask, cleanup_sigs[i]);
    for (size_t i = 0; i < n; i++) {
        struct sigaction old;
        if (sigaction(cleanup_sigs[i], NULL, &old) != 0 || old.sa_handler == SIG_IGN) continue; /* ignored stays ignored */
        sigaction(cleanup_sigs[i], &sa, NULL);
    }
}

static int out_fail(const fric_out_t *o, const char *cmd, int err)
{
    if (o->is_stdout) return fric_cli_fail(cmd, "cannot write to stdout: %s", strerror(err));
    return fric_cli_fail(cmd, "cannot write %s %s: %s", o->opt, o->path, strerror(err));
}

static char *dup_str(const char *s, size_t n)
{
    char *p = malloc(n + 1);
    if (p) {
        memcpy(p, s, n);
        p[n] = '\0';
    }
    return p;
}

/* The permission bits a new file gets from open(..., 0666): those the umask leaves. */
static mode_t new_file_mode(void)
{
    const mode_t mask = umask(022);
    umask(mask);
    return 0666 & ~mask;
}

/* Find what o->path names, without creating anything: a regular file
 * (existing or not) to be replaced through a temporary file (o->final, the
 * name resolved), or an existing device or FIFO written in place. */
static int resolve(fric_out_t *o, const char *cmd)
{
    struct stat st;
    if (stat(o->path, &st) == 0) {
        if (S_ISDIR(st.st_mode)) return out_fail(o, cmd, EISDIR);
        o->have_id = true;
        o->dev = st.st_dev;
        o->ino = st.st_ino;
        if (!S_ISREG(st.st_mode)) return 0; /* a device or a FIFO: in place */
        if (access(o->path, W_OK) != 0) return out_fail(o, cmd, errno);
        if (!(o->final = realpath(o->path, NULL))) return out_fail(o, cmd, errno);
        o->mode = st.st_mode & 07777;
        return 0;
    }
    if (errno != ENOENT) return out_fail(o, cmd, errno);
    /* a new file: its directory must exist */
    const char *slash = strrchr(o->path, '/');
    const char *base = slash ? slash + 1 : o->path;
    if (base[0] == '\0' || strcmp(base, ".") == 0 || strcmp(base, "..") == 0) return out_fail(o, cmd, EISDIR);
    char *dir = slash ? dup_str(o->path, slash == o->path ? 1 : (size_t)(slash - o->path)) : dup_str(".", 1);
    if (!dir) return out_fail(o, cmd, ENOMEM);
    char *rdir = realpath(dir, NULL);
    const int err = errno;
    free(dir);
    if (!rdir) return out_fail(o, cmd, err);
    const size_t dl = strlen(rdir), bl = strlen(base);
    const bool root = dl == 1; /* "/" */
    o->final = malloc(dl + 1 + bl + 1);
    if (!o->final) {
        free(rdir);
        return out_fail(o, cmd, ENOMEM);
    }
    memcpy(o->final, rdir, dl);
    o->final[dl] = '/';
    memcpy(o->final + dl + !root, base, bl + 1);
    free(rdir);
    o->mode = new_file_mode();
    return 0;
}

/* The temporary file beside o->final, or the file itself when written in place. */
static int create(fric_out_t *o, const char *cmd)
{
    if (!o->final) {
        if (!(o->f = fopen(o->path, "w"))) return out_fail(o, cmd, errno);
        return 0;
    }
    const char *slash = strrchr(o->final, '/'); /* final is absolute */
    const size_t dl = (size_t)(slash - o->final) + 1;
    size_t bl = strlen(slash + 1);
    if (bl > TMP_BASE_MAX) bl = TMP_BASE_MAX;
    if (!(o->tmp = malloc(dl + 1 + bl + 8))) return out_fail(o, cmd, ENOMEM);
    memcpy(o->tmp, o->final, dl);
    o->tmp[dl] = '.';
    memcpy(o->tmp + dl + 1, slash + 1, bl);
    memcpy(o->tmp + dl + 1 + bl, ".XXXXXX", 8);
    const int fd = mkstemp(o->tmp);
    if (fd >= 0) live_add(o->tmp);
    if (fd < 0) {
        const int err = errno;
        free(o->tmp);
        o->tmp = NULL;
        return fric_cli_fail(cmd, "cannot write %s %s: cannot create a file in %.*s: %s", o->opt, o->path,
                             (int)(dl > 1 ? dl - 1 : dl), o->final, strerror(err));
    }
    if (fchmod(fd, o->mode) != 0 || !(o->f = fdopen(fd, "w"))) {
        const int err = errno;
        close(fd);
        return out_fail(o, cmd, err);
    }
    return 0;
}

int fric_out_stdout(fric_out_t *o, const char *cmd)
{
    o->is_stdout = true;
    o->f = NULL;
    const int fl = fcntl(STDOUT_FILENO, F_GETFL);
    if (fl == -1) return out_fail(o, cmd, errno);
    if ((fl & O_ACCMODE) == O_RDONLY) return out_fail(o, cmd, EBADF);
    clearerr(stdout); /* what this command writes is checked from here */
    o->f = stdout;
    return 0;
}

bool fric_stdout_is_live(void)
{
    struct stat st;
    if (fstat(STDOUT_FILENO, &st) != 0) return false;
    return S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode) || isatty(STDOUT_FILENO);
}

static bool same_file(const fric_out_t *a, const fric_out_t *b)
{
    if (a->final && b->final && strcmp(a->final, b->final) == 0) return true;
    return a->have_id && b->have_id && a->dev == b->dev && a->ino == b->ino;
}

int fric_outs_open(fric_out_t *outs, size_t n, const char *cmd)
{
    for (size_t i = 0; i < n; i++) {
        outs[i].f = NULL;
        outs[i].is_stdout = outs[i].path && strcmp(outs[i].path, "-") == 0;
        outs[i].final = outs[i].tmp = NULL;
        outs[i].have_id = false;
        outs[i].err = 0;
    }
    /* at most one output on stdout */
    const fric_out_t *on_stdout = NULL;
    for (size_t i = 0; i < n; i++) {
        if (!outs[i].is_stdout) continue;
        if (on_stdout)
            return fric_cli_fail(cmd, "%s and %s both write to stdout ('-'); give one of them a file name",
                                 on_stdout->opt, outs[i].opt);
        on_stdout = &outs[i];
    }
    int rc = 0;
    for (size_t i = 0; i < n && rc == 0; i++) {
        if (!outs[i].path || outs[i].is_stdout) continue;
        rc = resolve(&outs[i], cmd);
        for (size_t j = 0; j < i && rc == 0; j++)
            if (outs[j].path && !outs[j].is_stdout && same_file(&outs[i], &outs[j]))
                rc = fric_cli_fail(cmd, "%s %s and %s %s name the same file; give each output its own", outs[j].opt,
                                   outs[j].path, outs[i].opt, outs[i].path);
    }
    if (rc == 0 && on_stdout) {
        fric_out_t *o = &outs[on_stdout - outs];
        rc = fric_out_stdout(o, cmd);
        struct stat st;
        if (rc == 0 && fstat(STDOUT_FILENO, &st) == 0 && S_ISREG(st.st_mode))
            for (size_t i = 0; i < n && rc == 0; i++)
                if (outs[i].have_id && !outs[i].is_stdout && outs[i].dev == st.st_dev && outs[i].ino == st.st_ino)
                    rc = fric_cli_fail(cmd, "%s %s is the file stdout is redirected to, where %s goes too; give it "
                                       "another name", outs[i].opt, outs[i].path, o->opt);
    }
    for (size_t i = 0; i < n && rc == 0; i++)
        if (outs[i].path && !outs[i].is_stdout) rc = create(&outs[i], cmd);
    if (rc != 0) fric_outs_discard(outs, n);
    return rc;
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

/* flush (and close, for a file) one output; 0 or its errno */
static int finish(fric_out_t *o)
{
    errno = 0;
    int err = o->err;
    const bool seen = ferror(o->f) != 0;
    if (fflush(o->f) != 0 && !err) err = errno ? errno : EIO;
    if (!o->is_stdout) {
        if (fclose(o->f) != 0 && !err) err = errno ? errno : EIO;
        o->f = NULL;
    }
    if (seen && !err) err = EIO;
    return err;
}

/* flush and check the outputs of one kind (the files, or stdout); on a
 * failure discard them all */
static int close_pass(fric_out_t *outs, size_t n, const char *cmd, bool on_stdout)
{
    for (size_t i = 0; i < n; i++) {
        fric_out_t *o = &outs[i];
        if (!o->f || o->is_stdout != on_stdout) continue;
        const int err = finish(o);
        if (err) {
            const int rc = out_fail(o, cmd, err);
            fric_outs_discard(outs, n);
            return rc;
        }
    }
    return 0;
}

int fric_outs_close_files(fric_out_t *outs, size_t n, const char *cmd) { return close_pass(outs, n, cmd, false); }

int fric_outs_close(fric_out_t *outs, size_t n, const char *cmd)
{
    /* the files first, stdout last: a file that cannot be completed stops
     * the summary from reaching stdout */
    int rc = close_pass(outs, n, cmd, false);
    if (rc == 0) rc = close_pass(outs, n, cmd, true);
    if (rc != 0) return rc;
    size_t renamed = 0;
    for (size_t i = 0; i < n && rc == 0; i++) {
        fric_out_t *o = &outs[i];
        if (!o->tmp) continue;
        if (rename(o->tmp, o->final) != 0) {
            rc = out_fail(o, cmd, errno);
            break;
        }
        live_del(o->tmp);
        free(o->tmp);
        o->tmp = NULL;
        renamed = i + 1;
    }
    if (rc != 0)
        /* a rename that failed after others succeeded: remove those too, so
         * the outputs of a failed run are all absent */
        for (size_t i = 0; i < renamed; i++)
            if (outs[i].final && !outs[i].tmp) unlink(outs[i].final);
    fric_outs_discard(outs, n);
    return rc;
}

void fric_outs_discard(fric_out_t *outs, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        fric_out_t *o = &outs[i];
        if (o->f && !o->is_stdout) fclose(o->f);
        o->f = NULL;
        if (o->tmp) {
            unlink(o->tmp);
            live_del(o->tmp);
        }
        free(o->tmp);
        free(o->final);
        o->tmp = o->final = NULL;
    }
}
