/* SPDX-License-Identifier: Apache-2.0 */
/* The part of the FMI glue that both versions share (fric_fmu_glue.h). */
#include "fric_fmu_glue.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int hexval(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* The native path of a file: URI (RFC 8089: file:///path, file://localhost/path,
 * file:/path), percent-decoded; false if it is not one. */
static bool uri_path(const char *uri, char *out, size_t n)
{
    const char *p;
    if (strncmp(uri, "file://localhost/", 17) == 0) p = uri + 16;
    else if (strncmp(uri, "file:///", 8) == 0) p = uri + 7;
    else if (strncmp(uri, "file:/", 6) == 0 && uri[6] != '/') p = uri + 5;
    else return false;
    size_t k = 0;
    for (; *p; p++) {
        char c = *p;
        if (c == '%') {
            const int hi = hexval(p[1]), lo = hi < 0 ? -1 : hexval(p[2]);
            if (hi < 0 || lo < 0) return false;
            c = (char)(hi * 16 + lo);
            p += 2;
        }
        if (k + 1 >= n) return false;
        out[k++] = c;
    }
    out[k] = '\0';
    return true;
}

int fric_fmu_load(const char *dir, bool uri, const char *token, fric_fmu_config_t *cfg, char *why, size_t why_len)
{
    char path[4096];
    if (!dir) {
        snprintf(why, why_len, "no resources folder was given");
        return -1;
    }
    if (uri) {
        if (!uri_path(dir, path, sizeof path - 32)) {
            snprintf(why, why_len, "the resource location '%.200s' is not a file: URI", dir);
            return -1;
        }
    } else if (strlen(dir) >= sizeof path - 32) {
        snprintf(why, why_len, "the resources path is too long");
        return -1;
    } else {
        strcpy(path, dir);
    }
    const size_t len = strlen(path);
    snprintf(path + len, sizeof path - len, "%s%s", len && path[len - 1] == '/' ? "" : "/", FRIC_FMU_RESOURCE);
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(why, why_len, "cannot open %.300s", path);
        return -1;
    }
    char text[8192];
    const size_t n = fread(text, 1, sizeof text, f);
    const bool bad = ferror(f) || n == sizeof text;
    fclose(f);
    if (bad) {
        snprintf(why, why_len, "cannot read %.300s (or it is longer than %zu bytes)", path, sizeof text - 1);
        return -1;
    }
    if (fric_fmu_config_parse(text, n, cfg, why, why_len) != 0) return -1;
    if (!token || strcmp(token, cfg->token) != 0) {
        snprintf(why, why_len, "the instantiation token '%.80s' is not this FMU's ('%s')", token ? token : "(null)",
                 cfg->token);
        return -1;
    }
    return 0;
}
