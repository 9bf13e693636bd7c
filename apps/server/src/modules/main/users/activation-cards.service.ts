// Activation cards (DESIGN §4): printing them gives each chosen pending account a new activation
// key (a key is kept hashed, so an earlier one cannot be printed; it stops working, as when an
// admin issues a new one) and draws the cards with the activation link each key opens.
import { recordEvent } from '../../platform/events/events.service.ts';
import type { FastifyInstance } from 'fastify';
import { MSG } from '@fieldops/shared/messages';
import { notFound } from '../../../lib/errors.ts';
import { pdfFonts, pictureOf } from '../../../lib/pdf-files.ts';
import type { Caller } from '../../../policies/caller.ts';
import { keyOfUrl } from '../../../plugins/storage.ts';
import { renewActivationKey } from '../activation/activation.service.ts';
import type { ActivationCard } from './activation-cards-pdf.ts';
import { usersCreatedByImport } from '../imports/imports.service.ts';
import { businessRowOf } from '../businesses/businesses.service.ts';
import { findPendingAccounts } from './activation-cards.repository.ts';

/**
 * `POST /v1/users/activation-cards`: the cards of the chosen accounts, or of every pending account
 * the business created when none is chosen. 404 when a chosen one is not such an account (or none is).
 */
export async function activationCards(app: FastifyInstance, caller: Caller, selection: { userIds?: readonly number[]; importId?: number }, now = new Date()) {
  const { userIds, importId } = selection;
  const chosen = userIds && userIds.length > 0 ? [...new Set(userIds)] : null;
  // An import's members: those of its accounts still waiting, whichever were activated meanwhile.
  const ofImport = importId === undefined ? null : await usersCreatedByImport(app.db, caller.businessId, importId);
  const business = await businessRowOf(app.db, caller.businessId);
  const cards = await app.db.transaction(async (tx) => {
    const accounts = ofImport && ofImport.length === 0 ? [] : await findPendingAccounts(tx, caller.businessId, ofImport ?? chosen);
    if (accounts.length === 0) throw notFound(chosen ? MSG.activationKeyNotAvailable : MSG.noPendingAccounts);
    if (chosen && !ofImport && accounts.length !== chosen.length) throw notFound(MSG.activationKeyNotAvailable);
    const made: ActivationCard[] = [];
    for (const account of accounts) {
      const key = await renewActivationKey(tx, account.userId);
      if (!key?.activationKey || !key.expiresAt) throw notFound(MSG.activationKeyNotAvailable);
      made.push({
        fullName: account.fullName,
        username: account.username,
        link: `${app.mailSettings.appUrl}/activate?key=${encodeURIComponent(key.activationKey)}`,
        expiresAt: key.expiresAt,
      });
    }
    // The cards hold new keys: who printed them, for whom, is in the audit log (the keys are not).
    await recordEvent(tx, {
      businessId: caller.businessId,
      kind: 'export.created',
      actorId: caller.userId,
      data: {
        target: { type: 'export', id: null, name: 'activation_cards' },
        after: { what: 'activation_cards', format: 'pdf', rows: made.length, userIds: accounts.map((a) => a.userId) },
      },
    });
    return made;
  });
  const logoKey = keyOfUrl(business?.logo ?? null);
  const [fonts, logoData, { buildActivationCardsPdf }] = await Promise.all([
    pdfFonts(),
    logoKey ? app.storage.read(logoKey).catch(() => null) : null,
    // pdf-lib and qrcode are loaded with the first cards drawn, not by every instance at start.
    import('./activation-cards-pdf.ts'),
  ]);
  const bytes = await buildActivationCardsPdf({
    business: { name: business?.name ?? '', colour: business?.colour ?? '#1c7ed6', timeZone: business?.timeZone ?? 'UTC' },
    cards,
    fonts,
    logo: logoData ? await pictureOf(logoData, 360) : null,
    now,
  });
  return { bytes, count: cards.length, fileName: cards.length === 1 ? 'activation-card.pdf' : 'activation-cards.pdf' };
}
