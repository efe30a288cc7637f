/* SPDX-License-Identifier: Apache-2.0 */
/**
 * @file fric_status.h
 * @brief Status codes and warnings shared by every fricore API.
 *
 * Every configuration function returns a ::fric_status_t. ::FRIC_OK is 0 and
 * every error is negative; each refused parameter has its own code, and
 * fric_status_message() returns one line that names the parameter (with the
 * spelling of the command-line option) and its allowed range.
 *
 * Warnings are conditions that are accepted but worth telling the user
 * (Fs < Fc, a non-passive LuGre set). They never change a result; they are
 * returned as a bit mask by the *_warnings() functions.
 */
#ifndef FRIC_STATUS_H
#define FRIC_STATUS_H

#ifdef __cplusplus
extern "C" {
#endif

/** Result of a configuration or validation function. */
typedef enum {
    FRIC_OK = 0,              /**< accepted */
    FRIC_ERR_NULL = -1,       /**< a required pointer is NULL */
    FRIC_ERR_FC = -2,         /**< Coulomb level for v > 0 */
    FRIC_ERR_FC_NEG = -3,     /**< Coulomb level for v < 0 */
    FRIC_ERR_FS = -4,         /**< static level for v > 0 */
    FRIC_ERR_FS_NEG = -5,     /**< static level for v < 0 */
    FRIC_ERR_B = -6,          /**< viscous coefficient (sigma2) for v > 0 */
    FRIC_ERR_B_NEG = -7,      /**< viscous coefficient (sigma2) for v < 0 */
    FRIC_ERR_VS = -8,         /**< Stribeck velocity */
    FRIC_ERR_DELTA = -9,      /**< Stribeck exponent */
    FRIC_ERR_SIGMA0 = -10,    /**< bristle stiffness */
    FRIC_ERR_SIGMA1 = -11,    /**< micro-damping */
    FRIC_ERR_VD = -12,        /**< micro-damping velocity */
    FRIC_ERR_FC_DYN = -13,    /**< Coulomb level v > 0 is zero in Dahl/LuGre */
    FRIC_ERR_FC_NEG_DYN = -14,/**< Coulomb level v < 0 is zero in Dahl/LuGre */
    FRIC_ERR_FS_DYN = -15,    /**< static level v > 0 is zero in LuGre */
    FRIC_ERR_FS_NEG_DYN = -16,/**< static level v < 0 is zero in LuGre */
    FRIC_ERR_TS = -17,        /**< sample time */
    FRIC_ERR_VELOCITY = -18,  /**< a velocity sample is NaN or infinite */
    FRIC_ERR_FX_WIDTH = -19,  /**< fixed-point datapath width is not 16 or 18 */
    FRIC_ERR_FX_FIELD = -20,  /**< a fixed-point parameter field does not fit its width */
    FRIC_ERR_RANGE = -21,     /**< a parameter cannot be represented (the compiler's message says which) */
    FRIC_ERR_MASS = -22,      /**< plant mass */
    FRIC_ERR_SPRING = -23,    /**< plant spring stiffness */
    FRIC_ERR_SUPPORT = -24,   /**< plant support speed */
    FRIC_ERR_FORCE_AMP = -25, /**< plant external force amplitude */
    FRIC_ERR_FORCE_FREQ = -26,/**< plant external force frequency */
    FRIC_ERR_DEV_XFER = -27,  /**< fricore_dev: the transport callback failed */
    FRIC_ERR_DEV_ID = -28,    /**< fricore_dev: no fricore register map at the other end */
    FRIC_ERR_DEV_TIMEOUT = -29,/**< fricore_dev: the device did not finish in the polls allowed */
    FRIC_ERR_DEV_AXIS = -30,  /**< fricore_dev: an axis or axis mask outside the device's axes */
    FRIC_ERR_DEV_WIDTH = -31, /**< fricore_dev: the set's width is not the device's W */
    FRIC_ERR_DEV_CORE = -32,  /**< fricore_dev: the core is not in this device's image (CAPS) */
    FRIC_ERR_DIVERGED = -33,  /**< a run's state or result is not finite (the run's message says which) */
    FRIC_ERR_STOPPED = -34,   /**< a caller's callback stopped the run */
    FRIC_ERR_NOMEM = -35,     /**< out of memory */
    FRIC_ERR_SIM_DURATION = -40, /**< fric_sim: simulated time */
    FRIC_ERR_SIM_DT = -41,       /**< fric_sim: step (also: more than 1e10 steps) */
    FRIC_ERR_SIM_STICK = -42,    /**< fric_sim: stick threshold */
    FRIC_ERR_SIM_DIVERGED = -43, /**< fric_sim: the run is no longer finite (the result's why says where) */
    FRIC_ERR_SIM_STEPPER = -44,  /**< fric_sim: the caller's stepper stopped the run */
    FRIC_ERR_SIM_STOPPED = -45,  /**< fric_sim: the caller's sample callback stopped the run */
    FRIC_ERR_SIM_NOMEM = -46,    /**< fric_sim: out of memory for the plot samples */
    FRIC_ERR_SIM_SLIP = -47,     /**< fric_sim: slip threshold */
    FRIC_ERR_SIM_SLIP_MIN = -48, /**< fric_sim: minimum slip duration */
    FRIC_ERR_SIM_INTEGRATOR = -49, /**< fric_sim: RK4 with an elasto-plastic or GMS contact (exact step only) */
    FRIC_ERR_Z_BA = -50,         /**< elasto-plastic breakaway deflection */
    FRIC_ERR_GMS_N = -51,        /**< GMS: number of elements */
    FRIC_ERR_GMS_K = -52,        /**< GMS: an element stiffness */
    FRIC_ERR_GMS_ALPHA = -53,    /**< GMS: an element fraction */
    FRIC_ERR_GMS_ALPHA_SUM = -54,/**< GMS: the fractions do not sum to 1 */
    FRIC_ERR_GMS_C = -55         /**< GMS: slip relaxation rate */
} fric_status_t;

/** Warning bits returned by fric_stribeck_warnings() and fric_lugre_warnings(). */
enum {
    FRIC_WARN_FS_BELOW_FC = 1u << 0, /**< Fs < Fc in some direction: the dip becomes a bump */
    FRIC_WARN_NOT_PASSIVE = 1u << 1  /**< sigma2 <= sigma1*(Fs-Fc)/Fc in some direction */
};

/**
 * @brief One-line description of a status: the parameter (named as its
 *        command-line option) and its allowed range.
 * @return a static string; never NULL, also for unknown codes.
 */
const char *fric_status_message(fric_status_t status);

/**
 * @brief One-line description of a single warning bit.
 * @return a static string; never NULL.
 */
const char *fric_warning_message(unsigned warning_bit);

#ifdef __cplusplus
}
#endif

#endif /* FRIC_STATUS_H */
