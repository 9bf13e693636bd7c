// The checks of one environment variable's value that the configuration (config.ts) is built
// from: whole numbers in a range, true or false, URLs of given schemes and base64url keys. A
// refusal says what was expected and never echoes the value, which may hold a secret.
import { z } from 'zod';

/** A whole number from `min` to `max`. */
export const whole = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `expected a whole number from ${min} to ${max}`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `expected a whole number from ${min} to ${max}`);

/** true or false (also 1 or 0), in any case. */
export const flag = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ['true', 'false', '1', '0'].includes(v), 'expected true or false')
  .transform((v) => v === 'true' || v === '1');

/** A URL of one of `protocols`; the value is never echoed (it may hold a password). */
export const urlOf = (protocols: string[], expected: string) =>
  z.string().refine((value) => {
    try {
      const url = new URL(value);
      return protocols.includes(url.protocol) && url.hostname !== '';
    } catch {
      return false;
    }
  }, `expected ${expected}`);

/** `bytes` bytes in base64url (a VAPID key); the value is never echoed. */
export const base64url = (bytes: number, expected: string) =>
  z
    .string()
    .trim()
    .refine((value) => /^[A-Za-z0-9_-]+$/.test(value) && Buffer.from(value, 'base64url').length === bytes, `expected ${expected}`);
