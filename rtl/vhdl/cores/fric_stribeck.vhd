-- SPDX-License-Identifier: Apache-2.0
-- fric_stribeck: Stribeck / Coulomb + viscous friction for NUM_AXES axes,
-- one sample per clock; the VHDL-2008 twin of rtl/cores/fric_stribeck.v, with the
-- same generics, ports, formats, latency and behaviour cycle for cycle, and
-- bit-exact with fric_fx_stribeck() of the C model:
--
--   F = sign(v) * sat(rsr(FC + rsr(DM * E, EF + DS - G) + rsr(|v| * BM, BS), G))
--   E = 2^-y,  y = (|v| or |v|^2 normalized) * KM >> KS   (delta 1 or 2, per axis)
--
-- with the fields of the axis and of the direction of v (docs/fixed-point.md,
-- docs/fric_stribeck.md, which is the reference for both languages). F(0) = 0.
--
-- Streams (AXI4-Stream): s_axis: tdata = velocity code (S,W,0), tuser = axis
-- index. m_axis: tdata = force code (S,W,0), limited to +-(2^(W-1) - 1);
-- tuser = {MAG_NEG, F_SAT, axis index}. The pipeline advances on one
-- registered clock enable, held high while the 2-entry output buffer has
-- room; s_axis_tready is that register.
--
-- Latency: LATENCY cycles from the input handshake to m_axis_tvalid with no
-- backpressure: 42 for (W = 16, OPT_FAST = 0), 53 for (W = 18, OPT_FAST = 1)
-- (fric_core_pkg.fric_stribeck_latency).
--
-- Parameters per axis: words into a staging set through the cfg port (word
-- numbers and field widths of fric_pkg), applied to one axis by a commit,
-- which travels down the pipeline beside the samples and writes each field
-- just as the samples that follow it reach the stage that reads it: no
-- sample mixes sets. A word with bits outside its field is ignored and sets
-- the sticky CFG flag. Parameter memories start at zero (F = 0).
--
-- Sticky flags: flags = {CFG, MAG_NEG, F_SAT}, cleared by writing 1s to
-- flags_clear (a set wins) or by rst. rst (synchronous) drops the samples in
-- flight and clears the flags; it keeps the parameters and lets a commit in
-- flight finish.
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;
use work.fric_pkg.all;
use work.fric_core_pkg.all;

entity fric_stribeck is
    generic (
        W             : integer := 16;  -- datapath width: 16 (iCE40 SB_MAC16) or 18 (ECP5 MULT18X18D)
        NUM_AXES      : integer := 8;   -- axes; the parameter memories have 2^AXIS_W entries
        OPT_FABRIC    : integer := 1;   -- 1: square, viscous and interpolation products in fabric
        OPT_FAST      : integer := 0;   -- 1: three-stage rounding shifts (ECP5); 0: two
        OPT_ECP5_DSP  : integer := 0;   -- 1: DSP products as registered ECP5 MULT18X18D (synthesis only)
        OPT_SPRAM     : integer := 0;   -- 1: KM, DM, BM, FC[15:0] in four iCE40 SPRAMs (commit stalls 8 cycles)
        OPT_RAM_DELAY : integer := 0    -- 1: the |v| delay line to the viscous product in a block RAM
    );
    port (
        clk           : in  std_logic;
        rst           : in  std_logic;

        s_axis_tdata  : in  std_logic_vector(W - 1 downto 0);
        s_axis_tuser  : in  std_logic_vector(fric_axis_width(NUM_AXES) - 1 downto 0);
        s_axis_tvalid : in  std_logic;
        s_axis_tready : out std_logic;

        m_axis_tdata  : out std_logic_vector(W - 1 downto 0);
        m_axis_tuser  : out std_logic_vector(fric_axis_width(NUM_AXES) + 1 downto 0);
        m_axis_tvalid : out std_logic;
        m_axis_tready : in  std_logic;

        cfg_valid     : in  std_logic;
        cfg_ready     : out std_logic;
        cfg_commit    : in  std_logic;
        cfg_addr      : in  std_logic_vector(3 downto 0);
        cfg_axis      : in  std_logic_vector(fric_axis_width(NUM_AXES) - 1 downto 0);
        cfg_data      : in  std_logic_vector(31 downto 0);

        flags         : out std_logic_vector(2 downto 0);
        flags_clear   : in  std_logic_vector(2 downto 0)
    );
end entity fric_stribeck;

architecture rtl of fric_stribeck is

    constant AXIS_W : integer := fric_axis_width(NUM_AXES);
    constant NA     : integer := 2 ** AXIS_W;

    -- ---- formats ------------------------------------------------------------
    constant G      : integer := fric_G(W);
    constant EF     : integer := fric_EF(W);
    constant FB     : integer := fric_FB(W);
    constant YW     : integer := fric_YI(W) + fric_YF(W);
    constant FC_W   : integer := fric_bits_FC_P(W);
    constant DS_W   : integer := fric_bits_DS_P(W);
    constant BS_W   : integer := fric_bits_BS_P(W);
    constant KS_W   : integer := fric_bits_KS(W);
    -- the viscous limit 2^(W+G+1) - 1: never changes a result (fric_fx.c)
    constant VIS_W  : integer := W + G + 1;
    constant BASE_W : integer := VIS_W + 1;     -- FC + visc, unsigned
    constant DIP_W  : integer := W + 5;         -- |dip| <= 2^(W+3), signed
    constant MAG_W  : integer := BASE_W + 2;    -- signed

    -- ---- schedule: the stage (cycle after the input handshake) of each step --
    constant RS     : integer := pick(OPT_FAST /= 0, 3, 2);  -- stages of a rounding shift
    constant LS     : integer := (W + 1) / 2;                -- square a*a
    constant LV     : integer := (W + 1) / 2;                -- viscous a*BM
    constant LD     : integer := 2;                          -- scale p*KM and dip DM*E
    constant LE     : integer := (FB + 1) / 2 + 2 * RS + 2 + pick(RS = 3, 2, 0); -- exponential unit
    constant K_IN   : integer := 1;                 -- input register
    constant K_Q    : integer := K_IN + 1 + LS;     -- a^2
    constant K_NRM  : integer := K_Q + 1;           -- a^2 and its normalizing shift pe
    constant K_PM   : integer := K_NRM + RS;        -- rsr(a^2, pe)
    constant K_P    : integer := K_PM + 1;          -- p, pe; KM used
    constant K_PP   : integer := K_P + LD;          -- p*KM; KS used
    constant K_SH   : integer := K_PP + 1;          -- P and the shift KS - pe
    constant K_Y0   : integer := K_SH + RS;         -- rsr(P, KS - pe)
    constant K_Y    : integer := K_Y0 + 1;          -- y (U,YI,YF)
    constant K_E    : integer := K_Y + LE;          -- E (U,1,EF); DM used
    constant K_DP   : integer := K_E + LD;          -- |DM|*E
    constant LSG    : integer := pick(OPT_FAST /= 0, 2, 1); -- the sign of DM*E: 1 or 2 stages
    constant K_DS   : integer := K_DP + LSG;        -- signed DM*E; DS used
    constant K_DIP  : integer := K_DS + RS;         -- dip (S,W+4,G)
    constant K_VI   : integer := K_DIP - LV - RS - 1; -- viscous product; BM used
    constant K_BS   : integer := K_VI + LV;         -- BS used
    constant K_VL   : integer := K_BS + RS;         -- visc, limited
    constant K_FC   : integer := K_VL;              -- FC used; base = FC + visc
    constant K_MAG  : integer := K_DIP + 1;         -- magnitude (S,W+5,G)
    constant K_M    : integer := K_MAG + RS;        -- rsr(mag, G)
    constant K_SAT  : integer := K_M + 1;           -- saturated magnitude, flags
    constant K_OUT  : integer := K_SAT + 1;         -- output buffer
    constant LATENCY : integer := K_OUT;
    -- the last stage at which a commit writes (fields are read one stage early)
    constant K_LAST_WRITE : integer := K_FC - 1;

    -- ---- pipeline control ----------------------------------------------------
    constant CTL_W : integer := AXIS_W + 2;
    type ctl_t is array (2 to K_SAT) of std_logic_vector(CTL_W - 1 downto 0);
    signal ce_reg       : std_logic := '1';
    signal ce           : std_logic;
    signal ctl_reg      : ctl_t;
    signal ctl1         : std_logic_vector(CTL_W - 1 downto 0);
    signal v_reg        : std_logic_vector(W - 1 downto 0);
    signal axis_in_reg  : std_logic_vector(AXIS_W - 1 downto 0);
    signal valid_in_reg : std_logic := '0';
    signal v_zero       : std_logic;
    signal valid_reg    : std_logic_vector(K_SAT - 2 downto 0) := (others => '0');  -- bit k-2: stage k

    -- ---- |v| -------------------------------------------------------------------
    signal a1, a2_reg, sq_b_reg, a_vi : std_logic_vector(W - 1 downto 0);
    signal f_dsel1 : std_logic;

    -- ---- parameter staging, requests, commit tokens ---------------------------
    type fc2_t is array (0 to 1) of std_logic_vector(FC_W - 1 downto 0);
    type w2_t  is array (0 to 1) of std_logic_vector(W - 1 downto 0);
    type ds2_t is array (0 to 1) of std_logic_vector(DS_W - 1 downto 0);
    type bs2_t is array (0 to 1) of std_logic_vector(BS_W - 1 downto 0);
    type ks2_t is array (0 to 1) of std_logic_vector(KS_W - 1 downto 0);
    signal stg_km   : w2_t := (others => (others => '0'));
    signal stg_ks   : ks2_t := (others => (others => '0'));
    signal stg_dsel : std_logic := '0';
    signal stg_fc   : fc2_t := (others => (others => '0'));
    signal stg_dm   : w2_t := (others => (others => '0'));
    signal stg_ds   : ds2_t := (others => (others => '0'));
    signal stg_bm   : w2_t := (others => (others => '0'));
    signal stg_bs   : bs2_t := (others => (others => '0'));

    signal req_v_reg      : std_logic := '0';
    signal req_commit_reg : std_logic := '0';
    signal req_addr_reg   : std_logic_vector(3 downto 0) := (others => '0');
    signal req_axis_reg   : std_logic_vector(AXIS_W - 1 downto 0) := (others => '0');
    signal req_data_reg   : std_logic_vector(FC_W - 1 downto 0) := (others => '0');
    signal wr_v_reg, bad_reg : std_logic := '0';
    signal wr_addr_reg    : std_logic_vector(3 downto 0) := (others => '0');
    signal wr_data_reg    : std_logic_vector(FC_W - 1 downto 0) := (others => '0');
    -- commit tokens: bit k - 1 is a token at stage k, 1..K_LAST_WRITE
    signal tok_reg        : std_logic_vector(K_LAST_WRITE - 1 downto 0) := (others => '0');
    signal commit_axis_reg : std_logic_vector(AXIS_W - 1 downto 0) := (others => '0');
    signal cfg_ready_reg  : std_logic := '1';
    signal cfg_take, tok_enter, word_next, cfg_busy_next : std_logic;
    signal tok_next       : std_logic_vector(K_LAST_WRITE - 1 downto 0);

    -- field classes: 0 DS_W, 1 BS_W, 2 KS_W, 3 W, 4 FC_W, 5 W signed (DM), 6 one bit (DSEL)
    constant NCLS : integer := 7;
    constant CLS_WIDTHS : std_logic_vector(8 * NCLS - 1 downto 0) :=
        std_logic_vector(to_unsigned(1, 8)) & std_logic_vector(to_unsigned(W, 8)) &
        std_logic_vector(to_unsigned(FC_W, 8)) & std_logic_vector(to_unsigned(W, 8)) &
        std_logic_vector(to_unsigned(KS_W, 8)) & std_logic_vector(to_unsigned(BS_W, 8)) &
        std_logic_vector(to_unsigned(DS_W, 8));
    signal req_ok      : std_logic_vector(NCLS - 1 downto 0);
    signal req_cls_reg : std_logic_vector(NCLS - 1 downto 0) := (others => '0');
    signal cfg_fits, cfg_bad : std_logic;

    -- ---- the field memories (one per field and direction) ---------------------
    type mw_t  is array (0 to NA - 1) of std_logic_vector(W - 1 downto 0);
    type mks_t is array (0 to NA - 1) of std_logic_vector(KS_W - 1 downto 0);
    type mfc_t is array (0 to NA - 1) of std_logic_vector(FC_W - 1 downto 0);
    type mds_t is array (0 to NA - 1) of std_logic_vector(DS_W - 1 downto 0);
    type mbs_t is array (0 to NA - 1) of std_logic_vector(BS_W - 1 downto 0);
    signal mem_km_p, mem_km_n : mw_t := (others => (others => '0'));
    signal mem_ks_p, mem_ks_n : mks_t := (others => (others => '0'));
    signal mem_dsel : std_logic_vector(NA - 1 downto 0) := (others => '0');
    signal mem_fc_p, mem_fc_n : mfc_t := (others => (others => '0'));
    signal mem_dm_p, mem_dm_n : mw_t := (others => (others => '0'));
    signal mem_ds_p, mem_ds_n : mds_t := (others => (others => '0'));
    signal mem_bm_p, mem_bm_n : mw_t := (others => (others => '0'));
    signal mem_bs_p, mem_bs_n : mbs_t := (others => (others => '0'));
    attribute ram_style : string;
    attribute ram_style of mem_km_p, mem_km_n, mem_dm_p, mem_dm_n, mem_bm_p, mem_bm_n : signal is "logic";
    attribute ram_style of mem_ks_p, mem_ks_n : signal is "logic";
    attribute ram_style of mem_fc_p, mem_fc_n : signal is "logic";
    attribute ram_style of mem_ds_p, mem_ds_n : signal is "logic";
    attribute ram_style of mem_bs_p, mem_bs_n : signal is "logic";

    -- the fields, read one stage before their use into registers
    signal f_km_ff, f_dm_ff, f_bm_ff : std_logic_vector(W - 1 downto 0);
    signal f_ks    : std_logic_vector(KS_W - 1 downto 0);
    signal f_ds    : std_logic_vector(DS_W - 1 downto 0);
    signal f_bs    : std_logic_vector(BS_W - 1 downto 0);
    signal f_fc_ff : std_logic_vector(FC_W - 1 downto 0);
    signal f_km, f_dm, f_bm_pre, f_bm : std_logic_vector(W - 1 downto 0);
    signal f_fc_pre, f_fc : std_logic_vector(FC_W - 1 downto 0);

    -- single-port RAM option
    signal wr_left_reg  : unsigned(1 downto 0) := "00";
    signal wr_left_next : unsigned(1 downto 0);

    -- ---- y ----------------------------------------------------------------------
    signal q, q_reg, pk, pk_reg : std_logic_vector(2 * W - 1 downto 0);
    signal pe_nrm_reg, pe_pm, pe_p_reg, pe_pp : std_logic_vector(4 downto 0);
    signal pm : std_logic_vector(W downto 0);
    signal p_reg : std_logic_vector(W - 1 downto 0);
    signal sh_reg : std_logic_vector(KS_W - 1 downto 0);
    signal sh_neg, sh_neg_reg : std_logic;
    signal yr, y_reg : std_logic_vector(YW - 1 downto 0);
    signal yspec : std_logic_vector(1 downto 0);

    -- ---- E and the dip ----------------------------------------------------------
    signal e : std_logic_vector(W downto 0);
    signal dm_neg : std_logic;
    signal dm_abs : std_logic_vector(W - 1 downto 0);
    signal dprod, dmag, dmag_s : std_logic_vector(2 * W - 1 downto 0);
    signal dm_d : std_logic_vector(W + 1 downto 0);
    signal dneg_s : std_logic;
    signal dmag_sd : std_logic_vector(2 * W downto 0);
    signal dsig_reg : signed(2 * W downto 0);
    signal dsh : std_logic_vector(5 downto 0);
    signal dip : std_logic_vector(DIP_W - 1 downto 0);

    -- ---- viscous, base, magnitude ------------------------------------------------
    signal vprod : std_logic_vector(2 * W - 1 downto 0);
    signal visc : std_logic_vector(VIS_W - 1 downto 0);
    signal base_reg : unsigned(BASE_W - 1 downto 0);
    signal mag_reg : signed(MAG_W - 1 downto 0);
    signal mr : std_logic_vector(MAG_W - 1 downto 0);
    signal m_negative, m_over : std_logic;
    signal fsat_reg : unsigned(W - 1 downto 0);
    signal fl_reg : std_logic_vector(1 downto 0);
    signal f_sat : std_logic_vector(W - 1 downto 0);

    -- ---- output buffer and flags ------------------------------------------------
    constant BEAT_W : integer := W + AXIS_W + 2;
    signal beat, buf0_reg, buf1_reg : std_logic_vector(BEAT_W - 1 downto 0);
    signal count_reg  : unsigned(1 downto 0) := "00";
    signal count_next : unsigned(1 downto 0);
    signal pop, push  : std_logic;
    signal flags_reg  : std_logic_vector(2 downto 0) := "000";
    signal flags_set  : std_logic_vector(2 downto 0);

    -- stage k's axis, v < 0 and v = 0, k >= 2 (pure: the caller names the
    -- signal, so that concurrent statements are sensitive to it)
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
    -- one-hot class of a word address (0: no such word)
    function addr_class(addr : std_logic_vector(3 downto 0)) return std_logic_vector is
        constant a : integer := to_integer(unsigned(addr));
    begin
        if a = FRIC_WORD_KM or a = FRIC_WORD_KM_N then return "0001000";
        elsif a = FRIC_WORD_KS or a = FRIC_WORD_KS_N then return "0000100";
        elsif a = FRIC_WORD_DSEL then return "1000000";
        elsif a = FRIC_WORD_FC_P or a = FRIC_WORD_FC_N then return "0010000";
        elsif a = FRIC_WORD_DM_P or a = FRIC_WORD_DM_N then return "0100000";
        elsif a = FRIC_WORD_DS_P or a = FRIC_WORD_DS_N then return "0000001";
        elsif a = FRIC_WORD_BM_P or a = FRIC_WORD_BM_N then return "0001000";
        elsif a = FRIC_WORD_BS_P or a = FRIC_WORD_BS_N then return "0000010";
        else return "0000000";
        end if;
    end function;
    -- pe = max(0, bitlen(x) - W)
    function norm_shift(x : std_logic_vector) return std_logic_vector is
        variable ns : unsigned(4 downto 0) := (others => '0');
    begin
        for b in W to 2 * W - 1 loop
            if x(b) = '1' then ns := to_unsigned(b - W + 1, 5); end if;
        end loop;
        return std_logic_vector(ns);
    end function;
begin
    assert LATENCY = fric_stribeck_latency(W, OPT_FAST)
        report "fric_stribeck: LATENCY " & integer'image(LATENCY) & " differs from fric_core_pkg" severity failure;
    assert OPT_SPRAM = 0 or W = 16
        report "fric_stribeck: OPT_SPRAM needs W = 16 (the RAM words are 16 bits)" severity failure;
    assert W = 16 or W = 18
        report "fric_stribeck: W = " & integer'image(W) & ", must be 16 or 18 (tables exist for these)" severity failure;
    assert NUM_AXES >= 1
        report "fric_stribeck: NUM_AXES = " & integer'image(NUM_AXES) & ", must be >= 1" severity failure;
    assert not (K_VI < K_IN + 1 or K_FC + 1 /= K_DIP or K_LAST_WRITE < K_DS - 1)
        report "fric_stribeck: inconsistent schedule" severity failure;

    -- ---- pipeline control ----------------------------------------------------
    ce <= ce_reg;
    s_axis_tready <= ce;
    v_zero <= '1' when unsigned(v_reg) = 0 else '0';
    ctl1 <= axis_in_reg & v_reg(W - 1) & v_zero;
    process (clk)
    begin
        if rising_edge(clk) then
            if ce = '1' then
                v_reg        <= s_axis_tdata;
                axis_in_reg  <= s_axis_tuser;
                valid_in_reg <= s_axis_tvalid;
                ctl_reg(2)   <= ctl1;
                for k in 3 to K_SAT loop
                    ctl_reg(k) <= ctl_reg(k - 1);
                end loop;
                valid_reg <= valid_reg(K_SAT - 3 downto 0) & valid_in_reg;
            end if;
            if rst = '1' then
                valid_in_reg <= '0';
                valid_reg    <= (others => '0');
            end if;
        end if;
    end process;

    -- |v| at stage 2 (the square's input), and delayed to K_VI (the viscous
    -- product's); the square's second operand: |v| for delta 2, 1 for delta 1
    a1 <= std_logic_vector(unsigned(not v_reg) + 1) when v_reg(W - 1) = '1' else v_reg;
    process (clk)
    begin
        if rising_edge(clk) then
            if ce = '1' then
                a2_reg <= a1;
                if f_dsel1 = '1' then
                    sq_b_reg <= a1;
                else
                    sq_b_reg <= std_logic_vector(to_unsigned(1, W));
                end if;
            end if;
        end if;
    end process;
    g_a_ram : if OPT_RAM_DELAY /= 0 generate
        u_a : entity work.fric_delay_ram
            generic map (WIDTH => W, DEPTH => K_VI - 2)
            port map (clk => clk, ce => ce, d => a2_reg, q => a_vi);
    end generate;
    g_a_ff : if OPT_RAM_DELAY = 0 generate
        u_a : entity work.fric_delay
            generic map (WIDTH => W, DEPTH => K_VI - 2)
            port map (clk => clk, ce => ce, d => a2_reg, q => a_vi);
    end generate;

    -- ---- configuration requests ------------------------------------------------
    -- registered first (one word every other cycle), checked and written in the
    -- cycle after; a commit enters the pipeline at the next advance after it
    cfg_ready <= cfg_ready_reg;
    cfg_take  <= cfg_valid and cfg_ready_reg;
    tok_enter <= req_v_reg and req_commit_reg and ce;
    word_next <= req_v_reg and not req_commit_reg;
    -- cfg_ready_reg next = not (or tok_next, req_v_next, word_next), written so that
    -- cfg_valid (which may arrive late, from a bus) meets one gate
    cfg_busy_next <= '1' when tok_next /= (tok_next'range => '0') or word_next = '1' or
                              (req_v_reg = '1' and req_commit_reg = '1' and ce = '0') else '0';
    tok_next <= tok_reg(K_LAST_WRITE - 2 downto 0) & tok_enter when ce = '1' else tok_reg;
    process (clk)
    begin
        if rising_edge(clk) then
            if cfg_busy_next = '0' and cfg_take = '0' then
                cfg_ready_reg <= '1';
            else
                cfg_ready_reg <= '0';
            end if;
            if cfg_take = '1' then
                req_v_reg      <= '1';
                req_commit_reg <= cfg_commit;
                req_addr_reg   <= cfg_addr;
                req_axis_reg   <= cfg_axis;
                req_data_reg   <= cfg_data(FC_W - 1 downto 0);
                req_cls_reg    <= addr_class(cfg_addr);
            elsif req_v_reg = '1' and (req_commit_reg = '0' or ce = '1') then
                req_v_reg <= '0';
            end if;
            if ce = '1' then
                tok_reg <= tok_reg(K_LAST_WRITE - 2 downto 0) & tok_enter;
            end if;
            if tok_enter = '1' then
                commit_axis_reg <= req_axis_reg;
            end if;
        end if;
    end process;

    u_fits : entity work.fric_word_fits
        generic map (N => NCLS, WIDTHS => CLS_WIDTHS, SIGNS => "0100000")
        port map (clk => clk, en => cfg_take, d => cfg_data, fits => req_ok);
    cfg_fits <= '1' when (req_ok and req_cls_reg) /= (req_ok'range => '0') else '0';

    -- second request stage: the decoded word (registered), written next cycle
    process (clk)
    begin
        if rising_edge(clk) then
            wr_v_reg    <= req_v_reg and not req_commit_reg and cfg_fits;
            bad_reg     <= req_v_reg and not req_commit_reg and not cfg_fits;
            wr_addr_reg <= req_addr_reg;
            wr_data_reg <= req_data_reg;
        end if;
    end process;
    cfg_bad <= bad_reg;
    process (clk)
        variable a : integer;
    begin
        if rising_edge(clk) then
            if wr_v_reg = '1' then
                a := idx(wr_addr_reg);
                if a = FRIC_WORD_KM then stg_km(0) <= wr_data_reg(W - 1 downto 0); end if;
                if a = FRIC_WORD_KS then stg_ks(0) <= wr_data_reg(KS_W - 1 downto 0); end if;
                if a = FRIC_WORD_KM_N then stg_km(1) <= wr_data_reg(W - 1 downto 0); end if;
                if a = FRIC_WORD_KS_N then stg_ks(1) <= wr_data_reg(KS_W - 1 downto 0); end if;
                if a = FRIC_WORD_DSEL then stg_dsel <= wr_data_reg(0); end if;
                if a = FRIC_WORD_FC_P then stg_fc(0) <= wr_data_reg(FC_W - 1 downto 0); end if;
                if a = FRIC_WORD_DM_P then stg_dm(0) <= wr_data_reg(W - 1 downto 0); end if;
                if a = FRIC_WORD_DS_P then stg_ds(0) <= wr_data_reg(DS_W - 1 downto 0); end if;
                if a = FRIC_WORD_BM_P then stg_bm(0) <= wr_data_reg(W - 1 downto 0); end if;
                if a = FRIC_WORD_BS_P then stg_bs(0) <= wr_data_reg(BS_W - 1 downto 0); end if;
                if a = FRIC_WORD_FC_N then stg_fc(1) <= wr_data_reg(FC_W - 1 downto 0); end if;
                if a = FRIC_WORD_DM_N then stg_dm(1) <= wr_data_reg(W - 1 downto 0); end if;
                if a = FRIC_WORD_DS_N then stg_ds(1) <= wr_data_reg(DS_W - 1 downto 0); end if;
                if a = FRIC_WORD_BM_N then stg_bm(1) <= wr_data_reg(W - 1 downto 0); end if;
                if a = FRIC_WORD_BS_N then stg_bs(1) <= wr_data_reg(BS_W - 1 downto 0); end if;
            end if;
        end if;
    end process;

    -- ---- the field memories ----------------------------------------------------
    -- A field used at stage k is read at stage k-1 into a register, and the
    -- commit token writes it at stage k-1: the sample that entered with the
    -- commit reads the old value in that cycle, the next one the new value.
    -- DSEL is read at the port into stage 1, so the commit writes it as it enters.
    process (clk)
    begin
        if rising_edge(clk) then
            if tok_enter = '1' then
                mem_dsel(idx(req_axis_reg)) <= stg_dsel;
            end if;
            if ce = '1' then
                f_dsel1 <= mem_dsel(idx(s_axis_tuser));
            end if;
        end if;
    end process;
    process (clk)
        variable ca : integer;
    begin
        if rising_edge(clk) then
            if ce = '1' then
                ca := idx(commit_axis_reg);
                if tok_reg(K_P - 2) = '1' and OPT_SPRAM = 0 then
                    mem_km_p(ca) <= stg_km(0);
                    mem_km_n(ca) <= stg_km(1);
                end if;
                if tok_reg(K_PP - 2) = '1' then
                    mem_ks_p(ca) <= stg_ks(0);
                    mem_ks_n(ca) <= stg_ks(1);
                end if;
                if tok_reg(K_E - 3) = '1' and OPT_SPRAM = 0 then
                    mem_dm_p(ca) <= stg_dm(0);
                    mem_dm_n(ca) <= stg_dm(1);
                end if;
                if tok_reg(K_DS - 2) = '1' then
                    mem_ds_p(ca) <= stg_ds(0);
                    mem_ds_n(ca) <= stg_ds(1);
                end if;
                if tok_reg(K_VI - 3) = '1' and OPT_SPRAM = 0 then
                    mem_bm_p(ca) <= stg_bm(0);
                    mem_bm_n(ca) <= stg_bm(1);
                end if;
                if tok_reg(K_BS - 2) = '1' then
                    mem_bs_p(ca) <= stg_bs(0);
                    mem_bs_n(ca) <= stg_bs(1);
                end if;
                if tok_reg(K_FC - 3) = '1' then
                    mem_fc_p(ca) <= stg_fc(0);
                    mem_fc_n(ca) <= stg_fc(1);
                end if;
            end if;
        end if;
    end process;

    process (clk)
    begin
        if rising_edge(clk) then
            if ce = '1' then
                f_bm <= f_bm_pre;
                f_fc <= f_fc_pre;
                if neg_of(ctl_reg, K_P - 1) = '1' then f_km_ff <= mem_km_n(idx(ax_of(ctl_reg, K_P - 1)));
                else f_km_ff <= mem_km_p(idx(ax_of(ctl_reg, K_P - 1))); end if;
                if neg_of(ctl_reg, K_PP - 1) = '1' then f_ks <= mem_ks_n(idx(ax_of(ctl_reg, K_PP - 1)));
                else f_ks <= mem_ks_p(idx(ax_of(ctl_reg, K_PP - 1))); end if;
                -- DM is read two stages early: its magnitude is formed in between
                if neg_of(ctl_reg, K_E - 2) = '1' then f_dm_ff <= mem_dm_n(idx(ax_of(ctl_reg, K_E - 2)));
                else f_dm_ff <= mem_dm_p(idx(ax_of(ctl_reg, K_E - 2))); end if;
                if neg_of(ctl_reg, K_DS - 1) = '1' then f_ds <= mem_ds_n(idx(ax_of(ctl_reg, K_DS - 1)));
                else f_ds <= mem_ds_p(idx(ax_of(ctl_reg, K_DS - 1))); end if;
                -- BM and FC are read two stages early and registered twice
                if neg_of(ctl_reg, K_VI - 2) = '1' then f_bm_ff <= mem_bm_n(idx(ax_of(ctl_reg, K_VI - 2)));
                else f_bm_ff <= mem_bm_p(idx(ax_of(ctl_reg, K_VI - 2))); end if;
                if neg_of(ctl_reg, K_BS - 1) = '1' then f_bs <= mem_bs_n(idx(ax_of(ctl_reg, K_BS - 1)));
                else f_bs <= mem_bs_p(idx(ax_of(ctl_reg, K_BS - 1))); end if;
                if neg_of(ctl_reg, K_FC - 2) = '1' then f_fc_ff <= mem_fc_n(idx(ax_of(ctl_reg, K_FC - 2)));
                else f_fc_ff <= mem_fc_p(idx(ax_of(ctl_reg, K_FC - 2))); end if;
            end if;
        end if;
    end process;

    -- ---- the single-port RAM option --------------------------------------------
    -- A commit token at a RAM field's read stage (with ce) starts its writes:
    -- the pipeline holds (ce low) for 2 cycles (one per direction)
    -- while the RAM is written; the value the sample ahead read is kept in a
    -- hold register, since a write spoils the RAM's output.
    process (all)
        variable n : unsigned(1 downto 0);
    begin
        if wr_left_reg /= 0 then n := wr_left_reg - 1; else n := "00"; end if;
        if OPT_SPRAM /= 0 and ce = '1' then
            if tok_reg(K_P - 2) = '1' or tok_reg(K_E - 3) = '1' or tok_reg(K_VI - 3) = '1' or tok_reg(K_FC - 3) = '1' then
                n := "10";
            end if;
        end if;
        wr_left_next <= n;
    end process;
    process (clk)
    begin
        if rising_edge(clk) then
            wr_left_reg <= wr_left_next;
        end if;
    end process;

    g_spram : if OPT_SPRAM /= 0 generate
        constant AW : integer := AXIS_W + 1;
        signal wr_sel_reg : unsigned(1 downto 0) := "00";  -- 0 KM, 1 DM, 2 BM, 3 FC
        signal wr_dir_reg : std_logic := '0';              -- the direction being written
        signal q_km, q_dm, q_bm, q_fc : std_logic_vector(15 downto 0);
        signal h_km, h_dm, h_bm, h_fc : std_logic_vector(15 downto 0);
        signal hv : std_logic_vector(3 downto 0) := "0000";
        signal we_km, we_dm, we_bm, we_fc : std_logic;
        signal cs_km, cs_dm, cs_bm, cs_fc : std_logic;
        signal wa, ad_km, ad_dm, ad_bm, ad_fc : std_logic_vector(AW - 1 downto 0);
        signal d_km, d_dm, d_bm, d_fc, f_fc_lo : std_logic_vector(15 downto 0);
    begin
        process (clk)
        begin
            if rising_edge(clk) then
                if ce = '1' then
                    if tok_reg(K_P - 2) = '1' then wr_sel_reg <= "00"; end if;
                    if tok_reg(K_E - 3) = '1' then wr_sel_reg <= "01"; end if;
                    if tok_reg(K_VI - 3) = '1' then wr_sel_reg <= "10"; end if;
                    if tok_reg(K_FC - 3) = '1' then wr_sel_reg <= "11"; end if;
                    wr_dir_reg <= '0';
                elsif wr_left_reg /= 0 then
                    wr_dir_reg <= '1';
                end if;
            end if;
        end process;
        we_km <= b2l(wr_left_reg /= 0 and wr_sel_reg = 0);
        we_dm <= b2l(wr_left_reg /= 0 and wr_sel_reg = 1);
        we_bm <= b2l(wr_left_reg /= 0 and wr_sel_reg = 2);
        we_fc <= b2l(wr_left_reg /= 0 and wr_sel_reg = 3);
        cs_km <= ce or we_km;
        cs_dm <= ce or we_dm;
        cs_bm <= ce or we_bm;
        cs_fc <= ce or we_fc;
        wa <= wr_dir_reg & commit_axis_reg;
        ad_km <= wa when we_km = '1' else neg_of(ctl_reg, K_P - 1) & ax_of(ctl_reg, K_P - 1);
        ad_dm <= wa when we_dm = '1' else neg_of(ctl_reg, K_E - 2) & ax_of(ctl_reg, K_E - 2);
        ad_bm <= wa when we_bm = '1' else neg_of(ctl_reg, K_VI - 2) & ax_of(ctl_reg, K_VI - 2);
        ad_fc <= wa when we_fc = '1' else neg_of(ctl_reg, K_FC - 2) & ax_of(ctl_reg, K_FC - 2);
        d_km <= stg_km(1)(15 downto 0) when wr_dir_reg = '1' else stg_km(0)(15 downto 0);
        d_dm <= stg_dm(1)(15 downto 0) when wr_dir_reg = '1' else stg_dm(0)(15 downto 0);
        d_bm <= stg_bm(1)(15 downto 0) when wr_dir_reg = '1' else stg_bm(0)(15 downto 0);
        d_fc <= stg_fc(1)(15 downto 0) when wr_dir_reg = '1' else stg_fc(0)(15 downto 0);
        u_km_ram : entity work.fric_spram generic map (ADDR_W => AW)
            port map (clk => clk, cs => cs_km, we => we_km, addr => ad_km, din => d_km, dout => q_km);
        u_dm_ram : entity work.fric_spram generic map (ADDR_W => AW)
            port map (clk => clk, cs => cs_dm, we => we_dm, addr => ad_dm, din => d_dm, dout => q_dm);
        u_bm_ram : entity work.fric_spram generic map (ADDR_W => AW)
            port map (clk => clk, cs => cs_bm, we => we_bm, addr => ad_bm, din => d_bm, dout => q_bm);
        u_fc_ram : entity work.fric_spram generic map (ADDR_W => AW)
            port map (clk => clk, cs => cs_fc, we => we_fc, addr => ad_fc, din => d_fc, dout => q_fc);
        -- hold: the first write cycle keeps the output the sample ahead read
        process (clk)
        begin
            if rising_edge(clk) then
                if we_km = '1' and hv(0) = '0' then h_km <= q_km; hv(0) <= '1'; elsif ce = '1' then hv(0) <= '0'; end if;
                if we_dm = '1' and hv(1) = '0' then h_dm <= q_dm; hv(1) <= '1'; elsif ce = '1' then hv(1) <= '0'; end if;
                if we_bm = '1' and hv(2) = '0' then h_bm <= q_bm; hv(2) <= '1'; elsif ce = '1' then hv(2) <= '0'; end if;
                if we_fc = '1' and hv(3) = '0' then h_fc <= q_fc; hv(3) <= '1'; elsif ce = '1' then hv(3) <= '0'; end if;
            end if;
        end process;
        f_km     <= h_km when hv(0) = '1' else q_km;
        f_dm     <= h_dm when hv(1) = '1' else q_dm;
        f_bm_pre <= h_bm when hv(2) = '1' else q_bm;
        -- FC: 16 bits in the RAM, the top bits in flip-flops
        f_fc_lo  <= h_fc when hv(3) = '1' else q_fc;
        f_fc_pre <= f_fc_ff(FC_W - 1 downto 16) & f_fc_lo;
    end generate;
    g_ff : if OPT_SPRAM = 0 generate
        f_km     <= f_km_ff;
        f_dm     <= f_dm_ff;
        f_bm_pre <= f_bm_ff;
        f_fc_pre <= f_fc_ff;
    end generate;

    -- ---- y: the exponent argument ---------------------------------------------
    -- K_IN + 1 -> K_Q: q = a^2 (U,2W-2,0) for delta 2, q = a * 1 for delta 1
    u_sq : entity work.fric_mul
        generic map (A_W => W, B_W => W, LATENCY => LS, OPT_FABRIC => OPT_FABRIC, OPT_ECP5_DSP => OPT_ECP5_DSP)
        port map (clk => clk, ce => ce, a => a2_reg, b => sq_b_reg, p => q);

    -- K_Q -> K_NRM: pe = max(0, bitlen(q) - W)
    process (clk)
    begin
        if rising_edge(clk) then
            if ce = '1' then
                q_reg      <= q;
                pe_nrm_reg <= norm_shift(q);
            end if;
        end if;
    end process;

    -- K_NRM -> K_PM: pm = rsr(q, pe) <= 2^W
    u_rsr_q : entity work.fric_rsr
        generic map (X_W => 2 * W + 1, S_W => 5, Y_W => W + 1, STAGES => RS)
        port map (clk => clk, ce => ce, x => '0' & q_reg, s => pe_nrm_reg, y => pm);
    u_pe_pm : entity work.fric_delay
        generic map (WIDTH => 5, DEPTH => RS)
        port map (clk => clk, ce => ce, d => pe_nrm_reg, q => pe_pm);

    -- K_PM -> K_P: renormalize (pm = 2^W -> 2^(W-1), pe + 1)
    process (clk)
    begin
        if rising_edge(clk) then
            if ce = '1' then
                if pm(W) = '1' then
                    p_reg    <= pm(W downto 1);
                    pe_p_reg <= std_logic_vector(unsigned(pe_pm) + 1);
                else
                    p_reg    <= pm(W - 1 downto 0);
                    pe_p_reg <= pe_pm;
                end if;
            end if;
        end if;
    end process;

    -- K_P -> K_PP: P = p * KM, (U,2W,0)
    u_scale : entity work.fric_mul
        generic map (A_W => W, B_W => W, LATENCY => LD, OPT_FABRIC => 0, OPT_ECP5_DSP => OPT_ECP5_DSP)
        port map (clk => clk, ce => ce, a => p_reg, b => f_km, p => pk);
    u_pe_pp : entity work.fric_delay
        generic map (WIDTH => 5, DEPTH => LD)
        port map (clk => clk, ce => ce, d => pe_p_reg, q => pe_pp);

    -- K_PP -> K_SH: the shift KS - pe (a negative one saturates y: fric_fx.c)
    sh_neg <= '1' when unsigned(f_ks) < unsigned(pe_pp) else '0';
    process (clk)
    begin
        if rising_edge(clk) then
            if ce = '1' then
                pk_reg     <= pk;
                sh_neg_reg <= sh_neg;
                if sh_neg = '1' then
                    sh_reg <= (others => '0');
                else
                    sh_reg <= std_logic_vector(unsigned(f_ks) - resize(unsigned(pe_pp), KS_W));
                end if;
            end if;
        end if;
    end process;

    -- K_SH -> K_Y0: rsr(P, sh), limited to 2^(YI+YF) - 1 (E is 0 there)
    u_rsr_y : entity work.fric_rsr
        generic map (X_W => 2 * W + 1, S_W => KS_W, Y_W => YW, STAGES => RS, OPT_SAT => 1)
        port map (clk => clk, ce => ce, x => '0' & pk_reg, s => sh_reg, y => yr);
    u_yspec : entity work.fric_delay
        generic map (WIDTH => 2, DEPTH => RS)
        port map (clk => clk, ce => ce, d => sh_neg_reg & (or pk_reg), q => yspec);

    -- K_Y0 -> K_Y: y; a negative shift of a nonzero P saturates it
    process (clk)
    begin
        if rising_edge(clk) then
            if ce = '1' then
                if yspec(1) = '1' then
                    y_reg <= (others => yspec(0));
                else
                    y_reg <= yr;
                end if;
            end if;
        end if;
    end process;

    -- ---- E and the dip ---------------------------------------------------------
    u_exp : entity work.fric_exp2
        generic map (W => W, OPT_FABRIC => OPT_FABRIC, OPT_ECP5_DSP => OPT_ECP5_DSP, RS => RS, LATENCY => LE)
        port map (clk => clk, ce => ce, y => y_reg, e => e);

    -- K_E - 1 -> K_E: the sign and magnitude of DM
    process (clk)
    begin
        if rising_edge(clk) then
            if ce = '1' then
                dm_neg <= f_dm(W - 1);
                if f_dm(W - 1) = '1' then
                    dm_abs <= std_logic_vector(unsigned(not f_dm) + 1);
                else
                    dm_abs <= f_dm;
                end if;
            end if;
        end if;
    end process;

    -- K_E -> K_DP: |DM| * E, E = 2^W (1.0) taken by a mux, not the multiplier
    u_dip : entity work.fric_mul
        generic map (A_W => W, B_W => W, LATENCY => LD, OPT_FABRIC => 0, OPT_ECP5_DSP => OPT_ECP5_DSP)
        port map (clk => clk, ce => ce, a => dm_abs, b => e(W - 1 downto 0), p => dprod);
    u_dm : entity work.fric_delay
        generic map (WIDTH => W + 2, DEPTH => LD)
        port map (clk => clk, ce => ce, d => e(W) & dm_neg & dm_abs, q => dm_d);

    -- K_DP -> K_DS: the signed product DM * E, (S,2W,0); for a fast clock the
    -- E = 1 mux and the negation take a stage each
    dmag <= dm_d(W - 1 downto 0) & (W - 1 downto 0 => '0') when dm_d(W + 1) = '1' else dprod;
    u_dmag : entity work.fric_delay
        generic map (WIDTH => 2 * W + 1, DEPTH => LSG - 1)
        port map (clk => clk, ce => ce, d => dm_d(W) & dmag, q => dmag_sd);
    dneg_s <= dmag_sd(2 * W);
    dmag_s <= dmag_sd(2 * W - 1 downto 0);
    process (clk)
    begin
        if rising_edge(clk) then
            if ce = '1' then
                if dneg_s = '1' then
                    dsig_reg <= -signed('0' & dmag_s);
                else
                    dsig_reg <= signed('0' & dmag_s);
                end if;
            end if;
        end if;
    end process;

    -- K_DS -> K_DIP: dip = rsr(DM * E, EF + DS - G), |dip| <= 2^(W+3)
    dsh <= std_logic_vector(resize(unsigned(f_ds), 6) + to_unsigned(EF - G, 6));
    u_rsr_dip : entity work.fric_rsr
        generic map (X_W => 2 * W + 1, S_W => 6, Y_W => DIP_W, STAGES => RS)
        port map (clk => clk, ce => ce, x => std_logic_vector(dsig_reg), s => dsh, y => dip);

    -- ---- the viscous term and the base FC + visc ----------------------------------
    u_visc : entity work.fric_mul
        generic map (A_W => W, B_W => W, LATENCY => LV, OPT_FABRIC => OPT_FABRIC, OPT_ECP5_DSP => OPT_ECP5_DSP)
        port map (clk => clk, ce => ce, a => a_vi, b => f_bm, p => vprod);
    -- visc = rsr(|v| BM, BS), limited to VCL
    u_rsr_visc : entity work.fric_rsr
        generic map (X_W => 2 * W + 1, S_W => BS_W, Y_W => VIS_W, STAGES => RS, OPT_SAT => 1)
        port map (clk => clk, ce => ce, x => '0' & vprod, s => f_bs, y => visc);
    process (clk)
    begin
        if rising_edge(clk) then
            if ce = '1' then
                base_reg <= resize(unsigned(f_fc), BASE_W) + resize(unsigned(visc), BASE_W);
            end if;
        end if;
    end process;

    -- ---- magnitude, rounding, saturation ------------------------------------------
    process (clk)
    begin
        if rising_edge(clk) then
            if ce = '1' then
                mag_reg <= signed(resize(base_reg, MAG_W)) + resize(signed(dip), MAG_W);
            end if;
        end if;
    end process;
    u_rsr_mag : entity work.fric_rsr
        generic map (X_W => MAG_W, S_W => 3, Y_W => MAG_W, STAGES => RS)
        port map (clk => clk, ce => ce, x => std_logic_vector(mag_reg), s => std_logic_vector(to_unsigned(G, 3)), y => mr);

    -- K_M -> K_SAT: limit the magnitude to [0, 2^(W-1) - 1], flag each limit,
    -- and apply the sign: the negation of mr runs beside the limit test, so
    -- the force leaves this stage in a register (no carry chain before the
    -- output buffer)
    m_negative <= mr(MAG_W - 1);
    m_over <= '1' when m_negative = '0' and unsigned(mr(MAG_W - 2 downto W - 1)) /= 0 else '0';
    process (clk)
    begin
        if rising_edge(clk) then
            if ce = '1' then
                if zero_of(ctl_reg, K_M) = '1' or m_negative = '1' then
                    fsat_reg <= (others => '0');
                elsif m_over = '1' then
                    if neg_of(ctl_reg, K_M) = '1' then
                        fsat_reg <= '1' & (W - 2 downto 1 => '0') & '1';
                    else
                        fsat_reg <= '0' & (W - 2 downto 0 => '1');
                    end if;
                elsif neg_of(ctl_reg, K_M) = '1' then
                    fsat_reg <= unsigned(not mr(W - 1 downto 0)) + 1;
                else
                    fsat_reg <= unsigned(mr(W - 1 downto 0));
                end if;
                if zero_of(ctl_reg, K_M) = '1' then
                    fl_reg <= "00";
                else
                    fl_reg <= m_negative & m_over;
                end if;
            end if;
        end if;
    end process;
    f_sat <= std_logic_vector(fsat_reg);

    -- ---- K_SAT -> K_OUT: the two-entry output buffer ----------------------------
    beat <= fl_reg & ax_of(ctl_reg, K_SAT) & f_sat;
    pop  <= '1' when count_reg /= 0 and m_axis_tready = '1' else '0';
    push <= ce and valid_reg(K_SAT - 2);
    count_next <= count_reg + ("0" & push) - ("0" & pop);
    process (clk)
    begin
        if rising_edge(clk) then
            if pop = '1' then
                buf0_reg <= buf1_reg;
            end if;
            if push = '1' then
                if count_reg - ("0" & pop) = 0 then
                    buf0_reg <= beat;
                else
                    buf1_reg <= beat;
                end if;
            end if;
            count_reg <= count_next;
            -- at most one more beat arrives after ce falls: room for it is kept;
            -- and the pipeline holds while a commit writes a single-port RAM
            if count_next < 2 and wr_left_next = 0 then ce_reg <= '1'; else ce_reg <= '0'; end if;
            if rst = '1' then
                count_reg <= "00";
                -- a commit's RAM writes finish across a reset
                if wr_left_next = 0 then ce_reg <= '1'; else ce_reg <= '0'; end if;
            end if;
        end if;
    end process;
    m_axis_tvalid <= '1' when count_reg /= 0 else '0';
    m_axis_tdata  <= buf0_reg(W - 1 downto 0);
    m_axis_tuser  <= buf0_reg(BEAT_W - 1 downto W);

    -- ---- sticky flags ----------------------------------------------------------------
    flags_set <= cfg_bad & buf0_reg(BEAT_W - 1 downto BEAT_W - 2) when pop = '1' else cfg_bad & "00";
    process (clk)
    begin
        if rising_edge(clk) then
            flags_reg <= (flags_reg and not flags_clear) or flags_set;
            if rst = '1' then
                flags_reg <= "000";
            end if;
        end if;
    end process;
    flags <= flags_reg;
end architecture rtl;
