// The assignment configuration: who receives new tickets that come without an assignee. The
// referenced member, site or project must be the business's own; only the id the target needs
// is kept.
import type { AssignmentConfig, assignmentConfigRequest } from '@fieldops/shared/helpdesk';
import { MSG } from '@fieldops/shared/messages';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { missingReference } from '../../../lib/errors.ts';
import { requireProjectRow } from '../../main/projects/projects.service.ts';
import { requireSiteRows } from '../../main/teams/teams.service.ts';
import { findAssignmentConfig, leastBusySupervisor, memberAssignee, saveAssignmentConfig } from './ticket-assignment.repository.ts';

const NO_CONFIG: AssignmentConfig = { targetType: 'NONE', userId: null, teamId: null, projectId: null };

export async function getAssignmentConfig(db: Db, businessId: number): Promise<AssignmentConfig> {
  return (await findAssignmentConfig(db, businessId)) ?? NO_CONFIG;
}

export async function setAssignmentConfig(db: Db, businessId: number, body: z.output<typeof assignmentConfigRequest>): Promise<AssignmentConfig> {
  const config: AssignmentConfig = { ...NO_CONFIG, targetType: body.targetType };
  if (body.targetType === 'MEMBER' && body.userId !== null) {
    if ((await memberAssignee(db, businessId, body.userId)) === null) throw missingReference('userId', MSG.assigneeNotMember);
    config.userId = body.userId;
  } else if (body.targetType === 'SITE' && body.teamId !== null) {
    await requireSiteRows(db, businessId, [body.teamId], 'teamId');
    config.teamId = body.teamId;
  } else if (body.targetType === 'PROJECT' && body.projectId !== null) {
    await requireProjectRow(db, businessId, body.projectId, 'projectId');
    config.projectId = body.projectId;
  }
  await saveAssignmentConfig(db, businessId, config);
  return config;
}

/** Who receives a new ticket without an assignee under the business's configuration; null for nobody. */
export async function pickAssignee(db: Db, businessId: number): Promise<number | null> {
  const config = await findAssignmentConfig(db, businessId);
  if (!config) return null;
  switch (config.targetType) {
    case 'MEMBER':
      return config.userId === null ? null : memberAssignee(db, businessId, config.userId);
    case 'SITE':
      return config.teamId === null ? null : leastBusySupervisor(db, businessId, { teamId: config.teamId });
    case 'PROJECT':
      return config.projectId === null ? null : leastBusySupervisor(db, businessId, { projectId: config.projectId });
    case 'NONE':
      return null;
  }
}
