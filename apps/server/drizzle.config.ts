import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './apps/server/src/db/schema.ts',
    './apps/server/src/db/schema-workflow.ts',
    './apps/server/src/db/schema-helpdesk.ts',
    './apps/server/src/db/schema-schedules.ts',
    './apps/server/src/db/schema-rollups.ts',
    './apps/server/src/db/schema-platform.ts',
    './apps/server/src/db/schema-imports.ts',
    './apps/server/src/db/schema-kiosks.ts',
    './apps/server/src/db/schema-evidence.ts',
    './apps/server/src/db/schema-calendar.ts',
    './apps/server/src/db/schema-integrations.ts',
  ],
  out: './apps/server/drizzle',
});
