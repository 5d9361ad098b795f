import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './app.ts';

/**
 * A pending change of someone's sign-in e-mail: only its owner asks, and it takes effect when the link sent to the new
 * address is opened (docs/product.md "Sign-in e-mail and password"). Only a SHA-256 of the link's token is kept.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    skylogId: uuid('skylog_id')
      .notNull()
      .references(() => users.skylogId, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The session that asked: it stays signed in when the change ends the person's other sessions. */
    requestedBySession: text('requested_by_session'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('email_changes_user_idx').on(table.skylogId)],
);
