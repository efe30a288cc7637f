/* SPDX-License-Identifier: Apache-2.0 */
/* The replay driver of the fuzz targets, for builds without libFuzzer (gcc
 * with ASan and UBSan, make test-fuzz-replay): runs LLVMFuzzerTestOneInput()
 * on each file named on the command line (a directory: on each file in it),
 * each under an alarm, so that an input that takes over a second fails as
 * a hang. A crash or a sanitizer report ends the program with its report.
 *
 *   fuzz_replay_TARGET FILE|DIR ...
 * Exit status: 0 when every input ran, 1 on a hang or an unreadable file
 * (a sanitizer's own status on a report). */
#define _XOPEN_SOURCE 700
#include <dirent.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* seconds an input may take */
#define HANG_S 1

static const char *current;

static void on_alarm(int sig)
{
    (void)sig;
    static const char msg[] = "fuzz_replay: hang: the input takes over 1 s: ";
    if (write(STDERR_FILENO, msg, sizeof msg - 1) < 0 || write(STDERR_FILENO, current, strlen(current)) < 0 ||
        write(STDERR_FILENO, "\n", 1) < 0) {
        /* nothing more to say */
    }
    _exit(1);
}

static int replay(const char *path, size_t *count)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        dprintf(STDERR_FILENO, "fuzz_replay: cannot read %s\n", path);
        return 1;
    }
    if (S_ISDIR(st.st_mode)) {
        struct dirent **ents;
        const int n = scandir(path, &ents, NULL, alphasort);
        if (n < 0) {
            dprintf(STDERR_FILENO, "fuzz_replay: cannot read the directory %s\n", path);
            return 1;
        }
        int rc = 0;
        for (int i = 0; i < n; i++) {
            if (rc == 0 && ents[i]->d_name[0] != '.') {
                char *p = malloc(strlen(path) + strlen(ents[i]->d_name) + 2);
                if (!p) return 1;
                sprintf(p, "%s/%s", path, ents[i]->d_name);
                rc = replay(p, count);
                free(p);
            }
            free(ents[i]);
        }
        free(ents);
        return rc;
    }
    FILE *f = fopen(path, "rb");
    uint8_t *buf = malloc((size_t)st.st_size + 1);
    const size_t n = (f && buf) ? fread(buf, 1, (size_t)st.st_size, f) : 0;
    if (!f || !buf || n != (size_t)st.st_size) {
        dprintf(STDERR_FILENO, "fuzz_replay: cannot read %s\n", path);
        if (f) fclose(f);
        free(buf);
        return 1;
    }
    fclose(f);
    current = path;
    alarm(HANG_S);
    LLVMFuzzerTestOneInput(buf, n);
    alarm(0);
    free(buf);
    ++*count;
    return 0;
}

int main(int argc, char **argv)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_alarm;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGALRM, &sa, NULL);
    size_t count = 0;
    for (int i = 1; i < argc; i++)
        if (replay(argv[i], &count) != 0) return 1;
    /* fd 2, not the stdio stream stderr, which a target may have silenced */
    dprintf(STDERR_FILENO, "ok   %zu inputs replayed through %s, none over %d s\n", count, argv[0], HANG_S);
    return 0;
}
