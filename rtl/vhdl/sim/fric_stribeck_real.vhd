-- SPDX-License-Identifier: Apache-2.0
-- fric_stribeck_real: SIMULATION ONLY. The real-valued twin of
-- fric_stribeck in VHDL-2008 (ieee.math_real), with the same generics,
-- ports, latency and flow control as the core, and the same behaviour as the
-- Verilog variant rtl/sim/fric_stribeck_real.v: it decodes the same
-- parameter words into real values and computes
--
--   F = sign(v) * (Fc + (Fs - Fc) * exp(-(|v|/vs)^delta)) + b * v
--
-- in double precision, quantizing only at the output port (round half up of
-- the magnitude, sign after, saturated to +-(2^(W-1) - 1)). Use it to see
-- what the fixed-point arithmetic costs; it appears in no synthesis file list.
--
-- Differences from the fixed-point core: a commit applies to every field at
-- the same advance, cfg_ready is low only while a request is pending, and ce
-- is the plain (not m_axis_tvalid) or m_axis_tready (no output buffer).
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;
use ieee.math_real.all;
use work.fric_pkg.all;
use work.fric_core_pkg.all;

entity fric_stribeck_real is
    generic (
        W             : integer := 16;
        NUM_AXES      : integer := 8;
        OPT_FABRIC    : integer := 1;  -- accepted for port compatibility; no effect
        OPT_FAST      : integer := 0;  -- sets the latency, as in the core
        OPT_ECP5_DSP  : integer := 0;  -- no effect
        OPT_SPRAM     : integer := 0;  -- no effect
        OPT_RAM_DELAY : integer := 0   -- no effect
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
end entity fric_stribeck_real;

architecture sim of fric_stribeck_real is
    constant AXIS_W  : integer := fric_axis_width(NUM_AXES);
    constant NA      : integer := 2 ** AXIS_W;
    constant NW      : integer := FRIC_WORDS_STRIBECK;
    constant LATENCY : integer := fric_stribeck_latency(W, OPT_FAST);
    constant G       : integer := fric_G(W);
    constant YF      : integer := fric_YF(W);
    constant FMAX    : real := 2.0 ** (W - 1) - 1.0;
    constant BEAT_W  : integer := W + AXIS_W + 2;

    type words_t is array (0 to NW - 1) of std_logic_vector(31 downto 0);
    type sets_t is array (0 to NA - 1) of words_t;
    type pipe_t is array (0 to LATENCY - 1) of std_logic_vector(BEAT_W - 1 downto 0);

    signal ce, m_valid : std_logic;
    signal req_v, req_commit, bad_d : std_logic := '0';
    signal req_addr : std_logic_vector(3 downto 0) := (others => '0');
    signal req_axis : std_logic_vector(AXIS_W - 1 downto 0) := (others => '0');
    signal req_data : std_logic_vector(31 downto 0) := (others => '0');
    signal stg      : words_t := (others => (others => '0'));
    signal set      : sets_t := (others => (others => (others => '0')));
    signal valid_reg : std_logic_vector(LATENCY - 1 downto 0) := (others => '0');
    signal pipe_reg : pipe_t := (others => (others => '0'));
    signal flags_reg : std_logic_vector(2 downto 0) := "000";
    signal beat, out_beat : std_logic_vector(BEAT_W - 1 downto 0);

    function uval(d : std_logic_vector) return real is
    begin
        return real(to_integer(unsigned(d(30 downto 0)))) + (2.0 ** 31) * real(to_integer(unsigned(d(31 downto 31))));
    end function;
    -- a shift count (a small field) as an integer, and 2^k exactly: the real
    -- ** real of math_real is exp(y log x) by series in GHDL, a few ulp off
    -- for whole y, where the Verilog variant's pow() is exact
    function ui(d : std_logic_vector(31 downto 0)) return integer is
    begin
        return to_integer(signed(d));
    end function;
    function p2(k : integer) return real is
    begin
        return 2.0 ** k;
    end function;
    function fits(addr : std_logic_vector(3 downto 0); d : std_logic_vector(31 downto 0)) return boolean is
        constant a : integer := to_integer(unsigned(addr));
        variable bits : integer;
    begin
        if a = FRIC_WORD_KM or a = FRIC_WORD_KM_N or a = FRIC_WORD_BM_P or a = FRIC_WORD_BM_N then bits := W;
        elsif a = FRIC_WORD_KS or a = FRIC_WORD_KS_N or a = FRIC_WORD_BS_P or a = FRIC_WORD_BS_N then
            bits := fric_bits_KS(W);
        elsif a = FRIC_WORD_DSEL then bits := 1;
        elsif a = FRIC_WORD_FC_P or a = FRIC_WORD_FC_N then bits := fric_bits_FC_P(W);
        elsif a = FRIC_WORD_DS_P or a = FRIC_WORD_DS_N then bits := fric_bits_DS_P(W);
        else bits := -1;
        end if;
        if a = FRIC_WORD_DM_P or a = FRIC_WORD_DM_N then
            return d(31 downto W - 1) = (31 downto W - 1 => '0') or d(31 downto W - 1) = (31 downto W - 1 => '1');
        end if;
        return bits > 0 and unsigned(d(31 downto bits)) = 0;
    end function;
begin
    m_valid <= valid_reg(LATENCY - 1);
    ce <= (not m_valid) or m_axis_tready;
    s_axis_tready <= ce;
    cfg_ready <= ce and not req_v;

    -- the force of the sample at the port, from its axis's words
    process (all)
        variable ax, o, ok, os : integer;
        variable a, y, e, fc, dip, visc, mag : real;
        variable fl : std_logic_vector(1 downto 0);
        variable m_int : integer;
    begin
        ax := to_integer(to_01(unsigned(s_axis_tuser), '0'));
        a := abs real(to_integer(to_01(signed(s_axis_tdata), '0')));
        if s_axis_tdata(W - 1) = '1' then
            o := FRIC_WORD_FC_N - FRIC_WORD_FC_P; ok := FRIC_WORD_KM_N; os := FRIC_WORD_KS_N;
        else
            o := 0; ok := FRIC_WORD_KM; os := FRIC_WORD_KS;
        end if;
        if set(ax)(FRIC_WORD_DSEL)(0) = '1' then y := a * a; else y := a; end if;
        y := y * uval(set(ax)(ok)) / p2(ui(set(ax)(os))) / (2.0 ** YF);
        e := exp(-y * 0.6931471805599453);
        fc := uval(set(ax)(FRIC_WORD_FC_P + o)) / (2.0 ** G);
        dip := real(to_integer(signed(set(ax)(FRIC_WORD_DM_P + o)))) / p2(ui(set(ax)(FRIC_WORD_DS_P + o))) * e;
        visc := a * uval(set(ax)(FRIC_WORD_BM_P + o)) / p2(ui(set(ax)(FRIC_WORD_BS_P + o))) / (2.0 ** G);
        mag := floor(fc + dip + visc + 0.5);
        fl := "00";
        if mag < 0.0 then
            mag := 0.0;
            fl(1) := '1';
        end if;
        if mag > FMAX then
            mag := FMAX;
            fl(0) := '1';
        end if;
        if unsigned(to_01(unsigned(s_axis_tdata), '0')) = 0 then
            mag := 0.0;
            fl := "00";
        end if;
        m_int := integer(mag);
        if s_axis_tdata(W - 1) = '1' then m_int := -m_int; end if;
        beat <= fl & s_axis_tuser & std_logic_vector(to_signed(m_int, W + 1)(W - 1 downto 0));
    end process;

    process (clk)
    begin
        if rising_edge(clk) then
            if ce = '1' then
                valid_reg <= valid_reg(LATENCY - 2 downto 0) & s_axis_tvalid;
                pipe_reg(0) <= beat;
                for k in 1 to LATENCY - 1 loop
                    pipe_reg(k) <= pipe_reg(k - 1);
                end loop;
            end if;
            -- the core's contract: a word is checked and written a cycle after
            -- its handshake; a commit applies from the second advance after it
            if cfg_valid = '1' and ce = '1' and req_v = '0' then
                req_v <= '1';
                req_commit <= cfg_commit;
                req_addr <= cfg_addr;
                req_axis <= cfg_axis;
                req_data <= cfg_data;
            elsif req_v = '1' and (req_commit = '0' or ce = '1') then
                req_v <= '0';
            end if;
            if req_v = '1' and req_commit = '0' and fits(req_addr, req_data) then
                stg(to_integer(unsigned(req_addr))) <= req_data;
            end if;
            -- the sample accepted at this advance was computed from the old set
            if req_v = '1' and req_commit = '1' and ce = '1' then
                set(to_integer(unsigned(req_axis))) <= stg;
            end if;
            if req_v = '1' and req_commit = '0' and not fits(req_addr, req_data) then bad_d <= '1'; else bad_d <= '0'; end if;
            if m_valid = '1' and m_axis_tready = '1' then
                flags_reg <= (flags_reg and not flags_clear) or (bad_d & out_beat(BEAT_W - 1 downto BEAT_W - 2));
            else
                flags_reg <= (flags_reg and not flags_clear) or (bad_d & "00");
            end if;
            if rst = '1' then
                valid_reg <= (others => '0');
                flags_reg <= "000";
            end if;
        end if;
    end process;

    out_beat <= pipe_reg(LATENCY - 1);
    m_axis_tvalid <= m_valid;
    m_axis_tdata  <= out_beat(W - 1 downto 0);
    m_axis_tuser  <= out_beat(BEAT_W - 1 downto W);
    flags <= flags_reg;
end architecture sim;
