// The rules of SLA policies: a business replaces its whole set at once; every category a rule
// names must be the business's; the most specific rule gives a ticket its targets.
import { MSG } from '@fieldops/shared/messages';
import { slaRuleFor, type SlaRule } from '@fieldops/shared/sla-policies';
import type { TicketPriority } from '@fieldops/shared/enums';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import { holdCategory } from '../ticket-categories/ticket-categories.service.ts';
import { findRules, lockRulesOf, replaceRules } from './sla-policies.repository.ts';

export const listSlaRules = (db: Db, businessId: number) => findRules(db, businessId);

export async function saveSlaRules(db: Db, businessId: number, rules: Omit<SlaRule, 'id'>[]): Promise<SlaRule[]> {
  return db.transaction(async (tx) => {
    await lockRulesOf(tx, businessId);
    const missing: { field: string; message: string }[] = [];
    for (const [i, rule] of rules.entries()) {
      // Held until the transaction ends, so the category is not deleted under the new rule.
      if (rule.categoryId !== null && !(await holdCategory(tx, businessId, rule.categoryId))) {
        missing.push({ field: `rules.${i}.categoryId`, message: MSG.categoryNotFound });
      }
    }
    if (missing.length > 0) throw new AppError(404, MSG.categoryNotFound, { fieldErrors: missing });
    await replaceRules(tx, businessId, rules);
    return findRules(tx, businessId);
  });
}

/** The targets for a ticket of this priority and category, or null when no rule covers it. */
export async function slaTargetsFor(db: Db, businessId: number, ticket: { priority: TicketPriority; categoryId: number | null }) {
  return slaRuleFor(await findRules(db, businessId), ticket);
}
