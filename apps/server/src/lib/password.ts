// Password hashing with argon2id (DESIGN §2: 19 MiB, 2 passes, parallelism 1), and the refusal
// of commonly used passwords.
import { hash, verify } from '@node-rs/argon2';
import { MSG } from '@fieldops/shared/messages';
import { fieldError } from './errors.ts';

const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (plain: string) => hash(plain, OPTIONS);

export async function verifyPassword(stored: string, plain: string) {
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}

/**
 * The hash of an account made without a password (a bulk import): nothing verifies against it, and
 * the person chooses their password when they activate the account.
 */
export const NO_PASSWORD = '!';

/** A hash of a random password, for timing-equal answers when the user does not exist. */
let dummyHash: Promise<string> | null = null;
export const dummyPasswordHash = () => (dummyHash ??= hashPassword('not-a-real-password'));

/**
 * A list of commonly used passwords, loaded once by `load` at its first use (a few hundred
 * milliseconds once per instance, where holding it from the start would cost every instance some
 * 10 MB it mostly never uses: passwords are chosen rarely). A load that fails is not kept: the next use loads again, so one failure (a file that could not
 * be read for a moment) refuses that one request, not every password until the process restarts.
 */
export function commonPasswordList(load: () => Promise<Iterable<string>>) {
  let loaded: Promise<Set<string>> | null = null;
  const list = () =>
    (loaded ??= load().then(
      (words) => new Set([...words].map((word) => word.toLowerCase())),
      (error: unknown) => {
        loaded = null;
        throw error;
      },
    ));
  return {
    has: async (plain: string) => (await list()).has(plain.trim().toLowerCase()),
  };
}

// Commonly used passwords, from zxcvbn-ts's maintained list (about 49,000, largest leaks first).
const commonPasswords = commonPasswordList(() => import('@zxcvbn-ts/language-common').then(({ dictionary }) => dictionary['passwords-common'] as string[]));

export const isCommonPassword = (plain: string) => commonPasswords.has(plain);

/**
 * The hash of a password someone chooses now, after refusing a commonly used one (the shared
 * schema has already checked its length). `field` names the form field in the refusal.
 */
export async function hashNewPassword(plain: string, field: string) {
  if (await isCommonPassword(plain)) throw fieldError(field, MSG.passwordTooCommon);
  return hashPassword(plain);
}
