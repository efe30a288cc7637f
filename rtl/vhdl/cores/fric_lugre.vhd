-- SPDX-License-Identifier: Apache-2.0
-- fric_lugre: the Dahl / LuGre dynamic friction core, a pipeline taking one
-- sample per clock; the VHDL-2008 twin of rtl/cores/fric_lugre.v (same
-- generics, ports, schedule, latency and behaviour cycle for cycle),
-- bit-exact with fric_fx_lugre_step() of the C model (docs/fixed-point.md,
-- docs/fric_lugre.md, which is the reference for both languages):
--
--   w_ss = sign(v) g(v),  g(v) = FC + rsr(DM * E, EF + DS - G)
--   w'   = w + rsr((w_ss - w) psi, s),  psi = 1 - 2^-y2 (three paths), y2 = |v| KYM 2^-KYX / g
--   F    = sat(rsr(w' + rsr((w' - w) c1(v), C1S) + sign(v) visc(|v|) 2^(WG-G), WG))
--
-- Architecture: a fixed pipeline of K_SAT stages advancing on one
-- registered clock enable, held high while the two-entry output buffer has
-- room; latency K_SAT + 2 cycles from the input handshake to m_axis_tvalid.
-- 20 products, each its own DSP block; the exp2 unit three times, the
-- reciprocal and h tables once.
--
-- State hazard: an axis's state is read at stage K_RD and written at K_WR;
-- a sample whose axis is in stages 1..HAZ waits in the input register
-- (the hazard is kept one cycle ahead, from the next-state values).
-- Parameters, commits, state resets, flags: as in the Verilog core's header.
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;
use work.fric_pkg.all;
use work.fric_core_pkg.all;

entity fric_lugre is
    generic (
        W            : integer := 16;  -- datapath width: 16 or 18
        NUM_AXES     : integer := 8;   -- axes; the memories have 2^AXIS_W entries
        OPT_FAST     : integer := 1;   -- 1: three-stage rounding shifts, tables in logic
        OPT_ECP5_DSP : integer := 0    -- 1: products as registered ECP5 MULT18X18D (synthesis only)
    );
    port (
        clk           : in  std_logic;
        rst           : in  std_logic;
        s_axis_tdata  : in  std_logic_vector(W - 1 downto 0);
        s_axis_tuser  : in  std_logic_vector(fric_axis_width(NUM_AXES) - 1 downto 0);
        s_axis_tvalid : in  std_logic;
        s_axis_tready : out std_logic;
        m_axis_tdata  : out std_logic_vector(W - 1 downto 0);
        m_axis_tuser  : out std_logic_vector(fric_axis_width(NUM_AXES) + 3 downto 0);
        m_axis_tvalid : out std_logic;
        m_axis_tready : in  std_logic;
        cfg_valid     : in  std_logic;
        cfg_ready     : out std_logic;
        cfg_commit    : in  std_logic;
        cfg_addr      : in  std_logic_vector(4 downto 0);
        cfg_axis      : in  std_logic_vector(fric_axis_width(NUM_AXES) - 1 downto 0);
        cfg_data      : in  std_logic_vector(31 downto 0);
        srst_valid    : in  std_logic;
        srst_ready    : out std_logic;
        srst_all      : in  std_logic;
        srst_axis     : in  std_logic_vector(fric_axis_width(NUM_AXES) - 1 downto 0);
        flags         : out std_logic_vector(4 downto 0);
        flags_clear   : in  std_logic_vector(4 downto 0)
    );
end entity fric_lugre;

architecture rtl of fric_lugre is
    -- a shift amount limited to 0..63
    function lim63(x : signed) return std_logic_vector is
    begin
        if x < 0 then return "000000";
        elsif x > 63 then return "111111";
        else return std_logic_vector(x(5 downto 0));
        end if;
    end function;

    constant AXIS_W : integer := fric_axis_width(NUM_AXES);
    constant NA     : integer := 2 ** AXIS_W;

    -- ---- formats ------------------------------------------------------------
    constant G      : integer := fric_G(W);
    constant WG     : integer := fric_WG(W);
    constant EF     : integer := fric_EF(W);
    constant YF     : integer := fric_YF(W);
    constant YW     : integer := fric_YI(W) + fric_YF(W);
    constant TB     : integer := fric_TB(W);
    constant RF     : integer := fric_RF(W);
    constant HP     : integer := fric_HP(W);
    constant HF     : integer := fric_HF(W);
    constant NWORDS : integer := FRIC_WORDS_LUGRE;
    constant FC_W   : integer := fric_bits_FC_P(W);   -- the widest field
    constant PW     : integer := FC_W;
    constant DS_W   : integer := fric_bits_DS_P(W);
    constant BS_W   : integer := fric_bits_BS_P(W);
    constant SH_W   : integer := fric_bits_KS(W);
    constant KX_W   : integer := fric_bits_KYX(W);
    constant SW     : integer := W + WG;              -- the state w, (S,W,WG)
    constant GW     : integer := W + 3;               -- g, (U,W-1,G)
    constant DIP_W  : integer := W + 5;               -- the dip, signed
    constant GR_W   : integer := W + 6;               -- FC + dip, signed
    constant PM_W   : integer := SW + W;              -- |diff| psi, |dw| c1
    constant TW     : integer := 2 * W + 22;          -- the force sum, signed

    -- ---- schedule -----------------------------------------------------------
    constant RS   : integer := pick(OPT_FAST /= 0, 3, 2);
    constant LM   : integer := 2;
    constant LN   : integer := RS + 3;
    constant LY   : integer := LM + RS + 2;
    constant LE   : integer := (fric_FB(W) + 1) / 2 + 2 * RS + 2 + pick(RS = 3, 2, 0);
    constant LI   : integer := pick(RS = 3, 4, 2) + LM + RS + 2;
    constant K_A  : integer := 1;
    constant K_Q  : integer := K_A + LM;
    constant K_NQ : integer := K_Q + LN;
    constant K_P  : integer := K_NQ + 1;
    constant K_Y  : integer := K_P + LY;
    constant K_E  : integer := K_Y + LE;
    constant K_DP : integer := K_E + LM;
    constant K_DS : integer := K_DP + 2;
    constant K_DIP : integer := K_DS + RS;
    constant K_G  : integer := K_DIP + 2;
    constant K_T0 : integer := K_G - LM;
    constant K_GN : integer := K_G + LN;
    constant K_R  : integer := K_GN + LI;
    constant K_PR : integer := K_R + LM;
    constant K_Y2 : integer := K_PR + 1 + RS;
    constant K_PA : integer := K_Y2 + 1;
    constant K_P2 : integer := K_PA + LE;
    constant K_P1 : integer := K_PA + LI + LM + RS;
    constant K_PSI : integer := pick(K_P2 > K_P1, K_P2, K_P1) + 1;
    constant K_RD : integer := K_PSI - 1;
    constant K_DF : integer := K_PSI + 1;
    constant K_M2 : integer := K_DF + LM + 2;
    constant K_SG : integer := K_M2 + 1;
    constant K_DW : integer := K_SG + RS;
    constant K_W1 : integer := K_DW + 1;
    constant K_WR : integer := K_W1 + 1;
    constant K_DC : integer := K_WR + 1;
    constant K_AD : integer := K_DC + 1;
    constant K_N2 : integer := K_AD + LM + 2;
    constant K_NS : integer := K_N2 + 1;
    constant K_S1 : integer := K_NS + RS + 1;
    constant K_SV : integer := K_S1 - 1;
    constant K_V0 : integer := K_SV - 1 - LM - RS;
    constant K_C1 : integer := K_E + LM + RS + 1;
    constant K_T  : integer := K_S1 + 1;
    constant K_F  : integer := K_T + RS;
    constant K_SAT : integer := K_F + 1;
    constant HAZ  : integer := K_WR - K_RD;
    constant NK   : integer := K_SAT;

    constant P_ZERO  : std_logic_vector(1 downto 0) := "00";
    constant P_SMALL : std_logic_vector(1 downto 0) := "01";
    constant P_EXP   : std_logic_vector(1 downto 0) := "10";
    constant P_SS    : std_logic_vector(1 downto 0) := "11";

    -- ---- pipeline control ----------------------------------------------------
    constant CTL_W : integer := AXIS_W + 2;
    type ctl_t is array (1 to NK) of std_logic_vector(CTL_W - 1 downto 0);
    -- stage k's {axis, v < 0, v = 0} (pure: the caller names the signal)
    function ax_of(c : ctl_t; k : integer) return std_logic_vector is
    begin
        return c(k)(CTL_W - 1 downto 2);
    end function;
    function neg_of(c : ctl_t; k : integer) return std_logic is
    begin
        return c(k)(1);
    end function;
    function zero_of(c : ctl_t; k : integer) return std_logic is
    begin
        return c(k)(0);
    end function;

    signal ce_reg     : std_logic := '1';
    -- meant as a copy of ce_reg for the state-memory write (Yosys merges the two)
    signal ce_wr_reg  : std_logic := '1';
    signal ce         : std_logic;
    signal in_v_reg   : std_logic := '0';
    signal in_d_reg   : std_logic_vector(W - 1 downto 0) := (others => '0');
    signal in_ax_reg  : std_logic_vector(AXIS_W - 1 downto 0) := (others => '0');
    signal in_zero    : std_logic;
    signal ctl_reg    : ctl_t := (others => (others => '0'));
    signal vld_reg    : std_logic_vector(NK - 1 downto 0) := (others => '0');   -- bit k-1: stage k
    signal hz_reg, hz_take, hz_next : std_logic_vector(HAZ - 1 downto 0) := (others => '0');
    signal hazard_reg : std_logic := '0';
    signal hazard, adv, blk, in_ready, in_take, in_v_next, any_vld_next : std_logic;
    signal haz_take, haz_shift, hazard_next : std_logic;
    signal cm_pend, sr_pend : std_logic := '0';
    signal zero_busy  : std_logic := '1';
    signal empty_reg  : std_logic := '1';
    signal empty      : std_logic;

    -- ---- parameters ------------------------------------------------------------
    type stg_t is array (0 to NWORDS - 1) of std_logic_vector(PW - 1 downto 0);
    type mw_t is array (0 to NA - 1) of std_logic_vector(W - 1 downto 0);
    type msh_t is array (0 to NA - 1) of std_logic_vector(SH_W - 1 downto 0);
    type mkx_t is array (0 to NA - 1) of std_logic_vector(KX_W - 1 downto 0);
    -- per direction: one word per axis, {v < 0 field, v > 0 field}, written by
    -- one port (the Verilog core's 2 NA entries by two write ports, which
    -- ghdl --synth 2.0 writes so that Yosys keeps them as flip-flops)
    type mfc2_t is array (0 to NA - 1) of std_logic_vector(2 * FC_W - 1 downto 0);
    type mw2_t is array (0 to NA - 1) of std_logic_vector(2 * W - 1 downto 0);
    type mds2_t is array (0 to NA - 1) of std_logic_vector(2 * DS_W - 1 downto 0);
    type mbs2_t is array (0 to NA - 1) of std_logic_vector(2 * BS_W - 1 downto 0);
    type msh2_t is array (0 to NA - 1) of std_logic_vector(2 * SH_W - 1 downto 0);
    signal stg : stg_t := (others => (others => '0'));
    signal m_kym, m_c1m, m_kdm : mw_t := (others => (others => '0'));
    signal m_c1s, m_kds : msh_t := (others => (others => '0'));
    signal m_km : mw2_t := (others => (others => '0'));
    signal m_ks : msh2_t := (others => (others => '0'));
    signal m_kyx : mkx_t := (others => (others => '0'));
    signal m_dsel, m_mden : std_logic_vector(NA - 1 downto 0) := (others => '0');
    signal m_fc : mfc2_t := (others => (others => '0'));
    signal m_dm, m_bm : mw2_t := (others => (others => '0'));
    signal m_ds : mds2_t := (others => (others => '0'));
    signal m_bs : mbs2_t := (others => (others => '0'));

    signal cfg_ready_reg : std_logic := '1';
    signal req_v_reg, wr_v_reg, bad_reg : std_logic := '0';
    signal req_addr_reg, wr_addr_reg : std_logic_vector(4 downto 0) := (others => '0');
    signal req_data_reg, wr_data_reg : std_logic_vector(PW - 1 downto 0) := (others => '0');
    signal cm_axis_reg : std_logic_vector(AXIS_W - 1 downto 0) := (others => '0');
    signal cfg_take, cm_apply, req_fits, cfg_bad, cm_pend_next : std_logic;
    constant NCLS : integer := 8;
    function u8(n : integer) return std_logic_vector is
    begin
        return std_logic_vector(to_unsigned(n, 8));
    end function;
    constant CLS_WIDTHS : std_logic_vector(8 * NCLS - 1 downto 0) :=
        u8(KX_W) & u8(1) & u8(W) & u8(FC_W) & u8(W) & u8(SH_W) & u8(BS_W) & u8(DS_W);
    signal req_ok, req_cls_reg : std_logic_vector(NCLS - 1 downto 0) := (others => '0');
    function addr_class(addr : std_logic_vector(4 downto 0)) return std_logic_vector is
        constant a : integer := to_integer(unsigned(addr));
    begin
        if a = FRIC_WORD_DS_P or a = FRIC_WORD_DS_N then return "00000001";
        elsif a = FRIC_WORD_BS_P or a = FRIC_WORD_BS_N then return "00000010";
        elsif a = FRIC_WORD_KS or a = FRIC_WORD_KS_N or a = FRIC_WORD_C1S or a = FRIC_WORD_KDS then return "00000100";
        elsif a = FRIC_WORD_KM or a = FRIC_WORD_KM_N or a = FRIC_WORD_BM_P or a = FRIC_WORD_BM_N or a = FRIC_WORD_KYM or
              a = FRIC_WORD_C1M or a = FRIC_WORD_KDM then return "00001000";
        elsif a = FRIC_WORD_FC_P or a = FRIC_WORD_FC_N then return "00010000";
        elsif a = FRIC_WORD_DM_P or a = FRIC_WORD_DM_N then return "00100000";
        elsif a = FRIC_WORD_DSEL or a = FRIC_WORD_MD_EN then return "01000000";
        elsif a = FRIC_WORD_KYX then return "10000000";
        else return "00000000";
        end if;
    end function;

    -- field registers, each read one stage before its use
    signal f_dsel, f_mden : std_logic;
    signal f_km, f_kdm, f_dm, f_c1m, f_kym, f_bm : std_logic_vector(W - 1 downto 0);
    signal f_ks, f_kds, f_c1s : std_logic_vector(SH_W - 1 downto 0);
    signal f_ds : std_logic_vector(DS_W - 1 downto 0);
    signal f_fc : std_logic_vector(FC_W - 1 downto 0);
    signal f_kyx : std_logic_vector(KX_W - 1 downto 0);
    signal f_bs : std_logic_vector(BS_W - 1 downto 0);

    -- ---- datapath ----------------------------------------------------------------
    signal a_reg, qn_m, q_nq, a_nq, p2_reg, a_p_reg, yg_p : std_logic_vector(W - 1 downto 0);
    signal q : std_logic_vector(2 * W - 1 downto 0);
    signal qn_e : std_logic_vector(7 downto 0);
    signal qn_big : std_logic;
    signal pe2_reg, yg_pe : std_logic_vector(4 downto 0);
    signal y_g, y_d : std_logic_vector(YW - 1 downto 0);
    signal e_g, e_d : std_logic_vector(W downto 0);
    signal dm_neg_reg : std_logic;
    signal dm_abs_reg : std_logic_vector(W - 1 downto 0);
    signal dprod : std_logic_vector(2 * W - 1 downto 0);
    signal dm_dp : std_logic_vector(W + 1 downto 0);
    signal dmag_reg : std_logic_vector(2 * W - 1 downto 0);
    signal dneg_reg : std_logic;
    signal dsig_reg : signed(2 * W downto 0);
    signal dsh : std_logic_vector(5 downto 0);
    signal dip : std_logic_vector(DIP_W - 1 downto 0);
    signal graw_reg : signed(GR_W - 1 downto 0);
    signal g_reg : std_logic_vector(GW - 1 downto 0);
    signal gsat_reg, g_low, g_high : std_logic;
    signal a_t0, tn, gn, r, tn_r : std_logic_vector(W - 1 downto 0);
    signal t, prod, prod_reg : std_logic_vector(2 * W - 1 downto 0);
    signal te, ge : std_logic_vector(7 downto 0);
    signal t_big_unused, g_big_unused, p_big_unused : std_logic;
    signal sh_reg, sh_pr, sh_np : std_logic_vector(9 downto 0);
    signal s2_reg : std_logic_vector(5 downto 0);
    signal sneg_reg, pz_reg : std_logic;
    signal y2r : std_logic_vector(YW downto 0);
    signal y2spec : std_logic_vector(1 downto 0);
    signal path_reg, path_s : std_logic_vector(1 downto 0);
    signal y2_reg : std_logic_vector(YW - 1 downto 0);
    signal e2, psi1, e2_s, psi1_s : std_logic_vector(W downto 0);
    signal pm, hv, pm_h : std_logic_vector(W - 1 downto 0);
    signal pn : std_logic_vector(7 downto 0);
    signal pmh : std_logic_vector(2 * W - 1 downto 0);
    signal s1sh_reg : signed(10 downto 0);
    signal s1sh : std_logic_vector(10 downto 0);
    signal psi_reg : unsigned(W downto 0);
    signal sdw_reg : std_logic_vector(5 downto 0);

    type stm_t is array (0 to NA - 1) of std_logic_vector(SW - 1 downto 0);
    signal stm : stm_t := (others => (others => '0'));
    signal w0_reg : std_logic_vector(SW - 1 downto 0);
    signal g_ps : std_logic_vector(GW - 1 downto 0);
    signal gx, wss_reg : signed(SW + 1 downto 0);
    signal adf_reg : std_logic_vector(SW - 1 downto 0);
    signal dfs_reg : std_logic;
    signal psi_df : std_logic_vector(W downto 0);
    signal sdw_df : std_logic_vector(5 downto 0);
    signal w0_df : std_logic_vector(SW - 1 downto 0);
    signal adf_x, adc_x : std_logic_vector(3 * W - 1 downto 0);
    signal dp0, dp1, dp2, cp0, cp1, cp2 : std_logic_vector(2 * W - 1 downto 0);
    signal dctl, dctl1_reg : std_logic_vector(SW + 7 downto 0);
    signal ds01_reg, cs01_reg : unsigned(3 * W downto 0);
    signal dp2_reg, cp2_reg : std_logic_vector(SW - W - 1 downto 0);
    signal dmag_m_reg, cmag_reg : unsigned(PM_W - 1 downto 0);
    signal dctl2_reg : std_logic_vector(6 downto 0);
    signal dsg_reg, csg_reg : signed(PM_W downto 0);
    signal sdw_sg : std_logic_vector(5 downto 0);
    signal dw : std_logic_vector(SW downto 0);
    signal w0_dw, w0_w1, w1c_reg, w0_wr, w1_dc, w1_sv : std_logic_vector(SW - 1 downto 0);
    signal w1_reg : signed(SW + 1 downto 0);
    signal wsat_reg, w1_ok : std_logic;

    signal sr_axis_reg : std_logic_vector(AXIS_W - 1 downto 0) := (others => '0');
    signal zcnt_reg : unsigned(AXIS_W - 1 downto 0) := (others => '0');
    signal sr_all_reg : std_logic := '0';
    signal srst_ready_reg : std_logic := '0';
    signal sr_take, sr_apply, sr_pend_next, st_we : std_logic;
    signal st_wa : unsigned(AXIS_W - 1 downto 0);
    signal st_wd : std_logic_vector(SW - 1 downto 0);

    signal c1p : std_logic_vector(2 * W - 1 downto 0);
    signal c1r, c1m_d : std_logic_vector(W downto 0);
    signal c1_reg, c1_ad, c1_m : std_logic_vector(W - 1 downto 0);
    signal dc_reg : signed(SW downto 0);
    signal adc_reg : std_logic_vector(SW - 1 downto 0);
    signal dcs_reg, dcs_m, dcs1_reg, dcs2_reg : std_logic;
    signal s1r : std_logic_vector(PM_W downto 0);
    signal s1_reg : signed(SW + 1 downto 0);
    signal s1sat_reg, s1_ok : std_logic;
    signal a_v0 : std_logic_vector(W - 1 downto 0);
    signal vprod, vv : std_logic_vector(2 * W - 1 downto 0);
    signal svv_reg : signed(2 * W downto 0);
    signal t1_reg, tot_reg : signed(TW - 1 downto 0);
    signal fr : std_logic_vector(TW - 1 downto 0);
    signal gsat_f, wsat_f, s1sat_f, f_ok : std_logic;
    signal f_reg : std_logic_vector(W - 1 downto 0);
    signal fl_reg : std_logic_vector(3 downto 0);

    constant BEAT_W : integer := W + AXIS_W + 4;
    signal beat, buf0_reg, buf1_reg : std_logic_vector(BEAT_W - 1 downto 0);
    signal count_reg : unsigned(1 downto 0) := "00";
    signal count_next : unsigned(1 downto 0);
    signal pop, push : std_logic;
    signal flags_reg, flags_set : std_logic_vector(4 downto 0) := (others => '0');
begin
    assert W = 16 or W = 18 report "fric_lugre: W = " & integer'image(W) & ", must be 16 or 18" severity failure;
    assert not (K_C1 > K_AD - 1 or K_T0 < K_NQ or K_V0 < K_T0)
        report "fric_lugre: inconsistent schedule" severity failure;

    -- ---- pipeline control ----------------------------------------------------
    ce <= ce_reg;
    hazard <= hazard_reg;
    adv <= in_v_reg and not hazard;
    blk <= cm_pend or sr_pend or zero_busy;
    in_ready <= ce and ((not in_v_reg) or adv) and not blk;
    in_take <= in_ready and s_axis_tvalid;
    s_axis_tready <= in_ready;
    in_v_next <= (in_take or (in_v_reg and not adv)) when ce = '1' else in_v_reg;
    any_vld_next <= b2l(vld_reg(NK - 2 downto 0) /= (NK - 2 downto 0 => '0') or adv = '1') when ce = '1' else
                    b2l(vld_reg /= (vld_reg'range => '0'));
    -- the hazard vector of the next cycle (see the Verilog core)
    process (all)
    begin
        hz_take(0) <= in_v_reg and b2l(in_ax_reg = s_axis_tuser);
        for hk in 2 to HAZ loop
            hz_take(hk - 1) <= vld_reg(hk - 2) and b2l(ax_of(ctl_reg, hk - 1) = s_axis_tuser);
        end loop;
    end process;
    hz_next <= hz_reg when ce = '0' else hz_take when in_take = '1' else hz_reg(HAZ - 2 downto 0) & adv;
    haz_take <= b2l(hz_take /= (hz_take'range => '0'));
    haz_shift <= b2l(hz_reg(HAZ - 2 downto 0) /= (HAZ - 2 downto 0 => '0')) or adv;
    hazard_next <= hazard_reg when ce = '0' else haz_take when in_take = '1' else haz_shift;
    in_zero <= b2l(unsigned(in_d_reg) = 0);
    process (clk)
    begin
        if rising_edge(clk) then
            if ce = '1' then
                if in_take = '1' then
                    in_d_reg  <= s_axis_tdata;
                    in_ax_reg <= s_axis_tuser;
                end if;
                ctl_reg(1) <= in_ax_reg & in_d_reg(W - 1) & in_zero;
                for k in 2 to NK loop
                    ctl_reg(k) <= ctl_reg(k - 1);
                end loop;
                vld_reg <= vld_reg(NK - 2 downto 0) & adv;
            end if;
            in_v_reg   <= in_v_next;
            hz_reg     <= hz_next;
            hazard_reg <= hazard_next;
            if rst = '1' then
                in_v_reg   <= '0';
                vld_reg    <= (others => '0');
                hz_reg     <= (others => '0');
                hazard_reg <= '0';
            end if;
            empty_reg <= rst or (not in_v_next and not any_vld_next);
        end if;
    end process;
    empty <= empty_reg;
    -- pragma translate_off
    -- the registered hazard equals the direct comparison in every cycle
    process (clk)
        variable direct : boolean;
    begin
        if rising_edge(clk) then
            direct := false;
            for hd in 1 to HAZ loop
                if vld_reg(hd - 1) = '1' and ax_of(ctl_reg, hd) = in_ax_reg then direct := true; end if;
            end loop;
            assert not (in_v_reg = '1' and (hazard_reg = '1') /= direct)
                report "fric_lugre: registered hazard differs from the direct comparison" severity failure;
        end if;
    end process;
    -- pragma translate_on

    -- ---- parameter staging and field memories -------------------------------
    cfg_take <= cfg_valid and cfg_ready_reg;
    cm_apply <= cm_pend and empty and not zero_busy;
    u_fits : entity work.fric_word_fits
        generic map (N => NCLS, WIDTHS => CLS_WIDTHS, SIGNS => "10100000")
        port map (clk => clk, en => cfg_take, d => cfg_data, fits => req_ok);
    req_fits <= b2l((req_ok and req_cls_reg) /= (req_ok'range => '0'));
    cfg_bad <= bad_reg and not flags_clear(4);
    cm_pend_next <= (cfg_take and cfg_commit) or (cm_pend and not cm_apply);
    cfg_ready <= cfg_ready_reg;
    process (clk)
        variable ca : integer;
    begin
        if rising_edge(clk) then
            req_v_reg <= cfg_take and not cfg_commit;
            if cfg_take = '1' then
                req_addr_reg <= cfg_addr;
                req_data_reg <= cfg_data(PW - 1 downto 0);
                req_cls_reg  <= addr_class(cfg_addr);
            end if;
            if cfg_take = '1' and cfg_commit = '1' then
                cm_axis_reg <= cfg_axis;
            end if;
            cm_pend <= cm_pend_next;
            -- low while a word is checked or written, or a commit is pending
            cfg_ready_reg <= not cfg_take and not req_v_reg and not cm_pend_next;
            wr_v_reg    <= req_v_reg and req_fits;
            -- a refused word's CFG is set 2 cycles after its take; a flags_clear
            -- of CFG or a rst in those cycles cancels it (the C model's view)
            bad_reg     <= req_v_reg and not req_fits and not flags_clear(4) and not rst;
            wr_addr_reg <= req_addr_reg;
            wr_data_reg <= req_data_reg;
            -- the staging words, each its own register (a loop of static
            -- indices: GHDL 2.0's synthesis makes a loop of a dynamic write
            -- into this array, which the commit also reads word by word)
            for k in 0 to NWORDS - 1 loop
                if wr_v_reg = '1' and idx(wr_addr_reg) = k then
                    stg(k) <= wr_data_reg;
                end if;
            end loop;
            if cm_apply = '1' then
                ca := idx(cm_axis_reg);
                m_km(ca)   <= stg(FRIC_WORD_KM_N)(W - 1 downto 0) & stg(FRIC_WORD_KM)(W - 1 downto 0);
                m_ks(ca)   <= stg(FRIC_WORD_KS_N)(SH_W - 1 downto 0) & stg(FRIC_WORD_KS)(SH_W - 1 downto 0);
                m_dsel(ca) <= stg(FRIC_WORD_DSEL)(0);
                m_kym(ca)  <= stg(FRIC_WORD_KYM)(W - 1 downto 0);
                m_kyx(ca)  <= stg(FRIC_WORD_KYX)(KX_W - 1 downto 0);
                m_c1m(ca)  <= stg(FRIC_WORD_C1M)(W - 1 downto 0);
                m_c1s(ca)  <= stg(FRIC_WORD_C1S)(SH_W - 1 downto 0);
                m_mden(ca) <= stg(FRIC_WORD_MD_EN)(0);
                m_kdm(ca)  <= stg(FRIC_WORD_KDM)(W - 1 downto 0);
                m_kds(ca)  <= stg(FRIC_WORD_KDS)(SH_W - 1 downto 0);
                m_fc(ca) <= stg(FRIC_WORD_FC_N)(FC_W - 1 downto 0) & stg(FRIC_WORD_FC_P)(FC_W - 1 downto 0);
                m_dm(ca) <= stg(FRIC_WORD_DM_N)(W - 1 downto 0) & stg(FRIC_WORD_DM_P)(W - 1 downto 0);
                m_ds(ca) <= stg(FRIC_WORD_DS_N)(DS_W - 1 downto 0) & stg(FRIC_WORD_DS_P)(DS_W - 1 downto 0);
                m_bm(ca) <= stg(FRIC_WORD_BM_N)(W - 1 downto 0) & stg(FRIC_WORD_BM_P)(W - 1 downto 0);
                m_bs(ca) <= stg(FRIC_WORD_BS_N)(BS_W - 1 downto 0) & stg(FRIC_WORD_BS_P)(BS_W - 1 downto 0);
            end if;
        end if;
    end process;

    -- field registers: each read one stage before its use, by that stage's axis
    process (clk)
        -- the field of the direction of stage k's sample from its axis's word
        function dir_field(wd : std_logic_vector; c : ctl_t; k : integer) return std_logic_vector is
            constant n : integer := wd'length / 2;
            variable v : std_logic_vector(wd'length - 1 downto 0);
        begin
            v := wd;
            if neg_of(c, k) = '1' then return v(2 * n - 1 downto n); else return v(n - 1 downto 0); end if;
        end function;
    begin
        if rising_edge(clk) then
            if ce = '1' then
                f_dsel <= m_dsel(idx(ax_of(ctl_reg, K_P - 1)));
                f_km   <= dir_field(m_km(idx(ax_of(ctl_reg, K_P - 1))), ctl_reg, K_P - 1);
                f_kdm  <= m_kdm(idx(ax_of(ctl_reg, K_P - 1)));
                f_ks   <= dir_field(m_ks(idx(ax_of(ctl_reg, K_P + LM - 1))), ctl_reg, K_P + LM - 1);
                f_kds  <= m_kds(idx(ax_of(ctl_reg, K_P + LM - 1)));
                f_dm   <= dir_field(m_dm(idx(ax_of(ctl_reg, K_E - 2))), ctl_reg, K_E - 2);
                f_c1m  <= m_c1m(idx(ax_of(ctl_reg, K_E - 1)));
                f_mden <= m_mden(idx(ax_of(ctl_reg, K_C1 - 2)));
                f_ds   <= dir_field(m_ds(idx(ax_of(ctl_reg, K_DS - 1))), ctl_reg, K_DS - 1);
                f_fc   <= dir_field(m_fc(idx(ax_of(ctl_reg, K_DIP - 1))), ctl_reg, K_DIP - 1);
                f_kym  <= m_kym(idx(ax_of(ctl_reg, K_T0 - 1)));
                f_kyx  <= m_kyx(idx(ax_of(ctl_reg, K_GN - 1)));
                f_c1s  <= m_c1s(idx(ax_of(ctl_reg, K_NS - 1)));
                f_bm   <= dir_field(m_bm(idx(ax_of(ctl_reg, K_V0 - 1))), ctl_reg, K_V0 - 1);
                f_bs   <= dir_field(m_bs(idx(ax_of(ctl_reg, K_V0 + LM - 1))), ctl_reg, K_V0 + LM - 1);
            end if;
        end if;
    end process;

    -- ---- K_A: |v| -------------------------------------------------------------
    process (clk)
    begin
        if rising_edge(clk) then
            if ce = '1' then
                if in_d_reg(W - 1) = '1' then a_reg <= std_logic_vector(unsigned(not in_d_reg) + 1);
                else a_reg <= in_d_reg; end if;
            end if;
        end if;
    end process;

    -- ---- the exponent arguments ------------------------------------------------
    u_sq : entity work.fric_mul
        generic map (A_W => W, B_W => W, LATENCY => LM, OPT_FABRIC => 0, OPT_ECP5_DSP => OPT_ECP5_DSP)
        port map (clk => clk, ce => ce, a => a_reg, b => a_reg, p => q);
    u_nq : entity work.fric_norm
        generic map (X_W => 2 * W, W => W, RS => RS)
        port map (clk => clk, ce => ce, x => q, m => qn_m, e => qn_e, big => qn_big);
    u_q_nq : entity work.fric_delay
        generic map (WIDTH => W, DEPTH => LN)
        port map (clk => clk, ce => ce, d => q(W - 1 downto 0), q => q_nq);
    u_a_nq : entity work.fric_delay
        generic map (WIDTH => W, DEPTH => K_NQ - K_A)
        port map (clk => clk, ce => ce, d => a_reg, q => a_nq);
    process (clk)
    begin
        if rising_edge(clk) then
            if ce = '1' then
                if qn_big = '1' then
                    p2_reg  <= qn_m;
                    pe2_reg <= qn_e(4 downto 0);
                else
                    p2_reg  <= q_nq;
                    pe2_reg <= "00000";
                end if;
                a_p_reg <= a_nq;
            end if;
        end if;
    end process;
    yg_p  <= p2_reg when f_dsel = '1' else a_p_reg;
    yg_pe <= pe2_reg when f_dsel = '1' else "00000";
    u_yg : entity work.fric_scale_y
        generic map (W => W, LM => LM, RS => RS, OPT_ECP5_DSP => OPT_ECP5_DSP)
        port map (clk => clk, ce => ce, p => yg_p, pe => yg_pe, k => f_km, s => f_ks, y => y_g);
    u_yd : entity work.fric_scale_y
        generic map (W => W, LM => LM, RS => RS, OPT_ECP5_DSP => OPT_ECP5_DSP)
        port map (clk => clk, ce => ce, p => p2_reg, pe => pe2_reg, k => f_kdm, s => f_kds, y => y_d);
    u_exp_g : entity work.fric_exp2
        generic map (W => W, OPT_FABRIC => 0, OPT_ECP5_DSP => OPT_ECP5_DSP, RS => RS, LATENCY => LE)
        port map (clk => clk, ce => ce, y => y_g, e => e_g);
    u_exp_d : entity work.fric_exp2
        generic map (W => W, OPT_FABRIC => 0, OPT_ECP5_DSP => OPT_ECP5_DSP, RS => RS, LATENCY => LE)
        port map (clk => clk, ce => ce, y => y_d, e => e_d);

    -- ---- g = FC + rsr(DM E, EF + DS - G), limited to [1, 2^(W-1+G) - 1] ----
    process (clk)
    begin
        if rising_edge(clk) then
            if ce = '1' then
                dm_neg_reg <= f_dm(W - 1);
                if f_dm(W - 1) = '1' then dm_abs_reg <= std_logic_vector(unsigned(not f_dm) + 1);
                else dm_abs_reg <= f_dm; end if;
            end if;
        end if;
    end process;
    u_dip : entity work.fric_mul
        generic map (A_W => W, B_W => W, LATENCY => LM, OPT_FABRIC => 0, OPT_ECP5_DSP => OPT_ECP5_DSP)
        port map (clk => clk, ce => ce, a => dm_abs_reg, b => e_g(W - 1 downto 0), p => dprod);
    u_dm_dp : entity work.fric_delay
        generic map (WIDTH => W + 2, DEPTH => LM)
        port map (clk => clk, ce => ce, d => e_g(W) & dm_neg_reg & dm_abs_reg, q => dm_dp);
    process (clk)
    begin
        if rising_edge(clk) then
            if ce = '1' then
                if dm_dp(W + 1) = '1' then dmag_reg <= std_logic_vector(shift_left(resize(unsigned(dm_dp(W - 1 downto 0)), 2 * W), W));
                else dmag_reg <= dprod; end if;
                dneg_reg <= dm_dp(W);
                if dneg_reg = '1' then dsig_reg <= -signed('0' & dmag_reg);
                else dsig_reg <= signed('0' & dmag_reg); end if;
            end if;
        end if;
    end process;
    dsh <= std_logic_vector(resize(unsigned(f_ds), 6) + to_unsigned(EF - G, 6));
    u_rsr_dip : entity work.fric_rsr
        generic map (X_W => 2 * W + 1, S_W => 6, Y_W => DIP_W, STAGES => RS)
        port map (clk => clk, ce => ce, x => std_logic_vector(dsig_reg), s => dsh, y => dip);
    -- the limits decided on bits: g <= 0 (sign, or zero), g >= 2^GW
    g_low  <= graw_reg(GR_W - 1) or b2l(graw_reg = 0);
    g_high <= not graw_reg(GR_W - 1) and b2l(graw_reg(GR_W - 2 downto GW) /= 0);
    process (clk)
    begin
        if rising_edge(clk) then
            if ce = '1' then
                graw_reg <= signed(resize(unsigned(f_fc), GR_W)) + resize(signed(dip), GR_W);
                if g_low = '1' then g_reg <= std_logic_vector(to_unsigned(1, GW));
                elsif g_high = '1' then g_reg <= (others => '1');
                else g_reg <= std_logic_vector(graw_reg(GW - 1 downto 0)); end if;
                gsat_reg <= (g_low or g_high) and not zero_of(ctl_reg, K_G - 1);
            end if;
        end if;
    end process;

    -- ---- y2 = |v| KYM / g ---------------------------------------------------------
    u_a_t0 : entity work.fric_delay
        generic map (WIDTH => W, DEPTH => K_T0 - K_NQ)
        port map (clk => clk, ce => ce, d => a_nq, q => a_t0);
    u_kym : entity work.fric_mul
        generic map (A_W => W, B_W => W, LATENCY => LM, OPT_FABRIC => 0, OPT_ECP5_DSP => OPT_ECP5_DSP)
        port map (clk => clk, ce => ce, a => a_t0, b => f_kym, p => t);
    u_nt : entity work.fric_norm
        generic map (X_W => 2 * W, W => W, RS => RS)
        port map (clk => clk, ce => ce, x => t, m => tn, e => te, big => t_big_unused);
    u_ng : entity work.fric_norm
        generic map (X_W => GW, W => W, RS => RS)
        port map (clk => clk, ce => ce, x => g_reg, m => gn, e => ge, big => g_big_unused);
    u_rec : entity work.fric_interp
        generic map (T_W => W, TB => TB, FR_W => RF, TABLE => "recip", RS => RS, LM => LM, OPT_ECP5_DSP => OPT_ECP5_DSP)
        port map (clk => clk, ce => ce, idx => gn(W - 2 downto W - 1 - TB), fr => gn(RF - 1 downto 0), m => r);
    -- the net shift sh = 2W - 1 - YF + KYX + ge - te
    process (clk)
    begin
        if rising_edge(clk) then
            if ce = '1' then
                sh_reg <= std_logic_vector(to_signed(2 * W - 1 - YF, 10) + resize(signed(f_kyx), 10) +
                                           resize(signed(ge), 10) - resize(signed(te), 10));
            end if;
        end if;
    end process;
    u_tn : entity work.fric_delay
        generic map (WIDTH => W, DEPTH => K_R - K_GN)
        port map (clk => clk, ce => ce, d => tn, q => tn_r);
    u_pr : entity work.fric_mul
        generic map (A_W => W, B_W => W, LATENCY => LM, OPT_FABRIC => 0, OPT_ECP5_DSP => OPT_ECP5_DSP)
        port map (clk => clk, ce => ce, a => tn_r, b => r, p => prod);
    u_sh_pr : entity work.fric_delay
        generic map (WIDTH => 10, DEPTH => K_PR - K_GN - 1)
        port map (clk => clk, ce => ce, d => sh_reg, q => sh_pr);
    process (clk)
    begin
        if rising_edge(clk) then
            if ce = '1' then
                prod_reg <= prod;
                sneg_reg <= sh_pr(9);
                s2_reg   <= lim63(signed(sh_pr));
                pz_reg   <= b2l(unsigned(prod) = 0);
            end if;
        end if;
    end process;
    u_rsr_y2 : entity work.fric_rsr
        generic map (X_W => 2 * W + 1, S_W => 6, Y_W => YW + 1, STAGES => RS, OPT_SAT => 1)
        port map (clk => clk, ce => ce, x => '0' & prod_reg, s => s2_reg, y => y2r);
    u_y2spec : entity work.fric_delay
        generic map (WIDTH => 2, DEPTH => RS)
        port map (clk => clk, ce => ce, d => sneg_reg & pz_reg, q => y2spec);
    process (clk)
    begin
        if rising_edge(clk) then
            if ce = '1' then
                y2_reg <= y2r(YW - 1 downto 0);
                if y2spec(0) = '1' then path_reg <= P_ZERO;
                elsif y2spec(1) = '1' or y2r(YW) = '1' then path_reg <= P_SS;
                elsif unsigned(y2r(YW - 1 downto YF - 1)) /= 0 then path_reg <= P_EXP;
                else path_reg <= P_SMALL; end if;
            end if;
        end if;
    end process;
    -- path 2: psi = 1 - 2^-y2
    u_exp_2 : entity work.fric_exp2
        generic map (W => W, OPT_FABRIC => 0, OPT_ECP5_DSP => OPT_ECP5_DSP, RS => RS, LATENCY => LE)
        port map (clk => clk, ce => ce, y => y2_reg, e => e2);
    -- path 1: psi = rsr(pm h(y2), HP) with prod = pm 2^pn, and the shift sh + YF - pn
    u_np : entity work.fric_norm
        generic map (X_W => 2 * W, W => W, RS => RS)
        port map (clk => clk, ce => ce, x => prod, m => pm, e => pn, big => p_big_unused);
    u_h : entity work.fric_interp
        generic map (T_W => W, TB => TB, FR_W => HF, TABLE => "h", RS => RS, LM => LM, OPT_ECP5_DSP => OPT_ECP5_DSP)
        port map (clk => clk, ce => ce, idx => y2_reg(YF - 2 downto YF - 1 - TB), fr => y2_reg(HF - 1 downto 0), m => hv);
    u_pm : entity work.fric_delay
        generic map (WIDTH => W, DEPTH => K_PA + LI - K_PR - LN)
        port map (clk => clk, ce => ce, d => pm, q => pm_h);
    u_pmh : entity work.fric_mul
        generic map (A_W => W, B_W => W, LATENCY => LM, OPT_FABRIC => 0, OPT_ECP5_DSP => OPT_ECP5_DSP)
        port map (clk => clk, ce => ce, a => pm_h, b => hv, p => pmh);
    u_rsr_psi1 : entity work.fric_rsr
        generic map (X_W => 2 * W + 1, S_W => 6, Y_W => W + 1, STAGES => RS)
        port map (clk => clk, ce => ce, x => '0' & pmh, s => std_logic_vector(to_unsigned(HP, 6)), y => psi1);
    u_sh_np : entity work.fric_delay
        generic map (WIDTH => 10, DEPTH => LN)
        port map (clk => clk, ce => ce, d => sh_pr, q => sh_np);
    process (clk)
    begin
        if rising_edge(clk) then
            if ce = '1' then
                s1sh_reg <= resize(signed(sh_np), 11) + to_signed(YF, 11) - resize(signed(pn), 11);
            end if;
        end if;
    end process;
    u_s1sh : entity work.fric_delay
        generic map (WIDTH => 11, DEPTH => K_PSI - 1 - (K_PR + LN + 1))
        port map (clk => clk, ce => ce, d => std_logic_vector(s1sh_reg), q => s1sh);
    u_e2 : entity work.fric_delay
        generic map (WIDTH => W + 1, DEPTH => K_PSI - 1 - K_P2)
        port map (clk => clk, ce => ce, d => e2, q => e2_s);
    u_psi1 : entity work.fric_delay
        generic map (WIDTH => W + 1, DEPTH => K_PSI - 1 - K_P1)
        port map (clk => clk, ce => ce, d => psi1, q => psi1_s);
    u_path : entity work.fric_delay
        generic map (WIDTH => 2, DEPTH => K_PSI - 1 - K_PA)
        port map (clk => clk, ce => ce, d => path_reg, q => path_s);
    -- K_PSI: psi (U,1,W) <= 2^W and the shift of dw
    process (clk)
        constant ONE_W : unsigned(W downto 0) := '1' & (W - 1 downto 0 => '0');
    begin
        if rising_edge(clk) then
            if ce = '1' then
                -- an if chain, not a case: GHDL 2.0's synthesis infers a latch
                -- from this case's "others" choice
                if path_s = P_ZERO then psi_reg <= (others => '0');
                elsif path_s = P_SMALL then psi_reg <= unsigned(psi1_s);
                elsif path_s = P_EXP then psi_reg <= ONE_W - unsigned(e2_s);
                else psi_reg <= ONE_W;
                end if;
                if path_s = P_SMALL then sdw_reg <= lim63(signed(s1sh));
                else sdw_reg <= std_logic_vector(to_unsigned(W, 6)); end if;
            end if;
        end if;
    end process;

    -- ---- the state: read at K_RD, the update written at K_WR -----------------
    process (clk)
    begin
        if rising_edge(clk) then
            if ce = '1' then
                w0_reg <= stm(idx(ax_of(ctl_reg, K_RD)));
            end if;
        end if;
    end process;
    u_g_ps : entity work.fric_delay
        generic map (WIDTH => GW, DEPTH => K_PSI - 1 - K_G)
        port map (clk => clk, ce => ce, d => g_reg, q => g_ps);
    gx <= shift_left(signed(resize(unsigned(g_ps), SW + 2)), WG - G);
    process (clk)
        variable w0x, dpos, dneg : signed(SW + 1 downto 0);
    begin
        if rising_edge(clk) then
            if ce = '1' then
                if neg_of(ctl_reg, K_PSI - 1) = '1' then wss_reg <= -gx; else wss_reg <= gx; end if;
                -- K_DF: |w_ss - w| and its sign
                w0x  := resize(signed(w0_reg), SW + 2);
                dpos := wss_reg - w0x;
                dneg := w0x - wss_reg;
                dfs_reg <= dpos(SW + 1);
                if dpos(SW + 1) = '1' then adf_reg <= std_logic_vector(dneg(SW - 1 downto 0));
                else adf_reg <= std_logic_vector(dpos(SW - 1 downto 0)); end if;
                psi_df <= std_logic_vector(psi_reg);
                sdw_df <= sdw_reg;
                w0_df  <= w0_reg;
            end if;
        end if;
    end process;
    -- |diff| psi: three W-bit partial products (psi = 1 by a mux)
    adf_x <= std_logic_vector(resize(unsigned(adf_reg), 3 * W));
    u_d0 : entity work.fric_mul
        generic map (A_W => W, B_W => W, LATENCY => LM, OPT_FABRIC => 0, OPT_ECP5_DSP => OPT_ECP5_DSP)
        port map (clk => clk, ce => ce, a => adf_x(W - 1 downto 0), b => psi_df(W - 1 downto 0), p => dp0);
    u_d1 : entity work.fric_mul
        generic map (A_W => W, B_W => W, LATENCY => LM, OPT_FABRIC => 0, OPT_ECP5_DSP => OPT_ECP5_DSP)
        port map (clk => clk, ce => ce, a => adf_x(2 * W - 1 downto W), b => psi_df(W - 1 downto 0), p => dp1);
    u_d2 : entity work.fric_mul
        generic map (A_W => W, B_W => W, LATENCY => LM, OPT_FABRIC => 0, OPT_ECP5_DSP => OPT_ECP5_DSP)
        port map (clk => clk, ce => ce, a => adf_x(3 * W - 1 downto 2 * W), b => psi_df(W - 1 downto 0), p => dp2);
    u_dctl : entity work.fric_delay
        generic map (WIDTH => SW + 8, DEPTH => LM)
        port map (clk => clk, ce => ce, d => psi_df(W) & dfs_reg & sdw_df & adf_reg, q => dctl);
    process (clk)
    begin
        if rising_edge(clk) then
            if ce = '1' then
                ds01_reg  <= resize(unsigned(dp0), 3 * W + 1) + shift_left(resize(unsigned(dp1), 3 * W + 1), W);
                dp2_reg   <= dp2(SW - W - 1 downto 0);
                dctl1_reg <= dctl;
                if dctl1_reg(SW + 7) = '1' then
                    dmag_m_reg <= shift_left(resize(unsigned(dctl1_reg(SW - 1 downto 0)), PM_W), W);
                else
                    dmag_m_reg <= resize(ds01_reg, PM_W) + shift_left(resize(unsigned(dp2_reg), PM_W), 2 * W);
                end if;
                dctl2_reg <= dctl1_reg(SW + 6 downto SW);
                if dctl2_reg(6) = '1' then dsg_reg <= -signed('0' & dmag_m_reg);
                else dsg_reg <= signed('0' & dmag_m_reg); end if;
                sdw_sg <= dctl2_reg(5 downto 0);
            end if;
        end if;
    end process;
    u_rsr_dw : entity work.fric_rsr
        generic map (X_W => PM_W + 1, S_W => 6, Y_W => SW + 1, STAGES => RS)
        port map (clk => clk, ce => ce, x => std_logic_vector(dsg_reg), s => sdw_sg, y => dw);
    u_w0_dw : entity work.fric_delay
        generic map (WIDTH => SW, DEPTH => K_DW - K_DF)
        port map (clk => clk, ce => ce, d => w0_df, q => w0_dw);
    -- K_WR: w' limited to +-(2^(W-1+WG) - 1), decided on the bits that can overflow
    w1_ok <= b2l(w1_reg(SW + 1 downto SW - 1) = "000" or
                 (w1_reg(SW + 1 downto SW - 1) = "111" and w1_reg(SW - 2 downto 0) /= 0));
    process (clk)
        constant WMAX : signed(SW - 1 downto 0) := '0' & (SW - 2 downto 0 => '1');
    begin
        if rising_edge(clk) then
            if ce = '1' then
                w1_reg <= resize(signed(w0_dw), SW + 2) + resize(signed(dw), SW + 2);
                w0_w1  <= w0_dw;
                if w1_ok = '1' then w1c_reg <= std_logic_vector(w1_reg(SW - 1 downto 0));
                elsif w1_reg(SW + 1) = '1' then w1c_reg <= std_logic_vector(-WMAX);
                else w1c_reg <= std_logic_vector(WMAX); end if;
                wsat_reg <= not w1_ok;
                w0_wr    <= w0_w1;
            end if;
        end if;
    end process;

    -- state writes: the pipeline's (stage K_WR), or a reset's (pipeline empty)
    -- one write port (address and data selected ahead of it), so that
    -- synthesis sees a memory, as with the Verilog core
    st_we <= (ce_wr_reg and vld_reg(K_WR - 1)) or zero_busy or (sr_apply and not sr_all_reg);
    st_wa <= unsigned(ax_of(ctl_reg, K_WR)) when ce_wr_reg = '1' and vld_reg(K_WR - 1) = '1' else
             zcnt_reg when zero_busy = '1' else unsigned(sr_axis_reg);
    st_wd <= w1c_reg when ce_wr_reg = '1' and vld_reg(K_WR - 1) = '1' else (others => '0');
    sr_take  <= srst_valid and srst_ready_reg;
    sr_apply <= sr_pend and empty and not zero_busy;
    sr_pend_next <= sr_take or (sr_pend and not sr_apply);
    process (clk)
    begin
        if rising_edge(clk) then
            if st_we = '1' then
                stm(to_integer(st_wa)) <= st_wd;
            end if;
            if sr_take = '1' then
                sr_all_reg  <= srst_all;
                sr_axis_reg <= srst_axis;
            end if;
            sr_pend <= sr_pend_next;
            if zero_busy = '1' then
                zcnt_reg <= zcnt_reg + 1;
                if zcnt_reg = (zcnt_reg'range => '1') then zero_busy <= '0'; end if;
            elsif sr_apply = '1' and sr_all_reg = '1' then
                zero_busy <= '1';
                zcnt_reg  <= (others => '0');
            end if;
            srst_ready_reg <= not sr_take and not sr_pend_next and not rst;
            if rst = '1' then
                sr_pend   <= '0';
                zero_busy <= '1';
                zcnt_reg  <= (others => '0');
            end if;
        end if;
    end process;
    srst_ready <= srst_ready_reg;

    -- ---- the sigma1 term rsr((w' - w) c1(v), C1S), limited --------------------
    u_c1 : entity work.fric_mul
        generic map (A_W => W, B_W => W, LATENCY => LM, OPT_FABRIC => 0, OPT_ECP5_DSP => OPT_ECP5_DSP)
        port map (clk => clk, ce => ce, a => f_c1m, b => e_d(W - 1 downto 0), p => c1p);
    u_rsr_c1 : entity work.fric_rsr
        generic map (X_W => 2 * W + 1, S_W => 6, Y_W => W + 1, STAGES => RS)
        port map (clk => clk, ce => ce, x => '0' & c1p, s => std_logic_vector(to_unsigned(EF, 6)), y => c1r);
    u_c1m : entity work.fric_delay
        generic map (WIDTH => W + 1, DEPTH => LM + RS)
        port map (clk => clk, ce => ce, d => e_d(W) & f_c1m, q => c1m_d);
    process (clk)
    begin
        if rising_edge(clk) then
            if ce = '1' then
                if f_mden = '0' or c1m_d(W) = '1' then c1_reg <= c1m_d(W - 1 downto 0);
                else c1_reg <= c1r(W - 1 downto 0); end if;
            end if;
        end if;
    end process;
    u_c1_ad : entity work.fric_delay
        generic map (WIDTH => W, DEPTH => K_AD - 1 - K_C1)
        port map (clk => clk, ce => ce, d => c1_reg, q => c1_ad);
    process (clk)
        variable dcv : signed(SW downto 0);
    begin
        if rising_edge(clk) then
            if ce = '1' then
                dc_reg <= resize(signed(w1c_reg), SW + 1) - resize(signed(w0_wr), SW + 1);
                w1_dc  <= w1c_reg;
                dcv := dc_reg;
                dcs_reg <= dcv(SW);
                if dcv(SW) = '1' then adc_reg <= std_logic_vector(unsigned(not dcv(SW - 1 downto 0)) + 1);
                else adc_reg <= std_logic_vector(dcv(SW - 1 downto 0)); end if;
                c1_m <= c1_ad;
            end if;
        end if;
    end process;
    adc_x <= std_logic_vector(resize(unsigned(adc_reg), 3 * W));
    u_s0 : entity work.fric_mul
        generic map (A_W => W, B_W => W, LATENCY => LM, OPT_FABRIC => 0, OPT_ECP5_DSP => OPT_ECP5_DSP)
        port map (clk => clk, ce => ce, a => adc_x(W - 1 downto 0), b => c1_m, p => cp0);
    u_s1 : entity work.fric_mul
        generic map (A_W => W, B_W => W, LATENCY => LM, OPT_FABRIC => 0, OPT_ECP5_DSP => OPT_ECP5_DSP)
        port map (clk => clk, ce => ce, a => adc_x(2 * W - 1 downto W), b => c1_m, p => cp1);
    u_s2 : entity work.fric_mul
        generic map (A_W => W, B_W => W, LATENCY => LM, OPT_FABRIC => 0, OPT_ECP5_DSP => OPT_ECP5_DSP)
        port map (clk => clk, ce => ce, a => adc_x(3 * W - 1 downto 2 * W), b => c1_m, p => cp2);
    u_dcs : entity work.fric_delay
        generic map (WIDTH => 1, DEPTH => LM)
        port map (clk => clk, ce => ce, d(0) => dcs_reg, q(0) => dcs_m);
    process (clk)
    begin
        if rising_edge(clk) then
            if ce = '1' then
                cs01_reg <= resize(unsigned(cp0), 3 * W + 1) + shift_left(resize(unsigned(cp1), 3 * W + 1), W);
                cp2_reg  <= cp2(SW - W - 1 downto 0);
                dcs1_reg <= dcs_m;
                cmag_reg <= resize(cs01_reg, PM_W) + shift_left(resize(unsigned(cp2_reg), PM_W), 2 * W);
                dcs2_reg <= dcs1_reg;
                if dcs2_reg = '1' then csg_reg <= -signed('0' & cmag_reg);
                else csg_reg <= signed('0' & cmag_reg); end if;
            end if;
        end if;
    end process;
    u_rsr_s1 : entity work.fric_rsr
        generic map (X_W => PM_W + 1, S_W => 6, Y_W => PM_W + 1, STAGES => RS)
        port map (clk => clk, ce => ce, x => std_logic_vector(csg_reg), s => f_c1s, y => s1r);
    -- K_S1: limited to +-(2^(W+1+WG) - 1), decided on bits as for w'
    s1_ok <= b2l(unsigned(s1r(PM_W downto SW + 1)) = 0 or
                 (s1r(PM_W downto SW + 1) = (PM_W downto SW + 1 => '1') and unsigned(s1r(SW downto 0)) /= 0));
    process (clk)
        constant S1MAX : signed(SW + 1 downto 0) := '0' & (SW downto 0 => '1');
    begin
        if rising_edge(clk) then
            if ce = '1' then
                if s1_ok = '1' then s1_reg <= signed(s1r(SW + 1 downto 0));
                elsif s1r(PM_W) = '1' then s1_reg <= -S1MAX;
                else s1_reg <= S1MAX; end if;
                s1sat_reg <= not s1_ok;
            end if;
        end if;
    end process;

    -- ---- the viscous term sign(v) rsr(|v| BM, BS) 2^(WG-G) -------------------
    u_a_v0 : entity work.fric_delay
        generic map (WIDTH => W, DEPTH => K_V0 - K_T0)
        port map (clk => clk, ce => ce, d => a_t0, q => a_v0);
    u_vis : entity work.fric_mul
        generic map (A_W => W, B_W => W, LATENCY => LM, OPT_FABRIC => 0, OPT_ECP5_DSP => OPT_ECP5_DSP)
        port map (clk => clk, ce => ce, a => a_v0, b => f_bm, p => vprod);
    u_rsr_v : entity work.fric_rsr
        generic map (X_W => 2 * W + 1, S_W => BS_W, Y_W => 2 * W, STAGES => RS)
        port map (clk => clk, ce => ce, x => '0' & vprod, s => f_bs, y => vv);
    u_w1_sv : entity work.fric_delay
        generic map (WIDTH => SW, DEPTH => K_SV - K_DC)
        port map (clk => clk, ce => ce, d => w1_dc, q => w1_sv);

    -- ---- F = sat(rsr(w' + s1 + visc, WG)) -----------------------------------
    process (clk)
    begin
        if rising_edge(clk) then
            if ce = '1' then
                if neg_of(ctl_reg, K_SV - 1) = '1' then svv_reg <= -signed('0' & vv);
                else svv_reg <= signed('0' & vv); end if;
                t1_reg  <= resize(signed(w1_sv), TW) + shift_left(resize(svv_reg, TW), WG - G);
                tot_reg <= t1_reg + resize(s1_reg, TW);
            end if;
        end if;
    end process;
    u_rsr_f : entity work.fric_rsr
        generic map (X_W => TW, S_W => 5, Y_W => TW, STAGES => RS)
        port map (clk => clk, ce => ce, x => std_logic_vector(tot_reg), s => std_logic_vector(to_unsigned(WG, 5)), y => fr);
    u_gsat : entity work.fric_delay
        generic map (WIDTH => 1, DEPTH => K_F - K_G)
        port map (clk => clk, ce => ce, d(0) => gsat_reg, q(0) => gsat_f);
    u_wsat : entity work.fric_delay
        generic map (WIDTH => 1, DEPTH => K_F - K_WR)
        port map (clk => clk, ce => ce, d(0) => wsat_reg, q(0) => wsat_f);
    u_s1sat : entity work.fric_delay
        generic map (WIDTH => 1, DEPTH => K_F - K_S1)
        port map (clk => clk, ce => ce, d(0) => s1sat_reg, q(0) => s1sat_f);
    -- |F| <= 2^(W-1) - 1, decided on bits as for w'
    f_ok <= b2l(unsigned(fr(TW - 1 downto W - 1)) = 0 or
                (fr(TW - 1 downto W - 1) = (TW - 1 downto W - 1 => '1') and unsigned(fr(W - 2 downto 0)) /= 0));
    process (clk)
        constant FMAX : signed(W - 1 downto 0) := '0' & (W - 2 downto 0 => '1');
    begin
        if rising_edge(clk) then
            if ce = '1' then
                if f_ok = '1' then f_reg <= fr(W - 1 downto 0);
                elsif fr(TW - 1) = '1' then f_reg <= std_logic_vector(-FMAX);
                else f_reg <= std_logic_vector(FMAX); end if;
                fl_reg <= wsat_f & s1sat_f & gsat_f & not f_ok;
            end if;
        end if;
    end process;

    -- ---- K_SAT -> the two-entry output buffer --------------------------------
    beat <= fl_reg & ax_of(ctl_reg, K_SAT) & f_reg;
    pop  <= b2l(count_reg /= 0) and m_axis_tready;
    push <= ce and vld_reg(K_SAT - 1);
    count_next <= count_reg + ("0" & push) - ("0" & pop);
    process (clk)
    begin
        if rising_edge(clk) then
            if pop = '1' then
                buf0_reg <= buf1_reg;
            end if;
            if push = '1' then
                if count_reg - ("0" & pop) = 0 then buf0_reg <= beat; else buf1_reg <= beat; end if;
            end if;
            count_reg <= count_next;
            -- at most one more beat arrives after ce falls: room for it is kept
            ce_reg <= b2l(count_next < 2);
            ce_wr_reg <= b2l(count_next < 2);
            if rst = '1' then
                count_reg <= "00";
                ce_reg <= '1';
                ce_wr_reg <= '1';
            end if;
        end if;
    end process;
    m_axis_tvalid <= b2l(count_reg /= 0);
    m_axis_tdata  <= buf0_reg(W - 1 downto 0);
    m_axis_tuser  <= buf0_reg(BEAT_W - 1 downto W);

    -- ---- sticky flags ----------------------------------------------------------
    flags_set <= cfg_bad & buf0_reg(BEAT_W - 1 downto BEAT_W - 4) when pop = '1' else cfg_bad & "0000";
    process (clk)
    begin
        if rising_edge(clk) then
            flags_reg <= (flags_reg and not flags_clear) or flags_set;
            if rst = '1' then
                flags_reg <= (others => '0');
            end if;
        end if;
    end process;
    flags <= flags_reg;
end architecture rtl;
