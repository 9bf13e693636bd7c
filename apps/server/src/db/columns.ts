// Column shapes every table uses: bigint identity ids, bigint references, UTC timestamps.
import { bigint, timestamp } from 'drizzle-orm/pg-core';

export const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
export const ref = (name: string) => bigint(name, { mode: 'number' });
export const createdAt = (name = 'created_at') => timestamp(name, { withTimezone: true }).notNull().defaultNow();
