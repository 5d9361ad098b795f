import { z } from 'zod';
import { text } from './text.ts';
import { pageQuerySchema } from './people.ts';

/**
 * The aircraft categories a school trains in, as 14 CFR 1.1 defines category (airplane, rotorcraft, glider,
 * lighter-than-air, powered-lift, powered parachute, weight-shift-control; the list of 14 CFR 61.5(b)). Rotorcraft
 * is split into its two classes, helicopter and gyroplane, because they take off and land differently: a
 * helicopter hovers, a gyroplane rolls. Phases and landings follow the category's rules.
 */
export const aircraftCategories = [
  'airplane',
  'helicopter',
  'gyroplane',
  'glider',
  'lighter_than_air',
  'powered_lift',
  'powered_parachute',
  'weight_shift_control',
] as const;
export type AircraftCategory = (typeof aircraftCategories)[number];

export const aircraftCategoryLabels: Record<AircraftCategory, string> = {
  airplane: 'Airplane',
  helicopter: 'Rotorcraft: helicopter',
  gyroplane: 'Rotorcraft: gyroplane',
  glider: 'Glider',
  lighter_than_air: 'Lighter-than-air (balloon, airship)',
  powered_lift: 'Powered-lift',
  powered_parachute: 'Powered parachute',
  weight_shift_control: 'Weight-shift-control',
};

/** Where the list comes from, shown beside the choice. */
export const aircraftCategorySource = '14 CFR 1.1 (category; rotorcraft classes helicopter and gyroplane)';

export const aircraftCategorySchema = z.enum(aircraftCategories, {
  error: `Category must be one of: ${aircraftCategories.join(', ')}`,
});

/** A track upload on an aircraft without a category asks for it: the analysis needs the category's rules. */
export const aircraftCategoryNeededMessage = (tailNumber: string) =>
  `Choose what ${tailNumber} is: its take-offs and landings are found by the category's rules.`;
/** What someone who may not edit the fleet is told instead. */
export const aircraftCategoryMissingMessage = (tailNumber: string) =>
  `${tailNumber} has no category yet, so the flight is analysed by airplane rules. An org admin can set it under Aircraft.`;

/** An aircraft of the fleet (docs/product.md "Aircraft"). */
export const aircraftSchema = z.object({
  id: z.uuid(),
  org_id: z.uuid(),
  tail_number: text(),
  call_sign: text().nullable(),
  type: text().nullable(),
  category: aircraftCategorySchema.nullable(),
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
  category: aircraftCategorySchema.nullable().optional().transform((value) => value ?? null),
  notes: optionalText('Notes', 2000),
};

export const aircraftCreateSchema = z.strictObject(aircraftFields);
export const aircraftUpdateSchema = z.strictObject(aircraftFields).partial();
