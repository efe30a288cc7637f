/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fric_mcu_width.c: the parameter checks of a one-width build of fric_fx.c
 * (make test-mcu, docs/mcu.md). Built with -DFRIC_FX_ONLY_WIDTH=16 the
 * checks must refuse a W 18 set and accept a W 16 one; built without it
 * (the control) they accept both. Exit status 0 when that holds.
 */
#include <stdio.h>

#include "fric_fx.h"

int main(void)
{
    fric_fx_lugre_t p16 = {0}, p18 = {0}; /* every field 0 fits its word */
    p16.g.width = 16;
    p18.g.width = 18;
#if defined(FRIC_FX_ONLY_WIDTH)
    const fric_status_t want18 = FRIC_ERR_FX_WIDTH;
    const char *build = "FRIC_FX_ONLY_WIDTH=16";
#else
    const fric_status_t want18 = FRIC_OK;
    const char *build = "both widths";
#endif
    const fric_status_t s16 = fric_fx_lugre_check(&p16), s18 = fric_fx_lugre_check(&p18),
                        t18 = fric_fx_stribeck_check(&p18.g);
    if (s16 != FRIC_OK || s18 != want18 || t18 != want18) {
        printf("FAIL fric_fx.c (%s): checks give %d for W 16, %d / %d for W 18 (want %d, %d)\n", build, (int)s16,
               (int)s18, (int)t18, (int)FRIC_OK, (int)want18);
        return 1;
    }
    printf("ok   fric_fx.c (%s): the checks %s\n", build,
           want18 == FRIC_OK ? "accept a W 16 and a W 18 set" : "accept a W 16 set and refuse a W 18 one");
    return 0;
}
