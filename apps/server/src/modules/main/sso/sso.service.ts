// Signing in through a business's OpenID Connect provider (authorization code with PKCE S256,
// state and nonce). A sign-in under way is a row of the database, so the provider may send the
// browser back to any instance; its state is kept hashed and works once, and only in the browser
// that started it (a cookie carries it there). The answer signs in the account linked to the
// provider's subject; an answer naming a verified e-mail of a member not yet linked waits for that
// member to confirm with their password; anything else is refused. No account is ever made here.
import type * as OpenId from 'openid-client';
import type { LoginResponse } from '@fieldops/shared/account';
import { MSG } from '@fieldops/shared/messages';
import { SSO_CALLBACK_PATH, SSO_LINK_MINUTES, SSO_SIGN_IN_MINUTES, type SsoDoneError, type SsoLinkDetails, type SsoLookup } from '@fieldops/shared/sso';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { AppError, fieldError, forbidden, notFound } from '../../../lib/errors.ts';
import { verifyPassword } from '../../../lib/password.ts';
import { addToCounters } from '../../../lib/throttle.ts';
import { hashKey, randomKey } from '../../../lib/tokens.ts';
import { recordSignIn } from '../../platform/audit/audit.service.ts';
import { recordEvent } from '../../platform/events/events.service.ts';
import { completeSignIn } from '../two-factor/two-factor.service.ts';
import { openIdClient, providerConfig } from './oidc.ts';
import {
  findLinkCandidate,
  findLinkedMember,
  findPendingLink,
  findProvider,
  findProviderBySlug,
  findSignIn,
  insertIdentity,
  insertSignIn,
  markLinked,
  requiredProviderLabels,
  setPendingLink,
  touchIdentity,
  useSignIn,
} from './sso.repository.ts';

/** The cookie that ties a sign-in's state to the browser that started it. */
export const SSO_STATE_COOKIE = 'fieldops_sso_state';
/** Wrong passwords a person may give when confirming a link, per account, in the window. */
const LINK_ATTEMPTS = 10;
const LINK_WINDOW_MS = 15 * 60 * 1000;
const MINUTE = 60 * 1000;

/** How a provider's answer ended: a session (or its second step), a link to confirm, or a refusal. */
export type CallbackOutcome = { returnTo: string | null } & (
  { kind: 'signedIn'; result: LoginResponse } | { kind: 'link'; linkToken: string } | { kind: 'error'; error: SsoDoneError }
);

export const redirectUriOf = (app: FastifyInstance) => `${app.mailSettings.appUrl}${SSO_CALLBACK_PATH}`;

/** A path of this app to return to, or nothing (no address elsewhere is ever followed). */
const safeReturnTo = (value: string | undefined) => (value && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\') ? value : null);

/** The sign-in button's label for a sign-in name; unknown and turned-off names alike are not found. */
export async function lookupSlug(db: Db, slug: string): Promise<SsoLookup> {
  const provider = await findProviderBySlug(db, slug.trim().toLowerCase());
  if (!provider?.enabled) throw notFound(MSG.ssoUnknownName);
  return { slug: provider.slug, label: provider.label };
}

/** Starts a sign-in: the row that remembers it, and the provider's address to send the browser to. */
export async function startSignIn(app: FastifyInstance, slug: string, returnTo: string | undefined) {
  const provider = await findProviderBySlug(app.db, slug.trim().toLowerCase());
  if (!provider?.enabled) throw notFound(MSG.ssoUnknownName);
  let config: OpenId.Configuration;
  try {
    config = await providerConfig(provider, app.ssoSettings);
  } catch {
    throw new AppError(409, MSG.ssoProviderUnavailable);
  }
  const client = await openIdClient();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  await insertSignIn(app.db, {
    stateHash: hashKey(state),
    businessId: provider.businessId,
    codeVerifier,
    nonce,
    returnTo: safeReturnTo(returnTo),
    expiresAt: new Date(Date.now() + SSO_SIGN_IN_MINUTES * MINUTE),
  });
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUriOf(app),
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url: url.href, state };
}

/** The provider's answer at the callback: `query` is the callback's query string, `browserState` the cookie's. */
export async function finishSignIn(app: FastifyInstance, query: URLSearchParams, browserState: string | null): Promise<CallbackOutcome> {
  const refused = (error: SsoDoneError, returnTo: string | null = null): CallbackOutcome => ({ kind: 'error', error, returnTo });
  const state = query.get('state');
  if (!state) return refused('refused');
  const signIn = await findSignIn(app.db, hashKey(state));
  if (!signIn) return refused('refused');
  const returnTo = signIn.returnTo;
  if (signIn.usedAt || signIn.expiresAt.getTime() <= Date.now()) return refused('expired', returnTo);
  // A state from another browser (someone else's sign-in handed to this person) is refused, and spent.
  const fromThisBrowser = browserState === state;
  if (!(await useSignIn(app.db, signIn.id))) return refused('expired', returnTo);
  if (!fromThisBrowser || query.has('error')) return refused('refused', returnTo);

  const provider = await findProvider(app.db, signIn.businessId);
  if (!provider?.enabled) return refused('refused', returnTo);
  let config: OpenId.Configuration;
  try {
    config = await providerConfig(provider, app.ssoSettings);
  } catch {
    return refused('unavailable', returnTo);
  }
  const redirectUri = redirectUriOf(app);
  const currentUrl = new URL(redirectUri);
  currentUrl.search = query.toString();
  let claims: OpenId.IDToken;
  let tokens: Awaited<ReturnType<typeof OpenId.authorizationCodeGrant>>;
  try {
    tokens = await (
      await openIdClient()
    ).authorizationCodeGrant(
      config,
      currentUrl,
      { pkceCodeVerifier: signIn.codeVerifier, expectedState: state, expectedNonce: signIn.nonce, idTokenExpected: true },
      { redirect_uri: redirectUri },
    );
    const idClaims = tokens.claims();
    if (!idClaims) return refused('refused', returnTo);
    claims = idClaims;
  } catch (error) {
    app.log.info({ err: error, businessId: signIn.businessId }, 'a single sign-on answer was refused');
    return refused('refused', returnTo);
  }
  // The token must come from the issuer this business set, not from one its discovery led to.
  if (sameIssuer(claims.iss, provider.issuer) === false) return refused('refused', returnTo);

  const linked = await findLinkedMember(app.db, signIn.businessId, provider.issuer, claims.sub);
  if (linked) {
    if (!linked.activated || linked.member === null) {
      await recordSignIn(app.db, { userId: linked.userId, outcome: 'sign_in_failed', method: 'sso', reason: 'not_member' });
      return refused('noAccount', returnTo);
    }
    if (linked.otherBusinesses) {
      await recordSignIn(app.db, { userId: linked.userId, outcome: 'sign_in_failed', method: 'sso', reason: 'other_businesses' });
      return refused('otherBusinesses', returnTo);
    }
    await touchIdentity(app.db, linked.identityId);
    return { kind: 'signedIn', result: await signInAs(app, linked.userId), returnTo };
  }

  const { email, emailVerified } = await emailOf(config, tokens.access_token, claims);
  if (!email) return refused('noAccount', returnTo);
  if (!emailVerified) return refused('unverified', returnTo);
  const candidate = await findLinkCandidate(app.db, signIn.businessId, provider.issuer, email);
  if (!candidate) return refused('noAccount', returnTo);
  if (candidate.otherBusinesses) return refused('otherBusinesses', returnTo);
  const linkToken = randomKey();
  await setPendingLink(app.db, signIn.id, {
    linkTokenHash: hashKey(linkToken),
    linkUserId: candidate.id,
    linkSubject: claims.sub,
    linkEmail: email,
    expiresAt: new Date(Date.now() + SSO_LINK_MINUTES * MINUTE),
  });
  return { kind: 'link', linkToken, returnTo };
}

/** Whether two issuer identifiers name the same issuer (a bare origin with or without its slash). */
function sameIssuer(a: string, b: string) {
  const trim = (value: string) => value.replace(/\/+$/, '');
  return trim(a) === trim(b);
}

/** The e-mail and whether the provider verified it: from the ID token, else from the userinfo endpoint. */
async function emailOf(config: OpenId.Configuration, accessToken: string, claims: OpenId.IDToken) {
  let source: Record<string, unknown> = claims;
  if (typeof claims.email !== 'string') {
    try {
      source = await (await openIdClient()).fetchUserInfo(config, accessToken, claims.sub);
    } catch {
      return { email: null, emailVerified: false };
    }
  }
  const email = typeof source.email === 'string' ? source.email.trim().toLowerCase() : null;
  return { email, emailVerified: source.email_verified === true };
}

/**
 * Opens the session of a sign-in through the provider and records it, or answers the second step
 * when the person signs in with two factors (that step records the sign-in when it ends).
 */
async function signInAs(app: FastifyInstance, userId: number): Promise<LoginResponse> {
  const result = await completeSignIn(app, userId, { rememberMe: false, method: 'sso' });
  if ('id_token' in result) await recordSignIn(app.db, { userId, outcome: 'signed_in', method: 'sso' });
  return result;
}

/** The confirmation screen's question: which provider, which account. */
export async function linkDetails(db: Db, linkToken: string): Promise<SsoLinkDetails> {
  const link = await findPendingLink(db, hashKey(linkToken));
  if (!link?.enabled) throw notFound(MSG.ssoLinkExpired);
  return { label: link.label, username: link.username };
}

/** The person confirms the link with their password: the identity is linked and they are signed in. */
export async function confirmLink(app: FastifyInstance, linkToken: string, password: string): Promise<LoginResponse> {
  const link = await findPendingLink(app.db, hashKey(linkToken));
  if (!link?.enabled || link.userId === null || link.subject === null) throw notFound(MSG.ssoLinkExpired);
  const userId = link.userId;
  const key = `sso:link:user:${userId}`;
  const count = (await addToCounters(app.db, new Map([[key, 1]]), LINK_WINDOW_MS)).get(key)?.count ?? 0;
  if (count > LINK_ATTEMPTS) throw new AppError(429, MSG.ssoTooManyAttempts);
  if (!(await verifyPassword(link.passwordHash, password))) {
    await recordSignIn(app.db, { userId, outcome: 'sign_in_failed', method: 'sso', reason: 'link_password' });
    // A field error, not a 401: the person is not signed in, and the answer belongs under the password.
    throw fieldError('password', MSG.ssoPasswordWrong);
  }
  const subject = link.subject;
  const linked = await app.db.transaction(async (tx) => {
    if (!(await markLinked(tx, link.id))) return false;
    const identity = await insertIdentity(tx, { userId, businessId: link.businessId, issuer: link.issuer, subject, email: link.email });
    if (!identity) return false;
    await recordEvent(tx, {
      businessId: link.businessId,
      kind: 'sso.linked',
      actorId: userId,
      data: { target: { type: 'user', id: userId, name: link.username }, after: { provider: link.label, issuer: link.issuer, subject } },
    });
    return true;
  });
  if (!linked) throw notFound(MSG.ssoLinkExpired);
  return signInAs(app, userId);
}

/**
 * Refuses a password sign-in when a business of the person requires its single sign-on of them
 * (every member but its owners, who keep their password as the way back in).
 */
export async function refuseWhenSsoRequired(db: Db, userId: number) {
  const required = await requiredProviderLabels(db, userId);
  if (required.length > 0) throw forbidden(MSG.ssoRequired);
}
