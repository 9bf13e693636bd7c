// The routing rules of new tickets without an assignee: a business replaces its whole ordered
// list at once, every category, project, site and member a rule names being its own; a new
// ticket goes to the first matching rule whose strategy yields someone (a rule whose group is
// empty falls through to the next).
import { MSG } from '@fieldops/shared/messages';
import { routingRuleMatches, type RoutedTicket, type RoutingRule, type RoutingRuleInput } from '@fieldops/shared/ticket-routing';
import type { Db } from '../../../db/client.ts';
import { missingReference } from '../../../lib/errors.ts';
import { memberIdsOf } from '../../main/members/members.service.ts';
import { requireProjectRow } from '../../main/projects/projects.service.ts';
import { requireSiteRows } from '../../main/teams/teams.service.ts';
import { holdCategory } from '../ticket-categories/ticket-categories.service.ts';
import {
  deleteRule,
  findRules,
  insertRuleFirst,
  leastBusyOf,
  lockCursor,
  lockLeastBusyChoice,
  lockRulesOf,
  memberAssignee,
  moveCursor,
  nextSupervisor,
  replaceRules,
  updateRule,
} from './ticket-routing.repository.ts';

export const listRoutingRules = (db: Db, businessId: number) => findRules(db, businessId);

/** Only the target fields its strategy reads are kept. */
export function normalizeRule(rule: RoutingRuleInput): RoutingRuleInput {
  const none = { userId: null, targetTeamId: null, targetProjectId: null, memberIds: [] };
  switch (rule.strategy) {
    case 'MEMBER':
      return { ...rule, ...none, userId: rule.userId };
    case 'ROUND_ROBIN':
      return { ...rule, ...none, targetTeamId: rule.targetTeamId };
    case 'FEWEST_OPEN':
      return { ...rule, ...none, targetTeamId: rule.targetTeamId, targetProjectId: rule.targetProjectId, memberIds: rule.memberIds };
  }
}

/** 404 naming the field of the first category, project, site or member that is not the business's. */
async function requireReferences(tx: Db, businessId: number, rule: RoutingRuleInput, prefix: string) {
  // Held until the transaction ends, so the category is not deleted under the new rule.
  if (rule.categoryId !== null && !(await holdCategory(tx, businessId, rule.categoryId))) {
    throw missingReference(`${prefix}categoryId`, MSG.categoryNotFound);
  }
  for (const field of ['projectId', 'targetProjectId'] as const) {
    const projectId = rule[field];
    if (projectId !== null) await requireProjectRow(tx, businessId, projectId, `${prefix}${field}`);
  }
  for (const field of ['teamId', 'targetTeamId'] as const) {
    const teamId = rule[field];
    if (teamId !== null) await requireSiteRows(tx, businessId, [teamId], `${prefix}${field}`);
  }
  const userIds = [...(rule.userId === null ? [] : [rule.userId]), ...rule.memberIds];
  if (userIds.length > 0) {
    const members = await memberIdsOf(tx, businessId, userIds);
    const missing = userIds.find((userId) => !members.has(userId));
    if (missing !== undefined) throw missingReference(`${prefix}${missing === rule.userId ? 'userId' : 'memberIds'}`, MSG.assigneeNotMember);
  }
}

export async function saveRoutingRules(db: Db, businessId: number, rules: RoutingRuleInput[]): Promise<RoutingRule[]> {
  return db.transaction(async (tx) => {
    await lockRulesOf(tx, businessId);
    const normalized = rules.map(normalizeRule);
    for (const [i, rule] of normalized.entries()) await requireReferences(tx, businessId, rule, `rules.${i}.`);
    await replaceRules(tx, businessId, normalized);
    return findRules(tx, businessId);
  });
}

/** Who the rule gives the ticket to; null when its target yields nobody. */
async function assigneeOf(tx: Db, businessId: number, rule: RoutingRule, ticket: RoutedTicket): Promise<number | null> {
  switch (rule.strategy) {
    case 'MEMBER':
      return rule.userId === null ? null : memberAssignee(tx, businessId, rule.userId);
    case 'ROUND_ROBIN': {
      const teamId = rule.targetTeamId ?? ticket.teamId;
      if (teamId === null) return null;
      // A site without supervisors falls through without touching a cursor.
      if ((await nextSupervisor(tx, businessId, teamId, null)) === null) return null;
      // The site's own turn, whichever rule serves it and however often the rules are saved.
      const next = await nextSupervisor(tx, businessId, teamId, await lockCursor(tx, businessId, teamId));
      if (next !== null) await moveCursor(tx, businessId, teamId, next);
      return next;
    }
    case 'FEWEST_OPEN': {
      // Counted with the business's other such choices held off until this ticket is committed.
      await lockLeastBusyChoice(tx, businessId);
      if (rule.targetProjectId !== null) return leastBusyOf(tx, businessId, { projectId: rule.targetProjectId });
      if (rule.memberIds.length > 0) return leastBusyOf(tx, businessId, { userIds: rule.memberIds });
      const teamId = rule.targetTeamId ?? ticket.teamId;
      return teamId === null ? null : leastBusyOf(tx, businessId, { teamId });
    }
  }
}

/**
 * Who receives a new ticket without an assignee: the first rule, in order, that matches it and
 * yields someone; null for nobody. Run inside the transaction that creates the ticket, so a
 * round robin's cursor moves with it and a least-busy choice holds until the ticket is counted.
 */
export async function routeTicket(tx: Db, businessId: number, ticket: RoutedTicket): Promise<number | null> {
  for (const rule of await findRules(tx, businessId)) {
    if (!routingRuleMatches(rule, ticket)) continue;
    const assignee = await assigneeOf(tx, businessId, rule, ticket);
    if (assignee !== null) return assignee;
  }
  return null;
}

const unconditional = (rule: RoutingRule) =>
  rule.source === null && rule.categoryId === null && rule.projectId === null && rule.teamId === null && rule.priority === null;

/** The first rule, when it applies to every ticket; the assignment configuration is read from it. */
export async function firstUnconditionalRule(db: Db, businessId: number): Promise<RoutingRule | null> {
  const [first] = await findRules(db, businessId);
  return first && unconditional(first) ? first : null;
}

/**
 * Makes `rule` (unconditional, already checked) the first rule: it replaces the first rule when
 * that one applies to every ticket and `replaceable` says it is one the caller stands for (the
 * assignment configuration cannot say a round robin, say), else goes before it; null removes
 * such a first rule and leaves any other.
 */
export async function setFirstUnconditionalRule(db: Db, businessId: number, rule: RoutingRuleInput | null, replaceable: (first: RoutingRule) => boolean) {
  await db.transaction(async (tx) => {
    await lockRulesOf(tx, businessId);
    const found = await firstUnconditionalRule(tx, businessId);
    const first = found && replaceable(found) ? found : null;
    if (rule === null) {
      if (first) await deleteRule(tx, businessId, first.id);
      return;
    }
    const normalized = normalizeRule(rule);
    if (first) await updateRule(tx, businessId, first.id, normalized);
    else await insertRuleFirst(tx, businessId, normalized);
  });
}
