// SPDX-License-Identifier: Apache-2.0
// fric_stribeck_latency.vh: the latency of fric_stribeck as a function of
// its parameters, shared by the core and its real variant so the two agree.
// Include inside a module. See the schedule in rtl/cores/fric_stribeck.v.
function integer fric_stribeck_latency;
    input integer w;
    input integer fast;
    integer rs, ls, le;
    begin
        rs = (fast != 0) ? 3 : 2;
        ls = (w + 1) / 2;
        le = ((w - 4) + 1) / 2 + 2 * rs + 2 + ((fast != 0) ? 2 : 0);
        // input, |v|, square, normalize, rsr, select, scale, shift, rsr, y, exp,
        // dip product, sign, rsr, magnitude, rsr, saturate, output buffer
        fric_stribeck_latency = 1 + 1 + ls + 1 + rs + 1 + 2 + 1 + rs + 1 + le + 2 + ((fast != 0) ? 2 : 1) + rs + 1 + rs + 1 + 1;
    end
endfunction
