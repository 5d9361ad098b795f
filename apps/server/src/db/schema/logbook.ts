import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { endorsementKinds, logbookEntrySources, type EndorsementKind, type LogbookEntrySource, type LogbookFields } from '@skylog/contracts';
import { orgs, trips, users } from './app.ts';

/**
 * The pilot's logbook (docs/product.md "Logbook"). An entry's values live in one JSON document checked by the
 * contracts' schema on every write, so the entry, what its track gave and what was signed are the same shape.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const inList = (column: string, values: readonly string[]) => sql.raw(`${column} in (${values.map((value) => `'${value}'`).join(',')})`);

export const logbookEntries = pgTable(
  'logbook_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The pilot's organization when the entry was made (for the audit log's filing); reads go by the pilot. */
    orgId: uuid('org_id').references(() => orgs.id, { onDelete: 'set null' }),
    pilotId: uuid('pilot_id')
      .notNull()
      .references(() => users.skylogId, { onDelete: 'cascade' }),
    /** The flight it records; null for an entry typed by hand or imported, or whose flight was deleted. */
    tripId: uuid('trip_id').references(() => trips.id, { onDelete: 'set null' }),
    source: text('source').$type<LogbookEntrySource>().notNull(),
    /** fields.date, kept as a column so the logbook sorts and the lists filter by an index. */
    entryDate: date('entry_date').notNull(),
    fields: jsonb('fields').$type<LogbookFields>().notNull(),
    /** What the flight's track gave, for the fields it can fill (null: no flight). */
    trackValues: jsonb('track_values').$type<Partial<LogbookFields>>(),
    /** Fields the pilot typed: the track's value no longer replaces them. */
    typed: text('typed').array().notNull().default(sql`'{}'::text[]`),
    /** An imported entry's signature from paper or another product, kept as a note (never a Skylog signature). */
    importedAttestation: text('imported_attestation'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('logbook_entries_pilot_trip_idx').on(table.pilotId, table.tripId).where(sql`${table.tripId} is not null`),
    index('logbook_entries_pilot_date_idx').on(table.pilotId, table.entryDate),
    index('logbook_entries_trip_idx').on(table.tripId),
    check('logbook_entries_source_check', inList('source', logbookEntrySources)),
  ],
);

/**
 * An instructor's signature of an entry (AC 120-78). Never changed (a trigger refuses it); removed only with
 * its entry, which the student's hash chain then reports. The newest signature of an entry is the one shown.
 */
export const logbookSignatures = pgTable(
  'logbook_signatures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => logbookEntries.id, { onDelete: 'cascade' }),
    pilotId: uuid('pilot_id')
      .notNull()
      .references(() => users.skylogId, { onDelete: 'cascade' }),
    instructorId: uuid('instructor_id').references(() => users.skylogId, { onDelete: 'set null' }),
    instructorName: text('instructor_name').notNull(),
    certificateNumber: text('certificate_number').notNull(),
    certificateExpires: date('certificate_expires').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    method: text('method').$type<'password' | 'authenticator'>().notNull(),
    /** SHA-256 of the entry's canonical content at signing (@skylog/logbook signature.ts). */
    entryHash: text('entry_hash').notNull(),
    /** That canonical content, so a changed field can be named. */
    signedContent: text('signed_content').notNull(),
  },
  (table) => [
    index('logbook_signatures_entry_idx').on(table.entryId, table.signedAt),
    index('logbook_signatures_pilot_idx').on(table.pilotId, table.signedAt),
    check('logbook_signatures_method_check', sql`method in ('password','authenticator')`),
  ],
);

/**
 * Each pilot's hash chain over their signatures, in the order given: link = SHA-256(previous link + entry hash).
 * Append-only (a trigger refuses changes), and without foreign keys, so a deleted entry or signature leaves its
 * link behind for the verification to find.
 */
export const logbookChain = pgTable(
  'logbook_chain',
  {
    pilotId: uuid('pilot_id').notNull(),
    position: integer('position').notNull(),
    signatureId: uuid('signature_id').notNull(),
    entryId: uuid('entry_id').notNull(),
    entryDate: date('entry_date').notNull(),
    entryHash: text('entry_hash').notNull(),
    link: text('link').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.pilotId, table.position] })],
);

/** Endorsements (AC 61-65): written and signed once, never edited (a trigger refuses it). */
export const endorsements = pgTable(
  'endorsements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id').references(() => orgs.id, { onDelete: 'set null' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.skylogId, { onDelete: 'cascade' }),
    kind: text('kind').$type<EndorsementKind>().notNull(),
    title: text('title').notNull(),
    regulation: text('regulation').notNull(),
    text: text('text').notNull(),
    aircraftMakeModel: text('aircraft_make_model'),
    instructorId: uuid('instructor_id').references(() => users.skylogId, { onDelete: 'set null' }),
    instructorName: text('instructor_name').notNull(),
    certificateNumber: text('certificate_number').notNull(),
    certificateExpires: date('certificate_expires').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true, precision: 3 }).notNull(),
    method: text('method').$type<'password' | 'authenticator'>().notNull(),
    hash: text('hash').notNull(),
    /** The last day it is good for; null when the regulation sets no end. */
    expiresOn: date('expires_on'),
  },
  (table) => [
    index('endorsements_student_idx').on(table.studentId, table.signedAt),
    check('endorsements_kind_check', inList('kind', endorsementKinds)),
  ],
);

/** A student's request for an endorsement, open until their instructor gives it or declines, or they withdraw it. */
export const endorsementRequests = pgTable(
  'endorsement_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.skylogId, { onDelete: 'cascade' }),
    kind: text('kind').$type<EndorsementKind>().notNull(),
    note: text('note'),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: uuid('closed_by').references(() => users.skylogId, { onDelete: 'set null' }),
    endorsementId: uuid('endorsement_id').references(() => endorsements.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('endorsement_requests_open_idx').on(table.studentId).where(sql`${table.closedAt} is null`),
    check('endorsement_requests_kind_check', inList('kind', endorsementKinds)),
  ],
);
