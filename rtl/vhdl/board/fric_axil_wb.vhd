-- SPDX-License-Identifier: Apache-2.0
-- fric_axil_wb: the VHDL-2008 twin of rtl/board/fric_axil_wb.v, an AXI4-Lite
-- slave that serves the register map of fric_regs through a Wishbone B4
-- classic master, one access at a time. Same ports, same behaviour cycle for
-- cycle (make test-axil-vhdl proves the two equal from reset):
-- - AW, W and AR each go into a one-entry holding register; each ready is
--   high while its register is empty (AWVALID and WVALID in any order).
-- - A write runs once its address and data are held and B is free, a read
--   once its address is held and R is free; when both wait they take turns.
-- - SLVERR, with no bus cycle, for an address the map does not list (RDATA
--   0 for a read), a write to a read-only register and a write whose WSTRB
--   is not "1111" (the map's access classes: fric_regs_pkg, generated);
--   SLVERR also for wb_err_i; OKAY otherwise.
-- - BVALID and RVALID are held, with their payload, until ready.
-- rst (synchronous, active high) empties the registers and ends a bus cycle.

library ieee;
use ieee.std_logic_1164.all;
use work.fric_regs_pkg.all;

entity fric_axil_wb is
    generic (
        -- byte address width of both buses
        ADR_W : positive range 3 to 32 := 12
    );
    port (
        clk            : in  std_logic;
        rst            : in  std_logic;
        s_axil_awaddr  : in  std_logic_vector(ADR_W - 1 downto 0);
        s_axil_awprot  : in  std_logic_vector(2 downto 0);
        s_axil_awvalid : in  std_logic;
        s_axil_awready : out std_logic;
        s_axil_wdata   : in  std_logic_vector(31 downto 0);
        s_axil_wstrb   : in  std_logic_vector(3 downto 0);
        s_axil_wvalid  : in  std_logic;
        s_axil_wready  : out std_logic;
        s_axil_bresp   : out std_logic_vector(1 downto 0);
        s_axil_bvalid  : out std_logic;
        s_axil_bready  : in  std_logic;
        s_axil_araddr  : in  std_logic_vector(ADR_W - 1 downto 0);
        s_axil_arprot  : in  std_logic_vector(2 downto 0);
        s_axil_arvalid : in  std_logic;
        s_axil_arready : out std_logic;
        s_axil_rdata   : out std_logic_vector(31 downto 0);
        s_axil_rresp   : out std_logic_vector(1 downto 0);
        s_axil_rvalid  : out std_logic;
        s_axil_rready  : in  std_logic;
        wb_cyc_o       : out std_logic;
        wb_stb_o       : out std_logic;
        wb_we_o        : out std_logic;
        wb_adr_o       : out std_logic_vector(ADR_W - 1 downto 0);
        wb_dat_o       : out std_logic_vector(31 downto 0);
        wb_sel_o       : out std_logic_vector(3 downto 0);
        wb_dat_i       : in  std_logic_vector(31 downto 0);
        wb_ack_i       : in  std_logic;
        wb_err_i       : in  std_logic
    );
end entity fric_axil_wb;

architecture rtl of fric_axil_wb is
    constant RESP_OKAY   : std_logic_vector(1 downto 0) := "00";
    constant RESP_SLVERR : std_logic_vector(1 downto 0) := "10";
    signal aw_full_reg, w_full_reg, ar_full_reg : std_logic := '0';
    signal aw_addr_reg, ar_addr_reg : std_logic_vector(ADR_W - 1 downto 0);
    signal w_data_reg : std_logic_vector(31 downto 0);
    signal w_strb_reg : std_logic_vector(3 downto 0);
    signal bus_reg, bus_we_reg, last_wr_reg : std_logic := '0';
    signal b_valid_reg, r_valid_reg : std_logic := '0';
    signal b_resp_reg, r_resp_reg : std_logic_vector(1 downto 0);
    signal r_data_reg : std_logic_vector(31 downto 0);
    signal wr_ready, rd_ready, full_word, go_wr, go_rd, bus_end : std_logic;
    signal aw_acc, ar_acc : std_logic_vector(1 downto 0);
    signal wr_ok, rd_ok : std_logic;

    -- the map's access class of a held address: bit 0 listed, bit 1 writable
    -- (an address bit above bit 11 set: not listed)
    function acc_of(a : std_logic_vector(ADR_W - 1 downto 0)) return std_logic_vector is
        variable x : std_logic_vector(31 downto 0) := (others => '0');
    begin
        x(ADR_W - 1 downto 0) := a;
        if x(31 downto 12) /= (31 downto 12 => '0') then
            return "00";
        end if;
        return fric_reg_access(x(11 downto 2));
    end function;
begin
    s_axil_awready <= not aw_full_reg;
    s_axil_wready <= not w_full_reg;
    s_axil_arready <= not ar_full_reg;
    s_axil_bvalid <= b_valid_reg;
    s_axil_bresp <= b_resp_reg;
    s_axil_rvalid <= r_valid_reg;
    s_axil_rresp <= r_resp_reg;
    s_axil_rdata <= r_data_reg;

    wb_cyc_o <= bus_reg;
    wb_stb_o <= bus_reg;
    wb_we_o <= bus_we_reg;
    wb_adr_o <= aw_addr_reg when bus_we_reg = '1' else ar_addr_reg;
    wb_dat_o <= w_data_reg;
    wb_sel_o <= "1111";

    wr_ready <= aw_full_reg and w_full_reg and not b_valid_reg;
    rd_ready <= ar_full_reg and not r_valid_reg;
    full_word <= '1' when w_strb_reg = "1111" else '0';
    aw_acc <= acc_of(aw_addr_reg);
    ar_acc <= acc_of(ar_addr_reg);
    wr_ok <= full_word and aw_acc(1);
    rd_ok <= ar_acc(0);
    go_wr <= (not bus_reg) and wr_ready and ((not rd_ready) or (not last_wr_reg));
    go_rd <= (not bus_reg) and rd_ready and not go_wr;
    bus_end <= bus_reg and (wb_ack_i or wb_err_i);

    process (clk)
    begin
        if rising_edge(clk) then
            if s_axil_awvalid = '1' and aw_full_reg = '0' then
                aw_full_reg <= '1';
                aw_addr_reg <= s_axil_awaddr;
            end if;
            if s_axil_wvalid = '1' and w_full_reg = '0' then
                w_full_reg <= '1';
                w_data_reg <= s_axil_wdata;
                w_strb_reg <= s_axil_wstrb;
            end if;
            if s_axil_arvalid = '1' and ar_full_reg = '0' then
                ar_full_reg <= '1';
                ar_addr_reg <= s_axil_araddr;
            end if;
            if s_axil_bready = '1' then
                b_valid_reg <= '0';
            end if;
            if s_axil_rready = '1' then
                r_valid_reg <= '0';
            end if;
            if go_wr = '1' then
                last_wr_reg <= '1';
                if wr_ok = '1' then
                    bus_reg <= '1';
                    bus_we_reg <= '1';
                else
                    aw_full_reg <= '0';
                    w_full_reg <= '0';
                    b_valid_reg <= '1';
                    b_resp_reg <= RESP_SLVERR;
                end if;
            end if;
            if go_rd = '1' then
                last_wr_reg <= '0';
                if rd_ok = '1' then
                    bus_reg <= '1';
                    bus_we_reg <= '0';
                else
                    ar_full_reg <= '0';
                    r_valid_reg <= '1';
                    r_resp_reg <= RESP_SLVERR;
                    r_data_reg <= (others => '0');
                end if;
            end if;
            if bus_end = '1' then
                bus_reg <= '0';
                if bus_we_reg = '1' then
                    aw_full_reg <= '0';
                    w_full_reg <= '0';
                    b_valid_reg <= '1';
                    b_resp_reg <= RESP_SLVERR when wb_err_i = '1' else RESP_OKAY;
                else
                    ar_full_reg <= '0';
                    r_valid_reg <= '1';
                    r_resp_reg <= RESP_SLVERR when wb_err_i = '1' else RESP_OKAY;
                    r_data_reg <= wb_dat_i when wb_ack_i = '1' else (others => '0');
                end if;
            end if;
            if rst = '1' then
                aw_full_reg <= '0';
                w_full_reg <= '0';
                ar_full_reg <= '0';
                bus_reg <= '0';
                bus_we_reg <= '0';
                last_wr_reg <= '0';
                b_valid_reg <= '0';
                r_valid_reg <= '0';
            end if;
        end if;
    end process;
end architecture rtl;
