// The assignment configuration: who receives new tickets that come without an assignee. It is
// kept as the first routing rule when that rule applies to every ticket (a member: MEMBER; a
// site or a project: FEWEST_OPEN of its supervisors). The referenced member, site or project
// must be the business's own; only the id the target needs is kept.
import type { AssignmentConfig, assignmentConfigRequest } from '@fieldops/shared/helpdesk';
import { MSG } from '@fieldops/shared/messages';
import type { RoutingRule, RoutingRuleInput } from '@fieldops/shared/ticket-routing';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { missingReference } from '../../../lib/errors.ts';
import { memberIdsOf } from '../../main/members/members.service.ts';
import { requireProjectRow } from '../../main/projects/projects.service.ts';
import { requireSiteRows } from '../../main/teams/teams.service.ts';
import { firstUnconditionalRule, setFirstUnconditionalRule } from '../ticket-routing/ticket-routing.service.ts';

const NO_CONFIG: AssignmentConfig = { targetType: 'NONE', userId: null, teamId: null, projectId: null };

/** The configuration a first rule stands for; NONE when it is not one the configuration can say. */
function configOf(rule: RoutingRule | null): AssignmentConfig {
  if (!rule) return NO_CONFIG;
  if (rule.strategy === 'MEMBER' && rule.userId !== null) return { ...NO_CONFIG, targetType: 'MEMBER', userId: rule.userId };
  if (rule.strategy !== 'FEWEST_OPEN' || rule.memberIds.length > 0) return NO_CONFIG;
  if (rule.targetProjectId !== null) return { ...NO_CONFIG, targetType: 'PROJECT', projectId: rule.targetProjectId };
  if (rule.targetTeamId !== null) return { ...NO_CONFIG, targetType: 'SITE', teamId: rule.targetTeamId };
  return NO_CONFIG;
}

export async function getAssignmentConfig(db: Db, businessId: number): Promise<AssignmentConfig> {
  return configOf(await firstUnconditionalRule(db, businessId));
}

const ANY = { source: null, categoryId: null, projectId: null, teamId: null, priority: null };
const NO_TARGET = { userId: null, targetTeamId: null, targetProjectId: null, memberIds: [] };

export async function setAssignmentConfig(db: Db, businessId: number, body: z.output<typeof assignmentConfigRequest>): Promise<AssignmentConfig> {
  let rule: RoutingRuleInput | null = null;
  if (body.targetType === 'MEMBER' && body.userId !== null) {
    if (!(await memberIdsOf(db, businessId, [body.userId])).has(body.userId)) throw missingReference('userId', MSG.assigneeNotMember);
    rule = { ...ANY, ...NO_TARGET, strategy: 'MEMBER', userId: body.userId };
  } else if (body.targetType === 'SITE' && body.teamId !== null) {
    await requireSiteRows(db, businessId, [body.teamId], 'teamId');
    rule = { ...ANY, ...NO_TARGET, strategy: 'FEWEST_OPEN', targetTeamId: body.teamId };
  } else if (body.targetType === 'PROJECT' && body.projectId !== null) {
    await requireProjectRow(db, businessId, body.projectId, 'projectId');
    rule = { ...ANY, ...NO_TARGET, strategy: 'FEWEST_OPEN', targetProjectId: body.projectId };
  }
  // A first rule the configuration cannot say (a round robin, named members) is left as it is.
  await setFirstUnconditionalRule(db, businessId, rule, (first) => configOf(first).targetType !== 'NONE');
  return getAssignmentConfig(db, businessId);
}
