import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messages, transcriptionListSchema, transcriptStateSchema, tripAnalysisSchema } from '@skylog/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema/index.ts';
import { createSchool } from './factories.ts';
import { createTestApp } from './helper.ts';
import { sessions } from './people-helper.ts';
import { deepgramSampleTranscript, startFakeDeepgramServer, type FakeDeepgramServer } from './support/fake-deepgram-server.ts';
import { openAiSampleDraft, startFakeOpenAiServer, whisperSampleTranscript, type FakeOpenAiServer } from './support/fake-openai-server.ts';
import { makeTone, straightTrack, tripsApi, uploadsApi } from './trips-helper.ts';

/**
 * Transcript generation end to end (docs/product.md "Transcription and automatic notes"): POST → queued job → the
 * provider over real HTTP through its official SDK (local servers speaking Deepgram's and OpenAI's wire formats) → the
 * stored, Deepgram-shaped transcript, its sentences (GET /api/transcriptions) and a new analysis.
 */
describe('transcript generation through Deepgram, Whisper and none', () => {
  let deepgram: FakeDeepgramServer;
  let openai: FakeOpenAiServer;
  let workDir: string;
  let tone: Buffer;

  beforeAll(async () => {
    deepgram = await startFakeDeepgramServer();
    openai = await startFakeOpenAiServer();
    workDir = await mkdtemp(path.join(tmpdir(), 'skylog-transcription-'));
  });
  afterAll(async () => {
    await deepgram.close();
    await openai.close();
    await rm(workDir, { recursive: true, force: true });
  });

  /** An app with the given providers, a school of its own, a student's flight with 20 s of audio. */
  async function setUp(env: Record<string, string>) {
    const t = await createTestApp({ seed: false, env });
    const s = sessions(() => t);
    const school = await createSchool(t, s, 'Transcription Academy');
    const student = await school.addPerson('student');
    const instructor = await school.addPerson('instructor');
    const api = tripsApi(() => t, s);
    const trip = await api.create(school.owner, {
      trip_name: 'Circuits with radio',
      left_seat: student.id,
      right_seat: instructor.id,
      points: straightTrack({ start: Date.parse('2026-06-01T10:00:00Z'), count: 30 }),
    });
    tone ??= await makeTone(t.ctx.audioTools.ffmpegPath!, workDir, 'tone.opus', 20, ['-c:a', 'libopus']);
    const uploaded = await uploadsApi(() => t).upload({ cookie: await s.as(school.owner) }, trip.trip_id, tone, 'cockpit.opus');
    expect(uploaded.state.status).toBe('done');
    await t.ctx.jobs.drain();
    const transcribe = (email: string) => s.call(email, 'POST', `/api/trips/${trip.trip_id}/transcription`);
    const state = async (email = school.owner) => transcriptStateSchema.parse((await s.call(email, 'GET', `/api/trips/${trip.trip_id}/transcription`)).json());
    return { t, s, school, student, instructor, api, tripId: trip.trip_id, transcribe, state };
  }

  describe('with Deepgram', () => {
    let world: Awaited<ReturnType<typeof setUp>>;
    beforeAll(async () => {
      world = await setUp({ DEEPGRAM_API_KEY: deepgram.apiKey, DEEPGRAM_BASE_URL: deepgram.url });
    });
    afterAll(async () => world.t.close());

    it('queues one job: transcript_in_progress is true until it ends, a second request is refused', async () => {
      const { transcribe, state, t, school } = world;
      const before = deepgram.requests.length;
      const queued = await transcribe(school.owner);
      expect(queued.statusCode, queued.body).toBe(202);
      expect(transcriptStateSchema.parse(queued.json())).toMatchObject({ transcript_in_progress: true, has_transcript: false, transcript_error: null });
      const second = await transcribe(school.owner);
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toBe(messages.transcriptAlreadyRunning);

      await t.ctx.jobs.drain();
      expect(deepgram.requests.length - before).toBe(1);
      expect(await state()).toMatchObject({ transcript_in_progress: false, has_transcript: true, transcript_error: null });
    });

    it('sends the whole file with diarization, punctuation and the aviation keyterms, and stores the Deepgram answer', async () => {
      const { api, student, tripId } = world;
      const request = deepgram.requests.at(-1)!;
      expect(request.isAuthorized).toBe(true);
      expect(request.isBodyComplete).toBe(true);
      expect(request.bodyBytes).toBeGreaterThan(1000);
      expect(request.query.diarize).toEqual(['true']);
      expect(request.query.punctuate).toEqual(['true']);
      expect(request.query.keyterm).toEqual(expect.arrayContaining(['November', 'niner', 'squawk']));
      const trip = await api.get(student.email, tripId);
      expect((await api.transcript(student.email, tripId))?.results.channels[0]?.alternatives[0]?.transcript).toBe(deepgramSampleTranscript);
      expect(trip.transcript_in_progress).toBe(false);
    });

    it('lists the transcription as sentences for those who may read the trip, and for nobody else', async () => {
      const { s, student, school, tripId, t } = world;
      const mine = transcriptionListSchema.parse((await s.call(student.email, 'GET', '/api/transcriptions')).json());
      expect(mine.total).toBe(1);
      expect(mine.items[0]).toMatchObject({ audio_log_id: tripId, trip_name: 'Circuits with radio' });
      expect(mine.items[0]!.transcription_sentences.length).toBeGreaterThanOrEqual(2);
      expect(mine.items[0]!.transcription_sentences[0]).toMatchObject({ speaker: 0, text: expect.stringContaining('Tower,') });

      const classmate = await school.addPerson('student');
      const theirs = transcriptionListSchema.parse((await s.call(classmate.email, 'GET', '/api/transcriptions')).json());
      expect(theirs).toEqual({ items: [], total: 0 });
      const other = await createSchool(t, s, 'Other Field Academy');
      const outside = transcriptionListSchema.parse((await s.call(other.owner, 'GET', `/api/transcriptions?trip_id=${tripId}`)).json());
      expect(outside).toEqual({ items: [], total: 0 });
    });

    it('analyses the flight again once the transcript is stored, and keeps the notes on the Transcription', async () => {
      const { s, student, tripId } = world;
      const analysis = tripAnalysisSchema.parse((await s.call(student.email, 'GET', `/api/trips/${tripId}/analysis`)).json());
      expect(analysis.ai_status).toBe('ready');
      expect(analysis.ai_source).toBe('rules');
      expect(analysis.analysis?.limitations).not.toContain(messages.analysisNoTranscript);
      // The sample's tower clears the Skyhawk for take-off and nobody reads it back.
      const readback = analysis.ai_teachable_moments.find((moment) => moment.kind === 'readback');
      expect(readback).toMatchObject({ title: 'Readback missing', tone: 'improve', readback: { status: 'missing' } });
      expect(analysis.ai_draft?.improve).toContainEqual({ moment_id: readback!.id, text: expect.stringContaining('Readback missing') });
      const [transcription] = transcriptionListSchema.parse((await s.call(student.email, 'GET', '/api/transcriptions')).json()).items;
      expect(transcription!.ai_notes).toContain('Readback missing');
    });

    it('only those who may edit the flight may ask; others get 404, as for the flight itself', async () => {
      const { transcribe, school, t, s } = world;
      const classmate = await school.addPerson('student');
      expect((await transcribe(classmate.email)).statusCode).toBe(404);
      const other = await createSchool(t, s, 'Elsewhere Aero Club');
      expect((await transcribe(other.owner)).statusCode).toBe(404);
    });

    it.each([
      ['a refused key', { kind: 'error', status: 401, message: 'Invalid credentials.' } as const, 'Failed to generate transcript: Unauthorized: check DEEPGRAM_API_KEY'],
      ['an answer that is not JSON', { kind: 'malformed-json' } as const, 'Failed to generate transcript: The transcription service sent an answer Skylog cannot read'],
    ])('%s fails at once (no retry): the flag goes off and the reason is kept in docs/product-spec.md §8 words', async (_name, reply, message) => {
      const { transcribe, state, t, school } = world;
      deepgram.reply(reply);
      const before = deepgram.requests.length;
      expect((await transcribe(school.owner)).statusCode).toBe(202);
      await t.ctx.jobs.drain();
      expect(deepgram.requests.length - before).toBe(1);
      const after = await state();
      expect(after.transcript_in_progress).toBe(false);
      expect(after.transcript_error).toContain(message);
      // The transcript it had stays.
      expect(after.has_transcript).toBe(true);
    });

    it.each([
      ['429', { kind: 'error', status: 429 } as const],
      ['500', { kind: 'error', status: 500 } as const],
    ])('a %s is retried with back-off and then succeeds, nothing lost', async (_name, reply) => {
      const { transcribe, state, t, school } = world;
      deepgram.reply(reply);
      const before = deepgram.requests.length;
      expect((await transcribe(school.owner)).statusCode).toBe(202);
      await t.ctx.jobs.drain();
      expect(deepgram.requests.length - before).toBe(1);
      expect((await state()).transcript_in_progress).toBe(true);
      // The back-off is 10 s: bring the retry forward instead of waiting.
      const [waiting] = await t.ctx.db.select().from(jobs).where(eq(jobs.kind, 'transcript.generate')).orderBy(sql`${jobs.id} desc`).limit(1);
      expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
      await t.ctx.db.update(jobs).set({ runAfter: sql`now()` }).where(eq(jobs.id, waiting!.id));
      await t.ctx.jobs.drain();
      expect(deepgram.requests.length - before).toBe(2);
      expect(await state()).toMatchObject({ transcript_in_progress: false, has_transcript: true, transcript_error: null });
    });

    it('audio with no speech gives an empty transcript, not a failure', async () => {
      const { transcribe, state, t, school, api, tripId } = world;
      deepgram.reply({ kind: 'no-speech' });
      expect((await transcribe(school.owner)).statusCode).toBe(202);
      await t.ctx.jobs.drain();
      expect(await state()).toMatchObject({ transcript_in_progress: false, has_transcript: true, transcript_error: null });
      expect((await api.transcript(school.owner, tripId))?.results.channels[0]?.alternatives[0]?.words).toEqual([]);
    });

    it('words out of order or overlapping are stored in order, none overlapping', async () => {
      const { transcribe, t, school, api, tripId } = world;
      deepgram.reply({ kind: 'words-out-of-order' });
      expect((await transcribe(school.owner)).statusCode).toBe(202);
      await t.ctx.jobs.drain();
      const words = (await api.transcript(school.owner, tripId))!.results.channels[0]!.alternatives[0]!.words;
      expect(words.length).toBeGreaterThan(5);
      for (let index = 1; index < words.length; index += 1) {
        expect(words[index]!.start).toBeGreaterThanOrEqual(words[index - 1]!.end);
        expect(words[index]!.end).toBeGreaterThanOrEqual(words[index]!.start);
      }
    });
  });

  it('with a Whisper server: verbose_json word times become the Deepgram-shaped transcript', async () => {
    const world = await setUp({ WHISPER_BASE_URL: openai.url, WHISPER_API_KEY: openai.apiKey!, WHISPER_MODEL: 'whisper-large-v3' });
    try {
      expect((await world.transcribe(world.school.owner)).statusCode).toBe(202);
      await world.t.ctx.jobs.drain();
      const request = openai.requests.filter((entry) => entry.path === '/v1/audio/transcriptions').at(-1)!;
      expect(request.fields.model).toEqual(['whisper-large-v3']);
      expect(request.fields.response_format).toEqual(['verbose_json']);
      expect(request.file?.bytes).toBeGreaterThan(1000);
      const alternative = (await world.api.transcript(world.school.owner, world.tripId))?.results.channels[0]?.alternatives[0];
      expect(alternative?.transcript).toBe(whisperSampleTranscript);
      expect(alternative?.words[0]).toMatchObject({ word: 'Tower', start: 0.32 });
    } finally {
      await world.t.close();
    }
  });

  it('with no provider: the request is refused, naming the variables to an administrator only, and nothing is queued', async () => {
    const world = await setUp({});
    try {
      const config = await world.t.request({ method: 'GET', url: '/api/client-config' });
      expect(config.json()).toMatchObject({ transcription_provider: 'none', ai_notes_provider: 'rules' });
      const refused = await world.transcribe(world.school.owner);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'not_configured', message: messages.transcriptNotConfigured });
      expect(refused.json().message).toContain('DEEPGRAM_API_KEY');
      expect(refused.json().message).toContain('WHISPER_BASE_URL');
      // The crew may ask too, and are told whom to ask: configuration is not theirs to read
      // (docs/product.md "Transcription and automatic notes").
      for (const { email } of [world.student, world.instructor]) {
        const crewRefused = await world.transcribe(email);
        expect(crewRefused.statusCode).toBe(409);
        expect(crewRefused.json()).toMatchObject({ code: 'not_configured', message: messages.transcriptNotSetUp });
        expect(crewRefused.json().message).not.toMatch(/DEEPGRAM|WHISPER|restart/);
      }
      const queued = await world.t.ctx.db.select().from(jobs).where(eq(jobs.kind, 'transcript.generate'));
      expect(queued).toEqual([]);
      expect((await world.state()).transcript_in_progress).toBe(false);
    } finally {
      await world.t.close();
    }
  });

  it('with a chat model: the notes are worded by the model from the analysis; a model that answers nonsense twice leaves the rules draft', async () => {
    const world = await setUp({ DEEPGRAM_API_KEY: deepgram.apiKey, DEEPGRAM_BASE_URL: deepgram.url, LLM_BASE_URL: openai.url, LLM_API_KEY: openai.apiKey!, LLM_MODEL: 'gpt-test' });
    try {
      const analysisOf = async () =>
        tripAnalysisSchema.parse((await world.s.call(world.school.owner, 'GET', `/api/trips/${world.tripId}/analysis`)).json());
      // The flight was analysed when it was made, through the model too.
      const first = await analysisOf();
      expect(first).toMatchObject({ ai_status: 'ready', ai_source: 'llm', ai_error: null });
      expect(first.ai_draft?.improve[0]?.text).toBe(openAiSampleDraft.improve[0]!.text);
      // A moment id the analysis does not have links nowhere, so it is dropped.
      expect(first.ai_draft?.well[0]?.moment_id).toBeNull();
      const chat = openai.requests.filter((entry) => entry.path === '/v1/chat/completions').at(-1)!;
      expect(chat.json).toMatchObject({ model: 'gpt-test', response_format: { type: 'json_schema' } });

      openai.replyChat({ kind: 'success', content: 'Great flight!' }, { kind: 'success', content: { well: 'not a list' } });
      expect((await world.transcribe(world.school.owner)).statusCode).toBe(202);
      await world.t.ctx.jobs.drain();
      const second = await analysisOf();
      expect(second).toMatchObject({ ai_status: 'ready', ai_source: 'rules' });
      expect(second.ai_error).toMatch(/^The language model could not draft notes \(.+\)\. The automatic analysis stands\.$/);
      expect(JSON.stringify(second)).not.toContain('Great flight!');
    } finally {
      await world.t.close();
    }
  });
});
