/**
 * Every TanStack Query key of the web app, one factory per resource, so a key read in one feature and
 * invalidated in another cannot drift apart. Keys are hierarchical: each starts with its resource's
 * `all`, so invalidating `xKeys.all` reaches everything of that resource, and a narrower key (a list,
 * one detail) reaches only what lies under it. A resource read as a single answer keys it by `all`.
 *
 * Roots are deliberately separate where an invalidation must not spread: pilot profiles are not under
 * people, crew choices not under trips, sub-organizations not under organizations.
 */

/** A list's filters, paging and sort, as the feature sends them; equal objects share one cache entry. */
type Filters = Readonly<Record<string, unknown>>;

/** The signed-in account (GET /api/me): sign-in, sign-out and profile edits write or refresh it. */
export const meKeys = {
  all: ['me'] as const,
};

/** The server's public client configuration (GET /api/client-config), read by several features. */
export const clientConfigKeys = {
  all: ['client-config'] as const,
};

/** Whom the signed-in person may seat on a flight (GET /api/trips/crew-choices); apart from trips on purpose. */
export const crewChoiceKeys = {
  all: ['crew-choices'] as const,
};

export const tripKeys = {
  all: ['trips'] as const,
  lists: () => [...tripKeys.all, 'list'] as const,
  list: (query: Filters) => [...tripKeys.lists(), query] as const,
  /** One trip; what is read about it (track, speakers, …) lies under it, so only an exact match is the trip itself. */
  detail: (id: string) => [...tripKeys.all, 'detail', id] as const,
  track: (id: string) => [...tripKeys.detail(id), 'track'] as const,
  audioPeaks: (id: string) => [...tripKeys.detail(id), 'audio-peaks'] as const,
  shareCandidates: (id: string, search: string) => [...tripKeys.detail(id), 'share-candidates', { search }] as const,
};

/** The organization at a glance (GET /api/overview), per time zone, day and sub-organization. */
export const overviewKeys = {
  all: ['overview'] as const,
  detail: (query: Filters) => [...overviewKeys.all, query] as const,
};

/** Users (GET /api/users…); their pilot profiles and student–instructor relations have roots of their own. */
export const peopleKeys = {
  all: ['people'] as const,
  list: (query: Filters) => [...peopleKeys.all, 'list', query] as const,
  detail: (id: string) => [...peopleKeys.all, 'detail', id] as const,
  trainingRecord: (id: string, query: Filters) => [...peopleKeys.detail(id), 'training-record', query] as const,
  studentsTraining: (id: string, query: Filters) => [...peopleKeys.detail(id), 'students-training', query] as const,
};

export const relationKeys = {
  all: ['relations'] as const,
  list: (query: Filters) => [...relationKeys.all, 'list', query] as const,
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

/** The organization's billing: a plan change refreshes the state and the invoices, never the plans or a checkout. */
export const billingKeys = {
  all: ['billing'] as const,
  state: () => [...billingKeys.all, 'state'] as const,
  /** Every invoices list, whichever customer id it was asked with. */
  invoiceLists: () => [...billingKeys.all, 'invoices'] as const,
  invoices: (customerId: string | null) => [...billingKeys.invoiceLists(), customerId] as const,
  products: () => [...billingKeys.all, 'products'] as const,
  checkout: (sessionId: string | null) => [...billingKeys.all, 'checkout', sessionId] as const,
};

/** The signed-in person's own factors and sessions (Account security). */
export const accountSecurityKeys = {
  all: ['account-security'] as const,
  factors: () => [...accountSecurityKeys.all, 'factors'] as const,
  sessions: () => [...accountSecurityKeys.all, 'sessions'] as const,
  identities: () => [...accountSecurityKeys.all, 'identities'] as const,
  /** A pending sign-in's ways to take its second step (no session yet). */
  secondStep: () => [...accountSecurityKeys.all, 'second-step'] as const,
};

export const accessTokenKeys = {
  all: ['access-tokens'] as const,
  list: () => [...accessTokenKeys.all, 'list'] as const,
};

export const alertKeys = {
  all: ['alerts'] as const,
  list: () => [...alertKeys.all, 'list'] as const,
};

export const auditLogKeys = {
  all: ['audit-log'] as const,
  list: (query: Filters) => [...auditLogKeys.all, 'list', query] as const,
};
