// SLA policies of a business's helpdesk: rules that give a ticket its targets, the working time
// (business-calendar.ts) allowed to its first response and to its resolution, by its priority and
// category. A rule may leave either open (any priority, any category); the most specific rule
// that matches a ticket applies.
import { z } from 'zod';
import { TICKET_PRIORITIES, type TicketPriority } from './enums.ts';
import { id } from './common.ts';
import { MSG, maxMessage, minMessage } from './messages.ts';

/** Targets of up to a year of working minutes (a year of 24-hour days). */
export const MAX_SLA_MINUTES = 366 * 24 * 60;
export const MAX_SLA_RULES = 100;
/** The share of a target used at which the assignee is warned, as the editor proposes it for a new rule. */
export const DEFAULT_SLA_WARN_PERCENT = 80;

const target = z
  .number()
  .int(MSG.invalid)
  .min(1, minMessage(1))
  .max(MAX_SLA_MINUTES, maxMessage(MAX_SLA_MINUTES))
  .nullish()
  .transform((v) => v ?? null);

export const slaRuleRequest = z
  .object({
    /** Null: tickets of any priority. */
    priority: z
      .enum(TICKET_PRIORITIES)
      .nullish()
      .transform((v) => v ?? null),
    /** Null: tickets of any category, or none. */
    categoryId: id.nullish().transform((v) => v ?? null),
    /** Working minutes from creation to the first response; null sets no target. */
    firstResponseMinutes: target,
    /** Working minutes from creation to resolution, on hold not counted; null sets no target. */
    resolutionMinutes: target,
    /** The share of each target used (1 .. 99 %) at which the assignee is warned; null: no warning. */
    warnPercent: z
      .number()
      .int(MSG.invalid)
      .min(1, minMessage(1))
      .max(99, maxMessage(99))
      .nullish()
      .transform((v) => v ?? null),
    /** The priority a breached ticket is raised to, when it is lower; null: left as it is. */
    raisePriorityTo: z
      .enum(TICKET_PRIORITIES)
      .nullish()
      .transform((v) => v ?? null),
  })
  .superRefine((rule, ctx) => {
    if (rule.firstResponseMinutes === null && rule.resolutionMinutes === null) {
      ctx.addIssue({ code: 'custom', path: ['resolutionMinutes'], message: MSG.slaTargetRequired });
    }
  });
export type SlaRuleRequest = z.input<typeof slaRuleRequest>;

/** `PUT /v1/sla-policies`: the whole set of rules, one at most for each priority and category. */
export const slaPoliciesRequest = z.object({
  rules: z
    .array(slaRuleRequest)
    .max(MAX_SLA_RULES, maxMessage(MAX_SLA_RULES))
    .superRefine((rules, ctx) => {
      const seen = new Set<string>();
      rules.forEach((rule, i) => {
        const key = `${rule.priority ?? '*'}|${rule.categoryId ?? '*'}`;
        if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'priority'], message: MSG.slaRuleDuplicate });
        seen.add(key);
      });
    }),
});
export type SlaPoliciesRequest = z.input<typeof slaPoliciesRequest>;

export const slaRule = z.object({
  id: z.number(),
  priority: z.enum(TICKET_PRIORITIES).nullable(),
  categoryId: z.number().nullable(),
  firstResponseMinutes: z.number().nullable(),
  resolutionMinutes: z.number().nullable(),
  warnPercent: z.number().nullable(),
  raisePriorityTo: z.enum(TICKET_PRIORITIES).nullable(),
});
export type SlaRule = z.infer<typeof slaRule>;

type Targets = Pick<SlaRule, 'priority' | 'categoryId' | 'firstResponseMinutes' | 'resolutionMinutes'>;

/**
 * The rule for a ticket: one naming both its priority and its category first, then its category,
 * then its priority, then the rule for any ticket. Null when none matches.
 */
export function slaRuleFor<R extends Targets>(rules: ReadonlyArray<R>, ticket: { priority: TicketPriority; categoryId: number | null }): R | null {
  const rank = (rule: R) => {
    if (rule.priority !== null && rule.priority !== ticket.priority) return -1;
    if (rule.categoryId !== null && rule.categoryId !== ticket.categoryId) return -1;
    return (rule.categoryId !== null ? 2 : 0) + (rule.priority !== null ? 1 : 0);
  };
  let best: R | null = null;
  let bestRank = -1;
  for (const rule of rules) {
    const r = rank(rule);
    if (r > bestRank) [best, bestRank] = [rule, r];
  }
  return best;
}

/** Whether `to` is a higher priority than `from` (URGENT highest, NO_PRIORITY lowest). */
export const isHigherPriority = (to: TicketPriority, from: TicketPriority): boolean => TICKET_PRIORITIES.indexOf(to) > TICKET_PRIORITIES.indexOf(from);

// Where a ticket stands against its due time, without the schema library: the ticket board reads it.
export { SLA_DUE_SOON_MS, SLA_STATES, slaStateOf, type SlaState } from './sla-state.ts';
