/**
 * The speech-to-text provider of the end-to-end run: the local server that speaks Deepgram's
 * pre-recorded API (apps/server/test/support), which the app reaches through the real Deepgram SDK.
 * Usage: node --import tsx e2e/fake-providers.ts <port>
 */
import { startFakeDeepgramServer } from '../apps/server/test/support/fake-deepgram-server.ts';


const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) throw new Error('usage: fake-providers.ts <port>');
await startFakeDeepgramServer({ apiKey: 'e2e-deepgram-key', port });
process.stdout.write(`fake Deepgram on http://127.0.0.1:${port}\n`);
