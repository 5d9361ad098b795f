/**
 * Ready Private Pilot – Airplane single-engine land courses a school can start from, in a Part 61 and a Part 141
 * flavour. Both follow one syllabus in three stages (first solo, cross-country, checkride preparation), each ending
 * with a stage check; they differ in planned hours, in the long solo cross-country each rule asks for, and in the
 * grading scale (Part 61 grades Satisfactory/Unsatisfactory, Part 141 on the numeric 1–4 scale).
 * Items name the FAA-S-ACS-6C task they train, or are the school's own (briefings, endorsements, required flights).
 */
import { acsDocumentTasks, type AcsTaskKind } from './acs-document.ts';
import { acsTaskByCode } from './acs-tasks.ts';
import type { GradingScaleKey } from './grading-scales.ts';
import { privateAirplaneAcs } from './private-airplane-acs.ts';
import type { Program } from '../limits.ts';
import type { CourseContent, CourseItem } from '../schemas/courses.ts';

export const courseTemplateKeys = ['private-airplane-part-61', 'private-airplane-part-141'] as const;
export type CourseTemplateKey = (typeof courseTemplateKeys)[number];
/** Part 61 or Part 141: the programmes a student's profile names. */
type CoursePart = Program;
export type CourseTemplate = {
  key: CourseTemplateKey;
  name: string;
  part: CoursePart;
  scale: GradingScaleKey;
  content: CourseContent;
};

/**
 * The least training each rule asks of a private pilot airplane single-engine course, in hours: 14 CFR 61.109(a)
 * asks 40 hours of flight time and no set ground training; 14 CFR part 141 appendix B asks 35 hours of flight
 * training (paragraph 4) and 35 hours of ground training (paragraph 3(a)(1)).
 */
export const privatePilotMinimumHours: Readonly<Record<CoursePart, { flight: number; ground: number }>> = {
  '61': { flight: 40, ground: 0 },
  '141': { flight: 35, ground: 35 },
};

/** How far a lesson takes an item: first shown, practised, or flown to the ACS standard. */
type ItemLevel = 'introduce' | 'practise' | 'perform';

/** The grade each level asks for on each scale; Satisfactory/Unsatisfactory grades every lesson against its own aim. */
const requiredGradeByLevel: Readonly<Record<GradingScaleKey, Readonly<Record<ItemLevel, string>>>> = {
  'numeric-4': { introduce: '2', practise: '2', perform: '3' },
  satisfactory: { introduce: 'S', practise: 'S', perform: 'S' },
  'introduced-practised-proficient': { introduce: 'I', practise: 'P', perform: 'F' },
};

type ItemSpec = { task: string; level: ItemLevel } | { title: string; kind: AcsTaskKind; level: ItemLevel };

type LessonSpec = {
  key: string;
  title: string;
  kind: AcsTaskKind;
  /** Planned hours in each flavour. */
  hours: Readonly<Record<CoursePart, number>>;
  stageCheck?: true;
  objective: string | Readonly<Record<CoursePart, string>>;
  items: readonly ItemSpec[];
};

type StageSpec = { key: string; title: string; objective: string; lessons: readonly LessonSpec[] };

function acs(level: ItemLevel, ...codes: string[]): ItemSpec[] {
  return codes.map((task) => ({ task, level }));
}

function school(title: string, kind: AcsTaskKind): ItemSpec {
  return { title, kind, level: 'perform' };
}

/** Every flight lesson opens with a briefing and closes with a critique of the student's flying. */
const preflightBriefing = school('Preflight briefing', 'ground');
const postflightDebriefing = school('Postflight debriefing', 'ground');

/** The end-of-course check covers every task of the ACS a single-engine land applicant is tested on. */
const singleEngineLandTasks = acsDocumentTasks(privateAirplaneAcs)
  .filter((task) => task.classes.includes('ASEL'))
  .map((task) => task.code);

const stages: readonly StageSpec[] = [
  {
    key: 's1',
    title: 'Stage 1: Pre-solo',
    objective:
      'Fly the airplane safely in the local area and the traffic pattern, handle stalls and emergencies, and make the first solo (14 CFR 61.87).',
    lessons: [
      {
        key: 's1-l1',
        title: 'The airplane: systems, aerodynamics and performance',
        kind: 'ground',
        hours: { '61': 6.5, '141': 6.5 },
        objective:
          'Explain how the training airplane works, what keeps it flying, and how to read its performance and limitations from the POH.',
        items: [...acs('introduce', 'PA.I.G', 'PA.I.B', 'PA.I.F', 'PA.VII.D')],
      },
      {
        key: 's1-l2',
        title: 'Introduction to flight',
        kind: 'flight',
        hours: { '61': 1.5, '141': 1.2 },
        objective:
          'Preflight, start, taxi and run up the airplane with the instructor, and fly straight-and-level, climbs, descents and turns.',
        items: [
          ...acs('introduce', 'PA.II.A', 'PA.II.B', 'PA.II.C', 'PA.II.D', 'PA.II.F'),
          school('Straight-and-level flight, climbs, descents and turns', 'flight'),
          ...acs('introduce', 'PA.XII.A'),
        ],
      },
      {
        key: 's1-l3',
        title: 'Slow flight and stalls',
        kind: 'flight',
        hours: { '61': 1.5, '141': 1.2 },
        objective: 'Recognise the approach to a stall, fly the airplane at slow airspeeds, and recover from stalls.',
        items: [...acs('practise', 'PA.II.A', 'PA.II.D', 'PA.II.F'), ...acs('introduce', 'PA.VII.A', 'PA.VII.B', 'PA.VII.C', 'PA.VII.D')],
      },
      {
        key: 's1-l4',
        title: 'Airports, airspace and radio communications',
        kind: 'ground',
        hours: { '61': 4, '141': 4 },
        objective:
          'Read airport markings and the sectional chart, name the airspace around the home airport, and make the radio calls of a traffic pattern.',
        items: [
          ...acs('introduce', 'PA.I.E'),
          school('Airport markings, signs and lighting', 'ground'),
          school('Radio phraseology and light gun signals', 'ground'),
        ],
      },
      {
        key: 's1-l5',
        title: 'Traffic pattern, takeoffs and landings',
        kind: 'flight',
        hours: { '61': 1.5, '141': 1.2 },
        objective: 'Fly the traffic pattern with normal takeoffs and landings, and go around when a landing is not right.',
        items: acs('introduce', 'PA.III.A', 'PA.III.B', 'PA.IV.A', 'PA.IV.B', 'PA.IV.N'),
      },
      {
        key: 's1-l6',
        title: 'Emergency operations',
        kind: 'flight',
        hours: { '61': 1.5, '141': 1.2 },
        objective:
          'Handle an engine failure with a simulated emergency landing, an emergency descent, and system malfunctions by the checklist.',
        items: [...acs('introduce', 'PA.IX.A', 'PA.IX.B', 'PA.IX.C'), ...acs('practise', 'PA.IV.N')],
      },
      {
        key: 's1-l7',
        title: 'Regulations, pilot qualifications and human factors',
        kind: 'ground',
        hours: { '61': 4.5, '141': 4.5 },
        objective:
          "Know a student pilot's privileges and limits, the medical and documents needed, and how fitness and attitude affect safety; pass the pre-solo knowledge test.",
        items: [...acs('introduce', 'PA.I.A', 'PA.I.H'), school('Pre-solo knowledge test reviewed to 100 % (14 CFR 61.87(b))', 'ground')],
      },
      {
        key: 's1-l8',
        title: 'Steep turns and ground reference maneuvers',
        kind: 'flight',
        hours: { '61': 1.5, '141': 1.2 },
        objective: 'Fly steep turns and correct for wind over the ground around a rectangular course and a point.',
        items: [...acs('introduce', 'PA.V.A', 'PA.V.B', 'PA.VIII.A'), ...acs('practise', 'PA.VII.A')],
      },
      {
        key: 's1-l9',
        title: 'Crosswind landings, forward slip and go-around',
        kind: 'flight',
        hours: { '61': 1.5, '141': 1.2 },
        objective: 'Land in a crosswind, lose height with a forward slip, and go around from a poor approach.',
        items: [...acs('practise', 'PA.III.B', 'PA.IV.A', 'PA.IV.B', 'PA.IV.N'), ...acs('introduce', 'PA.IV.M')],
      },
      {
        key: 's1-l10',
        title: 'Pre-solo review',
        kind: 'flight',
        hours: { '61': 1.5, '141': 1.2 },
        objective: 'Fly every pre-solo maneuver of 14 CFR 61.87(d) without help, so the instructor can endorse the student for solo.',
        items: [
          ...acs('practise', 'PA.VII.A', 'PA.VII.B', 'PA.VII.C', 'PA.IX.B', 'PA.IV.M'),
          ...acs('perform', 'PA.III.B', 'PA.IV.A', 'PA.IV.B', 'PA.IV.N'),
          school('Pre-solo flight training endorsement (14 CFR 61.87(c))', 'ground'),
        ],
      },
      {
        key: 's1-l11',
        title: 'First solo',
        kind: 'flight',
        hours: { '61': 1, '141': 1 },
        objective:
          'After a short dual check, fly three solo takeoffs and full-stop landings in the traffic pattern while the instructor watches.',
        items: [
          school('Solo endorsement (14 CFR 61.87(n))', 'ground'),
          ...acs('perform', 'PA.II.D', 'PA.III.A', 'PA.III.B', 'PA.IV.A', 'PA.IV.B'),
          school('Three solo takeoffs and full-stop landings', 'flight'),
        ],
      },
      {
        key: 's1-l12',
        title: 'Stage 1 check',
        kind: 'flight',
        hours: { '61': 1.2, '141': 1 },
        stageCheck: true,
        objective: 'An instructor other than the student’s own confirms the pre-solo tasks meet the standard before solo practice begins.',
        items: acs(
          'perform',
          'PA.II.A',
          'PA.II.D',
          'PA.II.F',
          'PA.III.A',
          'PA.III.B',
          'PA.IV.A',
          'PA.IV.B',
          'PA.IV.N',
          'PA.VII.A',
          'PA.VII.B',
          'PA.VII.C',
          'PA.IX.B',
          'PA.IX.C',
        ),
      },
    ],
  },
  {
    key: 's2',
    title: 'Stage 2: Cross-country',
    objective:
      'Plan and fly cross-country flights dual and solo, fly at night, control the airplane by instruments alone, and use short and soft fields.',
    lessons: [
      {
        key: 's2-l1',
        title: 'Weather theory and weather services',
        kind: 'ground',
        hours: { '61': 5, '141': 5 },
        objective: 'Obtain a weather briefing, read METARs, TAFs and forecasts, and decide go or no-go against personal minimums.',
        items: [...acs('introduce', 'PA.I.C'), school('Personal weather minimums', 'ground')],
      },
      {
        key: 's2-l2',
        title: 'Short-field and soft-field takeoffs and landings',
        kind: 'flight',
        hours: { '61': 1.5, '141': 1.2 },
        objective: 'Take off and land on short and soft fields with the techniques and speeds of the POH.',
        items: acs('introduce', 'PA.IV.C', 'PA.IV.D', 'PA.IV.E', 'PA.IV.F'),
      },
      {
        key: 's2-l3',
        title: 'Navigation and cross-country planning',
        kind: 'ground',
        hours: { '61': 5, '141': 5 },
        objective: 'Plan a VFR cross-country: route, altitudes, checkpoints, fuel, weight and balance, flight log and flight plan.',
        items: [
          ...acs('introduce', 'PA.I.D'),
          school('Sectional chart, Chart Supplement and NOTAMs', 'ground'),
          school('Flight computer and navigation log', 'ground'),
        ],
      },
      {
        key: 's2-l4',
        title: 'Basic instrument maneuvers',
        kind: 'flight',
        hours: { '61': 1.5, '141': 1.5 },
        objective:
          'Control the airplane solely by reference to instruments, recover from unusual attitudes, and use radar services (14 CFR 61.109(a)(3)).',
        items: acs('introduce', 'PA.VIII.A', 'PA.VIII.B', 'PA.VIII.C', 'PA.VIII.D', 'PA.VIII.E', 'PA.VIII.F'),
      },
      {
        key: 's2-l5',
        title: 'Solo practice in the local area',
        kind: 'flight',
        hours: { '61': 2, '141': 1.2 },
        objective: 'Practise the stage 1 maneuvers and landings solo in the practice area and the traffic pattern.',
        items: [
          ...acs('practise', 'PA.V.A', 'PA.V.B', 'PA.VII.A', 'PA.IV.A', 'PA.IV.B'),
          school('Solo flight in the practice area', 'flight'),
        ],
      },
      {
        key: 's2-l6',
        title: 'Dual cross-country',
        kind: 'flight',
        hours: { '61': 3, '141': 3 },
        objective:
          'Fly a planned cross-country with the instructor by pilotage, dead reckoning and navigation systems, including a diversion and lost procedures (14 CFR 61.109(a)(1)).',
        items: [
          ...acs('practise', 'PA.I.D'),
          ...acs('introduce', 'PA.VI.A', 'PA.VI.B', 'PA.VI.C', 'PA.VI.D'),
          school('Solo cross-country endorsement (14 CFR 61.93(c))', 'ground'),
        ],
      },
      {
        key: 's2-l7',
        title: 'Night operations and emergency equipment',
        kind: 'ground',
        hours: { '61': 3, '141': 3 },
        objective: 'Prepare for night flight: vision and illusions, airport and aircraft lighting, and the emergency equipment aboard.',
        items: acs('introduce', 'PA.XI.A', 'PA.IX.D'),
      },
      {
        key: 's2-l8',
        title: 'Night flight',
        kind: 'flight',
        hours: { '61': 3, '141': 3 },
        objective:
          'Fly three hours at night with a cross-country of more than 100 NM and ten takeoffs and full-stop landings (14 CFR 61.109(a)(2)).',
        items: [
          ...acs('practise', 'PA.XI.A', 'PA.IV.A', 'PA.IV.B'),
          school('Night cross-country of more than 100 NM total distance', 'flight'),
          school('Ten night takeoffs and full-stop landings in the traffic pattern', 'flight'),
        ],
      },
      {
        key: 's2-l9',
        title: 'Solo cross-country',
        kind: 'flight',
        hours: { '61': 2.5, '141': 2 },
        objective: 'Fly the planned cross-country solo, opening and closing a VFR flight plan.',
        items: [...acs('perform', 'PA.I.D', 'PA.VI.A', 'PA.VI.B'), school('Open and close a VFR flight plan', 'flight')],
      },
      {
        key: 's2-l10',
        title: 'Long solo cross-country',
        kind: 'flight',
        hours: { '61': 3.5, '141': 2.5 },
        objective: {
          '61': 'Fly solo 150 NM total with full-stop landings at three points and one leg of more than 50 NM (14 CFR 61.109(a)(5)(ii)).',
          '141': 'Fly solo at least 100 NM with landings at three points and one leg of at least 50 NM (14 CFR part 141 appendix B, 5).',
        },
        items: [
          ...acs('perform', 'PA.I.D', 'PA.VI.A', 'PA.VI.B'),
          ...acs('practise', 'PA.VI.C'),
          school('Landings at three airports', 'flight'),
        ],
      },
      {
        key: 's2-l11',
        title: 'Solo at a towered airport',
        kind: 'flight',
        hours: { '61': 1, '141': 1 },
        objective:
          'Fly three solo takeoffs and full-stop landings at an airport with an operating control tower (14 CFR 61.109(a)(5)(iii)).',
        items: [...acs('perform', 'PA.III.A', 'PA.III.B'), school('Three takeoffs and full-stop landings at a towered airport', 'flight')],
      },
      {
        key: 's2-l12',
        title: 'Stage 2 check',
        kind: 'flight',
        hours: { '61': 1.5, '141': 1.5 },
        stageCheck: true,
        objective:
          'An instructor other than the student’s own confirms cross-country, instrument and short- and soft-field tasks meet the standard.',
        items: acs(
          'perform',
          'PA.I.C',
          'PA.I.D',
          'PA.IV.C',
          'PA.IV.D',
          'PA.IV.E',
          'PA.IV.F',
          'PA.VI.A',
          'PA.VI.B',
          'PA.VI.C',
          'PA.VI.D',
          'PA.VIII.A',
          'PA.VIII.E',
        ),
      },
    ],
  },
  {
    key: 's3',
    title: 'Stage 3: Checkride preparation',
    objective: 'Fly every task of the Private Pilot ACS to its standard and pass the knowledge test, ready for the practical test.',
    lessons: [
      {
        key: 's3-l1',
        title: 'Instrument and emergency review',
        kind: 'flight',
        hours: { '61': 1.5, '141': 1.5 },
        objective: 'Fly the basic instrument maneuvers and the emergency tasks to the ACS standard.',
        items: acs(
          'perform',
          'PA.VIII.A',
          'PA.VIII.B',
          'PA.VIII.C',
          'PA.VIII.D',
          'PA.VIII.E',
          'PA.VIII.F',
          'PA.IX.A',
          'PA.IX.B',
          'PA.IX.C',
        ),
      },
      {
        key: 's3-l2',
        title: 'Solo practice: maneuvers and landings',
        kind: 'flight',
        hours: { '61': 2, '141': 1.5 },
        objective: 'Practise the checkride maneuvers and the short- and soft-field landings solo.',
        items: acs('practise', 'PA.V.A', 'PA.V.B', 'PA.VII.A', 'PA.IV.C', 'PA.IV.D', 'PA.IV.E', 'PA.IV.F'),
      },
      {
        key: 's3-l3',
        title: 'Checkride preparation: takeoffs and landings',
        kind: 'flight',
        hours: { '61': 1.5, '141': 1.5 },
        objective:
          'Fly every takeoff, landing and go-around to the ACS standard; counts toward the 3 hours of test preparation within 2 calendar months (14 CFR 61.109(a)(4)).',
        items: acs('perform', 'PA.IV.A', 'PA.IV.B', 'PA.IV.C', 'PA.IV.D', 'PA.IV.E', 'PA.IV.F', 'PA.IV.M', 'PA.IV.N'),
      },
      {
        key: 's3-l4',
        title: 'Checkride preparation: maneuvers and emergencies',
        kind: 'flight',
        hours: { '61': 1.5, '141': 1.5 },
        objective:
          'Fly the performance maneuvers, slow flight, stalls and emergencies to the ACS standard, completing the 3 hours of test preparation.',
        items: acs('perform', 'PA.V.A', 'PA.V.B', 'PA.VII.A', 'PA.VII.B', 'PA.VII.C', 'PA.IX.A', 'PA.IX.B'),
      },
      {
        key: 's3-l5',
        title: 'Knowledge test and oral exam review',
        kind: 'ground',
        hours: { '61': 8, '141': 8 },
        objective: 'Review every knowledge area of Area I for the knowledge test and the oral part of the practical test.',
        items: [
          ...acs('perform', 'PA.I.A', 'PA.I.B', 'PA.I.C', 'PA.I.D', 'PA.I.E', 'PA.I.F', 'PA.I.G', 'PA.I.H'),
          school('Knowledge test endorsement (14 CFR 61.35(a)(1))', 'ground'),
        ],
      },
      {
        key: 's3-l6',
        title: 'End-of-course check',
        kind: 'flight',
        hours: { '61': 2, '141': 2 },
        stageCheck: true,
        objective:
          'A mock practical test of every single-engine land task of the ACS; passing it leads to the practical test endorsement (14 CFR 61.39(a)(6)).',
        items: acs('perform', ...singleEngineLandTasks),
      },
    ],
  },
];

function courseItem(spec: ItemSpec, key: string, scale: GradingScaleKey): CourseItem {
  const required_grade = requiredGradeByLevel[scale][spec.level];
  if (!('task' in spec)) return { key, task_code: null, title: spec.title, kind: spec.kind, required_grade, required: true };
  const task = acsTaskByCode(spec.task);
  if (!task) throw new Error(`The course template names an ACS task that does not exist: ${spec.task}`);
  return { key, task_code: task.code, title: task.title, kind: task.kind, required_grade, required: true };
}

function courseContent(part: CoursePart, scale: GradingScaleKey, plannedWeeks: number): CourseContent {
  return {
    planned_weeks: plannedWeeks,
    stages: stages.map((stage) => ({
      key: stage.key,
      title: stage.title,
      objective: stage.objective,
      lessons: stage.lessons.map((lesson) => {
        const items = lesson.kind === 'flight' ? [preflightBriefing, ...lesson.items, postflightDebriefing] : lesson.items;
        return {
          key: lesson.key,
          title: lesson.title,
          kind: lesson.kind,
          planned_hours: lesson.hours[part],
          stage_check: lesson.stageCheck ?? false,
          objective: typeof lesson.objective === 'string' ? lesson.objective : lesson.objective[part],
          items: items.map((item, index) => courseItem(item, `${lesson.key}-i${index + 1}`, scale)),
        };
      }),
    })),
  };
}

export const courseTemplates: readonly CourseTemplate[] = [
  {
    key: 'private-airplane-part-61',
    name: 'Private Pilot – Airplane Single-Engine Land (Part 61)',
    part: '61',
    scale: 'satisfactory',
    content: courseContent('61', 'satisfactory', 16),
  },
  {
    key: 'private-airplane-part-141',
    name: 'Private Pilot – Airplane Single-Engine Land (Part 141)',
    part: '141',
    scale: 'numeric-4',
    content: courseContent('141', 'numeric-4', 14),
  },
];

export function courseTemplateByKey(key: string): CourseTemplate | undefined {
  return courseTemplates.find((template) => template.key === key);
}
