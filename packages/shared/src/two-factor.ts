// Two-factor sign-in (TOTP) and a business's security settings: the second step of a sign-in, a
// person's authenticator and recovery codes, and what a business requires.
import { z } from 'zod';
import { MSG, maxMessage, minMessage } from './messages.ts';

/** Digits of an authenticator's code, and how long each code lasts. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Recovery codes handed out at once; each works once. */
export const RECOVERY_CODE_COUNT = 10;
export const AUDIT_RETENTION_MIN_DAYS = 30;
export const AUDIT_RETENTION_MAX_DAYS = 3650;
export const AUDIT_RETENTION_DEFAULT_DAYS = 365;

/**
 * A right password (or a provider's sign-in) whose sign-in needs a second step: 'required' asks for a
 * code (or a recovery code), 'enrol' first sets up an authenticator because a business of the person
 * requires one of their role. `challenge` names the step; it lasts minutes and works once.
 */
export const twoFactorStep = z.object({ twoFactor: z.enum(['required', 'enrol']), challenge: z.string() });
export type TwoFactorStep = z.infer<typeof twoFactorStep>;

/** Six digits; spaces a person types between them are dropped. */
export const totpCode = z
  .string({ error: MSG.twoFactorCodeInvalid })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, MSG.twoFactorCodeInvalid));
/** A recovery code as shown (`xxxxx-xxxxx`), in any case, with or without its dash. */
export const recoveryCode = z
  .string({ error: MSG.recoveryCodeWrong })
  .transform((v) => v.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, MSG.recoveryCodeWrong));

export const twoFactorSignInRequest = z
  .object({
    challenge: z.string({ error: MSG.twoFactorChallengeExpired }).min(1, MSG.twoFactorChallengeExpired).max(200, MSG.twoFactorChallengeExpired),
    code: totpCode.optional(),
    recoveryCode: recoveryCode.optional(),
  })
  .refine((b) => b.code !== undefined || b.recoveryCode !== undefined, { message: MSG.twoFactorCodeInvalid, path: ['code'] });
export type TwoFactorSignInRequest = z.input<typeof twoFactorSignInRequest>;

/** The session's token; after an enrolment at sign-in, the new recovery codes too (shown once). */
export const twoFactorSignInResponse = z.object({ id_token: z.string(), recoveryCodes: z.array(z.string()).optional() });
export type TwoFactorSignInResponse = z.infer<typeof twoFactorSignInResponse>;

export const challengeRequest = z.object({
  challenge: z.string({ error: MSG.twoFactorChallengeExpired }).min(1, MSG.twoFactorChallengeExpired).max(200, MSG.twoFactorChallengeExpired),
});

/** An enrolment under way: the secret to type, the otpauth:// address and its QR code (a PNG data URL). */
export const totpEnrolment = z.object({ secret: z.string(), uri: z.string(), qrCode: z.string() });
export type TotpEnrolment = z.infer<typeof totpEnrolment>;

export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number(),
  /** A business of the person requires two-factor of their role: it cannot be turned off. */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

export const codeRequest = z.object({ code: totpCode });
export type CodeRequest = z.input<typeof codeRequest>;

export const recoveryCodesResponse = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponse>;

/** Turning two-factor off needs proof it is the person: a current code, or their password. */
export const disableTwoFactorRequest = z
  .object({ code: totpCode.optional(), password: z.string().max(200).optional() })
  .refine((b) => b.code !== undefined || Boolean(b.password), { message: MSG.twoFactorProofMissing, path: ['code'] });
export type DisableTwoFactorRequest = z.input<typeof disableTwoFactorRequest>;

export const auditRetentionDays = z
  .number({ error: MSG.invalid })
  .int(MSG.invalid)
  .min(AUDIT_RETENTION_MIN_DAYS, minMessage(AUDIT_RETENTION_MIN_DAYS))
  .max(AUDIT_RETENTION_MAX_DAYS, maxMessage(AUDIT_RETENTION_MAX_DAYS));

export const businessSecurity = z.object({
  /** Owners and administrators must sign in with a second factor. */
  requireTwoFactor: z.boolean(),
  /** Days the audit log keeps its entries. */
  auditRetentionDays: z.number(),
});
export type BusinessSecurity = z.infer<typeof businessSecurity>;

export const businessSecurityRequest = z.object({
  requireTwoFactor: z.boolean({ error: MSG.invalid }),
  auditRetentionDays,
});
export type BusinessSecurityRequest = z.input<typeof businessSecurityRequest>;
