// Moves a ticket back in time for the SLA tests: its creation and every change so far, by the
// same span, as if it had been made and worked that long ago.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

export async function backdateTicket(db: Db, id: number, minutes: number) {
  const by = `${minutes} minutes`;
  await db.execute(sql`update tickets set created_date = created_date - ${by}::interval where id = ${id}`);
  await db.execute(sql`update ticket_history set created_date = created_date - ${by}::interval where ticket_id = ${id}`);
}
