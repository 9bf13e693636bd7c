// An inspection: one schedule's answers read with the task version they were given to, and their
// score (DESIGN §13). `GET /schedules/{id}/inspection` answers it; the report and its PDF draw it.
import { z } from 'zod';
import { actionResult } from './answers.ts';
import { schedule } from './schedules.ts';
import { action, section } from './tasks.ts';

/** A section as the version keeps it: its place is its place in the list. */
export const versionSection = section.omit({ taskId: true, order: true });
export type VersionSection = z.infer<typeof versionSection>;

/** An action as the version keeps it: its place is its place in the list; tags are not part of it. */
export const versionAction = action.omit({ taskId: true, order: true, tags: true });
export type VersionAction = z.infer<typeof versionAction>;

/** A task's content as one version: its names, pass mark, sections and actions in order. */
export const taskVersionContent = z.object({
  nameEn: z.string().nullable(),
  nameAr: z.string().nullable(),
  passMark: z.number().nullable(),
  sections: z.array(versionSection),
  actions: z.array(versionAction),
});
export type TaskVersionContent = z.infer<typeof taskVersionContent>;

const pointsTotal = { achieved: z.number(), possible: z.number(), percent: z.number().nullable() };
export const inspectionScore = z.object({
  ...pointsTotal,
  sections: z.array(z.object({ sectionId: z.number().nullable(), ...pointsTotal })),
  passed: z.boolean().nullable(),
  failed: z.array(z.number()),
});

export const inspection = z.object({
  schedule,
  /** The task version the schedule was answered with; null before its first answer. */
  version: z.object({ id: z.number(), number: z.number(), content: taskVersionContent }).nullable(),
  /** The latest answer to each action, in the version's order; hidden actions have none. */
  answers: z.array(actionResult),
  /** Null when the version scores nothing or no counted answer came yet. */
  score: inspectionScore.nullable(),
});
export type Inspection = z.infer<typeof inspection>;
