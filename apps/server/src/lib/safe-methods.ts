/** Methods that change nothing (RFC 9110 §9.2.1): no cross-site check, nothing for the session cache to wait for. */
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export const isSafeMethod = (method: string) => safeMethods.has(method);
