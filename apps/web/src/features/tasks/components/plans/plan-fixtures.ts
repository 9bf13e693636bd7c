// Execution plans, sites and site members as the server sends them, for the component tests.
import type { ExecutionPlan } from '@fieldops/shared/plans';
import { makeSite } from '../../../../test/organisation.ts';

export function makePlan(id: number, extra: Partial<ExecutionPlan> = {}): ExecutionPlan {
  return {
    id,
    parent: null,
    groupId: id,
    taskId: 5,
    taskNameEn: 'Lobby inspection',
    taskNameAr: 'فحص الردهة',
    teamId: 1,
    teamName: 'Tower A',
    projectId: 1,
    userId: null,
    count: 2,
    scheduleType: 'DAILY',
    startDate: '2025-03-01',
    endDate: '2025-03-31',
    startTime: '09:00',
    endTime: '17:00',
    deadlineAfter: 2,
    deadlineUnit: 'HOURS',
    graceMinutes: 0,
    duration: 30,
    days: [],
    months: [],
    repeatEvery: 1,
    monthWeeks: [],
    exceptionDates: [],
    skipHolidays: false,
    paused: false,
    pooled: false,
    status: 'ACTIVE',
    assignedMembers: [
      { id: 3, fullName: 'Omar Haddad', avatar: null },
      { id: 4, fullName: 'Lina Faris', avatar: null },
    ],
    ...extra,
  };
}

/** A member's plan inside group `groupId`. */
export function childPlan(id: number, groupId: number, member: { id: number; fullName: string }, extra: Partial<ExecutionPlan> = {}): ExecutionPlan {
  return makePlan(id, { parent: groupId, groupId, userId: member.id, count: 1, assignedMembers: [{ ...member, avatar: null }], ...extra });
}

export const planSite = (id: number, name: string) => makeSite(id, name, { membersCount: 2 });

export const siteMember = (userId: number, name: string) => ({
  userId,
  username: name.split(' ')[0].toLowerCase(),
  name,
  email: `${userId}@example.com`,
  authority: 'MEMBER',
  position: null,
  teamId: 1,
  businessId: 2,
  active: true,
});
