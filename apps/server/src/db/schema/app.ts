import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { authUser } from './auth.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const orgs = pgTable('orgs', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

export const subOrgs = pgTable(
  'sub_orgs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: createdAt(),
  },
  (table) => [index('sub_orgs_org_idx').on(table.orgId)],
);

export const users = pgTable(
  'users',
  {
    skylogId: uuid('skylog_id').primaryKey().defaultRandom(),
    authId: text('auth_id')
      .unique()
      .references(() => authUser.id, { onDelete: 'set null' }),
    name: text('name'),
    email: text('email').notNull(),
    phone: text('phone'),
    program: text('program'),
    licenseNumber: text('license_number'),
    international: boolean('international').notNull().default(false),
    fulltime: boolean('fulltime').notNull().default(false),
    certifications: text('certifications').array().notNull().default(sql`'{}'::text[]`),
    userType: text('user_type').notNull(),
    orgId: uuid('org_id').references(() => orgs.id, { onDelete: 'set null' }),
    subOrgId: uuid('sub_org_id').references(() => subOrgs.id, { onDelete: 'set null' }),
    cableCollections: boolean('cable_collections').notNull().default(false),
    cableCollectedAt: timestamp('cable_collected_at', { withTimezone: true }),
    cableCollectedBy: uuid('cable_collected_by').references((): AnyPgColumn => users.skylogId, { onDelete: 'set null' }),
    /** Deactivated people cannot sign in; their history stays. */
    isActive: boolean('is_active').notNull().default(true),
    isPaid: boolean('is_paid').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_idx').on(sql`lower(${table.email})`),
    index('users_org_idx').on(table.orgId),
    index('users_sub_org_idx').on(table.subOrgId),
    check(
      'users_user_type_check',
      sql`${table.userType} in ('super_admin','admin','org_admin','admin_secondary','sub_org_admin','sub_org_admin_secondary','instructor','student')`,
    ),
    check('users_program_check', sql`${table.program} is null or ${table.program} in ('141','61')`),
  ],
);

export const studentInstructor = pgTable(
  'student_instructor',
  {
    instructor: uuid('instructor')
      .notNull()
      .references(() => users.skylogId, { onDelete: 'cascade' }),
    student: uuid('student')
      .notNull()
      .references(() => users.skylogId, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.instructor, table.student] }), index('student_instructor_student_idx').on(table.student)],
);

export const aircraft = pgTable(
  'aircraft',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    tailNumber: text('tail_number').notNull(),
    callSign: text('call_sign'),
    type: text('type'),
    notes: text('notes'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('aircraft_org_tail_idx').on(table.orgId, table.tailNumber)],
);

export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    userType: text('user_type').notNull(),
    orgId: uuid('org_id').references(() => orgs.id, { onDelete: 'cascade' }),
    subOrgId: uuid('sub_org_id').references(() => subOrgs.id, { onDelete: 'set null' }),
    invitedBy: uuid('invited_by').references(() => users.skylogId, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('invitations_email_idx').on(sql`lower(${table.email})`)],
);

/** Append-only: a trigger in the migrations refuses UPDATE and DELETE. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
    userId: uuid('user_id'),
    userRole: text('user_role'),
    orgId: uuid('org_id'),
    action: text('action').notNull(),
    resource: text('resource').notNull(),
    status: text('status').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ipAddress: text('ip_address'),
  },
  (table) => [
    index('audit_log_user_time_idx').on(table.userId, table.timestamp),
    index('audit_log_org_time_idx').on(table.orgId, table.timestamp),
    check('audit_log_status_check', sql`${table.status} in ('denied','success','failure')`),
  ],
);

export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: createdAt(),
    userId: uuid('user_id'),
    orgId: uuid('org_id'),
    kind: text('kind').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: uuid('acknowledged_by'),
  },
  (table) => [index('alerts_org_time_idx').on(table.orgId, table.createdAt), index('alerts_user_time_idx').on(table.userId, table.createdAt)],
);

/** An organization's own label and colour for a rocker key; keys without a row use the defaults. */
export const orgMarkerCategories = pgTable(
  'org_marker_categories',
  {
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    key: integer('key').notNull(),
    text: text('text').notNull(),
    color: text('color').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.orgId, table.key] }),
    check('org_marker_categories_key_check', sql`${table.key} between 1 and 4`),
    check('org_marker_categories_color_check', sql`${table.color} ~ '^#[0-9a-f]{6}$'`),
  ],
);
