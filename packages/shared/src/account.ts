// Sign-in, registration, onboarding, activation, account and profile (spec §7 "Account and onboarding").
import { z } from 'zod';
import { BUSINESS_ROLES, INVITATION_STATUSES, SITE_AUTHORITIES } from './enums.ts';
import { colour, email, id, optionalText, pageQuery, password, requiredText } from './common.ts';
import { MAX_LATE_ANSWER_HOURS } from './limits.ts';
import { kioskPin } from './kiosks.ts';
import { MSG, maxMessage, minMessage } from './messages.ts';
import { twoFactorStep } from './two-factor.ts';

export const loginRequest = z.object({
  username: z.string().trim().optional(),
  password: z.string().optional(),
  rememberMe: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof loginRequest>;
/**
 * `{id_token}` when the sign-in is complete; when the person uses two-factor sign-in (or a business
 * of theirs requires it of their role), the second step to take instead (two-factor.ts).
 */
export const loginResponse = z.union([z.object({ id_token: z.string() }), twoFactorStep]);
export type LoginResponse = z.infer<typeof loginResponse>;

export const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9._-]{2,49}$/;
export const username = z
  .string({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .regex(USERNAME_PATTERN, MSG.usernameInvalid)
  .transform((v) => v.toLowerCase());

export const registerRequest = z.object({
  username,
  email,
  password,
  fullName: requiredText(100),
});
export type RegisterRequest = z.input<typeof registerRequest>;
export const registerResponse = z.object({ id: z.number(), username: z.string(), email: z.string() });
export type RegisterResponse = z.infer<typeof registerResponse>;

export const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};
export const timeZone = z.string().refine(isTimeZone, MSG.timeZoneInvalid);

export const onboardingBusinessRequest = z.object({
  name: requiredText(100),
  colour: colour.optional(),
  timeZone: timeZone.optional(),
  industryId: id.optional(),
});
export type OnboardingBusinessRequest = z.input<typeof onboardingBusinessRequest>;

export const business = z.object({
  id: z.number(),
  name: z.string(),
  colour: z.string(),
  logo: z.string().nullable(),
  ownershipType: z.enum(BUSINESS_ROLES),
  apiKey: z.string(),
  timeZone: z.string(),
  industryId: z.number().nullable(),
  managedProfile: z.boolean(),
  /** Hours after a deadline within which an answer the device delivers late still counts (0: none). */
  lateAnswerHours: z.number(),
});
export type Business = z.infer<typeof business>;

/** How late a delivery may count, in whole hours; the business's choice, from 0 to a week. */
export const lateAnswerHours = z
  .number({ error: MSG.invalid })
  .int(MSG.invalid)
  .min(0, minMessage(0))
  .max(MAX_LATE_ANSWER_HOURS, maxMessage(MAX_LATE_ANSWER_HOURS));

export const industry = z.object({ id: z.number(), nameEn: z.string(), nameAr: z.string() });
export type Industry = z.infer<typeof industry>;

export const businessIdentity = z.object({
  businessId: z.number(),
  businessName: z.string(),
  apiKey: z.string(),
  defaultBusiness: z.boolean(),
  role: z.enum(BUSINESS_ROLES),
});
export type BusinessIdentity = z.infer<typeof businessIdentity>;

export const account = z.object({
  id: z.number(),
  username: z.string(),
  fullName: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  countryCode: z.string().nullable(),
  phone: z.string().nullable(),
  bio: z.string().nullable(),
  businessIdentities: z.array(businessIdentity),
  /** An admin chose this person's password: they choose their own before anything else. */
  mustChangePassword: z.boolean(),
});
export type Account = z.infer<typeof account>;

/** A dialling code such as +966; empty becomes null. */
export const countryCode = z
  .string()
  .trim()
  .regex(/^(\+\d{1,4})?$/, MSG.invalid)
  .nullish()
  .transform((v) => v || null);
/** A phone number of digits, spaces, dashes and brackets; empty becomes null. */
export const phone = z
  .string()
  .trim()
  .regex(/^[0-9 ()-]{0,20}$/, MSG.invalid)
  .nullish()
  .transform((v) => v || null);

export const accountDetailsRequest = z.object({
  fullName: z.string({ error: MSG.profileNameRequired }).trim().min(1, MSG.profileNameRequired).max(100, maxMessage(100)),
  email,
  countryCode,
  phone,
  bio: optionalText(500),
});
export type AccountDetailsRequest = z.input<typeof accountDetailsRequest>;

/** The multipart fields of PUT /users/{userId}/profile; the avatar travels as a file part. */
export const profileFields = accountDetailsRequest
  .extend({
    name: z.string({ error: MSG.profileNameRequired }).trim().min(1, MSG.profileNameRequired).max(100, maxMessage(100)),
  })
  .omit({ fullName: true });

export const memberTeam = z.object({
  id: z.number(),
  name: z.string(),
  authority: z.enum(SITE_AUTHORITIES),
  position: z.string().nullable(),
});
export type MemberTeam = z.infer<typeof memberTeam>;

/** A user as seen inside one business (spec §3 "Member"). */
export const member = z.object({
  userId: z.number(),
  name: z.string(),
  fullName: z.string(),
  username: z.string(),
  email: z.string(),
  authority: z.enum(BUSINESS_ROLES),
  position: z.string().nullable(),
  status: z.enum(['ACTIVE', 'INACTIVE']),
  active: z.boolean(),
  phone: z.string().nullable(),
  countryCode: z.string().nullable(),
  bio: z.string().nullable(),
  avatar: z.string().nullable(),
  imageUrl: z.string().nullable(),
  businessId: z.number(),
  /** The member's id in the business's own records (an employee number), when given. */
  externalId: z.string().nullable().optional(),
  teams: z.array(memberTeam),
  /**
   * This business created the account by inviting a new e-mail. Its admins may then read the
   * activation key and, while it was never activated, edit the name and e-mail; everyone else's
   * identity is theirs alone.
   */
  createdHere: z.boolean(),
  /** Best-first position by completion rate over the last 30 days; null without schedules in that time. */
  rank: z.number().nullable(),
});
export type Member = z.infer<typeof member>;

export const basicInfo = z.object({
  id: z.number(),
  username: z.string(),
  fullName: z.string(),
  avatar: z.string().nullable(),
});
export type BasicInfo = z.infer<typeof basicInfo>;
export const userIdsRequest = z.array(id).max(500, maxMessage(500));

/**
 * `POST /v1/users/activation-cards`: the pending accounts to print cards for, or those of one
 * import still waiting for activation; none chosen prints every one.
 */
export const activationCardsRequest = z.object({ userIds: userIdsRequest.optional(), importId: id.optional() });

export const activationKeyQuery = z.object({ key: z.string().optional() });
export const activationDetail = z.object({
  username: z.string(),
  email: z.string(),
  fullName: z.string(),
  businessName: z.string().nullable(),
  activated: z.boolean(),
});
export type ActivationDetail = z.infer<typeof activationDetail>;
export const activateRequest = z.object({
  key: z.string().optional(),
  name: z.string({ error: MSG.profileNameRequired }).trim().min(1, MSG.profileNameRequired).max(100, maxMessage(100)),
  password,
  /** The PIN the member signs in with on their site's shared kiosk. */
  pin: kioskPin.optional(),
});
export type ActivateRequest = z.input<typeof activateRequest>;
/** `POST /api/v1/activate`: the member is active and signs in with this username. */
export const activateResponse = z.object({ activated: z.literal(true), username: z.string() });
export type ActivateResponse = z.infer<typeof activateResponse>;
export const activationKeyResponse = z.object({
  userId: z.number(),
  activationKey: z.string().nullable(),
  activated: z.boolean(),
  /** When the key stops working (7 days after it was issued). */
  expiresAt: z.string().nullable(),
});
export type ActivationKeyResponse = z.infer<typeof activationKeyResponse>;

export const lookupItem = z.object({
  id: z.number().optional(),
  nameEn: requiredText(100),
  nameAr: requiredText(100),
});
export const lookups = z.object({
  projectTypes: z.array(lookupItem),
  teamTypes: z.array(lookupItem),
});
export type Lookups = z.infer<typeof lookups>;
export const managedProfile = z.object({ managedProfile: z.boolean() });

export const health = z.object({ status: z.literal('UP') });

export const businessUpdateRequest = z.object({
  name: requiredText(100),
  colour,
  timeZone,
  industryId: id.nullish(),
  managedProfile: z.boolean().optional(),
  /** Absent, the setting stays as it is. */
  lateAnswerHours: lateAnswerHours.optional(),
});
export type BusinessUpdateRequest = z.input<typeof businessUpdateRequest>;

// ---------------------------------------------------------------- sessions and passwords

/** PUT /api/v1/account/password: the person's own change; other sessions end. */
export const changePasswordRequest = z.object({
  currentPassword: z.string({ error: MSG.required }).min(1, MSG.required).max(100, maxMessage(100)),
  newPassword: password,
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequest>;

/** PUT /api/v1/users/{userId}/password: an admin's reset; the member's sessions end. */
export const resetPasswordRequest = z.object({ password });
export type ResetPasswordRequest = z.input<typeof resetPasswordRequest>;

/** GET /api/v1/users/{userId}/sign-in-lock: locked after repeated failed sign-ins to the account. */
export const signInLock = z.object({ locked: z.boolean(), until: z.string().nullable() });
export type SignInLock = z.infer<typeof signInLock>;

// ---------------------------------------------------------------- invitations

const invitedTeam = z.object({ id: z.number(), name: z.string() });

/**
 * An invitation as the inviting business sees it: only what it typed, never the person's own
 * data, and the same whether or not the e-mail already had an account.
 */
export const invitation = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  authority: z.enum(SITE_AUTHORITIES),
  position: z.string().nullable(),
  externalId: z.string().nullable(),
  teams: z.array(invitedTeam),
  status: z.enum(INVITATION_STATUSES),
  createdAt: z.string(),
});
export type Invitation = z.infer<typeof invitation>;
export const invitationsQuery = pageQuery.extend({ status: z.enum(INVITATION_STATUSES).optional() });

/** An invitation as the invited person sees it, after signing in. */
export const myInvitation = z.object({
  id: z.number(),
  businessName: z.string(),
  businessColour: z.string(),
  teams: z.array(invitedTeam),
  authority: z.enum(SITE_AUTHORITIES),
  position: z.string().nullable(),
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type MyInvitation = z.infer<typeof myInvitation>;

/**
 * An invitation's secret, which the business hands to the person (as a link): accepting takes it,
 * so whoever first registered an e-mail gains nothing from the invitations sent to it.
 */
export const invitationKey = z.object({ key: z.string().trim().min(1).max(200) });
export type InvitationKey = z.infer<typeof invitationKey>;
/** Accepting or declining: the key, unless the invitation is listed to the person (a proven e-mail). */
export const invitationAnswerRequest = z.object({ key: z.string().trim().min(1).max(200).optional() }).nullish();
export type InvitationAnswerRequest = z.infer<typeof invitationAnswerRequest>;
