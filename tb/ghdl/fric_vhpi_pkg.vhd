-- fric_vhpi_pkg: the foreign subprograms of fric_vhpi.h (VHPIDIRECT), which
-- the GHDL benches call to hand the clock to the C test logic. GHDL's mcode
-- back end loads them from ./libfric_tb.so: each bench runs in its own build
-- directory, beside the library built for its configuration.
package fric_vhpi_pkg is
    constant FVH_DONE : integer := 0;
    constant FVH_SET  : integer := 1;
    constant FVH_TICK : integer := 2;

    impure function fvh_wait return integer;
    attribute foreign of fvh_wait : function is "VHPIDIRECT ./libfric_tb.so fvh_wait";
    impure function fvh_in(k : integer) return integer;
    attribute foreign of fvh_in : function is "VHPIDIRECT ./libfric_tb.so fvh_in";
    procedure fvh_out(k : integer; v : integer);
    attribute foreign of fvh_out : procedure is "VHPIDIRECT ./libfric_tb.so fvh_out";
    impure function fvh_status return integer;
    attribute foreign of fvh_status : function is "VHPIDIRECT ./libfric_tb.so fvh_status";
end package fric_vhpi_pkg;

package body fric_vhpi_pkg is
    -- the bodies run only if the library was not loaded
    impure function fvh_wait return integer is
    begin
        assert false report "fvh_wait: the foreign library is not loaded" severity failure;
        return FVH_DONE;
    end function;
    impure function fvh_in(k : integer) return integer is
    begin
        assert false report "fvh_in: the foreign library is not loaded" severity failure;
        return 0;
    end function;
    procedure fvh_out(k : integer; v : integer) is
    begin
        assert false report "fvh_out: the foreign library is not loaded" severity failure;
    end procedure;
    impure function fvh_status return integer is
    begin
        assert false report "fvh_status: the foreign library is not loaded" severity failure;
        return 1;
    end function;
end package body fric_vhpi_pkg;
