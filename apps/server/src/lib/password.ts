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

/** A hash of a random password, for timing-equal answers when the user does not exist. */
let dummyHash: Promise<string> | null = null;
export const dummyPasswordHash = () => (dummyHash ??= hashPassword('not-a-real-password'));

// Commonly used passwords, from zxcvbn-ts's maintained list (about 49,000, largest leaks first),
// loaded on first use.
let common: Promise<Set<string>> | null = null;
const commonPasswords = () =>
  (common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()))));

export async function isCommonPassword(plain: string) {
  return (await commonPasswords()).has(plain.trim().toLowerCase());
}

/**
 * The hash of a password someone chooses now, after refusing a commonly used one (the shared
 * schema has already checked its length). `field` names the form field in the refusal.
 */
export async function hashNewPassword(plain: string, field: string) {
  if (await isCommonPassword(plain)) throw fieldError(field, MSG.passwordTooCommon);
  return hashPassword(plain);
}
