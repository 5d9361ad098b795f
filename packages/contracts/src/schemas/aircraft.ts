import { z } from 'zod';
import { text } from './text.ts';
import { pageQuerySchema } from './people.ts';

/** An aircraft of the fleet (spec §3: id, tailNumber, callSign, type, with a total count). */
export const aircraftSchema = z.object({
  id: z.uuid(),
  org_id: z.uuid(),
  tail_number: text(),
  call_sign: text().nullable(),
  type: text().nullable(),
  notes: text().nullable(),
});

export type Aircraft = z.infer<typeof aircraftSchema>;

export const aircraftListSchema = z.object({ items: z.array(aircraftSchema), total: z.number().int() });

export const aircraftListQuerySchema = pageQuerySchema.extend({
  search: text().trim().max(100, 'Search must be at most 100 characters').optional(),
  sort: z.enum(['tail_number', 'call_sign', 'type']).default('tail_number'),
  order: z.enum(['asc', 'desc']).default('asc'),
});

const optionalText = (label: string, max: number) =>
  text().trim().max(max, `${label} must be at most ${max} characters`).nullable().optional().transform((value) => value || null);

const aircraftFields = {
  tail_number: text({ error: 'Tail number is required' })
    .trim()
    .toUpperCase()
    .min(1, 'Tail number is required')
    .max(10, 'Tail number must be at most 10 characters')
    .regex(/^[A-Z0-9-]+$/, 'Tail number may use letters, digits and - only'),
  call_sign: optionalText('Call sign', 40),
  type: optionalText('Type', 80),
  notes: optionalText('Notes', 2000),
};

export const aircraftCreateSchema = z.strictObject(aircraftFields);
export const aircraftUpdateSchema = z.strictObject(aircraftFields).partial();
