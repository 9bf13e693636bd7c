// The demo business's tasks: real checklists made from the template library (so they have
// actions, chain rules and, for the fire-safety inspection, sections, scores and a pass mark),
// and three tags on some tasks and actions.
import type { Db } from '../db/client.ts';
import { tags } from '../db/schema-workflow.ts';
import { insertTaskContent } from '../modules/workflow/actions/task-actions.service.ts';
import { insertTask } from '../modules/workflow/tasks/tasks.repository.ts';
import { TASK_LIBRARY } from './task-library.ts';

const TAGS = {
  safety: { nameEn: 'Safety', nameAr: 'السلامة' },
  hygiene: { nameEn: 'Hygiene', nameAr: 'النظافة' },
  equipment: { nameEn: 'Equipment', nameAr: 'المعدات' },
} as const;
type TagName = keyof typeof TAGS;

/** Which library templates become demo tasks, the task's tag and the tags of some actions (by position). */
const DEMO_TASKS: { key: string; tag: TagName | null; actionTags: Record<number, TagName[]> }[] = [
  { key: 'daily-cleaning', tag: 'hygiene', actionTags: { 2: ['hygiene'], 4: ['hygiene'], 6: ['safety'] } },
  { key: 'security-patrol', tag: 'safety', actionTags: { 2: ['safety', 'equipment'], 7: ['equipment'] } },
  { key: 'fire-safety-inspection', tag: 'safety', actionTags: { 0: ['safety', 'equipment'], 3: ['safety'], 6: ['equipment'] } },
  { key: 'vehicle-check', tag: 'equipment', actionTags: { 2: ['safety'], 5: ['equipment'] } },
  { key: 'restroom-hygiene', tag: 'hygiene', actionTags: { 2: ['hygiene'], 4: ['hygiene', 'equipment'] } },
];

export const DEMO_TASK_COUNT = DEMO_TASKS.length;

export async function seedDemoTasks(db: Db, businessId: number, creatorId: number) {
  const created = await db
    .insert(tags)
    .values(Object.values(TAGS).map((t) => ({ businessId, ...t })))
    .returning({ id: tags.id, nameEn: tags.nameEn });
  const tagId = (name: TagName) => created.find((t) => t.nameEn === TAGS[name].nameEn)?.id as number;

  for (const plan of DEMO_TASKS) {
    const template = TASK_LIBRARY.find((t) => t.key === plan.key);
    if (!template) continue;
    const taskId = await insertTask(db, businessId, creatorId, {
      nameEn: template.nameEn,
      nameAr: template.nameAr,
      descriptionEn: template.descriptionEn,
      descriptionAr: template.descriptionAr,
      geoRestrictionEnabled: template.content.geoRestrictionEnabled,
      tagId: plan.tag ? tagId(plan.tag) : null,
      passMark: template.content.passMark ?? null,
    });
    const actionTags = template.content.actions.map((_, i) => (plan.actionTags[i] ?? []).map(tagId));
    await insertTaskContent(db, businessId, taskId, template.content, actionTags);
  }
}
