import { describe, expect, it } from 'vitest';
import { createTranscriptionProvider } from './index.ts';

describe('createTranscriptionProvider', () => {
  const whisper = { baseUrl: 'http://whisper:8000/v1', model: 'whisper-1' };

  it('prefers Deepgram when its key is set', () => {
    expect(createTranscriptionProvider({ deepgram: { apiKey: 'key' }, whisper, timeoutMs: 1000 })?.name).toBe('deepgram');
  });

  it('falls back to a Whisper server when only its URL is set', () => {
    expect(createTranscriptionProvider({ whisper, timeoutMs: 1000 })?.name).toBe('whisper');
  });

  it('answers null when neither is configured', () => {
    expect(createTranscriptionProvider({ timeoutMs: 1000 })).toBeNull();
  });
});
