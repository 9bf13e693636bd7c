// What the report benchmarks need to know of a business the generator made (lib/report-data.ts),
// read back from the database: its ids, its users and how much it holds. A kept benchmark
// database is measured again from this, without generating.
import { sql, type SQL } from 'drizzle-orm';
import { must } from '@fieldops/shared/must';
import type { Db } from '../../apps/server/src/db/client.ts';

export interface GeneratedBusiness {
  businessId: number;
  apiKey: string;
  timeZone: string;
  ownerUsername: string;
  ownerId: number;
  /** Supervises the first site. */
  supervisorUsername: string;
  supervisorId: number;
  /** A plain member of the first site. */
  memberUsername: string;
  memberId: number;
  projectIds: number[];
  teamIds: number[];
  userIds: number[];
  taskIds: number[];
  tagIds: number[];
  actionIds: number[];
  counts: { projects: number; sites: number; members: number; tasks: number; actions: number; plans: number; schedules: number; answers: number };
}

export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const ids = async (db: Db, query: SQL) => rowsOf<{ id: string | number }>(await db.execute(query)).map((r) => Number(r.id));
const countOf = async (db: Db, table: string, businessId: number) =>
  Number(
    must(
      rowsOf<{ n: string | number }>(await db.execute(sql`select count(*) as n from ${sql.identifier(table)} where business_id = ${businessId}`))[0],
      'a count answers one row',
    ).n,
  );

/** What the benchmarks need to know of a business made by this generator, read back from the database. */
export async function describeBusiness(db: Db, prefix: string): Promise<GeneratedBusiness> {
  const [owner] = rowsOf<{ id: string | number; business_id: string | number; api_key: string; time_zone: string }>(
    await db.execute(sql`
    select u.id, b.id as business_id, b.api_key, b.time_zone
    from users u join business_members m on m.user_id = u.id join businesses b on b.id = m.business_id
    where u.username = ${`${prefix}.owner`} order by b.id limit 1`),
  );
  if (!owner) throw new Error(`no business of ${prefix}.owner in this database`);
  const b = Number(owner.business_id);
  const [supervisor] = rowsOf<{ id: string | number; username: string }>(
    await db.execute(sql`
    select u.id, u.username from team_members m join users u on u.id = m.user_id
    where m.business_id = ${b} and m.authority = 'SUPERVISOR' order by m.team_id, u.id limit 1`),
  );
  const [member] = rowsOf<{ id: string | number; username: string }>(
    await db.execute(sql`
    select u.id, u.username from team_members m join users u on u.id = m.user_id join business_members bm on bm.user_id = u.id and bm.business_id = m.business_id
    where m.business_id = ${b} and m.authority = 'MEMBER' and bm.role = 'MEMBER' order by m.team_id, u.id limit 1`),
  );
  if (!supervisor || !member) throw new Error(`no supervisor and member in the business of ${prefix}.owner`);
  return {
    businessId: b,
    apiKey: owner.api_key,
    timeZone: owner.time_zone,
    ownerUsername: `${prefix}.owner`,
    ownerId: Number(owner.id),
    supervisorUsername: supervisor.username,
    supervisorId: Number(supervisor.id),
    memberUsername: member.username,
    memberId: Number(member.id),
    projectIds: await ids(db, sql`select id from projects where business_id = ${b} order by id limit 5`),
    teamIds: await ids(db, sql`select id from teams where business_id = ${b} order by id limit 5`),
    userIds: await ids(db, sql`select user_id as id from team_members where business_id = ${b} order by team_id, user_id limit 5`),
    taskIds: await ids(db, sql`select id from tasks where business_id = ${b} order by id limit 5`),
    tagIds: await ids(db, sql`select id from tags where business_id = ${b} order by id`),
    actionIds: await ids(db, sql`select id from actions where business_id = ${b} order by id limit 5`),
    counts: {
      projects: await countOf(db, 'projects', b),
      sites: await countOf(db, 'teams', b),
      members: await countOf(db, 'team_members', b),
      tasks: await countOf(db, 'tasks', b),
      actions: await countOf(db, 'actions', b),
      plans: await countOf(db, 'execution_plans', b),
      schedules: await countOf(db, 'schedules', b),
      answers: await countOf(db, 'action_results', b),
    },
  };
}
