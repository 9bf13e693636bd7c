// Tasks, actions, chain rules, tags and templates (spec §3 and §7 "Tasks and actions", "Tags").
import { z } from 'zod';
import {
  ACTION_TYPES,
  ACTION_VISIBILITIES,
  CHAINABLE_ACTION_TYPES,
  OPTION_ACTION_TYPES,
  YES_NO_ANSWERS,
  type ActionType,
  type ActionVisibility,
} from './enums.ts';
import { entityName, id, optionalText, pageQuery } from './common.ts';
import { MAX_PAGE_SIZE, TEMPLATES_PAGE_SIZE } from './limits.ts';
import { MSG, maxMessage, minMessage } from './messages.ts';

const NAME_MAX = 200;
const DESCRIPTION_MAX = 2000;

/** Both languages of an option are required ('Option is Required!'). */
const optionLabel = z.string({ error: MSG.optionRequired }).trim().min(1, MSG.optionRequired).max(NAME_MAX, maxMessage(NAME_MAX));
export const actionOption = z.object({ labelEn: optionLabel, labelAr: optionLabel });
export type ActionOption = z.infer<typeof actionOption>;

/**
 * A chain rule, kept on its target action: when the base action's answer is `answer`, the
 * target takes `visibility`. `answer` is 'YES' or 'NO' for a yes/no base, and the option's
 * index ("0", "1", ...) for a choice base; a multiple-choice answer matches when it includes it.
 */
export const actionCriteria = z.object({
  condition: z.object({ baseActionId: id, answer: z.string().trim().min(1, MSG.required).max(20, maxMessage(20)) }),
  visibility: z.enum(ACTION_VISIBILITIES),
});
export type ActionCriteria = z.infer<typeof actionCriteria>;

/** Bilingual name and description; either name is enough (DESIGN §10). */
const bilingualFields = {
  nameEn: optionalText(NAME_MAX),
  nameAr: optionalText(NAME_MAX),
  descriptionEn: optionalText(DESCRIPTION_MAX),
  descriptionAr: optionalText(DESCRIPTION_MAX),
};
const eitherName = (value: { nameEn: string | null; nameAr: string | null }, ctx: z.RefinementCtx) => {
  if (!value.nameEn && !value.nameAr) {
    ctx.addIssue({ code: 'custom', path: ['nameEn'], message: MSG.nameEnOrArRequired });
  }
};

// ---------------------------------------------------------------- tags

export const tagRequest = z.object({ nameEn: entityName(50), nameAr: entityName(50) });
export type TagRequest = z.input<typeof tagRequest>;
export const tagRef = z.object({ id: z.number(), nameEn: z.string(), nameAr: z.string() });
export type TagRef = z.infer<typeof tagRef>;
export const tag = tagRef.extend({ actionsCount: z.number() });
export type Tag = z.infer<typeof tag>;

/** `POST /v1/actions/assign/tags` and `DELETE /v1/actions/remove/tags`. */
export const actionTagsRequest = z.object({
  actionId: id,
  tagIds: z.array(id).min(1, MSG.required).max(10, maxMessage(10)),
});
export type ActionTagsRequest = z.input<typeof actionTagsRequest>;

// ---------------------------------------------------------------- tasks

const taskFields = z.object({
  ...bilingualFields,
  geoRestrictionEnabled: z.boolean().default(true),
  tagId: id.nullish().transform((v) => v ?? null),
});
export const taskRequest = taskFields.superRefine(eitherName);
export type TaskRequest = z.input<typeof taskRequest>;
export const taskSettingsRequest = z.object({ geoRestrictionEnabled: z.boolean() });
export type TaskSettingsRequest = z.input<typeof taskSettingsRequest>;

export const tasksQuery = pageQuery.extend({
  /** Sent trimmed by the client; trimmed again here. */
  searchKey: z.string().trim().max(100, maxMessage(100)).optional(),
  tagId: id.optional(),
  /** `draft=true`: only tasks without an execution plan (the tracker's Draft tab). */
  draft: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});

export const task = z.object({
  id: z.number(),
  nameEn: z.string().nullable(),
  nameAr: z.string().nullable(),
  descriptionEn: z.string().nullable(),
  descriptionAr: z.string().nullable(),
  geoRestrictionEnabled: z.boolean(),
  tagId: z.number().nullable(),
  tag: tagRef.nullable(),
  creatorId: z.number().nullable(),
  actionsCount: z.number(),
  /** Null until schedules are answered. */
  completionRate: z.number().nullable(),
  createdDate: z.string(),
});
export type Task = z.infer<typeof task>;

// ---------------------------------------------------------------- actions

export const actionType = z.object({
  type: z.enum(ACTION_TYPES),
  nameEn: z.string(),
  nameAr: z.string(),
  hasOptions: z.boolean(),
  chainable: z.boolean(),
});
export type ActionTypeInfo = z.infer<typeof actionType>;

const actionFields = z.object({
  ...bilingualFields,
  type: z.enum(ACTION_TYPES, { error: MSG.required }),
  options: z.array(actionOption).max(50, maxMessage(50)).default([]),
  /** New actions must be answered unless made optional. */
  required: z.boolean().default(true),
});
type ActionFieldsValue = z.infer<typeof actionFields>;
const validAction = (value: ActionFieldsValue, ctx: z.RefinementCtx) => {
  eitherName(value, ctx);
  if (OPTION_ACTION_TYPES.includes(value.type) && value.options.length < 2) {
    ctx.addIssue({ code: 'custom', path: ['options'], message: MSG.optionsMin });
  }
};
/** Options matter only for choice types; other types drop them. */
const keepOptionsForChoices = <T extends ActionFieldsValue>(value: T): T => (OPTION_ACTION_TYPES.includes(value.type) ? value : { ...value, options: [] });

/** `POST /v1/actions`; tags may be given at once. */
export const actionRequest = actionFields
  .extend({ taskId: id, tagIds: z.array(id).max(10, maxMessage(10)).default([]) })
  .superRefine(validAction)
  .transform(keepOptionsForChoices);
export type ActionRequest = z.input<typeof actionRequest>;
/** `PUT /v1/actions/{id}`: the same fields, the task stays. */
export const actionUpdateRequest = actionFields.superRefine(validAction).transform(keepOptionsForChoices);
export type ActionUpdateRequest = z.input<typeof actionUpdateRequest>;

export const action = z.object({
  id: z.number(),
  taskId: z.number(),
  order: z.number(),
  nameEn: z.string().nullable(),
  nameAr: z.string().nullable(),
  descriptionEn: z.string().nullable(),
  descriptionAr: z.string().nullable(),
  type: z.enum(ACTION_TYPES),
  options: z.array(actionOption),
  required: z.boolean(),
  criteria: actionCriteria.nullable(),
  tags: z.array(tagRef),
});
export type Action = z.infer<typeof action>;

/** `GET /v2/tasks/{taskId}?eagerLoad=true`. */
export const taskWithActions = task.extend({ actions: z.array(action) });
export type TaskWithActions = z.infer<typeof taskWithActions>;

/** `POST /v1/actions/order`: every action of the task, once, in the new order. */
export const reorderActionsRequest = z.object({
  taskId: id,
  actionIds: z.array(id).min(1, MSG.required).max(MAX_PAGE_SIZE, maxMessage(MAX_PAGE_SIZE)),
});
export type ReorderActionsRequest = z.input<typeof reorderActionsRequest>;

/** `PUT /v1/actions/{id}/criteria`: null removes the rule. */
export const criteriaRequest = z.object({ criteria: actionCriteria.nullable() });
export type CriteriaRequest = z.input<typeof criteriaRequest>;

/** The actions of a tag, each with its task's names. */
export const tagAction = action.extend({ taskNameEn: z.string().nullable(), taskNameAr: z.string().nullable() });
export type TagAction = z.infer<typeof tagAction>;

// ---------------------------------------------------------------- templates

/** An action inside a template; a rule names its base by position in the list. */
export const templateAction = z.object({
  nameEn: z.string().nullable(),
  nameAr: z.string().nullable(),
  descriptionEn: z.string().nullable(),
  descriptionAr: z.string().nullable(),
  type: z.enum(ACTION_TYPES),
  options: z.array(actionOption),
  required: z.boolean(),
  criteria: z
    .object({
      condition: z.object({ baseIndex: z.number().int().min(0), answer: z.string() }),
      visibility: z.enum(ACTION_VISIBILITIES),
    })
    .nullable(),
});
export type TemplateAction = z.infer<typeof templateAction>;
export const templateContent = z.object({ geoRestrictionEnabled: z.boolean(), actions: z.array(templateAction) });
export type TemplateContent = z.infer<typeof templateContent>;

export const templatesQuery = pageQuery.extend({
  size: z.coerce.number().int().min(1, minMessage(1)).max(MAX_PAGE_SIZE, maxMessage(MAX_PAGE_SIZE)).default(TEMPLATES_PAGE_SIZE),
  searchKey: z.string().trim().max(100, maxMessage(100)).optional(),
});

export const template = z.object({
  id: z.number(),
  nameEn: z.string().nullable(),
  nameAr: z.string().nullable(),
  descriptionEn: z.string().nullable(),
  descriptionAr: z.string().nullable(),
  actionsCount: z.number(),
  /** True for the shipped library, false for the business's own templates. */
  library: z.boolean(),
  createdDate: z.string(),
});
export type Template = z.infer<typeof template>;
export const templateDetail = template.extend({ content: templateContent });
export type TemplateDetail = z.infer<typeof templateDetail>;

// ---------------------------------------------------------------- chain rules at work

export interface RuleAction {
  id: number;
  type: ActionType;
  required: boolean;
  criteria: ActionCriteria | null;
}

/** An answer as chain rules read it: 'YES'/'NO', an option index, or several indexes. */
export type RuleAnswer = string | string[] | null | undefined;

/** Whether a base action's answer meets a rule's `answer`. */
export function answerMatches(answer: RuleAnswer, expected: string): boolean {
  if (answer == null) return false;
  return Array.isArray(answer) ? answer.includes(expected) : answer === expected;
}

/**
 * The visibility of each action given the answers so far (DESIGN §7). A target whose rule
 * holds takes the rule's visibility. Otherwise a rule that would DISPLAY it keeps it HIDDEN
 * until the answer comes, and a rule that would DIM or HIDE it leaves it displayed. A target
 * whose base is itself hidden is hidden too.
 */
export function resolveVisibility(actions: readonly RuleAction[], answers: Readonly<Record<number, RuleAnswer>>): Map<number, ActionVisibility> {
  const result = new Map<number, ActionVisibility>();
  for (const item of actions) {
    const rule = item.criteria;
    if (!rule) {
      result.set(item.id, 'DISPLAY');
      continue;
    }
    const base = rule.condition.baseActionId;
    const baseVisible = result.get(base) !== 'HIDDEN';
    const holds = baseVisible && answerMatches(answers[base], rule.condition.answer);
    if (holds) result.set(item.id, rule.visibility);
    else result.set(item.id, rule.visibility === 'DISPLAY' ? 'HIDDEN' : 'DISPLAY');
  }
  return result;
}

/**
 * Required actions that must be answered: required and displayed. A hidden action is not
 * asked, and a dimmed one is shown as optional, so neither is required.
 */
export function requiredVisibleActionIds(actions: readonly RuleAction[], answers: Readonly<Record<number, RuleAnswer>>): number[] {
  const visibility = resolveVisibility(actions, answers);
  return actions.filter((a) => a.required && visibility.get(a.id) === 'DISPLAY').map((a) => a.id);
}

/** The answers a rule may expect from a base action of this type and options. */
export function ruleAnswersFor(type: ActionType, optionsCount: number): string[] {
  if (!CHAINABLE_ACTION_TYPES.includes(type)) return [];
  if (type === 'YES_NO') return [...YES_NO_ANSWERS];
  return Array.from({ length: optionsCount }, (_, i) => String(i));
}
