// Password hashing with argon2id (DESIGN §2: 19 MiB, 2 passes, parallelism 1).
import { hash, verify } from '@node-rs/argon2';

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
