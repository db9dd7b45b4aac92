import { defineConfig } from 'drizzle-kit'

// Used only to generate SQL migrations from db/schema.ts (`npm run db:generate`).
// Migrations are applied from code at start (db/client.ts), on PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema.ts',
  out: './db/migrations',
})
