// The demo business created on the first start of a new embedded data directory, so there is
// something to explore: sign in as demo / demo1234.
import { count, eq } from 'drizzle-orm';
import { must } from '@fieldops/shared/must';
import type { Db } from '../db/client.ts';
import { businessMembers, industries, lookups, projects, teamMembers, teams, users } from '../db/schema.ts';
import { hashPassword } from '../lib/password.ts';
import { hashKey, randomKey } from '../lib/tokens.ts';
import { createBusinessFor } from '../modules/main/onboarding/onboarding.service.ts';
import type { Storage } from '../plugins/storage.ts';
import { seedDemoSchedules } from './demo-schedules.ts';
import { seedDemoTasks } from './demo-tasks.ts';
import { seedDemoTickets } from './demo-tickets.ts';

export const DEMO_USERNAME = 'demo';
export const DEMO_PASSWORD = 'demo1234';

const PEOPLE = [
  { username: 'sara.ali', fullName: 'Sara Ali', position: 'Site supervisor' },
  { username: 'omar.haddad', fullName: 'Omar Haddad', position: 'Cleaner' },
  { username: 'lina.mansour', fullName: 'Lina Mansour', position: 'Security guard' },
  { username: 'yousef.nasser', fullName: 'Yousef Nasser', position: 'Technician' },
  { username: 'huda.saleh', fullName: 'هدى صالح', position: 'Auditor' },
  { username: 'khaled.omar', fullName: 'خالد عمر', position: 'Security guard' },
];

/**
 * Creates the demo business unless the database already has users. Returns whether it did.
 * Its ticket and answer photos go to `storage`.
 */
export async function seedDemo(db: Db, storage: Storage): Promise<boolean> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(users);
  if (n > 0) return false;

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const [ownerRow] = await db
    .insert(users)
    .values({ username: DEMO_USERNAME, email: 'demo@example.com', fullName: 'Demo Owner', passwordHash, activated: true })
    .returning();
  const owner = must(ownerRow, 'an insert returns its row');
  const [industry] = await db.select().from(industries).where(eq(industries.code, 'facility'));
  const business = await createBusinessFor(db, owner.id, {
    name: 'Noor Facility Services',
    colour: '#0c8599',
    timeZone: 'Asia/Riyadh',
    industryId: industry?.id,
  });
  const businessId = business.id;
  const types = await db.select().from(lookups).where(eq(lookups.businessId, businessId));
  const typeId = (nameEn: string) => types.find((t) => t.nameEn === nameEn)?.id ?? null;

  const projectRows = await db
    .insert(projects)
    .values([
      { businessId, name: 'Downtown Towers', website: 'https://towers.example.com', typeId: typeId('Cleaning') },
      { businessId, name: 'Harbour Mall', website: 'https://mall.example.com', typeId: typeId('Security') },
      { businessId, name: 'City Clinics', typeId: typeId('Maintenance') },
    ])
    .returning();
  const projectAt = (index: number) => must(projectRows[index], 'an insert returns a row per value');
  const [towers, mall, clinics] = [projectAt(0), projectAt(1), projectAt(2)];
  const sites = await db
    .insert(teams)
    .values([
      { businessId, projectId: towers.id, name: 'Tower A', latitude: 24.7136, longitude: 46.6753, typeId: typeId('Office'), externalId: 'TWR-A' },
      { businessId, projectId: towers.id, name: 'Tower B', latitude: 24.7142, longitude: 46.6761, typeId: typeId('Office'), externalId: 'TWR-B' },
      { businessId, projectId: mall.id, name: 'Mall North Gate', latitude: 24.7743, longitude: 46.7386, typeId: typeId('Store') },
      { businessId, projectId: mall.id, name: 'Mall Parking', latitude: 24.7751, longitude: 46.7392, radius: 350, typeId: typeId('Store') },
      { businessId, projectId: clinics.id, name: 'Olaya Clinic', latitude: 24.6948, longitude: 46.6855, typeId: typeId('Office') },
    ])
    .returning();

  const people = await db
    .insert(users)
    .values(
      PEOPLE.map((p, i) => ({
        username: p.username,
        email: `${p.username}@example.com`,
        fullName: p.fullName,
        passwordHash,
        // The demo business made these accounts; the last person is still waiting to activate theirs.
        createdByBusinessId: businessId,
        activated: i < PEOPLE.length - 1,
        // Sign-in by e-mail for the demo's active people; the pending one's account claims nothing yet.
        emailClaimed: i < PEOPLE.length - 1,
        activationKey: i < PEOPLE.length - 1 ? null : hashKey(randomKey()),
        activationExpiresAt: i < PEOPLE.length - 1 ? null : new Date(Date.now() + 7 * 24 * 60 * 60 * 1000),
      })),
    )
    .returning();
  const personAt = (index: number) => must(PEOPLE[index], `the demo has a person #${index}`);
  const userAt = (index: number) => must(people[index], 'an insert returns a row per value');
  const siteAt = (index: number) => must(sites[index], 'an insert returns a row per value');
  await db
    .insert(businessMembers)
    .values(people.map((u, i) => ({ businessId, userId: u.id, role: i === 0 ? ('ADMIN' as const) : ('MEMBER' as const), position: personAt(i).position })));
  const placements: [number, number, 'SUPERVISOR' | 'MEMBER'][] = [
    [0, 0, 'SUPERVISOR'],
    [0, 1, 'SUPERVISOR'],
    [1, 0, 'MEMBER'],
    [1, 1, 'MEMBER'],
    [2, 2, 'MEMBER'],
    [2, 3, 'MEMBER'],
    [3, 4, 'MEMBER'],
    [4, 2, 'MEMBER'],
    [5, 3, 'MEMBER'],
  ];
  await db.insert(teamMembers).values(
    placements.map(([person, site, authority]) => ({
      businessId,
      teamId: siteAt(site).id,
      userId: userAt(person).id,
      authority,
      position: personAt(person).position,
    })),
  );
  await seedDemoTasks(db, businessId, owner.id);
  const demoPeople = { owner: owner.id, sara: userAt(0).id, omar: userAt(1).id, lina: userAt(2).id, yousef: userAt(3).id, huda: userAt(4).id };
  await seedDemoTickets(db, storage, { businessId, people: demoPeople, sites });
  await seedDemoSchedules(db, storage, { businessId, people: demoPeople, sites });
  return true;
}
