/**
 * The endorsements an instructor gives in a student's logbook, after the examples of FAA Advisory Circular
 * 61-65 (Certification: Pilots and Flight and Ground Instructors). The texts are Skylog's own wording of what each
 * endorsement must say; the regulation each one answers is kept with it. Placeholders in braces are filled when
 * the instructor signs: {student}, {aircraft}, {instructor}, {certificate}, {expires}.
 */

export const endorsementKinds = [
  'pre_solo_knowledge',
  'pre_solo_flight_training',
  'solo',
  'solo_renewal',
  'solo_cross_country_training',
  'solo_cross_country_flight',
  'knowledge_test',
  'practical_test',
  'flight_review',
  'complex',
  'high_performance',
  'tailwheel',
] as const;
export type EndorsementKind = (typeof endorsementKinds)[number];

/**
 * How long an endorsement is good for: `days` after the day it is given (61.87(n): "within the 90 days
 * preceding" the flight; 0 for one flight on that day, 61.93(c)(3)), `calendarMonths` to the end of that many calendar months after the month it is given
 * (61.39(a)(6)(i): training "within the preceding 2 calendar months"); null when the regulation sets no end.
 */
export type EndorsementValidity = { days: number } | { calendarMonths: number } | null;

export type EndorsementTemplate = {
  title: string;
  /** The regulation the endorsement answers, as a pilot would look it up. */
  regulation: string;
  text: string;
  validity: EndorsementValidity;
  /** The endorsement names the make and model it is for. */
  needsAircraft: boolean;
  /** It lets the student fly solo: the solo endorsement's expiry is shown with their currency. */
  solo: boolean;
};

export const endorsementTemplates: Record<EndorsementKind, EndorsementTemplate> = {
  pre_solo_knowledge: {
    title: 'Pre-solo aeronautical knowledge',
    regulation: '14 CFR 61.87(b)',
    text: 'I certify that {student} has satisfactorily completed the pre-solo knowledge test of 14 CFR 61.87(b) for the {aircraft}, and that I have reviewed every question missed with them until they showed a full understanding.',
    validity: null,
    needsAircraft: true,
    solo: false,
  },
  pre_solo_flight_training: {
    title: 'Pre-solo flight training',
    regulation: '14 CFR 61.87(c)(1) and (2)',
    text: 'I certify that {student} has received and logged the pre-solo flight training required by 14 CFR 61.87(c) for the maneuvers and procedures of 61.87(d) in the {aircraft}, and has shown the proficiency and safety needed to fly it solo.',
    validity: null,
    needsAircraft: true,
    solo: false,
  },
  solo: {
    title: 'Solo flight (first 90 days)',
    regulation: '14 CFR 61.87(n)',
    text: 'I certify that {student} has received the training required by 14 CFR 61.87 for solo flight and is competent to fly the {aircraft} solo. Limitations: as written in remarks by the instructor. This endorsement is good for 90 days, through {expires}.',
    validity: { days: 90 },
    needsAircraft: true,
    solo: true,
  },
  solo_renewal: {
    title: 'Solo flight (each further 90 days)',
    regulation: '14 CFR 61.87(p)',
    text: 'I certify that {student} has received the training required by 14 CFR 61.87(p) and remains competent to fly the {aircraft} solo for a further 90 days, through {expires}.',
    validity: { days: 90 },
    needsAircraft: true,
    solo: true,
  },
  solo_cross_country_training: {
    title: 'Solo cross-country training',
    regulation: '14 CFR 61.93(c)(1) and (2)',
    text: 'I certify that {student} has received the solo cross-country training of 14 CFR 61.93(c)(1) and (2) in the {aircraft}, and has met the requirements of 61.93 for solo cross-country flight in it.',
    validity: null,
    needsAircraft: true,
    solo: false,
  },
  solo_cross_country_flight: {
    title: 'Solo cross-country flight',
    regulation: '14 CFR 61.93(c)(3)',
    text: 'I have reviewed the cross-country planning of {student} and find it correct for the flight I authorize today in the {aircraft}; the preparation shows they can make the flight safely under the known conditions, with the limitations I have written in the remarks.',
    validity: { days: 0 },
    needsAircraft: true,
    solo: false,
  },
  knowledge_test: {
    title: 'Private pilot knowledge test',
    regulation: '14 CFR 61.35(a)(1), 61.103(d) and 61.105',
    text: 'I certify that I have given {student} the ground training required by 14 CFR 61.105, or reviewed their home-study course, and find them prepared for the private pilot airplane knowledge test.',
    validity: null,
    needsAircraft: false,
    solo: false,
  },
  practical_test: {
    title: 'Private pilot practical test',
    regulation: '14 CFR 61.103(f), 61.107(b) and 61.109',
    text: 'I certify that {student} has received the training required by 14 CFR 61.107 and 61.109, including 3 hours of preparation within the preceding 2 calendar months, and is prepared for the private pilot airplane single-engine land practical test in the {aircraft}. This endorsement is good through {expires}.',
    validity: { calendarMonths: 2 },
    needsAircraft: true,
    solo: false,
  },
  flight_review: {
    title: 'Flight review',
    regulation: '14 CFR 61.56(a) and (c)',
    text: 'I certify that {student} has satisfactorily completed a flight review of 14 CFR 61.56(a): at least 1 hour of ground training and 1 hour of flight training in the {aircraft}.',
    validity: null,
    needsAircraft: true,
    solo: false,
  },
  complex: {
    title: 'Complex airplane',
    regulation: '14 CFR 61.31(e)',
    text: 'I certify that {student} has received the ground and flight training required by 14 CFR 61.31(e) in a complex airplane, the {aircraft}, and is proficient to act as pilot in command of one.',
    validity: null,
    needsAircraft: true,
    solo: false,
  },
  high_performance: {
    title: 'High-performance airplane',
    regulation: '14 CFR 61.31(f)',
    text: 'I certify that {student} has received the ground and flight training required by 14 CFR 61.31(f) in a high-performance airplane, the {aircraft}, and is proficient to act as pilot in command of one.',
    validity: null,
    needsAircraft: true,
    solo: false,
  },
  tailwheel: {
    title: 'Tailwheel airplane',
    regulation: '14 CFR 61.31(i)',
    text: 'I certify that {student} has received the flight training required by 14 CFR 61.31(i) in a tailwheel airplane, the {aircraft}, including normal and crosswind take-offs and landings, wheel landings (unless the manufacturer advises against them) and go-around procedures, and is proficient to act as pilot in command of one.',
    validity: null,
    needsAircraft: true,
    solo: false,
  },
};

/** An endorsement's text with its names filled in; the instructor's name and certificate follow it as the signature. */
export function endorsementText(kind: EndorsementKind, values: { student: string; aircraft: string | null; expires: string | null }): string {
  return endorsementTemplates[kind].text
    .replaceAll('{student}', values.student)
    .replaceAll('{aircraft}', values.aircraft ?? 'aircraft')
    .replaceAll('{expires}', values.expires ?? '');
}
