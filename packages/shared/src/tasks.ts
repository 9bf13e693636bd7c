// Tasks, actions, chain rules, tags and templates (spec §3 and §7 "Tasks and actions", "Tags").
import { z } from 'zod';
import {
  ACTION_TYPES,
  ACTION_VISIBILITIES,
  CHAINABLE_ACTION_TYPES,
  OPTION_ACTION_TYPES,
  UNANSWERED_ACTION_TYPES,
  YES_NO_ANSWERS,
  type ActionType,
  type ActionVisibility,
} from './enums.ts';
import { entityName, id, optionalText, pageQuery } from './common.ts';
import { MAX_PAGE_SIZE, TEMPLATES_PAGE_SIZE } from './limits.ts';
import { MSG, maxMessage, minMessage } from './messages.ts';
import { DEFAULT_SETTINGS, ruleKeysFor, type ActionSettings, type AnswerRule } from './inspection-score.ts';

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

const SCORE_MAX = 1000;
const bound = z.number({ error: MSG.invalid }).min(-1_000_000, minMessage(-1_000_000)).max(1_000_000, maxMessage(1_000_000));

/** What one answer of an action means (inspection-score.ts): its score and the evidence it asks for. */
export const answerRule = z.object({
  score: z.number({ error: MSG.invalid }).min(0, minMessage(0)).max(SCORE_MAX, maxMessage(SCORE_MAX)).nullable().default(null),
  na: z.boolean().default(false),
  photoRequired: z.boolean().default(false),
  noteRequired: z.boolean().default(false),
  flag: z.boolean().default(false),
}) satisfies z.ZodType<AnswerRule, unknown>;

/** An action's settings by type; what a type does not read is kept as given and ignored. */
export const actionSettings = z.object({
  min: bound.nullable().default(null),
  max: bound.nullable().default(null),
  unit: z
    .string()
    .trim()
    .max(20, maxMessage(20))
    .nullish()
    .transform((v) => v || null),
  step: z.number({ error: MSG.invalid }).positive(MSG.invalid).max(1_000_000, maxMessage(1_000_000)).nullable().default(null),
  allowNa: z.boolean().default(false),
  scored: z.boolean().default(false),
  cameraOnly: z.boolean().optional(),
}) satisfies z.ZodType<ActionSettings, unknown>;

/** Rules by answer key ('YES', 'NO', 'NA', or an option's index). */
export const answerRules = z.record(z.string().max(20, maxMessage(20)), answerRule);

/** The same as answered: every field present, nothing to fill in or transform. */
export const answerRuleOut = z.object({
  score: z.number().nullable(),
  na: z.boolean(),
  photoRequired: z.boolean(),
  noteRequired: z.boolean(),
  flag: z.boolean(),
});
export const actionSettingsOut = z.object({
  min: z.number().nullable(),
  max: z.number().nullable(),
  unit: z.string().nullable(),
  step: z.number().nullable(),
  allowNa: z.boolean(),
  scored: z.boolean(),
  cameraOnly: z.boolean().optional(),
});

/** The most a slider may offer: the member picks one of its positions. */
export const SLIDER_MAX_STEPS = 1000;

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
/** A task's pass mark: the least total score, in percent, that passes an inspection. */
const passMark = z.number({ error: MSG.invalid }).min(0, minMessage(0)).max(100, maxMessage(100));
/**
 * The widest GPS accuracy, in metres, that can show a member at the site: an answer whose fix is
 * less precise (or has no accuracy) is location unverified. Null: the site's radius.
 */
export const accuracyThreshold = z.number({ error: MSG.invalid }).int(MSG.invalid).min(1, minMessage(1)).max(10_000, maxMessage(10_000));
/** Any setting may be left out, which leaves it as it is; a null pass mark or threshold removes it. */
export const taskSettingsRequest = z
  .object({
    geoRestrictionEnabled: z.boolean().optional(),
    passMark: passMark.nullable().optional(),
    accuracyThreshold: accuracyThreshold.nullable().optional(),
    /** The device writes the capture time, the site's name and the position into each answer photo. */
    stampPhotos: z.boolean().optional(),
  })
  .refine((v) => Object.values(v).some((setting) => setting !== undefined), {
    message: MSG.required,
    path: ['geoRestrictionEnabled'],
  });
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
  /** Metres; null: the site's radius is the widest accuracy that shows presence. */
  accuracyThreshold: z.number().nullable(),
  /** The device stamps each answer photo with the time, the site and the position. Optional, so that a task from a server of the version before still reads. */
  stampPhotos: z.boolean().optional(),
  /** Null: inspections of the task are scored (when its answers carry scores) but not passed or failed. */
  passMark: z.number().nullable(),
  tagId: z.number().nullable(),
  tag: tagRef.nullable(),
  creatorId: z.number().nullable(),
  actionsCount: z.number(),
  /** Of its schedules over the last 30 days; null until schedules are answered. */
  completionRate: z.number().nullable(),
  /** The average score (0–100) of its finished inspections over the last 30 days; null when none was scored. */
  averageScore: z.number().nullable(),
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
  /** The section the action belongs to; null for the part before the first section. */
  sectionId: id.nullish().transform((v) => v ?? null),
  /** How much the action's score counts; 0 leaves it out of the score. */
  weight: z.number({ error: MSG.invalid }).int(MSG.invalid).min(0, minMessage(0)).max(100, maxMessage(100)).default(1),
  settings: actionSettings.default(DEFAULT_SETTINGS),
  rules: answerRules.default({}),
});
/** The fields the checks read; a change may leave the inspection ones out (they then stay as they are). */
type ActionFieldsValue = Omit<z.infer<typeof actionFields>, 'sectionId' | 'weight' | 'settings' | 'rules'> & {
  settings?: ActionSettings;
  rules?: Record<string, AnswerRule>;
};
const validAction = (value: ActionFieldsValue, ctx: z.RefinementCtx) => {
  eitherName(value, ctx);
  if (OPTION_ACTION_TYPES.includes(value.type) && value.options.length < 2) {
    ctx.addIssue({ code: 'custom', path: ['options'], message: MSG.optionsMin });
  }
  const settings = value.settings ?? DEFAULT_SETTINGS;
  const keys = ruleKeysFor(value.type, value.options.length, settings);
  for (const key of Object.keys(value.rules ?? {})) {
    if (!keys.includes(key)) ctx.addIssue({ code: 'custom', path: ['rules', key], message: MSG.ruleKeyInvalid });
  }
  if (!value.settings) return;
  const { min, max, step } = settings;
  if (min !== null && max !== null && min > max) ctx.addIssue({ code: 'custom', path: ['settings', 'max'], message: MSG.rangeInvalid });
  if (value.type === 'SLIDER') {
    if (min === null || max === null || min >= max) ctx.addIssue({ code: 'custom', path: ['settings', 'max'], message: MSG.rangeInvalid });
    else if (step !== null && (max - min) / step > SLIDER_MAX_STEPS)
      ctx.addIssue({ code: 'custom', path: ['settings', 'step'], message: maxMessage(SLIDER_MAX_STEPS) });
  }
};
/** Options matter only for choice types, rules only for answers that have keys; other types drop them. */
const keepOptionsForChoices = <T extends ActionFieldsValue>(value: T): T => {
  const options = OPTION_ACTION_TYPES.includes(value.type) ? value.options : [];
  const keys = ruleKeysFor(value.type, options.length, value.settings ?? DEFAULT_SETTINGS);
  const rules = value.rules && Object.fromEntries(Object.entries(value.rules).filter(([key]) => keys.includes(key)));
  // What is only read is never required.
  const required = UNANSWERED_ACTION_TYPES.includes(value.type) ? false : value.required;
  return { ...value, options, ...(rules ? { rules } : {}), required };
};

/** `POST /v1/actions`; tags may be given at once. */
export const actionRequest = actionFields
  .extend({ taskId: id, tagIds: z.array(id).max(10, maxMessage(10)).default([]) })
  .superRefine(validAction)
  .transform(keepOptionsForChoices);
export type ActionRequest = z.input<typeof actionRequest>;
/**
 * `PUT /v1/actions/{id}`: the same fields, the task stays. The section, weight, settings and rules
 * left out stay as they are, so a client that does not know them changes none of them.
 */
export const actionUpdateRequest = actionFields
  .extend({
    sectionId: id.nullable().optional(),
    weight: actionFields.shape.weight.unwrap().optional(),
    settings: actionSettings.optional(),
    rules: answerRules.optional(),
  })
  .superRefine(validAction)
  .transform(keepOptionsForChoices);
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
  sectionId: z.number().nullable(),
  weight: z.number(),
  settings: actionSettingsOut,
  rules: z.record(z.string(), answerRuleOut),
  /**
   * An instruction's picture (`/api/files/{key}`, signed in answers), or null. Set with
   * `PUT /v1/actions/{id}/image` and removed with `DELETE /v1/actions/{id}/image`.
   */
  image: z.string().nullable(),
});
export type Action = z.infer<typeof action>;

// ---------------------------------------------------------------- sections

/**
 * A named part of a task. Its actions follow one another in the task's order; a chain rule on the
 * section shows, dims or hides all of them by the answer of an action before it.
 */
export const section = z.object({
  id: z.number(),
  taskId: z.number(),
  order: z.number(),
  nameEn: z.string().nullable(),
  nameAr: z.string().nullable(),
  descriptionEn: z.string().nullable(),
  descriptionAr: z.string().nullable(),
  criteria: actionCriteria.nullable(),
});
export type Section = z.infer<typeof section>;

/** `PUT /v1/sections/{id}`. */
export const sectionUpdateRequest = z.object(bilingualFields).superRefine(eitherName);
export type SectionUpdateRequest = z.input<typeof sectionUpdateRequest>;
/** `POST /v1/sections`: a new section at the end of its task, empty. */
export const sectionRequest = z.object({ ...bilingualFields, taskId: id }).superRefine(eitherName);
export type SectionRequest = z.input<typeof sectionRequest>;

/**
 * `PUT /v1/tasks/{taskId}/layout`: the whole task as the builder leaves it after a move. The first
 * group is the part before any section (`sectionId` null), then every section once, in order, each
 * with its actions in order; every action of the task appears once.
 */
export const layoutRequest = z.object({
  groups: z
    .array(
      z.object({
        sectionId: id.nullable(),
        actionIds: z.array(id).max(MAX_PAGE_SIZE, maxMessage(MAX_PAGE_SIZE)),
      }),
    )
    .min(1, MSG.required)
    .max(MAX_PAGE_SIZE, maxMessage(MAX_PAGE_SIZE)),
});
export type LayoutRequest = z.input<typeof layoutRequest>;

/** `GET /v2/tasks/{taskId}?eagerLoad=true`. */
export const taskWithActions = task.extend({ actions: z.array(action), sections: z.array(section) });
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

/** A chain rule inside a template: its base named by position in the list of actions. */
const templateCriteria = z.object({
  condition: z.object({ baseIndex: z.number().int().min(0), answer: z.string() }),
  visibility: z.enum(ACTION_VISIBILITIES),
});

/** A section inside a template; its actions name it by position in the list of sections. */
export const templateSection = z.object({
  nameEn: z.string().nullable(),
  nameAr: z.string().nullable(),
  descriptionEn: z.string().nullable(),
  descriptionAr: z.string().nullable(),
  criteria: templateCriteria.nullable(),
});
export type TemplateSection = z.infer<typeof templateSection>;

/**
 * An action inside a template; a rule names its base by position in the list. Sections, weights,
 * settings and rules came later: a template kept without them reads as none, 1, the defaults and none.
 */
export const templateAction = z.object({
  nameEn: z.string().nullable(),
  nameAr: z.string().nullable(),
  descriptionEn: z.string().nullable(),
  descriptionAr: z.string().nullable(),
  type: z.enum(ACTION_TYPES),
  options: z.array(actionOption),
  required: z.boolean(),
  criteria: templateCriteria.nullable(),
  section: z.number().int().min(0).nullable().optional(),
  weight: z.number().optional(),
  settings: actionSettingsOut.optional(),
  rules: z.record(z.string(), answerRuleOut).optional(),
  /** An instruction's picture, shared with the task it was saved from (absent: none). */
  image: z.string().nullable().optional(),
});
export type TemplateAction = z.infer<typeof templateAction>;
export const templateContent = z.object({
  geoRestrictionEnabled: z.boolean(),
  actions: z.array(templateAction),
  sections: z.array(templateSection).optional(),
  passMark: z.number().nullable().optional(),
});
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
  /** The action's section, whose own rule governs it too; none when absent. */
  sectionId?: number | null;
}

/** A section as chain rules read it. */
export interface RuleSection {
  id: number;
  criteria: ActionCriteria | null;
}

/** An answer as chain rules read it: 'YES'/'NO', an option index, or several indexes. */
export type RuleAnswer = string | string[] | null | undefined;

/** Whether a base action's answer meets a rule's `answer`. */
export function answerMatches(answer: RuleAnswer, expected: string): boolean {
  if (answer == null) return false;
  return Array.isArray(answer) ? answer.includes(expected) : answer === expected;
}

/** What one rule makes of its target, given the visibility of its base so far. */
function ruleOutcome(rule: ActionCriteria, resolved: ReadonlyMap<number, ActionVisibility>, answers: Readonly<Record<number, RuleAnswer>>): ActionVisibility {
  const base = rule.condition.baseActionId;
  const holds = resolved.get(base) !== 'HIDDEN' && answerMatches(answers[base], rule.condition.answer);
  if (holds) return rule.visibility;
  return rule.visibility === 'DISPLAY' ? 'HIDDEN' : 'DISPLAY';
}

const RANK: Record<ActionVisibility, number> = { DISPLAY: 0, DIM: 1, HIDDEN: 2 };
/** The stronger of two visibilities: hidden over dimmed over displayed. */
const stronger = (a: ActionVisibility, b: ActionVisibility) => (RANK[a] >= RANK[b] ? a : b);

/**
 * The visibility of each action given the answers so far (DESIGN §7). A target whose rule
 * holds takes the rule's visibility. Otherwise a rule that would DISPLAY it keeps it HIDDEN
 * until the answer comes, and a rule that would DIM or HIDE it leaves it displayed. A target
 * whose base is itself hidden is hidden too. A section's rule works the same way on every action
 * of the section (its base comes before the section): a hidden section hides them all, a dimmed
 * one dims those not hidden by their own rule.
 */
export function resolveVisibility(
  actions: readonly RuleAction[],
  answers: Readonly<Record<number, RuleAnswer>>,
  sections: readonly RuleSection[] = [],
): Map<number, ActionVisibility> {
  const result = new Map<number, ActionVisibility>();
  const sectionRules = new Map(sections.map((s) => [s.id, s.criteria]));
  const sectionSeen = new Map<number, ActionVisibility>();
  for (const item of actions) {
    let visibility: ActionVisibility = item.criteria ? ruleOutcome(item.criteria, result, answers) : 'DISPLAY';
    const sectionId = item.sectionId ?? null;
    if (sectionId !== null) {
      // Judged once, on the section's first action: its base is earlier than all of them.
      let ofSection = sectionSeen.get(sectionId);
      if (ofSection === undefined) {
        const rule = sectionRules.get(sectionId) ?? null;
        ofSection = rule ? ruleOutcome(rule, result, answers) : 'DISPLAY';
        sectionSeen.set(sectionId, ofSection);
      }
      visibility = stronger(visibility, ofSection);
    }
    result.set(item.id, visibility);
  }
  return result;
}

/**
 * Required actions that must be answered: required and displayed. A hidden action is not
 * asked, and a dimmed one is shown as optional, so neither is required.
 */
export function requiredVisibleActionIds(
  actions: readonly RuleAction[],
  answers: Readonly<Record<number, RuleAnswer>>,
  sections: readonly RuleSection[] = [],
): number[] {
  const visibility = resolveVisibility(actions, answers, sections);
  return actions.filter((a) => a.required && visibility.get(a.id) === 'DISPLAY').map((a) => a.id);
}

/** The answers a rule may expect from a base action of this type and options. */
export function ruleAnswersFor(type: ActionType, optionsCount: number): string[] {
  if (!CHAINABLE_ACTION_TYPES.includes(type)) return [];
  if (type === 'YES_NO') return [...YES_NO_ANSWERS];
  return Array.from({ length: optionsCount }, (_, i) => String(i));
}
