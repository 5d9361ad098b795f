import type { MapBounds } from '@skylog/contracts';
import { api } from './api.ts';

/**
 * Every TanStack Query key of the web app, one factory per resource, so a key read in one feature and
 * invalidated in another cannot drift apart. Keys are hierarchical: each starts with its resource's
 * `all`, so invalidating `xKeys.all` reaches everything of that resource, and a narrower key (a list,
 * one detail) reaches only what lies under it. A resource read as a single answer keys it by `all`.
 *
 * Roots are deliberately separate where an invalidation must not spread: pilot profiles are not under
 * people, sub-organizations not under organizations.
 */

/**
 * The signed-in account (GET /api/me, the table's `users.me`): sign-in, sign-out, profile edits and several
 * features' changes write or refresh it, so its key has one name here.
 */
export const meKeys = {
  all: api.users.me.key(),
};

/** The organization's marker categories: the flight screen and the markers settings share the entry. */
export const markerCategoryKeys = {
  all: ['marker-categories'] as const,
};

export const tripKeys = {
  /**
   * One trip: the key of its read in the operation table (`api.trips.read`). What is read about it (transcript,
   * speakers, …) lies under it, so only an exact match is the trip itself.
   */
  detail: (id: string) => api.trips.read.key({ params: { id } }),
  transcript: (id: string) => [...tripKeys.detail(id), 'transcript'] as const,
  speakers: (id: string) => [...tripKeys.detail(id), 'speakers'] as const,
  analysis: (id: string) => [...tripKeys.detail(id), 'analysis'] as const,
  audioPeaks: (id: string) => [...tripKeys.detail(id), 'audio-peaks'] as const,
};

/** Every read of the people group of the operation table: the same key as `groupKey('people')` (lib/api.ts). */
export const peopleKeys = {
  all: ['people'] as const,
};

export const pilotProfileKeys = {
  all: ['pilot-profiles'] as const,
  byUser: (userId: string) => [...pilotProfileKeys.all, 'user', userId] as const,
};

/**
 * A new account's e-mail confirmation (better-auth's, outside the operation table): cached so a second mount
 * never spends the link's token again.
 */
export const emailLinkKeys = {
  all: ['email-links'] as const,
  verification: (token: string) => [...emailLinkKeys.all, 'verification', token] as const,
};

/** The offline base map; a box always answers the same, so its bounds are its key. */
export const mapFeatureKeys = {
  all: ['map-features'] as const,
  area: (bounds: MapBounds | null) => [...mapFeatureKeys.all, 'area', bounds] as const,
};
