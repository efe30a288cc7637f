-- SPDX-License-Identifier: Apache-2.0
-- fric_gms: the generalized Maxwell-slip (GMS) friction core for NUM_AXES
-- axes, elements time-multiplexed, one sample at a time; the VHDL-2008 twin
-- of rtl/cores/fric_gms.v (same generics, ports, schedule, latency and
-- behaviour cycle for cycle), bit-exact with fric_fx_gms_step() of the C
-- model (docs/fric_gms.md, which is the reference for both languages):
--
--   g   = s(v) = FC + rsr(DM * E, EF + DS - G), limited to [1, 2^(W-1+G) - 1]
--   L_i = sign(v) g AM_i 2^(WG-G-W)                      (exact)
--   y   = KCM 2^-KCX / g (one per sample), psi = 1 - 2^-y (three paths, as LuGre's)
--   slipping: F_i += rsr((L_i - F_i) psi, s);  sticking: F_i += sign(v) rsr(|v| KM_i 2^WG, KS_i),
--   ending at L_i (slipping) when it reaches it; v = 0: every element sticks and holds
--   F   = sat(rsr(sum F_i + sign(v) visc(|v|) 2^(WG-G), WG))
--
-- Architecture: a sample passes three phases: the shared part (g, y, psi,
-- the viscous term) from held registers, settled in K_FE cycles; the
-- elements, one per clock through one element datapath, reading each
-- element's state and fields from memories indexed {axis, element} and
-- writing its new state K_EW cycles later, summed as they leave; the sum
-- rounded and saturated into the output register. A sample takes
-- K_FE + n + K_EW + K_OUT + 3 cycles (n the axis's element count).
-- Parameters, commits, state resets, flags: as in the Verilog core's header.
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;
use work.fric_pkg.all;
use work.fric_core_pkg.all;

entity fric_gms is
    generic (
        W            : integer := 16;  -- datapath width: 16 or 18
        NUM_AXES     : integer := 8;   -- axes; the memories have 2^AXIS_W axes of 16 elements
        OPT_FAST     : integer := 1;   -- 1: three-stage rounding shifts, tables in logic
        OPT_FABRIC   : integer := 0;   -- 1: the shared part's products and g AM_i in fabric
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
        cfg_addr      : in  std_logic_vector(6 downto 0);
        cfg_axis      : in  std_logic_vector(fric_axis_width(NUM_AXES) - 1 downto 0);
        cfg_data      : in  std_logic_vector(31 downto 0);
        srst_valid    : in  std_logic;
        srst_ready    : out std_logic;
        srst_all      : in  std_logic;
        srst_axis     : in  std_logic_vector(fric_axis_width(NUM_AXES) - 1 downto 0);
        flags         : out std_logic_vector(4 downto 0);
        flags_clear   : in  std_logic_vector(4 downto 0)
    );
end entity fric_gms;

architecture rtl of fric_gms is
    -- a shift amount limited to 0..63
    function lim63(x : signed) return std_logic_vector is
    begin
        if x < 0 then return "000000";
        elsif x > 63 then return "111111";
        else return std_logic_vector(x(5 downto 0));
        end if;
    end function;

    constant AXIS_W   : integer := fric_axis_width(NUM_AXES);
    constant NA       : integer := 2 ** AXIS_W;
    constant NE       : integer := FRIC_GMS_MAX;     -- element slots per axis
    constant EB       : integer := 4;                -- element index bits
    constant EA_W     : integer := AXIS_W + EB;      -- element memory address
    constant E_LAST   : unsigned(EB - 1 downto 0) := to_unsigned(NE - 1, EB);

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
    constant NWORDS : integer := FRIC_WORDS_GMS;
    constant NSCAL  : integer := fric_word_GMS_KM(0);  -- scalar words 0..NSCAL-1
    constant FC_W   : integer := fric_bits_FC_P(W);    -- the widest field
    constant PW     : integer := FC_W;
    constant DS_W   : integer := fric_bits_DS_P(W);
    constant BS_W   : integer := fric_bits_BS_P(W);
    constant SH_W   : integer := fric_bits_KS(W);
    constant KX_W   : integer := fric_bits_GMS_KCX(W);
    constant N_W    : integer := fric_bits_GMS_N(W);
    constant AM_W   : integer := fric_bits_GMS_AM(W);  -- (U,1,W)
    constant SW     : integer := W + WG;               -- an element force, (S,W,WG)
    constant GW     : integer := W + 3;                -- g, (U,W-1,G)
    constant DIP_W  : integer := W + 5;                -- the dip, signed
    constant GR_W   : integer := W + 6;                -- FC + dip, signed
    constant LSH    : integer := WG - G - W;           -- L_i = g AM 2^LSH
    constant LV_W   : integer := GW + AM_W + LSH;      -- |L_i| < 2^LV_W (= SW)
    constant DW     : integer := 2 * W + WG + 1;       -- the stick increment, signed
    constant MV_W   : integer := SW + 1;               -- |L_i - F_i| < 2^MV_W
    constant PM_W   : integer := MV_W + W;             -- |L_i - F_i| psi (psi < 2^W)
    constant SUM_W  : integer := SW + 4;               -- the element sum, 16 elements
    constant TW     : integer := 2 * W + 22;           -- the force sum, signed
    constant F1_W   : integer := DW + 1;

    -- ---- latencies of the units ----------------------------------------------
    constant RS    : integer := pick(OPT_FAST /= 0, 3, 2);
    constant LM    : integer := 2;
    constant LN    : integer := RS + 3;
    constant LY    : integer := LM + RS + 2;
    constant LE    : integer := (fric_FB(W) + 1) / 2 + 2 * RS + 2 + pick(RS = 3, 2, 0);
    constant LI    : integer := pick(RS = 3, 4, 2) + LM + RS + 2;
    -- a shared-part product: DSP, or fabric with two rows per stage
    constant LMF_W : integer := pick(OPT_FABRIC /= 0, (W + 1) / 2, LM);     -- W x W
    constant LMF_G : integer := pick(OPT_FABRIC /= 0, (AM_W + 1) / 2, LM);  -- g x AM

    -- ---- the shared part: cycles after the hold registers are loaded ---------
    constant F_P   : integer := 1 + LMF_W + LN + 1;
    constant F_Y   : integer := F_P + LY;
    constant F_E   : integer := F_Y + LE;
    constant F_G   : integer := F_E + LMF_W + 2 + RS + 2;
    constant F_GN  : integer := F_G + LN;
    constant F_R   : integer := F_GN + LI;
    constant F_PR  : integer := F_R + LMF_W;
    constant F_PA  : integer := F_PR + 1 + RS + 1;
    constant F_P2  : integer := F_PA + LE;
    constant F_P1  : integer := pick(F_PA + LI > F_PR + LN, F_PA + LI, F_PR + LN) + LMF_W + RS;
    constant F_PSI : integer := pick(F_P2 > F_P1, F_P2, F_P1) + 1;
    constant F_VV  : integer := 1 + LMF_W + RS + 1;
    constant K_FE  : integer := pick(F_PSI > F_VV, F_PSI, F_VV) + 1;

    -- ---- the element stage: cycles after an element's issue ------------------
    constant E_RD  : integer := 1;
    constant E_LV  : integer := E_RD + LMF_G;
    constant E_AK  : integer := E_RD + LM;
    constant E_LIM : integer := pick(E_LV > E_AK, E_LV, E_AK) + 1;
    constant E_SL  : integer := E_LIM + 1;
    constant E_MV  : integer := E_SL + LM + 2;
    constant E_MS  : integer := E_MV + 1;
    constant E_MR  : integer := E_MS + RS;
    constant E_D   : integer := E_LIM - 1 + RS;
    constant E_F1  : integer := pick(E_MR > E_D, E_MR, E_D) + 1;
    constant E_FN  : integer := E_F1 + 1;
    constant K_EW  : integer := E_FN + 1;
    constant K_OUT : integer := 1 + RS + 1;

    constant FE_CNT  : unsigned(7 downto 0) := to_unsigned(K_FE, 8);
    constant DR_CNT  : unsigned(7 downto 0) := to_unsigned(K_EW, 8);
    constant OUT_CNT : unsigned(7 downto 0) := to_unsigned(K_OUT, 8);

    -- ---- the sequencer -----------------------------------------------------------
    type state_t is (S_IDLE, S_LD, S_FE, S_EL, S_DR, S_OUT, S_CM, S_ZR);
    signal st_reg       : state_t := S_ZR;
    signal cnt_reg      : unsigned(7 downto 0) := (others => '0');        -- cycles left in S_FE, S_DR, S_OUT
    signal zcnt_reg     : unsigned(EA_W - 1 downto 0) := (others => '0'); -- the element zeroed in S_ZR
    signal zend_reg     : unsigned(EA_W - 1 downto 0) := (others => '1'); -- its last element
    signal ecnt_reg     : unsigned(EB - 1 downto 0) := (others => '0');   -- issued in S_EL, copied in S_CM
    signal in_rdy_reg   : std_logic := '0';
    signal cm_pend, sr_pend : std_logic := '0';
    signal cm_axis_reg, sr_axis_reg : std_logic_vector(AXIS_W - 1 downto 0) := (others => '0');
    signal sr_all_reg   : std_logic := '0';
    signal zero_rst_reg : std_logic := '1';   -- the zeroing is rst's (all axes)
    signal in_d_reg     : std_logic_vector(W - 1 downto 0) := (others => '0');
    signal in_ax_reg    : std_logic_vector(AXIS_W - 1 downto 0) := (others => '0');
    signal in_take      : std_logic;
    signal sr_take, sr_done, sr_pend_next : std_logic;
    signal srst_ready_reg : std_logic := '0';

    -- the output register
    constant BEAT_W : integer := W + AXIS_W + 4;
    signal out_reg   : std_logic_vector(BEAT_W - 1 downto 0) := (others => '0');
    signal out_v_reg : std_logic := '0';
    signal pop, out_free : std_logic;

    -- ---- parameter staging and field memories -------------------------------
    type stg_t is array (0 to NSCAL - 1) of std_logic_vector(PW - 1 downto 0);
    type ew_t is array (0 to NE - 1) of std_logic_vector(W - 1 downto 0);
    type esh_t is array (0 to NE - 1) of std_logic_vector(SH_W - 1 downto 0);
    type eam_t is array (0 to NE - 1) of std_logic_vector(AM_W - 1 downto 0);
    type mn_t is array (0 to NA - 1) of std_logic_vector(N_W - 1 downto 0);
    type mw_t is array (0 to NA - 1) of std_logic_vector(W - 1 downto 0);
    type mkx_t is array (0 to NA - 1) of std_logic_vector(KX_W - 1 downto 0);
    -- per direction: one word per axis, {v < 0 field, v > 0 field} (the
    -- Verilog core's 2 NA entries indexed {axis, v < 0}), as in fric_lugre
    type mfc2_t is array (0 to NA - 1) of std_logic_vector(2 * FC_W - 1 downto 0);
    type mw2_t is array (0 to NA - 1) of std_logic_vector(2 * W - 1 downto 0);
    type mds2_t is array (0 to NA - 1) of std_logic_vector(2 * DS_W - 1 downto 0);
    type mbs2_t is array (0 to NA - 1) of std_logic_vector(2 * BS_W - 1 downto 0);
    type msh2_t is array (0 to NA - 1) of std_logic_vector(2 * SH_W - 1 downto 0);
    -- per element, index {axis, element}
    type mew_t is array (0 to NA * NE - 1) of std_logic_vector(W - 1 downto 0);
    type mesh_t is array (0 to NA * NE - 1) of std_logic_vector(SH_W - 1 downto 0);
    type meam_t is array (0 to NA * NE - 1) of std_logic_vector(AM_W - 1 downto 0);
    -- the element states {slip (2 bits: 00 sticking, 01 slipping up, 11 down), F (S,W,WG)}
    type stm_t is array (0 to NA * NE - 1) of std_logic_vector(SW + 1 downto 0);
    signal stg    : stg_t := (others => (others => '0'));
    signal stg_km : ew_t := (others => (others => '0'));
    signal stg_ks : esh_t := (others => (others => '0'));
    signal stg_am : eam_t := (others => (others => '0'));
    signal m_dsel : std_logic_vector(NA - 1 downto 0) := (others => '0');
    signal m_n    : mn_t := (others => (others => '0'));
    signal m_kcm  : mw_t := (others => (others => '0'));
    signal m_kcx  : mkx_t := (others => (others => '0'));
    signal m_km, m_dm, m_bm : mw2_t := (others => (others => '0'));
    signal m_ks   : msh2_t := (others => (others => '0'));
    signal m_fc   : mfc2_t := (others => (others => '0'));
    signal m_ds   : mds2_t := (others => (others => '0'));
    signal m_bs   : mbs2_t := (others => (others => '0'));
    signal m_ekm  : mew_t := (others => (others => '0'));
    signal m_eks  : mesh_t := (others => (others => '0'));
    signal m_eam  : meam_t := (others => (others => '0'));
    signal stm    : stm_t := (others => (others => '0'));

    -- cfg
    signal cfg_ready_reg : std_logic := '1';
    signal req_v_reg, wr_v_reg, bad_reg : std_logic := '0';
    signal req_addr_reg, wr_addr_reg : std_logic_vector(6 downto 0) := (others => '0');
    signal req_data_reg, wr_data_reg : std_logic_vector(PW - 1 downto 0) := (others => '0');
    signal wr_el_reg : std_logic := '0';
    signal wr_ei_reg : unsigned(EB - 1 downto 0) := (others => '0');
    signal wr_ef_reg : std_logic_vector(1 downto 0) := (others => '0');
    signal cfg_take, req_fits, cfg_bad, cm_pend_next : std_logic;
    -- field classes: 0 DS_W, 1 BS_W (BS, GMS_N), 2 SH_W, 3 W, 4 FC_W,
    -- 5 W signed (DM), 6 one bit (DSEL), 7 KX_W signed (KCX), 8 AM_W
    constant NCLS : integer := 9;
    function u8(n : integer) return std_logic_vector is
    begin
        return std_logic_vector(to_unsigned(n, 8));
    end function;
    constant CLS_WIDTHS : std_logic_vector(63 downto 0) :=
        u8(KX_W) & u8(1) & u8(W) & u8(FC_W) & u8(W) & u8(SH_W) & u8(BS_W) & u8(DS_W);
    signal req_ok, req_cls_reg : std_logic_vector(NCLS - 1 downto 0) := (others => '0');
    -- an element word's class, by comparison with the 48 element addresses
    function el_class(a : integer) return std_logic_vector is
        variable c : std_logic_vector(NCLS - 1 downto 0);
    begin
        c := (others => '0');
        for i in 0 to NE - 1 loop
            if a = NSCAL + 3 * i then c := "000001000"; end if;       -- KM_i
            if a = NSCAL + 3 * i + 1 then c := "000000100"; end if;   -- KS_i
            if a = NSCAL + 3 * i + 2 then c := "100000000"; end if;   -- AM_i
        end loop;
        return c;
    end function;
    -- an element word's {element, field (0 KM, 1 KS, 2 AM)}, likewise
    function el_index(addr : std_logic_vector(6 downto 0)) return std_logic_vector is
        constant a : integer := to_integer(unsigned(addr));
        variable r : std_logic_vector(EB + 1 downto 0);
    begin
        r := (others => '0');
        for i in 0 to NE - 1 loop
            if a = NSCAL + 3 * i then r := std_logic_vector(to_unsigned(i, EB)) & "00"; end if;
            if a = NSCAL + 3 * i + 1 then r := std_logic_vector(to_unsigned(i, EB)) & "01"; end if;
            if a = NSCAL + 3 * i + 2 then r := std_logic_vector(to_unsigned(i, EB)) & "10"; end if;
        end loop;
        return r;
    end function;
    function addr_class(addr : std_logic_vector(6 downto 0)) return std_logic_vector is
        constant a : integer := to_integer(unsigned(addr));
    begin
        if a = FRIC_WORD_DS_P or a = FRIC_WORD_DS_N then return "000000001";
        elsif a = FRIC_WORD_BS_P or a = FRIC_WORD_BS_N or a = FRIC_WORD_GMS_N then return "000000010";
        elsif a = FRIC_WORD_KS or a = FRIC_WORD_KS_N then return "000000100";
        elsif a = FRIC_WORD_KM or a = FRIC_WORD_KM_N or a = FRIC_WORD_BM_P or a = FRIC_WORD_BM_N or
              a = FRIC_WORD_GMS_KCM then return "000001000";
        elsif a = FRIC_WORD_FC_P or a = FRIC_WORD_FC_N then return "000010000";
        elsif a = FRIC_WORD_DM_P or a = FRIC_WORD_DM_N then return "000100000";
        elsif a = FRIC_WORD_DSEL then return "001000000";
        elsif a = FRIC_WORD_GMS_KCX then return "010000000";
        else return el_class(a);
        end if;
    end function;
    signal req_eif : std_logic_vector(EB + 1 downto 0);

    -- ---- the hold registers: the sample and its axis's fields (S_LD) --------
    signal a_reg : std_logic_vector(W - 1 downto 0) := (others => '0');   -- |v| <= 2^(W-1)
    signal neg_reg, zero_reg, h_dsel : std_logic := '0';
    signal h_km, h_dm, h_bm, h_kcm : std_logic_vector(W - 1 downto 0) := (others => '0');
    signal h_ks : std_logic_vector(SH_W - 1 downto 0) := (others => '0');
    signal h_fc : std_logic_vector(FC_W - 1 downto 0) := (others => '0');
    signal h_ds : std_logic_vector(DS_W - 1 downto 0) := (others => '0');
    signal h_bs : std_logic_vector(BS_W - 1 downto 0) := (others => '0');
    signal h_kcx : std_logic_vector(KX_W - 1 downto 0) := (others => '0');
    signal h_n : unsigned(EB downto 0) := (others => '0');                -- elements, min(GMS_N, 16)
    signal ce : std_logic;

    -- ---- the shared part -----------------------------------------------------------
    signal q : std_logic_vector(2 * W - 1 downto 0);
    signal qn_m : std_logic_vector(W - 1 downto 0);
    signal qn_e : std_logic_vector(7 downto 0);
    signal qn_big : std_logic;
    signal q_lo_reg, p2_reg : std_logic_vector(W - 1 downto 0) := (others => '0');
    signal pe2_reg : std_logic_vector(4 downto 0) := (others => '0');
    signal yg_p : std_logic_vector(W - 1 downto 0);
    signal yg_pe : std_logic_vector(4 downto 0);
    signal y_g : std_logic_vector(YW - 1 downto 0);
    signal e_g : std_logic_vector(W downto 0);
    signal dm_neg : std_logic;
    signal dm_abs : std_logic_vector(W - 1 downto 0);
    signal dprod : std_logic_vector(2 * W - 1 downto 0);
    signal e_one_reg : std_logic := '0';
    signal dmag_reg : std_logic_vector(2 * W - 1 downto 0) := (others => '0');
    signal dsig_reg : signed(2 * W downto 0) := (others => '0');
    signal dsh : std_logic_vector(5 downto 0);
    signal dip : std_logic_vector(DIP_W - 1 downto 0);
    signal graw_reg : signed(GR_W - 1 downto 0) := (others => '0');
    signal g_reg : std_logic_vector(GW - 1 downto 0) := (others => '0');
    signal gsat_reg : std_logic := '0';
    signal g_low, g_high : std_logic;
    signal tn, gn, r : std_logic_vector(W - 1 downto 0);
    signal te, ge : std_logic_vector(7 downto 0);
    signal t_big_unused, g_big_unused, p_big_unused : std_logic;
    signal sh_reg : std_logic_vector(9 downto 0) := (others => '0');
    signal prod, prod_reg : std_logic_vector(2 * W - 1 downto 0) := (others => '0');
    signal s2_reg : std_logic_vector(5 downto 0) := (others => '0');
    signal sneg_reg, pz_reg : std_logic := '0';
    signal y2r : std_logic_vector(YW downto 0);
    constant P_ZERO  : std_logic_vector(1 downto 0) := "00";
    constant P_SMALL : std_logic_vector(1 downto 0) := "01";
    constant P_EXP   : std_logic_vector(1 downto 0) := "10";
    signal path_reg : std_logic_vector(1 downto 0) := (others => '0');
    signal y2_reg : std_logic_vector(YW - 1 downto 0) := (others => '0');
    signal e2, psi1 : std_logic_vector(W downto 0);
    signal pm, hv : std_logic_vector(W - 1 downto 0);
    signal pn : std_logic_vector(7 downto 0);
    signal pmh : std_logic_vector(2 * W - 1 downto 0);
    signal s1sh_reg : signed(10 downto 0) := (others => '0');
    signal psi_reg : unsigned(W downto 0) := (others => '0');
    signal sdw_reg : std_logic_vector(5 downto 0) := (others => '0');
    signal vprod, vv : std_logic_vector(2 * W - 1 downto 0);
    signal svv_reg : signed(TW - 1 downto 0) := (others => '0');   -- +-visc 2^(WG-G)

    -- ---- the element stage --------------------------------------------------------
    signal e_issue : std_logic;
    signal ev_reg : std_logic_vector(K_EW downto 1) := (others => '0');   -- an element at stage k
    type ei_t is array (1 to K_EW) of unsigned(EB - 1 downto 0);
    signal ei_q : ei_t := (others => (others => '0'));                   -- its index
    signal ef_reg : std_logic_vector(SW - 1 downto 0) := (others => '0');
    signal es_reg, es0_reg : std_logic_vector(1 downto 0) := (others => '0');
    signal ekm_reg : std_logic_vector(W - 1 downto 0) := (others => '0');
    signal eks_reg : std_logic_vector(SH_W - 1 downto 0) := (others => '0');
    signal eam_reg : std_logic_vector(AM_W - 1 downto 0) := (others => '0');
    signal e_ra : unsigned(EA_W - 1 downto 0);
    signal dcode : std_logic_vector(1 downto 0);
    signal lvp, lvp_l : std_logic_vector(GW + AM_W - 1 downto 0);
    signal akm, akm_l : std_logic_vector(2 * W - 1 downto 0);
    signal ef_lim : std_logic_vector(SW - 1 downto 0);
    signal es_lim : std_logic_vector(1 downto 0);
    signal eks_l : std_logic_vector(SH_W - 1 downto 0);
    signal lv_pos : signed(SW downto 0);
    signal lim_reg, lim_s_reg : signed(SW downto 0) := (others => '0');
    signal ef_l_reg, ef_s_reg : signed(SW - 1 downto 0) := (others => '0');
    signal es_l_reg : std_logic_vector(1 downto 0) := (others => '0');
    signal dinc : std_logic_vector(DW - 1 downto 0);
    signal akm_x : std_logic_vector(DW - 1 downto 0);
    signal diff, ndiff : signed(SW + 1 downto 0);
    signal at_lim : std_logic;
    signal sl_reg, dfs_reg : std_logic := '0';
    signal adf_reg : std_logic_vector(MV_W - 1 downto 0) := (others => '0');
    signal adf_x : std_logic_vector(3 * W - 1 downto 0);
    signal mp0, mp1, mp2 : std_logic_vector(2 * W - 1 downto 0);
    signal mctl, mctl1_reg : std_logic_vector(MV_W downto 0) := (others => '0');
    signal ms01_reg : unsigned(3 * W downto 0) := (others => '0');
    signal mp2_reg : std_logic_vector(MV_W - W - 1 downto 0) := (others => '0');
    signal mmag_reg : unsigned(PM_W - 1 downto 0) := (others => '0');
    signal msgn_reg : std_logic := '0';
    signal msg_reg : signed(PM_W downto 0) := (others => '0');
    signal mv, mv_f : std_logic_vector(MV_W downto 0);
    signal ef_f : std_logic_vector(SW - 1 downto 0);
    signal lim_f : std_logic_vector(SW downto 0);
    signal sl_f : std_logic_vector(0 downto 0);
    signal d_f : std_logic_vector(DW - 1 downto 0);
    signal fmv_reg : signed(MV_W downto 0) := (others => '0');
    signal f1_reg : signed(F1_W - 1 downto 0) := (others => '0');
    signal lim_1_reg : signed(SW downto 0) := (others => '0');
    signal ef_1_reg : signed(SW - 1 downto 0) := (others => '0');
    signal sl_1_reg : std_logic := '0';
    signal short : std_logic;
    signal fn_reg : signed(SW + 1 downto 0) := (others => '0');
    signal sn_reg : std_logic_vector(1 downto 0) := (others => '0');
    signal fn_ok : std_logic;
    signal fn_c : signed(SW - 1 downto 0);
    signal wsat_reg : std_logic := '0';
    signal sum_reg : signed(SUM_W - 1 downto 0) := (others => '0');
    signal st_we : std_logic;
    signal st_wa : unsigned(EA_W - 1 downto 0);
    signal st_wd : std_logic_vector(SW + 1 downto 0);

    -- ---- the output ------------------------------------------------------------------
    signal tot_reg : signed(TW - 1 downto 0) := (others => '0');
    signal fr : std_logic_vector(TW - 1 downto 0);
    signal f_ok : std_logic;
    signal f_sat : std_logic_vector(W - 1 downto 0);
    signal beat : std_logic_vector(BEAT_W - 1 downto 0);
    signal flags_reg, flags_set : std_logic_vector(4 downto 0) := (others => '0');
begin
    assert W = 16 or W = 18 report "fric_gms: W = " & integer'image(W) & ", must be 16 or 18" severity failure;
    assert LV_W = SW and LSH >= 0 and NSCAL = 18 and NWORDS = NSCAL + 3 * NE
        report "fric_gms: the formats do not give the widths this datapath assumes" severity failure;

    ce <= '1';   -- the arithmetic runs every cycle (the sequencer times it)
    in_take <= in_rdy_reg and s_axis_tvalid;
    s_axis_tready <= in_rdy_reg;
    pop <= out_v_reg and m_axis_tready;
    out_free <= not out_v_reg or m_axis_tready;

    -- ---- cfg: a word is registered, checked and written into the staging set ----
    cfg_take <= cfg_valid and cfg_ready_reg;
    -- the word's width checks (the rule of fric_fx_word_fits()), registered
    -- with the one-hot field class of its address
    u_fits : entity work.fric_word_fits
        generic map (N => 8, WIDTHS => CLS_WIDTHS, SIGNS => "10100000")
        port map (clk => clk, en => cfg_take, d => cfg_data, fits => req_ok(7 downto 0));
    u_fits_am : entity work.fric_word_fits
        generic map (N => 1, WIDTHS => u8(AM_W), SIGNS => "0")
        port map (clk => clk, en => cfg_take, d => cfg_data, fits => req_ok(8 downto 8));
    req_fits <= b2l((req_ok and req_cls_reg) /= (req_ok'range => '0'));
    req_eif <= el_index(req_addr_reg);
    cfg_bad <= bad_reg and not flags_clear(4);
    cm_pend_next <= (cfg_take and cfg_commit) or (cm_pend and not b2l(st_reg = S_CM and ecnt_reg = E_LAST));
    cfg_ready <= cfg_ready_reg;
    process (clk)
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
            -- of CFG or a rst in those cycles cancels it
            bad_reg     <= req_v_reg and not req_fits and not flags_clear(4) and not rst;
            wr_addr_reg <= req_addr_reg;
            wr_data_reg <= req_data_reg;
            wr_el_reg   <= b2l(unsigned(req_addr_reg) >= NSCAL);
            wr_ei_reg   <= unsigned(req_eif(EB + 1 downto 2));
            wr_ef_reg   <= req_eif(1 downto 0);
            -- the staging words, each its own register (static indices, as in fric_lugre)
            for k in 0 to NSCAL - 1 loop
                if wr_v_reg = '1' and wr_el_reg = '0' and idx(wr_addr_reg) = k then
                    stg(k) <= wr_data_reg;
                end if;
            end loop;
            for k in 0 to NE - 1 loop
                if wr_v_reg = '1' and wr_el_reg = '1' and to_integer(wr_ei_reg) = k then
                    if wr_ef_reg = "00" then stg_km(k) <= wr_data_reg(W - 1 downto 0);
                    elsif wr_ef_reg = "01" then stg_ks(k) <= wr_data_reg(SH_W - 1 downto 0);
                    else stg_am(k) <= wr_data_reg(AM_W - 1 downto 0);
                    end if;
                end if;
            end loop;
        end if;
    end process;
    -- the commit's copy (S_CM): the scalar fields in its first cycle, the
    -- element fields one element per cycle
    process (clk)
        variable ca, ea : integer;
    begin
        if rising_edge(clk) then
            ca := idx(cm_axis_reg);
            ea := ca * NE + to_integer(ecnt_reg);
            if st_reg = S_CM then
                m_ekm(ea) <= stg_km(to_integer(ecnt_reg));
                m_eks(ea) <= stg_ks(to_integer(ecnt_reg));
                m_eam(ea) <= stg_am(to_integer(ecnt_reg));
            end if;
            if st_reg = S_CM and ecnt_reg = 0 then
                m_dsel(ca) <= stg(FRIC_WORD_DSEL)(0);
                m_n(ca)    <= stg(FRIC_WORD_GMS_N)(N_W - 1 downto 0);
                m_kcm(ca)  <= stg(FRIC_WORD_GMS_KCM)(W - 1 downto 0);
                m_kcx(ca)  <= stg(FRIC_WORD_GMS_KCX)(KX_W - 1 downto 0);
                m_km(ca) <= stg(FRIC_WORD_KM_N)(W - 1 downto 0) & stg(FRIC_WORD_KM)(W - 1 downto 0);
                m_ks(ca) <= stg(FRIC_WORD_KS_N)(SH_W - 1 downto 0) & stg(FRIC_WORD_KS)(SH_W - 1 downto 0);
                m_fc(ca) <= stg(FRIC_WORD_FC_N)(FC_W - 1 downto 0) & stg(FRIC_WORD_FC_P)(FC_W - 1 downto 0);
                m_dm(ca) <= stg(FRIC_WORD_DM_N)(W - 1 downto 0) & stg(FRIC_WORD_DM_P)(W - 1 downto 0);
                m_ds(ca) <= stg(FRIC_WORD_DS_N)(DS_W - 1 downto 0) & stg(FRIC_WORD_DS_P)(DS_W - 1 downto 0);
                m_bm(ca) <= stg(FRIC_WORD_BM_N)(W - 1 downto 0) & stg(FRIC_WORD_BM_P)(W - 1 downto 0);
                m_bs(ca) <= stg(FRIC_WORD_BS_N)(BS_W - 1 downto 0) & stg(FRIC_WORD_BS_P)(BS_W - 1 downto 0);
            end if;
        end if;
    end process;

    -- ---- the hold registers (S_LD) ---------------------------------------------
    process (clk)
        -- the field of the sample's direction from its axis's word
        function dir_field(wd : std_logic_vector; neg : std_logic) return std_logic_vector is
            constant n : integer := wd'length / 2;
            variable v : std_logic_vector(wd'length - 1 downto 0);
        begin
            v := wd;
            if neg = '1' then return v(2 * n - 1 downto n); else return v(n - 1 downto 0); end if;
        end function;
        variable ax : integer;
        variable ng : std_logic;
    begin
        if rising_edge(clk) then
            if st_reg = S_LD then
                ax := idx(in_ax_reg);
                ng := in_d_reg(W - 1);
                if ng = '1' then a_reg <= std_logic_vector(unsigned(not in_d_reg) + 1);
                else a_reg <= in_d_reg; end if;
                neg_reg  <= ng;
                zero_reg <= b2l(unsigned(in_d_reg) = 0);
                h_dsel   <= m_dsel(ax);
                if unsigned(m_n(ax)) > NE then h_n <= to_unsigned(NE, EB + 1);
                else h_n <= unsigned(m_n(ax)(EB downto 0)); end if;
                h_kcm <= m_kcm(ax);
                h_kcx <= m_kcx(ax);
                h_km  <= dir_field(m_km(ax), ng);
                h_ks  <= dir_field(m_ks(ax), ng);
                h_fc  <= dir_field(m_fc(ax), ng);
                h_dm  <= dir_field(m_dm(ax), ng);
                h_ds  <= dir_field(m_ds(ax), ng);
                h_bm  <= dir_field(m_bm(ax), ng);
                h_bs  <= dir_field(m_bs(ax), ng);
            end if;
        end if;
    end process;

    -- ---- the exponent argument of g (delta 1 or 2) ----------------------------
    u_sq : entity work.fric_mul
        generic map (A_W => W, B_W => W, LATENCY => LMF_W, OPT_FABRIC => OPT_FABRIC, OPT_ECP5_DSP => OPT_ECP5_DSP)
        port map (clk => clk, ce => ce, a => a_reg, b => a_reg, p => q);
    u_nq : entity work.fric_norm
        generic map (X_W => 2 * W, W => W, RS => RS)
        port map (clk => clk, ce => ce, x => q, m => qn_m, e => qn_e, big => qn_big);
    process (clk)
    begin
        if rising_edge(clk) then
            q_lo_reg <= q(W - 1 downto 0);
            -- |v|^2 as is when it fits W bits (pe = 0), else normalized
            if qn_big = '1' then
                p2_reg  <= qn_m;
                pe2_reg <= qn_e(4 downto 0);
            else
                p2_reg  <= q_lo_reg;
                pe2_reg <= "00000";
            end if;
        end if;
    end process;
    yg_p  <= p2_reg when h_dsel = '1' else a_reg;
    yg_pe <= pe2_reg when h_dsel = '1' else "00000";
    u_yg : entity work.fric_scale_y
        generic map (W => W, LM => LM, RS => RS, OPT_ECP5_DSP => OPT_ECP5_DSP)
        port map (clk => clk, ce => ce, p => yg_p, pe => yg_pe, k => h_km, s => h_ks, y => y_g);
    u_exp_g : entity work.fric_exp2
        generic map (W => W, OPT_FABRIC => OPT_FABRIC, OPT_ECP5_DSP => OPT_ECP5_DSP, RS => RS, LATENCY => LE)
        port map (clk => clk, ce => ce, y => y_g, e => e_g);

    -- ---- g = FC + rsr(DM E, EF + DS - G), limited to [1, 2^(W-1+G) - 1] ----
    dm_neg <= h_dm(W - 1);
    dm_abs <= std_logic_vector(unsigned(not h_dm) + 1) when h_dm(W - 1) = '1' else h_dm;
    u_dip : entity work.fric_mul
        generic map (A_W => W, B_W => W, LATENCY => LMF_W, OPT_FABRIC => OPT_FABRIC, OPT_ECP5_DSP => OPT_ECP5_DSP)
        port map (clk => clk, ce => ce, a => dm_abs, b => e_g(W - 1 downto 0), p => dprod);
    process (clk)
    begin
        if rising_edge(clk) then
            e_one_reg <= e_g(W);
            -- E = 1 (2^EF) selects |DM| 2^EF (the inputs are held: E is settled)
            if e_one_reg = '1' then dmag_reg <= dm_abs & (W - 1 downto 0 => '0');
            else dmag_reg <= dprod; end if;
            if dm_neg = '1' then dsig_reg <= -signed('0' & dmag_reg);
            else dsig_reg <= signed('0' & dmag_reg); end if;
        end if;
    end process;
    dsh <= std_logic_vector(resize(unsigned(h_ds), 6) + to_unsigned(EF - G, 6));
    u_rsr_dip : entity work.fric_rsr
        generic map (X_W => 2 * W + 1, S_W => 6, Y_W => DIP_W, STAGES => RS)
        port map (clk => clk, ce => ce, x => std_logic_vector(dsig_reg), s => dsh, y => dip);
    g_low  <= graw_reg(GR_W - 1) or b2l(graw_reg = 0);
    g_high <= not graw_reg(GR_W - 1) and b2l(graw_reg(GR_W - 2 downto GW) /= 0);
    process (clk)
    begin
        if rising_edge(clk) then
            graw_reg <= signed(resize(unsigned(h_fc), GR_W)) + resize(signed(dip), GR_W);
            if g_low = '1' then g_reg <= std_logic_vector(to_unsigned(1, GW));
            elsif g_high = '1' then g_reg <= (others => '1');
            else g_reg <= std_logic_vector(graw_reg(GW - 1 downto 0)); end if;
            gsat_reg <= (g_low or g_high) and not zero_reg;
        end if;
    end process;

    -- ---- y = KCM 2^-KCX / g: KCM and g normalized, 1/g from the table -------
    u_nt : entity work.fric_norm
        generic map (X_W => W, W => W, RS => RS)
        port map (clk => clk, ce => ce, x => h_kcm, m => tn, e => te, big => t_big_unused);
    u_ng : entity work.fric_norm
        generic map (X_W => GW, W => W, RS => RS)
        port map (clk => clk, ce => ce, x => g_reg, m => gn, e => ge, big => g_big_unused);
    u_rec : entity work.fric_interp
        generic map (T_W => W, TB => TB, FR_W => RF, TABLE => "recip", RS => RS, LM => LM, OPT_ECP5_DSP => OPT_ECP5_DSP)
        port map (clk => clk, ce => ce, idx => gn(W - 2 downto W - 1 - TB), fr => gn(RF - 1 downto 0), m => r);
    -- the net shift sh = 2W - 1 - YF + KCX + ge - te (y = prod 2^-(sh + YF) 2^YF)
    process (clk)
    begin
        if rising_edge(clk) then
            sh_reg <= std_logic_vector(to_signed(2 * W - 1 - YF, 10) + resize(signed(h_kcx), 10) +
                                       resize(signed(ge), 10) - resize(signed(te), 10));
        end if;
    end process;
    u_pr : entity work.fric_mul
        generic map (A_W => W, B_W => W, LATENCY => LMF_W, OPT_FABRIC => OPT_FABRIC, OPT_ECP5_DSP => OPT_ECP5_DSP)
        port map (clk => clk, ce => ce, a => tn, b => r, p => prod);
    -- the rounding shift's amount (a negative sh, or one past 63, decided
    -- apart); prod = 0 only when KCM = 0
    process (clk)
    begin
        if rising_edge(clk) then
            prod_reg <= prod;
            sneg_reg <= sh_reg(9);
            s2_reg   <= lim63(signed(sh_reg));
            pz_reg   <= b2l(unsigned(prod) = 0);
        end if;
    end process;
    u_rsr_y2 : entity work.fric_rsr
        generic map (X_W => 2 * W + 1, S_W => 6, Y_W => YW + 1, STAGES => RS, OPT_SAT => 1)
        port map (clk => clk, ce => ce, x => '0' & prod_reg, s => s2_reg, y => y2r);
    -- the path: 0 no motion (KCM = 0), 1 small y (h table), 2 exp2, 3 y >=
    -- 2^YI (F_i = L_i; a negative shift of a nonzero prod lands here)
    process (clk)
    begin
        if rising_edge(clk) then
            y2_reg <= y2r(YW - 1 downto 0);
            if pz_reg = '1' then path_reg <= P_ZERO;
            elsif sneg_reg = '1' or y2r(YW) = '1' then path_reg <= "11";
            elsif unsigned(y2r(YW - 1 downto YF - 1)) /= 0 then path_reg <= P_EXP;
            else path_reg <= P_SMALL; end if;
        end if;
    end process;
    -- path 2: psi = 1 - 2^-y
    u_exp_2 : entity work.fric_exp2
        generic map (W => W, OPT_FABRIC => OPT_FABRIC, OPT_ECP5_DSP => OPT_ECP5_DSP, RS => RS, LATENCY => LE)
        port map (clk => clk, ce => ce, y => y2_reg, e => e2);
    -- path 1: psi = rsr(pm h(y), HP) with prod = pm 2^pn, and the shift sh + YF - pn
    u_np : entity work.fric_norm
        generic map (X_W => 2 * W, W => W, RS => RS)
        port map (clk => clk, ce => ce, x => prod, m => pm, e => pn, big => p_big_unused);
    u_h : entity work.fric_interp
        generic map (T_W => W, TB => TB, FR_W => HF, TABLE => "h", RS => RS, LM => LM, OPT_ECP5_DSP => OPT_ECP5_DSP)
        port map (clk => clk, ce => ce, idx => y2_reg(YF - 2 downto YF - 1 - TB), fr => y2_reg(HF - 1 downto 0), m => hv);
    u_pmh : entity work.fric_mul
        generic map (A_W => W, B_W => W, LATENCY => LMF_W, OPT_FABRIC => OPT_FABRIC, OPT_ECP5_DSP => OPT_ECP5_DSP)
        port map (clk => clk, ce => ce, a => pm, b => hv, p => pmh);
    u_rsr_psi1 : entity work.fric_rsr
        generic map (X_W => 2 * W + 1, S_W => 6, Y_W => W + 1, STAGES => RS)
        port map (clk => clk, ce => ce, x => '0' & pmh, s => std_logic_vector(to_unsigned(HP, 6)), y => psi1);
    -- psi (U,1,W) <= 2^W and the shift of the move
    process (clk)
        constant ONE_W : unsigned(W downto 0) := '1' & (W - 1 downto 0 => '0');
    begin
        if rising_edge(clk) then
            s1sh_reg <= resize(signed(sh_reg), 11) + to_signed(YF, 11) - resize(signed(pn), 11);
            -- an if chain, not a case (GHDL 2.0's synthesis, as in fric_lugre)
            if path_reg = P_ZERO then psi_reg <= (others => '0');
            elsif path_reg = P_SMALL then psi_reg <= unsigned(psi1);
            elsif path_reg = P_EXP then psi_reg <= ONE_W - unsigned(e2);
            else psi_reg <= ONE_W;
            end if;
            if path_reg = P_SMALL then sdw_reg <= lim63(s1sh_reg);
            else sdw_reg <= std_logic_vector(to_unsigned(W, 6)); end if;
        end if;
    end process;

    -- ---- the viscous term sign(v) rsr(|v| BM, BS) 2^(WG-G) -------------------
    u_vis : entity work.fric_mul
        generic map (A_W => W, B_W => W, LATENCY => LMF_W, OPT_FABRIC => OPT_FABRIC, OPT_ECP5_DSP => OPT_ECP5_DSP)
        port map (clk => clk, ce => ce, a => a_reg, b => h_bm, p => vprod);
    u_rsr_v : entity work.fric_rsr
        generic map (X_W => 2 * W + 1, S_W => BS_W, Y_W => 2 * W, STAGES => RS)
        port map (clk => clk, ce => ce, x => '0' & vprod, s => h_bs, y => vv);
    process (clk)
        variable vx : signed(TW - 1 downto 0);
    begin
        if rising_edge(clk) then
            vx := shift_left(signed(resize(unsigned(vv), TW)), WG - G);
            if neg_reg = '1' then svv_reg <= -vx; else svv_reg <= vx; end if;
        end if;
    end process;

    -- ---- the element stage --------------------------------------------------------
    -- issue: the element ecnt_reg of the sample's axis, in S_EL
    e_issue <= b2l(st_reg = S_EL);
    process (clk)
    begin
        if rising_edge(clk) then
            ev_reg <= ev_reg(K_EW - 1 downto 1) & e_issue;
            ei_q(1) <= ecnt_reg;
            for ek in 2 to K_EW loop
                ei_q(ek) <= ei_q(ek - 1);
            end loop;
            if rst = '1' then
                ev_reg <= (others => '0');
            end if;
        end if;
    end process;
    -- E_RD: the element's state and fields (zeroing and the pipeline's
    -- writes never meet a read of the same element: one sample at a time)
    e_ra <= unsigned(in_ax_reg) & ecnt_reg;
    process (clk)
        variable sv : std_logic_vector(SW + 1 downto 0);
    begin
        if rising_edge(clk) then
            sv := stm(to_integer(e_ra));
            es_reg  <= sv(SW + 1 downto SW);
            ef_reg  <= sv(SW - 1 downto 0);
            ekm_reg <= m_ekm(to_integer(e_ra));
            eks_reg <= m_eks(to_integer(e_ra));
            eam_reg <= m_eam(to_integer(e_ra));
        end if;
    end process;
    -- the direction of motion as a slip code: 01 up, 11 down, 00 (v = 0)
    dcode <= "00" when zero_reg = '1' else "11" when neg_reg = '1' else "01";
    -- the level g AM_i and the stick product |v| KM_i
    u_lv : entity work.fric_mul
        generic map (A_W => GW, B_W => AM_W, LATENCY => LMF_G, OPT_FABRIC => OPT_FABRIC, OPT_ECP5_DSP => 0)
        port map (clk => clk, ce => ce, a => g_reg, b => eam_reg, p => lvp);
    u_akm : entity work.fric_mul
        generic map (A_W => W, B_W => W, LATENCY => LM, OPT_FABRIC => 0, OPT_ECP5_DSP => OPT_ECP5_DSP)
        port map (clk => clk, ce => ce, a => a_reg, b => ekm_reg, p => akm);
    -- a reversed slipping element sticks (E_RD + 1)
    process (clk)
    begin
        if rising_edge(clk) then
            if es_reg = dcode then es0_reg <= es_reg; else es0_reg <= "00"; end if;
        end if;
    end process;
    u_ef_lim : entity work.fric_delay
        generic map (WIDTH => SW, DEPTH => E_LIM - E_RD - 1)
        port map (clk => clk, ce => ce, d => ef_reg, q => ef_lim);
    u_es_lim : entity work.fric_delay
        generic map (WIDTH => 2, DEPTH => E_LIM - E_RD - 2)
        port map (clk => clk, ce => ce, d => es0_reg, q => es_lim);
    u_lvp : entity work.fric_delay
        generic map (WIDTH => GW + AM_W, DEPTH => E_LIM - 1 - E_LV)
        port map (clk => clk, ce => ce, d => lvp, q => lvp_l);
    u_akm_l : entity work.fric_delay
        generic map (WIDTH => 2 * W, DEPTH => E_LIM - 1 - E_AK)
        port map (clk => clk, ce => ce, d => akm, q => akm_l);
    u_eks : entity work.fric_delay
        generic map (WIDTH => SH_W, DEPTH => E_LIM - 1 - E_RD)
        port map (clk => clk, ce => ce, d => eks_reg, q => eks_l);
    -- E_LIM: L_i = sign(v) g AM_i 2^LSH, (S,SW+1); the stick increment
    -- d = rsr(|v| KM_i 2^WG, KS_i) starts (exact for KS_i <= WG, rounded above)
    lv_pos <= shift_left(signed(resize(unsigned(lvp_l), SW + 1)), LSH);
    process (clk)
    begin
        if rising_edge(clk) then
            if neg_reg = '1' then lim_reg <= -lv_pos; else lim_reg <= lv_pos; end if;
            ef_l_reg <= signed(ef_lim);
            es_l_reg <= es_lim;
        end if;
    end process;
    akm_x <= std_logic_vector(shift_left(resize(unsigned(akm_l), DW), WG));
    u_rsr_d : entity work.fric_rsr
        generic map (X_W => DW, S_W => SH_W, Y_W => DW, STAGES => RS)
        port map (clk => clk, ce => ce, x => akm_x, s => eks_l, y => dinc);
    -- E_SL: slipping (a slipping element, or a sticking one at or beyond its
    -- level), and |L_i - F_i| with its sign
    diff  <= resize(lim_reg, SW + 2) - resize(ef_l_reg, SW + 2);
    ndiff <= resize(ef_l_reg, SW + 2) - resize(lim_reg, SW + 2);
    at_lim <= b2l(resize(ef_l_reg, SW + 1) <= lim_reg) when neg_reg = '1' else
              b2l(resize(ef_l_reg, SW + 1) >= lim_reg);
    process (clk)
    begin
        if rising_edge(clk) then
            sl_reg  <= b2l(es_l_reg /= "00") or at_lim;
            dfs_reg <= diff(SW + 1);
            if diff(SW + 1) = '1' then adf_reg <= std_logic_vector(ndiff(MV_W - 1 downto 0));
            else adf_reg <= std_logic_vector(diff(MV_W - 1 downto 0)); end if;
            lim_s_reg <= lim_reg;
            ef_s_reg  <= ef_l_reg;
        end if;
    end process;
    -- |L_i - F_i| psi: three W-bit partial products (psi = 1 by a mux)
    adf_x <= std_logic_vector(resize(unsigned(adf_reg), 3 * W));
    u_m0 : entity work.fric_mul
        generic map (A_W => W, B_W => W, LATENCY => LM, OPT_FABRIC => 0, OPT_ECP5_DSP => OPT_ECP5_DSP)
        port map (clk => clk, ce => ce, a => adf_x(W - 1 downto 0), b => std_logic_vector(psi_reg(W - 1 downto 0)), p => mp0);
    u_m1 : entity work.fric_mul
        generic map (A_W => W, B_W => W, LATENCY => LM, OPT_FABRIC => 0, OPT_ECP5_DSP => OPT_ECP5_DSP)
        port map (clk => clk, ce => ce, a => adf_x(2 * W - 1 downto W), b => std_logic_vector(psi_reg(W - 1 downto 0)), p => mp1);
    u_m2 : entity work.fric_mul
        generic map (A_W => W, B_W => W, LATENCY => LM, OPT_FABRIC => 0, OPT_ECP5_DSP => OPT_ECP5_DSP)
        port map (clk => clk, ce => ce, a => adf_x(3 * W - 1 downto 2 * W), b => std_logic_vector(psi_reg(W - 1 downto 0)), p => mp2);
    u_mctl : entity work.fric_delay
        generic map (WIDTH => MV_W + 1, DEPTH => LM)
        port map (clk => clk, ce => ce, d => dfs_reg & adf_reg, q => mctl);
    process (clk)
    begin
        if rising_edge(clk) then
            ms01_reg  <= resize(unsigned(mp0), 3 * W + 1) + shift_left(resize(unsigned(mp1), 3 * W + 1), W);
            mp2_reg   <= mp2(MV_W - W - 1 downto 0);
            mctl1_reg <= mctl;
            -- E_MV
            if psi_reg(W) = '1' then
                mmag_reg <= shift_left(resize(unsigned(mctl1_reg(MV_W - 1 downto 0)), PM_W), W);
            else
                mmag_reg <= resize(ms01_reg, PM_W) + shift_left(resize(unsigned(mp2_reg), PM_W), 2 * W);
            end if;
            msgn_reg <= mctl1_reg(MV_W);
            -- E_MS
            if msgn_reg = '1' then msg_reg <= -signed('0' & mmag_reg);
            else msg_reg <= signed('0' & mmag_reg); end if;
        end if;
    end process;
    u_rsr_mv : entity work.fric_rsr                       -- E_MR, |move| <= |diff|
        generic map (X_W => PM_W + 1, S_W => 6, Y_W => MV_W + 1, STAGES => RS)
        port map (clk => clk, ce => ce, x => std_logic_vector(msg_reg), s => sdw_reg, y => mv);
    -- the element's values, brought to E_F1 - 1
    u_ef_f : entity work.fric_delay
        generic map (WIDTH => SW, DEPTH => E_F1 - 1 - E_SL)
        port map (clk => clk, ce => ce, d => std_logic_vector(ef_s_reg), q => ef_f);
    u_lim_f : entity work.fric_delay
        generic map (WIDTH => SW + 1, DEPTH => E_F1 - 1 - E_SL)
        port map (clk => clk, ce => ce, d => std_logic_vector(lim_s_reg), q => lim_f);
    u_sl_f : entity work.fric_delay
        generic map (WIDTH => 1, DEPTH => E_F1 - 1 - E_SL)
        port map (clk => clk, ce => ce, d(0) => sl_reg, q => sl_f);
    u_mv_f : entity work.fric_delay
        generic map (WIDTH => MV_W + 1, DEPTH => E_F1 - 1 - E_MR)
        port map (clk => clk, ce => ce, d => mv, q => mv_f);
    u_d_f : entity work.fric_delay
        generic map (WIDTH => DW, DEPTH => E_F1 - 1 - E_D)
        port map (clk => clk, ce => ce, d => dinc, q => d_f);
    -- E_F1: F + move (slipping), F +- d (sticking)
    process (clk)
    begin
        if rising_edge(clk) then
            fmv_reg <= resize(signed(ef_f), MV_W + 1) + signed(mv_f);
            if neg_reg = '1' then f1_reg <= resize(signed(ef_f), F1_W) - resize(signed(d_f), F1_W);
            else f1_reg <= resize(signed(ef_f), F1_W) + resize(signed(d_f), F1_W); end if;
            lim_1_reg <= signed(lim_f);
            ef_1_reg  <= signed(ef_f);
            sl_1_reg  <= sl_f(0);
        end if;
    end process;
    -- E_FN: the new force and slip state. v = 0: sticking, held. Slipping:
    -- F + move. Sticking: F +- d short of the level, else the level, slipping.
    short <= b2l(f1_reg > resize(lim_1_reg, F1_W)) when neg_reg = '1' else
             b2l(f1_reg < resize(lim_1_reg, F1_W));
    process (clk)
    begin
        if rising_edge(clk) then
            if zero_reg = '1' then
                fn_reg <= resize(ef_1_reg, SW + 2);
                sn_reg <= "00";
            elsif sl_1_reg = '1' then
                fn_reg <= fmv_reg;
                sn_reg <= dcode;
            elsif short = '1' then
                fn_reg <= f1_reg(SW + 1 downto 0);   -- between F and L_i: within SW + 1 bits
                sn_reg <= "00";
            else
                fn_reg <= resize(lim_1_reg, SW + 2);
                sn_reg <= dcode;
            end if;
        end if;
    end process;
    -- K_EW: limited to +-(2^(W-1+WG) - 1) (W_SAT; cannot happen with AM <= 2^W)
    fn_ok <= b2l(fn_reg(SW + 1 downto SW - 1) = "000" or
                 (fn_reg(SW + 1 downto SW - 1) = "111" and fn_reg(SW - 2 downto 0) /= 0));
    process (all)
        constant EMAX : signed(SW - 1 downto 0) := '0' & (SW - 2 downto 0 => '1');
    begin
        if fn_ok = '1' then fn_c <= fn_reg(SW - 1 downto 0);
        elsif fn_reg(SW + 1) = '1' then fn_c <= -EMAX;
        else fn_c <= EMAX; end if;
    end process;
    -- the state memory: one write port, the element's write or the zeroing's
    st_we <= ev_reg(K_EW - 1) or b2l(st_reg = S_ZR);
    st_wa <= unsigned(in_ax_reg) & ei_q(K_EW - 1) when ev_reg(K_EW - 1) = '1' else zcnt_reg;
    st_wd <= sn_reg & std_logic_vector(fn_c) when ev_reg(K_EW - 1) = '1' else (others => '0');
    process (clk)
    begin
        if rising_edge(clk) then
            if st_we = '1' then
                stm(to_integer(st_wa)) <= st_wd;
            end if;
            if st_reg = S_LD then
                sum_reg  <= (others => '0');
                wsat_reg <= '0';
            elsif ev_reg(K_EW - 1) = '1' then
                sum_reg  <= sum_reg + resize(fn_c, SUM_W);
                wsat_reg <= wsat_reg or not fn_ok;
            end if;
        end if;
    end process;

    -- ---- F = sat(rsr(sum + visc, WG)) -----------------------------------------
    process (clk)
    begin
        if rising_edge(clk) then
            tot_reg <= resize(sum_reg, TW) + svv_reg;
        end if;
    end process;
    u_rsr_f : entity work.fric_rsr
        generic map (X_W => TW, S_W => 5, Y_W => TW, STAGES => RS)
        port map (clk => clk, ce => ce, x => std_logic_vector(tot_reg), s => std_logic_vector(to_unsigned(WG, 5)), y => fr);
    f_ok <= b2l(unsigned(fr(TW - 1 downto W - 1)) = 0 or
                (fr(TW - 1 downto W - 1) = (TW - 1 downto W - 1 => '1') and unsigned(fr(W - 2 downto 0)) /= 0));
    process (all)
        constant FMAX : signed(W - 1 downto 0) := '0' & (W - 2 downto 0 => '1');
    begin
        if f_ok = '1' then f_sat <= fr(W - 1 downto 0);
        elsif fr(TW - 1) = '1' then f_sat <= std_logic_vector(-FMAX);
        else f_sat <= std_logic_vector(FMAX); end if;
    end process;
    beat <= wsat_reg & '0' & gsat_reg & not f_ok & in_ax_reg & f_sat;

    -- ---- the sequencer ----------------------------------------------------------------
    -- S_IDLE: the zeroing first, then a commit, then a state reset, then a sample
    sr_take <= srst_valid and srst_ready_reg;
    sr_done <= b2l(st_reg = S_ZR and zcnt_reg = zend_reg) and not zero_rst_reg;
    sr_pend_next <= sr_take or (sr_pend and not sr_done);
    process (clk)
    begin
        if rising_edge(clk) then
            in_rdy_reg <= '0';
            case st_reg is
                when S_IDLE =>
                    if cm_pend = '1' then
                        st_reg   <= S_CM;
                        ecnt_reg <= (others => '0');
                    elsif sr_pend = '1' then
                        st_reg       <= S_ZR;
                        zero_rst_reg <= '0';
                        if sr_all_reg = '1' then
                            zcnt_reg <= (others => '0');
                            zend_reg <= (others => '1');
                        else
                            zcnt_reg <= unsigned(sr_axis_reg) & to_unsigned(0, EB);
                            zend_reg <= unsigned(sr_axis_reg) & to_unsigned(NE - 1, EB);
                        end if;
                    elsif in_take = '1' then
                        st_reg    <= S_LD;
                        in_d_reg  <= s_axis_tdata;
                        in_ax_reg <= s_axis_tuser;
                    else
                        in_rdy_reg <= not cm_pend_next and not sr_pend_next;
                    end if;
                when S_LD =>
                    st_reg  <= S_FE;
                    cnt_reg <= FE_CNT;
                when S_FE =>
                    cnt_reg <= cnt_reg - 1;
                    if cnt_reg = 1 then
                        ecnt_reg <= (others => '0');
                        if h_n = 0 then
                            st_reg  <= S_DR;
                            cnt_reg <= DR_CNT;
                        else
                            st_reg <= S_EL;
                        end if;
                    end if;
                when S_EL =>
                    ecnt_reg <= ecnt_reg + 1;
                    if ('0' & ecnt_reg) = h_n - 1 then
                        st_reg  <= S_DR;
                        cnt_reg <= DR_CNT;
                    end if;
                when S_DR =>
                    -- the last element written and summed, then the output stages
                    cnt_reg <= cnt_reg - 1;
                    if cnt_reg = 1 then
                        st_reg  <= S_OUT;
                        cnt_reg <= OUT_CNT;
                    end if;
                when S_OUT =>
                    if cnt_reg /= 0 then cnt_reg <= cnt_reg - 1; end if;
                    if cnt_reg = 0 and out_free = '1' then
                        st_reg     <= S_IDLE;
                        in_rdy_reg <= not cm_pend_next and not sr_pend_next;
                    end if;
                when S_CM =>
                    ecnt_reg <= ecnt_reg + 1;
                    if ecnt_reg = E_LAST then
                        st_reg     <= S_IDLE;
                        in_rdy_reg <= not sr_pend_next;
                    end if;
                when S_ZR =>
                    zcnt_reg <= zcnt_reg + 1;
                    if zcnt_reg = zend_reg then
                        st_reg     <= S_IDLE;
                        in_rdy_reg <= not cm_pend_next and not sr_pend_next;
                    end if;
            end case;
            if rst = '1' then
                st_reg       <= S_ZR;
                zero_rst_reg <= '1';
                zcnt_reg     <= (others => '0');
                zend_reg     <= (others => '1');
                in_rdy_reg   <= '0';
            end if;
        end if;
    end process;
    -- state resets: taken while none is pending, done when S_ZR of it ends
    process (clk)
    begin
        if rising_edge(clk) then
            if sr_take = '1' then
                sr_all_reg  <= srst_all;
                sr_axis_reg <= srst_axis;
            end if;
            sr_pend <= sr_pend_next;
            srst_ready_reg <= not sr_take and not sr_pend_next and not rst;
            if rst = '1' then
                sr_pend <= '0';
            end if;
        end if;
    end process;
    srst_ready <= srst_ready_reg;

    -- ---- the output register -----------------------------------------------------
    process (clk)
    begin
        if rising_edge(clk) then
            if pop = '1' then out_v_reg <= '0'; end if;
            if st_reg = S_OUT and cnt_reg = 0 and out_free = '1' then
                out_reg   <= beat;
                out_v_reg <= '1';
            end if;
            if rst = '1' then out_v_reg <= '0'; end if;
        end if;
    end process;
    m_axis_tvalid <= out_v_reg;
    m_axis_tdata  <= out_reg(W - 1 downto 0);
    m_axis_tuser  <= out_reg(BEAT_W - 1 downto W);

    -- ---- sticky flags ----------------------------------------------------------
    flags_set <= cfg_bad & out_reg(BEAT_W - 1 downto BEAT_W - 4) when pop = '1' else cfg_bad & "0000";
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
