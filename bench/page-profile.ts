import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Where the main thread's time went, largest first. */
export type TimeShare = { name: string; ms: number };

const base64Digits = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Source map v3 "mappings": per generated line, the [column, source index, source line] segments, in column order. */
function decodeMappings(mappings: string): [number, number, number][][] {
  let sourceIndex = 0;
  let sourceLine = 0;
  return mappings.split(';').map((line) => {
    let column = 0;
    const segments: [number, number, number][] = [];
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const values: number[] = [];
      let value = 0;
      let shift = 0;
      for (const character of segment) {
        const digit = base64Digits.indexOf(character);
        value += (digit & 31) << shift;
        if (digit & 32) {
          shift += 5;
        } else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += values[0]!;
      if (values.length > 1) {
        sourceIndex += values[1]!;
        sourceLine += values[2]!;
        segments.push([column, sourceIndex, sourceLine]);
      }
    }
    return segments;
  });
}

/** The original source of a place in a built asset, through the build's source maps (vite writes them next to the assets). */
function createSourceLocator(webDistDir: string) {
  const maps = new Map<string, { sources: string[]; lines: [number, number, number][][] } | null>();
  return (assetPath: string, line: number, column: number): { source: string; line: number } | null => {
    if (!maps.has(assetPath)) {
      const file = path.join(webDistDir, `${assetPath}.map`);
      const map = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { sources: string[]; mappings: string }) : null;
      maps.set(assetPath, map ? { sources: map.sources, lines: decodeMappings(map.mappings) } : null);
    }
    const map = maps.get(assetPath);
    const segments = map?.lines[line];
    if (!map || !segments || segments.length === 0) return null;
    let found = segments[0]!;
    for (const segment of segments) {
      if (segment[0] > column) break;
      found = segment;
    }
    const source = map.sources[found[1]];
    return source === undefined ? null : { source, line: found[2] + 1 };
  };
}

/** A package name for dependencies (`uplot`, `@tanstack/query-core`), the path under src/ for the app's own code. */
function moduleOf(source: string): string {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (inPackage) return inPackage[1]!;
  return shortPath(source);
}

/** The path after node_modules/ or src/. */
function shortPath(source: string): string {
  return /(?:node_modules|src)\/(.+)$/.exec(source)?.[1] ?? source;
}

/** The parts of a DevTools protocol CPU profile (Profiler.stop) read here. */
export type CpuProfile = {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
};

/** Self time of a sampled CPU profile by original module and by function (native work stays "(program)"). */
export function summarizeCpuProfile(profile: CpuProfile, webDistDir: string): { byModule: TimeShare[]; byFunction: TimeShare[] } {
  const locate = createSourceLocator(webDistDir);
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byModule = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  samples.forEach((id, index) => {
    const frame = nodes.get(id)!.callFrame;
    const ms = (deltas[index + 1] ?? 0) / 1000;
    const assetPath = frame.url ? new URL(frame.url).pathname : '';
    const original = assetPath ? locate(assetPath, frame.lineNumber, frame.columnNumber) : null;
    const module = original ? moduleOf(original.source) : assetPath || frame.functionName || '(anonymous)';
    byModule.set(module, (byModule.get(module) ?? 0) + ms);
    const place = original ? `${shortPath(original.source)}:${original.line}` : assetPath;
    // A chunk's own top level starts at its first character: name the chunk, not the first module in it.
    const isTopLevel = !frame.functionName && frame.lineNumber === 0 && frame.columnNumber === 0;
    const name = isTopLevel
      ? `(top level of ${assetPath})`
      : place
        ? `${frame.functionName || '(anonymous)'} (${place})`
        : frame.functionName || '(anonymous)';
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  });
  return { byModule: top(byModule, 12), byFunction: top(byFunction, 12) };
}

type TraceEvent = { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: { name?: string } };

/**
 * Self time of the renderer main thread's trace events by kind (script, style, layout, paint, parse, GC…):
 * the work a CPU profile shows only as "(program)".
 */
export function summarizeTrace(trace: Buffer): TimeShare[] {
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const mainThreads = new Set(
    events
      .filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const byThread = new Map<string, TraceEvent[]>();
  for (const event of events) {
    const thread = `${event.pid}:${event.tid}`;
    if (event.ph !== 'X' || event.dur === undefined || !mainThreads.has(thread)) continue;
    byThread.set(thread, [...(byThread.get(thread) ?? []), event]);
  }
  // The page's renderer is the busiest one.
  const busiest = [...byThread.values()].sort((a, b) => sum(b.map((event) => event.dur!)) - sum(a.map((event) => event.dur!)))[0] ?? [];
  busiest.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const selfTimes = new Map<string, number>();
  const stack: { event: TraceEvent; childMs: number }[] = [];
  const close = (entry: { event: TraceEvent; childMs: number }) => {
    const ms = entry.event.dur! / 1000;
    selfTimes.set(entry.event.name, (selfTimes.get(entry.event.name) ?? 0) + ms - entry.childMs);
    const parent = stack.at(-1);
    if (parent) parent.childMs += ms;
  };
  for (const event of busiest) {
    while (stack.length > 0 && stack.at(-1)!.event.ts + stack.at(-1)!.event.dur! <= event.ts) close(stack.pop()!);
    stack.push({ event, childMs: 0 });
  }
  while (stack.length > 0) close(stack.pop()!);
  return top(selfTimes, 12);
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

function top(entries: Map<string, number>, count: number): TimeShare[] {
  return [...entries]
    .filter(([name]) => name !== '(idle)')
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => ({ name, ms }));
}
