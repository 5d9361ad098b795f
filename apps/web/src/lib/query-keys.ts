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

/** A list's filters, paging and sort, as the feature sends them; equal objects share one cache entry. */
type Filters = Readonly<Record<string, unknown>>;

/** The signed-in account (GET /api/me): sign-in, sign-out and profile edits write or refresh it. */
export const meKeys = {
  all: ['me'] as const,
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

/** Invitations an admin sent, and one invitation previewed by its link's token during registration. */
export const invitationKeys = {
  all: ['invitations'] as const,
  list: () => [...invitationKeys.all, 'list'] as const,
  preview: (token: string) => [...invitationKeys.all, 'preview', token] as const,
};

/** One-shot confirmations of a link sent by e-mail: cached so a second mount never spends the token again. */
export const emailLinkKeys = {
  all: ['email-links'] as const,
  verification: (token: string) => [...emailLinkKeys.all, 'verification', token] as const,
  emailChange: (token: string) => [...emailLinkKeys.all, 'email-change', token] as const,
};

export const orgKeys = {
  all: ['orgs'] as const,
  list: () => [...orgKeys.all, 'list'] as const,
  detail: (id: string) => [...orgKeys.all, 'detail', id] as const,
  signInPolicy: (id: string) => [...orgKeys.all, 'sign-in-policy', id] as const,
};

export const subOrgKeys = {
  all: ['sub-orgs'] as const,
  list: (query: Filters) => [...subOrgKeys.all, 'list', query] as const,
  detail: (id: string) => [...subOrgKeys.all, 'detail', id] as const,
  flightStats: (id: string) => [...subOrgKeys.detail(id), 'flight-stats'] as const,
};

export const accessTokenKeys = {
  all: ['access-tokens'] as const,
  list: () => [...accessTokenKeys.all, 'list'] as const,
};

/** The offline base map; a box always answers the same, so its bounds are its key. */
export const mapFeatureKeys = {
  all: ['map-features'] as const,
  area: (bounds: MapBounds | null) => [...mapFeatureKeys.all, 'area', bounds] as const,
};
