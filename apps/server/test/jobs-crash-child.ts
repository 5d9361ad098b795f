/**
 * A worker process for jobs.test.ts to kill: it claims a job, leaves a marker in the job's work
 * folder, prints the folder and then hangs until killed.
 * Usage: node --import tsx jobs-crash-child.ts <databaseUrl> <workRoot>
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { openDatabase } from '../src/db/client.ts';
import { startJobWorker } from '../src/jobs/job-queue.ts';

const [databaseUrl, workRoot] = process.argv.slice(2);
if (!databaseUrl || !workRoot) throw new Error('usage: jobs-crash-child.ts <databaseUrl> <workRoot>');
const { db } = await openDatabase({ databaseUrl });
startJobWorker(
  db,
  {
    'audio.process': {
      run: async (job) => {
        await writeFile(path.join(job.workDir, 'marker'), String(process.pid));
        process.stdout.write(`${job.workDir}\n`);
        await new Promise(() => {});
      },
    },
    'transcript.generate': { run: async () => undefined },
    'analysis.requeue-stale': { run: async () => undefined },
    'trip.analyse': { run: async () => undefined },
  },
  { workRoot, pollMs: 50, leaseMs: 1500 },
);
