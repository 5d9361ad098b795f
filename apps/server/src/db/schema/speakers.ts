import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { trips } from './app.ts';

/**
 * The names of a flight's transcript voices: Deepgram numbers them (`speaker` on each word) in the
 * order they first speak, which says nothing of who they are, so the flight's crew names them once
 * for every viewer ('Instructor', 'Student', 'ATC', 'Other' or a person's name).
 */
export const tripSpeakers = pgTable(
  'trip_speakers',
  {
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    speaker: integer('speaker').notNull(),
    label: text('label').notNull(),
  },
  (table) => [primaryKey({ columns: [table.tripId, table.speaker] }), check('trip_speakers_speaker_check', sql`${table.speaker} >= 0`)],
);
