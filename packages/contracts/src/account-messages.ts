/**
 * Account security's texts (two-step sign-in, recovery codes, sessions, sign-in providers), apart
 * from `messages` so every page's first script does not carry them.
 */
export const accountMessages = {
  twoFactorSetupRequired: 'Your account signs in with a second step. Set up an authenticator app in Account security to continue.',
  twoFactorCodeWrong: 'This code is not right. Check the time on your phone and enter the newest code from your authenticator app.',
  twoFactorCodeReused: 'This code has already been used. Wait for the next code from your authenticator app.',
  recoveryCodeWrong: 'This recovery code is not right or has already been used.',
  twoFactorStepExpired: 'Your sign-in has expired. Enter your e-mail and password again.',
  twoFactorTooManyCodes: 'Too many wrong codes. Enter your e-mail and password again.',
  twoFactorAlreadyEnrolled: 'You already have an authenticator app. Remove it before adding another.',
  twoFactorNotPending: 'There is no authenticator app waiting to be confirmed. Add one first.',
  twoFactorNotOn: 'Two-step sign-in is not on for your account. Add an authenticator app first.',
  factorNotFound: 'Factor not found',
  factorRequired: 'Your account must keep an authenticator app (super admins, and administrators of a school that requires it): this is your only one.',
  sessionNotFound: 'Session not found',
  providerEmailNotVerified:
    'This account could not be linked: its provider has not verified the e-mail address, or it is not the address of your Skylog account. Sign in with your e-mail and password.',
  providerNoAccount:
    'No Skylog account or open invitation uses this e-mail address, or its provider has not verified it. Ask your school for an invitation, then sign in.',
  providerSignInExpired: 'This sign-in was interrupted or has expired, and no one was signed in. Start again.',
  providerSignInFailed: 'Signing in with this provider did not work, and no one was signed in. Try again, or use your e-mail and password.',
  identityNotFound: 'Connected account not found',
  sessionNotFresh: 'For your safety, sign out and sign in again before you remove your authenticator app.',
  signInPolicyNeedsOwnFactor: 'Set up your own authenticator app first (Account security): the requirement applies to you too.',
  currentSessionNotHere: 'This is the session you are using. Use Logout to end it.',
  phoneInvalid: 'Enter the mobile number with its country code, such as +44 7700 900123',
  phoneAlreadyEnrolled: 'You already have a phone for sign-in codes. Remove it before adding another.',
  phoneAlreadyVerified: 'This phone is already confirmed.',
  phoneChallengeNeeded: 'Send a code to your phone first.',
  phoneCodeWrong: 'This code is not right. Enter the code from the newest text message from Skylog.',
  phoneCodeExpired: 'This code has expired or was replaced by a newer one. Send a new code.',
  phoneCodeTooManyTries: 'Too many wrong codes. Send a new code.',
  phoneNotForSignIn: 'Your account has no confirmed phone. Use your authenticator app or a recovery code.',
  authenticatorNeedsNoChallenge: 'An authenticator app needs no code sent: enter the code it shows.',
  smsNotSent: 'The text message could not be sent. Check the number, or try again in a few minutes.',
} as const;

/** A phone gets at most `limits.phoneCodesPerWindow` codes per window: texts cost money and can pester. */
export function phoneCodesRateLimitedMessage(minutes: number): string {
  return `Too many codes were sent to this phone. Wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} before you ask for another.`;
}

/** After too many wrong second-step codes the account waits (better-auth's lockout, limits.twoFactorLockMinutes). */
export function twoFactorLockedMessage(minutes: number): string {
  return `Too many wrong codes. For your safety, wait ${minutes} minutes before you try again.`;
}
