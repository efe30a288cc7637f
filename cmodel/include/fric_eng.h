/* SPDX-License-Identifier: Apache-2.0 */
/**
 * @file fric_eng.h
 * @brief fric_eng: a small programmable engine that runs both friction models
 *        (Stribeck and Dahl / LuGre) at W = 16: its instruction set, its
 *        program, and an instruction-set simulator (ISS).
 *
 * The engine is the UP5K answer of docs/up5k.md: the cores fric_stribeck and
 * fric_lugre do not fit the iCEBreaker board image, so one 64-bit datapath
 * (an adder, a bidirectional rounding shifter, a 48 x 17 multiplier, a
 * bit-length unit, three tables) is shared by every step of both models,
 * driven by the program below. The ISS is the engine's specification at
 * the instruction level: the RTL (rtl/cores/fric_eng.v) executes the same words
 * with the same results, and the program run by the ISS is bit-exact with
 * fric_fx_stribeck() and fric_fx_lugre_step() (cmodel/tests/test_eng.c).
 *
 * Machine model. 8 hardware threads ("slots"), each bound to one job kind:
 * slot s < 4 runs the LuGre program for axis s, slot 4 + s the Stribeck
 * program for axis s. The RTL issues from the slots in turn, each once every
 * FRIC_ENG_ROUND clocks, so an instruction retires before its slot issues
 * again: no hazard, no forwarding, no branch penalty. Per slot: 32 registers of
 * 64 bits (r0 reads 0 and is never written), a PC, a direction bit (set by
 * IN: the sign of v) and the sticky flags of the job.
 *
 * Instruction word (32 bits):
 *   [31:26] op   [25:21] rd   [20:16] ra
 *   [15:14] bsel: operand B = 0 register rb [4:0], 1 imm14 [13:0] (signed),
 *                 2 parameter word [4:0] of the slot's set,
 *                 3 parameter word [4:0], or [9:5] when the direction bit is
 *                   set: the v < 0 field of the Stribeck set (the assembler
 *                   writes [4:0] + FRIC_ENG_DIR_OFFSET there, or KM_N and
 *                   KS_N for KM and KS)
 *   [10:8]  flag of MIN / MAX (0 none, k: FRIC_FX flag bit k - 1)
 *   [8]     D of TBL, [7:5] its table
 *   [13:5]  target of branches, IN and OUT
 */
#ifndef FRIC_ENG_H
#define FRIC_ENG_H

#include <stddef.h>
#include <stdint.h>

#include "fric_fx.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Opcodes. B is operand B (bsel), "rsr" is fric_fx_rsr(). */
enum {
    FRIC_ENG_ADD = 1,   /**< rd = ra + B */
    FRIC_ENG_SUB = 2,   /**< rd = ra - B */
    FRIC_ENG_RSR = 3,   /**< rd = rsr(ra, min(B, 63)): rounded right shift; B <= 0 gives ra */
    FRIC_ENG_SHR = 4,   /**< rd = ra >> clamp(B, 0, 63), arithmetic (floor) */
    FRIC_ENG_AND = 5,   /**< rd = ra[15:0] & B[15:0] (masks of table indexes and fractions) */
    FRIC_ENG_MIN = 6,   /**< rd = min(ra, B); B < ra raises the flag */
    FRIC_ENG_MAX = 7,   /**< rd = max(ra, B); B > ra raises the flag */
    FRIC_ENG_BLEN = 8,  /**< rd = bits of ra, 0 <= ra < 2^32: 0 for 0, else 1 + floor(log2 ra) */
    FRIC_ENG_MUL = 9,   /**< rd = sext48(ra) * (B[16] ? 2^16 : B[15:0]) */
    FRIC_ENG_NEGIF = 10, /**< rd = B < 0 ? -ra : ra */
    FRIC_ENG_TBL = 11,  /**< rd = T[ra], or T[ra] - T[ra + 1] with D; ra in 0..255 */
    FRIC_ENG_IN = 12,   /**< commit pending: clear it, go to target; else state reset pending: clear it,
                             r31 = 0, issue IN again; else wait for v: rd = v */
    FRIC_ENG_OUT = 13,  /**< emit ra as the force with the job's flags (which clear); go to target */
    FRIC_ENG_BLT = 14,  /**< ra < rb (signed): go to target */
    FRIC_ENG_BGE = 15,  /**< ra >= rb */
    FRIC_ENG_BEQ = 16,  /**< ra == rb */
    FRIC_ENG_BNE = 17,  /**< ra != rb */
    FRIC_ENG_MULP = 18, /**< rd = sext48(ra) * 2^clamp(B, 0, 16): a left shift on the multiplier */
    FRIC_ENG_CPY = 19   /**< parameter word k = imm[4:0] of the slot = staging word k of its model */
};

/** Tables of TBL (W = 16). */
enum { FRIC_ENG_T_EXP2 = 0, FRIC_ENG_T_RECIP = 1, FRIC_ENG_T_H = 2 };

/** Operand B sources. */
enum { FRIC_ENG_B_REG = 0, FRIC_ENG_B_IMM = 1, FRIC_ENG_B_PAR = 2, FRIC_ENG_B_PARD = 3 };

enum {
    FRIC_ENG_SLOTS = 8,       /**< hardware threads; slot s < 4 LuGre axis s, 4 + s Stribeck axis s */
    FRIC_ENG_ROUND = 9,       /**< clocks between two issues of a slot: rtl/cores/fric_eng.v writes a result 9 clocks after its fetch, a clock before its slot's next read */
    FRIC_ENG_AXES = 4,        /**< axes of each model */
    FRIC_ENG_REGS = 32,       /**< registers per slot */
    FRIC_ENG_PROG_MAX = 512,  /**< program words the ROM holds */
    FRIC_ENG_W = 16,          /**< datapath width of the models it runs */
    FRIC_ENG_DIR_OFFSET = 5,  /**< the v < 0 fields follow the v > 0 ones (FRIC_FX_WORD_FC_N - FC_P) */
    FRIC_ENG_DW = 60,         /**< width of the registers and the datapath: every value fits (S,60) */
    FRIC_ENG_R_STATE = 31,    /**< the LuGre slot's state register (w, (S,W,WG)) */
    FRIC_ENG_MAX_INSTR_LUGRE = 161,   /**< instructions of the longest LuGre sample (IN to OUT) */
    FRIC_ENG_MAX_INSTR_STRIBECK = 49 /**< instructions of the longest Stribeck sample */
};

/** The program: its words, and where each slot kind starts after reset. */
typedef struct {
    uint32_t word[FRIC_ENG_PROG_MAX];
    int n;            /**< words used */
    int boot_lugre;   /**< reset PC of the LuGre slots */
    int boot_stribeck; /**< reset PC of the Stribeck slots */
} fric_eng_prog_t;

/** The program, assembled on the first call (the same words every call). */
const fric_eng_prog_t *fric_eng_program(void);

/** One slot of the ISS. */
typedef struct {
    int64_t r[FRIC_ENG_REGS];
    uint32_t par[32];  /**< the slot's parameter words (fric_fx_*_pack order) */
    uint32_t stg[32];  /**< the staging set of the slot's model (CPY reads it) */
    int commit_pending; /**< a commit waits for the next IN */
    int pc;
    int dir;           /**< sign of the last v taken by IN */
    uint32_t flags;    /**< the job's flags (FRIC_FX_FLAG_*) */
    int rst_pending;   /**< a state reset waits for the next IN */
    uint64_t issued;   /**< instructions issued (a stalled IN counts once) */
    int err;           /**< nonzero: an operand left the range the hardware defines (a program bug) */
} fric_eng_slot_t;

/** Put a slot in its reset state: the PC at its kind's boot code, registers 0
 *  (par and stg are kept, as the hardware's memories keep them). */
void fric_eng_slot_reset(fric_eng_slot_t *s, int lugre);

/**
 * Run a slot until it has taken v and emitted one force (or, with v absent,
 * until it waits at IN). Returns the force; *flags gets the job's flags and
 * *instr the instructions issued for the job (from the IN that took v to
 * the OUT, both counted). A slot fresh from reset runs its boot code first
 * (not counted in *instr).
 */
int32_t fric_eng_run_job(fric_eng_slot_t *s, int32_t v, uint32_t *flags, uint64_t *instr);

/** Run a slot to its IN with a state reset pending (IN zeroes r31). */
void fric_eng_state_reset(fric_eng_slot_t *s);

/** Commit: stg holds the words; run the slot's commit code to its IN. */
void fric_eng_commit(fric_eng_slot_t *s);

/** Disassemble one word into buf (for traces and the generated listing). */
void fric_eng_disasm(uint32_t word, char *buf, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* FRIC_ENG_H */
