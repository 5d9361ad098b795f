/** The demo super admin's authenticator key in the end-to-end servers (SKYLOG_DEMO_AUTHENTICATOR_KEY). */
export const demoAuthenticatorKey = 'KRSXG5CTKFPUYZLZJ5XWIZLBNRUWG3TP';
