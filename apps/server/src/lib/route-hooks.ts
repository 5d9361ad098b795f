import type { onRequestHookHandler, onSendHookHandler, RouteOptions } from 'fastify';
import { isSafeMethod } from './safe-methods.ts';

type Hook = onRequestHookHandler | onSendHookHandler;

/** Skylog's own request checks, told apart from hooks a route or a library (compression) brings. */
const checks = new WeakSet<Hook>();

/**
 * Gives one route one of Skylog's request checks, from an `onRoute` hook, so each route runs only the checks it
 * needs — a health check none, a GET no cross-site check — decided once when the route is registered instead of
 * on every request. Skylog's checks run before the route's own hooks (a tus route's header checks, compression),
 * in the order their plugins were registered, as global hooks would. A new array each time: Fastify copies a GET
 * route's options for its HEAD route before the hooks run, and that copy must not gain the GET's checks twice.
 */
export function addRouteCheck<Name extends 'onRequest' | 'onSend'>(
  route: RouteOptions,
  name: Name,
  hook: Name extends 'onRequest' ? onRequestHookHandler : onSendHookHandler,
): void {
  checks.add(hook);
  const present = [route[name] ?? []].flat() as Hook[];
  const next = [...present.filter((each) => checks.has(each)), hook, ...present.filter((each) => !checks.has(each))];
  (route as Record<Name, unknown>)[name] = next;
}

/** The route's methods in capitals (a route may declare several). */
export function methodsOf(route: Pick<RouteOptions, 'method'>): string[] {
  return [route.method].flat().map((method) => String(method).toUpperCase());
}

/** Whether a route answers a method that may change something (the cross-site check, the session cache's wait). */
export const isChangingRoute = (route: Pick<RouteOptions, 'method'>) => methodsOf(route).some((method) => !isSafeMethod(method));
