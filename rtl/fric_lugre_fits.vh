// fric_lugre_fits.vh: does a 32-bit cfg word fit the field of its word
// number (fric_fx_word_fits() of the C model), for the 20 words of a
// Dahl/LuGre set. Shared by fric_lugre and fric_lugre_real; include inside a
// module that has the parameter W, after fric_formats.vh.
function automatic fits(input [4:0] addr, input [31:0] d);
    integer bits;
    reg sgn;
    reg [31:0] hi;
    begin
        sgn = 1'b0;
        case (addr)
            `FRIC_WORD_KM:    bits = `FRIC_BITS_KM(W);
            `FRIC_WORD_KS:    bits = `FRIC_BITS_KS(W);
            `FRIC_WORD_DSEL:  bits = `FRIC_BITS_DSEL(W);
            `FRIC_WORD_FC_P:  bits = `FRIC_BITS_FC_P(W);
            `FRIC_WORD_DM_P:  begin bits = `FRIC_BITS_DM_P(W); sgn = 1'b1; end
            `FRIC_WORD_DS_P:  bits = `FRIC_BITS_DS_P(W);
            `FRIC_WORD_BM_P:  bits = `FRIC_BITS_BM_P(W);
            `FRIC_WORD_BS_P:  bits = `FRIC_BITS_BS_P(W);
            `FRIC_WORD_FC_N:  bits = `FRIC_BITS_FC_N(W);
            `FRIC_WORD_DM_N:  begin bits = `FRIC_BITS_DM_N(W); sgn = 1'b1; end
            `FRIC_WORD_DS_N:  bits = `FRIC_BITS_DS_N(W);
            `FRIC_WORD_BM_N:  bits = `FRIC_BITS_BM_N(W);
            `FRIC_WORD_BS_N:  bits = `FRIC_BITS_BS_N(W);
            `FRIC_WORD_KYM:   bits = `FRIC_BITS_KYM(W);
            `FRIC_WORD_KYX:   begin bits = `FRIC_BITS_KYX(W); sgn = 1'b1; end
            `FRIC_WORD_C1M:   bits = `FRIC_BITS_C1M(W);
            `FRIC_WORD_C1S:   bits = `FRIC_BITS_C1S(W);
            `FRIC_WORD_MD_EN: bits = `FRIC_BITS_MD_EN(W);
            `FRIC_WORD_KDM:   bits = `FRIC_BITS_KDM(W);
            `FRIC_WORD_KDS:   bits = `FRIC_BITS_KDS(W);
            default:          bits = 0;
        endcase
        if (bits == 0) fits = 1'b0;
        else if (sgn) begin
            hi = $signed(d) >>> (bits - 1);
            fits = (hi == 32'd0) || (hi == 32'hFFFF_FFFF);
        end else fits = (d >> bits) == 32'd0;
    end
endfunction
