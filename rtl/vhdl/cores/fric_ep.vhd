-- SPDX-License-Identifier: Apache-2.0
-- fric_ep: the elasto-plastic friction core for NUM_AXES axes; the VHDL-2008
-- twin of rtl/cores/fric_ep.v (same generics, ports, state machine, cycle
-- count and behaviour cycle for cycle), bit-exact with fric_fx_ep_step() of
-- the C model (cmodel/src/fric_fx.c; docs/fric_ep.md, the reference for
-- both languages):
--
--   LuGre's step when EP_WBA = 0, v = 0 or sign(v) w >= g_w (alpha = 1);
--   below the breakaway w_b = EP_WBA 2^(WG-G): w' = w + sign(v) |v| KZM 2^-KZS (exact);
--   in the transition zone: alpha frozen at the predicted midpoint, the
--   step solved exactly (fric_fx.h, fric_fx_ep_step);
--   F = sat(rsr(w' + rsr((w' - w) c1(v), C1S) + sign(v) visc(|v|) 2^(WG-G), WG)).
--
-- Architecture: one sample at a time through a small state machine over one
-- shared datapath: one product (a signed 48-bit by unsigned 20-bit
-- multiplier with a registered result), one registered table read port of
-- two entries (the reciprocal, h, exp2pair and elasto-plastic alpha tables
-- of fric_pkg, from the generator), a normalizer, a limited shift and a
-- rounding shift. A compute state acts every second cycle (ph_reg), as in
-- the Verilog. The values of the fixed-point model are carried in 64-bit
-- signed vectors (numeric_std), wrapping as the Verilog's 64-bit
-- expressions do; the register names are the Verilog's (the step's
-- registers in the record r, their next values in rn).
--
-- Streams, parameters (the LuGre set's 22 words and EP_WBA, EP_KZM,
-- EP_KZS), commits, state resets, rst and the sticky flags: as in the
-- Verilog core's header.
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;
use work.fric_pkg.all;
use work.fric_core_pkg.all;

entity fric_ep is
    generic (
        W        : integer := 16;  -- datapath width: 16 or 18
        NUM_AXES : integer := 8    -- axes; the memories have 2^AXIS_W entries
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
end entity fric_ep;

architecture rtl of fric_ep is
    constant AXIS_W : integer := fric_axis_width(NUM_AXES);
    constant NA     : integer := 2 ** AXIS_W;

    -- ---- formats ------------------------------------------------------------
    constant G      : integer := fric_G(W);
    constant WG     : integer := fric_WG(W);
    constant EF     : integer := fric_EF(W);
    constant YF     : integer := fric_YF(W);
    constant YI     : integer := fric_YI(W);
    constant TB     : integer := fric_TB(W);
    constant TP     : integer := fric_TP(W);
    constant FB     : integer := fric_FB(W);
    constant RF     : integer := fric_RF(W);
    constant HP     : integer := fric_HP(W);
    constant HF     : integer := fric_HF(W);
    constant EPF    : integer := fric_EPF(W);
    constant EPB    : integer := fric_EPB(W);
    constant EPN    : integer := FRIC_EP_TABLE_N;
    constant L2E    : integer := fric_ep_l2e(W);
    constant NWORDS : integer := FRIC_WORDS_EP;
    constant PW     : integer := fric_bits_FC_P(W);   -- the widest field (FC, EP_WBA)
    constant SW     : integer := W + WG;              -- the state w, (S,W,WG)
    constant TW     : integer := 2 * W;               -- a table entry (exp2pair: 2W bits)
    constant TA_W   : integer := 11;                  -- table address (1025 alpha entries)
    constant MA_W   : integer := 48;                  -- multiplier operand A, signed
    constant MB_W   : integer := 20;                  -- multiplier operand B, unsigned

    subtype s64 is signed(63 downto 0);
    constant ONE   : s64 := to_signed(1, 64);
    constant ZERO  : s64 := to_signed(0, 64);
    constant YMAX  : s64 := shift_left(ONE, YI + YF) - 1;   -- exp2's input limit
    constant YLIM  : s64 := shift_left(ONE, YI + YF);       -- y_over_g's limit
    constant GMAX  : s64 := shift_left(ONE, W - 1 + G) - 1;
    constant WMAX  : s64 := shift_left(ONE, W - 1 + WG) - 1;
    constant S1MAX : s64 := shift_left(ONE, W + 1 + WG) - 1;
    constant FMAX  : s64 := shift_left(ONE, W - 1) - 1;
    constant EP1   : s64 := shift_left(ONE, EPF);           -- alpha = 1, (U,1,EPF)
    constant WG64  : s64 := to_signed(WG, 64);
    constant HALFW : s64 := shift_left(ONE, W - 1);         -- a normalized mantissa's lead bit
    constant TA_LAST : unsigned(TA_W - 1 downto 0) := to_unsigned(EPN - 1, TA_W);
    constant AX_LAST : unsigned(AXIS_W downto 0) := to_unsigned(NA - 1, AXIS_W + 1);

    -- ---- the model's integer helpers (fric_fx.c), on 64-bit values ----------
    -- rsr(x, s): round half up after an arithmetic shift right by s (s <= 0: x)
    function rsr(x : s64; s : integer) return s64 is
    begin
        if s <= 0 then
            return x;
        elsif s >= 62 then
            return ZERO;
        else
            return shift_right(x + shift_left(ONE, s - 1), s);
        end if;
    end function;
    -- bits needed for x >= 0 (bits 62..0 read)
    function bitlen(x : s64) return integer is
    begin
        for k in 62 downto 0 loop
            if x(k) = '1' then
                return k + 1;
            end if;
        end loop;
        return 0;
    end function;
    -- norm(x, W): x ~ m 2^e with m in [2^(W-1), 2^W)
    procedure norm(x : in s64; e : out integer; m : out s64) is
        variable bl : integer;
        variable t  : s64;
    begin
        bl := bitlen(x);
        if x = 0 then
            e := 0;
            m := ZERO;
        elsif bl <= W then
            e := bl - W;
            m := shift_left(x, W - bl);
        else
            t := rsr(x, bl - W);
            if shift_right(t, W) /= 0 then
                e := bl - W + 1;
                m := shift_right(t, 1);
            else
                e := bl - W;
                m := t;
            end if;
        end if;
    end procedure;
    -- shift_to(x, s, lim): x 2^-s rounded (s > 0) or exact, limited to lim (x >= 0)
    function shift_to(x : s64; s : integer; lim : s64) return s64 is
        variable y : s64;
    begin
        if s >= 0 then
            y := rsr(x, s);
            if y > lim then return lim; else return y; end if;
        elsif -s >= 62 or x > shift_right(lim, -s) then
            if x /= 0 then return lim; else return ZERO; end if;
        else
            return shift_left(x, -s);
        end if;
    end function;
    -- a field's word, sign-extended from its width, or zero-extended
    function sfield(x : std_logic_vector; bits : integer) return s64 is
    begin
        return resize(signed(x(x'low + bits - 1 downto x'low)), 64);
    end function;
    function ufield(x : std_logic_vector) return s64 is
    begin
        return signed(resize(unsigned(x), 64));
    end function;
    -- the low n bits of x, as the multiplier's operands take them
    function lo_a(x : s64) return signed is
    begin
        return x(MA_W - 1 downto 0);
    end function;
    function lo_b(x : s64) return unsigned is
    begin
        return unsigned(x(MB_W - 1 downto 0));
    end function;
    -- a table address from bits hi..lo of x
    function taddr(x : s64; hi, lo : integer) return unsigned is
    begin
        return resize(unsigned(x(hi downto lo)), TA_W);
    end function;
    -- x with bits s and up cleared
    function low_bits(x : s64; s : integer) return s64 is
    begin
        return x and (shift_left(ONE, s) - 1);
    end function;
    function neg_if(c : std_logic; x : s64) return s64 is
    begin
        if c = '1' then return -x; else return x; end if;
    end function;

    -- does data fit the field of word addr (fric_fx_ep_word_fits()): each
    -- word's width (0: no such word) and signedness
    type word_int_t is array (0 to 31) of integer;
    type word_bool_t is array (0 to 31) of boolean;
    function word_bits_of return word_int_t is
        variable b : word_int_t := (others => 0);
    begin
        b(FRIC_WORD_KM)     := fric_bits_KM(W);
        b(FRIC_WORD_KS)     := fric_bits_KS(W);
        b(FRIC_WORD_DSEL)   := fric_bits_DSEL(W);
        b(FRIC_WORD_FC_P)   := fric_bits_FC_P(W);
        b(FRIC_WORD_DM_P)   := fric_bits_DM_P(W);
        b(FRIC_WORD_DS_P)   := fric_bits_DS_P(W);
        b(FRIC_WORD_BM_P)   := fric_bits_BM_P(W);
        b(FRIC_WORD_BS_P)   := fric_bits_BS_P(W);
        b(FRIC_WORD_FC_N)   := fric_bits_FC_N(W);
        b(FRIC_WORD_DM_N)   := fric_bits_DM_N(W);
        b(FRIC_WORD_DS_N)   := fric_bits_DS_N(W);
        b(FRIC_WORD_BM_N)   := fric_bits_BM_N(W);
        b(FRIC_WORD_BS_N)   := fric_bits_BS_N(W);
        b(FRIC_WORD_KM_N)   := fric_bits_KM_N(W);
        b(FRIC_WORD_KS_N)   := fric_bits_KS_N(W);
        b(FRIC_WORD_KYM)    := fric_bits_KYM(W);
        b(FRIC_WORD_KYX)    := fric_bits_KYX(W);
        b(FRIC_WORD_C1M)    := fric_bits_C1M(W);
        b(FRIC_WORD_C1S)    := fric_bits_C1S(W);
        b(FRIC_WORD_MD_EN)  := fric_bits_MD_EN(W);
        b(FRIC_WORD_KDM)    := fric_bits_KDM(W);
        b(FRIC_WORD_KDS)    := fric_bits_KDS(W);
        b(FRIC_WORD_EP_WBA) := fric_bits_EP_WBA(W);
        b(FRIC_WORD_EP_KZM) := fric_bits_EP_KZM(W);
        b(FRIC_WORD_EP_KZS) := fric_bits_EP_KZS(W);
        return b;
    end function;
    function word_signed_of return word_bool_t is
        variable s : word_bool_t := (others => false);
    begin
        s(FRIC_WORD_DM_P) := true;
        s(FRIC_WORD_DM_N) := true;
        s(FRIC_WORD_KYX)  := true;
        return s;
    end function;
    constant WORD_BITS : word_int_t := word_bits_of;
    constant WORD_SGN  : word_bool_t := word_signed_of;
    function fits(addr : std_logic_vector(4 downto 0); d : std_logic_vector(31 downto 0)) return boolean is
        constant bits : integer := WORD_BITS(idx(addr));
        variable x : s64;
    begin
        if bits = 0 then
            return false;
        elsif WORD_SGN(idx(addr)) then
            x := resize(signed(d), 64);
            return x >= -shift_left(ONE, bits - 1) and x < shift_left(ONE, bits - 1);
        else
            x := signed(resize(unsigned(d), 64));
            return x < shift_left(ONE, bits);
        end if;
    end function;

    -- ---- tables (fric_pkg), one registered read port of two entries ---------
    type rom_t is array (natural range <>) of unsigned(TW - 1 downto 0);
    function rom_of(t : fric_table_t) return rom_t is
        variable r : rom_t(t'range);
    begin
        for i in t'range loop
            r(i) := t(i)(TW - 1 downto 0);
        end loop;
        return r;
    end function;
    constant ROM_RECIP : rom_t := rom_of(fric_table_recip(W));
    constant ROM_H     : rom_t := rom_of(fric_table_h(W));
    constant ROM_EXP   : rom_t := rom_of(fric_table_exp2pair(W));
    constant ROM_ALPHA : rom_t := rom_of(fric_table_epalpha(W));
    -- entry i of a table; past its end (which the state machine never reads) 0
    function rd(t : rom_t; i : integer) return unsigned is
    begin
        if i <= t'high then return t(i); else return to_unsigned(0, TW); end if;
    end function;
    constant T_RECIP : unsigned(1 downto 0) := "00";
    constant T_H     : unsigned(1 downto 0) := "01";
    constant T_EXP   : unsigned(1 downto 0) := "10";
    constant T_ALPHA : unsigned(1 downto 0) := "11";

    -- ---- the state machine's states (the Verilog's encoding) -----------------
    -- Case statements name every choice that does something, the codes no
    -- state has (53 to 63) included, and keep 'when others' for the
    -- metavalues of a vector: GHDL 2.0's Verilog writer (ghdl --synth
    -- --out=verilog, as the synthesis runs and make test-vhdl-netlist read
    -- the core) drops the default of a multiplexer, so whatever 'others'
    -- did would be lost from the netlist.
    subtype st_t is integer range 0 to 63;
    constant S_IDLE : st_t := 0;
    constant S_LOAD : st_t := 1;
    constant S_START : st_t := 2;
    constant S_ZERO : st_t := 3;
    constant S_COMMIT : st_t := 4;
    constant S_OUT : st_t := 5;
    -- y_w (y of a, KM, KS, DSEL), then exp2, then back to ret
    constant S_Y1 : st_t := 6;
    constant S_Y2 : st_t := 7;
    constant S_E0 : st_t := 8;
    constant S_E1 : st_t := 9;
    constant S_E2 : st_t := 10;
    -- a table interpolation, then back to ret
    constant S_I1 : st_t := 11;
    constant S_I2 : st_t := 12;
    -- g
    constant S_G1 : st_t := 13;
    constant S_G2 : st_t := 14;
    -- LuGre's approach
    constant S_L1 : st_t := 15;
    constant S_L2 : st_t := 16;
    constant S_L3 : st_t := 17;
    constant S_L4 : st_t := 18;
    constant S_L4B : st_t := 19;
    constant S_L5 : st_t := 20;
    constant S_L5B : st_t := 21;
    constant S_L5C : st_t := 22;
    -- the elasto-plastic step
    constant S_P1 : st_t := 23;
    constant S_P2 : st_t := 24;
    constant S_P3 : st_t := 25;
    constant S_P4 : st_t := 26;
    constant S_P5 : st_t := 27;
    constant S_P6 : st_t := 28;
    constant S_P7 : st_t := 29;
    constant S_P8 : st_t := 30;
    constant S_P9 : st_t := 31;
    constant S_P10 : st_t := 32;
    constant S_P11 : st_t := 33;
    constant S_P12 : st_t := 34;
    constant S_P13 : st_t := 35;
    constant S_P14 : st_t := 36;
    constant S_P15 : st_t := 37;
    constant S_P16A : st_t := 38;
    constant S_P16B : st_t := 39;
    constant S_P17 : st_t := 40;
    constant S_P18 : st_t := 41;
    constant S_P19 : st_t := 42;
    constant S_P20 : st_t := 43;
    -- the end of the step (lugre_end)
    constant S_N0 : st_t := 44;
    constant S_N1 : st_t := 45;
    constant S_N1B : st_t := 46;
    constant S_N2 : st_t := 47;
    constant S_N3 : st_t := 48;
    constant S_N4 : st_t := 49;
    constant S_N5 : st_t := 50;
    -- the second rounding of exp2, the normalized g
    constant S_E3 : st_t := 51;
    constant S_GN : st_t := 52;

    -- the registers one compute state writes (formats as in fric_fx.c;
    -- 64-bit carriers), with the operands of the product and the table port
    type step_t is record
        a_r, y_r, it_r, e_r, g_r, gw_r, u_r, tn_r, prod_r, diff_r, w1_r, pm_r, rden_r, dl_r, room_r, rg_r,
        alpha_r, dw_r, c1_r, s1_r, p_r, ym_r, gn_r, tot_r : s64;
        te_r, ge_r, de_r, sh_r, pn_r, ae_r, pe_r, yk_s_r, yi_r, it_fb_r : integer;
        dsel_r   : std_logic;
        sf_reg   : std_logic_vector(3 downto 0);   -- {W_SAT, S1_SAT, G_SAT, F_SAT} of the sample
        f_reg    : std_logic_vector(W - 1 downto 0);
        ret_reg  : st_t;
        ma_reg   : signed(MA_W - 1 downto 0);
        mb_reg   : unsigned(MB_W - 1 downto 0);
        tsel_reg : unsigned(1 downto 0);
        ta_reg   : unsigned(TA_W - 1 downto 0);
    end record;
    constant STEP0 : step_t := (
        a_r | y_r | it_r | e_r | g_r | gw_r | u_r | tn_r | prod_r | diff_r | w1_r | pm_r | rden_r | dl_r | room_r |
        rg_r | alpha_r | dw_r | c1_r | s1_r | p_r | ym_r | gn_r | tot_r => ZERO,
        te_r | ge_r | de_r | sh_r | pn_r | ae_r | pe_r | yk_s_r | yi_r | it_fb_r => 0,
        dsel_r => '0', sf_reg => (others => '0'), f_reg => (others => '0'), ret_reg => S_IDLE,
        ma_reg => (others => '0'), mb_reg => (others => '0'), tsel_reg => T_RECIP, ta_reg => (others => '0'));

    signal r, rn      : step_t := STEP0;
    signal st_reg     : st_t := S_ZERO;
    signal st_reg_n   : st_t;
    signal stm_we     : std_logic;
    signal ph_reg     : std_logic := '0';                               -- compute states act when ph_reg = 1
    signal cnt_reg    : unsigned(AXIS_W downto 0) := (others => '0');   -- zeroing: the axis
    signal ld_reg     : unsigned(5 downto 0) := (others => '0');        -- load and commit: the word
    signal ax_reg     : std_logic_vector(AXIS_W - 1 downto 0) := (others => '0');
    signal cm_pend, sr_pend, sr_all_reg : std_logic := '0';
    signal cm_axis_reg, sr_axis_reg : std_logic_vector(AXIS_W - 1 downto 0) := (others => '0');
    signal v_reg      : std_logic_vector(W - 1 downto 0) := (others => '0');
    signal neg_reg    : std_logic := '0';
    signal w0_r       : s64 := ZERO;

    -- the table port
    signal tq0_reg, tq1_reg : unsigned(TW - 1 downto 0) := (others => '0');
    -- the shared product, registered
    signal mp_reg     : signed(MA_W + MB_W downto 0) := (others => '0');

    -- ---- memories: staging set, the axes' sets, the axes' states ------------
    type pw_mem_t is array (natural range <>) of std_logic_vector(PW - 1 downto 0);
    type sw_mem_t is array (natural range <>) of std_logic_vector(SW - 1 downto 0);
    signal stg  : pw_mem_t(0 to 31) := (others => (others => '0'));
    signal par  : pw_mem_t(0 to NA * 32 - 1) := (others => (others => '0'));
    signal stm  : sw_mem_t(0 to NA - 1) := (others => (others => '0'));
    signal wk   : pw_mem_t(0 to 31) := (others => (others => '0'));   -- the set of the sample in progress
    signal parq_reg : std_logic_vector(PW - 1 downto 0) := (others => '0');

    -- output register, handshakes, flags
    signal m_v_reg    : std_logic := '0';
    signal m_d_reg    : std_logic_vector(W - 1 downto 0) := (others => '0');
    signal m_u_reg    : std_logic_vector(AXIS_W + 3 downto 0) := (others => '0');
    signal pop, idle, in_ready, s_take, cfg_take, cfg_fits, cfg_bad : std_logic;
    signal flags_reg  : std_logic_vector(4 downto 0) := (others => '0');
    signal flags_set  : std_logic_vector(4 downto 0);
begin
    assert W = 16 or W = 18
        report "fric_ep: W must be 16 or 18, not " & integer'image(W) severity failure;
    assert NUM_AXES >= 1 and NUM_AXES <= 256
        report "fric_ep: NUM_AXES must be 1 to 256, not " & integer'image(NUM_AXES) severity failure;

    -- ---- the table port --------------------------------------------------------
    process (clk)
        variable a0, a1 : integer;
        variable ta1 : unsigned(TA_W - 1 downto 0);
    begin
        if rising_edge(clk) then
            ta1 := r.ta_reg + 1;
            case r.tsel_reg is
                when T_RECIP =>
                    tq0_reg <= rd(ROM_RECIP, idx(std_logic_vector(r.ta_reg(TB downto 0))));
                    tq1_reg <= rd(ROM_RECIP, idx(std_logic_vector(ta1(TB downto 0))));
                when T_H =>
                    tq0_reg <= rd(ROM_H, idx(std_logic_vector(r.ta_reg(TB downto 0))));
                    tq1_reg <= rd(ROM_H, idx(std_logic_vector(ta1(TB downto 0))));
                when T_EXP =>
                    tq0_reg <= ROM_EXP(idx(std_logic_vector(r.ta_reg(TB - 1 downto 0))));
                    tq1_reg <= (others => '0');
                when T_ALPHA =>
                    a0 := to_integer(r.ta_reg);
                    a1 := to_integer(ta1);
                    tq0_reg <= rd(ROM_ALPHA, a0);
                    if r.ta_reg = TA_LAST then
                        tq1_reg <= rd(ROM_ALPHA, a0);
                    else
                        tq1_reg <= rd(ROM_ALPHA, a1);
                    end if;
                when others => null;    -- metavalues only: see the note on case statements above
            end case;
        end if;
    end process;

    -- ---- the shared product, registered -------------------------------------
    process (clk)
    begin
        if rising_edge(clk) then
            mp_reg <= r.ma_reg * signed('0' & r.mb_reg);
        end if;
    end process;

    -- ---- handshakes ------------------------------------------------------------
    pop <= m_v_reg and m_axis_tready;
    idle <= b2l(st_reg = S_IDLE);
    in_ready <= idle and not cm_pend and not sr_pend;
    s_axis_tready <= in_ready;
    srst_ready <= in_ready;
    cfg_ready <= not cm_pend;
    s_take <= s_axis_tvalid and in_ready;
    cfg_take <= cfg_valid and not cm_pend;
    cfg_fits <= b2l(fits(cfg_addr, cfg_data));
    cfg_bad <= cfg_take and not cfg_commit and not cfg_fits and not flags_clear(4);

    -- the cfg port: a word into the staging set, a commit pending
    process (clk)
    begin
        if rising_edge(clk) then
            if cfg_take = '1' and cfg_commit = '0' and cfg_fits = '1' then
                stg(idx(cfg_addr)) <= cfg_data(PW - 1 downto 0);
            end if;
            if cfg_take = '1' and cfg_commit = '1' then
                cm_pend <= '1';
                cm_axis_reg <= cfg_axis;
            end if;
            if st_reg = S_COMMIT and ld_reg = NWORDS - 1 then
                cm_pend <= '0';
            end if;
        end if;
    end process;

    -- a (read) port of the axes' sets
    process (clk)
    begin
        if rising_edge(clk) then
            parq_reg <= par(idx(ax_reg & std_logic_vector(ld_reg(4 downto 0))));
        end if;
    end process;

    -- ---- one step of the state machine: the next values of its registers -----
    process (all)
        variable n : step_t;
        variable st_n : st_t;
        variable we : std_logic;
        variable t0, t1, t2, mp, tq0, tq1 : s64;
        variable k0 : integer;
        -- the shared units: a normalizer, a limited shift, a rounding shift
        variable nx, sx, sl, rx, nm, so, ro : s64;
        variable ss, rs, ne : integer;
        -- the sample's fields
        variable f_km, f_ks, f_fc, f_dm, f_ds, f_bm, f_bs, f_kym, f_kyx, f_c1m, f_c1s, f_kdm, f_kds,
                 f_wba, f_kzm, f_kzs : s64;
        variable f_dsel, f_mden : std_logic;
    begin
        mp := mp_reg(63 downto 0);
        tq0 := signed(resize(tq0_reg, 64));
        tq1 := signed(resize(tq1_reg, 64));
        if neg_reg = '1' then
            f_km := ufield(wk(FRIC_WORD_KM_N));
            f_ks := ufield(wk(FRIC_WORD_KS_N));
            f_fc := ufield(wk(FRIC_WORD_FC_N));
            f_dm := sfield(wk(FRIC_WORD_DM_N), fric_bits_DM_P(W));
            f_ds := ufield(wk(FRIC_WORD_DS_N));
            f_bm := ufield(wk(FRIC_WORD_BM_N));
            f_bs := ufield(wk(FRIC_WORD_BS_N));
        else
            f_km := ufield(wk(FRIC_WORD_KM));
            f_ks := ufield(wk(FRIC_WORD_KS));
            f_fc := ufield(wk(FRIC_WORD_FC_P));
            f_dm := sfield(wk(FRIC_WORD_DM_P), fric_bits_DM_P(W));
            f_ds := ufield(wk(FRIC_WORD_DS_P));
            f_bm := ufield(wk(FRIC_WORD_BM_P));
            f_bs := ufield(wk(FRIC_WORD_BS_P));
        end if;
        f_dsel := wk(FRIC_WORD_DSEL)(0);
        f_kym := ufield(wk(FRIC_WORD_KYM));
        f_kyx := sfield(wk(FRIC_WORD_KYX), fric_bits_KYX(W));
        f_c1m := ufield(wk(FRIC_WORD_C1M));
        f_c1s := ufield(wk(FRIC_WORD_C1S));
        f_mden := wk(FRIC_WORD_MD_EN)(0);
        f_kdm := ufield(wk(FRIC_WORD_KDM));
        f_kds := ufield(wk(FRIC_WORD_KDS));
        f_wba := ufield(wk(FRIC_WORD_EP_WBA));
        f_kzm := ufield(wk(FRIC_WORD_EP_KZM));
        f_kzs := ufield(wk(FRIC_WORD_EP_KZS));

        n := r;
        st_n := st_reg;
        we := '0';
        t0 := ZERO;
        t1 := ZERO;
        t2 := ZERO;
        k0 := 0;
        -- the shared units' inputs (registers only), then their results
        nx := mp;
        sx := mp;
        ss := 0;
        sl := ZERO;
        rx := mp;
        rs := 0;
        case st_reg is
            when S_START => rx := w0_r; rs := WG;
            when S_Y2    => ss := r.yk_s_r - r.pe_r; sl := YMAX;
            when S_E2    => rs := FB;
            when S_E3    => rx := r.it_r; rs := TP - EF + r.yi_r;
            when S_I2    => rs := r.it_fb_r;
            when S_G2    => rs := EF + to_integer(f_ds(31 downto 0)) - G;
            when S_GN    => nx := r.g_r;
            when S_L3    => ss := 2 * W - 1 - YF + to_integer(f_kyx(31 downto 0)) + r.ge_r - r.te_r; sl := YLIM;
            when S_L4B   => rs := W;
            when S_L5B   => rs := HP;
            when S_L5C   => rs := r.sh_r + YF - r.pn_r;
            when S_P1    =>
                rs := to_integer(f_kzs(31 downto 0)) - WG;
                t1 := shift_left(f_wba, WG - G);
                if t1 > r.gw_r then
                    nx := ZERO;                           -- g_w - w_b, w_b limited to g_w
                else
                    nx := r.gw_r - t1;
                end if;
            when S_P4    => ss := 2 * W - 1 + r.de_r - EPF; sl := EP1;
            when S_P6    => ss := 2 * W - 1 + r.ge_r + WG - G - EPF; sl := EP1;
            when S_P7    => nx := r.dl_r; rs := EPF;
            when S_P8    => ss := EPF + 1 - r.te_r; sl := r.room_r;
            when S_P9    => ss := 2 * W - 1 + r.de_r - EPF; sl := EP1;
            when S_P13   => ss := r.sh_r + EPF; sl := YLIM;
            when S_P14   =>
                if r.y_r < shift_left(ONE, YF - 1) then nx := r.prod_r; else nx := r.alpha_r; end if;
                rs := EPF;
            when S_P16A  => rs := HP;
            when S_P16B  => ss := r.sh_r + YF - r.pn_r; sl := r.room_r;
            when S_P19   => rs := W;
            when S_P20   => ss := 2 * W - 1 + r.ae_r - EPF; sl := r.room_r;
            when S_N1B   => rs := EF;
            when S_N3    => rs := to_integer(f_c1s(31 downto 0));
            when S_N4    => rs := to_integer(f_bs(31 downto 0));
            when S_N5    => rx := r.tot_r; rs := WG;
            when S_IDLE | S_LOAD | S_ZERO | S_COMMIT | S_OUT | S_Y1 | S_E0 | S_E1 | S_I1 | S_G1 |
                 S_L1 | S_L2 | S_L4 | S_L5 | S_P2 | S_P3 | S_P5 | S_P10 | S_P11 | S_P12 | S_P15 |
                 S_P17 | S_P18 | S_N0 | S_N1 | S_N2 | 53 to 63 => null;
        end case;
        norm(nx, ne, nm);
        so := shift_to(sx, ss, sl);
        ro := rsr(rx, rs);
        t1 := ZERO;
        if ph_reg = '1' then
            case st_reg is
                when S_START =>
                    t0 := resize(signed(v_reg), 64);
                    if t0 < 0 then n.a_r := -t0; else n.a_r := t0; end if;
                    n.sf_reg := "0000";
                    if t0 = 0 then
                        -- hold: F = sat(rsr(w, WG))
                        t1 := ro;
                        if t1 > FMAX or t1 < -FMAX then
                            n.sf_reg := "0001";
                            if t1 > 0 then t1 := FMAX; else t1 := -FMAX; end if;
                        end if;
                        n.f_reg := std_logic_vector(t1(W - 1 downto 0));
                        st_n := S_OUT;
                    else
                        if t0 < 0 then
                            n.ma_reg := lo_a(-t0);
                            n.mb_reg := lo_b(-t0);
                        else
                            n.ma_reg := lo_a(t0);
                            n.mb_reg := lo_b(t0);
                        end if;
                        n.ym_r := f_km;
                        n.yk_s_r := to_integer(f_ks(31 downto 0));
                        n.dsel_r := f_dsel;
                        n.ret_reg := S_G1;
                        st_n := S_Y1;
                    end if;
                -- ---- y_w then exp2_w ----
                when S_Y1 =>
                    if r.dsel_r = '1' and ne > 0 then
                        t1 := nm;
                        n.pe_r := ne;
                    else
                        if r.dsel_r = '1' then t1 := mp; else t1 := r.a_r; end if;
                        n.pe_r := 0;
                    end if;
                    n.ma_reg := lo_a(t1);
                    n.mb_reg := lo_b(r.ym_r);
                    st_n := S_Y2;
                when S_Y2 =>
                    if r.yk_s_r < r.pe_r then
                        if mp /= 0 then n.y_r := YMAX; else n.y_r := ZERO; end if;
                    else
                        n.y_r := so;
                    end if;
                    st_n := S_E0;
                when S_E0 =>
                    if r.y_r > YMAX then t0 := YMAX; else t0 := r.y_r; end if;
                    n.yi_r := to_integer(shift_right(unsigned(t0(31 downto 0)), YF));
                    n.tsel_reg := T_EXP;
                    n.ta_reg := taddr(t0, YF - 1, FB);
                    n.p_r := low_bits(t0, FB);
                    st_n := S_E1;
                when S_E1 =>
                    -- exp2pair: {T[i] - T[i+1], T[i] - 2^(TP-1)}
                    t0 := low_bits(tq0, TP) + shift_left(ONE, TP - 1);
                    n.it_r := t0;
                    t1 := shift_right(tq0, TP);
                    n.ma_reg := lo_a(t1);
                    n.mb_reg := lo_b(r.p_r);
                    st_n := S_E2;
                when S_E2 =>
                    n.it_r := r.it_r - ro;
                    st_n := S_E3;
                when S_E3 =>
                    n.e_r := ro;
                    st_n := r.ret_reg;
                -- ---- table interpolation: ta_reg, tsel_reg, p_r (fraction), it_fb_r set ----
                when S_I1 =>
                    t0 := tq0 - tq1;
                    n.ma_reg := lo_a(t0);
                    n.mb_reg := lo_b(r.p_r);
                    st_n := S_I2;
                when S_I2 =>
                    n.it_r := tq0 - ro;
                    st_n := r.ret_reg;
                -- ---- g ----
                when S_G1 =>
                    n.ma_reg := lo_a(f_dm);
                    n.mb_reg := lo_b(r.e_r);
                    st_n := S_G2;
                when S_G2 =>
                    t0 := f_fc + ro;
                    if t0 < 1 or t0 > GMAX then
                        n.sf_reg(1) := '1';
                        if t0 < 1 then t0 := ONE; else t0 := GMAX; end if;
                    end if;
                    n.g_r := t0;
                    t1 := shift_left(t0, WG - G);
                    n.gw_r := t1;
                    t2 := neg_if(neg_reg, w0_r);
                    n.u_r := t2;
                    n.ma_reg := lo_a(r.a_r);
                    if f_wba = 0 or t2 >= t1 then n.mb_reg := lo_b(f_kym); else n.mb_reg := lo_b(f_kzm); end if;
                    st_n := S_GN;
                when S_GN =>
                    -- g normalized; the product of G2 stands
                    n.gn_r := nm;
                    n.ge_r := ne;
                    if f_wba = 0 or r.u_r >= r.gw_r then st_n := S_L1; else st_n := S_P1; end if;
                -- ---- LuGre: y2 = |v| KYM 2^-KYX / g and the approach ----
                when S_L1 =>
                    n.tn_r := nm;
                    n.te_r := ne;
                    t0 := r.gn_r - HALFW;
                    n.tsel_reg := T_RECIP;
                    n.ta_reg := taddr(t0, RF + TB - 1, RF);
                    n.p_r := low_bits(t0, RF);
                    n.it_fb_r := RF;
                    n.ret_reg := S_L2;
                    st_n := S_I1;
                when S_L2 =>
                    n.ma_reg := lo_a(r.tn_r);
                    n.mb_reg := lo_b(r.it_r);
                    st_n := S_L3;
                when S_L3 =>
                    k0 := 2 * W - 1 - YF + to_integer(f_kyx(31 downto 0)) + r.ge_r - r.te_r;
                    n.sh_r := k0;
                    n.prod_r := mp;
                    t0 := so;
                    n.y_r := t0;
                    t1 := neg_if(neg_reg, r.gw_r) - w0_r;
                    n.diff_r := t1;
                    if mp = 0 then
                        n.w1_r := w0_r;
                        st_n := S_N0;
                    elsif t0 >= YLIM then
                        n.w1_r := w0_r + t1;
                        st_n := S_N0;
                    elsif t0 >= shift_left(ONE, YF - 1) then
                        n.ret_reg := S_L4;
                        st_n := S_E0;
                    else
                        n.pm_r := nm;
                        n.pn_r := ne;
                        n.tsel_reg := T_H;
                        n.ta_reg := taddr(t0, HF + TB - 1, HF);
                        n.p_r := low_bits(t0, HF);
                        n.it_fb_r := HF;
                        n.ret_reg := S_L5;
                        st_n := S_I1;
                    end if;
                when S_L4 =>
                    n.ma_reg := lo_a(r.diff_r);
                    t0 := shift_left(ONE, W) - r.e_r;
                    n.mb_reg := lo_b(t0);
                    st_n := S_L4B;
                when S_L4B =>
                    n.w1_r := w0_r + ro;
                    st_n := S_N0;
                when S_L5 =>
                    n.ma_reg := lo_a(r.pm_r);
                    n.mb_reg := lo_b(r.it_r);
                    st_n := S_L5B;
                when S_L5B =>
                    t0 := ro;
                    n.ma_reg := lo_a(r.diff_r);
                    n.mb_reg := lo_b(t0);
                    st_n := S_L5C;
                when S_L5C =>
                    n.w1_r := w0_r + ro;
                    st_n := S_N0;
                -- ---- the elasto-plastic step ----
                when S_P1 =>
                    -- d = |v| KZM 2^(WG-KZS), (U,2W-1,WG)
                    if f_kzs <= WG64 then
                        t0 := shift_left(mp, WG - to_integer(f_kzs(31 downto 0)));
                    else
                        t0 := ro;
                    end if;
                    t1 := shift_left(f_wba, WG - G);
                    if t1 > r.gw_r then t1 := r.gw_r; end if;   -- w_b
                    n.rden_r := t1;                                -- w_b until P2
                    if r.u_r < t1 and r.u_r + t0 <= t1 then
                        n.w1_r := neg_if(neg_reg, r.u_r + t0);
                        st_n := S_N0;
                    else
                        t2 := r.u_r;
                        if r.u_r < t1 then
                            n.dl_r := r.u_r + t0 - t1;
                            t2 := t1;
                        else
                            n.dl_r := t0;
                        end if;
                        n.u_r := t2;
                        if t2 >= r.gw_r then
                            n.w1_r := neg_if(neg_reg, r.gw_r);
                            st_n := S_N0;
                        else
                            n.room_r := r.gw_r - t2;
                            n.de_r := ne;
                            t0 := nm - HALFW;
                            n.tsel_reg := T_RECIP;
                            n.ta_reg := taddr(t0, RF + TB - 1, RF);
                            n.p_r := low_bits(t0, RF);
                            n.it_fb_r := RF;
                            n.ret_reg := S_P2;
                            st_n := S_I1;
                        end if;
                    end if;
                when S_P2 =>
                    -- it_r = 1/(g_w - w_b); rden_r still holds w_b
                    n.prod_r := r.rden_r;                          -- w_b
                    n.rden_r := r.it_r;
                    t0 := r.gn_r - HALFW;
                    n.ta_reg := taddr(t0, RF + TB - 1, RF);
                    n.p_r := low_bits(t0, RF);
                    n.ret_reg := S_P3;
                    st_n := S_I1;
                when S_P3 =>
                    n.rg_r := r.it_r;
                    t0 := r.u_r - r.prod_r;                        -- u - w_b
                    n.ma_reg := lo_a(t0);
                    n.mb_reg := lo_b(r.rden_r);
                    st_n := S_P4;
                when S_P4 =>
                    t0 := so;
                    n.tsel_reg := T_ALPHA;
                    if t0 >= EP1 then
                        n.ta_reg := TA_LAST;
                        n.p_r := ZERO;
                    else
                        n.ta_reg := unsigned(t0(TA_W - 1 + EPB downto EPB));
                        n.p_r := low_bits(t0, EPB);
                    end if;
                    n.it_fb_r := EPB;
                    n.ret_reg := S_P5;
                    st_n := S_I1;
                when S_P5 =>
                    n.alpha_r := r.it_r;                           -- alpha0
                    n.ma_reg := lo_a(r.u_r);
                    n.mb_reg := lo_b(r.rg_r);
                    st_n := S_P6;
                when S_P6 =>
                    t0 := so;                                      -- qu
                    n.ma_reg := lo_a(t0);
                    n.mb_reg := lo_b(r.alpha_r);
                    st_n := S_P7;
                when S_P7 =>
                    t0 := EP1 - ro;                                -- hs
                    t1 := nm;
                    n.tn_r := t1;
                    n.te_r := ne;
                    n.ma_reg := lo_a(t1);
                    n.mb_reg := lo_b(t0);
                    st_n := S_P8;
                when S_P8 =>
                    t0 := r.u_r + so;                              -- u_m
                    t1 := t0 - r.prod_r;
                    n.ma_reg := lo_a(t1);
                    n.mb_reg := lo_b(r.rden_r);
                    st_n := S_P9;
                when S_P9 =>
                    t0 := so;
                    if t0 >= EP1 then
                        n.ta_reg := TA_LAST;
                        n.p_r := ZERO;
                    else
                        n.ta_reg := unsigned(t0(TA_W - 1 + EPB downto EPB));
                        n.p_r := low_bits(t0, EPB);
                    end if;
                    n.ret_reg := S_P10;
                    st_n := S_I1;
                when S_P10 =>
                    n.alpha_r := r.it_r;
                    if r.it_r = 0 then
                        if r.dl_r < r.room_r then t0 := r.dl_r; else t0 := r.room_r; end if;
                        t1 := r.u_r + t0;
                        n.w1_r := neg_if(neg_reg, t1);
                        st_n := S_N0;
                    else
                        n.ma_reg := lo_a(r.tn_r);
                        n.mb_reg := to_unsigned(L2E mod 2 ** MB_W, MB_W);
                        st_n := S_P11;
                    end if;
                when S_P11 =>
                    -- y_over_g(tn L2E, W - 1 + WG - G - te, g): 1/g is rg_r
                    t0 := nm;
                    n.sh_r := 2 * W - 1 - YF + (W - 1 + WG - G - r.te_r) + r.ge_r - ne;
                    n.ma_reg := lo_a(t0);
                    n.mb_reg := lo_b(r.rg_r);
                    st_n := S_P12;
                when S_P12 =>
                    n.prod_r := mp;
                    n.ma_reg := lo_a(mp);
                    n.mb_reg := lo_b(r.alpha_r);
                    st_n := S_P13;
                when S_P13 =>
                    n.y_r := so;
                    n.ma_reg := lo_a(r.u_r);
                    n.mb_reg := lo_b(r.alpha_r);
                    st_n := S_P14;
                when S_P14 =>
                    n.diff_r := r.gw_r - ro;
                    if r.y_r >= YLIM then
                        t1 := r.u_r + r.room_r;
                        n.w1_r := neg_if(neg_reg, t1);
                        st_n := S_N0;
                    elsif r.y_r < shift_left(ONE, YF - 1) then
                        n.pm_r := nm;
                        n.pn_r := ne;
                        n.tsel_reg := T_H;
                        n.ta_reg := taddr(r.y_r, HF + TB - 1, HF);
                        n.p_r := low_bits(r.y_r, HF);
                        n.it_fb_r := HF;
                        n.ret_reg := S_P15;
                        st_n := S_I1;
                    else
                        n.ae_r := ne;
                        t0 := nm - HALFW;
                        n.tsel_reg := T_RECIP;
                        n.ta_reg := taddr(t0, RF + TB - 1, RF);
                        n.p_r := low_bits(t0, RF);
                        n.it_fb_r := RF;
                        n.ret_reg := S_P17;
                        st_n := S_I1;
                    end if;
                when S_P15 =>
                    n.ma_reg := lo_a(r.pm_r);
                    n.mb_reg := lo_b(r.it_r);
                    st_n := S_P16A;
                when S_P16A =>
                    t0 := ro;
                    n.ma_reg := lo_a(r.diff_r);
                    n.mb_reg := lo_b(t0);
                    st_n := S_P16B;
                when S_P16B =>
                    t1 := r.u_r + so;
                    n.w1_r := neg_if(neg_reg, t1);
                    st_n := S_N0;
                when S_P17 =>
                    n.rden_r := r.it_r;                            -- 1/alpha from here on
                    n.ret_reg := S_P18;
                    st_n := S_E0;
                when S_P18 =>
                    n.ma_reg := lo_a(r.diff_r);
                    t0 := shift_left(ONE, W) - r.e_r;
                    n.mb_reg := lo_b(t0);
                    st_n := S_P19;
                when S_P19 =>
                    t0 := ro;
                    n.ma_reg := lo_a(t0);
                    n.mb_reg := lo_b(r.rden_r);
                    st_n := S_P20;
                when S_P20 =>
                    t1 := r.u_r + so;
                    n.w1_r := neg_if(neg_reg, t1);
                    st_n := S_N0;
                -- ---- lugre_end: the state stored, then the force ----
                when S_N0 =>
                    t0 := r.w1_r;
                    if t0 > WMAX or t0 < -WMAX then
                        n.sf_reg(3) := '1';
                        if t0 > 0 then t0 := WMAX; else t0 := -WMAX; end if;
                    end if;
                    n.w1_r := t0;
                    we := '1';
                    n.dw_r := t0 - w0_r;
                    if f_mden = '1' then
                        n.ma_reg := lo_a(r.a_r);
                        n.mb_reg := lo_b(r.a_r);
                        n.ym_r := f_kdm;
                        n.yk_s_r := to_integer(f_kds(31 downto 0));
                        n.dsel_r := '1';
                        n.ret_reg := S_N1;
                        st_n := S_Y1;
                    else
                        n.c1_r := f_c1m;
                        st_n := S_N2;
                    end if;
                when S_N1 =>
                    n.ma_reg := lo_a(f_c1m);
                    n.mb_reg := lo_b(r.e_r);
                    st_n := S_N1B;
                when S_N1B =>
                    n.c1_r := ro;
                    st_n := S_N2;
                when S_N2 =>
                    n.ma_reg := lo_a(r.dw_r);
                    n.mb_reg := lo_b(r.c1_r);
                    st_n := S_N3;
                when S_N3 =>
                    t0 := ro;
                    if t0 > S1MAX or t0 < -S1MAX then
                        n.sf_reg(2) := '1';
                        if t0 > 0 then t0 := S1MAX; else t0 := -S1MAX; end if;
                    end if;
                    n.s1_r := t0;
                    n.ma_reg := lo_a(r.a_r);
                    n.mb_reg := lo_b(f_bm);
                    st_n := S_N4;
                when S_N4 =>
                    t0 := shift_left(ro, WG - G);
                    n.tot_r := r.w1_r + r.s1_r + neg_if(neg_reg, t0);
                    st_n := S_N5;
                when S_N5 =>
                    t1 := ro;
                    if t1 > FMAX or t1 < -FMAX then
                        n.sf_reg(0) := '1';
                        if t1 > 0 then t1 := FMAX; else t1 := -FMAX; end if;
                    end if;
                    n.f_reg := std_logic_vector(t1(W - 1 downto 0));
                    st_n := S_OUT;
                when S_IDLE | S_LOAD | S_ZERO | S_COMMIT | S_OUT | 53 to 63 =>
                    st_n := S_IDLE;
            end case;
        end if;
        rn <= n;
        st_reg_n <= st_n;
        stm_we <= we;
    end process;

    -- ---- the sequencer: load, commit, zeroing, the compute states, output -----
    process (clk)
        variable t : std_logic_vector(SW - 1 downto 0);
    begin
        if rising_edge(clk) then
            if pop = '1' then
                m_v_reg <= '0';
            end if;
            if st_reg /= S_IDLE and st_reg /= S_LOAD and st_reg /= S_ZERO and st_reg /= S_COMMIT then
                ph_reg <= not ph_reg;
            else
                ph_reg <= '0';
            end if;
            case st_reg is
                when S_IDLE =>
                    if cm_pend = '1' then
                        st_reg <= S_COMMIT;
                        ld_reg <= (others => '0');
                    elsif sr_pend = '1' then
                        if sr_all_reg = '1' then
                            st_reg <= S_ZERO;
                            cnt_reg <= (others => '0');
                        else
                            stm(idx(sr_axis_reg)) <= (others => '0');
                        end if;
                        sr_pend <= '0';
                    elsif s_take = '1' then
                        v_reg <= s_axis_tdata;
                        neg_reg <= s_axis_tdata(W - 1);
                        ax_reg <= s_axis_tuser;
                        ld_reg <= (others => '0');
                        st_reg <= S_LOAD;
                    end if;
                    if srst_valid = '1' and in_ready = '1' then
                        sr_pend <= '1';
                        sr_all_reg <= srst_all;
                        sr_axis_reg <= srst_axis;
                    end if;
                when S_COMMIT =>
                    par(idx(cm_axis_reg & std_logic_vector(ld_reg(4 downto 0)))) <= stg(idx(std_logic_vector(ld_reg(4 downto 0))));
                    ld_reg <= ld_reg + 1;
                    if ld_reg = NWORDS - 1 then
                        st_reg <= S_IDLE;
                    end if;
                when S_ZERO =>
                    stm(idx(std_logic_vector(cnt_reg(AXIS_W - 1 downto 0)))) <= (others => '0');
                    cnt_reg <= cnt_reg + 1;
                    if cnt_reg = AX_LAST then
                        st_reg <= S_IDLE;
                    end if;
                when S_LOAD =>
                    -- parq_reg holds word ld_reg - 1
                    if ld_reg /= 0 then
                        wk(idx(std_logic_vector(ld_reg(4 downto 0) - 1))) <= parq_reg;
                    end if;
                    ld_reg <= ld_reg + 1;
                    if ld_reg = NWORDS then
                        st_reg <= S_START;
                        t := stm(idx(ax_reg));
                        w0_r <= resize(signed(t), 64);
                    end if;
                when S_OUT =>
                    if m_v_reg = '0' or pop = '1' then
                        m_v_reg <= '1';
                        m_d_reg <= r.f_reg;
                        m_u_reg <= r.sf_reg & ax_reg;
                        st_reg <= S_IDLE;
                    end if;
                when S_START | S_Y1 | S_Y2 | S_E0 | S_E1 | S_E2 | S_I1 | S_I2 | S_G1 | S_G2 | S_L1 |
                     S_L2 | S_L3 | S_L4 | S_L4B | S_L5 | S_L5B | S_L5C | S_P1 | S_P2 | S_P3 | S_P4 |
                     S_P5 | S_P6 | S_P7 | S_P8 | S_P9 | S_P10 | S_P11 | S_P12 | S_P13 | S_P14 | S_P15 |
                     S_P16A | S_P16B | S_P17 | S_P18 | S_P19 | S_P20 | S_N0 | S_N1 | S_N1B | S_N2 |
                     S_N3 | S_N4 | S_N5 | S_E3 | S_GN | 53 to 63 =>
                    if ph_reg = '1' then
                        r <= rn;
                        st_reg <= st_reg_n;
                        if stm_we = '1' then
                            stm(idx(ax_reg)) <= std_logic_vector(rn.w1_r(SW - 1 downto 0));
                        end if;
                    end if;
            end case;
            if rst = '1' then
                st_reg <= S_ZERO;
                cnt_reg <= (others => '0');
                m_v_reg <= '0';
                sr_pend <= '0';
            end if;
        end if;
    end process;

    -- ---- sticky flags ----------------------------------------------------------
    flags_set(4) <= cfg_bad;
    flags_set(3 downto 0) <= m_u_reg(AXIS_W + 3 downto AXIS_W) when pop = '1' else (others => '0');
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

    m_axis_tdata <= m_d_reg;
    m_axis_tuser <= m_u_reg;
    m_axis_tvalid <= m_v_reg;
end architecture rtl;
