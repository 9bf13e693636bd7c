// The answers map of the reports: the newest answers meeting the submissions filters that carry
// a position, each with its status against its site, and their sites' geofences.
import { and, count, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { AnswerMapPoint, AnswerMapSite, AnswerMapStatus } from '@fieldops/shared/answers-map';
import type { LocationStatus } from '@fieldops/shared/enums';
import { distanceToGeofence, geofenceOf } from '@fieldops/shared/geofence';
import type { Db } from '../../../db/client.ts';
import { teams, users } from '../../../db/schema.ts';
import { actionResults } from '../../../db/schema-schedules.ts';
import { tasks } from '../../../db/schema-workflow.ts';
import type { ViewScope } from '../../../policies/schedules.ts';
import { latestConditions, type LatestFilter } from './action-results.repository.ts';

/** An override counts the answer whatever was judged; an answer of a task that does not check location has no status. */
export function mapStatusOf(locationStatus: LocationStatus | null, overriddenAt: Date | null): AnswerMapStatus {
  if (overriddenAt !== null) return 'OVERRIDDEN';
  return locationStatus ?? 'NOT_CHECKED';
}

export async function findAnswersMap(db: Db, scope: ViewScope, filter: LatestFilter, limit: number) {
  const where = and(latestConditions(scope, filter), isNotNull(actionResults.latitude), isNotNull(actionResults.longitude));
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({
        id: actionResults.id,
        latitude: actionResults.latitude,
        longitude: actionResults.longitude,
        accuracy: actionResults.accuracy,
        distance: actionResults.distance,
        locationStatus: actionResults.locationStatus,
        overriddenAt: actionResults.overriddenAt,
        teamId: actionResults.teamId,
        userId: actionResults.userId,
        userFullName: users.fullName,
        taskId: actionResults.taskId,
        taskNameEn: tasks.nameEn,
        taskNameAr: tasks.nameAr,
        capturedAt: actionResults.capturedAt,
      })
      .from(actionResults)
      .innerJoin(tasks, eq(tasks.id, actionResults.taskId))
      .innerJoin(users, eq(users.id, actionResults.userId))
      .where(where)
      .orderBy(desc(actionResults.createdDate), desc(actionResults.id))
      .limit(limit),
    db.select({ total: count() }).from(actionResults).where(where),
  ]);
  const placed = rows.map(({ locationStatus, overriddenAt, latitude, longitude, capturedAt, ...rest }) => ({
    ...rest,
    latitude: latitude as number,
    longitude: longitude as number,
    status: mapStatusOf(locationStatus, overriddenAt),
    capturedAt: capturedAt.toISOString(),
  }));
  const siteIds = [...new Set(placed.map((answer) => answer.teamId))];
  const sites: AnswerMapSite[] =
    siteIds.length === 0
      ? []
      : await db
          .select({ id: teams.id, name: teams.name, latitude: teams.latitude, longitude: teams.longitude, radius: teams.radius, polygon: teams.polygon })
          .from(teams)
          .where(and(eq(teams.businessId, scope.businessId), inArray(teams.id, siteIds)));
  const fences = new Map(sites.map((site) => [site.id, geofenceOf(site)]));
  const answers: AnswerMapPoint[] = placed.map((answer) => {
    const fence = fences.get(answer.teamId);
    return { ...answer, fromGeofence: fence ? distanceToGeofence(fence, answer) : null };
  });
  return { answers, sites, total };
}

/** The ids of the answers meeting `where`, as a subquery. */
export const answerIdsWhere = (where: SQL | undefined): SQL => sql`select ${actionResults.id} from ${actionResults} where ${where ?? sql`true`}`;
