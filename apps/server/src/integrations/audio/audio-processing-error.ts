import { messages } from '@skylog/contracts';

/** Person-readable reasons an upload cannot become trip audio (the web app checks the same words). */
export const audioProcessingMessages = { notAudio: messages.audioNotReadable, empty: messages.audioEmpty } as const;

/** The uploaded file itself is the problem, so its message can be shown to the person who sent it. */
export class AudioProcessingError extends Error {
  override readonly name = 'AudioProcessingError';
  /** The end of ffmpeg's output, for the server log only. */
  readonly detail: string | undefined;

  constructor(message: string, detail?: string) {
    super(message);
    this.detail = detail;
  }
}
