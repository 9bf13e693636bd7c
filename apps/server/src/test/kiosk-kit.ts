// Kiosks in a line or two for tests: one made and enrolled for a site through the API, the
// tablet's own calls with its device token, and a member signed in on it as a Caller.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { CreatedKiosk, EnrolKioskResponse, KioskSignInResponse } from '@fieldops/shared/kiosks';
import { businessMembers } from '../db/schema.ts';
import { hashPassword } from '../lib/password.ts';
import type { Caller } from './factories.ts';

export const KIOSKS = '/api/v1/kiosks';
export const DEVICE = '/api/v1/kiosk';
export const PIN = '4826';

export interface EnrolledKiosk {
  id: number;
  token: string;
  /** A call of the tablet itself, with its device token. */
  device(options: InjectOptions): Promise<LightMyRequestResponse>;
}

export async function createKiosk(owner: Caller, teamId: number, name = 'Gate tablet') {
  const res = await owner.request({ method: 'POST', url: KIOSKS, payload: { teamId, name } });
  if (res.statusCode !== 201) throw new Error(`kiosk creation failed: ${res.statusCode} ${res.body}`);
  return res.json<CreatedKiosk>();
}

export function deviceOf(app: FastifyInstance, id: number, token: string): EnrolledKiosk {
  return { id, token, device: (options) => app.inject({ ...options, headers: { 'x-kiosk-token': token, ...options.headers } }) };
}

export async function enrolledKiosk(app: FastifyInstance, owner: Caller, teamId: number, name?: string): Promise<EnrolledKiosk> {
  const { kiosk, enrolmentCode } = await createKiosk(owner, teamId, name);
  const res = await app.inject({ method: 'POST', url: `${DEVICE}/enrol`, payload: { code: enrolmentCode } });
  if (res.statusCode !== 200) throw new Error(`enrolment failed: ${res.statusCode} ${res.body}`);
  return deviceOf(app, kiosk.id, res.json<EnrolKioskResponse>().token);
}

let pinHash: Promise<string> | null = null;
/** Gives members the PIN `PIN` straight in the database (one hash for all: argon2 is slow on purpose). */
export async function givePin(app: FastifyInstance, owner: Caller, ...userIds: number[]) {
  const hash = await (pinHash ??= hashPassword(PIN));
  for (const userId of userIds) {
    await app.db
      .update(businessMembers)
      .set({ kioskPinHash: hash })
      .where(and(eq(businessMembers.businessId, owner.business.id), eq(businessMembers.userId, userId)));
  }
}

export const signInOn = (kiosk: EnrolledKiosk, userId: number, pin = PIN) =>
  kiosk.device({ method: 'POST', url: `${DEVICE}/sign-in`, payload: { userId, pin } });

/** The member signed in on the kiosk, as a Caller whose calls carry the session's token and the device's. */
export async function onKiosk(app: FastifyInstance, kiosk: EnrolledKiosk, member: Caller, pin = PIN): Promise<Caller & { expiresAt: string }> {
  const res = await signInOn(kiosk, member.userId, pin);
  if (res.statusCode !== 200) throw new Error(`kiosk sign-in failed: ${res.statusCode} ${res.body}`);
  const { id_token: token, expiresAt } = res.json<KioskSignInResponse>();
  return {
    ...member,
    token,
    expiresAt,
    request: (options) => app.inject({ ...options, headers: { authorization: `Bearer ${token}`, 'x-kiosk-token': kiosk.token, ...options.headers } }),
  };
}
