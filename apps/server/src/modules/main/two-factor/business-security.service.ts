// A business's security settings: whether its owners and administrators must sign in with two
// factors, and how many days its audit log keeps (the audit log's retention reads it). No row yet
// means the defaults.
import { AUDIT_RETENTION_DEFAULT_DAYS, type BusinessSecurity } from '@fieldops/shared/two-factor';
import type { Db } from '../../../db/client.ts';
import { recordEvent } from '../../platform/events/events.service.ts';
import { findBusinessSecurity, saveBusinessSecurity } from './two-factor.repository.ts';

export async function getBusinessSecurity(db: Db, businessId: number): Promise<BusinessSecurity> {
  const row = await findBusinessSecurity(db, businessId);
  return { requireTwoFactor: row?.requireTwoFactor ?? false, auditRetentionDays: row?.auditRetentionDays ?? AUDIT_RETENTION_DEFAULT_DAYS };
}

export async function updateBusinessSecurity(db: Db, tenant: { businessId: number; userId: number }, body: BusinessSecurity): Promise<BusinessSecurity> {
  return db.transaction(async (tx) => {
    const before = await getBusinessSecurity(tx, tenant.businessId);
    const after: BusinessSecurity = { requireTwoFactor: body.requireTwoFactor, auditRetentionDays: body.auditRetentionDays };
    await saveBusinessSecurity(tx, tenant.businessId, after);
    if (before.requireTwoFactor === after.requireTwoFactor && before.auditRetentionDays === after.auditRetentionDays) return after;
    await recordEvent(tx, {
      businessId: tenant.businessId,
      kind: 'security.updated',
      actorId: tenant.userId,
      data: { target: { type: 'business', id: tenant.businessId }, before: { ...before }, after: { ...after } },
    });
    return after;
  });
}
