// Registration of a new user, then the business they own. Each step is one transaction, so a
// failure leaves nothing half-made; a user whose business step failed signs in and retries it.
import type { FastifyInstance } from 'fastify';
import type { OnboardingBusinessRequest, RegisterRequest } from '@fieldops/shared/account';
import { DEFAULT_TICKET_CATEGORIES } from '@fieldops/shared/helpdesk';
import { MSG } from '@fieldops/shared/messages';
import type { Db } from '../../../db/client.ts';
import { conflict, forbidden } from '../../../lib/errors.ts';
import { hashNewPassword } from '../../../lib/password.ts';
import { randomKey } from '../../../lib/tokens.ts';
import { takenIdentity } from '../account/account.service.ts';
import { requireIndustry, toBusiness } from '../businesses/businesses.service.ts';
import { countBusinessesOf, insertBusiness, insertBusinessDefaults, insertRegisteredUser } from './onboarding.repository.ts';

export async function registerUser(app: FastifyInstance, body: Required<RegisterRequest>) {
  const taken = await takenIdentity(app.db, { username: body.username, email: body.email });
  if (taken) {
    const message = taken === 'username' ? MSG.usernameTaken : MSG.emailTaken;
    throw conflict(message, [{ field: taken, message }]);
  }
  const user = await insertRegisteredUser(app.db, {
    username: body.username,
    email: body.email,
    fullName: body.fullName,
    passwordHash: await hashNewPassword(body.password, 'password'),
  });
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
  if (body.industryId) await requireIndustry(db, Number(body.industryId));
  return db.transaction(async (tx) => {
    const business = await insertBusiness(tx, {
      name: body.name,
      colour: body.colour ?? '#1c7ed6',
      timeZone: body.timeZone ?? 'UTC',
      industryId: body.industryId ? Number(body.industryId) : null,
      apiKey: randomKey(),
    });
    await insertBusinessDefaults(tx, business.id, ownerId, { lookups: DEFAULT_LOOKUPS, categories: DEFAULT_TICKET_CATEGORIES });
    return toBusiness(business, 'OWNER');
  });
}

export async function onboardBusiness(app: FastifyInstance, callerId: number, userId: number, body: OnboardingBusinessRequest) {
  if (callerId !== userId) throw forbidden();
  if ((await countBusinessesOf(app.db, userId)) > 0) throw conflict(MSG.alreadyHasBusiness);
  return createBusinessFor(app.db, userId, body);
}
