/* fric_gen_io.c: file writing shared by the generators (fric_gen.c,
 * fric_gen_eng.c). A file is written only when its text changes, so `make
 * gen` leaves the timestamps (and every build made from them) alone when
 * nothing changed. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fric_gen.h"

enum { MAX_OPEN = 16 };

static struct {
    FILE *f;
    char *buf;
    size_t len;
    char path[1024];
} open_files[MAX_OPEN];

static void die(const char *what, const char *path)
{
    fprintf(stderr, "fric_gen: %s %s\n", what, path);
    exit(1);
}

FILE *fric_gen_open(const char *dir, const char *rel)
{
    for (int i = 0; i < MAX_OPEN; i++) {
        if (open_files[i].f) continue;
        snprintf(open_files[i].path, sizeof open_files[i].path, "%s/%s", dir, rel);
        open_files[i].f = open_memstream(&open_files[i].buf, &open_files[i].len);
        if (!open_files[i].f) die("cannot buffer", open_files[i].path);
        return open_files[i].f;
    }
    die("too many files open at once, at", rel);
    return NULL;
}

/* the file's current text equals buf[0..len) */
static int same_text(const char *path, const char *buf, size_t len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return 0;
    int same = 1;
    size_t at = 0;
    char chunk[4096];
    size_t n;
    while (same && (n = fread(chunk, 1, sizeof chunk, f)) > 0) {
        same = at + n <= len && memcmp(chunk, buf + at, n) == 0;
        at += n;
    }
    same = same && !ferror(f) && at == len;
    fclose(f);
    return same;
}

void fric_gen_close(FILE *f)
{
    int i = 0;
    while (i < MAX_OPEN && open_files[i].f != f) i++;
    if (i == MAX_OPEN) die("closing a file it did not open:", "?");
    const char *path = open_files[i].path;
    if (ferror(f) || fclose(f) != 0) die("write error on", path);
    if (!same_text(path, open_files[i].buf, open_files[i].len)) {
        FILE *o = fopen(path, "wb");
        if (!o) {
            perror(path);
            exit(1);
        }
        if (fwrite(open_files[i].buf, 1, open_files[i].len, o) != open_files[i].len || fclose(o) != 0)
            die("write error on", path);
    }
    free(open_files[i].buf);
    open_files[i].f = NULL;
    open_files[i].buf = NULL;
}
