-- SPDX-License-Identifier: Apache-2.0
-- fric_lugre_real: SIMULATION ONLY. The real-valued twin of fric_lugre in
-- VHDL-2008 (ieee.math_real), with the same generics and ports, and the
-- same behaviour as the Verilog variant rtl/sim/fric_lugre_real.v: it
-- decodes the same parameter words into real values (velocity in input
-- codes, force and state in output LSB) and takes the exact step in double
-- precision,
--
--   g   = FC 2^-G + DM 2^-DS 2^-y,        y  = (|v| or |v|^2) KM 2^-(KS+YF)
--   (FC, DM, DS, KM, KS of the direction of v: the _N words for v < 0)
--   w'  = w_ss + (w - w_ss) 2^-y2,         y2 = |v| KYM (2^W - 1) / (g 2^(G+W+KYX))
--   F   = w' + c1 (w' - w) + sign(v) |v| BM 2^-(BS+G),   c1 = C1M 2^-C1S (2^-yd with MD_EN)
--
-- quantizing only at the output port (round half up, saturated to
-- +-(2^(W-1) - 1), F_SAT). v = 0 holds the state. G_SAT when g leaves
-- [2^-G, 2^(W-1) - 2^-G]; S1_SAT and W_SAT are never set. Flow control: one
-- sample at a time with a latency of one cycle; a commit and a state reset
-- apply at their handshake. It appears in no synthesis file list.
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;
use ieee.math_real.all;
use work.fric_pkg.all;

entity fric_lugre_real is
    generic (
        W            : integer := 16;
        NUM_AXES     : integer := 8;
        OPT_FAST     : integer := 1;  -- no effect
        OPT_ECP5_DSP : integer := 0   -- no effect
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
end entity fric_lugre_real;

architecture sim of fric_lugre_real is
    constant AXIS_W : integer := fric_axis_width(NUM_AXES);
    constant NA     : integer := 2 ** AXIS_W;
    constant NWORDS : integer := FRIC_WORDS_LUGRE;
    constant G      : integer := fric_G(W);
    constant YF     : integer := fric_YF(W);
    constant FMAX   : real := 2.0 ** (W - 1) - 1.0;
    constant GMIN   : real := 2.0 ** (-G);
    constant GMAX   : real := 2.0 ** (W - 1) - 2.0 ** (-G);

    type words_t is array (0 to NWORDS - 1) of std_logic_vector(31 downto 0);
    type sets_t is array (0 to NA - 1) of words_t;
    type wst_t is array (0 to NA - 1) of real;
    signal stg : words_t := (others => (others => '0'));
    signal set : sets_t := (others => (others => (others => '0')));
    signal wst : wst_t := (others => 0.0);

    signal o_valid : std_logic := '0';
    signal o_data  : std_logic_vector(W - 1 downto 0) := (others => '0');
    signal o_user  : std_logic_vector(AXIS_W + 3 downto 0) := (others => '0');
    signal sticky  : std_logic_vector(4 downto 0) := (others => '0');
    signal ready, take, bad_word, hold : std_logic;
    signal w1_now  : real;
    signal sfl     : std_logic_vector(3 downto 0);
    signal fo      : std_logic_vector(W - 1 downto 0);

    function u(x : std_logic_vector(31 downto 0)) return real is
    begin
        return real(to_integer(unsigned(x(30 downto 0)))) + (2.0 ** 31) * real(to_integer(unsigned(x(31 downto 31))));
    end function;
    function s32(x : std_logic_vector(31 downto 0)) return real is
    begin
        return real(to_integer(signed(x)));
    end function;
    -- a shift count (a small field) as an integer, and 2^k exactly: the real
    -- ** real of math_real is exp(y log x) by series in GHDL, a few ulp off
    -- for whole y, where the Verilog variant's pow() is exact
    function ui(x : std_logic_vector(31 downto 0)) return integer is
    begin
        return to_integer(signed(x));
    end function;
    function p2(k : integer) return real is
    begin
        return 2.0 ** k;
    end function;
    -- does a word fit its field (fric_fx_word_fits)
    function fits(addr : std_logic_vector(4 downto 0); d : std_logic_vector(31 downto 0)) return boolean is
        constant a : integer := to_integer(unsigned(addr));
        variable bits : integer := 0;
        variable sgn : boolean := false;
    begin
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
        elsif a = FRIC_WORD_KM_N then bits := fric_bits_KM_N(W);
        elsif a = FRIC_WORD_KS_N then bits := fric_bits_KS_N(W);
        elsif a = FRIC_WORD_KYM then bits := fric_bits_KYM(W);
        elsif a = FRIC_WORD_KYX then bits := fric_bits_KYX(W); sgn := true;
        elsif a = FRIC_WORD_C1M then bits := fric_bits_C1M(W);
        elsif a = FRIC_WORD_C1S then bits := fric_bits_C1S(W);
        elsif a = FRIC_WORD_MD_EN then bits := fric_bits_MD_EN(W);
        elsif a = FRIC_WORD_KDM then bits := fric_bits_KDM(W);
        elsif a = FRIC_WORD_KDS then bits := fric_bits_KDS(W);
        end if;
        if bits = 0 then
            return false;
        elsif sgn then
            return d(31 downto bits - 1) = (31 downto bits - 1 => '0') or d(31 downto bits - 1) = (31 downto bits - 1 => '1');
        else
            return bits >= 32 or unsigned(d(31 downto bits)) = 0;
        end if;
    end function;
begin
    ready <= (not o_valid) or m_axis_tready;
    s_axis_tready <= ready;
    m_axis_tvalid <= o_valid;
    m_axis_tdata <= o_data;
    m_axis_tuser <= o_user;
    cfg_ready <= '1';
    srst_ready <= '1';
    flags <= sticky;
    take <= s_axis_tvalid and ready;
    bad_word <= '1' when cfg_valid = '1' and cfg_commit = '0' and not fits(cfg_addr, cfg_data) else '0';

    -- one exact step of the sample at the input port (taken at the handshake)
    process (all)
        variable av, y, e, gv, wss, w0, w1, y2, c1, yd, visc, f, fr : real;
        variable neg : boolean;
        variable ax, o, ok, os : integer;
        variable fl : std_logic_vector(3 downto 0);
        variable s : words_t;
    begin
        fl := "0000";
        ax := to_integer(to_01(unsigned(s_axis_tuser), '0'));
        s := set(ax);
        av := real(to_integer(to_01(signed(s_axis_tdata), '0')));
        neg := av < 0.0;
        if neg then
            av := -av; o := FRIC_WORD_FC_N - FRIC_WORD_FC_P; ok := FRIC_WORD_KM_N; os := FRIC_WORD_KS_N;
        else
            o := 0; ok := FRIC_WORD_KM; os := FRIC_WORD_KS;
        end if;
        w0 := wst(ax);
        w1 := w0;
        if av = 0.0 then
            hold <= '1';
            f := w0;
        else
            hold <= '0';
            if s(FRIC_WORD_DSEL)(0) = '1' then y := av * av; else y := av; end if;
            y := y * u(s(ok)) / p2(ui(s(os)) + YF);
            e := 2.0 ** (-y);
            gv := u(s(FRIC_WORD_FC_P + o)) * GMIN + s32(s(FRIC_WORD_DM_P + o)) / p2(ui(s(FRIC_WORD_DS_P + o))) * e;
            if gv < GMIN or gv > GMAX then
                fl(1) := '1';
                if gv < GMIN then gv := GMIN; else gv := GMAX; end if;
            end if;
            if neg then wss := -gv; else wss := gv; end if;
            y2 := av * u(s(FRIC_WORD_KYM)) * ((2.0 ** W) - 1.0) /
                  (gv * p2(G + W + ui(s(FRIC_WORD_KYX))));
            w1 := wss + (w0 - wss) * (2.0 ** (-y2));
            c1 := u(s(FRIC_WORD_C1M)) / p2(ui(s(FRIC_WORD_C1S)));
            if s(FRIC_WORD_MD_EN)(0) = '1' then
                yd := av * av * u(s(FRIC_WORD_KDM)) / p2(ui(s(FRIC_WORD_KDS)) + YF);
                c1 := c1 * (2.0 ** (-yd));
            end if;
            visc := av * u(s(FRIC_WORD_BM_P + o)) / p2(ui(s(FRIC_WORD_BS_P + o)) + G);
            if neg then visc := -visc; end if;
            f := w1 + c1 * (w1 - w0) + visc;
        end if;
        fr := floor(f + 0.5);
        if fr > FMAX or fr < -FMAX then
            fl(0) := '1';
            if fr > 0.0 then fr := FMAX; else fr := -FMAX; end if;
        end if;
        w1_now <= w1;
        sfl <= fl;
        fo <= std_logic_vector(to_signed(integer(fr), W));
    end process;

    process (clk)
    begin
        if rising_edge(clk) then
            if rst = '1' then
                o_valid <= '0';
                sticky <= (others => '0');
                wst <= (others => 0.0);
            else
                if o_valid = '1' and m_axis_tready = '1' then o_valid <= '0'; end if;
                if cfg_valid = '1' and cfg_commit = '1' then
                    set(to_integer(unsigned(cfg_axis))) <= stg;
                end if;
                if cfg_valid = '1' and cfg_commit = '0' and bad_word = '0' then
                    stg(to_integer(unsigned(cfg_addr))) <= cfg_data;
                end if;
                if srst_valid = '1' then
                    if srst_all = '1' then wst <= (others => 0.0);
                    else wst(to_integer(unsigned(srst_axis))) <= 0.0; end if;
                end if;
                if take = '1' then
                    if hold = '0' then wst(to_integer(unsigned(s_axis_tuser))) <= w1_now; end if;
                    o_data <= fo;
                    o_user <= sfl & s_axis_tuser;
                    o_valid <= '1';
                end if;
                if take = '1' then
                    sticky <= (sticky and not flags_clear) or (bad_word & sfl);
                else
                    sticky <= (sticky and not flags_clear) or (bad_word & "0000");
                end if;
            end if;
        end if;
    end process;
end architecture sim;
