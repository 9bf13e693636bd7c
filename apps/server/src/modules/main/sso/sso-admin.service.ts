// A business's OpenID Connect provider as its owners and administrators set it: the sign-in name,
// the button's label, the issuer (discovered before it is saved, so a typo is told at once), the
// client id and secret (write-only: never answered, kept when an update leaves it out), and
// whether it is on and required. Each change is in the audit log, never with the secret.
import { z } from 'zod';
import { saveSsoProviderRequest, type SsoProvider } from '@fieldops/shared/sso';
import { MSG } from '@fieldops/shared/messages';
import type { SsoSettings } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../lib/db-errors.ts';
import { AppError, conflict, fieldError, notFound } from '../../../lib/errors.ts';
import type { Caller } from '../../../policies/caller.ts';
import { recordEvent } from '../../platform/events/events.service.ts';
import { checkIssuerAllowed, forgetProvider, providerConfig } from './oidc.ts';
import { deleteProviderRow, findProvider, slugTakenByOther, upsertProvider, type ProviderRow } from './sso.repository.ts';

type SaveBody = z.output<typeof saveSsoProviderRequest>;

const present = (row: ProviderRow): SsoProvider => ({
  slug: row.slug,
  label: row.label,
  issuer: row.issuer,
  clientId: row.clientId,
  hasClientSecret: row.clientSecret !== '',
  enabled: row.enabled,
  required: row.required,
  updatedAt: row.updatedAt.toISOString(),
});

/** What the audit log keeps of a provider: everything but the secret. */
const audited = (row: ProviderRow) => ({
  slug: row.slug,
  label: row.label,
  issuer: row.issuer,
  clientId: row.clientId,
  enabled: row.enabled,
  required: row.required,
});

/** An issuer as it is compared with the tokens' `iss`: without a trailing slash on a bare origin. */
const normalIssuer = (issuer: string) => {
  const url = new URL(issuer);
  return url.pathname === '/' && !url.search ? url.origin : issuer.replace(/\/+$/, '');
};

export async function getProvider(db: Db, caller: Caller): Promise<SsoProvider | null> {
  const row = await findProvider(db, caller.businessId);
  return row ? present(row) : null;
}

export async function saveProvider(db: Db, settings: SsoSettings, caller: Caller, body: SaveBody): Promise<SsoProvider> {
  const before = await findProvider(db, caller.businessId);
  const issuer = normalIssuer(body.issuer);
  // The kept secret goes only to the provider it was given for: a new issuer or client id needs it
  // typed again, or the secret could be sent to a provider of the editor's choosing.
  const sameClient = before !== null && before.issuer === issuer && before.clientId === body.clientId;
  const clientSecret = body.clientSecret?.trim() ? body.clientSecret.trim() : sameClient ? before.clientSecret : '';
  if (!clientSecret) throw fieldError('clientSecret', MSG.required);
  if (await slugTakenByOther(db, caller.businessId, body.slug)) throw conflict(MSG.ssoSlugTaken, [{ field: 'slug', message: MSG.ssoSlugTaken }]);
  checkIssuerAllowed(issuer, settings);
  const client = { issuer, clientId: body.clientId, clientSecret };
  try {
    await providerConfig(client, settings, true);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw fieldError('issuer', MSG.ssoDiscoveryFailed);
  }
  try {
    const row = await db.transaction(async (tx) => {
      const saved = await upsertProvider(tx, {
        businessId: caller.businessId,
        slug: body.slug,
        label: body.label,
        issuer,
        clientId: body.clientId,
        clientSecret,
        enabled: body.enabled,
        required: body.required,
      });
      await recordEvent(tx, {
        businessId: caller.businessId,
        kind: 'sso.updated',
        actorId: caller.userId,
        data: {
          target: { type: 'sso_provider', id: caller.businessId, name: saved.label },
          before: before ? audited(before) : null,
          after: { ...audited(saved), ...(body.clientSecret?.trim() ? { clientSecretChanged: true } : {}) },
        },
      });
      return saved;
    });
    if (before) forgetProvider(before);
    return present(row);
  } catch (error) {
    // Another business took the name between the check and the save.
    if (isUniqueViolation(error)) throw conflict(MSG.ssoSlugTaken, [{ field: 'slug', message: MSG.ssoSlugTaken }]);
    throw error;
  }
}

/** Removes the provider: sign-ins through it stop; the accounts linked to it stay linked should it come back. */
export async function deleteProvider(db: Db, caller: Caller) {
  const removed = await db.transaction(async (tx) => {
    const row = await deleteProviderRow(tx, caller.businessId);
    if (!row) return null;
    await recordEvent(tx, {
      businessId: caller.businessId,
      kind: 'sso.deleted',
      actorId: caller.userId,
      data: { target: { type: 'sso_provider', id: caller.businessId, name: row.label }, before: audited(row), after: null },
    });
    return row;
  });
  if (!removed) throw notFound(MSG.ssoNotConfigured);
  forgetProvider(removed);
}
