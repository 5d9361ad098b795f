/**
 * The accounts module has no routes and decides nothing: it writes and checks the rows of a sign-in (better-auth's
 * identity and credential, and the Skylog person) for registration, invitations, e-mail changes, people and the
 * demo seed, always inside its caller's transaction. Its public functions are these, as the repository has them.
 */
export { deleteAuthUser, insertAccount, insertMember, isEmailTaken, type NewAccount, type NewMember } from './accounts.repository.ts';
