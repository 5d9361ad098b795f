import http from 'node:http';
import { appOrigin, type TestApp } from '../helper.ts';
import { listeningPort } from '../trips-helper.ts';

export type Answer = { statusCode: number; body: string };

function requestOnce(
  agent: http.Agent,
  port: number,
  options: { method: string; path: string; headers: Record<string, string>; body?: Buffer },
  timeoutMs: number,
): Promise<Answer> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      request.destroy();
      resolve({ statusCode: 0, body: `no answer within ${timeoutMs} ms` });
    }, timeoutMs);
    const request = http.request(
      { host: '127.0.0.1', port, agent, method: options.method, path: options.path, headers: { origin: appOrigin, ...options.headers } },
      (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        response.on('end', () => {
          clearTimeout(timer);
          resolve({ statusCode: response.statusCode ?? 0, body });
        });
      },
    );
    request.on('error', () => {
      // The server may close the connection while the rest of a refused body is still being written: the answer already came, or the timer reports none.
    });
    request.end(options.body);
  });
}

/**
 * One request over a real, kept-alive connection, then a health check on that same connection:
 * a server that refuses a body half-way must answer and either close the connection or leave it
 * usable, as a browser reuses it for the next request.
 */
export async function sendOverKeptAliveConnection(
  t: TestApp,
  options: { method: string; path: string; headers: Record<string, string>; body?: Buffer },
  timeoutMs: number,
): Promise<{ answer: Answer; next: Answer }> {
  const port = await listeningPort(t);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const answer = await requestOnce(agent, port, options, timeoutMs);
    const next = await requestOnce(agent, port, { method: 'GET', path: '/api/health', headers: {} }, timeoutMs);
    return { answer, next };
  } finally {
    agent.destroy();
  }
}
