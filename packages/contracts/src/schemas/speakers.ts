import { z } from 'zod';
import { limits } from '../limits.ts';
import { text } from './text.ts';

/** What a school calls the voices of a cockpit recording; any other label is a person's name. */
export const speakerRoles = ['Instructor', 'Student', 'ATC', 'Other'] as const;
export type SpeakerRole = (typeof speakerRoles)[number];

export const speakerLabelSchema = text({ error: 'Name the speaker' })
  .trim()
  .min(1, 'Name the speaker')
  .max(limits.speakerLabelMaxLength, `A speaker's name must be at most ${limits.speakerLabelMaxLength} characters`);

const speakerNumber = z
  .number({ error: 'Speaker must be a number' })
  .int('Speaker must be a whole number')
  .min(0, 'Speaker must be 0 or more')
  .max(limits.speakerNumberMax, `Speaker must be at most ${limits.speakerNumberMax}`);

/**
 * PUT /api/trips/:id/speakers: the names of a flight's transcript speakers (Deepgram's `speaker`
 * numbers), all of them at once; a speaker left out is unnamed again.
 */
export const speakersUpdateSchema = z.strictObject({
  speakers: z
    .array(z.strictObject({ speaker: speakerNumber, label: speakerLabelSchema }))
    .max(limits.speakerNumberMax + 1, `Name at most ${limits.speakerNumberMax + 1} speakers`)
    .superRefine((speakers, context) => {
      const seen = new Set<number>();
      speakers.forEach(({ speaker }, index) => {
        if (seen.has(speaker)) context.addIssue({ code: 'custom', path: [index, 'speaker'], message: 'Each speaker is named once' });
        seen.add(speaker);
      });
    }),
});
export type SpeakersUpdate = z.infer<typeof speakersUpdateSchema>;

export const speakersSchema = z.object({ speakers: z.array(z.object({ speaker: z.number().int(), label: text() })) });
export type Speakers = z.infer<typeof speakersSchema>;
export type SpeakerName = Speakers['speakers'][number];
