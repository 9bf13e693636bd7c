// The live feed keeps a day of places: older ones are removed by the job every instance runs, the
// answers themselves stay, and a viewer coming back from further away is sent the day it finds.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionResults, answerFeed } from '../../../db/schema-schedules.ts';
import { notifyNewAnswer } from '../../../lib/answer-notices.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createAnswerRow } from '../../../test/factories.ts';
import { memberAtSite, scheduled } from '../../../test/answer-test-kit.ts';
import { FEED_KEEP_MS, pruneAnswerFeed } from './feed-prune.ts';
import { feedAfter } from './live-feed.repository.ts';

const HOUR = 3_600_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An answer stored `hoursAgo`, with its place in the feed. */
async function answerStored(place: Awaited<ReturnType<typeof scheduled>>, hoursAgo: number) {
  const answer = await createAnswerRow(t.app.db, place.schedule, place.actions[0]!.id, { createdDate: new Date(Date.now() - hoursAgo * HOUR) });
  await t.app.db.transaction((tx) => notifyNewAnswer(tx, place.schedule.businessId, answer!.id));
  return answer!.id;
}

describe('the live feed’s places', () => {
  it('are kept for a day; older ones go, their answers stay, and a viewer from before is sent what is kept', async () => {
    const { owner, siteId, member } = await memberAtSite(t.app);
    const place = await scheduled({ t, owner, siteId }, member, [{ required: false }], { geo: false });
    const old = [await answerStored(place, 50), await answerStored(place, 25)];
    const recent = [await answerStored(place, 23), await answerStored(place, 0)];
    const businessId = owner.business.id;
    const [firstPlace] = await feedAfter(t.app.db, businessId, 0, 1);

    expect(await pruneAnswerFeed(t.app.db)).toBe(2);
    const kept = await t.app.db.select({ answerId: answerFeed.answerId }).from(answerFeed).where(eq(answerFeed.businessId, businessId));
    expect(kept.map((k) => k.answerId).sort()).toEqual([...recent].sort());
    const answers = await t.app.db
      .select({ id: actionResults.id })
      .from(actionResults)
      .where(inArray(actionResults.id, [...old, ...recent]));
    expect(answers).toHaveLength(4);
    // A viewer whose last event was the first place: the kept places after it, in order.
    expect((await feedAfter(t.app.db, businessId, firstPlace!.seq, 10)).map((p) => p.answerId)).toEqual(recent);
    // Nothing left to remove; a shorter keep removes the answer of 23 hours ago too.
    expect(await pruneAnswerFeed(t.app.db)).toBe(0);
    expect(await pruneAnswerFeed(t.app.db, { keepMs: FEED_KEEP_MS - 12 * HOUR })).toBe(1);
  });

  it('are pruned by the job an instance runs from its start', async () => {
    const { owner, siteId, member } = await memberAtSite(t.app);
    const place = await scheduled({ t, owner, siteId }, member, [{ required: false }], { geo: false });
    const answerId = await answerStored(place, 30);
    const placeOf = () => t.app.db.select().from(answerFeed).where(eq(answerFeed.answerId, answerId));
    expect(await placeOf()).toHaveLength(1);
    // Another instance starts with the job on, on the same database.
    await t.secondInstance({ feedPrune: { intervalMs: 3_600_000 } });
    for (let waited = 0; waited < 5_000 && (await placeOf()).length > 0; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await placeOf()).toEqual([]);
  });
});
