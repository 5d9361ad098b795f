import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeOpenAiServer, openAiSampleDraft, startFakeOpenAiServer } from '../../../test/support/fake-openai-server.ts';
import { AiNotesError, createChatNotesProvider, debriefNotesJsonSchema } from './chat-notes-provider.ts';

describe('chat notes provider (OpenAI-compatible chat completions)', () => {
  let server: FakeOpenAiServer;
  const input = {
    system: 'You are a flight instructor writing debrief notes.',
    summary: 'Landing 1: float 9 s. Readback of the take-off clearance: complete.',
  };

  beforeAll(async () => {
    server = await startFakeOpenAiServer();
  });
  afterAll(() => server.close());
  beforeEach(() => void server.requests.splice(0));

  const provider = (options: { apiKey?: string; timeoutMs?: number } = {}) =>
    createChatNotesProvider({
      baseUrl: server.url,
      apiKey: options.apiKey ?? server.apiKey!,
      model: 'gpt-4o-mini',
      timeoutMs: options.timeoutMs ?? 10_000,
    });

  const failureOf = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => expect.unreachable('the draft should have failed'),
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(AiNotesError);
    const { statusText, isRetryable } = error as AiNotesError;
    return { statusText, isRetryable };
  };

  it('asks for strict structured output and answers the validated draft', async () => {
    const llm = provider();
    expect(llm).toMatchObject({ name: 'llm', model: 'gpt-4o-mini' });
    expect(await llm.draft(input)).toEqual(openAiSampleDraft);

    const [request] = server.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/chat/completions', isAuthorized: true });
    expect(request!.json).toEqual({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: input.system },
        { role: 'user', content: input.summary },
      ],
      response_format: { type: 'json_schema', json_schema: { name: 'debrief_notes', strict: true, schema: debriefNotesJsonSchema } },
    });
  });

  it('sends a schema strict mode accepts: closed objects, every key required, no string lengths', () => {
    const note = {
      type: 'object',
      properties: { moment_id: { type: ['string', 'null'] }, text: { type: 'string' } },
      required: ['moment_id', 'text'],
      additionalProperties: false,
    };
    expect(debriefNotesJsonSchema).toEqual({
      type: 'object',
      properties: { well: { type: 'array', maxItems: 8, items: note }, improve: { type: 'array', maxItems: 8, items: note } },
      required: ['well', 'improve'],
      additionalProperties: false,
    });
  });

  it('asks once more when the first answer is not the notes shape', async () => {
    server.replyChat({ kind: 'success', content: { well: 'Nice landing', improve: [] } });
    expect(await provider().draft(input)).toEqual(openAiSampleDraft);
    expect(server.requests).toHaveLength(2);
  });

  it('asks once more after an answer that is not JSON, or a refusal', async () => {
    server.replyChat({ kind: 'success', content: 'Here are your notes: well done!' });
    expect(await provider().draft(input)).toEqual(openAiSampleDraft);
    server.replyChat({ kind: 'refusal' });
    expect(await provider().draft(input)).toEqual(openAiSampleDraft);
    expect(server.requests).toHaveLength(4);
  });

  it('gives up after two broken answers, without ever returning the raw text', async () => {
    const raw = 'Sure! {"well": "everything"}';
    server.replyChat(
      { kind: 'success', content: raw },
      { kind: 'success', content: { well: [{ moment_id: null, text: '' }], improve: [] } },
    );
    const error = await provider()
      .draft(input)
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(AiNotesError);
    expect(error).toMatchObject({ statusText: 'Two answers in a row did not match the debrief notes format', isRetryable: false });
    expect((error as AiNotesError).message).not.toContain('everything');
    expect((error as AiNotesError).cause).toBeUndefined();
    expect(server.requests).toHaveLength(2);
  });

  it('treats a completion body that is not JSON as a broken answer', async () => {
    server.replyChat({ kind: 'malformed-json' }, { kind: 'malformed-json' });
    expect(await failureOf(provider().draft(input))).toEqual({
      statusText: 'Two answers in a row did not match the debrief notes format',
      isRetryable: false,
    });
  });

  it('maps 401, 429 and 500 without asking again', async () => {
    expect(await failureOf(provider({ apiKey: 'wrong' }).draft(input))).toEqual({
      statusText: 'Unauthorized: check LLM_API_KEY',
      isRetryable: false,
    });
    server.replyChat({ kind: 'error', status: 429 }, { kind: 'error', status: 500 });
    expect(await failureOf(provider().draft(input))).toEqual({ statusText: 'Too Many Requests', isRetryable: true });
    expect(await failureOf(provider().draft(input))).toEqual({ statusText: 'Internal Server Error', isRetryable: true });
    expect(server.requests).toHaveLength(3);
  });

  it("shows the provider's reason for a 404, such as a model that does not exist", async () => {
    server.replyChat({
      kind: 'error',
      status: 404,
      message: 'The model `gpt-5-nano-typo` does not exist or you do not have access to it.',
    });
    expect(await failureOf(provider().draft(input))).toEqual({
      statusText: 'Not Found: The model `gpt-5-nano-typo` does not exist or you do not have access to it.',
      isRetryable: false,
    });
  });

  it('gives up when the model does not answer in time', async () => {
    server.replyChat({ kind: 'hang' });
    expect(await failureOf(provider({ timeoutMs: 300 }).draft(input))).toEqual({
      statusText: 'The language model did not answer within 300 milliseconds',
      isRetryable: true,
    });
    expect(server.requests).toHaveLength(1);
  });

  it('names the host it cannot reach', async () => {
    const gone = await startFakeOpenAiServer();
    await gone.close();
    const unreachable = createChatNotesProvider({ baseUrl: gone.url, model: 'gpt-4o-mini', timeoutMs: 5000 });
    expect(await failureOf(unreachable.draft(input))).toEqual({
      statusText: `Cannot reach the language model at ${new URL(gone.url).host}`,
      isRetryable: true,
    });
  });
});
