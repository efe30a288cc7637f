/* SPDX-License-Identifier: Apache-2.0 */
/* fric_gen_io.c: file writing shared by the generators (fric_gen.c,
 * fric_gen_eng.c). A file is written only when its text changes, so `make
 * gen` leaves the timestamps (and every build made from them) alone when
 * nothing changed. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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

/* mkdir -p of the directory part of path */
static void make_parents(const char *path)
{
    char p[1024];
    snprintf(p, sizeof p, "%s", path);
    for (char *s = p + 1; *s; s++) {
        if (*s != '/') continue;
        *s = '\0';
        if (mkdir(p, 0777) != 0 && errno != EEXIST) die("cannot create the directory", p);
        *s = '/';
    }
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
        make_parents(path);
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

void fric_gen_vh_rom(FILE *f, const char *fn, const char *what, int bits, const int *widths, int nwidths,
                     int n, long (*entry)(int w, int i))
{
    fprintf(f, "\n// %s(w, i): %s; entry i (0 to %d) for the datapath width w", fn, what, n - 1);
    for (int k = 0; k < nwidths; k++) fprintf(f, "%s%d", k ? (k + 1 < nwidths ? ", " : " or ") : " (", widths[k]);
    fprintf(f, "), 0 elsewhere\nfunction automatic [%d:0] %s(input integer w, input integer i);\n    begin\n"
               "        %s = %d'd0;\n", bits - 1, fn, fn, bits);
    for (int k = 0; k < nwidths; k++) {
        fprintf(f, "        %sif (w == %d) begin\n            case (i)\n", k ? "else " : "", widths[k]);
        for (int i = 0; i < n; i++)
            fprintf(f, "            %d: %s = %d'h%0*lx;\n", i, fn, bits, (bits + 3) / 4, entry(widths[k], i));
        fprintf(f, "            default: %s = %d'd0;\n            endcase\n        end\n", fn, bits);
    }
    fprintf(f, "    end\nendfunction\n");
}
