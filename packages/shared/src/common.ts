// Building blocks of the request and response schemas.
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './limits.ts';
import { MSG, maxMessage, minMessage } from './messages.ts';

export const id = z.coerce.number().int().positive();
export const idParam = <K extends string>(name: K) => z.object({ [name]: id } as Record<K, typeof id>);

/** Required text: trimmed, not empty, at most `max` characters. */
export const requiredText = (max = 255) => z.string({ error: MSG.required }).trim().min(1, MSG.required).max(max, maxMessage(max));
/** Optional text: trimmed; empty becomes null. */
export const optionalText = (max = 255) =>
  z
    .string()
    .trim()
    .max(max, maxMessage(max))
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * Names of projects, sites, members, tags and categories (DESIGN §10): a letter of any
 * script first, then letters, digits and spaces.
 */
export const NAME_PATTERN = /^\p{L}[\p{L}\p{M}\p{N} ]*$/u;
export const entityName = (max = 100) => requiredText(max).regex(NAME_PATTERN, MSG.nameInvalid);

export const email = z.string({ error: MSG.required }).trim().toLowerCase().min(1, MSG.required).email(MSG.emailInvalid).max(254, maxMessage(254));
/**
 * A new password: at least 8 characters and not only spaces. The server also refuses commonly
 * used passwords (a list too large to ship to the browser).
 */
export const password = z
  .string({ error: MSG.required })
  .min(8, MSG.passwordTooShort)
  .max(100, maxMessage(100))
  .refine((v) => v.trim().length > 0, MSG.passwordBlank);
export const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, MSG.colourInvalid);

/** A query flag written as text, `true` or `false`. */
export const queryFlag = z.enum(['true', 'false']).transform((v) => v === 'true');

export const pageQuery = z.object({
  page: z.coerce.number().int().min(0, minMessage(0)).default(0),
  size: z.coerce.number().int().min(1, minMessage(1)).max(MAX_PAGE_SIZE, maxMessage(MAX_PAGE_SIZE)).default(DEFAULT_PAGE_SIZE),
  sort: z
    .string()
    .regex(/^[a-zA-Z]+(,(asc|desc))?$/, MSG.invalid)
    .optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

/**
 * A comma list of ids in a query string: "1,2,3". Each must pass `id` itself: a number that is
 * an integer but not a safe one ("1e30") would otherwise reach PostgreSQL as an out-of-range bigint.
 */
export const idList = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (!v) return undefined;
    const ids: number[] = [];
    for (const part of v.split(',').filter(Boolean)) {
      const parsed = id.safeParse(part);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: MSG.invalid });
        return z.NEVER;
      }
      ids.push(parsed.data);
    }
    return ids;
  });

/** One field's refusal in a problem answer. */
export const fieldError = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldError>;

export const problem = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number(),
  message: z.string(),
  detail: z.string().optional(),
  fieldErrors: z.array(fieldError).optional(),
});
export type Problem = z.infer<typeof problem>;
