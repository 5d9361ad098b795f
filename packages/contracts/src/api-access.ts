import { roleGroups, type Role } from './roles.ts';

/** Who may call an API operation. `authenticated` routes check scope in their service. */
export type ApiAccess = 'public' | 'authenticated' | readonly Role[];

const { orgAdmins, allAdmins, specAdmins, flightRoles } = roleGroups;

/**
 * Every API operation and the roles that may call it; the server refuses to register a route
 * that names no entry here, and the RBAC screen renders this table.
 */
export const apiAccess = {
  'health.read': 'public',
  'openapi.read': 'public',
  'client-config.read': 'public',
  'registration.read-invitation': 'public',
  'registration.accept-invitation': 'public',
  'registration.register-school': 'public',
  // The link in the e-mail proves the new address; no session needed to open it.
  'registration.confirm-email-change': 'public',
  // Which second steps a pending sign-in may use; the step's own signed cookie names the person.
  'sign-in.second-step': 'public',
  'me.read': 'authenticated',
  'users.update-profile': 'authenticated',
  'me.change-email': 'authenticated',
  'orgs.list': 'authenticated',
  'orgs.read': 'authenticated',
  'orgs.switch': ['super_admin'],
  'orgs.create': ['super_admin'],
  'orgs.update': ['super_admin'],
  // Whether the organization's administrators must sign in with a second step.
  'orgs.read-sign-in-policy': orgAdmins,
  'orgs.update-sign-in-policy': orgAdmins,
  'sub-orgs.read': 'authenticated',
  'sub-orgs.list': allAdmins,
  'sub-orgs.create': orgAdmins,
  'sub-orgs.update': allAdmins,
  'sub-orgs.delete': orgAdmins,
  // Flights and hours per member: what a sub-organization page shows to admins who may not open flights.
  'sub-orgs.flight-stats': allAdmins,
  'users.list': [...allAdmins, 'instructor'],
  'users.read': 'authenticated',
  'users.change-role': orgAdmins,
  'users.assign': orgAdmins,
  'users.set-active': orgAdmins,
  'users.delete': [...orgAdmins, 'instructor'],
  'users.update-cable': orgAdmins,
  'relations.list': 'authenticated',
  'relations.create': [...orgAdmins, 'instructor'],
  'relations.delete': [...orgAdmins, 'instructor'],
  'invitations.create': [...allAdmins, 'instructor'],
  'invitations.list': allAdmins,
  'invitations.resend': allAdmins,
  'marker-categories.read': 'authenticated',
  'marker-categories.update': orgAdmins,
  'aircraft.list': 'authenticated',
  'aircraft.read': 'authenticated',
  'aircraft.create': orgAdmins,
  'aircraft.update': orgAdmins,
  'aircraft.delete': orgAdmins,
  // The audit log and alerts back the RBAC page, whose roles are docs/product-spec.md §6's admins.
  'alerts.acknowledge': specAdmins,
  'access-denials.create': 'authenticated',
  'audit.list': specAdmins,
  'alerts.list': specAdmins,
  // The school at a glance: docs/product-spec.md §6's Overview row.
  'overview.read': specAdmins,
  // Trips: everyone who opens flights reads what their scope holds (docs/product-decisions.md tenancy); services decide per trip.
  // Sub-organization admins never open one (the route table keeps them off the flight screens, and so does the API).
  'trips.list': flightRoles,
  'trips.read': flightRoles,
  // Sending a new flight (Audio Upload, the recorder): whoever has an organization; its service checks the crew.
  // A sub-organization admin sends one for a member and may then only add its recording (access-rules.ts).
  'trips.create': 'authenticated',
  'trips.import-track': 'authenticated',
  'trips.update': flightRoles,
  'trips.share': flightRoles,
  'trips.delete': flightRoles,
  'trips.export': flightRoles,
  // Whoever may debrief the flight (its service decides): the PDF to its students, audited.
  'trips.send-debrief': flightRoles,
  // Whoever may edit the trip (its service decides); the spec's GET /deepgramTranscription.
  'trips.transcribe': flightRoles,
  'trips.analysis': flightRoles,
  'transcriptions.list': flightRoles,
  'pilot-profiles.list': 'authenticated',
  // Whoever may see the person, counted in the flights the reader may see (its service decides).
  'users.training-record': 'authenticated',
  // Every student's flights of the organization or a sub-organization, as CSV: the organization's admins.
  'training-records.export': orgAdmins,
  'map-features.read': 'authenticated',
  'manual-markers.list': flightRoles,
  'manual-markers.create': flightRoles,
  'manual-markers.update': flightRoles,
  'speakers.read': flightRoles,
  'speakers.update': flightRoles,
  // A flight's resumable audio upload (tus 1.0): its services check the flight and that the upload is the caller's own.
  // What the server supports (OPTIONS) is the same for every flight and every caller: public, as tus clients ask it unauthenticated.
  'audio-uploads.options': 'public',
  'audio-uploads.create': 'authenticated',
  'audio-uploads.read': 'authenticated',
  'audio-uploads.append': 'authenticated',
  'audio-uploads.terminate': 'authenticated',
  'access-tokens.list': 'authenticated',
  'access-tokens.create': 'authenticated',
  'access-tokens.revoke': 'authenticated',
  // Account security: a person's own factors and sessions; nobody manages another's.
  'factors.list': 'authenticated',
  'factors.create': 'authenticated',
  'factors.challenge': 'authenticated',
  'factors.verify': 'authenticated',
  'factors.delete': 'authenticated',
  'factors.recovery-codes': 'authenticated',
  'sessions.list': 'authenticated',
  'sessions.revoke': 'authenticated',
  'sessions.revoke-others': 'authenticated',
  'identities.list': 'authenticated',
  'identities.unlink': 'authenticated',
  // Billing (ARCHITECTURE.md "Billing"): the organization pays; its admins manage the plan, every member sees its
  // status and whom to ask (a member of an unpaid school is held on a page that says so, whatever their role).
  // Plans and prices are public: a pricing page and registration show them.
  'billing.read': 'authenticated',
  'billing.products': 'public',
  'billing.price': 'public',
  'billing.checkout': orgAdmins,
  'billing.confirm-checkout': orgAdmins,
  'billing.subscriptions': orgAdmins,
  'billing.subscription': orgAdmins,
  'billing.update-subscription': orgAdmins,
  'billing.invoices': orgAdmins,
  'billing.invoice': orgAdmins,
  'billing.portal': orgAdmins,
  // A one-off item of the catalogue (the recorder cable), bought through Checkout in payment mode.
  'billing.purchase': orgAdmins,
  // Stripe calls it: the signature on the raw body is the proof, checked by the service.
  'billing.webhook': 'public',
} as const satisfies Record<string, ApiAccess>;

export type ApiOperation = keyof typeof apiAccess;

/**
 * What a personal access token (the recorder app) may do: send flights and read them back. Anything
 * else needs a signed-in browser session, so a leaked token cannot change people or settings.
 */
export const accessTokenOperations: readonly ApiOperation[] = [
  'me.read',
  'aircraft.list',
  'trips.list',
  'trips.read',
  'trips.create',
  'trips.import-track',
  'audio-uploads.create',
  'audio-uploads.read',
  'audio-uploads.append',
  'audio-uploads.terminate',
];

/**
 * Operations another server calls, proving itself by a signature over the body (Stripe's webhook): they act
 * as nobody's session, so the browser cross-site check does not apply to them.
 */
export const signedRequestOperations: readonly ApiOperation[] = ['billing.webhook'];

/**
 * What a super_admin who has not set up an authenticator app may do (docs/product-decisions.md #3): see who they are,
 * set one up, and end their sessions. Everything else answers `accountMessages.twoFactorSetupRequired`.
 */
export const twoFactorSetupOperations: readonly ApiOperation[] = [
  'me.read',
  // The shell's organization panel names the organization (read only).
  'orgs.list',
  'orgs.read',
  'factors.list',
  'factors.create',
  'factors.challenge',
  'factors.verify',
  'sessions.list',
  'sessions.revoke',
  'sessions.revoke-others',
  'identities.list',
];

/**
 * What a member of an organization without an active subscription may still do (docs/product-decisions.md #4): see who they
 * are, keep their own profile and account security, name their organization in the shell, and pay. Everything
 * else answers 402 `payment_required`. Public operations (registration, the plans, sign-in) need no session and
 * are never held; `users.update-profile` only for the person's own profile (`isOpenWhileUnpaid`).
 */
export const unpaidOperations: readonly ApiOperation[] = [
  'me.read',
  'users.update-profile',
  'me.change-email',
  'orgs.list',
  'orgs.read',
  // The top bar names a sub-organization admin's sub-organization, as it names everyone's organization.
  'sub-orgs.read',
  'factors.list',
  'factors.create',
  'factors.challenge',
  'factors.verify',
  'factors.delete',
  'factors.recovery-codes',
  'sessions.list',
  'sessions.revoke',
  'sessions.revoke-others',
  'identities.list',
  'identities.unlink',
  'access-tokens.list',
  'access-tokens.revoke',
  ...(Object.keys(apiAccess) as ApiOperation[]).filter((operation) => operation.startsWith('billing.')),
];

/** Whether an unpaid organization's member may call the operation; `isOwnRow`: the path names the caller themself. */
export function isOpenWhileUnpaid(operation: ApiOperation, isOwnRow: boolean): boolean {
  if (!unpaidOperations.includes(operation)) return false;
  return operation !== 'users.update-profile' || isOwnRow;
}

/** Whether a role may call an operation at all (the server still checks scope per row). */
export function canCallOperation(role: Role, operation: ApiOperation): boolean {
  const access: ApiAccess = apiAccess[operation];
  return access === 'public' || access === 'authenticated' || access.includes(role);
}
