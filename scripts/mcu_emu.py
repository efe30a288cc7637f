#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""mcu_emu.py: fricore's per-sample steps on an emulated Cortex-M (docs/mcu.md).

Loads an image of the bare-metal harness (cmodel/mcu/fric_mcu.c, one step per
image), runs it in the unicorn engine over the samples of a reference file
written by `fric-bench-speed --dump`, counts the instructions the step
executes, and compares its outputs with the host's.

  mcu_emu.py check-count ELF                  the count against a loop of known length
  mcu_emu.py run ELF REF.json MODEL KIND      one run (MODEL stribeck|dahl|lugre, KIND fixed|double)
  mcu_emu.py run-law ELF LAW.json             one run of the adaptation law
  mcu_emu.py test REF.json... DIR...          make test-mcu: every step of every image directory
  mcu_emu.py bench OUT.json REF.json... DIR   make bench-mcu: counts and sizes of one directory

An image directory is one build, named TARGET-OPT[-VARIANT] (TARGET m0plus
or m4), with fric_mcu_none.elf and the images of its steps
(fric_mcu_{fx_stribeck,fx_lugre,stribeck,lugre,adapt}.elf; a fixed-point-only
variant has no double ones and no law).

The adaptation law of the adaptive observer (fric_adapt.h) runs over a
reference written by `fric-adapt-dump` (a file with a "law" key: its
constants, its state at the first sample, the inputs recorded from a host
run of the servo and the multipliers after each sample). Its counts are
split: per sample, fric_adapt_sample (the accumulation), and per window,
fric_adapt_update; its multipliers must equal the host's at every sample.

Counting: a block hook adds the number of instructions of each translated
block that the core executes (Thumb instructions are 2 or 4 bytes, told
apart by their first halfword), leaving out the harness's own code (between
the linker symbols __harness_text_start and __harness_text_end): what is
counted is the step and everything it calls. Every instruction counts,
those of an IT block (Cortex-M4) whose condition fails too: the core issues
them as NOPs. `check-count` and every test run verify the count against a
per-instruction code hook (which adds the instructions of each IT block at
its IT instruction) and against the harness's loop of known length
(fric_mcu_calib: 2 n + 1 instructions).

The fixed-point outputs and flags must equal the host's bit for bit. The
double outputs are compared with the host's double model (x86-64, glibc's
exp) within DOUBLE_REL_TOL relative to the largest output of the run; the
count of bit-identical ones is reported.
"""
import bisect
import copy
import json
import os
import struct
import sys

try:
    import unicorn
    from unicorn import arm_const as A
except ImportError:  # pragma: no cover
    sys.exit("mcu_emu.py: the unicorn engine is missing from this Python (run: make deps)")

FLASH = (0x00000000, 256 << 10)
RAM = (0x20000000, 32 << 10)
IO = 0x30000000
IO_SIZE = 1 << 20
IO_DATA = IO + 0x1000            # input samples; outputs after them
KINDS = {"none": 0, "fx_stribeck": 1, "fx_lugre": 2, "stribeck": 3, "lugre": 4, "adapt": 5}
STEP = {"fx_stribeck": "fric_fx_stribeck", "fx_lugre": "fric_fx_lugre_step",
        "stribeck": "fric_stribeck_force", "lugre": "fric_lugre_step"}
LAW_SAMPLE, LAW_UPDATE = "fric_adapt_sample", "fric_adapt_update"
LAW_IN = "<4iI"                  # fric_adapt_in_t: vr, jar, vm, y, sat
CPU = {"m0plus": A.UC_CPU_ARM_CORTEX_M0, "m4": A.UC_CPU_ARM_CORTEX_M4}
DOUBLE_REL_TOL = 1e-12
CALIB_N = 1000
CODE_CHECK_SAMPLES = 20
MAX_INSNS = 2_000_000_000


# ---- ELF32 ----------------------------------------------------------------------------

class Elf:
    def __init__(self, path):
        self.path = path
        with open(path, "rb") as f:
            d = f.read()
        self.data = d
        if d[:4] != b"\x7fELF" or d[4] != 1 or d[5] != 1 or struct.unpack_from("<H", d, 18)[0] != 40:
            raise SystemExit("mcu_emu.py: %s is not a little-endian 32-bit ARM ELF" % path)
        phoff, shoff = struct.unpack_from("<II", d, 28)
        phentsize, phnum, shentsize, shnum, shstrndx = struct.unpack_from("<HHHHH", d, 42)
        self.segments = []
        for i in range(phnum):
            p_type, off, vaddr, paddr, filesz, memsz = struct.unpack_from("<IIIIII", d, phoff + i * phentsize)
            if p_type == 1 and filesz:
                self.segments.append((paddr, d[off:off + filesz]))
        secs = [struct.unpack_from("<IIIIIIIIII", d, shoff + i * shentsize) for i in range(shnum)]
        strtab_off = secs[shstrndx][4]
        name = lambda off, base: d[base + off:d.index(b"\0", base + off)].decode()
        self.sections = {name(s[0], strtab_off): {"addr": s[3], "size": s[5], "type": s[1]} for s in secs}
        self.symbols = {}
        for s in secs:
            if s[1] != 2:  # SHT_SYMTAB
                continue
            strs = secs[s[6]][4]
            for j in range(s[5] // 16):
                st_name, value, size, info, other, shndx = struct.unpack_from("<IIIBBH", d, s[4] + j * 16)
                if st_name:
                    self.symbols.setdefault(name(st_name, strs), (value, size, info & 15))

    def sym(self, n):
        if n not in self.symbols:
            raise SystemExit("mcu_emu.py: %s has no symbol %s" % (self.path, n))
        return self.symbols[n][0]

    def read(self, addr, size):
        for base, blob in self.segments:
            if base <= addr and addr + size <= base + len(blob):
                return blob[addr - base:addr - base + size]
        raise SystemExit("mcu_emu.py: %s: 0x%x is in no loaded segment" % (self.path, addr))


def target_of(elf_path):
    """m0plus or m4, from the build directory's name (TARGET-OPT[-VARIANT])."""
    t = os.path.basename(os.path.dirname(os.path.abspath(elf_path))).split("-")[0]
    if t not in CPU:
        raise SystemExit("mcu_emu.py: %s: build directory must start with one of %s" % (elf_path, ", ".join(CPU)))
    return t


# ---- the emulator -------------------------------------------------------------------------

class Machine:
    """One image loaded into a fresh Cortex-M core."""

    def __init__(self, elf):
        self.elf = elf
        self.uc = unicorn.Uc(unicorn.UC_ARCH_ARM, unicorn.UC_MODE_THUMB | unicorn.UC_MODE_MCLASS)
        self.uc.ctl_set_cpu_model(CPU[target_of(elf.path)])
        for base, size in (FLASH, RAM, (IO, IO_SIZE)):
            self.uc.mem_map(base, size)
        for base, blob in elf.segments:
            self.uc.mem_write(base, blob)
        self.hs, self.he = elf.sym("__harness_text_start"), elf.sym("__harness_text_end")
        self.done = elf.sym("fric_mcu_done") & ~1
        self.widths = {}
        # the functions (start, end, name), to attribute a count to them
        self.funcs = sorted((v & ~1, (v & ~1) + z, k) for k, (v, z, t) in elf.symbols.items() if t == 2 and z)

    def func_of(self, addr):
        i = bisect.bisect_right(self.funcs, (addr, float("inf"), "")) - 1
        return self.funcs[i][2] if i >= 0 and self.funcs[i][0] <= addr < self.funcs[i][1] else "?"

    def insns(self, addr, size):
        """Instructions in [addr, addr + size): 2- and 4-byte Thumb encodings."""
        code = bytes(self.uc.mem_read(addr, size))
        n = i = 0
        while i < size:
            hw = code[i] | code[i + 1] << 8
            i += 4 if (hw & 0xF800) in (0xE800, 0xF000, 0xF800) else 2
            n += 1
        return n

    def insns_len(self, addr):
        hw = struct.unpack("<H", self.uc.mem_read(addr, 2))[0]
        return 4 if (hw & 0xF800) in (0xE800, 0xF000, 0xF800) else 2

    def call(self, entry, regs, mode="block", counted=None, marker=None, by_func=None):
        """Run from entry (a Thumb function) until fric_mcu_done; returns the
        instructions executed in [counted) (default: everything but the
        harness) and, with marker (an address or a tuple of them), the count
        at each entry to that address, or (address, count) for a tuple.
        by_func (a dict, block mode) receives the count per (the last
        marker passed, function)."""
        uc = self.uc
        lo, hi = counted if counted else (None, None)
        st = {"n": 0, "marks": [], "cur": None}
        many = isinstance(marker, tuple)
        marked = set(marker) if many else {marker}
        cache = self.widths
        hs, he = self.hs, self.he

        def inside(a):
            return (lo <= a < hi) if lo is not None else not (hs <= a < he)

        if mode == "block":
            def hook(uc_, addr, size, _):
                if addr in marked:
                    st["marks"].append((addr, st["n"]) if many else st["n"])
                    st["cur"] = addr
                k = (addr, size)
                n = cache.get(k)
                if n is None:
                    n = cache[k] = self.insns(addr, size) if inside(addr) else 0
                st["n"] += n
                if by_func is not None and n:
                    f = (st["cur"], self.func_of(addr))
                    by_func[f] = by_func.get(f, 0) + n
            h = uc.hook_add(unicorn.UC_HOOK_BLOCK, hook)
        else:
            # unicorn calls a code hook only for the instructions that pass
            # their condition: an IT instruction counts itself and its block
            # (branches and writes to pc may only end an IT block, so all of
            # its instructions are executed, those that fail as NOPs)
            it = [0, 0]  # the instructions of the last IT block: (start, end)

            def hook(uc_, addr, size, _):
                if addr in marked:
                    st["marks"].append((addr, st["n"]) if many else st["n"])
                if it[0] <= addr < it[1] or not inside(addr):
                    return
                st["n"] += 1
                hw = struct.unpack("<H", uc_.mem_read(addr, 2))[0]
                if hw & 0xFF00 == 0xBF00 and hw & 0xF:
                    mask = hw & 0xF
                    k = 4 - ((mask & -mask).bit_length() - 1)
                    a = addr + 2
                    for _ in range(k):
                        a += self.insns_len(a)
                    it[0], it[1] = addr + 2, a
                    st["n"] += k
            h = uc.hook_add(unicorn.UC_HOOK_CODE, hook)
        for r, v in regs.items():
            uc.reg_write(r, v)
        uc.reg_write(A.UC_ARM_REG_LR, self.done | 1)
        try:
            uc.emu_start(entry | 1, self.done, count=MAX_INSNS)
        except unicorn.UcError as e:
            raise SystemExit("mcu_emu.py: %s: emulation stopped at 0x%x: %s" % (
                self.elf.path, uc.reg_read(A.UC_ARM_REG_PC), e))
        finally:
            uc.hook_del(h)
        pc = uc.reg_read(A.UC_ARM_REG_PC)
        if pc & ~1 != self.done:
            raise SystemExit("mcu_emu.py: %s: the run did not reach fric_mcu_done (pc 0x%x)" % (self.elf.path, pc))
        return st["n"], st["marks"]


def check_count(elf):
    """The block count and the code-hook count of fric_mcu_calib(n) both
    equal 2 n + 1 (counting inside the function alone)."""
    m = Machine(elf)
    calib = elf.sym("fric_mcu_calib") & ~1
    sp = elf.sym("__stack_top")
    want = 2 * CALIB_N + 1
    got = {}
    for mode in ("block", "code"):
        got[mode], _ = m.call(calib, {A.UC_ARM_REG_R0: CALIB_N, A.UC_ARM_REG_SP: sp}, mode=mode,
                              counted=(calib, calib + 8))
    if got["block"] != want or got["code"] != want:
        raise SystemExit("mcu_emu.py: %s: fric_mcu_calib(%d) counted %d (blocks) and %d (per instruction), not %d" % (
            elf.path, CALIB_N, got["block"], got["code"], want))
    return want


# ---- one run of a step over a reference ---------------------------------------------------

def load_ref(path):
    with open(path) as f:
        r = json.load(f)
    if "law" in r:
        return r
    r["ts"] = float.fromhex(r["ts"])
    r["vels"] = [float.fromhex(x) for x in r["vels"]]
    for m in r["models"]:
        m["double"]["cfg"] = [float.fromhex(x) for x in m["double"]["cfg"]]
        m["double"]["out"] = [float.fromhex(x) for x in m["double"]["out"]]
    return r


def kind_of(model, fixed):
    return ("fx_" if fixed else "") + ("stribeck" if model == "stribeck" else "lugre")


def loaded(elf, kind, cfg, inp, out_size, n, ts=0.0):
    """A machine with elf loaded and its mailbox filled: the parameter bytes
    cfg, n samples of input bytes inp, room for out_size bytes of outputs
    after them, the sample time ts; checks the image's kind and layout.
    Returns the machine, the outputs' address and the flags' offset."""
    lay = struct.unpack("<9I", elf.read(elf.sym("fric_mcu_layout"), 36))
    if lay[0] != KINDS[kind] or lay[1] != IO:
        raise SystemExit("mcu_emu.py: %s is not the %s image (kind %d, mailbox 0x%x)" % (elf.path, kind, lay[0], lay[1]))
    o_n, o_flags, o_in, o_out, o_ts, o_cfg, cfg_size = lay[2:]
    if len(cfg) != cfg_size:
        raise SystemExit("mcu_emu.py: %s: the parameter struct is %d bytes on the target, %d on the host" % (
            elf.path, cfg_size, len(cfg)))
    out_addr = IO_DATA + len(inp)
    if out_addr + out_size > IO + IO_SIZE:
        raise SystemExit("mcu_emu.py: %d samples do not fit the mailbox" % n)
    m = Machine(elf)
    uc = m.uc
    uc.mem_write(IO + o_n, struct.pack("<I", n))
    uc.mem_write(IO + o_in, struct.pack("<I", IO_DATA))
    uc.mem_write(IO + o_out, struct.pack("<I", out_addr))
    uc.mem_write(IO + o_ts, struct.pack("<d", ts))
    uc.mem_write(IO + o_cfg, cfg)
    uc.mem_write(IO_DATA, inp)
    return m, out_addr, o_flags


def run(elf, ref, model, fixed, mode="block", samples=None):
    """Run the image's step over the reference's samples of model; returns
    a dict: per-sample instruction counts, the outputs compared."""
    kind = kind_of(model, fixed)
    mref = next(m for m in ref["models"] if m["model"] == model)
    side = mref["fixed" if fixed else "double"]
    cfg = struct.pack("<%dI" % len(side["cfg"]), *side["cfg"]) if fixed else \
        struct.pack("<%dd" % len(side["cfg"]), *side["cfg"])
    n = samples or ref["samples"]
    if fixed:
        inp, isz = struct.pack("<%di" % n, *ref["codes"][:n]), 4
    else:
        inp, isz = struct.pack("<%dd" % n, *ref["vels"][:n]), 8
    m, out_addr, o_flags = loaded(elf, kind, cfg, inp, n * isz, n, ref["ts"])
    uc = m.uc
    step = elf.sym(STEP[kind]) & ~1
    total, marks = m.call(elf.sym("fric_mcu_reset") & ~1, {A.UC_ARM_REG_SP: elf.sym("__stack_top")},
                          mode=mode, marker=step)
    if len(marks) != n:
        raise SystemExit("mcu_emu.py: %s: %d entries to %s for %d samples" % (elf.path, len(marks), STEP[kind], n))
    # from the first entry into the step: what the harness's setup calls
    # before it (fric_fx_lugre_reset) is not the step's
    total -= marks[0]
    marks = [x - marks[0] for x in marks]
    per = [b - a for a, b in zip(marks, marks[1:] + [total])]
    raw = bytes(uc.mem_read(out_addr, n * isz))
    res = {"image": elf.path, "model": model, "kind": "fixed" if fixed else "double", "samples": n,
           "instructions": total, "per_sample": per}
    if fixed:
        got = list(struct.unpack("<%di" % n, raw))
        want = side["out"][:n]
        flags = struct.unpack("<I", bytes(uc.mem_read(IO + o_flags, 4)))[0]
        bad = [i for i in range(n) if got[i] != want[i]]
        res["mismatches"] = len(bad)
        res["first_mismatch"] = None if not bad else {"sample": bad[0], "target": got[bad[0]], "host": want[bad[0]]}
        res["flags"] = flags
        # the host's flags are those of all the reference's samples
        res["flags_checked"] = n == ref["samples"]
        res["ok"] = not bad and (flags == side["flags"] or n != ref["samples"])
    else:
        got = struct.unpack("<%dd" % n, raw)
        want = side["out"][:n]
        scale = max(abs(x) for x in want) or 1.0
        diffs = [abs(g - w) for g, w in zip(got, want)]
        res["identical"] = sum(1 for g, w in zip(got, want) if struct.pack("<d", g) == struct.pack("<d", w))
        res["max_rel_difference"] = max(diffs) / scale
        res["ok"] = res["max_rel_difference"] <= DOUBLE_REL_TOL
    return res


def describe(r):
    per = r["per_sample"]
    s = "%-8s %-6s %5d samples: %8.1f instructions/sample (min %d, max %d)" % (
        r["model"], r["kind"], r["samples"], r["instructions"] / r["samples"], min(per), max(per))
    if r["kind"] == "fixed":
        s += ", outputs %s" % ("bit-exact" if not r["mismatches"] else "%d DIFFER (first: %s)" % (
            r["mismatches"], r["first_mismatch"]))
        if r["flags_checked"]:
            s += ", flags 0x%x" % r["flags"]
    else:
        s += ", %d/%d bit-identical, max difference %.2g of the largest output" % (
            r["identical"], r["samples"], r["max_rel_difference"])
    return s


def run_law(elf, ref, mode="block", samples=None):
    """Run the image's adaptation law over the reference's samples; returns
    a dict: the per-sample counts of the accumulation and the per-window
    counts of the update, the multipliers compared."""
    cfg = struct.pack("<%dI" % (len(ref["cfg"]) + len(ref["state"])), *(ref["cfg"] + ref["state"]))
    n = samples or ref["samples"]
    inp = b"".join(struct.pack(LAW_IN, *ref["in"][5 * i:5 * i + 5]) for i in range(n))
    m, out_addr, o_flags = loaded(elf, "adapt", cfg, inp, 8 * n, n)
    uc = m.uc
    a_s, a_u = elf.sym(LAW_SAMPLE) & ~1, elf.sym(LAW_UPDATE) & ~1
    by_func = {} if mode == "block" else None
    total, marks = m.call(elf.sym("fric_mcu_reset") & ~1, {A.UC_ARM_REG_SP: elf.sym("__stack_top")},
                          mode=mode, marker=(a_s, a_u), by_func=by_func)
    if not marks or marks[0][0] != a_s:
        raise SystemExit("mcu_emu.py: %s: the run did not start with %s" % (elf.path, LAW_SAMPLE))
    base = marks[0][1]
    ends = [c for _, c in marks[1:]] + [total]
    per_sample, per_update = [], []
    for (a, c), e in zip(marks, ends):
        (per_sample if a == a_s else per_update).append(e - c)
    if len(per_sample) != n:
        raise SystemExit("mcu_emu.py: %s: %d entries to %s for %d samples" % (elf.path, len(per_sample), LAW_SAMPLE, n))
    got = list(struct.unpack("<%di" % (2 * n), bytes(uc.mem_read(out_addr, 8 * n))))
    want = ref["m"][:2 * n]
    bad = [i for i in range(2 * n) if got[i] != want[i]]
    moved = struct.unpack("<I", bytes(uc.mem_read(IO + o_flags, 4)))[0]
    res = {"image": elf.path, "model": "law", "kind": "law", "samples": n, "window": ref["window"], "start": ref["start"],
           "rate_Hz": ref["rate_Hz"], "instructions": total - base, "per_sample": per_sample,
           "per_update": per_update, "updates": len(per_update), "moved": moved,
           "mismatches": len(bad),
           # instructions in libgcc's routines (64-bit multiplication and division), per sample and per update
           "library": None if by_func is None else {
               ph: {f: v / max(1, cnt) for (a, f), v in by_func.items() if a == at and f.startswith("__")}
               for ph, at, cnt in (("sample", a_s, len(per_sample)), ("update", a_u, len(per_update)))},
           "first_mismatch": None if not bad else {"sample": bad[0] // 2, "multiplier": bad[0] % 2,
                                                   "target": got[bad[0]], "host": want[bad[0]]}}
    res["ok"] = not bad and len(per_update) == n // ref["window"] and (n != ref["samples"] or moved == ref["moved"])
    return res


def describe_law(r):
    ps, pu = r["per_sample"], r["per_update"]
    lib = r.get("library") or {}
    lib = ["%s: %s" % (ph, ", ".join("%s %.1f" % (f, v) for f, v in sorted(lib[ph].items(), key=lambda x: -x[1])) or "none")
           for ph in ("sample", "update") if ph in lib]
    return ("law      %5d samples: %8.1f instructions/sample (min %d, max %d), %d updates: %s; multipliers %s%s" % (
        r["samples"], sum(ps) / len(ps), min(ps), max(ps), len(pu),
        "%.1f instructions/update (min %d, max %d), %d moved" % (sum(pu) / len(pu), min(pu), max(pu), r["moved"])
        if pu else "none", "bit-exact" if not r["mismatches"] else "%d DIFFER (first: %s)" % (
            r["mismatches"], r["first_mismatch"]),
        "; in libgcc per %s" % "; per ".join(lib) if lib else ""))


# ---- sizes ---------------------------------------------------------------------------------

def sizes(elf):
    """Flash and RAM of the image that are not the harness's: code (.text),
    constants (.rodata: the tables), initialized data (.data, in flash and
    RAM), zeroed data (.bss)."""
    sec = lambda n: elf.sections.get(n, {"size": 0})["size"]
    harness_text = elf.sym("__harness_text_end") - elf.sections[".text"]["addr"]  # the vectors too
    harness_ro = elf.sym("__harness_rodata_end") - elf.sym("__harness_rodata_start")
    r = {"code": sec(".text") - harness_text + sec(".ARM.exidx"), "tables": sec(".rodata") - harness_ro,
         "data": sec(".data"), "bss": sec(".bss")}
    r["flash"] = r["code"] + r["tables"] + r["data"]
    return r


# ---- the modes -------------------------------------------------------------------------------

def image(d, kind):
    p = os.path.join(d, "fric_mcu_%s.elf" % kind)
    return Elf(p) if os.path.isfile(p) else None


def steps_of(d):
    """(model, fixed, elf) for the images this build has (a fixed-point-only
    variant has no double images)."""
    out = []
    for model in ("stribeck", "dahl", "lugre"):
        for fixed in (True, False):
            e = image(d, kind_of(model, fixed))
            if e:
                out.append((model, fixed, e))
    return out


def split_args(args):
    refs = [a for a in args if a.endswith(".json")]
    dirs = [a for a in args if not a.endswith(".json")]
    for d in dirs:
        if not os.path.isfile(os.path.join(d, "fric_mcu_none.elf")):
            raise SystemExit("mcu_emu.py: %s holds no fric_mcu_none.elf" % d)
    if not refs or not dirs:
        raise SystemExit("mcu_emu.py: give at least one REF.json and one image directory")
    return [load_ref(r) for r in refs], dirs


def law_refs(refs):
    """The references of the law, and those of the models."""
    return [r for r in refs if "law" in r], [r for r in refs if "law" not in r]


def mode_test(args):
    refs, dirs = split_args(args)
    laws, refs = law_refs(refs)
    fails = runs = 0
    for d in dirs:
        build = os.path.basename(os.path.normpath(d))
        n = check_count(image(d, "none"))
        print("ok   %s: the count of a loop of known length is exact (%d instructions)" % (build, n))
        for ref in refs:
            for model, fixed, e in steps_of(d):
                r = run(e, ref, model, fixed)
                # the block count against the per-instruction count, on the first samples
                k = min(CODE_CHECK_SAMPLES, ref["samples"])
                c = run(e, ref, model, fixed, mode="code", samples=k)
                exact = c["per_sample"] == r["per_sample"][:k]
                ok = r["ok"] and exact
                fails += not ok
                runs += 1
                print("%s %s %s: %s%s" % ("ok  " if ok else "FAIL", build, ref["velocities"], describe(r),
                                          "" if exact else "; block count %s differs from the per-instruction %s" % (
                                              r["per_sample"][:k], c["per_sample"])))
        e = image(d, "adapt")
        for ref in laws if e else []:
            r = run_law(e, ref)
            # the per-instruction count over the first window and its update
            k = min(ref["window"] + 1, ref["samples"])
            c = run_law(e, ref, mode="code", samples=k)
            exact = c["per_sample"] == r["per_sample"][:k] and c["per_update"] == r["per_update"][:len(c["per_update"])]
            ok = r["ok"] and exact and r["updates"] > 0
            fails += not ok
            runs += 1
            print("%s %s %g Hz: %s%s" % ("ok  " if ok else "FAIL", build, ref["rate_Hz"], describe_law(r),
                                       "" if exact else "; the block count differs from the per-instruction count"))
    # the comparison's own check: a reference with one output changed must fail
    d = dirs[0]
    for fixed in (True, False):
        e = image(d, kind_of("lugre", fixed))
        if not e:
            continue
        bad = copy.deepcopy(refs[0])
        out = next(m for m in bad["models"] if m["model"] == "lugre")["fixed" if fixed else "double"]["out"]
        k = len(out) // 2
        out[k] = out[k] + 1 if fixed else out[k] * (1 + 1e3 * DOUBLE_REL_TOL) + DOUBLE_REL_TOL
        r = run(e, bad, "lugre", fixed)
        caught = not r["ok"] and (not fixed or r["mismatches"] == 1)
        fails += not caught
        print("%s %s: a reference %s output changed at sample %d is %s" % (
            "ok  " if caught else "FAIL", os.path.basename(os.path.normpath(d)), r["kind"], k,
            "caught" if caught else "NOT caught"))
    e = image(d, "adapt")
    if e and laws:
        bad = copy.deepcopy(laws[0])
        k = len(bad["m"]) - 2
        bad["m"][k] += 1
        r = run_law(e, bad)
        caught = not r["ok"] and r["mismatches"] == 1
        fails += not caught
        print("%s %s: a reference multiplier changed at sample %d is %s" % (
            "ok  " if caught else "FAIL", os.path.basename(os.path.normpath(d)), k // 2,
            "caught" if caught else "NOT caught"))
    if fails:
        print("FAIL %d of %d runs" % (fails, runs))
        return 1
    print("ok   %d runs on %d images: fixed point and the adaptation law bit-exact, double within %g, counts exact" % (
        runs, len(dirs), DOUBLE_REL_TOL))
    return 0


def mode_bench(out, args):
    refs, dirs = split_args(args)
    laws, refs = law_refs(refs)
    if len(dirs) != 1:
        raise SystemExit("mcu_emu.py bench: one image directory")
    d = dirs[0]
    build = os.path.basename(os.path.normpath(d))
    check_count(image(d, "none"))
    parts = build.split("-")
    b = {"build": build, "target": parts[0], "opt": parts[1], "variant": "-".join(parts[2:]),
         "double_rel_tolerance": DOUBLE_REL_TOL, "unicorn": unicorn.__version__, "sizes": {}, "runs": []}
    fails = 0
    for kind in KINDS:
        e = image(d, kind)
        if e:
            b["sizes"][kind] = sizes(e)
    for ref in refs:
        for model, fixed, e in steps_of(d):
            r = run(e, ref, model, fixed)
            fails += not r["ok"]
            print("%s %s %s: %s" % ("ok  " if r["ok"] else "FAIL", build, ref["velocities"], describe(r)))
            per = r.pop("per_sample")
            r.update(velocities=ref["velocities"], per_sample_mean=r["instructions"] / r["samples"],
                     per_sample_min=min(per), per_sample_max=max(per))
            b["runs"].append(r)
    e = image(d, "adapt")
    for ref in laws if e else []:
        r = run_law(e, ref)
        fails += not r["ok"]
        print("%s %s %g Hz: %s" % ("ok  " if r["ok"] else "FAIL", build, ref["rate_Hz"], describe_law(r)))
        ps, pu = r.pop("per_sample"), r.pop("per_update")
        r.update(per_sample_mean=sum(ps) / len(ps), per_sample_min=min(ps), per_sample_max=max(ps),
                 per_update_mean=sum(pu) / len(pu) if pu else None, per_update_min=min(pu) if pu else None,
                 per_update_max=max(pu) if pu else None)
        b["law"] = r
    if fails:
        print("mcu_emu.py: %d runs FAILED; %s not written" % (fails, out))
        return 1
    with open(out, "w") as f:
        json.dump(b, f, indent=1)
        f.write("\n")
    print("mcu_emu.py: wrote %s" % out)
    return 0


def main(argv):
    if len(argv) == 2 and argv[0] == "check-count":
        print("ok   %s: fric_mcu_calib(%d) counts %d instructions" % (argv[1], CALIB_N, check_count(Elf(argv[1]))))
        return 0
    if len(argv) == 5 and argv[0] == "run":
        r = run(Elf(argv[1]), load_ref(argv[2]), argv[3], argv[4] == "fixed")
        print(describe(r))
        return 0 if r["ok"] else 1
    if len(argv) == 3 and argv[0] == "run-law":
        r = run_law(Elf(argv[1]), load_ref(argv[2]))
        print(describe_law(r))
        return 0 if r["ok"] else 1
    if len(argv) >= 3 and argv[0] == "test":
        return mode_test(argv[1:])
    if len(argv) >= 4 and argv[0] == "bench":
        return mode_bench(argv[1], argv[2:])
    print(__doc__.split("\n\n")[1], file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
