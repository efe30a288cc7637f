// SPDX-License-Identifier: Apache-2.0
// fric_axis_width.vh: the axis-index width of the cores, shared by every
// module with an axis index (fric_stribeck, its real variant, the harness),
// so that their ports agree. Include inside a module that has NUM_AXES.
// AXIS_W = ceil(log2(NUM_AXES)), at least 1.
function integer fric_axis_width;
    input integer n;
    integer k;
    begin
        fric_axis_width = 1;
        for (k = 2; k < n; k = k * 2) fric_axis_width = fric_axis_width + 1;
    end
endfunction
