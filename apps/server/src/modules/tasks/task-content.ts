// A task's actions as a self-contained document, and back. In the document a rule names its
// base by position, so a copy (a duplicate, a template, a task made from a template) re-points
// every rule at the copied base action.
import { sql } from 'drizzle-orm';
import type { TemplateAction } from '@fieldops/shared/tasks';
import type { Db } from '../../db/client.ts';
import { actions, actionTags } from '../../db/schema-workflow.ts';
import type { ActionRow } from '../actions/actions.repository.ts';

/** The actions, in order, with each rule's base given by its index in the list. */
export function contentOfActions(rows: readonly ActionRow[]): TemplateAction[] {
  const indexOf = new Map(rows.map((r, i) => [r.id, i]));
  return rows.map((r) => {
    const baseIndex = r.criteria ? indexOf.get(r.criteria.condition.baseActionId) : undefined;
    return {
      nameEn: r.nameEn,
      nameAr: r.nameAr,
      descriptionEn: r.descriptionEn,
      descriptionAr: r.descriptionAr,
      type: r.type,
      options: r.options,
      required: r.required,
      criteria:
        r.criteria && baseIndex !== undefined
          ? { condition: { baseIndex, answer: r.criteria.condition.answer }, visibility: r.criteria.visibility }
          : null,
    };
  });
}

/**
 * Adds `content` to an empty task as actions 1..n, re-points the rules at the new actions and
 * links each action to `tagIdsByIndex[i]`. Three statements whatever the number of actions;
 * call inside a transaction. Answers the new ids in order.
 */
export async function insertContentActions(
  db: Db,
  businessId: number,
  taskId: number,
  content: readonly TemplateAction[],
  tagIdsByIndex: readonly (readonly number[])[] = [],
): Promise<number[]> {
  if (content.length === 0) return [];
  const inserted = await db
    .insert(actions)
    .values(
      content.map((a, i) => ({
        businessId,
        taskId,
        order: i + 1,
        nameEn: a.nameEn,
        nameAr: a.nameAr,
        descriptionEn: a.descriptionEn,
        descriptionAr: a.descriptionAr,
        type: a.type,
        options: a.options,
        required: a.required,
      })),
    )
    .returning({ id: actions.id, order: actions.order });
  // Orders are unique here, so they tell which new row is which item.
  const ids = inserted.sort((x, y) => x.order - y.order).map((r) => r.id);

  const rules = content.flatMap((a, i) => {
    const base = a.criteria ? ids[a.criteria.condition.baseIndex] : undefined;
    // A rule must point back at an earlier action; anything else is dropped rather than copied broken.
    if (!a.criteria || base === undefined || a.criteria.condition.baseIndex >= i) return [];
    const criteria = { condition: { baseActionId: base, answer: a.criteria.condition.answer }, visibility: a.criteria.visibility };
    return [sql`(${ids[i]}::bigint, ${JSON.stringify(criteria)}::jsonb, ${base}::bigint)`];
  });
  if (rules.length > 0) {
    await db.execute(sql`
      UPDATE ${actions} AS a SET criteria = v.criteria, base_action_id = v.base
      FROM (VALUES ${sql.join(rules, sql`, `)}) AS v(id, criteria, base)
      WHERE a.id = v.id`);
  }

  const links = tagIdsByIndex.flatMap((tagIds, i) => (ids[i] === undefined ? [] : tagIds.map((tagId) => ({ actionId: ids[i], tagId, businessId }))));
  if (links.length > 0) await db.insert(actionTags).values(links).onConflictDoNothing();
  return ids;
}
