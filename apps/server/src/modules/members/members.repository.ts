// Members as seen inside one business: the user, their business role and their sites.
// A page of members costs two queries whatever its size.
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Member } from '@fieldops/shared/account';
import type { Db } from '../../db/client.ts';
import { businessMembers, teamMembers, teams, users } from '../../db/schema.ts';

export interface MemberFilter {
  userIds?: number[];
  searchKey?: string;
  teamIds?: number[];
  projectIds?: number[];
}

const columns = {
  userId: users.id,
  fullName: users.fullName,
  username: users.username,
  email: users.email,
  activated: users.activated,
  phone: users.phone,
  countryCode: users.countryCode,
  bio: users.bio,
  avatar: users.avatar,
  role: businessMembers.role,
  position: businessMembers.position,
  businessId: businessMembers.businessId,
};

const selectRows = (db: Db) =>
  db.select(columns).from(businessMembers).innerJoin(users, eq(users.id, businessMembers.userId)).$dynamic();

function whereOf(db: Db, businessId: number, filter: MemberFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(businessMembers.businessId, businessId)];
  if (filter.userIds) conditions.push(inArray(users.id, filter.userIds));
  if (filter.searchKey) {
    const like = `%${filter.searchKey.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(users.fullName, like), ilike(users.username, like), ilike(users.email, like)));
  }
  if (filter.teamIds || filter.projectIds) {
    const inTeams = filter.teamIds ? inArray(teamMembers.teamId, filter.teamIds) : undefined;
    const inProjects = filter.projectIds ? inArray(teams.projectId, filter.projectIds) : undefined;
    conditions.push(
      inArray(
        users.id,
        // A sub-select keeps one row per member when they sit in several matching sites.
        db.select({ id: teamMembers.userId }).from(teamMembers)
          .innerJoin(teams, eq(teams.id, teamMembers.teamId))
          .where(and(eq(teamMembers.businessId, businessId), inTeams, inProjects)),
      ),
    );
  }
  return and(...conditions);
}

export async function findMembers(
  db: Db,
  businessId: number,
  filter: MemberFilter,
  page: { page: number; size: number; sort?: 'name' | 'id'; dir?: 'asc' | 'desc' },
): Promise<{ items: Member[]; total: number }> {
  const where = whereOf(db, businessId, filter);
  const order = page.sort === 'name' ? users.fullName : users.id;
  const [rows, [{ total }]] = await Promise.all([
    selectRows(db)
      .where(where)
      .orderBy(page.dir === 'desc' ? desc(order) : asc(order), asc(users.id))
      .limit(page.size)
      .offset(page.page * page.size),
    db
      .select({ total: count() })
      .from(businessMembers)
      .innerJoin(users, eq(users.id, businessMembers.userId))
      .where(where),
  ]);
  return { items: await withTeams(db, businessId, rows), total };
}

export async function findMember(db: Db, businessId: number, userId: number): Promise<Member | null> {
  const { items } = await findMembers(db, businessId, { userIds: [userId] }, { page: 0, size: 1 });
  return items[0] ?? null;
}

async function withTeams(
  db: Db,
  businessId: number,
  rows: Awaited<ReturnType<typeof selectRows>>,
): Promise<Member[]> {
  const ids = rows.map((r) => r.userId);
  const memberships = ids.length
    ? await db
        .select({
          userId: teamMembers.userId,
          id: teams.id,
          name: teams.name,
          authority: teamMembers.authority,
          position: teamMembers.position,
        })
        .from(teamMembers)
        .innerJoin(teams, eq(teams.id, teamMembers.teamId))
        .where(and(eq(teamMembers.businessId, businessId), inArray(teamMembers.userId, ids)))
        .orderBy(asc(teams.name))
    : [];
  return rows.map((r) => ({
    userId: r.userId,
    name: r.fullName,
    fullName: r.fullName,
    username: r.username,
    email: r.email,
    authority: r.role,
    position: r.position,
    status: r.activated ? 'ACTIVE' : 'INACTIVE',
    active: r.activated,
    phone: r.phone,
    countryCode: r.countryCode,
    bio: r.bio,
    avatar: r.avatar,
    imageUrl: r.avatar,
    businessId: r.businessId,
    teams: memberships
      .filter((m) => m.userId === r.userId)
      .map(({ id, name, authority, position }) => ({ id, name, authority, position })),
  }));
}
