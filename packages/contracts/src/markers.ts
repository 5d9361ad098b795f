import { z } from 'zod';
import { text } from './schemas/text.ts';

/** The recorder's rocker keys 1–4 with their default labels and colours; an organization may change them (docs/product.md "Markers"). */
export const markerCategories = [
  { key: 1, text: 'Debrief', color: '#2563eb' },
  { key: 2, text: 'Unusual', color: '#f59e0b' },
  { key: 3, text: 'Radio Call', color: '#16a34a' },
  { key: 4, text: 'Overloaded', color: '#dc2626' },
] as const;

export type MarkerKey = (typeof markerCategories)[number]['key'];

/** One rocker key as an organization labels and colours it (defaults above until changed). */
export const markerCategorySchema = z.strictObject({
  key: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: 'Rocker keys are 1 to 4' }),
  text: text({ error: 'Label is required' }).trim().min(1, 'Label is required').max(40, 'Label must be at most 40 characters'),
  color: text().regex(/^#[0-9a-fA-F]{6}$/, 'Colour must look like #1a2b3c').transform((value) => value.toLowerCase()),
});

export type MarkerCategory = z.infer<typeof markerCategorySchema>;

/** PUT /api/marker-categories: all four keys at once, each exactly once. */
export const markerCategoriesUpdateSchema = z.strictObject({
  categories: z
    .array(markerCategorySchema)
    .length(4, 'Give all four rocker keys')
    .refine((items) => new Set(items.map((item) => item.key)).size === 4, 'Each rocker key 1 to 4 exactly once'),
});

// The answer is a plain shape: a schema with a transform cannot serialize responses.
export const markerCategoryListSchema = z.object({
  items: z.array(z.object({ key: z.number().int(), text: text(), color: text(), is_default: z.boolean() })),
});
