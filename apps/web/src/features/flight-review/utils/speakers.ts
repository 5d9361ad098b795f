import {
  speakerLabelSchema,
  speakerRoles,
  text,
  type SpeakerName,
  type SpeakerRole,
  type SpeakersUpdate,
  type TranscriptWord,
} from '@skylog/contracts';
import { z } from 'zod';
import { getSpeakerLabel, type Utterance } from './transcript.ts';

/** A speaker is unnamed (''), one of the school's roles, or a person ('name', typed in). */
export const speakerChoices = ['', ...speakerRoles, 'name'] as const;
export type SpeakerChoice = (typeof speakerChoices)[number];

const isSpeakerRole = (label: string): label is SpeakerRole => (speakerRoles as readonly string[]).includes(label);

/** The naming form: one row per voice of the transcript; a typed name is checked as the server checks it. */
export const speakersFormSchema = z.object({
  speakers: z.array(
    z.object({ speaker: z.number(), choice: z.enum(speakerChoices), name: text() }).superRefine(({ choice, name }, context) => {
      if (choice !== 'name') return;
      const checked = speakerLabelSchema.safeParse(name);
      if (!checked.success)
        context.addIssue({ code: 'custom', path: ['name'], message: checked.error.issues[0]?.message ?? 'Name the speaker' });
    }),
  ),
});
export type SpeakersFormValues = z.infer<typeof speakersFormSchema>;

/** Words of a speaker's first utterance shown in the naming form, to tell the voices apart. */
const firstWordsShown = 10;

/** Deepgram's speaker numbers heard in the transcript, in order, each with the first words they said. */
export function getVoices(words: readonly TranscriptWord[], utterances: readonly Utterance[]): { speaker: number; firstWords: string }[] {
  const firstUtterances = new Map<number, Utterance>();
  for (const utterance of utterances) {
    if (utterance.speaker !== undefined && !firstUtterances.has(utterance.speaker)) firstUtterances.set(utterance.speaker, utterance);
  }
  return [...firstUtterances]
    .sort(([a], [b]) => a - b)
    .map(([speaker, { firstIndex, endIndex }]) => ({
      speaker,
      firstWords: words
        .slice(firstIndex, Math.min(endIndex, firstIndex + firstWordsShown))
        .map((word) => word.punctuated_word ?? word.word)
        .join(' '),
    }));
}

/** Saved names by speaker number. */
export function getSpeakerNames(saved: readonly SpeakerName[] | undefined): ReadonlyMap<number, string> {
  return new Map((saved ?? []).map(({ speaker, label }) => [speaker, label]));
}

/** A named speaker by their name, the others as "Speaker 1", "Speaker 2"… (Deepgram counts from 0). */
export function getSpeakerName(speaker: number | undefined, names: ReadonlyMap<number, string>): string {
  return (speaker === undefined ? undefined : names.get(speaker)) ?? getSpeakerLabel(speaker);
}

export function toSpeakersForm(speakers: readonly number[], names: ReadonlyMap<number, string>): SpeakersFormValues {
  return {
    speakers: speakers.map((speaker) => {
      const label = names.get(speaker);
      if (label === undefined) return { speaker, choice: '', name: '' };
      return isSpeakerRole(label) ? { speaker, choice: label, name: '' } : { speaker, choice: 'name', name: label };
    }),
  };
}

export function toSpeakersUpdate({ speakers }: SpeakersFormValues): SpeakersUpdate {
  return {
    speakers: speakers
      .filter(({ choice }) => choice !== '')
      .map(({ speaker, choice, name }) => ({ speaker, label: choice === 'name' ? name.trim() : choice })),
  };
}
