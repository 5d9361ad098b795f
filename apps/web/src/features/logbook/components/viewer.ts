import type { Me, Role } from '@skylog/contracts';

/** Who is looking at a logbook: the screens ask the server per row, and the role for what it may call at all. */
export type LogbookViewer = {
  skylogId: string;
  role: Role;
  /** They sign in with an authenticator app, so a signature may take its code instead of the password. */
  hasAuthenticator: boolean;
};

export const logbookViewer = (me: Me): LogbookViewer => ({
  skylogId: me.skylog_id,
  role: me.user_type,
  hasAuthenticator: me.two_factor_enabled,
});
