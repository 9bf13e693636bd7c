// The account a business made by inviting an e-mail (invitations.service.ts) stands in for the
// person until they join: when someone holding the invitation's key accepts it with an account of
// their own, everything the business gave the stand-in passes to that account and the stand-in
// goes. It never signed in, so what it holds is only what the business gave it: its membership,
// its sites, plans and schedules with their figures, and tickets assigned to it.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/client.ts';

/**
 * Every column that names a user, by table, and whether the hand-over moves it. The list is
 * checked against the database's own (stand-in.test.ts), so a new column naming a user fails
 * that test until it is placed here.
 */
export const USER_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  business_members: ['user_id'],
  team_members: ['user_id'],
  invitations: ['user_id', 'invited_by'],
  execution_plans: ['user_id', 'creator_id'],
  schedules: ['user_id'],
  // Who asked, who covers and who decided a request to cover a schedule.
  cover_requests: ['requester_id', 'cover_id', 'decided_by'],
  // A copy of its schedule's member, for the averages of scores by member.
  schedule_scores: ['user_id'],
  removed_schedules: ['user_id'],
  held_answers: ['user_id'],
  // The member who answered, and the supervisor who ruled an unproven position counts (never a stand-in).
  action_results: ['user_id', 'overridden_by'],
  ticket_assignment_configs: ['user_id'],
  // The member a routing rule names, and the one a site's round robin gave the last ticket to
  // (the rule's own column is the turn as the previous release kept it).
  ticket_routing_rules: ['user_id', 'last_assignee_id'],
  ticket_round_robin_cursors: ['last_assignee_id'],
  tickets: ['agent_id', 'creator_id'],
  ticket_history: ['agent_id', 'old_agent_id', 'actor_id'],
  ticket_comments: ['creator_id'],
  ticket_attachments: ['creator_id'],
  tasks: ['creator_id'],
  task_templates: ['creator_id'],
  export_links: ['creator_id'],
  inspection_shares: ['creator_id'],
  notifications: ['user_id'],
  // Who started an import or made a kiosk (an admin, so never a stand-in; listed for completeness).
  imports: ['created_by'],
  kiosks: ['created_by'],
  // Sign-ins on a kiosk need an activated account; a stand-in has none, listed for completeness.
  kiosk_sign_ins: ['user_id'],
  // Who judged a photo in the review queue (a supervisor or an admin, never a stand-in; listed for completeness).
  photo_checks: ['reviewed_by'],
  // Who registered a webhook or made an API token (an admin, never a stand-in; listed for completeness).
  webhook_endpoints: ['created_by'],
  api_tokens: ['created_by'],
};

/** Arrays of user ids, by table: the stand-in's id is replaced in place (a routing rule's group). */
export const USER_ARRAY_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  ticket_routing_rules: ['member_ids'],
};

/**
 * Figures kept from the rows above by the database's triggers: moving a schedule moves its counts,
 * so what is left under the stand-in is zeros, removed with it.
 */
export const DERIVED_USER_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  report_schedules_by_member: ['user_id'],
  report_schedules_by_member_changes: ['user_id'],
  report_schedules_by_member_to_date: ['user_id'],
  report_scores_by_member: ['user_id'],
};

/** Columns naming a user that go with the stand-in's own sign-ins, never handed over. */
export const LEFT_WITH_ACCOUNT: Readonly<Record<string, readonly string[]>> = {
  sessions: ['user_id'],
  idempotency_keys: ['user_id'],
  // A person's own: their settings, devices and reset links; the e-mails sent to the stand-in's
  // address stay in the outbox as they were sent.
  notification_settings: ['user_id'],
  push_subscriptions: ['user_id'],
  password_resets: ['user_id'],
  mail_messages: ['user_id'],
  // The audit log is append-only: what names the stand-in (a refused sign-in with its username)
  // stays as it was, its actor id cleared when the stand-in is deleted, its name kept.
  events: ['actor_id'],
  // A person's sign-in methods: the provider accounts linked to theirs, their authenticator and
  // recovery codes, and the sign-ins under way.
  user_identities: ['user_id'],
  sso_sign_ins: ['link_user_id'],
  user_totp: ['user_id'],
  recovery_codes: ['user_id'],
  sign_in_challenges: ['user_id'],
};

/** The never-activated account the business created, locked; null for any other account. */
export async function lockStandIn(db: Db, businessId: number, userId: number) {
  const result = await db.execute(sql`select id from users where id = ${userId} and created_by_business_id = ${businessId} and not activated for update`);
  return rowsOf<{ id: number }>(result)[0]?.id ?? null;
}

/**
 * Gives `to` everything that names the stand-in `from`, then deletes the stand-in. `to` must not
 * be in the business: then no row of this business names it, and nothing can collide (a unique
 * violation, which the caller refuses, is left for what no one foresaw).
 */
export async function handOverStandIn(db: Db, from: number, to: number) {
  for (const [table, columns] of Object.entries(USER_COLUMNS)) {
    for (const column of columns) {
      await db.execute(sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = ${to} where ${sql.identifier(column)} = ${from}`);
    }
  }
  for (const [table, columns] of Object.entries(USER_ARRAY_COLUMNS)) {
    for (const column of columns) {
      const c = sql.identifier(column);
      await db.execute(sql`update ${sql.identifier(table)} set ${c} = array_replace(${c}, ${from}::bigint, ${to}::bigint) where ${from}::bigint = any(${c})`);
    }
  }
  for (const [table, columns] of Object.entries(DERIVED_USER_COLUMNS)) {
    for (const column of columns) await db.execute(sql`delete from ${sql.identifier(table)} where ${sql.identifier(column)} = ${from}`);
  }
  await db.execute(sql`delete from users where id = ${from}`);
}
