// Failed sign-ins, counted in the database per account and per client address so that every
// instance and a restart see them. An account locks after too many failures from anywhere (only
// that account: its owner's other ways in, and everyone else, are untouched) until the window
// ends or an admin unlocks it; an address is refused after more failures across accounts.
// A success clears that account's count only, so signing in to one's own account does not reset
// the count of the address.
import type { Db } from '../../db/client.ts';
import { addToCounters, clearCounters, readCounters, type Counter } from '../../lib/throttle.ts';

export interface LoginLimits {
  accountFailures: number;
  addressFailures: number;
  windowMs: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { accountFailures: 10, addressFailures: 30, windowMs: 15 * 60 * 1000 };

/** The account's key: its id when it exists, else the login typed (so unknown names lock alike). */
export const accountKey = (userId: number | null, login: string) => (userId ? `signin:user:${userId}` : `signin:login:${login}`);
const addressKey = (address: string) => `signin:address:${address}`;

export type LoginBlock = { kind: 'account' | 'address'; until: Date } | null;

export function createLoginLimiter(db: Db, limits: LoginLimits = DEFAULT_LOGIN_LIMITS) {
  const blocked = (counter: Counter | undefined, max: number) => (counter && counter.count >= max ? counter.resetAt : null);
  return {
    /** Whether the account or the address is refused now, and until when. */
    async check(account: string, address: string): Promise<LoginBlock> {
      const counters = await readCounters(db, [account, addressKey(address)]);
      const accountUntil = blocked(counters.get(account), limits.accountFailures);
      if (accountUntil) return { kind: 'account', until: accountUntil };
      const addressUntil = blocked(counters.get(addressKey(address)), limits.addressFailures);
      return addressUntil ? { kind: 'address', until: addressUntil } : null;
    },
    async fail(account: string, address: string) {
      await addToCounters(
        db,
        new Map([
          [account, 1],
          [addressKey(address), 1],
        ]),
        limits.windowMs,
      );
    },
    succeed: (account: string) => clearCounters(db, [account]),
  };
}
export type LoginLimiter = ReturnType<typeof createLoginLimiter>;

/** The lock of one account, for its admins: locked until when, or not. */
export async function accountLock(db: Db, userId: number, limits: LoginLimits = DEFAULT_LOGIN_LIMITS) {
  const counter = (await readCounters(db, [accountKey(userId, '')])).get(accountKey(userId, ''));
  return counter && counter.count >= limits.accountFailures ? counter.resetAt : null;
}

export const unlockAccount = (db: Db, userId: number) => clearCounters(db, [accountKey(userId, '')]);
