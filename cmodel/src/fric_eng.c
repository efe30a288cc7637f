/* SPDX-License-Identifier: Apache-2.0 */
/* fric_eng: the engine's assembler, program and instruction-set simulator
 * (see fric_eng.h and docs/fric_eng.md). Integer arithmetic only, like the
 * fixed-point model it runs (compiled with -mgeneral-regs-only). */
#include "fric_eng.h"

#include <string.h>

#define BIT(n) ((int64_t)1 << (n))

/* ---- the assembler ------------------------------------------------------------ */

/* Two passes over the same builder code: the first records where each label
 * falls, the second emits the words with every target known. Labels are
 * numbered in the order the builder asks for them, the same in both passes. */
enum { MAX_LABELS = 128 };

typedef struct {
    fric_eng_prog_t *p;
    int pass;
    int nlab;
    int lab[MAX_LABELS];
} as_t;

static int new_label(as_t *a)
{
    return a->nlab++;
}

static void place(as_t *a, int l)
{
    if (a->pass == 0) a->lab[l] = a->p->n;
}

static void emit(as_t *a, uint32_t w)
{
    a->p->word[a->p->n++] = w;
}

/* operand B */
#define BR(r) ((uint32_t)FRIC_ENG_B_REG << 14 | (uint32_t)(r))
#define BI(i) ((uint32_t)FRIC_ENG_B_IMM << 14 | ((uint32_t)(i) & 0x3FFFu))
#define BP(k) ((uint32_t)FRIC_ENG_B_PAR << 14 | (uint32_t)(k))
/* PARD carries the v < 0 word number too, in bits [9:5], so the hardware
 * selects a field instead of adding */
#define BPD2(k, kn) ((uint32_t)FRIC_ENG_B_PARD << 14 | (uint32_t)(kn) << 5 | (uint32_t)(k))
#define BPD(k) BPD2(k, (k) + FRIC_ENG_DIR_OFFSET)

static void op3(as_t *a, int op, int rd, int ra, uint32_t b)
{
    emit(a, (uint32_t)op << 26 | (uint32_t)rd << 21 | (uint32_t)ra << 16 | b);
}

/* MIN / MAX raising flag bit f - 1 (f = 0: none); B is a register or a parameter */
static void opf(as_t *a, int op, int rd, int ra, uint32_t b, int f)
{
    op3(a, op, rd, ra, b | (uint32_t)f << 8);
}

static void tbl(as_t *a, int rd, int ra, int t, int d)
{
    op3(a, FRIC_ENG_TBL, rd, ra, (uint32_t)d << 8 | (uint32_t)t << 5);
}

static int target(const as_t *a, int l)
{
    return a->pass ? a->lab[l] : 0;
}

static void br(as_t *a, int op, int ra, int rb, int l)
{
    emit(a, (uint32_t)op << 26 | (uint32_t)ra << 16 | (uint32_t)target(a, l) << 5 | (uint32_t)rb);
}

static void in(as_t *a, int rd, int l)
{
    emit(a, (uint32_t)FRIC_ENG_IN << 26 | (uint32_t)rd << 21 | (uint32_t)target(a, l) << 5);
}

static void out(as_t *a, int ra, int l)
{
    emit(a, (uint32_t)FRIC_ENG_OUT << 26 | (uint32_t)ra << 16 | (uint32_t)target(a, l) << 5);
}

static void jmp(as_t *a, int l)
{
    br(a, FRIC_ENG_BEQ, 0, 0, l);
}

/* ---- registers and macros of the program ------------------------------------- */

/* Registers: r0 is 0; r1 v; r2 |v|; r3..r19 temporaries; r20..r30 constants
 * set by the boot code; r31 the LuGre state w. */
enum {
    R0 = 0, RV = 1, RA = 2,
    T1 = 3, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17,
    K_YMAX = 20,  /* 2^(YI+YF) - 1: the limit of y */
    K_YLIM = 21,  /* 2^(YI+YF): the limit of y2 */
    K_ONE = 22,
    K_GMAX = 23,  /* 2^(W-1+G) - 1 */
    K_WMAX = 24,  /* 2^(W-1+WG) - 1; the Stribeck slots keep VCL here */
    K_NWMAX = 25,
    K_S1MAX = 26, /* 2^(W+1+WG) - 1 */
    K_NS1MAX = 27,
    K_FMAX = 28,  /* 2^(W-1) - 1 */
    K_NFMAX = 29,
    K_2EF = 30,   /* 2^EF: psi = 1 - 2^-y2 in (U,1,EF) */
    K_VCL = K_WMAX, /* Stribeck: 2^(W+G+1) - 1, the viscous limit */
    R_W = FRIC_ENG_R_STATE
};

/* W = 16 formats (fric_fx_formats.h) as the program uses them */
enum {
    EW = FRIC_ENG_W,
    EG = FRIC_FX_G(FRIC_ENG_W),
    EWG = FRIC_FX_WG(FRIC_ENG_W),
    EEF = FRIC_FX_EF(FRIC_ENG_W),
    ETP = FRIC_FX_TP(FRIC_ENG_W),
    EYI = FRIC_FX_YI(FRIC_ENG_W),
    EYF = FRIC_FX_YF(FRIC_ENG_W),
    EFB = FRIC_FX_FB(FRIC_ENG_W),
    ERF = FRIC_FX_RF(FRIC_ENG_W),
    EHP = FRIC_FX_HP(FRIC_ENG_W),
    EHF = FRIC_FX_HF(FRIC_ENG_W),
    ETB = FRIC_FX_TB(FRIC_ENG_W)
};

/* flag operand of MIN / MAX: FRIC_FX_FLAG bit k is k + 1 */
enum { F_NONE = 0, F_FSAT = 1, F_MAGNEG = 2, F_GSAT = 3, F_S1SAT = 4, F_WSAT = 5 };

/* r = value, for the constants of the boot code: +-(2^n - 1), 2^n or a
 * value that fits imm14 */
static void m_const(as_t *a, int r, int64_t v)
{
    if (v >= -8192 && v < 8192) {
        op3(a, FRIC_ENG_ADD, r, R0, BI(v));
        return;
    }
    const int neg = v < 0;
    const int64_t m = neg ? -v : v;
    int n = 0;
    while (BIT(n) < m) n++;
    op3(a, FRIC_ENG_ADD, r, R0, BI(neg ? -1 : 1));
    for (int k = n; k > 0; k -= 16) op3(a, FRIC_ENG_MULP, r, r, BI(k > 16 ? 16 : k));
    if (m != BIT(n)) op3(a, FRIC_ENG_SUB, r, r, BI(neg ? -1 : 1)); /* +-(2^n - 1) */
}

/* (m, e) = norm(x, W): x ~ m * 2^e, m in [2^(W-1), 2^W) rounded when bits
 * are dropped, shifted left when x is narrower (x < 2^32); x = 0 gives
 * m = 0 (and e = -W, which no use of 0 reads). */
static void m_norm(as_t *a, int m, int e, int x, int t)
{
    op3(a, FRIC_ENG_BLEN, t, x, BI(0));
    op3(a, FRIC_ENG_SUB, e, t, BI(EW));
    op3(a, FRIC_ENG_RSR, m, x, BR(e));  /* e > 0: rounded right */
    op3(a, FRIC_ENG_SUB, t, R0, BR(e));
    op3(a, FRIC_ENG_MULP, m, m, BR(t)); /* e < 0: left by -e <= W - 1 */
    op3(a, FRIC_ENG_SHR, t, m, BI(EW)); /* 1 when the rounding reached 2^W */
    op3(a, FRIC_ENG_SHR, m, m, BR(t));
    op3(a, FRIC_ENG_ADD, e, e, BR(t));
}

/* r = T[idx] - rsr((T[idx] - T[idx + 1]) * fr, fb): a table interpolation */
static void m_interp(as_t *a, int r, int idx, int fr, int fb, int tab, int t)
{
    tbl(a, r, idx, tab, 0);
    tbl(a, t, idx, tab, 1);
    op3(a, FRIC_ENG_MUL, t, t, BR(fr));
    op3(a, FRIC_ENG_RSR, t, t, BI(fb));
    op3(a, FRIC_ENG_SUB, r, r, BR(t));
}

/* e = exp2(y) = 2^-y (U,1,EF), y <= 2^(YI+YF) - 1 (every caller's y is) */
static void m_exp2(as_t *a, int e, int y, int t1, int t2, int t3)
{
    op3(a, FRIC_ENG_SHR, t1, y, BI(EFB));               /* idx */
    op3(a, FRIC_ENG_AND, t1, t1, BI((1 << ETB) - 1));
    op3(a, FRIC_ENG_AND, t2, y, BI((1 << EFB) - 1));   /* fr */
    m_interp(a, t3, t1, t2, EFB, FRIC_ENG_T_EXP2, e);
    op3(a, FRIC_ENG_SHR, t1, y, BI(EYF));               /* yi */
    op3(a, FRIC_ENG_ADD, t1, t1, BI(ETP - EEF));
    op3(a, FRIC_ENG_RSR, e, t3, BR(t1));
}

/* y = y_w(a, KM, KS, DSEL): the Stribeck exponent argument, KM and KS
 * given as B operands (a parameter word, or a PARD pair of v's direction);
 * pdsel < 0 means delta = 2 always (the micro-damping scale) */
static void m_y(as_t *a, int y, uint32_t bkm, uint32_t bks, int pdsel, int p, int pe, int t)
{
    const int lm = new_label(a), lneg = new_label(a), lend = new_label(a);
    if (pdsel >= 0) { /* delta = 1: p = a, pe = 0 */
        op3(a, FRIC_ENG_ADD, p, RA, BI(0));
        op3(a, FRIC_ENG_ADD, pe, R0, BI(0));
        op3(a, FRIC_ENG_ADD, t, R0, BP(pdsel));
        br(a, FRIC_ENG_BEQ, t, R0, lm);
    }
    /* delta = 2: q = a^2, normalized to W bits only when it is wider */
    op3(a, FRIC_ENG_MUL, p, RA, BR(RA));
    op3(a, FRIC_ENG_BLEN, t, p, BI(0));
    op3(a, FRIC_ENG_SUB, pe, t, BI(EW));
    opf(a, FRIC_ENG_MAX, pe, pe, BR(R0), F_NONE);
    op3(a, FRIC_ENG_RSR, p, p, BR(pe));
    op3(a, FRIC_ENG_SHR, t, p, BI(EW));
    op3(a, FRIC_ENG_SHR, p, p, BR(t));
    op3(a, FRIC_ENG_ADD, pe, pe, BR(t));
    place(a, lm);
    op3(a, FRIC_ENG_MUL, p, p, bkm);
    op3(a, FRIC_ENG_ADD, t, R0, bks);
    op3(a, FRIC_ENG_SUB, t, t, BR(pe));
    br(a, FRIC_ENG_BLT, t, R0, lneg);
    op3(a, FRIC_ENG_RSR, y, p, BR(t));
    opf(a, FRIC_ENG_MIN, y, y, BR(K_YMAX), F_NONE);
    jmp(a, lend);
    place(a, lneg); /* KS < pe: y saturates (or is 0 for a zero product) */
    op3(a, FRIC_ENG_ADD, y, K_YMAX, BI(0));
    br(a, FRIC_ENG_BNE, p, R0, lend);
    op3(a, FRIC_ENG_ADD, y, R0, BI(0));
    place(a, lend);
}

/* the boot code's limits; each slot computes its own once after reset */
static void m_boot(as_t *a, int lugre)
{
    m_const(a, K_YMAX, BIT(EYI + EYF) - 1);
    m_const(a, K_FMAX, BIT(EW - 1) - 1);
    m_const(a, K_NFMAX, -(BIT(EW - 1) - 1));
    if (!lugre) {
        m_const(a, K_VCL, BIT(EW + EG + 1) - 1);
        return;
    }
    m_const(a, K_YLIM, BIT(EYI + EYF));
    m_const(a, K_ONE, 1);
    m_const(a, K_GMAX, BIT(EW - 1 + EG) - 1);
    m_const(a, K_WMAX, BIT(EW - 1 + EWG) - 1);
    m_const(a, K_NWMAX, -(BIT(EW - 1 + EWG) - 1));
    m_const(a, K_S1MAX, BIT(EW + 1 + EWG) - 1);
    m_const(a, K_NS1MAX, -(BIT(EW + 1 + EWG) - 1));
    m_const(a, K_2EF, BIT(EEF));
    op3(a, FRIC_ENG_ADD, R_W, R0, BI(0)); /* the state: the register file keeps its words across a reset */
}

/* f = sat(rsr(x, sh)) with F_SAT, emitted, back to loop */
static void m_out_sat(as_t *a, int x, int sh, int loop)
{
    if (sh) op3(a, FRIC_ENG_RSR, T1, x, BI(sh));
    opf(a, FRIC_ENG_MIN, T1, sh ? T1 : x, BR(K_FMAX), F_FSAT);
    opf(a, FRIC_ENG_MAX, T1, T1, BR(K_NFMAX), F_FSAT);
    out(a, T1, loop);
}

/* the dip rsr(DM * E, EF + DS - G) of v's direction, added to FC: r = FC + dip */
static void m_fc_dip(as_t *a, int r, int e, int t1, int t2)
{
    op3(a, FRIC_ENG_ADD, t1, R0, BPD(FRIC_FX_WORD_DM_P));
    op3(a, FRIC_ENG_MUL, t1, t1, BR(e));
    op3(a, FRIC_ENG_ADD, t2, R0, BPD(FRIC_FX_WORD_DS_P));
    op3(a, FRIC_ENG_ADD, t2, t2, BI(EEF - EG));
    op3(a, FRIC_ENG_RSR, t1, t1, BR(t2));
    op3(a, FRIC_ENG_ADD, r, t1, BPD(FRIC_FX_WORD_FC_P));
}

/* the commit: the staging set into the slot's parameter words, between two samples */
static void m_commit(as_t *a, int words, int loop)
{
    for (int k = 0; k < words; k++) op3(a, FRIC_ENG_CPY, 0, 0, BI(k));
    jmp(a, loop);
}

/* the head of both models' loops: IN (a commit: to its copy code), v = 0
 * to zero, |v|, and r = FC + dip, the Stribeck level of v's direction */
static void m_head(as_t *a, int loop, int commit, int zero, int r)
{
    place(a, loop);
    in(a, RV, commit);
    br(a, FRIC_ENG_BEQ, RV, R0, zero);
    op3(a, FRIC_ENG_NEGIF, RA, RV, BR(RV));
    m_y(a, T4, BPD2(FRIC_FX_WORD_KM, FRIC_FX_WORD_KM_N), BPD2(FRIC_FX_WORD_KS, FRIC_FX_WORD_KS_N), FRIC_FX_WORD_DSEL,
        T1, T2, T3);
    m_exp2(a, T5, T4, T1, T2, T3);
    m_fc_dip(a, r, T5, T1, T2);
}

static void build_stribeck(as_t *a)
{
    const int loop = new_label(a), zero = new_label(a), commit = new_label(a);
    m_head(a, loop, commit, zero, T6);
    op3(a, FRIC_ENG_MUL, T1, RA, BPD(FRIC_FX_WORD_BM_P));           /* visc */
    op3(a, FRIC_ENG_RSR, T1, T1, BPD(FRIC_FX_WORD_BS_P));
    opf(a, FRIC_ENG_MIN, T1, T1, BR(K_VCL), F_NONE);
    op3(a, FRIC_ENG_ADD, T6, T6, BR(T1));
    op3(a, FRIC_ENG_RSR, T6, T6, BI(EG));
    opf(a, FRIC_ENG_MAX, T6, T6, BR(R0), F_MAGNEG);
    op3(a, FRIC_ENG_NEGIF, T6, T6, BR(RV));
    m_out_sat(a, T6, 0, loop);
    place(a, zero);
    out(a, R0, loop);
    place(a, commit);
    m_commit(a, FRIC_FX_WORDS_STRIBECK, loop);
}

/* LuGre registers beyond the macros' temporaries */
enum { RG = T10, RDIFF = T11, RPROD = T12, RSH = T13, RY2 = T14, RDW = T15, RW1 = T16, RC1 = T17 };

static void build_lugre(as_t *a)
{
    const int loop = new_label(a), hold = new_label(a), commit = new_label(a);
    const int y2neg = new_label(a), y2big = new_label(a), y2ok = new_label(a);
    const int p0 = new_label(a), p2 = new_label(a), p3 = new_label(a), wl = new_label(a);
    const int nomd = new_label(a);
    /* g(v) = FC + dip, clamped to [1, 2^(W-1+G) - 1] */
    m_head(a, loop, commit, hold, RG);
    opf(a, FRIC_ENG_MAX, RG, RG, BR(K_ONE), F_GSAT);
    opf(a, FRIC_ENG_MIN, RG, RG, BR(K_GMAX), F_GSAT);

    /* diff = sign(v) g 2^(WG-G) - w */
    op3(a, FRIC_ENG_NEGIF, T1, RG, BR(RV));
    op3(a, FRIC_ENG_MULP, T1, T1, BI(16));
    op3(a, FRIC_ENG_MULP, T1, T1, BI(EWG - EG - 16));
    op3(a, FRIC_ENG_SUB, RDIFF, T1, BR(R_W));

    /* y2 = |v| KYM / g: prod = norm(|v| KYM) * recip(norm(g)) */
    op3(a, FRIC_ENG_MUL, T1, RA, BP(FRIC_FX_WORD_KYM));
    m_norm(a, T2, T3, T1, T4);                   /* T2 tn, T3 te */
    m_norm(a, T4, T5, RG, T6);                   /* T4 gn, T5 ge */
    op3(a, FRIC_ENG_SHR, T6, T4, BI(ERF));       /* recip index and fraction */
    op3(a, FRIC_ENG_AND, T6, T6, BI((1 << ETB) - 1));
    op3(a, FRIC_ENG_AND, T7, T4, BI((1 << ERF) - 1));
    m_interp(a, T8, T6, T7, ERF, FRIC_ENG_T_RECIP, T9);
    op3(a, FRIC_ENG_MUL, RPROD, T2, BR(T8));
    op3(a, FRIC_ENG_ADD, RSH, T5, BP(FRIC_FX_WORD_KYX));
    op3(a, FRIC_ENG_SUB, RSH, RSH, BR(T3));
    op3(a, FRIC_ENG_ADD, RSH, RSH, BI(2 * EW - 1 - EYF));
    /* y2 = shift_to(prod, sh, 2^(YI+YF)) */
    br(a, FRIC_ENG_BLT, RSH, R0, y2neg);
    op3(a, FRIC_ENG_RSR, RY2, RPROD, BR(RSH));
    opf(a, FRIC_ENG_MIN, RY2, RY2, BR(K_YLIM), F_NONE);
    jmp(a, y2ok);
    place(a, y2neg); /* a left shift: exact below 32 bits, else the limit (or 0) */
    op3(a, FRIC_ENG_SUB, T1, R0, BR(RSH));
    op3(a, FRIC_ENG_SHR, T2, T1, BI(5));
    br(a, FRIC_ENG_BNE, T2, R0, y2big);
    /* two steps of at most 16; the limit after the first keeps the second's operand in 48 bits */
    op3(a, FRIC_ENG_MULP, RY2, RPROD, BR(T1));
    opf(a, FRIC_ENG_MIN, RY2, RY2, BR(K_YLIM), F_NONE);
    op3(a, FRIC_ENG_SUB, T1, T1, BI(16));
    op3(a, FRIC_ENG_MULP, RY2, RY2, BR(T1));
    opf(a, FRIC_ENG_MIN, RY2, RY2, BR(K_YLIM), F_NONE);
    jmp(a, y2ok);
    place(a, y2big);
    op3(a, FRIC_ENG_ADD, RY2, K_YLIM, BI(0));
    br(a, FRIC_ENG_BNE, RPROD, R0, y2ok);
    op3(a, FRIC_ENG_ADD, RY2, R0, BI(0));
    place(a, y2ok);

    /* dw by path */
    br(a, FRIC_ENG_BEQ, RPROD, R0, p0);
    br(a, FRIC_ENG_BGE, RY2, K_YLIM, p3);
    op3(a, FRIC_ENG_SHR, T1, RY2, BI(EYF - 1));
    br(a, FRIC_ENG_BNE, T1, R0, p2);
    /* path 1, y2 < 1/2: psi = y2 h(y2) in floating form */
    m_norm(a, T2, T3, RPROD, T4);                /* T2 pm, T3 pn */
    op3(a, FRIC_ENG_SHR, T4, RY2, BI(EHF));
    op3(a, FRIC_ENG_AND, T5, RY2, BI((1 << EHF) - 1));
    m_interp(a, T6, T4, T5, EHF, FRIC_ENG_T_H, T7);
    op3(a, FRIC_ENG_MUL, T2, T2, BR(T6));
    op3(a, FRIC_ENG_RSR, T2, T2, BI(EHP));
    op3(a, FRIC_ENG_ADD, T4, RSH, BI(EYF));
    op3(a, FRIC_ENG_SUB, T4, T4, BR(T3));
    op3(a, FRIC_ENG_MUL, RDW, RDIFF, BR(T2));
    op3(a, FRIC_ENG_RSR, RDW, RDW, BR(T4));
    jmp(a, wl);
    place(a, p0); /* no bristle motion */
    op3(a, FRIC_ENG_ADD, RDW, R0, BI(0));
    jmp(a, wl);
    place(a, p3); /* w = w_ss */
    op3(a, FRIC_ENG_ADD, RDW, RDIFF, BI(0));
    jmp(a, wl);
    place(a, p2); /* psi = 1 - 2^-y2 */
    m_exp2(a, T5, RY2, T1, T2, T3);
    op3(a, FRIC_ENG_SUB, T5, K_2EF, BR(T5));
    op3(a, FRIC_ENG_MUL, RDW, RDIFF, BR(T5));
    op3(a, FRIC_ENG_RSR, RDW, RDW, BI(EW));
    place(a, wl);

    /* w' = sat(w + dw); dw = w' - w */
    op3(a, FRIC_ENG_ADD, RW1, R_W, BR(RDW));
    opf(a, FRIC_ENG_MIN, RW1, RW1, BR(K_WMAX), F_WSAT);
    opf(a, FRIC_ENG_MAX, RW1, RW1, BR(K_NWMAX), F_WSAT);
    op3(a, FRIC_ENG_SUB, RDW, RW1, BR(R_W));
    op3(a, FRIC_ENG_ADD, R_W, RW1, BI(0));

    /* sigma1 term: rsr(dw c1(v), C1S), c1 = C1M or C1M exp(-(v/vd)^2) */
    op3(a, FRIC_ENG_ADD, T1, R0, BP(FRIC_FX_WORD_MD_EN));
    op3(a, FRIC_ENG_ADD, RC1, R0, BP(FRIC_FX_WORD_C1M));
    br(a, FRIC_ENG_BEQ, T1, R0, nomd);
    m_y(a, T4, BP(FRIC_FX_WORD_KDM), BP(FRIC_FX_WORD_KDS), -1, T1, T2, T3);
    m_exp2(a, T5, T4, T1, T2, T3);
    op3(a, FRIC_ENG_MUL, RC1, RC1, BR(T5));
    op3(a, FRIC_ENG_RSR, RC1, RC1, BI(EEF));
    place(a, nomd);
    op3(a, FRIC_ENG_MUL, T1, RDW, BR(RC1));
    op3(a, FRIC_ENG_RSR, T1, T1, BP(FRIC_FX_WORD_C1S));
    opf(a, FRIC_ENG_MIN, T1, T1, BR(K_S1MAX), F_S1SAT);
    opf(a, FRIC_ENG_MAX, T1, T1, BR(K_NS1MAX), F_S1SAT);

    /* F = sat(rsr(w' + s1 + sign(v) visc 2^(WG-G), WG)) */
    op3(a, FRIC_ENG_MUL, T2, RA, BPD(FRIC_FX_WORD_BM_P));
    op3(a, FRIC_ENG_RSR, T2, T2, BPD(FRIC_FX_WORD_BS_P));
    op3(a, FRIC_ENG_MULP, T2, T2, BI(16));
    op3(a, FRIC_ENG_MULP, T2, T2, BI(EWG - EG - 16));
    op3(a, FRIC_ENG_NEGIF, T2, T2, BR(RV));
    op3(a, FRIC_ENG_ADD, T1, T1, BR(RW1));
    op3(a, FRIC_ENG_ADD, T1, T1, BR(T2));
    m_out_sat(a, T1, EWG, loop);

    place(a, hold); /* v = 0: the state holds, F = sat(rsr(w, WG)) */
    m_out_sat(a, R_W, EWG, loop);
    place(a, commit);
    m_commit(a, FRIC_FX_WORDS_LUGRE, loop);
}

static void build(as_t *a)
{
    a->p->n = 0;
    a->nlab = 0;
    a->p->boot_lugre = a->p->n;
    m_boot(a, 1);
    build_lugre(a); /* the boot code falls into the LuGre loop */
    a->p->boot_stribeck = a->p->n;
    m_boot(a, 0);
    build_stribeck(a);
}

const fric_eng_prog_t *fric_eng_program(void)
{
    static fric_eng_prog_t prog;
    static int done;
    if (!done) {
        as_t a = {&prog, 0, 0, {0}};
        build(&a);
        a.pass = 1;
        build(&a);
        done = 1;
    }
    return &prog;
}

/* ---- the instruction-set simulator ----------------------------------------------- */

static const int32_t *eng_table(int t)
{
    switch (t) {
    case FRIC_ENG_T_EXP2: return fric_fx_exp2_w16;
    case FRIC_ENG_T_RECIP: return fric_fx_recip_w16;
    default: return fric_fx_h_w16;
    }
}

void fric_eng_slot_reset(fric_eng_slot_t *s, int lugre)
{
    const fric_eng_prog_t *p = fric_eng_program();
    uint32_t par[32], stg[32];
    memcpy(par, s->par, sizeof par);
    memcpy(stg, s->stg, sizeof stg);
    memset(s, 0, sizeof *s);
    memcpy(s->par, par, sizeof par);
    memcpy(s->stg, stg, sizeof stg);
    /* the register file is not cleared by a reset: every register but r0
     * starts with a value the program must not depend on */
    for (int r = 1; r < FRIC_ENG_REGS; r++) s->r[r] = (int64_t)0x5A5A5A5A5A5A5ULL * r;
    s->pc = lugre ? p->boot_lugre : p->boot_stribeck;
}

static int fits_bits(int64_t x, int bits)
{
    return x >= -BIT(bits - 1) && x < BIT(bits - 1);
}

static int64_t clamp64(int64_t x, int64_t lo, int64_t hi)
{
    return x < lo ? lo : x > hi ? hi : x;
}

/* bits of x >= 0 */
static int64_t bitlen64(int64_t x)
{
    int n = 0;
    while (n < 63 && (x >> n) != 0) n++;
    return n;
}

/* One instruction. Returns 0 normally, 1 when IN waits (nothing issued),
 * 2 after an OUT. */
static int step(fric_eng_slot_t *s, const int32_t *v_in, int *v_taken, int32_t *f_out, uint32_t *fl_out)
{
    const fric_eng_prog_t *p = fric_eng_program();
    if (s->pc < 0 || s->pc >= p->n) {
        s->err = 1;
        return 1;
    }
    const uint32_t w = p->word[s->pc];
    const int op = (int)(w >> 26), rd = (int)(w >> 21) & 31, ra = (int)(w >> 16) & 31;
    const int bsel = (int)(w >> 14) & 3, rb = (int)w & 31, tgt = (int)(w >> 5) & 511;
    const int flag = (int)(w >> 8) & 7;
    int64_t b;
    switch (bsel) {
    case FRIC_ENG_B_REG: b = s->r[rb]; break;
    case FRIC_ENG_B_IMM: b = (int64_t)(((int32_t)(w << 18)) >> 18); break;
    default: b = (int32_t)s->par[(bsel == FRIC_ENG_B_PARD && s->dir) ? (w >> 5) & 31 : (uint32_t)rb]; break;
    }
    const int64_t x = s->r[ra];
    int64_t r = 0;
    int wr = 1, next = s->pc + 1, ret = 0;
    switch (op) {
    case FRIC_ENG_ADD: r = (int64_t)((uint64_t)x + (uint64_t)b); break;
    case FRIC_ENG_SUB: r = (int64_t)((uint64_t)x - (uint64_t)b); break;
    case FRIC_ENG_RSR: {
        const int sh = (int)(b > 63 ? 63 : b);
        if (sh > 0 && !fits_bits(x, FRIC_ENG_DW - 1)) s->err = 1; /* A + 1 fits the datapath */
        r = fric_fx_rsr(x, sh);
        break;
    }
    case FRIC_ENG_SHR: {
        const int sh = (int)clamp64(b, 0, 63);
        r = (x >= 0) ? (x >> sh) : ~((~x) >> sh);
        break;
    }
    case FRIC_ENG_AND:
        if (b < 0 || b > 0xFFFF) s->err = 1;
        r = x & b & 0xFFFF;
        break;
    case FRIC_ENG_MIN:
    case FRIC_ENG_MAX: {
        const int take_b = (op == FRIC_ENG_MIN) ? (b < x) : (b > x);
        r = take_b ? b : x;
        if (take_b && flag) s->flags |= 1u << (flag - 1);
        break;
    }
    case FRIC_ENG_BLEN:
        if (x < 0 || x >= BIT(32)) s->err = 1;
        r = bitlen64(x & 0xFFFFFFFF);
        break;
    case FRIC_ENG_MUL:
    case FRIC_ENG_MULP: {
        if (!fits_bits(x, 48)) s->err = 1;
        if (op == FRIC_ENG_MUL && (b < 0 || b > BIT(16))) s->err = 1;
        const int64_t xs = (int64_t)((uint64_t)x << 16) >> 16; /* sext48 */
        const int64_t bm = (op == FRIC_ENG_MULP) ? BIT(clamp64(b, 0, 16)) : (b & BIT(16)) ? BIT(16) : (b & 0xFFFF);
        r = xs * bm;
        if (op == FRIC_ENG_MULP && !fits_bits(r, 64 - 1)) s->err = 1;
        break;
    }
    case FRIC_ENG_CPY:
        s->par[rb] = s->stg[rb];
        wr = 0;
        break;
    case FRIC_ENG_NEGIF: r = (b < 0) ? (int64_t)(0 - (uint64_t)x) : x; break;
    case FRIC_ENG_TBL: {
        const int t = (int)(w >> 5) & 7, d = (int)(w >> 8) & 1;
        if (x < 0 || x > 255 || t > FRIC_ENG_T_H) {
            s->err = 1;
            r = 0;
            break;
        }
        const int32_t *tab = eng_table(t);
        r = d ? (int64_t)tab[x] - tab[x + 1] : tab[x];
        break;
    }
    case FRIC_ENG_IN:
        if (s->commit_pending) {
            s->commit_pending = 0;
            wr = 0;
            next = tgt;
        } else if (s->rst_pending) {
            s->rst_pending = 0;
            s->r[FRIC_ENG_R_STATE] = 0;
            wr = 0;
            next = s->pc;
        } else if (v_in && !*v_taken) {
            r = *v_in;
            s->dir = *v_in < 0;
            *v_taken = 1;
        } else {
            return 1;
        }
        break;
    case FRIC_ENG_OUT:
        if (x < -(BIT(EW - 1) - 1) || x > BIT(EW - 1) - 1) s->err = 1;
        *f_out = (int32_t)x;
        *fl_out = s->flags;
        s->flags = 0;
        wr = 0;
        next = tgt;
        ret = 2;
        break;
    case FRIC_ENG_BLT:
    case FRIC_ENG_BGE:
    case FRIC_ENG_BEQ:
    case FRIC_ENG_BNE: {
        const int64_t y = s->r[rb];
        const int c = op == FRIC_ENG_BLT ? x < y : op == FRIC_ENG_BGE ? x >= y : op == FRIC_ENG_BEQ ? x == y : x != y;
        if (c) next = tgt;
        wr = 0;
        break;
    }
    default: s->err = 1; return 1;
    }
    if (wr && !fits_bits(r, FRIC_ENG_DW)) s->err = 1; /* every result fits the 60-bit datapath */
    if (wr && rd != 0) s->r[rd] = r;
    if (wr && rd == 0 && op != FRIC_ENG_IN) s->err = 1; /* the program never writes r0 */
    s->pc = next;
    s->issued++;
    return ret;
}

int32_t fric_eng_run_job(fric_eng_slot_t *s, int32_t v, uint32_t *flags, uint64_t *instr)
{
    int taken = 0;
    int32_t f = 0;
    uint32_t fl = 0;
    uint64_t start = 0;
    for (int guard = 0; guard < 100000 && !s->err; guard++) {
        const int was_taken = taken;
        const uint64_t before = s->issued;
        const int r = step(s, &v, &taken, &f, &fl);
        if (!was_taken && taken) start = before;
        if (r == 1 && taken) break; /* back at IN after the job */
        if (r == 1) { s->err = 1; break; }
    }
    if (flags) *flags = fl;
    if (instr) *instr = s->issued - start;
    return f;
}

/* run a slot until it waits at IN with no v */
static void run_to_in(fric_eng_slot_t *s)
{
    int32_t f;
    uint32_t fl;
    int taken = 1; /* no v: run until IN waits */
    for (int guard = 0; guard < 100000 && !s->err; guard++)
        if (step(s, NULL, &taken, &f, &fl) == 1) break;
}

void fric_eng_state_reset(fric_eng_slot_t *s)
{
    s->rst_pending = 1;
    run_to_in(s);
}

void fric_eng_commit(fric_eng_slot_t *s)
{
    s->commit_pending = 1;
    run_to_in(s);
}
