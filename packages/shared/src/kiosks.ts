// Shared-device kiosks: a tablet at a site's entrance that the site's members use in turn, each
// signing in with their name and a PIN to answer their own schedules. An administrator enrols the
// tablet with a one-time code, sees its sign-ins and can revoke it.
import { z } from 'zod';
import { pageQuery, requiredText } from './common.ts';
import { MSG } from './messages.ts';

/** The header an enrolled tablet sends its device token in, on every kiosk call. */
export const KIOSK_TOKEN_HEADER = 'X-Kiosk-Token';
/** An enrolment code: 10 characters without look-alikes (no 0/O, 1/I/L), shown once. */
export const KIOSK_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const KIOSK_CODE_LENGTH = 10;
/** How long an enrolment code works. */
export const KIOSK_CODE_HOURS = 24;
/** How long a member stays signed in on a kiosk. */
export const KIOSK_SESSION_MINUTES = 15;
/** Wrong PINs allowed in a window: per member (on every kiosk) and per kiosk (for all members). */
export const KIOSK_PIN_LIMITS = { perMember: 5, perKiosk: 20, windowMinutes: 15 } as const;

/** A member's kiosk PIN: 4 to 6 digits. */
export const kioskPin = z.string({ error: MSG.kioskPinInvalid }).regex(/^\d{4,6}$/, MSG.kioskPinInvalid);

export const createKioskRequest = z.object({
  teamId: z.number({ error: MSG.required }).int().positive(),
  name: requiredText(100),
});
export type CreateKioskRequest = z.input<typeof createKioskRequest>;

/** PENDING until enrolled with its code (EXPIRED once the code ran out), then ENROLLED until revoked. */
export const kioskState = z.enum(['PENDING', 'EXPIRED', 'ENROLLED', 'REVOKED']);
export type KioskState = z.infer<typeof kioskState>;

export const kiosk = z.object({
  id: z.number(),
  name: z.string(),
  teamId: z.number(),
  siteName: z.string(),
  state: kioskState,
  createdAt: z.string(),
  /** When the enrolment code stops working (null once enrolled). */
  codeExpiresAt: z.string().nullable(),
  enrolledAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  /** The last member who signed in on it, and when. */
  lastSignIn: z.object({ userId: z.number(), name: z.string(), at: z.string() }).nullable(),
});
export type Kiosk = z.infer<typeof kiosk>;

/** `POST /api/v1/kiosks`: the new kiosk and its enrolment code, shown this once. */
export const createdKiosk = z.object({ kiosk, enrolmentCode: z.string() });
export type CreatedKiosk = z.infer<typeof createdKiosk>;

export const kiosksQuery = pageQuery;

export const kioskSignInRecord = z.object({
  id: z.number(),
  userId: z.number(),
  name: z.string(),
  at: z.string(),
  succeeded: z.boolean(),
});
export type KioskSignInRecord = z.infer<typeof kioskSignInRecord>;

export const kioskPinRequest = z.object({ pin: kioskPin });
export type KioskPinRequest = z.input<typeof kioskPinRequest>;

// The tablet's own calls.
export const enrolKioskRequest = z.object({ code: requiredText(40) });
export type EnrolKioskRequest = z.input<typeof enrolKioskRequest>;
export const enrolKioskResponse = z.object({
  /** The device token: kept on the tablet and sent in X-Kiosk-Token on every kiosk call. */
  token: z.string(),
  kiosk: z.object({
    id: z.number(),
    name: z.string(),
    siteName: z.string(),
    businessName: z.string(),
    /** The business's time zone: the tablet shows schedules' times and today's date in it. */
    timeZone: z.string(),
  }),
});
export type EnrolKioskResponse = z.infer<typeof enrolKioskResponse>;

/** A name on the kiosk's list: a member of its site. */
export const kioskMember = z.object({ id: z.number(), name: z.string(), avatar: z.string().nullable(), hasPin: z.boolean() });
export type KioskMember = z.infer<typeof kioskMember>;

export const kioskSignInRequest = z.object({
  userId: z.number({ error: MSG.required }).int().positive(),
  pin: kioskPin,
});
export type KioskSignInRequest = z.input<typeof kioskSignInRequest>;
/** A member session for this kiosk only: its tracker and runner, until `expiresAt`. */
export const kioskSignInResponse = z.object({
  id_token: z.string(),
  expiresAt: z.string(),
  member: z.object({ id: z.number(), name: z.string(), avatar: z.string().nullable() }),
});
export type KioskSignInResponse = z.infer<typeof kioskSignInResponse>;
