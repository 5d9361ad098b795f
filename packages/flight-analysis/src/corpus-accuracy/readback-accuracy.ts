import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Utterance } from '@skylog/contracts';
import { z } from 'zod';
import { readbackVerdict, type ReadbackVerdict } from './corpus-adapters.ts';

/**
 * The readback checker measured against real pilot–controller exchanges labelled by hand. Each corpus file
 * holds one source's exchanges: the ATC instruction being judged, what was heard next on the frequency, the
 * callsign it was addressed to and the true verdict (bench/corpus/readbacks, when committed).
 *
 * Scoring convention. A finding is the checker calling an instruction's readback anything but correct;
 * "unclear" (a transcript it cannot judge) is not a fault. Precision: of the instructions the checker called
 * missing, incomplete or wrong, the share whose true label is not "correct". Recall: of the instructions whose
 * true label is not "correct", the share the checker called missing, incomplete or wrong, so an "unclear" on a
 * real fault is a miss. Exact class: the share of instructions given exactly their true label.
 */

export const readbackCorpusDir = fileURLToPath(new URL('../../../../bench/corpus/readbacks/', import.meta.url));

export const readbackLabels = ['correct', 'incomplete', 'wrong', 'missing'] as const;
export type ReadbackLabel = (typeof readbackLabels)[number];
export const readbackVerdicts: readonly ReadbackVerdict[] = [...readbackLabels, 'unclear'];

const exchangeSchema = z.object({
  id: z.string().min(1),
  facility: z.string(),
  transmissions: z
    .array(z.object({ speaker: z.enum(['atc', 'pilot']), callsign: z.string().nullable().optional(), text: z.string() }))
    .min(1)
    .refine(([first]) => first?.speaker === 'atc', 'the first transmission must be the ATC instruction'),
  addressee: z.string(),
  label: z.enum(readbackLabels),
  elements: z.array(z.string()),
});
const corpusSchema = z.object({ source: z.object({ title: z.string() }).loose(), exchanges: z.array(exchangeSchema) });

export type ReadbackExchange = z.infer<typeof exchangeSchema>;
export type ReadbackSource = { name: string; title: string; exchanges: ReadbackExchange[] };

/** Every `*.json` corpus file in the folders that exist, in name order; a file that does not match the format is an error. */
export function readReadbackSources(dirs: readonly string[]): ReadbackSource[] {
  return dirs
    .filter((dir) => existsSync(dir))
    .flatMap((dir) =>
      readdirSync(dir)
        .filter((name) => name.endsWith('.json'))
        .sort()
        .map((name) => {
          const file = path.join(dir, name);
          const parsed = corpusSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
          if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error)}`);
          return { name: path.basename(name, '.json'), title: parsed.data.source.title, exchanges: parsed.data.exchanges };
        }),
    );
}

/** Spacing of the transmissions on the checker's clock: a second of silence between them, well inside its wait for a reply. */
const transmissionMs = 3000;
const pauseMs = 1000;
const atcSpeaker = 0;

/**
 * The exchange as a diarised transcript: ATC is one speaker, each pilot callsign its own; a pilot the
 * transcript does not name is a speaker of their own, like no one else on the frequency.
 */
export function toUtterances(exchange: ReadbackExchange): Utterance[] {
  const speakerOfCallsign = new Map<string, number>();
  let nextSpeaker = atcSpeaker + 1;
  const speakerOf = ({ speaker, callsign }: ReadbackExchange['transmissions'][number]): number => {
    if (speaker === 'atc') return atcSpeaker;
    const key = callsign?.trim().toLowerCase();
    if (!key) return nextSpeaker++;
    const known = speakerOfCallsign.get(key) ?? nextSpeaker++;
    speakerOfCallsign.set(key, known);
    return known;
  };
  return exchange.transmissions.map((transmission, index) => {
    const start = index * (transmissionMs + pauseMs);
    return { start, end: start + transmissionMs, speaker: speakerOf(transmission), text: transmission.text };
  });
}

export type ReadbackCase = { source: string; id: string; label: ReadbackLabel; verdict: ReadbackVerdict };

export const judgeExchange = (source: string, exchange: ReadbackExchange): ReadbackCase => {
  const utterances = toUtterances(exchange);
  return {
    source,
    id: exchange.id,
    label: exchange.label,
    verdict: readbackVerdict(utterances, new Set([atcSpeaker]), utterances[0]!, exchange.addressee),
  };
};

export type ReadbackScore = {
  pairs: number;
  /** Instructions the checker called missing, incomplete or wrong. */
  flagged: number;
  /** Instructions whose true label is not "correct". */
  faults: number;
  /** Flagged instructions that were true faults. */
  truePositives: number;
  exact: number;
  precision: number | null;
  recall: number | null;
  exactClass: number | null;
  /** Count of instructions per true label (rows) and verdict (columns). */
  confusion: Record<ReadbackLabel, Record<ReadbackVerdict, number>>;
};

const isFlag = (verdict: ReadbackVerdict) => verdict !== 'correct' && verdict !== 'unclear';
const share = (part: number, whole: number) => (whole === 0 ? null : part / whole);

export function scoreReadbackCases(cases: readonly ReadbackCase[]): ReadbackScore {
  const confusion = Object.fromEntries(
    readbackLabels.map((label) => [label, Object.fromEntries(readbackVerdicts.map((verdict) => [verdict, 0]))]),
  ) as ReadbackScore['confusion'];
  let flagged = 0;
  let faults = 0;
  let truePositives = 0;
  let exact = 0;
  for (const { label, verdict } of cases) {
    confusion[label][verdict] += 1;
    const isFault = label !== 'correct';
    if (isFlag(verdict)) flagged += 1;
    if (isFault) faults += 1;
    if (isFault && isFlag(verdict)) truePositives += 1;
    if (label === verdict) exact += 1;
  }
  return {
    pairs: cases.length,
    flagged,
    faults,
    truePositives,
    exact,
    precision: share(truePositives, flagged),
    recall: share(truePositives, faults),
    exactClass: share(exact, cases.length),
    confusion,
  };
}

export type ReadbackAccuracy = {
  sources: (ReadbackScore & { name: string; title: string })[];
  total: ReadbackScore;
  cases: ReadbackCase[];
};

export function scoreReadbackSources(sources: readonly ReadbackSource[]): ReadbackAccuracy {
  const bySource = sources.map((source) => ({ source, cases: source.exchanges.map((exchange) => judgeExchange(source.name, exchange)) }));
  const cases = bySource.flatMap(({ cases: judged }) => judged);
  return {
    sources: bySource.map(({ source, cases: judged }) => ({ name: source.name, title: source.title, ...scoreReadbackCases(judged) })),
    total: scoreReadbackCases(cases),
    cases,
  };
}
