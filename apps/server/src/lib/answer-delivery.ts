// An answer that arrived after a delay: one that arrived DELAYED_DELIVERY_MINUTES or more after it was taken,
// having waited in a device's outbox. The submissions list filters by it and the reports count it,
// both with this one condition.
import { sql } from 'drizzle-orm';
import { DELAYED_DELIVERY_MINUTES } from '@fieldops/shared/answers';
import { actionResults } from '../db/schema-schedules.ts';

export const arrivedAfterDelay = sql`${actionResults.createdDate} >= ${actionResults.capturedAt} + make_interval(mins => ${DELAYED_DELIVERY_MINUTES})`;
