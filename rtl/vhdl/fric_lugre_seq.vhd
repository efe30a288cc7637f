-- fric_lugre_seq: the sequencer architecture of the Dahl / LuGre core
-- (fric_lugre.vhd selects it with OPT_PIPE = 0); the VHDL-2008 twin of
-- rtl/fric_lugre_seq.v (same generics, ports, program, latency and
-- behaviour cycle for cycle), bit-exact with fric_fx_lugre_step() of the C
-- model (docs/fixed-point.md, docs/fric_lugre.md, the reference for both
-- languages):
--
--   w_ss = sign(v) g(v),  g(v) = FC + rsr(DM * E, EF + DS - G)
--   w'   = w + (w_ss - w)(1 - 2^-y2),  y2 = sigma0 |v| Ts / g(v) log2(e)
--   F    = sat(rsr(w' + rsr((w' - w) c1(v), C1S) + sign(v) visc(|v|) 2^(WG-G), WG))
--
-- Architecture: one sample at a time runs through a fixed program (the
-- states below) of register transfers around one W x W multiplier (operands
-- registered in one state, product two states later), three shared units
-- fed from registers and used in the next state (A: the narrow rounding /
-- limited shift on 2W + 2 bits; B: normalization of 2W bits; C: the wide
-- rounding shift on 64 bits), the exp2, reciprocal and h tables and the
-- state and parameter memories. Latency: 4 cycles for v = 0, tens of cycles
-- otherwise (docs/fric_lugre.md); one sample per program run.
--
-- Streams, cfg port, state resets, rst and sticky flags: as in the Verilog
-- core's header. s_axis_tready is high when the sequencer is idle, nothing
-- is pending and rst is low; a commit holds the stream for its 21-cycle copy.
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;
use work.fric_pkg.all;
use work.fric_core_pkg.all;

entity fric_lugre_seq is
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
end entity fric_lugre_seq;

architecture rtl of fric_lugre_seq is
    constant AXIS_W : integer := fric_axis_width(NUM_AXES);
    constant NA     : integer := 2 ** AXIS_W;

    -- ---- formats ----------------------------------------------------------
    constant GB     : integer := fric_G(W);   -- G of the formats (the signal g clashes: VHDL is case-insensitive)
    constant WG     : integer := fric_WG(W);
    constant EF     : integer := fric_EF(W);
    constant TP     : integer := fric_TP(W);
    constant YF     : integer := fric_YF(W);
    constant YW     : integer := fric_YI(W) + fric_YF(W);
    constant FB     : integer := fric_FB(W);
    constant RF     : integer := fric_RF(W);
    constant HP     : integer := fric_HP(W);
    constant HF     : integer := fric_HF(W);
    constant NWORDS : integer := FRIC_WORDS_LUGRE;
    constant PW     : integer := fric_bits_FC_P(W);  -- the widest field
    constant SW     : integer := W + WG;              -- the state w, (S,W,WG)
    constant NW     : integer := 2 * W + 2;           -- unit A's width

    subtype s64 is signed(63 downto 0);
    function pow2(n : integer) return s64 is
    begin
        return shift_left(to_signed(1, 64), n);
    end function;
    constant YMAX  : s64 := pow2(YW) - 1;
    constant YLIM  : s64 := pow2(YW);
    constant GMAX  : s64 := pow2(W - 1 + GB) - 1;
    constant WMAX  : s64 := pow2(W - 1 + WG) - 1;
    constant S1MAX : s64 := pow2(W + 1 + WG) - 1;
    constant FMAX  : s64 := pow2(W - 1) - 1;
    constant ONE_E : unsigned(W downto 0) := to_unsigned(2 ** EF, W + 1);
    constant ONE_W : unsigned(W downto 0) := shift_left(to_unsigned(1, W + 1), W);

    -- ---- arithmetic of the C model (fric_fx.c), one function each -------
    -- rsr: round half up after an arithmetic right shift; s <= 0: x; s >= 62: 0
    function rsr(x : s64; s : integer) return s64 is
    begin
        if s <= 0 then
            return x;
        elsif s >= 62 then
            return to_signed(0, 64);
        else
            return shift_right(x + pow2(s - 1), s);
        end if;
    end function;
    -- shift_to: x 2^-s rounded (s > 0) or exact (s <= 0), limited to lim (x >= 0)
    function shift_to(x : s64; s : integer; lim : s64) return s64 is
        variable y : s64;
    begin
        if s >= 0 then
            y := rsr(x, s);
            if y > lim then return lim; else return y; end if;
        elsif -s >= 62 then
            if x /= 0 then return lim; else return to_signed(0, 64); end if;
        elsif x > shift_right(lim, -s) then
            if x /= 0 then return lim; else return to_signed(0, 64); end if;
        else
            return shift_left(x, -s);
        end if;
    end function;
    -- in_sym(x, b): -(2^b - 1) <= x <= 2^b - 1, decided on the bits that can
    -- overflow: the bits from b up are all copies of the sign, and x is not -2^b
    function in_sym(x : s64; b : integer) return boolean is
        variable hi_mask : unsigned(63 downto 0);
        variable ux      : unsigned(63 downto 0);
    begin
        -- the mask bit by bit: ghdl --synth 2.0 folds not(2^b - 1) to 0 for b >= 32
        for i in 0 to 63 loop
            hi_mask(i) := b2l(i >= b);
        end loop;
        ux := unsigned(x);
        return (ux and hi_mask) = 0 or ((ux and hi_mask) = hi_mask and (ux and not hi_mask) /= 0);
    end function;
    -- x sign-extended (or zero-extended, for unsigned) to 64 bits
    function sx(x : signed) return s64 is
    begin
        return resize(x, 64);
    end function;
    function zx(x : unsigned) return s64 is
    begin
        return signed(resize(x, 64));
    end function;

    -- does a cfg word fit the field of its word number (fric_fx_word_fits)
    function fits(addr : std_logic_vector(4 downto 0); d : std_logic_vector(31 downto 0)) return boolean is
        variable a    : integer;
        variable bits : integer;
        variable sgn  : boolean := false;
    begin
        a := to_integer(unsigned(addr));
        if a = FRIC_WORD_KM then bits := fric_bits_KM(W);
        elsif a = FRIC_WORD_KS then bits := fric_bits_KS(W);
        elsif a = FRIC_WORD_DSEL then bits := fric_bits_DSEL(W);
        elsif a = FRIC_WORD_FC_P then bits := fric_bits_FC_P(W);
        elsif a = FRIC_WORD_DM_P then bits := fric_bits_DM_P(W); sgn := true;
        elsif a = FRIC_WORD_DS_P then bits := fric_bits_DS_P(W);
        elsif a = FRIC_WORD_BM_P then bits := fric_bits_BM_P(W);
        elsif a = FRIC_WORD_BS_P then bits := fric_bits_BS_P(W);
        elsif a = FRIC_WORD_FC_N then bits := fric_bits_FC_N(W);
        elsif a = FRIC_WORD_DM_N then bits := fric_bits_DM_N(W); sgn := true;
        elsif a = FRIC_WORD_DS_N then bits := fric_bits_DS_N(W);
        elsif a = FRIC_WORD_BM_N then bits := fric_bits_BM_N(W);
        elsif a = FRIC_WORD_BS_N then bits := fric_bits_BS_N(W);
        elsif a = FRIC_WORD_KYM then bits := fric_bits_KYM(W);
        elsif a = FRIC_WORD_KYX then bits := fric_bits_KYX(W); sgn := true;
        elsif a = FRIC_WORD_C1M then bits := fric_bits_C1M(W);
        elsif a = FRIC_WORD_C1S then bits := fric_bits_C1S(W);
        elsif a = FRIC_WORD_MD_EN then bits := fric_bits_MD_EN(W);
        elsif a = FRIC_WORD_KDM then bits := fric_bits_KDM(W);
        elsif a = FRIC_WORD_KDS then bits := fric_bits_KDS(W);
        else return false;
        end if;
        if sgn then   -- bits 31..bits-1 all equal
            return shift_right(signed(d), bits - 1) = 0 or shift_right(signed(d), bits - 1) = -1;
        else          -- bits 31..bits zero
            return shift_right(unsigned(d), bits) = 0;
        end if;
    end function;

    -- the field of the direction of v: positive-direction word + 5 for v < 0
    function dir_word(wp : integer; d : std_logic) return unsigned is
    begin
        if d = '1' then return to_unsigned(wp + 5, 5); else return to_unsigned(wp, 5); end if;
    end function;
    function word(wp : integer) return unsigned is
    begin
        return to_unsigned(wp, 5);
    end function;

    -- ---- memories ---------------------------------------------------------
    -- parameters: NA axis slots and the staging slot, 32 words each (20 used)
    type par_mem_t is array (0 to 2 * NA * 32 - 1) of std_logic_vector(PW - 1 downto 0);
    signal par    : par_mem_t := (others => (others => '0'));
    constant STG  : unsigned(AXIS_W downto 0) := to_unsigned(NA, AXIS_W + 1);
    signal par_ra : unsigned(AXIS_W + 5 downto 0);   -- {slot, word}; no initial value (above)
    signal par_q  : std_logic_vector(PW - 1 downto 0);
    signal par_s  : s64;       -- a signed field
    signal par_u  : integer;   -- an unsigned field

    -- bristle state w per axis
    type st_mem_t is array (0 to NA - 1) of std_logic_vector(SW - 1 downto 0);
    signal stm   : st_mem_t := (others => (others => '0'));
    signal st_ra : unsigned(AXIS_W - 1 downto 0);
    signal st_q  : s64;
    signal st_we : std_logic := '0';
    signal st_wa : unsigned(AXIS_W - 1 downto 0) := (others => '0');
    signal st_wd : std_logic_vector(SW - 1 downto 0) := (others => '0');

    -- tables (generated; 257 entries each, in 512-entry memories read at a
    -- registered address, so that synthesis maps them to block RAM as it
    -- does the Verilog core's)
    type tab_x_t is array (0 to 511) of unsigned(TP downto 0);
    type tab_w_t is array (0 to 511) of unsigned(W - 1 downto 0);
    function tab_x_init(t : fric_table_t) return tab_x_t is
        variable r : tab_x_t := (others => (others => '0'));
    begin
        for i in t'range loop
            r(i) := t(i)(TP downto 0);
        end loop;
        return r;
    end function;
    function tab_w_init(t : fric_table_t) return tab_w_t is
        variable r : tab_w_t := (others => (others => '0'));
    begin
        for i in t'range loop
            r(i) := t(i)(W - 1 downto 0);
        end loop;
        return r;
    end function;
    signal tab_exp : tab_x_t := tab_x_init(fric_table_exp2(W));
    signal tab_rec : tab_w_t := tab_w_init(fric_table_recip(W));
    signal tab_h   : tab_w_t := tab_w_init(fric_table_h(W));
    -- the memories' read addresses have no initial value (as in the Verilog
    -- core): an initialized register is not merged into a block RAM's port
    signal tx_a, tr_a, th_a : unsigned(8 downto 0);
    signal tx_n, tr_n, th_n : unsigned(8 downto 0);   -- their next values
    signal tr_low           : unsigned(W - 1 downto 0);
    signal tx_q : unsigned(TP downto 0);
    signal tr_q, th_q : unsigned(W - 1 downto 0);

    -- ---- the multiplier: operands registered in one state, product two states later
    signal mul_a, mul_b : unsigned(W - 1 downto 0) := (others => '0');
    signal mul_p : unsigned(2 * W - 1 downto 0) := (others => '0');
    signal mp : s64;

    -- ---- the shared units: inputs registered in one state, result used in the next
    -- A: the narrow rounding shift and the limited shift (shift_to), NW bits
    constant UA_RSR : unsigned(1 downto 0) := "00";
    constant UA_YMAX : unsigned(1 downto 0) := "01";
    constant UA_YLIM : unsigned(1 downto 0) := "10";
    signal ua_op : unsigned(1 downto 0) := "00";
    signal ua_x  : signed(NW - 1 downto 0) := (others => '0');
    signal ua_s  : integer := 0;
    signal ua_y  : signed(NW - 1 downto 0);
    -- B: normalization of a 2W-bit value
    signal ub_x    : unsigned(2 * W - 1 downto 0) := (others => '0');
    signal ub_m    : unsigned(W - 1 downto 0);
    signal ub_e    : integer;
    signal ub_wide : boolean;
    -- C: the wide rounding shift (the state's 64-bit arithmetic)
    signal uc_x : s64 := (others => '0');
    signal uc_s : integer := 0;
    signal uc_y : s64;

    -- ---- the program ------------------------------------------------------
    type state_t is (
        S_IDLE, S_CLR, S_CP,
        S_A0, S_A1, S_A2, S_A3, S_A4, S_A5, S_A6,
        S_X0, S_X1, S_X2, S_X3, S_X4, S_X5, S_X6,
        S_G0, S_G1, S_G2, S_G3, S_G4, S_G5, S_G6, S_G7, S_G8, S_G9, S_G10, S_G11, S_G12, S_G13,
        S_P2,
        S_P1, S_P1A, S_P1B, S_P1C, S_P1D, S_P1E, S_P1F, S_P1G, S_P1H,
        S_M0, S_M1, S_M2, S_M3, S_M4, S_M5, S_M6,
        S_W1,
        S_C0, S_C1, S_C2, S_C3, S_C4, S_C5, S_C6, S_C7, S_C8, S_C9, S_C10, S_C11,
        S_S2, S_V0, S_V1, S_V2, S_V3, S_V4,
        S_HOLD, S_OUT);
    signal st : state_t := S_IDLE;
    signal x_ret, m_ret : state_t := S_IDLE;   -- return states of the exp2 and wide-product subprograms

    -- sample registers
    signal v_r   : signed(W - 1 downto 0) := (others => '0');
    signal ax    : unsigned(AXIS_W - 1 downto 0) := (others => '0');
    signal neg   : std_logic := '0';
    signal a     : unsigned(W - 1 downto 0) := (others => '0');
    signal w0    : signed(SW - 1 downto 0) := (others => '0');
    signal dsel  : std_logic := '0';
    signal km, pq : unsigned(W - 1 downto 0) := (others => '0');
    signal pqe, pe, ks : integer := 0;
    -- exp2 subprogram: e_r = 2^-x_y
    signal x_y   : unsigned(YW - 1 downto 0) := (others => '0');
    signal x_yi  : integer := 0;
    signal x_fr  : unsigned(W - 1 downto 0) := (others => '0');
    signal x_t0  : unsigned(TP downto 0) := (others => '0');
    signal e_r   : unsigned(W downto 0) := (others => '0');
    -- g and the step exponent
    signal dm_mag : unsigned(W - 1 downto 0) := (others => '0');
    signal dm_neg, e_one : std_logic := '0';
    signal fc    : unsigned(PW - 1 downto 0) := (others => '0');
    signal g     : unsigned(W + GB - 1 downto 0) := (others => '0');   -- g in [1, 2^(W-1+GB) - 1]
    signal diff  : signed(SW downto 0) := (others => '0');
    signal ds, ge, te, kyx, sh : integer := 0;
    signal tn, r_fr, r_t0 : unsigned(W - 1 downto 0) := (others => '0');
    signal prod2 : unsigned(2 * W - 1 downto 0) := (others => '0');
    signal y2    : unsigned(YF - 2 downto 0) := (others => '0');   -- the bits the h table takes
    -- small-y2 path
    signal pm, h_fr, h_t0 : unsigned(W - 1 downto 0) := (others => '0');
    signal pn    : integer := 0;
    -- wide product subprogram: m_res = rsr(m_x * m_m, m_s)
    signal m_x   : signed(SW downto 0) := (others => '0');
    signal m_abs : unsigned(SW - 1 downto 0) := (others => '0');
    signal m_abs3 : unsigned(3 * W - 1 downto W);                  -- the high chunks
    signal m_acc, m_res : s64 := (others => '0');
    signal m_m   : unsigned(W downto 0) := (others => '0');
    signal m_s   : integer := 0;
    signal m_neg : std_logic := '0';
    -- update and output
    signal dw    : signed(SW downto 0) := (others => '0');
    signal w1    : signed(SW - 1 downto 0) := (others => '0');
    signal s1    : signed(SW + 1 downto 0) := (others => '0');
    signal md_en : std_logic := '0';
    signal dw_wide : std_logic := '0';                             -- dw is the wide product's result
    signal c1m   : unsigned(W - 1 downto 0) := (others => '0');
    signal c1    : unsigned(W downto 0) := (others => '0');
    signal c1s, kds, bs : integer := 0;
    signal sfl   : std_logic_vector(3 downto 0) := (others => '0'); -- {W_SAT, S1_SAT, G_SAT, F_SAT}
    signal fo_r  : std_logic_vector(W - 1 downto 0) := (others => '0');

    -- output register
    signal o_data  : std_logic_vector(W - 1 downto 0) := (others => '0');
    signal o_user  : std_logic_vector(AXIS_W + 3 downto 0) := (others => '0');
    signal o_valid : std_logic := '0';

    -- cfg port, state resets, flags
    signal cfg_rdy       : std_logic := '1';
    signal commit_pend   : std_logic := '0';
    signal srst_pend     : std_logic := '0';
    signal srst_pend_all : std_logic := '0';
    signal srst_rdy      : std_logic := '1';
    signal commit_ax, srst_ax : unsigned(AXIS_W - 1 downto 0) := (others => '0');
    signal cnt     : unsigned(5 downto 0) := (others => '0');
    signal clr_cnt : unsigned(AXIS_W downto 0) := (others => '0');
    signal sticky  : std_logic_vector(4 downto 0) := (others => '0');
    signal cfg_take, cfg_word_ok, cfg_bad, cp_we, par_we, out_take : std_logic;
    signal par_wa : unsigned(AXIS_W + 5 downto 0);
    signal par_wd : std_logic_vector(PW - 1 downto 0);
    signal v_abs_w : unsigned(W downto 0);
    signal v_abs  : unsigned(W - 1 downto 0);
begin
    m_axis_tdata <= o_data;
    m_axis_tuser <= o_user;
    m_axis_tvalid <= o_valid;
    cfg_ready <= cfg_rdy;
    srst_ready <= srst_rdy;
    flags <= sticky;
    s_axis_tready <= b2l(st = S_IDLE and commit_pend = '0' and srst_pend = '0' and rst = '0');

    -- memory reads: registered addresses
    par_q <= par(to_integer(par_ra));
    par_s <= resize(signed(par_q), 64);
    par_u <= to_integer(unsigned(par_q));
    st_q <= resize(signed(stm(to_integer(st_ra))), 64);
    process (clk)
    begin
        if rising_edge(clk) then
            if st_we = '1' then stm(to_integer(st_wa)) <= st_wd; end if;
        end if;
    end process;
    -- The tables are read in a clocked process at the address the sequencer
    -- is writing into tx_a / tr_a / th_a (the same value as the Verilog
    -- core's read of the registered address in the next cycle), so that
    -- ghdl --synth writes them as memories with a registered read, which
    -- Yosys maps to block RAM (an asynchronous read of a signal that is
    -- never written is written as a constant vector, hence logic).
    tx_n <= tx_a when rst = '1' else
            '0' & x_y(YF - 1 downto YF - 8) when st = S_X0 else
            tx_a + 1 when st = S_X1 else tx_a;
    tr_n <= tr_a when rst = '1' else
            '0' & tr_low(W - 2 downto W - 9) when st = S_G5 else
            tr_a + 1 when st = S_G6 else tr_a;
    th_n <= th_a when rst = '1' else
            '0' & y2(YF - 2 downto YF - 9) when st = S_P1 else
            th_a + 1 when st = S_P1A else th_a;
    tr_low <= ub_m - shift_left(to_unsigned(1, W), W - 1);
    process (clk)
    begin
        if rising_edge(clk) then
            tx_q <= tab_exp(to_integer(tx_n));
            tr_q <= tab_rec(to_integer(tr_n));
            th_q <= tab_h(to_integer(th_n));
        end if;
    end process;

    -- the multiplier
    process (clk)
    begin
        if rising_edge(clk) then
            mul_p <= mul_a * mul_b;
        end if;
    end process;
    mp <= zx(mul_p);

    -- the shared units
    process (ua_op, ua_x, ua_s)
        variable full : s64;
    begin
        if ua_op = UA_RSR then
            full := rsr(sx(ua_x), ua_s);
        elsif ua_op = UA_YMAX then
            full := shift_to(sx(ua_x), ua_s, YMAX);
        else
            full := shift_to(sx(ua_x), ua_s, YLIM);
        end if;
        ua_y <= full(NW - 1 downto 0);
    end process;
    -- norm() of the C model on 2W bits, written out (ghdl --synth 2.0 gets
    -- the record-returning norm function wrong: its netlist renormalized
    -- 1000000 to 0x1F454 * 2^3 instead of 0x3D090 * 2^2)
    process (ub_x)
        variable bl, e : integer;
        variable m     : unsigned(2 * W downto 0);
    begin
        bl := 0;
        for i in 0 to 2 * W - 1 loop
            if ub_x(i) = '1' then bl := i + 1; end if;
        end loop;
        e := bl - W;
        if bl = 0 then
            e := 0;
            m := (others => '0');
        elsif bl <= W then
            m := shift_left(resize(ub_x, 2 * W + 1), W - bl);
        else
            m := shift_right(resize(ub_x, 2 * W + 1) + shift_left(to_unsigned(1, 2 * W + 1), e - 1), e);
            if m(W) = '1' then   -- rounded up to 2^W: renormalize, exactly
                m := shift_right(m, 1);
                e := e + 1;
            end if;
        end if;
        ub_m <= m(W - 1 downto 0);
        ub_e <= e;
        ub_wide <= bl > W;
    end process;
    uc_y <= rsr(uc_x, uc_s);
    m_abs3 <= resize(m_abs(SW - 1 downto W), 2 * W);

    -- |v| by a negation (ghdl --synth writes abs as invalid Verilog)
    v_abs_w <= unsigned(-resize(v_r, W + 1)) when v_r(W - 1) = '1' else unsigned(resize(v_r, W + 1));
    v_abs <= v_abs_w(W - 1 downto 0);

    -- ---- cfg and state-reset requests (taken any time, applied when idle) --
    -- The parameter memory's one write port: a cfg word into the staging
    -- slot, or, during a commit's copy, the staging word read in the cycle
    -- before into the axis's slot.
    cfg_take <= cfg_valid and cfg_rdy and not rst;
    cfg_word_ok <= cfg_take and not cfg_commit and b2l(fits(cfg_addr, cfg_data));
    cfg_bad <= cfg_take and not cfg_commit and not cfg_word_ok;
    cp_we <= b2l(rst = '0' and st = S_CP and cnt /= 0);
    par_we <= cfg_word_ok or cp_we;
    par_wa <= ('0' & commit_ax & (cnt(4 downto 0) - 1)) when cp_we = '1' else (STG & unsigned(cfg_addr));
    par_wd <= par_q when cp_we = '1' else cfg_data(PW - 1 downto 0);
    process (clk)
    begin
        if rising_edge(clk) then
            if par_we = '1' then par(to_integer(par_wa)) <= par_wd; end if;
        end if;
    end process;

    process (clk)
    begin
        if rising_edge(clk) then
            if rst = '1' then
                -- a commit already taken survives; a pending state reset is covered by the clear
                srst_rdy <= '1';
                srst_pend <= '0';
                srst_pend_all <= '0';
            else
                if cfg_take = '1' and cfg_commit = '1' then
                    commit_pend <= '1';
                    commit_ax <= unsigned(cfg_axis);
                    cfg_rdy <= '0';
                end if;
                if srst_valid = '1' and srst_rdy = '1' then
                    srst_pend <= '1';
                    srst_pend_all <= srst_all;
                    srst_ax <= unsigned(srst_axis);
                    srst_rdy <= '0';
                end if;
                -- the sequencer's side: a commit copied, a state reset done
                if st = S_CP and cnt = NWORDS then
                    commit_pend <= '0';
                    cfg_rdy <= '1';
                end if;
                if st = S_IDLE and commit_pend = '0' and srst_pend = '1' and srst_pend_all = '0' then
                    srst_pend <= '0';
                    srst_rdy <= '1';
                end if;
                if st = S_CLR and clr_cnt = NA - 1 and srst_pend = '1' and srst_pend_all = '1' then
                    srst_pend <= '0';
                    srst_rdy <= '1';
                end if;
            end if;
        end if;
    end process;

    -- sticky flags: a refused word's CFG at its take, a sample's flags when its
    -- beat enters the output register (a set wins over a clear); rst clears.
    -- A process of its own: inside the sequencer's case, ghdl --synth (2.0)
    -- writes this register's next value as a case that Yosys reads as a latch.
    out_take <= b2l(st = S_OUT and (o_valid = '0' or m_axis_tready = '1'));
    process (clk)
    begin
        if rising_edge(clk) then
            if rst = '1' then
                sticky <= (others => '0');
            elsif out_take = '1' then
                sticky <= (sticky and not flags_clear) or (cfg_bad & sfl);
            else
                sticky <= (sticky and not flags_clear) or (cfg_bad & "0000");
            end if;
        end if;
    end process;

    -- ---- the sequencer ------------------------------------------------------
    -- Each state names what it issues (MUL: product two states later; UA, UB,
    -- UC: result in the next state) and what it takes.
    process (clk)
        variable pv   : unsigned(W - 1 downto 0);
        variable dtx  : unsigned(TP downto 0);
        variable dt   : unsigned(W - 1 downto 0);
        variable pr   : signed(NW - 1 downto 0);
        variable gv   : signed(NW downto 0);
        variable low  : unsigned(W - 1 downto 0);
        variable wss  : signed(SW downto 0);
        variable rv   : signed(NW - 1 downto 0);
        variable ab   : unsigned(3 * W - 1 downto 0);
        variable pr64 : s64;
        variable wn   : s64;
        variable vv   : s64;
        variable s1v  : s64;
        variable fo   : s64;
    begin
        if rising_edge(clk) then
            st_we <= '0';
            if rst = '1' then
                st <= S_CLR;
                clr_cnt <= (others => '0');
                o_valid <= '0';
            else
                if o_valid = '1' and m_axis_tready = '1' then o_valid <= '0'; end if;
                case st is
                    when S_CLR =>   -- every axis's state to 0, one per cycle
                        st_we <= '1';
                        st_wa <= clr_cnt(AXIS_W - 1 downto 0);
                        st_wd <= (others => '0');
                        clr_cnt <= clr_cnt + 1;
                        if clr_cnt = NA - 1 then st <= S_IDLE; end if;
                    when S_IDLE =>
                        if commit_pend = '1' then
                            st <= S_CP;
                            cnt <= (others => '0');
                        elsif srst_pend = '1' and srst_pend_all = '1' then
                            st <= S_CLR;
                            clr_cnt <= (others => '0');
                        elsif srst_pend = '1' then
                            st_we <= '1';
                            st_wa <= srst_ax;
                            st_wd <= (others => '0');
                        elsif s_axis_tvalid = '1' then
                            v_r <= signed(s_axis_tdata);
                            ax <= unsigned(s_axis_tuser);
                            st_ra <= unsigned(s_axis_tuser);
                            par_ra <= '0' & unsigned(s_axis_tuser) & word(FRIC_WORD_DSEL);
                            sfl <= (others => '0');
                            st <= S_A0;
                        end if;
                    when S_CP =>    -- word cnt read from staging; word cnt - 1 written (above)
                        par_ra <= STG & cnt(4 downto 0);
                        cnt <= cnt + 1;
                        if cnt = NWORDS then st <= S_IDLE; end if;

                    -- ---- |v|, the square, y = p KM >> (KS - pe) -------------------
                    when S_A0 =>    -- MUL |v|^2
                        a <= v_abs;
                        neg <= v_r(W - 1);
                        w0 <= st_q(SW - 1 downto 0);
                        dsel <= par_q(0);
                        mul_a <= v_abs;
                        mul_b <= v_abs;
                        par_ra <= '0' & ax & word(FRIC_WORD_KM);
                        if v_r = 0 then   -- hold: F = sat(rsr(w, WG))
                            uc_x <= st_q;
                            uc_s <= WG;
                            st <= S_HOLD;
                        else
                            st <= S_A1;
                        end if;
                    when S_A1 =>
                        km <= unsigned(par_q(W - 1 downto 0));
                        par_ra <= '0' & ax & word(FRIC_WORD_KS);
                        st <= S_A2;
                    when S_A2 =>    -- UB norm(|v|^2)
                        ks <= par_u;
                        ub_x <= mul_p;
                        st <= S_A3;
                    when S_A3 =>    -- the square normalized when wider than W; MUL p * KM
                        if ub_wide then
                            pq <= ub_m;
                            pqe <= ub_e;
                        else
                            pq <= ub_x(W - 1 downto 0);
                            pqe <= 0;
                        end if;
                        if dsel = '0' then
                            pv := a;
                        elsif ub_wide then
                            pv := ub_m;
                        else
                            pv := ub_x(W - 1 downto 0);
                        end if;
                        if dsel = '1' and ub_wide then pe <= ub_e; else pe <= 0; end if;
                        mul_a <= pv;
                        mul_b <= km;
                        st <= S_A4;
                    when S_A4 =>
                        st <= S_A5;
                    when S_A5 =>    -- UA y = shift_to(p KM, KS - pe, YMAX), or saturated
                        x_ret <= S_G0;
                        if ks < pe then
                            if mp /= 0 then x_y <= (others => '1'); else x_y <= (others => '0'); end if;
                            st <= S_X0;
                        else
                            ua_op <= UA_YMAX;
                            ua_x <= mp(NW - 1 downto 0);
                            ua_s <= ks - pe;
                            st <= S_A6;
                        end if;
                    when S_A6 =>
                        x_y <= unsigned(ua_y(YW - 1 downto 0));
                        st <= S_X0;

                    -- ---- exp2 subprogram: e_r = 2^-x_y, then back to x_ret ---------
                    when S_X0 =>
                        x_yi <= to_integer(x_y(YW - 1 downto YF));
                        x_fr <= resize(x_y(FB - 1 downto 0), W);
                        tx_a <= tx_n;
                        st <= S_X1;
                    when S_X1 =>
                        x_t0 <= tx_q;
                        tx_a <= tx_n;
                        st <= S_X2;
                    when S_X2 =>    -- MUL (T[i] - T[i+1]) fr
                        dtx := x_t0 - tx_q;
                        mul_a <= dtx(W - 1 downto 0);
                        mul_b <= x_fr;
                        st <= S_X3;
                    when S_X3 =>
                        st <= S_X4;
                    when S_X4 =>    -- UA rsr(product, FB)
                        ua_op <= UA_RSR;
                        ua_x <= mp(NW - 1 downto 0);
                        ua_s <= FB;
                        st <= S_X5;
                    when S_X5 =>    -- UA rsr(T[i] - that, TP - EF + yi)
                        ua_op <= UA_RSR;
                        ua_x <= signed(resize(x_t0, NW)) - ua_y;
                        ua_s <= TP - EF + x_yi;
                        st <= S_X6;
                    when S_X6 =>
                        e_r <= unsigned(ua_y(W downto 0));
                        st <= x_ret;

                    -- ---- g(v), the steady state, the step exponent y2 -------------
                    when S_G0 =>
                        par_ra <= '0' & ax & dir_word(FRIC_WORD_DM_P, neg);
                        st <= S_G1;
                    when S_G1 =>    -- MUL |DM| E
                        if par_s < 0 then
                            pv := unsigned(par_s(W - 1 downto 0));
                            pv := 0 - pv;
                            dm_neg <= '1';
                        else
                            pv := unsigned(par_s(W - 1 downto 0));
                            dm_neg <= '0';
                        end if;
                        dm_mag <= pv;
                        mul_a <= pv;
                        mul_b <= e_r(W - 1 downto 0);
                        e_one <= b2l(e_r = ONE_E);
                        par_ra <= '0' & ax & dir_word(FRIC_WORD_DS_P, neg);
                        st <= S_G2;
                    when S_G2 =>
                        ds <= par_u;
                        par_ra <= '0' & ax & dir_word(FRIC_WORD_FC_P, neg);
                        st <= S_G3;
                    when S_G3 =>    -- UA the dip rsr(DM E, EF + DS - GB)
                        fc <= unsigned(par_q);
                        if e_one = '1' then
                            pr := shift_left(signed(resize(dm_mag, NW)), EF);
                        else
                            pr := mp(NW - 1 downto 0);
                        end if;
                        ua_op <= UA_RSR;
                        if dm_neg = '1' then ua_x <= -pr; else ua_x <= pr; end if;
                        ua_s <= EF + ds - GB;
                        par_ra <= '0' & ax & word(FRIC_WORD_KYM);
                        st <= S_G4;
                    when S_G4 =>    -- g, limited to [1, 2^(W-1+GB) - 1]; UB norm(g); MUL |v| KYM
                        gv := signed(resize(fc, NW + 1)) + resize(ua_y, NW + 1);
                        if gv(NW) = '1' or gv(NW - 1 downto W - 1 + GB) /= 0 or gv = 0 then
                            sfl(1) <= '1';
                            if gv(NW) = '1' or gv = 0 then
                                gv := to_signed(1, NW + 1);
                            else
                                gv := GMAX(NW downto 0);
                            end if;
                        end if;
                        g <= unsigned(gv(W + GB - 1 downto 0));
                        ub_x <= resize(unsigned(gv(W + GB - 1 downto 0)), 2 * W);
                        mul_a <= a;
                        mul_b <= unsigned(par_q(W - 1 downto 0));
                        par_ra <= '0' & ax & word(FRIC_WORD_KYX);
                        st <= S_G5;
                    when S_G5 =>    -- w_ss, diff; the reciprocal's index from norm(g)
                        wss := shift_left(signed(resize(g, SW + 1)), WG - GB);
                        if neg = '1' then
                            diff <= -wss - resize(w0, SW + 1);
                        else
                            diff <= wss - resize(w0, SW + 1);
                        end if;
                        ge <= ub_e;
                        low := ub_m - shift_left(to_unsigned(1, W), W - 1);
                        tr_a <= tr_n;
                        r_fr <= resize(low(RF - 1 downto 0), W);
                        kyx <= to_integer(par_s(31 downto 0));
                        st <= S_G6;
                    when S_G6 =>    -- UB norm(|v| KYM); the reciprocal table
                        ub_x <= mul_p;
                        r_t0 <= tr_q;
                        tr_a <= tr_n;
                        st <= S_G7;
                    when S_G7 =>    -- MUL (R[i] - R[i+1]) fr
                        tn <= ub_m;
                        te <= ub_e;
                        dt := r_t0 - tr_q;
                        mul_a <= dt;
                        mul_b <= r_fr;
                        st <= S_G8;
                    when S_G8 =>
                        sh <= 2 * W - 1 - YF + kyx + ge - te;
                        st <= S_G9;
                    when S_G9 =>    -- UA rsr(product, RF)
                        ua_op <= UA_RSR;
                        ua_x <= mp(NW - 1 downto 0);
                        ua_s <= RF;
                        st <= S_G10;
                    when S_G10 =>   -- MUL tn * r
                        rv := signed(resize(r_t0, NW)) - ua_y;
                        mul_a <= tn;
                        mul_b <= unsigned(rv(W - 1 downto 0));
                        st <= S_G11;
                    when S_G11 =>
                        st <= S_G12;
                    when S_G12 =>   -- UA y2 = shift_to(tn r, sh, YLIM)
                        prod2 <= mul_p;
                        ua_op <= UA_YLIM;
                        ua_x <= mp(NW - 1 downto 0);
                        ua_s <= sh;
                        st <= S_G13;
                    when S_G13 =>
                        y2 <= unsigned(ua_y(YF - 2 downto 0));
                        dw_wide <= '0';
                        if prod2 = 0 then                        -- KYM = 0: no bristle motion
                            dw <= (others => '0');
                            st <= S_W1;
                        elsif sx(ua_y) >= YLIM then              -- w = w_ss
                            dw <= diff;
                            st <= S_W1;
                        elsif sx(ua_y) >= pow2(YF - 1) then
                            dw_wide <= '1';
                            x_y <= unsigned(ua_y(YW - 1 downto 0));
                            x_ret <= S_P2;
                            st <= S_X0;
                        else
                            dw_wide <= '1';
                            ub_x <= prod2;                       -- UB norm(prod)
                            st <= S_P1;
                        end if;

                    -- ---- psi = 1 - 2^-y2, dw = rsr(diff psi, W) -------------------
                    when S_P2 =>
                        m_x <= diff;
                        m_m <= ONE_W - e_r;
                        m_s <= W;
                        m_ret <= S_W1;
                        st <= S_M0;

                    -- ---- small y2: psi = y2 h(y2) in floating form ----------------
                    when S_P1 =>
                        pm <= ub_m;
                        pn <= ub_e;
                        th_a <= th_n;
                        h_fr <= resize(y2(HF - 1 downto 0), W);
                        st <= S_P1A;
                    when S_P1A =>
                        h_t0 <= th_q;
                        th_a <= th_n;
                        st <= S_P1B;
                    when S_P1B =>   -- MUL (H[i] - H[i+1]) fr
                        dt := h_t0 - th_q;
                        mul_a <= dt;
                        mul_b <= h_fr;
                        st <= S_P1C;
                    when S_P1C =>
                        st <= S_P1D;
                    when S_P1D =>   -- UA rsr(product, HF)
                        ua_op <= UA_RSR;
                        ua_x <= mp(NW - 1 downto 0);
                        ua_s <= HF;
                        st <= S_P1E;
                    when S_P1E =>   -- MUL pm * h
                        rv := signed(resize(h_t0, NW)) - ua_y;
                        mul_a <= pm;
                        mul_b <= unsigned(rv(W - 1 downto 0));
                        st <= S_P1F;
                    when S_P1F =>
                        st <= S_P1G;
                    when S_P1G =>   -- UA psi = rsr(product, HP)
                        ua_op <= UA_RSR;
                        ua_x <= mp(NW - 1 downto 0);
                        ua_s <= HP;
                        st <= S_P1H;
                    when S_P1H =>
                        m_x <= diff;
                        m_m <= unsigned(ua_y(W downto 0));
                        m_s <= sh + YF - pn;
                        m_ret <= S_W1;
                        st <= S_M0;

                    -- ---- wide product: m_res = rsr(m_x * m_m, m_s) ----------------
                    when S_M0 =>
                        if m_x < 0 then
                            ab := resize(unsigned(-m_x), 3 * W);
                            m_neg <= '1';
                        else
                            ab := resize(unsigned(m_x), 3 * W);
                            m_neg <= '0';
                        end if;
                        m_abs <= ab(SW - 1 downto 0);
                        mul_a <= ab(W - 1 downto 0);
                        mul_b <= m_m(W - 1 downto 0);
                        st <= S_M1;
                    when S_M1 =>
                        mul_a <= m_abs3(2 * W - 1 downto W);
                        mul_b <= m_m(W - 1 downto 0);
                        st <= S_M2;
                    when S_M2 =>
                        mul_a <= m_abs3(3 * W - 1 downto 2 * W);
                        mul_b <= m_m(W - 1 downto 0);
                        m_acc <= mp;
                        st <= S_M3;
                    when S_M3 =>
                        m_acc <= m_acc + shift_left(mp, W);
                        st <= S_M4;
                    when S_M4 =>
                        m_acc <= m_acc + shift_left(mp, 2 * W);
                        st <= S_M5;
                    when S_M5 =>    -- UC rsr(signed product, m_s)
                        if m_m(W) = '1' then   -- m = 2^W exactly
                            pr64 := shift_left(zx(m_abs), W);
                        else
                            pr64 := m_acc;
                        end if;
                        if m_neg = '1' then uc_x <= -pr64; else uc_x <= pr64; end if;
                        uc_s <= m_s;
                        st <= S_M6;
                    when S_M6 =>
                        m_res <= uc_y;
                        st <= m_ret;

                    -- ---- the new state ------------------------------------------------
                    when S_W1 =>
                        if dw_wide = '1' then
                            wn := sx(w0) + m_res;
                        else
                            wn := sx(w0) + sx(dw);
                        end if;
                        if not in_sym(wn, W - 1 + WG) then
                            sfl(3) <= '1';
                            if wn(63) = '1' then wn := -WMAX; else wn := WMAX; end if;
                        end if;
                        w1 <= wn(SW - 1 downto 0);
                        dw <= wn(SW downto 0) - resize(w0, SW + 1);
                        st_we <= '1';
                        st_wa <= ax;
                        st_wd <= std_logic_vector(wn(SW - 1 downto 0));
                        par_ra <= '0' & ax & word(FRIC_WORD_MD_EN);
                        st <= S_C0;

                    -- ---- c1(v) and the sigma1 term --------------------------------
                    when S_C0 =>
                        md_en <= par_q(0);
                        par_ra <= '0' & ax & word(FRIC_WORD_C1S);
                        st <= S_C1;
                    when S_C1 =>
                        c1s <= par_u;
                        par_ra <= '0' & ax & word(FRIC_WORD_C1M);
                        st <= S_C2;
                    when S_C2 =>
                        c1m <= unsigned(par_q(W - 1 downto 0));
                        c1 <= '0' & unsigned(par_q(W - 1 downto 0));
                        par_ra <= '0' & ax & word(FRIC_WORD_KDM);
                        if md_en = '1' then st <= S_C3; else st <= S_C8; end if;
                    when S_C3 =>    -- MUL pq * KDM
                        mul_a <= pq;
                        mul_b <= unsigned(par_q(W - 1 downto 0));
                        par_ra <= '0' & ax & word(FRIC_WORD_KDS);
                        st <= S_C4;
                    when S_C4 =>
                        kds <= par_u;
                        st <= S_C5;
                    when S_C5 =>    -- UA yd = shift_to(pq KDM, KDS - pqe, YMAX), or saturated
                        x_ret <= S_C6;
                        if kds < pqe then
                            if mp /= 0 then x_y <= (others => '1'); else x_y <= (others => '0'); end if;
                            st <= S_X0;
                        else
                            ua_op <= UA_YMAX;
                            ua_x <= mp(NW - 1 downto 0);
                            ua_s <= kds - pqe;
                            st <= S_C10;
                        end if;
                    when S_C10 =>
                        x_y <= unsigned(ua_y(YW - 1 downto 0));
                        st <= S_X0;
                    when S_C6 =>    -- c1 = C1M when E = 1, else MUL C1M E
                        if e_r = ONE_E then
                            c1 <= '0' & c1m;
                            st <= S_C8;
                        else
                            mul_a <= c1m;
                            mul_b <= e_r(W - 1 downto 0);
                            st <= S_C7;
                        end if;
                    when S_C7 =>
                        st <= S_C9;
                    when S_C9 =>    -- UA rsr(C1M E, EF)
                        ua_op <= UA_RSR;
                        ua_x <= mp(NW - 1 downto 0);
                        ua_s <= EF;
                        st <= S_C11;
                    when S_C11 =>
                        c1 <= unsigned(ua_y(W downto 0));
                        st <= S_C8;
                    when S_C8 =>
                        m_x <= dw;
                        m_m <= c1;
                        m_s <= c1s;
                        m_ret <= S_S2;
                        st <= S_M0;

                    -- ---- the sigma1 term's limit, the viscous term, the output ----
                    when S_S2 =>
                        s1v := m_res;
                        if not in_sym(s1v, W + 1 + WG) then
                            sfl(2) <= '1';
                            if s1v(63) = '1' then s1v := -S1MAX; else s1v := S1MAX; end if;
                        end if;
                        s1 <= s1v(SW + 1 downto 0);
                        par_ra <= '0' & ax & dir_word(FRIC_WORD_BM_P, neg);
                        st <= S_V0;
                    when S_V0 =>    -- MUL |v| BM
                        mul_a <= a;
                        mul_b <= unsigned(par_q(W - 1 downto 0));
                        par_ra <= '0' & ax & dir_word(FRIC_WORD_BS_P, neg);
                        st <= S_V1;
                    when S_V1 =>
                        bs <= par_u;
                        st <= S_V2;
                    when S_V2 =>    -- UA visc = rsr(|v| BM, BS)
                        ua_op <= UA_RSR;
                        ua_x <= mp(NW - 1 downto 0);
                        ua_s <= bs;
                        st <= S_V3;
                    when S_V3 =>    -- UC rsr(w' + s1 + sign(v) visc 2^(WG-GB), WG)
                        vv := shift_left(sx(ua_y), WG - GB);
                        if neg = '1' then
                            uc_x <= sx(w1) + sx(s1) - vv;
                        else
                            uc_x <= sx(w1) + sx(s1) + vv;
                        end if;
                        uc_s <= WG;
                        st <= S_V4;
                    when S_V4 | S_HOLD =>   -- the output, limited
                        fo := uc_y;
                        if not in_sym(fo, W - 1) then
                            sfl(0) <= '1';
                            if fo(63) = '1' then fo := -FMAX; else fo := FMAX; end if;
                        end if;
                        fo_r <= std_logic_vector(fo(W - 1 downto 0));
                        st <= S_OUT;
                    when S_OUT =>
                        if o_valid = '0' or m_axis_tready = '1' then
                            o_data <= fo_r;
                            o_user <= sfl & std_logic_vector(ax);
                            o_valid <= '1';
                            st <= S_IDLE;
                        end if;
                end case;
            end if;
        end if;
    end process;
end architecture rtl;
