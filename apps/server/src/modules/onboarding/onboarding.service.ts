// Registration of a new user, then the business they own. Each step is one transaction, so a
// failure leaves nothing half-made; a user whose business step failed signs in and retries it.
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { OnboardingBusinessRequest, RegisterRequest } from '@fieldops/shared/account';
import { DEFAULT_TICKET_CATEGORIES } from '@fieldops/shared/helpdesk';
import { MSG } from '@fieldops/shared/messages';
import type { Db } from '../../db/client.ts';
import { businessMembers, businesses, industries, lookups, users } from '../../db/schema.ts';
import { ticketCategories } from '../../db/schema-helpdesk.ts';
import { conflict, fieldError, forbidden } from '../../lib/errors.ts';
import { hashNewPassword } from '../../lib/password.ts';
import { randomKey } from '../../lib/tokens.ts';
import { findTakenIdentity } from '../account/account.repository.ts';
import { toBusiness } from '../businesses/businesses.repository.ts';

export async function registerUser(app: FastifyInstance, body: Required<RegisterRequest>) {
  const taken = await findTakenIdentity(app.db, { username: body.username, email: body.email });
  if (taken) {
    const message = taken === 'username' ? MSG.usernameTaken : MSG.emailTaken;
    throw conflict(message, [{ field: taken, message }]);
  }
  const [user] = await app.db
    .insert(users)
    .values({
      username: body.username,
      email: body.email,
      fullName: body.fullName,
      passwordHash: await hashNewPassword(body.password, 'password'),
      activated: true,
    })
    .onConflictDoNothing()
    .returning({ id: users.id, username: users.username, email: users.email });
  // Two registrations racing for one name: the unique index decides, the loser gets a 409.
  if (!user) throw conflict(MSG.usernameTaken, [{ field: 'username', message: MSG.usernameTaken }]);
  return user;
}

export const DEFAULT_LOOKUPS = [
  { kind: 'PROJECT_TYPE', nameEn: 'Cleaning', nameAr: 'تنظيف' },
  { kind: 'PROJECT_TYPE', nameEn: 'Security', nameAr: 'أمن وحراسة' },
  { kind: 'PROJECT_TYPE', nameEn: 'Maintenance', nameAr: 'صيانة' },
  { kind: 'PROJECT_TYPE', nameEn: 'Retail audit', nameAr: 'تدقيق متاجر' },
  { kind: 'TEAM_TYPE', nameEn: 'Office', nameAr: 'مكتب' },
  { kind: 'TEAM_TYPE', nameEn: 'Store', nameAr: 'متجر' },
  { kind: 'TEAM_TYPE', nameEn: 'Warehouse', nameAr: 'مستودع' },
  { kind: 'TEAM_TYPE', nameEn: 'Residential', nameAr: 'سكني' },
] as const;

/** Creates a business, its owner membership, its default lookups and ticket categories in one transaction. */
export async function createBusinessFor(db: Db, ownerId: number, body: OnboardingBusinessRequest) {
  if (body.industryId) {
    const [industry] = await db.select({ id: industries.id }).from(industries).where(eq(industries.id, Number(body.industryId)));
    if (!industry) throw fieldError('industryId', MSG.industryNotFound);
  }
  return db.transaction(async (tx) => {
    const [business] = await tx
      .insert(businesses)
      .values({
        name: body.name,
        colour: body.colour ?? '#1c7ed6',
        timeZone: body.timeZone ?? 'UTC',
        industryId: body.industryId ? Number(body.industryId) : null,
        apiKey: randomKey(),
      })
      .returning();
    await tx.insert(businessMembers).values({ businessId: business.id, userId: ownerId, role: 'OWNER', defaultBusiness: true });
    await tx.insert(lookups).values(DEFAULT_LOOKUPS.map((l) => ({ ...l, businessId: business.id })));
    await tx.insert(ticketCategories).values(DEFAULT_TICKET_CATEGORIES.map((c) => ({ ...c, businessId: business.id })));
    return toBusiness(business, 'OWNER');
  });
}

export async function onboardBusiness(app: FastifyInstance, callerId: number, userId: number, body: OnboardingBusinessRequest) {
  if (callerId !== userId) throw forbidden();
  const [{ n }] = await app.db.select({ n: count() }).from(businessMembers).where(eq(businessMembers.userId, userId));
  if (n > 0) throw conflict(MSG.alreadyHasBusiness);
  return createBusinessFor(app.db, userId, body);
}
