-- SPDX-License-Identifier: Apache-2.0
-- fric_mul: exact unsigned product p = a * b with a fixed latency; the
-- VHDL-2008 twin of rtl/arith/fric_mul.v (same generics, ports, latency and
-- structure): either in a DSP block (a registered '*' that Yosys maps to an
-- iCE40 SB_MAC16 or ECP5 MULT18X18D, or with OPT_ECP5_DSP an explicit
-- MULT18X18D with its input and output registers, for synthesis only) or in
-- fabric as a pipelined shift-and-add array.
--
-- Formats: a (U,A_W,0), b (U,B_W,0), p (U,A_W+B_W,0), exact.
-- Latency: LATENCY clock-enabled cycles in both implementations
-- (OPT_FABRIC = 0: LATENCY >= 2; OPT_FABRIC = 1: LATENCY >= 1, adding
-- ceil(B_W / LATENCY) partial products per stage, every stage at least one).
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;
use work.fric_tool_pkg.all;

entity fric_mul is
    generic (
        A_W          : integer := 16;
        B_W          : integer := 16;
        LATENCY      : integer := 2;
        OPT_FABRIC   : integer := 0;  -- 1: shift-and-add array in fabric
        OPT_ECP5_DSP : integer := 0   -- 1 (with OPT_FABRIC = 0): an explicit MULT18X18D in synthesis
    );
    port (
        clk : in  std_logic;
        ce  : in  std_logic;
        a   : in  std_logic_vector(A_W - 1 downto 0);
        b   : in  std_logic_vector(B_W - 1 downto 0);
        p   : out std_logic_vector(A_W + B_W - 1 downto 0)
    );
end entity fric_mul;

architecture rtl of fric_mul is
    constant P_W : integer := A_W + B_W;

    component MULT18X18D is
        generic (
            REG_INPUTA_CLK : string := "NONE"; REG_INPUTA_CE : string := "CE0"; REG_INPUTA_RST : string := "RST0";
            REG_INPUTB_CLK : string := "NONE"; REG_INPUTB_CE : string := "CE0"; REG_INPUTB_RST : string := "RST0";
            REG_PIPELINE_CLK : string := "NONE";
            REG_OUTPUT_CLK : string := "NONE"; REG_OUTPUT_CE : string := "CE0"; REG_OUTPUT_RST : string := "RST0";
            GSR : string := "ENABLED"; RESETMODE : string := "SYNC"
        );
        port (
            A0, A1, A2, A3, A4, A5, A6, A7, A8, A9, A10, A11, A12, A13, A14, A15, A16, A17 : in std_logic;
            B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17 : in std_logic;
            C0, C1, C2, C3, C4, C5, C6, C7, C8, C9, C10, C11, C12, C13, C14, C15, C16, C17 : in std_logic;
            SIGNEDA, SIGNEDB, SOURCEA, SOURCEB : in std_logic;
            CLK0, CLK1, CLK2, CLK3, CE0, CE1, CE2, CE3, RST0, RST1, RST2, RST3 : in std_logic;
            P0, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, P16, P17,
            P18, P19, P20, P21, P22, P23, P24, P25, P26, P27, P28, P29, P30, P31, P32, P33, P34, P35 : out std_logic
        );
    end component;

    -- rows [lo, hi) of the array of stage k
    constant ROWS : integer := (B_W + LATENCY - 1) / LATENCY;
    function lo_of(k : integer) return integer is
    begin
        if k * ROWS < B_W then return k * ROWS; else return B_W; end if;
    end function;
    function hi_of(k : integer) return integer is
    begin
        return lo_of(k + 1);
    end function;
    -- sum of rows lo..hi-1 of a * b, each row shifted by its index - lo,
    -- in A_W + hi - lo bits (the exact width of that sum)
    function rowsum(av : unsigned; bv : unsigned; lo, hi : integer) return unsigned is
        variable r : unsigned(av'length + hi - lo - 1 downto 0) := (others => '0');
    begin
        for j in lo to hi - 1 loop
            r := r + shift_left(resize(av and (av'range => bv(j)), r'length), j - lo);
        end loop;
        return r;
    end function;
begin
    assert LATENCY >= 2 or (OPT_FABRIC /= 0 and LATENCY >= 1)
        report "fric_mul: LATENCY " & integer'image(LATENCY) & " too small for OPT_FABRIC " &
               integer'image(OPT_FABRIC) severity failure;
    assert OPT_FABRIC = 0 or ((B_W + LATENCY - 1) / LATENCY) * (LATENCY - 1) < B_W
        report "fric_mul: LATENCY " & integer'image(LATENCY) & " leaves a fabric stage without rows for B_W " &
               integer'image(B_W) severity failure;

    g_ecp5 : if OPT_FABRIC = 0 and OPT_ECP5_DSP /= 0 and not FRIC_SIMULATION generate
        signal a18, b18 : std_logic_vector(17 downto 0);
        signal p36      : std_logic_vector(35 downto 0);
    begin
        a18 <= std_logic_vector(resize(unsigned(a), 18));
        b18 <= std_logic_vector(resize(unsigned(b), 18));
        u_mult : MULT18X18D
            generic map (
                REG_INPUTA_CLK => "CLK0", REG_INPUTA_CE => "CE0", REG_INPUTA_RST => "RST0",
                REG_INPUTB_CLK => "CLK0", REG_INPUTB_CE => "CE0", REG_INPUTB_RST => "RST0",
                REG_PIPELINE_CLK => "NONE",
                REG_OUTPUT_CLK => "CLK0", REG_OUTPUT_CE => "CE0", REG_OUTPUT_RST => "RST0",
                GSR => "DISABLED", RESETMODE => "SYNC")
            port map (
                A0 => a18(0), A1 => a18(1), A2 => a18(2), A3 => a18(3), A4 => a18(4), A5 => a18(5),
                A6 => a18(6), A7 => a18(7), A8 => a18(8), A9 => a18(9), A10 => a18(10), A11 => a18(11),
                A12 => a18(12), A13 => a18(13), A14 => a18(14), A15 => a18(15), A16 => a18(16), A17 => a18(17),
                B0 => b18(0), B1 => b18(1), B2 => b18(2), B3 => b18(3), B4 => b18(4), B5 => b18(5),
                B6 => b18(6), B7 => b18(7), B8 => b18(8), B9 => b18(9), B10 => b18(10), B11 => b18(11),
                B12 => b18(12), B13 => b18(13), B14 => b18(14), B15 => b18(15), B16 => b18(16), B17 => b18(17),
                C0 => '0', C1 => '0', C2 => '0', C3 => '0', C4 => '0', C5 => '0', C6 => '0', C7 => '0',
                C8 => '0', C9 => '0', C10 => '0', C11 => '0', C12 => '0', C13 => '0', C14 => '0',
                C15 => '0', C16 => '0', C17 => '0',
                SIGNEDA => '0', SIGNEDB => '0', SOURCEA => '0', SOURCEB => '0',
                CLK0 => clk, CLK1 => '0', CLK2 => '0', CLK3 => '0',
                CE0 => ce, CE1 => '0', CE2 => '0', CE3 => '0',
                RST0 => '0', RST1 => '0', RST2 => '0', RST3 => '0',
                P0 => p36(0), P1 => p36(1), P2 => p36(2), P3 => p36(3), P4 => p36(4), P5 => p36(5),
                P6 => p36(6), P7 => p36(7), P8 => p36(8), P9 => p36(9), P10 => p36(10), P11 => p36(11),
                P12 => p36(12), P13 => p36(13), P14 => p36(14), P15 => p36(15), P16 => p36(16), P17 => p36(17),
                P18 => p36(18), P19 => p36(19), P20 => p36(20), P21 => p36(21), P22 => p36(22), P23 => p36(23),
                P24 => p36(24), P25 => p36(25), P26 => p36(26), P27 => p36(27), P28 => p36(28), P29 => p36(29),
                P30 => p36(30), P31 => p36(31), P32 => p36(32), P33 => p36(33), P34 => p36(34), P35 => p36(35));
        u_pad : entity work.fric_delay
            generic map (WIDTH => P_W, DEPTH => LATENCY - 2)
            port map (clk => clk, ce => ce, d => p36(P_W - 1 downto 0), q => p);
    end generate;

    g_dsp : if OPT_FABRIC = 0 and (OPT_ECP5_DSP = 0 or FRIC_SIMULATION) generate
        signal a_reg : unsigned(A_W - 1 downto 0);
        signal b_reg : unsigned(B_W - 1 downto 0);
        signal p_reg : unsigned(P_W - 1 downto 0);
    begin
        process (clk)
        begin
            if rising_edge(clk) then
                if ce = '1' then
                    a_reg <= unsigned(a);
                    b_reg <= unsigned(b);
                    p_reg <= a_reg * b_reg;
                end if;
            end if;
        end process;
        u_pad : entity work.fric_delay
            generic map (WIDTH => P_W, DEPTH => LATENCY - 2)
            port map (clk => clk, ce => ce, d => std_logic_vector(p_reg), q => p);
    end generate;

    g_fabric : if OPT_FABRIC /= 0 generate
        -- per stage k: the partial sum (A_W + hi_of(k) bits), the rows summed
        -- for stage k + 1, and the carried operands (a, and b without the
        -- rows already summed), each kept at full width (the unused top bits
        -- are constant zeros)
        type pw_t is array (0 to LATENCY - 1) of unsigned(P_W - 1 downto 0);
        type aw_t is array (0 to LATENCY - 1) of unsigned(A_W - 1 downto 0);
        type bw_t is array (0 to LATENCY - 1) of unsigned(B_W - 1 downto 0);
        signal acc_reg, rows_reg : pw_t := (others => (others => '0'));
        signal a_ops, a_in       : aw_t := (others => (others => '0'));
        signal b_ops, b_in       : bw_t := (others => (others => '0'));
    begin
        g_stage : for k in 0 to LATENCY - 1 generate
            constant LO  : integer := lo_of(k);
            constant HI  : integer := hi_of(k);
            constant NLO : integer := hi_of(k);
            constant NHI : integer := hi_of(k + 1);
        begin
            g_first : if k = 0 generate
                process (clk)
                begin
                    if rising_edge(clk) then
                        if ce = '1' then
                            acc_reg(0) <= resize(rowsum(unsigned(a), unsigned(b), LO, HI), P_W);
                        end if;
                    end if;
                end process;
            end generate;
            g_next : if k > 0 generate
                signal top : unsigned(A_W + HI - LO - 1 downto 0);
            begin
                top <= resize(acc_reg(k - 1)(A_W + LO - 1 downto LO), A_W + HI - LO) +
                       rows_reg(k - 1)(A_W + HI - LO - 1 downto 0);
                process (clk)
                begin
                    if rising_edge(clk) then
                        if ce = '1' then
                            acc_reg(k) <= resize(top & acc_reg(k - 1)(LO - 1 downto 0), P_W);
                        end if;
                    end if;
                end process;
            end generate;
            g_carry : if k < LATENCY - 1 generate
                g_src_port : if k = 0 generate
                    a_in(0) <= unsigned(a);
                    b_in(0) <= unsigned(b);
                end generate;
                g_src_prev : if k > 0 generate
                    a_in(k) <= a_ops(k - 1);
                    b_in(k) <= b_ops(k - 1);
                end generate;
                process (clk)
                begin
                    if rising_edge(clk) then
                        if ce = '1' then
                            rows_reg(k) <= resize(rowsum(a_in(k), b_in(k), NLO, NHI), P_W);
                        end if;
                    end if;
                end process;
                g_ops : if k < LATENCY - 2 generate
                    process (clk)
                    begin
                        if rising_edge(clk) then
                            if ce = '1' then
                                a_ops(k) <= a_in(k);
                                if NHI >= B_W then
                                    b_ops(k) <= (others => '0');
                                else
                                    b_ops(k) <= shift_left(shift_right(b_in(k), NHI), NHI);
                                end if;
                            end if;
                        end if;
                    end process;
                end generate;
            end generate;
        end generate;
        -- the elements no stage uses, driven to zero (undriven, a netlist
        -- would carry them as high impedance)
        g_unused : for k in 0 to LATENCY - 1 generate
            g_ops : if k >= LATENCY - 2 generate
                a_ops(k) <= (others => '0');
                b_ops(k) <= (others => '0');
            end generate;
            g_last : if k = LATENCY - 1 generate
                a_in(k) <= (others => '0');
                b_in(k) <= (others => '0');
                rows_reg(k) <= (others => '0');
            end generate;
        end generate;
        p <= std_logic_vector(acc_reg(LATENCY - 1));
    end generate;
end architecture rtl;
