import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import { z } from 'zod';
import { type AiNotesDraft, aiNotesDraftSchema } from '@skylog/contracts';
import { createDeadline, describeHttpStatus, formatDuration } from '../transcription/transcription-provider.ts';
import { readOpenAiMessage } from '../transcription/whisper-provider.ts';

export type ChatNotesProviderOptions = { baseUrl: string; apiKey?: string; model: string; timeoutMs: number };
export type ChatNotesInput = { system: string; summary: string; signal?: AbortSignal };
export type ChatNotesProvider = { name: 'llm'; model: string; draft(input: ChatNotesInput): Promise<AiNotesDraft> };

/** statusText is in words a person understands; the model's raw text is never part of it. */
export class AiNotesError extends Error {
  override readonly name = 'AiNotesError';

  constructor(
    readonly statusText: string,
    readonly isRetryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(statusText, options);
  }
}

const unsupportedKeywords = new Set(['$schema', 'minLength', 'maxLength']);

/**
 * The contracts schema as strict structured output. z.toJSONSchema already closes every object
 * (additionalProperties: false) and lists every key as required; strict mode does not support string
 * lengths or the $schema tag, so those are left out here and checked by aiNotesDraftSchema on the answer.
 */
export const debriefNotesJsonSchema = toStrictSchema(z.toJSONSchema(aiNotesDraftSchema)) as Record<string, unknown>;

export function createChatNotesProvider(options: ChatNotesProviderOptions): ChatNotesProvider {
  // maxRetries 0: the job queue retries with its own back-off, so a 429 is not hammered twice over.
  const client = new OpenAI({ apiKey: options.apiKey ?? 'none', baseURL: options.baseUrl, timeout: options.timeoutMs, maxRetries: 0 });
  const host = new URL(options.baseUrl).host;

  async function ask(input: ChatNotesInput): Promise<AiNotesDraft | null> {
    const deadline = createDeadline(options.timeoutMs, input.signal);
    try {
      const completion = await client.chat.completions.create(
        {
          model: options.model,
          messages: [
            { role: 'system', content: input.system },
            { role: 'user', content: input.summary },
          ],
          response_format: { type: 'json_schema', json_schema: { name: 'debrief_notes', strict: true, schema: debriefNotesJsonSchema } },
        },
        { signal: deadline.signal },
      );
      return readDraft(completion.choices[0]?.message.content);
    } catch (error) {
      if (deadline.hasTimedOut() || error instanceof APIConnectionTimeoutError) {
        throw new AiNotesError(`The language model did not answer within ${formatDuration(options.timeoutMs)}`, true, { cause: error });
      }
      if (deadline.isCancelled()) throw new AiNotesError('The draft was cancelled', false, { cause: error });
      if (error instanceof APIConnectionError) throw new AiNotesError(`Cannot reach the language model at ${host}`, true, { cause: error });
      if (error instanceof APIError && error.status !== undefined) {
        const { statusText, isRetryable } = describeHttpStatus(error.status, readOpenAiMessage(error.error), 'LLM_API_KEY');
        throw new AiNotesError(statusText, isRetryable, { cause: error });
      }
      // A completion whose body is not JSON: a broken answer like any other, worth the one more try.
      if (error instanceof SyntaxError) return null;
      throw new AiNotesError(`Skylog could not complete its request to the language model at ${host}`, false, { cause: error });
    }
  }

  return {
    name: 'llm',
    model: options.model,
    async draft(input) {
      // A model can break the format once (a refusal, a cut-off answer): one more try, then a readable error.
      const draft = (await ask(input)) ?? (await ask(input));
      if (!draft) throw new AiNotesError('Two answers in a row did not match the debrief notes format', false);
      return draft;
    },
  };
}

/** The draft, or null when the content is missing (a refusal), not JSON, or not the notes shape. */
function readDraft(content: string | null | undefined): AiNotesDraft | null {
  if (!content) return null;
  try {
    const parsed = aiNotesDraftSchema.safeParse(JSON.parse(content));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function toStrictSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toStrictSchema);
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([keyword]) => !unsupportedKeywords.has(keyword))
      .map(([keyword, value]) => [
        keyword,
        // Under `properties` the keys are field names, not keywords: only their schemas are cleaned.
        keyword === 'properties'
          ? Object.fromEntries(Object.entries(value as object).map(([name, schema]) => [name, toStrictSchema(schema)]))
          : toStrictSchema(value),
      ]),
  );
}
