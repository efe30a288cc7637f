/* fric_gen_io.c: file writing shared by the generators (fric_gen.c,
 * fric_gen_eng.c). */
#include <stdio.h>
#include <stdlib.h>

#include "fric_gen.h"

FILE *fric_gen_open(const char *dir, const char *rel)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, rel);
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        exit(1);
    }
    return f;
}

void fric_gen_close(FILE *f)
{
    if (ferror(f) || fclose(f) != 0) {
        fprintf(stderr, "fric_gen: write error\n");
        exit(1);
    }
}
