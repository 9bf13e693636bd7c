// The rules of templates: a business sees the shipped library and its own templates, makes
// editable tasks from either, saves its tasks as its own templates, and deletes only its own.
import { MSG } from '@fieldops/shared/messages';
import type { TemplateDetail } from '@fieldops/shared/tasks';
import type { Db } from '../../../db/client.ts';
import { forbidden, notFound } from '../../../lib/errors.ts';
import type { Caller } from '../../../policies/caller.ts';
import { insertTaskContent, lockTaskContent } from '../actions/task-actions.service.ts';
import { createTaskRow, requireTask } from '../tasks/tasks.service.ts';
import { deleteOwnTemplate, findTemplate, insertTemplate } from './templates.repository.ts';

export async function requireTemplate(db: Db, businessId: number, id: number): Promise<TemplateDetail> {
  const found = await findTemplate(db, businessId, id);
  if (!found) throw notFound(MSG.templateNotFound);
  return found;
}

/** A new task of the business with the template's names and all its actions and rules. */
export async function createTaskFromTemplate(db: Db, caller: Caller, templateId: number) {
  const template = await requireTemplate(db, caller.businessId, templateId);
  const taskId = await db.transaction(async (tx) => {
    const id = await createTaskRow(
      tx,
      caller,
      {
        nameEn: template.nameEn,
        nameAr: template.nameAr,
        descriptionEn: template.descriptionEn,
        descriptionAr: template.descriptionAr,
        geoRestrictionEnabled: template.content.geoRestrictionEnabled,
        tagId: null,
        passMark: template.content.passMark ?? null,
      },
      { template: template.nameEn ?? template.nameAr },
    );
    await insertTaskContent(tx, caller.businessId, id, template.content);
    return id;
  });
  return requireTask(db, caller.businessId, taskId);
}

/** Keeps a task, its actions and rules as one of the business's own templates. */
export async function saveTaskAsTemplate(db: Db, caller: Caller, taskId: number) {
  const templateId = await db.transaction(async (tx) => {
    // The lock keeps the actions from changing while they are read.
    const { task, actions, sections } = await lockTaskContent(tx, caller.businessId, taskId);
    return insertTemplate(tx, caller.businessId, caller.userId, {
      nameEn: task.nameEn,
      nameAr: task.nameAr,
      descriptionEn: task.descriptionEn,
      descriptionAr: task.descriptionAr,
      content: { geoRestrictionEnabled: task.geoRestrictionEnabled, passMark: task.passMark, actions, sections },
    });
  });
  const { content: _content, ...template } = await requireTemplate(db, caller.businessId, templateId);
  return template;
}

export async function deleteTemplate(db: Db, businessId: number, id: number) {
  const template = await requireTemplate(db, businessId, id);
  if (template.library) throw forbidden(MSG.libraryTemplateReadOnly);
  await deleteOwnTemplate(db, businessId, id);
}
