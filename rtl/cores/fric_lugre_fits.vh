// SPDX-License-Identifier: Apache-2.0
// fric_lugre_fits.vh: does a 32-bit cfg word fit the field of its word
// number (fric_fx_word_fits() of the C model), for the 22 words of a
// Dahl/LuGre set, for the simulation model fric_lugre_real (rtl/sim/; the
// synthesized cores check words with fric_word_fits). Include inside a
// module that has the parameter W, after fric_formats.vh.
// Each branch tests its field's constant width (no variable shift).
function automatic fits_u(input [31:0] d, input integer bits);
    fits_u = (d >> bits) == 32'd0;
endfunction
function automatic fits_s(input [31:0] d, input integer bits);
    reg [31:0] hi;
    begin
        hi = $signed(d) >>> (bits - 1);
        fits_s = (hi == 32'd0) || (hi == 32'hFFFF_FFFF);
    end
endfunction
function automatic fits(input [4:0] addr, input [31:0] d);
    case (addr)
        `FRIC_WORD_KM:    fits = fits_u(d, `FRIC_BITS_KM(W));
        `FRIC_WORD_KS:    fits = fits_u(d, `FRIC_BITS_KS(W));
        `FRIC_WORD_DSEL:  fits = fits_u(d, `FRIC_BITS_DSEL(W));
        `FRIC_WORD_FC_P:  fits = fits_u(d, `FRIC_BITS_FC_P(W));
        `FRIC_WORD_DM_P:  fits = fits_s(d, `FRIC_BITS_DM_P(W));
        `FRIC_WORD_DS_P:  fits = fits_u(d, `FRIC_BITS_DS_P(W));
        `FRIC_WORD_BM_P:  fits = fits_u(d, `FRIC_BITS_BM_P(W));
        `FRIC_WORD_BS_P:  fits = fits_u(d, `FRIC_BITS_BS_P(W));
        `FRIC_WORD_FC_N:  fits = fits_u(d, `FRIC_BITS_FC_N(W));
        `FRIC_WORD_DM_N:  fits = fits_s(d, `FRIC_BITS_DM_N(W));
        `FRIC_WORD_DS_N:  fits = fits_u(d, `FRIC_BITS_DS_N(W));
        `FRIC_WORD_BM_N:  fits = fits_u(d, `FRIC_BITS_BM_N(W));
        `FRIC_WORD_BS_N:  fits = fits_u(d, `FRIC_BITS_BS_N(W));
        `FRIC_WORD_KM_N:  fits = fits_u(d, `FRIC_BITS_KM_N(W));
        `FRIC_WORD_KS_N:  fits = fits_u(d, `FRIC_BITS_KS_N(W));
        `FRIC_WORD_KYM:   fits = fits_u(d, `FRIC_BITS_KYM(W));
        `FRIC_WORD_KYX:   fits = fits_s(d, `FRIC_BITS_KYX(W));
        `FRIC_WORD_C1M:   fits = fits_u(d, `FRIC_BITS_C1M(W));
        `FRIC_WORD_C1S:   fits = fits_u(d, `FRIC_BITS_C1S(W));
        `FRIC_WORD_MD_EN: fits = fits_u(d, `FRIC_BITS_MD_EN(W));
        `FRIC_WORD_KDM:   fits = fits_u(d, `FRIC_BITS_KDM(W));
        `FRIC_WORD_KDS:   fits = fits_u(d, `FRIC_BITS_KDS(W));
        default:          fits = 1'b0;
    endcase
endfunction
