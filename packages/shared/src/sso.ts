// Single sign-on with OpenID Connect: a business's provider as its administrators set it, the
// sign-in name people type on the sign-in page, and the steps of a sign-in through the provider.
import { z } from 'zod';
import { requiredText } from './common.ts';
import { MSG, maxMessage } from './messages.ts';
import { isHttpAddress } from './web-address.ts';

/** How long a sign-in through the provider may take, from the button to the answer. */
export const SSO_SIGN_IN_MINUTES = 10;
/** How long a person has to confirm linking their account after the provider's answer. */
export const SSO_LINK_MINUTES = 10;
/** The fixed address the provider sends people back to (on the main API base). */
export const SSO_CALLBACK_PATH = '/api/sso/callback';
/**
 * Where the web app takes the session a provider's sign-in opened: kept by the callback in an
 * HttpOnly cookie of this browser for two minutes, never in the address, so a link made by someone
 * else cannot sign a person into the maker's account.
 */
export const SSO_SESSION_PATH = '/api/sso/session';

/** A sign-in name: 3 to 50 lower-case letters, digits and hyphens, not starting or ending with one. */
export const SSO_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,48})[a-z0-9]$/;
export const ssoSlug = z.string({ error: MSG.required }).trim().toLowerCase().min(1, MSG.required).regex(SSO_SLUG_PATTERN, MSG.ssoSlugInvalid);

/** The provider as administrators see it: never its client secret. */
export const ssoProvider = z.object({
  slug: z.string(),
  label: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  /** Whether a client secret is kept (it is never shown again). */
  hasClientSecret: z.boolean(),
  enabled: z.boolean(),
  required: z.boolean(),
  updatedAt: z.string(),
});
export type SsoProvider = z.infer<typeof ssoProvider>;

export const saveSsoProviderRequest = z.object({
  slug: ssoSlug,
  label: requiredText(60),
  issuer: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(500, maxMessage(500)).refine(isHttpAddress, MSG.ssoIssuerInvalid),
  clientId: requiredText(255),
  /** Write-only: left out (or empty) on an update, the kept secret stays. */
  clientSecret: z.string().max(1000, maxMessage(1000)).optional(),
  enabled: z.boolean().default(true),
  required: z.boolean().default(false),
});
export type SaveSsoProviderRequest = z.input<typeof saveSsoProviderRequest>;

/** What anyone may learn of a sign-in name: the button's label. */
export const ssoLookup = z.object({ slug: z.string(), label: z.string() });
export type SsoLookup = z.infer<typeof ssoLookup>;

/** Starting a sign-in: where to go in the app afterwards (a path of the app). */
export const ssoStartRequest = z.object({ returnTo: z.string().max(500).optional() });
export const ssoStartResponse = z.object({ url: z.string() });
export type SsoStartResponse = z.infer<typeof ssoStartResponse>;

const linkToken = z.string({ error: MSG.ssoLinkExpired }).min(1, MSG.ssoLinkExpired).max(200, MSG.ssoLinkExpired);

export const ssoLinkLookupRequest = z.object({ linkToken });
/** The confirmation screen: "Link <label> to your account <username>?". */
export const ssoLinkDetails = z.object({ label: z.string(), username: z.string() });
export type SsoLinkDetails = z.infer<typeof ssoLinkDetails>;

export const ssoLinkRequest = z.object({ linkToken, password: z.string({ error: MSG.required }).min(1, MSG.required).max(200) });
export type SsoLinkRequest = z.infer<typeof ssoLinkRequest>;

/**
 * How a sign-in through the provider ended, as the callback tells the web app in the fragment of
 * /login/sso/done (never in a query string, which servers log): `token` (signed in), `twoFactor`
 * with `challenge` (a code is due), `link` (the person confirms linking), or `error` (a message key).
 */
export const SSO_DONE_ERRORS = {
  refused: MSG.ssoSignInRefused,
  expired: MSG.ssoSignInExpired,
  unverified: MSG.ssoEmailUnverified,
  noAccount: MSG.ssoNoAccount,
  otherBusinesses: MSG.ssoOtherBusinesses,
  unavailable: MSG.ssoProviderUnavailable,
} as const;
export type SsoDoneError = keyof typeof SSO_DONE_ERRORS;
