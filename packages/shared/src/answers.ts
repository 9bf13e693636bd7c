// Answers (the API's action results): the value rules by action type, the
// submitted fields, a stored answer and the lists of them (spec §3 and §7; DESIGN §6).
import { z } from 'zod';
import { ACTION_TYPES, ANSWER_HOLDS, LOCATION_STATUSES, TICKET_PRIORITIES, type ActionType } from './enums.ts';
import { id, optionalText, pageQuery, queryFlag } from './common.ts';
import { actionOption, actionSettingsOut } from './tasks.ts';
import { DEFAULT_SETTINGS, RATING_STARS, type ActionSettings } from './inspection-score.ts';
import { MSG, maxMessage, minMessage } from './messages.ts';
import { isoDate } from './plans.ts';
import { PHOTO_SOURCES } from './evidence.ts';

/** The value of an answer by action type (PHOTO and VOICE answers carry a file instead). */
export type AnswerValue = string | string[] | number | boolean | null;

/** Whether a number lies on a slider: within its ends, on one of its steps. */
function onSlider(settings: ActionSettings, value: number): boolean {
  const { min, max, step } = settings;
  if (min === null || max === null || value < min || value > max) return false;
  if (step === null) return true;
  const steps = (value - min) / step;
  return Math.abs(steps - Math.round(steps)) < 1e-9;
}

/** Whether `value` is a complete answer for an action of this type with this many options and these settings. */
export function validAnswerValue(type: ActionType, value: AnswerValue, optionsCount: number, settings: ActionSettings = DEFAULT_SETTINGS): boolean {
  const index = (v: unknown) => typeof v === 'string' && /^\d+$/.test(v) && Number(v) < optionsCount;
  switch (type) {
    case 'TEXT':
      return typeof value === 'string' && value.trim() !== '' && value.length <= 5000;
    case 'DATE':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
    case 'TIME':
      return typeof value === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
    case 'NUMBER':
      return typeof value === 'number' && Number.isFinite(value);
    case 'YES_NO':
      return value === 'YES' || value === 'NO' || (settings.allowNa && value === 'NA');
    case 'SINGLE_CHOICE':
      return index(value);
    case 'MULTIPLE_CHOICE':
      return Array.isArray(value) && value.length > 0 && value.every(index) && new Set(value).size === value.length;
    case 'RATING':
      return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= RATING_STARS;
    case 'SLIDER':
      return typeof value === 'number' && Number.isFinite(value) && onSlider(settings, value);
    case 'CHECK':
      return value === true;
    case 'PHOTO':
    case 'VOICE':
    case 'SIGNATURE':
      return value === null;
    case 'INSTRUCTION':
      return false;
  }
}

const coordinate = (min: number, max: number) => z.coerce.number().min(min, minMessage(min)).max(max, maxMessage(max));

/**
 * The text fields of `POST /v1/action-results` (multipart; the photo in part `file`, the
 * recording in part `voice`). `value` is the answer as JSON text: "\"YES\"", "3", "[\"0\",\"2\"]".
 */
export const actionResultFields = z.object({
  scheduleId: id,
  actionId: id,
  value: z
    .string()
    .optional()
    .transform((v, ctx): AnswerValue => {
      if (v === undefined || v === '') return null;
      try {
        return JSON.parse(v) as AnswerValue;
      } catch {
        ctx.addIssue({ code: 'custom', message: MSG.answerInvalid });
        return z.NEVER;
      }
    }),
  notes: optionalText(2000),
  /** Marked important by the member: the answer is flagged. */
  important: queryFlag.default(false),
  latitude: coordinate(-90, 90).optional(),
  longitude: coordinate(-180, 180).optional(),
  accuracy: z.coerce.number().min(0).optional(),
  /**
   * When the member captured the answer on the device, as an ISO instant with its offset
   * (2026-11-26T09:41:12.345Z): sent by the outbox that delivers it later. Absent, the answer
   * was captured when it arrives.
   */
  capturedAt: z.iso
    .datetime({ offset: true, error: MSG.invalid })
    .transform((v) => new Date(v))
    .optional(),
  /**
   * Where the device says the photo came from (evidence.ts PHOTO_SOURCES). An action set to camera
   * only refuses a photo not marked CAMERA. The device asserts it; nothing in the file proves it.
   */
  photoSource: z.enum(PHOTO_SOURCES, { error: MSG.invalid }).optional(),
  /** When the photo's metadata (EXIF DateTimeOriginal) says it was taken, read on the device before any stamp. */
  photoTakenAt: z.iso
    .datetime({ offset: true, error: MSG.invalid })
    .transform((v) => new Date(v))
    .optional(),
  /**
   * When the member took or picked the photo on the device (ISO), which may be well before the
   * answer's capture time in a long checklist: the metadata time is compared with it. Absent (an
   * answer kept on the device before it was sent), the capture time stands in.
   */
  photoPickedAt: z.iso
    .datetime({ offset: true, error: MSG.invalid })
    .transform((v) => new Date(v))
    .optional(),
});
export type ActionResultFields = z.input<typeof actionResultFields>;

/**
 * Minutes between taking an answer on the device and its arrival from which it counts as
 * arrived after a delay (it waited in the outbox): both times are then shown with it.
 */
export const DELAYED_DELIVERY_MINUTES = 30;

/** The minutes an answer waited between its capture and its arrival, when that is DELAYED_DELIVERY_MINUTES or more; else null. */
export function deliveryDelayMinutes(answer: { capturedAt: string; createdDate: string }): number | null {
  const minutes = Math.floor((Date.parse(answer.createdDate) - Date.parse(answer.capturedAt)) / 60_000);
  return minutes >= DELAYED_DELIVERY_MINUTES ? minutes : null;
}

/** `POST /v1/action-results/{id}/override`: why an outside or unverified answer counts as given at the site. */
export const overrideRequest = z.object({
  reason: z.string({ error: MSG.required }).trim().min(3, MSG.overrideReasonLength).max(500, MSG.overrideReasonLength),
});
export type OverrideRequest = z.input<typeof overrideRequest>;

export const answerOverride = z.object({
  userId: z.number().nullable(),
  userFullName: z.string().nullable(),
  at: z.string(),
  reason: z.string(),
});
export type AnswerOverride = z.infer<typeof answerOverride>;

export const actionResult = z.object({
  id: z.number(),
  scheduleId: z.number(),
  action: z.object({
    id: z.number(),
    nameEn: z.string().nullable(),
    nameAr: z.string().nullable(),
    type: z.enum(ACTION_TYPES),
    options: z.array(actionOption),
    /**
     * The unit of a number, the range it should fall in, a slider's ends. Always sent; optional so
     * that an answer from a server of the version before (a rolling update, the live feed) still reads.
     */
    settings: actionSettingsOut.optional(),
  }),
  taskId: z.number(),
  taskNameEn: z.string().nullable(),
  taskNameAr: z.string().nullable(),
  teamId: z.number(),
  teamName: z.string(),
  userId: z.number(),
  userFullName: z.string(),
  value: z.union([z.string(), z.array(z.string()), z.number(), z.boolean(), z.null()]),
  notes: z.string().nullable(),
  /** URLs of the photo and the recording, served by the app. */
  file: z.string().nullable(),
  voice: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  distance: z.number().nullable(),
  /** Metres, as the device reported it. Optional, so that an answer from a server of the version before still reads. */
  accuracy: z.number().nullable().optional(),
  /** Not shown to be at the site (outside, or its location unverified) and not overridden: kept, not counted. */
  outside: z.boolean(),
  /**
   * How the geofence judged the position when the answer arrived; null when its task does not
   * check location (or the answer came before the status was kept). Optional, as above.
   */
  locationStatus: z.enum(LOCATION_STATUSES).nullable().optional(),
  /** A supervisor's ruling that the answer counts as given at the site: who (null once their account is gone), when, why. */
  override: answerOverride.nullable().optional(),
  isFlagged: z.boolean(),
  statusCode: z.string().nullable(),
  ticketId: z.number().nullable(),
  /** When the answer reached the server. */
  createdDate: z.string(),
  /** When the member captured it on the device: the same moment unless it waited in the outbox. */
  capturedAt: z.string(),
  /** Delivered at or after the schedule's deadline (it was captured before it). */
  late: z.boolean(),
  /**
   * Kept but not counted: PAUSED when it arrived while the plan was paused, UNPROVEN when it was
   * delivered late without proof of its capture time (a REMOVED one is kept apart, not listed with answers).
   */
  held: z.enum(ANSWER_HOLDS).nullable(),
  /**
   * The score of the answer's schedule as it stands now (0–100; DESIGN §13), null when its task
   * scores nothing or nothing counted yet. Optional, so that an answer from a server of the version
   * before still reads.
   */
  scheduleScore: z.number().nullable().optional(),
  /** Where the device said the photo came from; null without a photo or when it did not say. Optional, as above. */
  photoSource: z.enum(PHOTO_SOURCES).nullable().optional(),
  /** When the photo's metadata said it was taken, and whether that is far from the capture time (evidence.ts). Optional, as above. */
  photoTakenAt: z.string().nullable().optional(),
  photoTimeMismatch: z.boolean().optional(),
});
export type ActionResult = z.infer<typeof actionResult>;

/** `GET /v1/users/{userId}/actions/{actionId}/action-results`. */
export const actionResultsQuery = pageQuery.extend({
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
});

/** `GET /v1/action-results/flagged`; `task` narrows it to one task's answers. */
export const flaggedQuery = pageQuery.extend({
  isFlagged: queryFlag.default(true),
  task: id.optional(),
});

/** `GET /v1/report/latest/result`: recent submitted answers. */
export const latestResultsQuery = pageQuery.extend({
  task: id.optional(),
  tag: id.optional(),
  action: id.optional(),
});

/** `POST /v1/action-results/{id}/ticket`: every field optional; the answer fills the rest. */
export const fireTicketRequest = z
  .object({
    title: optionalText(200),
    description: optionalText(5000),
    priority: z.enum(TICKET_PRIORITIES).default('MEDIUM'),
    categoryId: id.nullish().transform((v) => v ?? null),
  })
  .default({ title: null, description: null, priority: 'MEDIUM', categoryId: null });
export type FireTicketRequest = z.input<typeof fireTicketRequest>;
