import { api } from './api.ts';

/**
 * The query keys that several features share and that are not simply an operation's own key (those come from
 * the operation table: `api.<group>.<operation>.key(input)`, `groupKey(group)` in lib/api.ts). Keys are
 * hierarchical: invalidating a key reaches everything under it.
 */

/**
 * The signed-in account (GET /api/me, the table's `users.me`): sign-in, sign-out, profile edits and several
 * features' changes write or refresh it, so its key has one name here.
 */
export const meKeys = {
  all: api.users.me.key(),
};

export const tripKeys = {
  /** One trip: the key of its read in the operation table (`api.trips.read`). */
  detail: (id: string) => api.trips.read.key({ params: { id } }),
};

/** Every read of the people group of the operation table: the same key as `groupKey('people')` (lib/api.ts). */
export const peopleKeys = {
  all: ['people'] as const,
};

/**
 * A new account's e-mail confirmation (better-auth's, outside the operation table): cached so a second mount
 * never spends the link's token again.
 */
export const emailLinkKeys = {
  all: ['email-links'] as const,
  verification: (token: string) => [...emailLinkKeys.all, 'verification', token] as const,
};
