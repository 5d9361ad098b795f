import { markerCategories } from '@skylog/contracts';

/** The recorder's rocker markers on keys 1–4 until the person sets others (docs/product.md "Recording on a phone"). */
export const defaultRecorderKeys: string[] = markerCategories.map(({ key }) => String(key));

/** A letter is the same key with or without Shift; named keys (PageDown, MediaTrackNext) are compared as they are. */
export const normaliseKey = (key: string) => (key.length === 1 ? key.toLowerCase() : key);
