import { z } from 'zod';
import { dayPattern, isDay, isTimeZone } from '../calendar.ts';
import { text } from './text.ts';

/** The reader's time zone (an IANA name; the web sends UTC or the browser's own for Local). */
export const timeZoneField = text().refine(isTimeZone, 'Timezone must be a time zone such as UTC or Europe/Berlin').default('UTC');

export const dayField = (label: string) =>
  text()
    .regex(dayPattern, `${label} must be a day like 2026-01-31`)
    .refine(isDay, `${label} must be a day like 2026-01-31`);

export const dayRangeMessage = 'The end date must be on or after the start date';

const dayRangeFields = { timezone: timeZoneField, from: dayField('From').optional(), to: dayField('To').optional() };
const isOrdered = (range: { from?: string | undefined; to?: string | undefined }) => !range.from || !range.to || range.from <= range.to;

/** Days from `from` to `to`, both included, read in `timezone`; either end may be left open. */
export const dayRangeQuerySchema = z.object(dayRangeFields).refine(isOrdered, { message: dayRangeMessage, path: ['to'] });

/** GET /api/training-records.csv: a day range of the organization's flights, or of one sub-organization's. */
export const trainingExportQuerySchema = z
  .object({ ...dayRangeFields, sub_org_id: z.uuid('Sub organization must be an id').optional() })
  .refine(isOrdered, { message: dayRangeMessage, path: ['to'] });
