// Password guesses, and two-factor codes (guesses too), counted in the database so that every
// instance and a restart see them. Each attempt reserves its place in the counters in one statement
// *before* the password is checked, so a wave of guesses sent at once is held to the limits exactly
// as the same guesses one by one.
//
// The rules (docs/SECURITY.md says why):
// - one account from one address: 10 attempts in 15 minutes, then that address is refused for
//   that account until the window ends;
// - one address across accounts: 30 failures in 15 minutes, then the address is refused;
// - one account from everywhere: after 10 attempts in 15 minutes the account is slowed, not
//   locked: from addresses it has not signed in from lately, one attempt every 30 seconds between
//   them all; from an address it signed in from in the last 30 days, no slower than before. So a
//   stranger's guesses never shut the right password out at its owner's usual address.
// A success gives back its own reservation and forgets that address's failures for the account.
import type { Db } from '../db/client.ts';
import { addToCounters, clearCounters, readCounters, type Counter } from './throttle.ts';

export interface LoginLimits {
  pairAttempts: number;
  addressFailures: number;
  accountAttempts: number;
  windowMs: number;
  /** While an account is slowed, one attempt from an unfamiliar address per this long. */
  slowIntervalMs: number;
  /** How long an address where the account signed in stays familiar. */
  familiarMs: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  pairAttempts: 10,
  addressFailures: 30,
  accountAttempts: 10,
  windowMs: 15 * 60 * 1000,
  slowIntervalMs: 30 * 1000,
  familiarMs: 30 * 24 * 60 * 60 * 1000,
};

/** The account's key: its id when it exists, else the login typed (so unknown names are limited alike). */
export const accountKey = (userId: number | null, login: string) => (userId ? `signin:user:${userId}` : `signin:login:${login}`);
const pairKey = (account: string, address: string) => `${account}:from:${address}`;
const addressKey = (address: string) => `signin:address:${address}`;
const slowKey = (account: string) => `${account}:slow`;
const familiarKey = (account: string, address: string) => `${account}:familiar:${address}`;

/** Why an attempt is refused: the address (for this account or for all), or the account is slowed. */
export type LoginRefusal = { kind: 'address' | 'slowed'; until: Date };

/** An attempt that holds its place in the counters; `settle` it once the password is checked. */
export interface LoginAttempt {
  refused: LoginRefusal | null;
  settle(ok: boolean): Promise<void>;
}

export function createLoginLimiter(db: Db, limits: LoginLimits = DEFAULT_LOGIN_LIMITS) {
  const over = (counter: Counter | undefined, max: number) => (counter && counter.count > max ? counter.resetAt : null);
  return {
    /**
     * Reserves an attempt on `account` from `address`. Refused attempts count too (they are still
     * guesses), and need no settling.
     */
    async attempt(account: string, address: string): Promise<LoginAttempt> {
      const keys = { pair: pairKey(account, address), address: addressKey(address) };
      const totals = await addToCounters(
        db,
        new Map([
          [keys.pair, 1],
          [keys.address, 1],
          [account, 1],
        ]),
        limits.windowMs,
      );
      const refuse = (kind: LoginRefusal['kind'], until: Date): LoginAttempt => ({ refused: { kind, until }, settle: async () => {} });
      const pairUntil = over(totals.get(keys.pair), limits.pairAttempts);
      if (pairUntil) return refuse('address', pairUntil);
      // The address's count holds failures only: an attempt that succeeds gives its place back.
      const addressUntil = over(totals.get(keys.address), limits.addressFailures);
      if (addressUntil) return refuse('address', addressUntil);
      if (over(totals.get(account), limits.accountAttempts)) {
        const familiar = (await readCounters(db, [familiarKey(account, address)])).size > 0;
        if (!familiar) {
          const slot = (await addToCounters(db, new Map([[slowKey(account), 1]]), limits.slowIntervalMs)).get(slowKey(account));
          const slowUntil = over(slot, 1);
          if (slowUntil) return refuse('slowed', slowUntil);
        }
      }
      return {
        refused: null,
        async settle(ok) {
          if (!ok) return;
          await clearCounters(db, [keys.pair]);
          await addToCounters(
            db,
            new Map([
              [keys.address, -1],
              [account, -1],
            ]),
            limits.windowMs,
          );
          await addToCounters(db, new Map([[familiarKey(account, address), 1]]), limits.familiarMs);
        },
      };
    },
  };
}
export type LoginLimiter = ReturnType<typeof createLoginLimiter>;

/** Whether an account is slowed now, and until when. */
export async function accountLock(db: Db, userId: number, limits: LoginLimits = DEFAULT_LOGIN_LIMITS) {
  const key = accountKey(userId, '');
  const counter = (await readCounters(db, [key])).get(key);
  return counter && counter.count > limits.accountAttempts ? counter.resetAt : null;
}

export const unlockAccount = (db: Db, userId: number) => clearCounters(db, [accountKey(userId, ''), slowKey(accountKey(userId, ''))]);
