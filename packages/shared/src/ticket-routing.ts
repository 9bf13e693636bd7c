// Routing rules of a business's helpdesk: an ordered list; the first rule whose conditions all
// hold for a new ticket without an assignee (null: any) and whose strategy yields someone
// assigns it. MEMBER gives it to one member; ROUND_ROBIN to the supervisors of a site (the
// ticket's own when none is named) in turn; FEWEST_OPEN to whoever of a group (the supervisors
// of a site or of a project's sites, or a list of members; the ticket's site when none is named)
// has the fewest open tickets.
import { z } from 'zod';
import { ROUTING_STRATEGIES, TICKET_PRIORITIES, TICKET_SOURCES } from './enums.ts';
import { id } from './common.ts';
import { MSG, maxMessage } from './messages.ts';

export const MAX_ROUTING_RULES = 50;
export const MAX_ROUTING_MEMBERS = 50;

const optionalId = id.nullish().transform((v) => v ?? null);

export const routingRuleRequest = z
  .object({
    /** Null: tickets from any source. */
    source: z
      .enum(TICKET_SOURCES)
      .nullish()
      .transform((v) => v ?? null),
    categoryId: optionalId,
    projectId: optionalId,
    /** The ticket's site. */
    teamId: optionalId,
    priority: z
      .enum(TICKET_PRIORITIES)
      .nullish()
      .transform((v) => v ?? null),
    strategy: z.enum(ROUTING_STRATEGIES),
    /** MEMBER: who receives the tickets. */
    userId: optionalId,
    /** ROUND_ROBIN and FEWEST_OPEN: the site whose supervisors take them (null: the ticket's site). */
    targetTeamId: optionalId,
    /** FEWEST_OPEN: the project whose sites' supervisors take them. */
    targetProjectId: optionalId,
    /** FEWEST_OPEN: the members who take them. */
    memberIds: z
      .array(id)
      .max(MAX_ROUTING_MEMBERS, maxMessage(MAX_ROUTING_MEMBERS))
      .nullish()
      .transform((v) => [...new Set(v ?? [])]),
  })
  .superRefine((rule, ctx) => {
    if (rule.strategy === 'MEMBER' && rule.userId === null) ctx.addIssue({ code: 'custom', path: ['userId'], message: MSG.required });
    if (rule.strategy === 'FEWEST_OPEN') {
      const targets = [rule.targetTeamId !== null, rule.targetProjectId !== null, rule.memberIds.length > 0].filter(Boolean).length;
      if (targets > 1) ctx.addIssue({ code: 'custom', path: ['targetProjectId'], message: MSG.invalid });
    }
  });
export type RoutingRuleRequest = z.input<typeof routingRuleRequest>;
export type RoutingRuleInput = z.output<typeof routingRuleRequest>;

/** `PUT /v1/ticket-routing-rules`: the whole ordered list, the first rule first. */
export const routingRulesRequest = z.object({
  rules: z.array(routingRuleRequest).max(MAX_ROUTING_RULES, maxMessage(MAX_ROUTING_RULES)),
});
export type RoutingRulesRequest = z.input<typeof routingRulesRequest>;

export const routingRule = z.object({
  id: z.number(),
  position: z.number(),
  source: z.enum(TICKET_SOURCES).nullable(),
  categoryId: z.number().nullable(),
  projectId: z.number().nullable(),
  teamId: z.number().nullable(),
  priority: z.enum(TICKET_PRIORITIES).nullable(),
  strategy: z.enum(ROUTING_STRATEGIES),
  userId: z.number().nullable(),
  targetTeamId: z.number().nullable(),
  targetProjectId: z.number().nullable(),
  memberIds: z.array(z.number()),
});
export type RoutingRule = z.infer<typeof routingRule>;

/** The ticket a rule's conditions are judged against. */
export interface RoutedTicket {
  source: (typeof TICKET_SOURCES)[number];
  categoryId: number | null;
  projectId: number | null;
  teamId: number | null;
  priority: (typeof TICKET_PRIORITIES)[number];
}

/** Whether every condition of the rule holds for the ticket (a null condition holds for any). */
export function routingRuleMatches(rule: Pick<RoutingRule, 'source' | 'categoryId' | 'projectId' | 'teamId' | 'priority'>, ticket: RoutedTicket) {
  return (
    (rule.source === null || rule.source === ticket.source) &&
    (rule.categoryId === null || rule.categoryId === ticket.categoryId) &&
    (rule.projectId === null || rule.projectId === ticket.projectId) &&
    (rule.teamId === null || rule.teamId === ticket.teamId) &&
    (rule.priority === null || rule.priority === ticket.priority)
  );
}
