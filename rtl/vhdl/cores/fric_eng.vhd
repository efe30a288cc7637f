-- SPDX-License-Identifier: Apache-2.0
-- fric_eng: both friction models of the UP5K image on one programmable
-- engine; the VHDL-2008 twin of rtl/cores/fric_eng.v (same generic, ports,
-- program, pipeline and behaviour cycle for cycle; the GHDL bench checks its
-- pin stream against the Verilog engine's). NUM_AXES (1..4) axes of each
-- model at W = 16, bit-exact with fric_fx_stribeck() and
-- fric_fx_lugre_step() of the C model. The program and the table ROM come
-- from fric_eng_pkg (generated with the Verilog engine's hex files by
-- cmodel/gen/fric_gen_eng.c); docs/fric_eng.md has the design and the
-- instruction set, the Verilog file's header the contract of every port.
--
-- Architecture: a barrel processor of eight hardware threads (slots): slot
-- a < 4 runs the LuGre program for axis a, slot 4 + a the Stribeck program.
-- Every 9 clocks each slot issues one instruction (slots 0..7 in clocks
-- 0..7 of the round), so an instruction writes its result (S9, in the clock
-- of its slot's next fetch) before its slot's next register read (S1). Stages: S0 fetch; S1 decode, register and parameter read; S2
-- operand B, table read, CPY; S3 IN / OUT, shift amount, compare chunks,
-- multiplier operands; S4 and S5 the shifter (three levels each), compare
-- verdict, branch, MIN / MAX, the 16 x 16 products; S6..S8 the adder, 20
-- bits a stage; S9 the register write. No carry chain is longer than 20 bits.
--
-- Throughput and latency: 9 clocks per instruction of a sample's path:
-- Stribeck 29..49 instructions, LuGre 19..161; the eight slots run in
-- parallel, so a set of NUM_AXES axes of both models takes at most
-- 161 x 9 = 1449 clocks of work.
--
-- Ports, per model, as fric_stribeck (st_*) and fric_lugre (lg_*): input and
-- output AXI4-Stream (one register each per model), the cfg port (staging
-- set per model, commit per axis, copied by the slot's next IN), the LuGre
-- state resets (one axis or all), sticky flags {CFG, MAG_NEG, F_SAT} and
-- {CFG, W_SAT, S1_SAT, G_SAT, F_SAT} cleared by 1s in flags_clear. rst is
-- synchronous: the slots restart their boot code (which zeroes the LuGre
-- states), the stream registers empty, flags and pending resets clear; the
-- parameters and staging sets stay.
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;
use work.fric_pkg.all;
use work.fric_core_pkg.all;
use work.fric_eng_pkg.all;

entity fric_eng is
    generic (
        NUM_AXES : integer := 4   -- axes of each model, 1..4
    );
    port (
        clk              : in  std_logic;
        rst              : in  std_logic;

        st_s_axis_tdata  : in  std_logic_vector(15 downto 0);
        st_s_axis_tuser  : in  std_logic_vector(fric_axis_width(NUM_AXES) - 1 downto 0);
        st_s_axis_tvalid : in  std_logic;
        st_s_axis_tready : out std_logic;
        st_m_axis_tdata  : out std_logic_vector(15 downto 0);
        st_m_axis_tuser  : out std_logic_vector(fric_axis_width(NUM_AXES) + 1 downto 0);
        st_m_axis_tvalid : out std_logic;
        st_m_axis_tready : in  std_logic;
        st_cfg_valid     : in  std_logic;
        st_cfg_ready     : out std_logic;
        st_cfg_commit    : in  std_logic;
        st_cfg_addr      : in  std_logic_vector(3 downto 0);
        st_cfg_axis      : in  std_logic_vector(fric_axis_width(NUM_AXES) - 1 downto 0);
        st_cfg_data      : in  std_logic_vector(31 downto 0);
        st_flags         : out std_logic_vector(2 downto 0);
        st_flags_clear   : in  std_logic_vector(2 downto 0);

        lg_s_axis_tdata  : in  std_logic_vector(15 downto 0);
        lg_s_axis_tuser  : in  std_logic_vector(fric_axis_width(NUM_AXES) - 1 downto 0);
        lg_s_axis_tvalid : in  std_logic;
        lg_s_axis_tready : out std_logic;
        lg_m_axis_tdata  : out std_logic_vector(15 downto 0);
        lg_m_axis_tuser  : out std_logic_vector(fric_axis_width(NUM_AXES) + 3 downto 0);
        lg_m_axis_tvalid : out std_logic;
        lg_m_axis_tready : in  std_logic;
        lg_cfg_valid     : in  std_logic;
        lg_cfg_ready     : out std_logic;
        lg_cfg_commit    : in  std_logic;
        lg_cfg_addr      : in  std_logic_vector(4 downto 0);
        lg_cfg_axis      : in  std_logic_vector(fric_axis_width(NUM_AXES) - 1 downto 0);
        lg_cfg_data      : in  std_logic_vector(31 downto 0);
        lg_srst_valid    : in  std_logic;
        lg_srst_ready    : out std_logic;
        lg_srst_all      : in  std_logic;
        lg_srst_axis     : in  std_logic_vector(fric_axis_width(NUM_AXES) - 1 downto 0);
        lg_flags         : out std_logic_vector(4 downto 0);
        lg_flags_clear   : in  std_logic_vector(4 downto 0)
    );
end entity fric_eng;

architecture rtl of fric_eng is
    constant AXIS_W : integer := fric_axis_width(NUM_AXES);
    constant W      : integer := 16;                       -- the models' width
    constant ROUND  : integer := FRIC_ENG_ROUND;           -- clocks between two issues of a slot
    constant DW     : integer := 60;                       -- datapath width
    constant CH     : integer := 20;                       -- carry-chain chunk
    constant PWB    : integer := 20;                       -- parameter word bits kept
    constant TVB    : integer := FRIC_ENG_TAB_VALUE_BITS;
    constant TDB    : integer := FRIC_ENG_TAB_DIFF_BITS;

    subtype word_t is std_logic_vector(DW - 1 downto 0);
    function opc(n : integer) return std_logic_vector is
    begin
        return std_logic_vector(to_unsigned(n, 6));
    end function;
    function bsrc(n : integer) return std_logic_vector is
    begin
        return std_logic_vector(to_unsigned(n, 2));
    end function;
    function orv(v : std_logic_vector) return std_logic is
    begin
        return b2l(v /= (v'range => '0'));
    end function;
    function sext(v : std_logic_vector; n : integer) return std_logic_vector is
    begin
        return std_logic_vector(resize(signed(v), n));
    end function;
    function zext(v : std_logic_vector; n : integer) return std_logic_vector is
    begin
        return std_logic_vector(resize(unsigned(v), n));
    end function;
    -- n copies of b
    function rep(b : std_logic; n : integer) return std_logic_vector is
    begin
        return (n - 1 downto 0 => b);
    end function;
    -- a bit as a 1-bit unsigned (a carry in)
    function u1(b : std_logic) return unsigned is
        variable r : unsigned(0 downto 0);
    begin
        r(0) := b;
        return r;
    end function;
    -- arithmetic right shift of a datapath word by a constant
    function asr(v : word_t; n : integer) return word_t is
    begin
        return std_logic_vector(shift_right(signed(v), n));
    end function;
    -- bit length of a byte
    function blen8(x : std_logic_vector(7 downto 0)) return unsigned is
        variable r : unsigned(3 downto 0) := (others => '0');
    begin
        for k in 0 to 7 loop
            if x(k) = '1' then r := to_unsigned(k + 1, 4); end if;
        end loop;
        return r;
    end function;
    function onehot8(s : std_logic_vector(2 downto 0)) return std_logic_vector is
        variable r : std_logic_vector(7 downto 0) := (others => '0');
    begin
        r(idx(s)) := '1';
        return r;
    end function;

    -- ---- memories ---------------------------------------------------------------
    type rfa_t is array (0 to 255) of word_t;
    type rfb_t is array (0 to 255) of std_logic_vector(DW + 1 downto 0);  -- {B >= 64, B >= 32, B}
    type par_t is array (0 to 511) of std_logic_vector(PWB + 1 downto 0); -- {P >= 64, P >= 32, P}
    signal rfa : rfa_t := (others => (others => '0'));
    signal rfb : rfb_t := (others => (others => '0'));
    signal par : par_t := (others => (others => '0'));

    -- ---- per-slot state -------------------------------------------------------------
    type pc_arr_t is array (0 to 7) of unsigned(8 downto 0);
    type fl_arr_t is array (0 to 7) of std_logic_vector(4 downto 0);
    signal pc_r    : pc_arr_t := (others => (others => '0'));
    signal dir_r   : std_logic_vector(7 downto 0) := (others => '0');
    signal jfl_r   : fl_arr_t := (others => (others => '0'));
    signal cpend_r : std_logic_vector(7 downto 0) := (others => '0');
    signal busy_r  : std_logic_vector(7 downto 0) := (others => '0');
    signal rpend_r : std_logic_vector(3 downto 0) := (others => '0');
    signal ph      : unsigned(3 downto 0) := (others => '0');

    -- ---- the model registers (index 0 LuGre, 1 Stribeck) -------------------------
    type d16_t is array (0 to 1) of std_logic_vector(15 downto 0);
    type ax_t is array (0 to 1) of unsigned(1 downto 0);
    type fl5_t is array (0 to 1) of std_logic_vector(4 downto 0);
    signal i_v  : std_logic_vector(1 downto 0) := "00";
    signal i_d  : d16_t := (others => (others => '0'));
    signal i_ax : ax_t := (others => (others => '0'));
    signal o_v  : std_logic_vector(1 downto 0) := "00";
    signal o_d  : d16_t := (others => (others => '0'));
    signal o_ax : ax_t := (others => (others => '0'));
    signal o_fl : fl5_t := (others => (others => '0'));

    -- ---- S0, S1 ---------------------------------------------------------------------
    signal issue   : std_logic;
    signal slot0   : std_logic_vector(2 downto 0);
    signal pc0     : unsigned(8 downto 0);
    signal ir      : std_logic_vector(31 downto 0) := (others => '0');
    signal s1_v    : std_logic := '0';
    signal s1_slot : std_logic_vector(2 downto 0) := (others => '0');
    signal s1_pc   : unsigned(8 downto 0) := (others => '0');
    signal s1_dir  : std_logic := '0';
    signal op1     : std_logic_vector(5 downto 0);
    signal bsel1   : std_logic_vector(1 downto 0);
    signal word1   : std_logic_vector(4 downto 0);
    signal pa1     : std_logic_vector(8 downto 0);

    -- ---- S2 -------------------------------------------------------------------------
    signal rfa_q   : word_t := (others => '0');
    signal rfb_q   : std_logic_vector(DW + 1 downto 0) := (others => '0');
    signal par_q   : std_logic_vector(PWB + 1 downto 0) := (others => '0');
    signal s2_v    : std_logic := '0';
    signal s2_slot : std_logic_vector(2 downto 0) := (others => '0');
    signal s2_pc   : unsigned(8 downto 0) := (others => '0');
    signal s2_ir   : std_logic_vector(31 downto 0) := (others => '0');
    signal s2_cpy  : std_logic := '0';
    signal op2     : std_logic_vector(5 downto 0);
    signal bsel2   : std_logic_vector(1 downto 0);
    signal b2      : word_t;
    signal big6_2, big5_2, f2 : std_logic;

    -- ---- S3 -------------------------------------------------------------------------
    signal tab_q : std_logic_vector(TDB + TVB - 1 downto 0) := (others => '0');
    signal s3_a, s3_b : word_t := (others => '0');
    signal s3_big6, s3_big5, s3_cp, s3_rp, s3_iv : std_logic := '0';
    signal s3_sub, s3_rsr, s3_shr, s3_neg, s3_mulp, s3_in, s3_out, s3_tbl, s3_and, s3_nowr : std_logic := '0';
    signal s3_vd   : std_logic_vector(15 downto 0) := (others => '0');
    signal s3_v    : std_logic := '0';
    signal s3_slot : std_logic_vector(2 downto 0) := (others => '0');
    signal s3_soh  : std_logic_vector(7 downto 0) := (others => '0');
    signal s4_jclr : std_logic_vector(7 downto 0) := (others => '0');
    signal s3_pc   : unsigned(8 downto 0) := (others => '0');
    signal s3_ir   : std_logic_vector(31 downto 0) := (others => '0');

    signal cfg_we : std_logic := '0';
    signal cfg_wa : std_logic_vector(8 downto 0) := (others => '0');
    signal cfg_wd : std_logic_vector(PWB + 1 downto 0) := (others => '0');
    signal par_wa : std_logic_vector(8 downto 0);
    signal par_wd : std_logic_vector(PWB + 1 downto 0);

    signal op3      : std_logic_vector(5 downto 0);
    signal f3       : std_logic;
    signal tgt3     : unsigned(8 downto 0);
    signal pc1_3    : unsigned(8 downto 0);
    signal in3, in_commit3, in_rst3, in_take3, out3, out_go3 : std_logic;
    signal npc3     : unsigned(8 downto 0);
    signal we3      : std_logic;
    signal rd3      : std_logic_vector(4 downto 0);
    signal b_neg3   : std_logic;
    signal s63      : unsigned(5 downto 0);
    signal s16      : unsigned(4 downto 0);
    signal negate3  : std_logic;
    signal sp16_3   : std_logic;
    signal mb3      : std_logic_vector(15 downto 0);
    signal td3, nar3, nar_neg3 : std_logic;
    signal narrow3  : std_logic_vector(TVB - 1 downto 0);
    signal x3       : word_t;
    signal lt3, eq3 : std_logic_vector(2 downto 0);

    -- ---- S4 -------------------------------------------------------------------------
    signal s4_v     : std_logic := '0';
    signal s4_slot  : std_logic_vector(2 downto 0) := (others => '0');
    signal s4_op    : std_logic_vector(5 downto 0) := (others => '0');
    signal s4_fmask : std_logic_vector(4 downto 0) := (others => '0');
    signal s4_npc, s4_tgt : unsigned(8 downto 0) := (others => '0');
    signal s4_we    : std_logic := '0';
    signal s4_rd    : std_logic_vector(4 downto 0) := (others => '0');
    signal s4_x, s4_b : word_t := (others => '0');
    signal s4_sa    : unsigned(5 downto 0) := (others => '0');
    signal s4_cin, s4_half, s4_sp16, s4_neg : std_logic := '0';
    signal s4_lt, s4_eq : std_logic_vector(2 downto 0) := (others => '0');
    signal ma0, ma1, ma2, mb : unsigned(15 downto 0) := (others => '0');
    signal s4_mb    : unsigned(DW - 49 downto 0) := (others => '0');
    signal s4_bl    : std_logic_vector(15 downto 0) := (others => '0');
    signal sh4a, sh4b, sh4c : word_t;
    signal blen4    : unsigned(5 downto 0);
    signal lt4, eq4, br4, take4 : std_logic;

    -- ---- S5 -------------------------------------------------------------------------
    signal p0, p1, p2 : unsigned(31 downto 0) := (others => '0');
    signal s5_v     : std_logic := '0';
    signal s5_slot  : std_logic_vector(2 downto 0) := (others => '0');
    signal s5_npc   : unsigned(8 downto 0) := (others => '0');
    signal s5_fmask : std_logic_vector(4 downto 0) := (others => '0');
    signal s5_soh   : std_logic_vector(7 downto 0) := (others => '0');
    signal s5_we, s5_take, s5_mul, s5_add, s5_sub, s5_cin, s5_half, s5_sp16 : std_logic := '0';
    signal s5_rd    : std_logic_vector(4 downto 0) := (others => '0');
    signal s5_x, s5_b : word_t := (others => '0');
    signal s5_sa    : unsigned(2 downto 0) := (others => '0');
    signal s5_ncorr : unsigned(DW - 49 downto 0) := (others => '0');
    signal sh5a, sh5b, sh5c, mx5, my5 : word_t;

    -- ---- S6..S9 -----------------------------------------------------------------------
    signal s6_x, s6_y : word_t := (others => '0');
    signal s6_v, s6_cin, s6_half, s6_we : std_logic := '0';
    signal s6_wa    : std_logic_vector(7 downto 0) := (others => '0');
    signal add0     : unsigned(CH downto 0);
    signal s7_x, s7_y : std_logic_vector(DW - 1 downto CH) := (others => '0');
    signal s7_s     : std_logic_vector(CH - 1 downto 0) := (others => '0');
    signal s7_v, s7_c, s7_half, s7_we : std_logic := '0';
    signal s7_wa    : std_logic_vector(7 downto 0) := (others => '0');
    signal add1     : unsigned(CH downto 0);
    signal s8_x, s8_y : std_logic_vector(DW - 1 downto 2 * CH) := (others => '0');
    signal s8_s     : std_logic_vector(2 * CH - 1 downto 0) := (others => '0');
    signal s8_v, s8_c, s8_half, s8_we : std_logic := '0';
    signal s8_wa    : std_logic_vector(7 downto 0) := (others => '0');
    signal add2     : unsigned(CH - 1 downto 0);
    signal s9_sum   : word_t := (others => '0');
    signal s9_we, s9_half, s9_orlo : std_logic := '0';
    signal s9_wa    : std_logic_vector(7 downto 0) := (others => '0');
    signal wd9      : word_t;
    signal or7_9, big6_9, big5_9 : std_logic;

    -- ---- cfg, state resets, flags ------------------------------------------------------
    constant NCLS : integer := 8;
    -- the field classes' widths (fric_word_fits): 0 DS, 1 BS, 2 KS / C1S / KDS,
    -- 3 the W-bit mantissas, 4 FC, 5 DM (signed), 6 DSEL / MD_EN, 7 KYX (signed)
    constant CLS_W : std_logic_vector(8 * NCLS - 1 downto 0) :=
        std_logic_vector(to_unsigned(fric_bits_KYX(W), 8)) & std_logic_vector(to_unsigned(fric_bits_DSEL(W), 8)) &
        std_logic_vector(to_unsigned(fric_bits_DM_P(W), 8)) & std_logic_vector(to_unsigned(fric_bits_FC_P(W), 8)) &
        std_logic_vector(to_unsigned(fric_bits_KM(W), 8)) & std_logic_vector(to_unsigned(fric_bits_KS(W), 8)) &
        std_logic_vector(to_unsigned(fric_bits_BS_P(W), 8)) & std_logic_vector(to_unsigned(fric_bits_DS_P(W), 8));
    function word_class(addr : std_logic_vector(4 downto 0); stribeck : boolean) return std_logic_vector is
        constant a : integer := idx(addr);
        variable c : std_logic_vector(NCLS - 1 downto 0);
    begin
        if a = FRIC_WORD_DS_P or a = FRIC_WORD_DS_N then
            c := "00000001";
        elsif a = FRIC_WORD_BS_P or a = FRIC_WORD_BS_N then
            c := "00000010";
        elsif a = FRIC_WORD_KS or a = FRIC_WORD_KS_N or a = FRIC_WORD_C1S or a = FRIC_WORD_KDS then
            c := "00000100";
        elsif a = FRIC_WORD_KM or a = FRIC_WORD_KM_N or a = FRIC_WORD_BM_P or a = FRIC_WORD_BM_N or a = FRIC_WORD_KYM or
              a = FRIC_WORD_C1M or a = FRIC_WORD_KDM then
            c := "00001000";
        elsif a = FRIC_WORD_FC_P or a = FRIC_WORD_FC_N then
            c := "00010000";
        elsif a = FRIC_WORD_DM_P or a = FRIC_WORD_DM_N then
            c := "00100000";
        elsif a = FRIC_WORD_DSEL or a = FRIC_WORD_MD_EN then
            c := "01000000";
        elsif a = FRIC_WORD_KYX then
            c := "10000000";
        else
            c := "00000000";
        end if;
        if stribeck and a >= FRIC_WORDS_STRIBECK then c := "00000000"; end if;
        return c;
    end function;

    type addr_t is array (0 to 1) of std_logic_vector(4 downto 0);
    type data_t is array (0 to 1) of std_logic_vector(PWB - 1 downto 0);
    type cls_t is array (0 to 1) of std_logic_vector(NCLS - 1 downto 0);
    signal q_v, q_commit : std_logic_vector(1 downto 0) := "00";
    signal q_addr : addr_t := (others => (others => '0'));
    signal q_data : data_t := (others => (others => '0'));
    signal q_ax   : ax_t := (others => (others => '0'));
    signal q_cls  : cls_t := (others => (others => '0'));
    signal q_ok, q_old : std_logic_vector(1 downto 0) := "00";
    signal c_rdy  : std_logic_vector(1 downto 0) := "00";
    signal r_rdy  : std_logic := '0';
    signal commit_busy : std_logic;
    signal c_go, w_req, c_take : std_logic_vector(1 downto 0);
    signal wf     : integer range 0 to 1;
    signal w_go   : std_logic;
    signal c_take_commit : std_logic;
    signal lg_fits, st_fits : std_logic_vector(NCLS - 1 downto 0);
    signal r_v, r_all : std_logic := '0';
    signal r_ax   : std_logic_vector(AXIS_W - 1 downto 0) := (others => '0');
    signal sticky_st : std_logic_vector(2 downto 0) := (others => '0');
    signal sticky_lg : std_logic_vector(4 downto 0) := (others => '0');
    signal cfg_bad   : std_logic_vector(1 downto 0) := "00";
begin
    assert ROUND = 9
        report "fric_eng: FRIC_ENG_ROUND " & integer'image(ROUND) & "; this pipeline needs a round of 9 clocks" severity failure;
    assert NUM_AXES >= 1 and NUM_AXES <= 4
        report "fric_eng: NUM_AXES " & integer'image(NUM_AXES) & "; allowed 1..4" severity failure;

    -- the round: slot ph issues in clocks ph = 0..7; none in 8
    process (clk)
    begin
        if rising_edge(clk) then
            if rst = '1' or ph = ROUND - 1 then ph <= (others => '0'); else ph <= ph + 1; end if;
        end if;
    end process;

    -- ---- S0: fetch ---------------------------------------------------------------------
    issue <= not rst and not ph(3);
    slot0 <= std_logic_vector(ph(2 downto 0));
    pc0 <= pc_r(idx(slot0));
    process (clk)
    begin
        if rising_edge(clk) then
            ir <= FRIC_ENG_PROG(to_integer(pc0));
            s1_v <= issue;
            s1_slot <= slot0;
            s1_pc <= pc0;
            s1_dir <= dir_r(idx(slot0));
        end if;
    end process;

    -- ---- S1: decode, register and parameter read -------------------------------------------
    op1 <= ir(31 downto 26);
    bsel1 <= ir(15 downto 14);
    word1 <= ir(9 downto 5) when bsel1 = bsrc(FRIC_ENG_B_PARD) and s1_dir = '1' else ir(4 downto 0);
    pa1 <= "100" & s1_slot(2) & ir(4 downto 0) when op1 = opc(FRIC_ENG_OP_CPY) else '0' & s1_slot & word1;
    process (clk)
    begin
        if rising_edge(clk) then
            s2_cpy <= s1_v and not rst and b2l(op1 = opc(FRIC_ENG_OP_CPY));
            rfa_q <= rfa(idx(s1_slot & ir(20 downto 16)));
            rfb_q <= rfb(idx(s1_slot & ir(4 downto 0)));
            par_q <= par(idx(pa1));
            s2_v <= s1_v and not rst;
            s2_slot <= s1_slot;
            s2_pc <= s1_pc;
            s2_ir <= ir;
        end if;
    end process;

    -- ---- S2: operand B, table read, CPY ---------------------------------------------------
    op2 <= s2_ir(31 downto 26);
    bsel2 <= s2_ir(15 downto 14);
    b2 <= rfb_q(DW - 1 downto 0) when bsel2 = bsrc(FRIC_ENG_B_REG) else
          sext(s2_ir(13 downto 0), DW) when bsel2 = bsrc(FRIC_ENG_B_IMM) else
          sext(par_q(PWB - 1 downto 0), DW);
    big6_2 <= rfb_q(DW + 1) when bsel2 = bsrc(FRIC_ENG_B_REG) else
              (not s2_ir(13) and orv(s2_ir(12 downto 6))) when bsel2 = bsrc(FRIC_ENG_B_IMM) else par_q(PWB + 1);
    big5_2 <= rfb_q(DW) when bsel2 = bsrc(FRIC_ENG_B_REG) else
              (not s2_ir(13) and orv(s2_ir(12 downto 5))) when bsel2 = bsrc(FRIC_ENG_B_IMM) else par_q(PWB);
    f2 <= s2_slot(2);
    process (clk)
        variable m : integer range 0 to 1;
    begin
        if rising_edge(clk) then
            m := idx(s2_slot(2 downto 2));
            tab_q <= FRIC_ENG_TAB(idx(s2_ir(6 downto 5) & rfa_q(7 downto 0)));
            s3_a <= rfa_q;
            s3_b <= b2;
            s3_big6 <= big6_2;
            s3_big5 <= big5_2;
            s3_sub <= b2l(op2 = opc(FRIC_ENG_OP_SUB));
            s3_rsr <= b2l(op2 = opc(FRIC_ENG_OP_RSR));
            s3_shr <= b2l(op2 = opc(FRIC_ENG_OP_SHR));
            s3_neg <= b2l(op2 = opc(FRIC_ENG_OP_NEGIF));
            s3_mulp <= b2l(op2 = opc(FRIC_ENG_OP_MULP));
            s3_in <= b2l(op2 = opc(FRIC_ENG_OP_IN));
            s3_out <= b2l(op2 = opc(FRIC_ENG_OP_OUT));
            s3_tbl <= b2l(op2 = opc(FRIC_ENG_OP_TBL));
            s3_and <= b2l(op2 = opc(FRIC_ENG_OP_AND));
            -- no register write: branches, CPY, OUT (IN writes only when it takes v or resets)
            s3_nowr <= b2l((unsigned(op2) >= FRIC_ENG_OP_BLT and unsigned(op2) <= FRIC_ENG_OP_BNE) or
                           op2 = opc(FRIC_ENG_OP_CPY) or op2 = opc(FRIC_ENG_OP_OUT) or op2 = opc(FRIC_ENG_OP_IN));
            s3_cp <= cpend_r(idx(s2_slot));
            s3_rp <= not f2 and rpend_r(idx(s2_slot(1 downto 0)));
            s3_iv <= i_v(m) and b2l(i_ax(m) = unsigned(s2_slot(1 downto 0)));
            s3_vd <= i_d(m);
            s3_v <= s2_v and not rst;
            s3_slot <= s2_slot;
            s3_soh <= onehot8(s2_slot);
            s3_pc <= s2_pc;
            s3_ir <= s2_ir;
        end if;
    end process;

    -- the parameter memory's write port: a CPY's word, or a cfg word into a
    -- staging set (never both); address and data selected ahead of the one
    -- write, so GHDL's synthesis keeps the memory a RAM
    par_wa <= '0' & s2_slot & s2_ir(4 downto 0) when s2_cpy = '1' else cfg_wa;
    par_wd <= par_q when s2_cpy = '1' else cfg_wd;
    process (clk)
    begin
        if rising_edge(clk) then
            if (s2_cpy or cfg_we) = '1' then
                par(idx(par_wa)) <= par_wd;
            end if;
        end if;
    end process;

    -- ---- S3: IN and OUT, shift amount, compare, multiplier operands ------------------------
    op3 <= s3_ir(31 downto 26);
    f3 <= s3_slot(2);
    tgt3 <= unsigned(s3_ir(13 downto 5));
    pc1_3 <= s3_pc + 1;
    in3 <= s3_v and s3_in;
    in_commit3 <= in3 and s3_cp;
    in_rst3 <= in3 and not s3_cp and s3_rp;
    in_take3 <= in3 and not s3_cp and not s3_rp and s3_iv;
    out3 <= s3_v and s3_out;
    out_go3 <= out3 and not o_v(idx(s3_slot(2 downto 2)));
    npc3 <= tgt3 when (out_go3 or in_commit3) = '1' else
            s3_pc when ((out3 or in3) and not in_take3) = '1' else pc1_3;
    we3 <= in_take3 or in_rst3 or not s3_nowr;
    rd3 <= std_logic_vector(to_unsigned(FRIC_ENG_R_STATE, 5)) when in_rst3 = '1' else s3_ir(25 downto 21);
    b_neg3 <= s3_b(DW - 1);
    -- B clamped to 0..63 and to 0..16
    s63 <= (others => '0') when b_neg3 = '1' else to_unsigned(63, 6) when s3_big6 = '1' else unsigned(s3_b(5 downto 0));
    s16 <= (others => '0') when b_neg3 = '1' else
           to_unsigned(16, 5) when (s3_big5 or (s3_b(4) and orv(s3_b(3 downto 0)))) = '1' else unsigned(s3_b(4 downto 0));
    negate3 <= s3_neg and b_neg3;
    -- the multiplier's B: the low 16 bits, or 1 with a 16-bit shift after
    sp16_3 <= s16(4) when s3_mulp = '1' else s3_b(16);
    mb3 <= x"0001" when sp16_3 = '1' else
           std_logic_vector(shift_left(to_unsigned(1, 16), to_integer(s16(3 downto 0)))) when s3_mulp = '1' else
           s3_b(15 downto 0);
    -- the shifter's input: A (or not A), or a value passing through: TBL's value
    -- or difference, AND's 16 bits, IN's v, IN's state reset 0
    td3 <= s3_ir(8);
    nar3 <= s3_tbl or s3_and or s3_in;
    narrow3 <= zext(tab_q(TDB + TVB - 1 downto TVB), TVB) when s3_tbl = '1' and td3 = '1' else
               tab_q(TVB - 1 downto 0) when s3_tbl = '1' else
               zext(s3_a(15 downto 0) and s3_b(15 downto 0), TVB) when s3_and = '1' else
               sext(s3_vd, TVB) when in_take3 = '1' else (others => '0');
    nar_neg3 <= in_take3 and s3_vd(15);
    -- RSR: rsr(A, s) = ((2 A >> s) + 1) >> 1 for every s >= 0
    x3 <= rep(nar_neg3, DW - TVB) & narrow3 when nar3 = '1' else
          not s3_a when negate3 = '1' else
          s3_a(DW - 2 downto 0) & '0' when s3_rsr = '1' else s3_a;
    -- the compare A - B: per 20-bit chunk "less" and "equal"
    lt3 <= b2l(signed(s3_a(DW - 1 downto 2 * CH)) < signed(s3_b(DW - 1 downto 2 * CH))) &
           b2l(unsigned(s3_a(2 * CH - 1 downto CH)) < unsigned(s3_b(2 * CH - 1 downto CH))) &
           b2l(unsigned(s3_a(CH - 1 downto 0)) < unsigned(s3_b(CH - 1 downto 0)));
    eq3 <= b2l(s3_a(DW - 1 downto 2 * CH) = s3_b(DW - 1 downto 2 * CH)) &
           b2l(s3_a(2 * CH - 1 downto CH) = s3_b(2 * CH - 1 downto CH)) &
           b2l(s3_a(CH - 1 downto 0) = s3_b(CH - 1 downto 0));

    process (clk)
        variable fsel : integer range 0 to 7;
    begin
        if rising_edge(clk) then
            s4_v <= s3_v and not rst;
            s4_slot <= s3_slot;
            s4_op <= op3;
            fsel := idx(s3_ir(10 downto 8));
            if fsel = 0 then
                s4_fmask <= (others => '0');
            else
                s4_fmask <= std_logic_vector(shift_left(to_unsigned(1, 5), fsel - 1));
            end if;
            s4_npc <= npc3;
            s4_tgt <= tgt3;
            s4_we <= we3;
            s4_rd <= rd3;
            s4_x <= x3;
            s4_b <= s3_b;
            if (s3_rsr or s3_shr) = '1' then s4_sa <= s63; else s4_sa <= (others => '0'); end if;
            s4_cin <= s3_rsr or negate3 or s3_sub;
            s4_half <= s3_rsr;
            s4_lt <= lt3;
            s4_eq <= eq3;
            -- A[47:0] in three unsigned 16-bit chunks (the top one's sign corrected in S5), B in 16 bits
            ma0 <= unsigned(s3_a(15 downto 0));
            ma1 <= unsigned(s3_a(31 downto 16));
            ma2 <= unsigned(s3_a(47 downto 32));
            mb <= unsigned(mb3);
            s4_mb <= unsigned(mb3(DW - 49 downto 0));
            s4_sp16 <= sp16_3;
            s4_neg <= s3_a(47);
            s4_bl <= std_logic_vector(blen8(s3_a(31 downto 24))) & std_logic_vector(blen8(s3_a(23 downto 16))) &
                     std_logic_vector(blen8(s3_a(15 downto 8))) & std_logic_vector(blen8(s3_a(7 downto 0)));
        end if;
    end process;

    -- ---- S4: shift levels 32, 16, 8; the compare's verdict; the branch; products --------------
    sh4a <= asr(s4_x, 32) when s4_sa(5) = '1' else s4_x;
    sh4b <= asr(sh4a, 16) when s4_sa(4) = '1' else sh4a;
    sh4c <= asr(sh4b, 8) when s4_sa(3) = '1' else sh4b;
    blen4 <= resize(unsigned(s4_bl(15 downto 12)), 6) + 24 when s4_bl(15 downto 12) /= "0000" else
             resize(unsigned(s4_bl(11 downto 8)), 6) + 16 when s4_bl(11 downto 8) /= "0000" else
             resize(unsigned(s4_bl(7 downto 4)), 6) + 8 when s4_bl(7 downto 4) /= "0000" else
             resize(unsigned(s4_bl(3 downto 0)), 6);
    lt4 <= s4_lt(2) or (s4_eq(2) and (s4_lt(1) or (s4_eq(1) and s4_lt(0))));
    eq4 <= s4_eq(2) and s4_eq(1) and s4_eq(0);
    br4 <= (b2l(s4_op = opc(FRIC_ENG_OP_BLT)) and lt4) or (b2l(s4_op = opc(FRIC_ENG_OP_BGE)) and not lt4) or
           (b2l(s4_op = opc(FRIC_ENG_OP_BEQ)) and eq4) or (b2l(s4_op = opc(FRIC_ENG_OP_BNE)) and not eq4);
    -- MIN takes B when B < A, MAX when B > A
    take4 <= (b2l(s4_op = opc(FRIC_ENG_OP_MIN)) and not lt4 and not eq4) or (b2l(s4_op = opc(FRIC_ENG_OP_MAX)) and lt4);
    process (clk)
    begin
        if rising_edge(clk) then
            p0 <= ma0 * mb;
            p1 <= ma1 * mb;
            p2 <= ma2 * mb;
            s5_v <= s4_v and not rst;
            s5_slot <= s4_slot;
            if br4 = '1' then s5_npc <= s4_tgt; else s5_npc <= s4_npc; end if;
            s5_fmask <= s4_fmask;
            s5_soh <= onehot8(s4_slot);
            s5_we <= s4_we;
            s5_rd <= s4_rd;
            s5_take <= take4;
            s5_mul <= b2l(s4_op = opc(FRIC_ENG_OP_MUL) or s4_op = opc(FRIC_ENG_OP_MULP));
            s5_add <= b2l(s4_op = opc(FRIC_ENG_OP_ADD));
            s5_sub <= b2l(s4_op = opc(FRIC_ENG_OP_SUB));
            s5_cin <= s4_cin;
            s5_half <= s4_half;
            s5_sp16 <= s4_sp16;
            if s4_op = opc(FRIC_ENG_OP_BLEN) then
                s5_x <= std_logic_vector(resize(blen4, DW));
            else
                s5_x <= sh4c;
            end if;
            s5_b <= s4_b;
            s5_sa <= s4_sa(2 downto 0);
            if s4_neg = '1' then s5_ncorr <= 0 - s4_mb; else s5_ncorr <= (others => '0'); end if;
        end if;
    end process;

    -- ---- S5: shift levels 4, 2, 1; the adder's operands; PC and MIN / MAX flag -----------------
    sh5a <= asr(s5_x, 4) when s5_sa(2) = '1' else s5_x;
    sh5b <= asr(sh5a, 2) when s5_sa(1) = '1' else sh5a;
    sh5c <= asr(sh5b, 1) when s5_sa(0) = '1' else sh5b;
    -- the product as a sum of two operands: p0 + p2 2^32 and p1 2^16, with p2's
    -- sign correction (minus B 2^48 when A < 0) in the bits above p1 of the second
    mx5 <= std_logic_vector(p2(DW - 49 downto 0)) & std_logic_vector(p1(15 downto 0)) & std_logic_vector(p0(15 downto 0)) &
           x"0000" when s5_sp16 = '1' else std_logic_vector(p2(DW - 33 downto 0)) & std_logic_vector(p0);
    my5 <= (others => '0') when s5_sp16 = '1' else std_logic_vector(s5_ncorr) & std_logic_vector(p1) & x"0000";
    process (clk)
    begin
        if rising_edge(clk) then
            s6_v <= s5_v and not rst;
            if s5_mul = '1' then
                s6_x <= mx5;
            elsif s5_take = '1' then
                s6_x <= (others => '0');
            else
                s6_x <= sh5c;
            end if;
            if s5_mul = '1' then
                s6_y <= my5;
            elsif (s5_add or s5_take) = '1' then
                s6_y <= s5_b;
            elsif s5_sub = '1' then
                s6_y <= not s5_b;
            else
                s6_y <= (others => '0');
            end if;
            s6_cin <= s5_cin;
            s6_half <= s5_half;
            s6_we <= s5_we;
            s6_wa <= s5_slot & s5_rd;
        end if;
    end process;

    -- ---- S6..S8: the adder, 20 bits a stage ---------------------------------------------------
    add0 <= resize(unsigned(s6_x(CH - 1 downto 0)), CH + 1) + resize(unsigned(s6_y(CH - 1 downto 0)), CH + 1) + u1(s6_cin);
    process (clk)
    begin
        if rising_edge(clk) then
            s7_v <= s6_v and not rst;
            s7_x <= s6_x(DW - 1 downto CH);
            s7_y <= s6_y(DW - 1 downto CH);
            s7_s <= std_logic_vector(add0(CH - 1 downto 0));
            s7_c <= add0(CH);
            s7_half <= s6_half;
            s7_we <= s6_we;
            s7_wa <= s6_wa;
        end if;
    end process;
    add1 <= resize(unsigned(s7_x(2 * CH - 1 downto CH)), CH + 1) + resize(unsigned(s7_y(2 * CH - 1 downto CH)), CH + 1) + u1(s7_c);
    process (clk)
    begin
        if rising_edge(clk) then
            s8_v <= s7_v and not rst;
            s8_x <= s7_x(DW - 1 downto 2 * CH);
            s8_y <= s7_y(DW - 1 downto 2 * CH);
            s8_s <= std_logic_vector(add1(CH - 1 downto 0)) & s7_s;
            s8_c <= add1(CH);
            s8_half <= s7_half;
            s8_we <= s7_we;
            s8_wa <= s7_wa;
        end if;
    end process;
    add2 <= unsigned(s8_x) + unsigned(s8_y) + u1(s8_c);
    process (clk)
    begin
        if rising_edge(clk) then
            s9_we <= s8_v and s8_we and not rst;
            s9_sum <= std_logic_vector(add2) & s8_s;
            s9_orlo <= orv(s8_s(2 * CH - 1 downto 7));
            s9_half <= s8_half;
            s9_wa <= s8_wa;
        end if;
    end process;

    -- ---- S9: the register write (RSR's halving on the way) -----------------------------------
    wd9 <= s9_sum(DW - 1) & s9_sum(DW - 1 downto 1) when s9_half = '1' else s9_sum;
    -- wd9 >= 64 and >= 32, from the sum's bits (halved: its bits one up)
    or7_9 <= s9_orlo or orv(s9_sum(DW - 2 downto 2 * CH));
    big6_9 <= not s9_sum(DW - 1) and (or7_9 or (not s9_half and s9_sum(6)));
    big5_9 <= not s9_sum(DW - 1) and (or7_9 or s9_sum(6) or (not s9_half and s9_sum(5)));
    process (clk)
    begin
        if rising_edge(clk) then
            if s9_we = '1' then
                rfa(idx(s9_wa)) <= wd9;
                rfb(idx(s9_wa)) <= big6_9 & big5_9 & wd9;
            end if;
        end if;
    end process;

    -- ---- slot state, streams, cfg, flags -----------------------------------------------------
    commit_busy <= orv(cpend_r) or orv(busy_r) or orv(q_v and q_commit);
    lg_cfg_ready <= c_rdy(0);
    st_cfg_ready <= c_rdy(1);
    lg_s_axis_tready <= not i_v(0);
    st_s_axis_tready <= not i_v(1);
    -- a commit only marks its slot: each model's on its own; the words share the
    -- parameter memory's write port, LuGre's first
    -- (not in a rst cycle: rst rewrites cpend_r, and the mark would be lost
    -- with the request; the request waits and is marked after the reset)
    c_go <= q_v and q_commit and not i_v and (1 downto 0 => not rst);
    w_req <= q_v and q_old and not q_commit;
    wf <= 0 when w_req(0) = '1' else 1;
    w_go <= w_req(wf);
    u_lg_fits : entity work.fric_word_fits
        generic map (N => NCLS, WIDTHS => CLS_W, SIGNS => "10100000")
        port map (clk => clk, en => c_rdy(0), d => lg_cfg_data, fits => lg_fits);
    u_st_fits : entity work.fric_word_fits
        generic map (N => NCLS, WIDTHS => CLS_W, SIGNS => "10100000")
        port map (clk => clk, en => c_rdy(1), d => st_cfg_data, fits => st_fits);
    lg_srst_ready <= r_rdy;
    c_take <= (st_cfg_valid and c_rdy(1)) & (lg_cfg_valid and c_rdy(0));
    c_take_commit <= (c_take(0) and lg_cfg_commit) or (c_take(1) and st_cfg_commit);

    process (clk)
        variable sl : integer range 0 to 7;
        variable ft : integer range 0 to 1;
    begin
        if rising_edge(clk) then
            sl := idx(s3_slot);
            ft := idx(s3_slot(2 downto 2));
            -- cfg: take requests, serve one a cycle
            cfg_bad <= "00";
            if c_rdy(0) = '1' then
                q_v(0) <= lg_cfg_valid;
                q_commit(0) <= lg_cfg_commit;
                q_cls(0) <= word_class(lg_cfg_addr, false);
                q_addr(0) <= lg_cfg_addr;
                q_data(0) <= lg_cfg_data(PWB - 1 downto 0);
                q_ax(0) <= resize(unsigned(lg_cfg_axis), 2);
            end if;
            if c_rdy(1) = '1' then
                q_v(1) <= st_cfg_valid;
                q_commit(1) <= st_cfg_commit;
                q_cls(1) <= word_class('0' & st_cfg_addr, true);
                q_addr(1) <= '0' & st_cfg_addr;
                q_data(1) <= st_cfg_data(PWB - 1 downto 0);
                q_ax(1) <= resize(unsigned(st_cfg_axis), 2);
            end if;
            for si in 0 to 1 loop
                if c_go(si) = '1' then
                    q_v(si) <= '0';
                    if to_integer(q_ax(si)) < NUM_AXES then cpend_r(4 * si + to_integer(q_ax(si))) <= '1'; end if;
                end if;
            end loop;
            q_ok <= orv(st_fits and q_cls(1)) & orv(lg_fits and q_cls(0));
            q_old <= q_v;
            cfg_we <= w_go and q_ok(wf);
            cfg_wa <= "100" & b2l(wf = 1) & q_addr(wf);
            cfg_wd <= (not q_data(wf)(PWB - 1) and orv(q_data(wf)(PWB - 2 downto 6))) &
                      (not q_data(wf)(PWB - 1) and orv(q_data(wf)(PWB - 2 downto 5))) & q_data(wf);
            if w_go = '1' then
                q_v(wf) <= '0';
                if q_ok(wf) = '0' then cfg_bad(wf) <= '1'; end if;
            end if;

            c_rdy <= not q_v and not c_take and rep(not commit_busy and not c_take_commit, 2);
            r_rdy <= not r_v and not (lg_srst_valid and r_rdy);

            -- state resets
            if (lg_srst_valid and r_rdy) = '1' then
                r_v <= '1';
                r_all <= lg_srst_all;
                r_ax <= lg_srst_axis;
            end if;
            if (r_v and not i_v(0)) = '1' then
                r_v <= '0';
                for si in 0 to 3 loop
                    if si < NUM_AXES and (r_all = '1' or to_integer(unsigned(r_ax)) = si) then rpend_r(si) <= '1'; end if;
                end loop;
            end if;

            -- inputs
            if lg_s_axis_tvalid = '1' and i_v(0) = '0' and to_integer(unsigned(lg_s_axis_tuser)) < NUM_AXES then
                i_v(0) <= '1';
                i_d(0) <= lg_s_axis_tdata;
                i_ax(0) <= resize(unsigned(lg_s_axis_tuser), 2);
            end if;
            if st_s_axis_tvalid = '1' and i_v(1) = '0' and to_integer(unsigned(st_s_axis_tuser)) < NUM_AXES then
                i_v(1) <= '1';
                i_d(1) <= st_s_axis_tdata;
                i_ax(1) <= resize(unsigned(st_s_axis_tuser), 2);
            end if;

            -- S3: OUT, IN
            if (o_v(0) and lg_m_axis_tready) = '1' then o_v(0) <= '0'; end if;
            if (o_v(1) and st_m_axis_tready) = '1' then o_v(1) <= '0'; end if;
            -- (each model's register by a constant index: GHDL 2.0's synthesis
            -- loses the flip-flops of an array signal written only at a
            -- variable index)
            for md in 0 to 1 loop
                if out_go3 = '1' and ft = md then
                    o_v(md) <= '1';
                    o_d(md) <= s3_a(15 downto 0);
                    o_ax(md) <= unsigned(s3_slot(1 downto 0));
                    o_fl(md) <= jfl_r(sl);
                end if;
            end loop;
            for si in 0 to 7 loop
                if (in3 and s3_soh(si)) = '1' then busy_r(si) <= '0'; end if;
                if (in_commit3 and s3_soh(si)) = '1' then
                    cpend_r(si) <= '0';
                    busy_r(si) <= '1';
                end if;
                if (in_take3 and s3_soh(si)) = '1' then dir_r(si) <= s3_vd(15); end if;
            end loop;
            for si in 0 to 3 loop
                if (in_rst3 and s3_soh(si)) = '1' then rpend_r(si) <= '0'; end if;
            end loop;
            if in_take3 = '1' then i_v(ft) <= '0'; end if;

            -- S4: the flags an OUT sent are cleared a clock after it
            if (out_go3 and not rst) = '1' then s4_jclr <= s3_soh; else s4_jclr <= (others => '0'); end if;
            for si in 0 to 7 loop
                if s4_jclr(si) = '1' then jfl_r(si) <= (others => '0'); end if;
            end loop;

            -- S5: the PC
            if s5_v = '1' then pc_r(idx(s5_slot)) <= s5_npc; end if;

            -- S5: MIN / MAX's flag, set in the slot's flags
            if (s5_v and s5_take) = '1' then
                for si in 0 to 7 loop
                    if s5_soh(si) = '1' then jfl_r(si) <= jfl_r(si) or s5_fmask; end if;
                end loop;
            end if;

            -- sticky flags: a set wins over a clear
            if (out_go3 and f3) = '1' then
                sticky_st <= (sticky_st and not st_flags_clear) or (cfg_bad(1) & jfl_r(sl)(1 downto 0));
            else
                sticky_st <= (sticky_st and not st_flags_clear) or (cfg_bad(1) & "00");
            end if;
            if (out_go3 and not f3) = '1' then
                sticky_lg <= (sticky_lg and not lg_flags_clear) or (cfg_bad(0) & jfl_r(sl)(4 downto 2) & jfl_r(sl)(0));
            else
                sticky_lg <= (sticky_lg and not lg_flags_clear) or (cfg_bad(0) & "0000");
            end if;

            if rst = '1' then
                for si in 0 to 7 loop
                    if si < 4 then
                        pc_r(si) <= to_unsigned(FRIC_ENG_BOOT_LUGRE, 9);
                    else
                        pc_r(si) <= to_unsigned(FRIC_ENG_BOOT_STRIBECK, 9);
                    end if;
                    jfl_r(si) <= (others => '0');
                end loop;
                -- a commit being copied starts again from its first word
                cpend_r <= cpend_r or busy_r;
                busy_r <= (others => '0');
                rpend_r <= (others => '0');
                r_v <= '0';
                r_rdy <= '0';
                c_rdy <= "00";
                dir_r <= (others => '0');
                i_v <= "00";
                o_v <= "00";
                sticky_st <= (others => '0');
                sticky_lg <= (others => '0');
            end if;
        end if;
    end process;

    lg_m_axis_tvalid <= o_v(0);
    lg_m_axis_tdata <= o_d(0);
    lg_m_axis_tuser <= o_fl(0)(4 downto 2) & o_fl(0)(0) & std_logic_vector(o_ax(0)(AXIS_W - 1 downto 0));
    st_m_axis_tvalid <= o_v(1);
    st_m_axis_tdata <= o_d(1);
    st_m_axis_tuser <= o_fl(1)(1 downto 0) & std_logic_vector(o_ax(1)(AXIS_W - 1 downto 0));
    lg_flags <= sticky_lg;
    st_flags <= sticky_st;
end architecture rtl;
