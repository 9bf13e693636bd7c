// An instruction's picture (DESIGN §13, inspections): a JPEG, PNG or WebP under
// INSTRUCTION_IMAGE_MAX_BYTES, streamed into storage (lib/uploads.ts) and named on the action by
// its address. A replaced or removed picture leaves storage once nothing names it any more: a copy
// of the task, a template saved from it and every task version answered with it share the file
// and keep it (lib/file-sweep.ts).
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { INSTRUCTION_IMAGE_MAX_BYTES } from '@fieldops/shared/limits';
import { MSG } from '@fieldops/shared/messages';
import type { Action } from '@fieldops/shared/tasks';
import { badRequest, fieldError, notFound } from '../../../lib/errors.ts';
import { removeIfUnreferenced } from '../../../lib/file-sweep.ts';
import { keepUploads, sniffImage, sniffWebp, storeUpload, type FileKind } from '../../../lib/uploads.ts';
import { keyOfUrl } from '../../../plugins/storage.ts';
import type { Caller } from '../../../policies/caller.ts';
import { lockTask, recordTaskPartChange } from '../tasks/tasks.service.ts';
import { partOf } from './actions-audit.ts';
import { findActionRow, updateActionRow, type ActionRow } from './actions.repository.ts';
import { requireAction } from './actions.service.ts';

/** JPEG, PNG and WebP: what every browser and the report's PDF (through sharp) can draw. */
export function sniffInstructionImage(head: Buffer): FileKind | null {
  const image = sniffImage(head);
  if (image) return image.extension === 'gif' ? null : image;
  return sniffWebp(head);
}

/** The action, when it is the business's and an instruction: 404 for none, 400 for another type. */
async function requireInstruction(app: FastifyInstance, businessId: number, id: number): Promise<ActionRow> {
  const row = await findActionRow(app.db, businessId, id);
  if (!row) throw notFound(MSG.actionNotFound);
  if (row.type !== 'INSTRUCTION') throw fieldError('type', MSG.instructionImageOnly);
  return row;
}

/**
 * Writes the action's picture under its task's lock, the action read again there (one deleted or
 * made another type meanwhile is refused), and records it as a change of the task (a new picture
 * by the name of the file chosen); answers the address it had.
 */
async function writeImage(app: FastifyInstance, caller: Caller, id: number, image: { url: string; fileName: string } | null): Promise<string | null> {
  const { businessId } = caller;
  return app.db.transaction(async (tx) => {
    const found = await findActionRow(tx, businessId, id);
    if (!found) throw notFound(MSG.actionNotFound);
    const task = await lockTask(tx, businessId, found.taskId);
    const row = await findActionRow(tx, businessId, id);
    if (!row) throw notFound(MSG.actionNotFound);
    if (row.type !== 'INSTRUCTION') throw fieldError('type', MSG.instructionImageOnly);
    await updateActionRow(tx, businessId, id, { image: image?.url ?? null });
    if (image) {
      await recordTaskPartChange(tx, caller, task, { part: partOf('action', 'picture_set', row), after: { picture: image.fileName } });
    } else if (row.image !== null) {
      await recordTaskPartChange(tx, caller, task, { part: partOf('action', 'picture_removed', row) });
    }
    return row.image;
  });
}

/**
 * The chosen file's name as the audit log shows it: no control characters (jsonb keeps no NUL),
 * at most 200 characters, cut between characters (half of a pair would be a lone surrogate).
 */
const shownName = (name: string | undefined) =>
  // eslint-disable-next-line no-control-regex -- control characters are what is taken out
  Array.from((name ?? '').replace(/[\u0000-\u001f\u007f]/g, ''))
    .slice(0, 200)
    .join('');

/** After the change committed: the picture let go of leaves storage unless something still names it. */
async function release(app: FastifyInstance, previous: string | null) {
  await removeIfUnreferenced(app.db, app.storage, app.log, keyOfUrl(previous));
}

/** Sets or replaces the picture of instruction `id` from the request's file. */
export async function setInstructionImage(
  app: FastifyInstance,
  caller: Caller,
  id: number,
  readFile: () => Promise<MultipartFile | undefined>,
): Promise<Action> {
  const { businessId } = caller;
  // Refused before anything is stored: an action that is not there, or is not an instruction.
  await requireInstruction(app, businessId, id);
  const file = await readFile();
  if (!file) throw badRequest(MSG.fileMissing, [{ field: 'file', message: MSG.fileMissing }]);
  const stored = await storeUpload(file, sniffInstructionImage, MSG.instructionImageType, {
    bytes: INSTRUCTION_IMAGE_MAX_BYTES,
    message: MSG.instructionImageTooLarge,
  });
  const previous = await writeImage(app, caller, id, { url: stored.url, fileName: shownName(file.filename) });
  keepUploads(file);
  if (previous !== stored.url) await release(app, previous);
  return requireAction(app.db, businessId, id);
}

/** Removes the picture of instruction `id` (nothing to remove is no error). */
export async function removeInstructionImage(app: FastifyInstance, caller: Caller, id: number): Promise<Action> {
  const { businessId } = caller;
  await requireInstruction(app, businessId, id);
  const previous = await writeImage(app, caller, id, null);
  await release(app, previous);
  return requireAction(app.db, businessId, id);
}
