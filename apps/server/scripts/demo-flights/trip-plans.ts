import type { MarkerKey } from '@skylog/contracts';
import type { Voice } from './cockpit-audio.ts';
import { move, onRunway, type LatLon, type Leg, type Runway, type Start } from './flight-model.ts';

/** Who speaks: speaker 0 is the instructor, 1 the student, 2 every voice on the radio. */
export type Role = 'instructor' | 'student' | 'atis' | 'paloAltoGround' | 'paloAltoTower' | 'norCal' | 'montereyTower' | 'montereyGround';

/** A rocker key the crew pressed after a line, with the note typed on the ground later. */
export type Mark = { key: MarkerKey; notes: string };
export type Line = { role: Role; text: string; mark?: Mark };

/** A conversation: lines spoken one after the other, from `at` seconds after the leg's start, before its end, or after its touchdown. */
export type Cue = { from: 'start' | 'end' | 'touchdown'; at: number; lines: readonly Line[] };

export type PlannedLeg = Leg & { cues?: readonly Cue[] };

export type TripPlan = {
  slug: string;
  tripName: string;
  aircraftTail: string;
  propellerBlades: number;
  leftSeatEmail: string;
  rightSeatEmail: string;
  destination: string;
  startOffsetDays: number;
  startTimeUtc: string;
  crew: { instructor: Voice; student: Voice };
  start: Start;
  legs: readonly PlannedLeg[];
  tripWell: string | null;
  tripImprove: string | null;
};

const radio = (espeak: string, pitch: number, wpm: number): Voice => ({ espeak, pitch, wpm, isRadio: true });
const intercom = (espeak: string, pitch: number, wpm: number): Voice => ({ espeak, pitch, wpm, isRadio: false });

const people = {
  marcus: intercom('en-us+m3', 38, 158),
  iris: intercom('en-us+f2', 48, 162),
  leo: intercom('en-us+m1', 62, 168),
  stella: intercom('en-gb+f4', 60, 160),
  jonas: intercom('en-gb-x-rp+m5', 52, 160),
};

export const atcVoices: Record<Exclude<Role, 'instructor' | 'student'>, Voice> = {
  atis: radio('en-us+klatt', 45, 165),
  paloAltoGround: radio('en-us+m2', 45, 180),
  paloAltoTower: radio('en-us+f3', 55, 182),
  norCal: radio('en-us+m6', 35, 190),
  montereyTower: radio('en-us+m4', 50, 182),
  montereyGround: radio('en-us+f1', 50, 178),
};

const say =
  (role: Role) =>
  (text: string, mark?: Mark): Line =>
    mark ? { role, text, mark } : { role, text };
const instructor = say('instructor');
const student = say('student');
const atis = say('atis');
const paloAltoGround = say('paloAltoGround');
const paloAltoTower = say('paloAltoTower');
const norCal = say('norCal');
const montereyTower = say('montereyTower');
const montereyGround = say('montereyGround');
const mark = (key: MarkerKey, notes = ''): Mark => ({ key, notes });

/** Lines from `seconds` into the leg; a negative value counts back from the leg's end. */
const at = (seconds: number, ...lines: Line[]): Cue => ({ from: seconds < 0 ? 'end' : 'start', at: seconds, lines });
const touchdown = (seconds: number, ...lines: Line[]): Cue => ({ from: 'touchdown', at: seconds, lines });

// Palo Alto (KPAO): runway 13/31, 2,443 ft, left traffic for 31 at 800 ft MSL; the ramp and Zulu lie south-west of it.
const kpao31: Runway = { name: 'KPAO 31', threshold: { lat: 37.45843, lon: -122.11247 }, headingDeg: 323, lengthM: 745, elevationM: 2 };
const kpaoRamp = onRunway(kpao31, 420, -230);
const kpaoStart: Start = { position: kpaoRamp, headingDeg: 53, elevationM: kpao31.elevationM };
const kpaoToRunUp = [
  onRunway(kpao31, 420, -150),
  onRunway(kpao31, 390, -90),
  onRunway(kpao31, -20, -90),
  onRunway(kpao31, -45, -115),
  onRunway(kpao31, -30, -140),
  onRunway(kpao31, 0, -145),
];
const kpaoToHoldShort = [onRunway(kpao31, 25, -125), onRunway(kpao31, 30, -60)];
const kpaoLineUp = [onRunway(kpao31, 28, -25), onRunway(kpao31, 45, -3), onRunway(kpao31, 75, 0)];
const kpaoToRamp = [onRunway(kpao31, 500, -40), onRunway(kpao31, 470, -90), onRunway(kpao31, 430, -150), kpaoRamp];
const kpaoPattern = {
  altitudeFt: 800,
  crosswindCorner: onRunway(kpao31, 1800, -1150),
  abeamNumbers: onRunway(kpao31, 0, -1150),
  /** The 45° entry to a midfield left downwind, from the south-west. */
  entry45: onRunway(kpao31, 2150, -2900),
  midfieldDownwind: onRunway(kpao31, 400, -1150),
  downwindCorner: (extendM: number) => onRunway(kpao31, -1450 - extendM, -1150),
  finalCorner: (extendM: number) => onRunway(kpao31, -1450 - extendM, 0),
};

// Monterey (KMRY): runway 10R/28L, 7,175 ft, Class C; right base for 28L when arriving from the north.
const kmry28L: Runway = { name: 'KMRY 28L', threshold: { lat: 36.58316, lon: -121.83174 }, headingDeg: 293, lengthM: 2187, elevationM: 78 };
const kmryThreeMileBase = onRunway(kmry28L, -2700, 3200);
const kmryFinalCorner = onRunway(kmry28L, -2700, 0);
const kmryTaxiBack = [
  onRunway(kmry28L, 900, 60),
  onRunway(kmry28L, 850, 150),
  onRunway(kmry28L, 40, 150),
  onRunway(kmry28L, -20, 110),
  onRunway(kmry28L, -10, 60),
];
const kmryLineUp = [onRunway(kmry28L, 0, 25), onRunway(kmry28L, 25, 2), onRunway(kmry28L, 60, 0)];

// Visual checkpoints between them.
const stanfordDish: LatLon = { lat: 37.4086, lon: -122.178 };
const saratogaHills = move(stanfordDish, 144, 12_000);
const topOfDescentNorthbound = move(stanfordDish, 144, 17_000);
const lexingtonReservoir: LatLon = { lat: 37.2, lon: -121.988 };
const watsonville: LatLon = { lat: 36.9358, lon: -121.7897 };
const mossLanding: LatLon = { lat: 36.8044, lon: -121.7869 };
const westOfMarina: LatLon = { lat: 36.69, lon: -121.81 };
/** Practice area over the foothills west of Saratoga: at 3,500 ft the maneuvers stay 2,000 ft or more above the terrain. */
const practiceArea: LatLon = { lat: 37.25, lon: -122.1 };

type CircuitCues = { crosswind?: Cue[]; downwind?: Cue[]; abeam?: Cue[]; base?: Cue[]; final?: Cue[] };
type Landing = { kind: 'land' } & Omit<Extract<Leg, { kind: 'land' }>, 'kind' | 'runway' | 'touchdownKt'>;

/** extendM stretches the downwind; isHigh keeps pattern altitude until final (the descent forgotten on a long downwind). */
type CircuitShape = { extendM?: number; isHigh?: boolean };

/** The legs after the take-off: crosswind, downwind, base and the landing. */
function kpaoCircuit(cues: CircuitCues, landing: Landing, shape: CircuitShape = {}): PlannedLeg[] {
  return [
    { kind: 'fly', to: kpaoPattern.crosswindCorner, altitudeFt: 800, speedKt: 68, turnRateDps: 5, cues: cues.crosswind },
    ...kpaoDownwind(cues, landing, shape),
  ];
}

/** Downwind from wherever we join it, to the landing. */
function kpaoDownwind(cues: CircuitCues, landing: Landing, { extendM = 0, isHigh = false }: CircuitShape = {}): PlannedLeg[] {
  return [
    { kind: 'fly', to: kpaoPattern.abeamNumbers, altitudeFt: 800, speedKt: 90, turnRateDps: 5, rpm: 2200, cues: cues.downwind },
    {
      kind: 'fly',
      to: kpaoPattern.downwindCorner(extendM),
      altitudeFt: isHigh ? 800 : 650,
      speedKt: 80,
      turnRateDps: 5,
      rpm: 1700,
      cues: cues.abeam,
    },
    {
      kind: 'fly',
      to: kpaoPattern.finalCorner(extendM),
      altitudeFt: isHigh ? 800 : 450,
      speedKt: 72,
      turnRateDps: 5,
      descentFpm: 600,
      rpm: 1700,
      cues: cues.base,
    },
    { ...landing, runway: kpao31, touchdownKt: 50, cues: cues.final },
  ];
}

const kpaoTakeoff = (cues: Cue[], untilAlongM = 1500): PlannedLeg => ({
  kind: 'takeoff',
  runway: kpao31,
  rotateKt: 55,
  climbKt: 64,
  untilAlongM,
  cues,
});

const crossCountry: TripPlan = {
  slug: 'cross-country-kpao-kmry',
  tripName: 'Cross-country KPAO – KMRY – KPAO',
  aircraftTail: 'N172SP',
  propellerBlades: 2,
  leftSeatEmail: 'leo.nakamura@skyline.test',
  rightSeatEmail: 'marcus.webb@skyline.test',
  destination: 'KMRY',
  startOffsetDays: 2,
  startTimeUtc: '16:40',
  crew: { instructor: people.marcus, student: people.leo },
  start: kpaoStart,
  legs: [
    {
      kind: 'hold',
      seconds: 120,
      cues: [
        at(4, instructor("Alright Leo, engine's running and the oil pressure is in the green. Go ahead and get the ATIS.")),
        at(
          14,
          atis(
            'Palo Alto airport information Kilo, one six two five Zulu. Wind three one zero at six. Visibility one zero. Few clouds at four thousand. Temperature one six, dew point one zero. Altimeter three zero zero two. Runway three one in use, left traffic. Advise on initial contact you have information Kilo.',
          ),
        ),
        at(
          -55,
          student('Palo Alto ground, Skyline one two, at the Skyline ramp with information Kilo, VFR to Monterey, request taxi.'),
          paloAltoGround('Skyline one two, Palo Alto ground, runway three one, taxi via Zulu.'),
          student('Runway three one, taxi via Zulu, Skyline one two.'),
        ),
      ],
    },
    {
      kind: 'taxi',
      via: kpaoToRunUp,
    },
    {
      kind: 'hold',
      seconds: 30,
    },
    {
      kind: 'hold',
      seconds: 40,
      rpm: 1800,
      cues: [
        at(
          4,
          student(
            'Throttle eighteen hundred. Left mag, about a hundred drop. Both. Right mag, about a hundred twenty. Both. Engine gauges green.',
          ),
        ),
      ],
    },
    {
      kind: 'hold',
      seconds: 70,
      cues: [
        at(
          2,

          student(
            'Runway three one, left crosswind departure toward the Stanford Dish, climbing to four thousand five hundred southbound. Engine failure on the runway, throttle idle and brakes. Below eight hundred feet, land straight ahead, no turning back.',
          ),
          instructor(
            "Good. And straight ahead off three one is mud flats and salt ponds. Not pretty, but it's flat.",
            mark(1, 'Clear, complete departure briefing.'),
          ),
        ),
      ],
    },
    { kind: 'taxi', via: kpaoToHoldShort, speedKt: 6 },
    {
      kind: 'hold',
      seconds: 32,
      cues: [
        at(
          2,
          student('Palo Alto tower, Skyline one two, holding short runway three one, ready for departure, southbound.'),
          paloAltoTower('Skyline one two, Palo Alto tower, runway three one, cleared for takeoff. Left crosswind departure approved.'),
          student('Cleared for takeoff runway three one, left crosswind departure, Skyline one two.'),
        ),
      ],
    },
    {
      kind: 'taxi',
      via: kpaoLineUp,
      speedKt: 6,
    },
    kpaoTakeoff([], 1300),
    {
      kind: 'fly',
      to: stanfordDish,
      altitudeFt: 4500,
      speedKt: 64,
      climbFpm: 650,
      cues: [
        at(
          -70,

          student(
            'NorCal approach, Skyline one two, Cessna one seventy two, over the Stanford Dish, climbing through two thousand five hundred for four thousand five hundred, VFR to Monterey, request flight following.',
          ),
          norCal('Skyline one two, squawk zero four five two.'),
          student('Zero four five two, Skyline one two.'),
        ),
      ],
    },
    {
      kind: 'fly',
      to: saratogaHills,
      altitudeFt: 4500,
      speedKt: 80,
      climbFpm: 650,
      cues: [
        at(
          6,
          norCal(
            'Skyline one two, radar contact two miles south of the Stanford Dish. Palo Alto altimeter three zero zero two. Maintain VFR.',
          ),
          student(
            'Three zero zero two, maintain VFR, Skyline one two.',
            mark(3, 'Flight following with NorCal: squawk 0452, radar contact south of the Dish.'),
          ),
        ),
        at(
          60,
          instructor('Nice and clean. Quick question. Four thousand five hundred southbound, is that the right altitude?'),
          student('Southbound is odd thousands plus five hundred. So three thousand five hundred, or five thousand five hundred.'),
          instructor(
            "Right. But over these hills we're less than three thousand feet above the ground, so the rule doesn't apply yet. And past the ridge we'll be heading down anyway.",
          ),
        ),
      ],
    },
    {
      kind: 'fly',
      to: lexingtonReservoir,
      altitudeFt: 4500,
      speedKt: 118,
      cues: [
        at(
          110,
          norCal(
            "Skyline one two, traffic twelve o'clock, five miles, opposite direction, a Bonanza, altitude indicates four thousand eight hundred.",
          ),

          instructor('I have him. Just above the horizon, a little left of the nose. See the glint?'),
          student(
            'Got him. Traffic in sight, Skyline one two.',
            mark(2, 'Opposite-direction Bonanza 300 ft above. Instructor saw it first.'),
          ),
        ),
      ],
    },
    {
      kind: 'fly',
      to: watsonville,
      altitudeFt: 4500,
      speedKt: 118,
      cues: [
        at(
          -200,

          atis(
            'Monterey Regional airport information Papa, one six five five Zulu. Wind two niner zero at eight. Visibility one zero. Sky clear. Temperature one four, dew point niner. Altimeter three zero zero one. Landing and departing runway two eight left. Parachute jumping in progress over Marina airport.',
          ),
        ),
        at(-40, instructor('Okay, start down. Five hundred feet a minute, and bring the power back so we stay out of the yellow arc.')),
      ],
    },
    {
      kind: 'fly',
      to: mossLanding,
      altitudeFt: 2500,
      speedKt: 112,
      rpm: 2100,
      cues: [
        at(
          90,
          norCal(
            'Skyline one two, parachute activity over Marina airport, jumpers away in two minutes, up to one zero thousand five hundred.',
          ),
          student("Copy the jumpers. We'll stay west of Marina, Skyline one two.", mark(2)),
        ),
        at(
          -35,
          norCal('Skyline one two, contact Monterey tower one one eight point four.'),
          student('Monterey tower, one one eight point four, Skyline one two.'),
        ),
      ],
    },
    {
      kind: 'fly',
      to: kmryThreeMileBase,
      altitudeFt: 1500,
      speedKt: 105,
      rpm: 2000,
      cues: [
        at(
          8,
          student(
            'Monterey tower, Skyline one two, over Moss Landing, two thousand five hundred descending, with information Papa, full stop.',
          ),
          montereyTower('Skyline one two, Monterey tower, make right base runway two eight left. Report three mile base.'),
          student(
            'Right base two eight left, report three mile base, Skyline one two.',
            mark(3, 'Monterey tower: right base 28L, report a three-mile base.'),
          ),
        ),
        at(
          80,

          instructor(
            'Busy here. Jumpers at Marina, an airliner on the runway and a Cirrus in the pattern. Fly the airplane first, then talk.',
          ),
        ),
        at(
          -8,
          montereyTower('Skyline one two, say position.'),
          student(
            'Uh, Skyline one two is, uh, two and a half mile right base, two eight left.',
            mark(4, 'Missed the three-mile base report: tower had to ask.'),
          ),
        ),
      ],
    },
    {
      kind: 'fly',
      to: kmryFinalCorner,
      altitudeFt: 1100,
      speedKt: 85,
      turnRateDps: 4,
      descentFpm: 600,
      rpm: 1800,
      cues: [
        at(
          2,
          montereyTower('Skyline one two, runway two eight left, cleared to land. Wind two eight zero at niner.'),
          student('Cleared to land two eight left, Skyline one two.'),
        ),
      ],
    },
    {
      kind: 'land',
      runway: kmry28L,
      touchdownKt: 60,
      floatSeconds: 6,
      cues: [
        at(14, instructor("You're fast. Sixty five is the number, we're at seventy five. Flaps thirty.")),
        touchdown(-12, instructor("Hold it off. Hold it off. Don't force it on.")),
        touchdown(
          4,

          instructor(
            "That's the ten extra knots. Good centerline, though. We'll talk about it.",
            mark(1, 'Floated about 1,000 ft at Monterey: ten knots fast on short final.'),
          ),
        ),
        at(
          -4,
          montereyTower('Skyline one two, turn right next taxiway, contact ground point niner.'),
          student('Right next taxiway, ground point niner, Skyline one two.'),
        ),
      ],
    },
    {
      kind: 'taxi',
      via: kmryTaxiBack,
      speedKt: 12,
      cues: [
        at(
          30,
          student(
            'Monterey ground, Skyline one two, clear of two eight left, request taxi back for departure, VFR to Palo Alto, northbound, four thousand five hundred.',
          ),
          montereyGround('Skyline one two, Monterey ground, squawk zero four six one. Runway two eight left, taxi via Alpha.'),
          student('Zero four six one, runway two eight left via Alpha, Skyline one two.', mark(3)),
        ),
      ],
    },
    {
      kind: 'hold',
      seconds: 30,
      cues: [
        at(
          3,
          student('Monterey tower, Skyline one two, holding short two eight left, ready for departure, northbound.'),
          montereyTower('Skyline one two, Monterey tower, runway two eight left, cleared for takeoff. Right turn northbound approved.'),
          student('Cleared for takeoff two eight left, right turn northbound, Skyline one two.'),
        ),
      ],
    },
    { kind: 'taxi', via: kmryLineUp, speedKt: 6 },
    { kind: 'takeoff', runway: kmry28L, rotateKt: 55, climbKt: 64, untilAlongM: 1500 },
    {
      kind: 'fly',
      to: westOfMarina,
      altitudeFt: 4500,
      speedKt: 80,
      climbFpm: 650,
      cues: [
        at(
          60,
          student('NorCal approach, Skyline one two, passing one thousand three hundred, climbing four thousand five hundred.'),
          norCal(
            'Skyline one two, NorCal approach, radar contact one mile north of the Monterey airport. Monterey altimeter three zero zero one.',
          ),
        ),
      ],
    },
    { kind: 'fly', to: mossLanding, altitudeFt: 4500, speedKt: 85, climbFpm: 650 },
    {
      kind: 'fly',
      to: watsonville,
      altitudeFt: 4500,
      speedKt: 110,
      cues: [
        at(
          30,
          instructor(
            "Let's try something. Your oil pressure just dropped to the bottom of the green, and it's still falling. What do you do?",
          ),
          student(
            "I want to land soon. Watsonville is right off the nose, about seven miles. I'd turn direct, tell NorCal, and keep the power up as long as it runs.",
            mark(1, 'Simulated oil pressure loss: picked Watsonville right away, with a plan.'),
          ),
        ),
      ],
    },
    {
      kind: 'fly',
      to: lexingtonReservoir,
      altitudeFt: 4500,
      speedKt: 110,
      cues: [
        at(
          200,
          norCal('Skyline one two, contact NorCal approach one two zero point one.'),
          student('One two zero point one, Skyline one two.'),
        ),
      ],
    },
    {
      kind: 'fly',
      to: topOfDescentNorthbound,
      altitudeFt: 4500,
      speedKt: 110,
      cues: [
        at(30, norCal('Skyline one two, radar service terminated. Squawk VFR, frequency change approved.')),
        at(
          -150,

          atis(
            'Palo Alto airport information Lima, one seven five three Zulu. Wind three two zero at niner. Visibility one zero. Few clouds at four thousand five hundred. Temperature one eight, dew point one zero. Altimeter three zero zero one. Runway three one in use, left traffic. Advise on initial contact you have information Lima.',
          ),
        ),
      ],
    },
    {
      kind: 'fly',
      to: stanfordDish,
      altitudeFt: 1500,
      speedKt: 110,
      descentFpm: 650,
      rpm: 2000,
      cues: [
        at(
          -25,
          student(
            'Palo Alto tower, Skyline one two, over the Stanford Dish, one thousand six hundred descending, with information Lima, full stop.',
          ),
          paloAltoTower(
            'Skyline one two, Palo Alto tower, enter left downwind runway three one. Number three, follow a Cherokee on midfield downwind. Report traffic in sight.',
          ),
        ),
      ],
    },
    {
      kind: 'fly',
      to: kpaoPattern.entry45,
      altitudeFt: 800,
      speedKt: 90,
      rpm: 1900,
      cues: [
        at(
          2,
          student('Left downwind three one, looking for the Cherokee, Skyline one two.'),
          instructor("He's at your ten o'clock, low, white with a blue stripe. Just crossing the freeway."),
          student('Okay, I, uh, I see him. Traffic in sight, Skyline one two.'),
        ),
      ],
    },
    {
      kind: 'fly',
      to: kpaoPattern.midfieldDownwind,
      altitudeFt: 800,
      speedKt: 85,
      turnRateDps: 5,
      rpm: 2100,
      cues: [
        at(
          5,
          paloAltoTower(
            'Skyline one two, follow the Cherokee, runway three one, cleared to land. Caution, helicopter crossing midfield northeast bound at five hundred.',
          ),
          student('Follow the Cherokee, cleared to land, uh, three one, Skyline one two.'),

          student(
            'Fuel selector both. Mixture rich. Landing light, uh, on. Flaps ten.',
            mark(4, 'Busy downwind: sequencing, helicopter below and the checklist all at once.'),
          ),
        ),
      ],
    },
    ...kpaoDownwind(
      {
        base: [at(8, instructor("You're getting a little low. Add some power, don't just pull."))],
        final: [
          touchdown(4, instructor('Very nice.', mark(1, 'Low on base, fixed it with power. Smooth touchdown on centerline.'))),
          at(-3, paloAltoTower('Skyline one two, turn left next taxiway, contact ground one two five point zero.')),
        ],
      },
      { kind: 'land' },
    ),
    {
      kind: 'taxi',
      via: kpaoToRamp,
      cues: [
        at(
          15,
          student('Palo Alto ground, Skyline one two, clear of three one, taxi to the Skyline ramp.'),
          paloAltoGround('Skyline one two, taxi to parking via Zulu.'),
        ),
        at(-25, instructor("Nice work today, Leo. After landing checklist, and let's go debrief.")),
      ],
    },
    { kind: 'hold', seconds: 25, rpm: 0 },
  ],
  tripWell:
    'Leo came prepared: the nav log matched within two minutes on every leg and he knew his checkpoints (Stanford Dish, Lexington Reservoir, Watsonville, Moss Landing) without digging for the chart. The departure briefing was complete, the radio work with Palo Alto ground and tower was crisp, and the flight-following request to NorCal was right the first time. Good decision to stay west of Marina when the jumpers were called. The simulated oil pressure loss was handled very well: he picked Watsonville within seconds and had a plan. Centerline control on both landings was good, and he fixed the low base at Palo Alto with power instead of pulling.',
  tripImprove:
    "Workload on the Monterey arrival: the descent started late, so the ATIS, the descent checklist and the tower call all piled up and he missed the three-mile base report until tower asked. Start down over Watsonville and brief the arrival before the handoff. Speed control on final at Monterey: ten knots fast over the fence and a float of about 1,000 ft. On 7,000 ft of runway it didn't matter; on Palo Alto's 2,400 ft it would have been a go-around. Fly 65 knots and trim for it. Back at Palo Alto he stumbled over the readback while looking for the Cherokee: say 'looking', keep the readback short, then find the traffic. Next lesson: solo cross-country preparation, with the arrival briefed before the top of descent.",
};

const patternWork: TripPlan = {
  slug: 'pattern-work-kpao',
  tripName: 'Pattern work at KPAO',
  aircraftTail: 'N4521K',
  propellerBlades: 2,
  leftSeatEmail: 'student@skyline.test',
  rightSeatEmail: 'instructor@skyline.test',
  destination: 'KPAO',
  startOffsetDays: 5,
  startTimeUtc: '23:10',
  crew: { instructor: people.iris, student: people.stella },
  start: kpaoStart,
  legs: [
    {
      kind: 'hold',
      seconds: 95,
      cues: [
        at(4, instructor("Okay Stella, engine's running, oil pressure's up. Let's get the ATIS.")),
        at(
          12,
          atis(
            'Palo Alto airport information Tango, two two five three Zulu. Wind three two zero at one two, gusts one eight. Visibility one zero. Sky clear. Temperature two one, dew point one one. Altimeter two niner niner six. Runway three one in use, left traffic. Advise on initial contact you have information Tango.',
          ),

          instructor("Gusting eighteen, so a gust factor of six. Add half of it, and we'll fly seventy on final."),
        ),
        at(
          -35,
          student('Palo Alto ground, Skyline two one, at the Skyline ramp with Tango, request taxi for closed traffic.'),
          paloAltoGround('Skyline two one, Palo Alto ground, squawk zero four three six, runway three one, taxi via Zulu.'),
          // The deliberate wrong readback: two digits swapped, and ground misses it.
          student('Squawk zero four six three, runway three one, taxi via Zulu, Skyline two one.'),
        ),
      ],
    },
    { kind: 'taxi', via: kpaoToRunUp },
    {
      kind: 'hold',
      seconds: 25,
      cues: [
        at(
          2,
          instructor(
            'Before the run-up, look at the transponder. Ground gave us zero four three six, and you read back zero four six three.',
            mark(3, 'Squawk read back and set as 0463; ground gave 0436. Nobody caught it until the run-up.'),
          ),
          student('Oh. Zero four three six, set now.'),
          instructor('Ground missed it too. Say the digits back as you heard them, and set them as you say them.'),
        ),
      ],
    },
    {
      kind: 'hold',
      seconds: 45,
      rpm: 2000,
      cues: [
        at(
          3,
          student('Throttle two thousand. Left mag, drop of one twenty. Both. Right mag, one hundred. Both. Carb heat on, drop, and off.'),
        ),
      ],
    },
    {
      kind: 'hold',
      seconds: 45,
      cues: [
        at(
          3,
          instructor('Good. With twelve knots down the runway, what does downwind feel like?'),
          student("Tailwind on downwind, so the ground speed is higher. I'll turn base a little early so I don't get blown long."),
        ),
      ],
    },
    { kind: 'taxi', via: kpaoToHoldShort, speedKt: 6 },
    {
      kind: 'hold',
      seconds: 28,
      cues: [
        at(
          2,
          student('Palo Alto tower, Skyline two one, holding short three one, ready for closed traffic.'),
          paloAltoTower('Skyline two one, Palo Alto tower, runway three one, cleared for takeoff. Make left closed traffic.'),
          student(
            'Cleared for takeoff three one, left closed traffic, Skyline two one.',
            mark(3, 'Takeoff clearance, left closed traffic.'),
          ),
        ),
      ],
    },
    { kind: 'taxi', via: kpaoLineUp, speedKt: 6 },
    kpaoTakeoff([at(16, instructor('Rotate. Right rudder.'))]),
    // Circuit 1: touch-and-go.
    ...kpaoCircuit(
      {
        downwind: [
          at(
            22,
            student('Palo Alto tower, Skyline two one, midfield left downwind, touch and go.'),
            paloAltoTower('Skyline two one, runway three one, cleared touch and go.'),
            student('Cleared touch and go runway three one, Skyline two one.'),
          ),
        ],
        abeam: [at(2, student('Abeam the numbers. Carb heat on, power fifteen hundred, flaps ten.'))],
        final: [touchdown(3, instructor('Flaps up, carb heat off, full power, go.'))],
      },
      { kind: 'land', rollSeconds: 5 },
    ),
    kpaoTakeoff([]),
    // Circuit 2: extended downwind behind a Cirrus on a straight-in, then high on final: the unstable approach.
    ...kpaoCircuit(
      {
        downwind: [
          at(
            22,
            student('Palo Alto tower, Skyline two one, midfield left downwind, touch and go.'),
            paloAltoTower("Skyline two one, extend downwind, I'll call your base. Traffic is a Cirrus on a four mile straight in."),
            student('Extend downwind, uh, say again the traffic for Skyline two one?'),
            paloAltoTower('Cirrus on a four mile final, straight in, runway three one.'),

            instructor(
              "Breathe. Fly the airplane and hold eight hundred. He'll be low, out over the bay.",
              mark(4, 'Extended downwind behind a Cirrus: had to ask tower to repeat the traffic.'),
            ),
          ),
        ],
        abeam: [
          at(
            -10,
            paloAltoTower(
              'Skyline two one, turn base now. Number two following the Cirrus on short final. Runway three one, cleared touch and go.',
            ),
            student('Base now, number two behind the Cirrus, cleared touch and go runway three one, Skyline two one.', mark(3)),
          ),
        ],
        // Still at eight hundred feet on a base flown late: high on final, and the student dives at the runway.
        final: [
          at(
            5,
            instructor(
              "We're high, and you're diving at it. Fourteen hundred feet a minute, eighty knots. That's not stable.",
              mark(2, 'Unstable approach: high after the late base, dived at 1,400 fpm and 80 knots.'),
            ),
            student('Power back. Pitching for seventy.'),
          ),
          at(26, instructor("Better. Stable again by five hundred feet, just. Any lower and we'd have gone around.")),
        ],
      },
      { kind: 'land', rollSeconds: 5, dive: { sinkFpm: 1500, speedKt: 82, untilFt: 600 } },
      { extendM: 600, isHigh: true },
    ),
    kpaoTakeoff([]),
    // Circuit 3: sent around by the tower.
    ...kpaoCircuit(
      {
        downwind: [
          at(
            22,
            student('Palo Alto tower, Skyline two one, midfield left downwind, touch and go.'),
            paloAltoTower('Skyline two one, number two following a Skyhawk on base. Runway three one, cleared touch and go.'),
            student('Number two, cleared touch and go runway three one, Skyline two one.'),
          ),
        ],
        final: [
          at(
            -8,
            paloAltoTower('Skyline two one, go around. Aircraft on the runway.'),
            student('Going around, Skyline two one.', mark(2, 'Go-around: Skyhawk still on the runway.')),
          ),
        ],
      },
      { kind: 'land', goAroundFt: 200 },
    ),
    {
      kind: 'fly',
      to: onRunway(kpao31, 1500, 0),
      altitudeFt: 800,
      speedKt: 64,
      rpm: 2550,
      cues: [
        at(1, instructor('Full power, carb heat off, pitch up. Flaps up in stages.')),
        at(20, paloAltoTower('Skyline two one, sorry about that, the Skyhawk missed the turnoff. Make left closed traffic.')),
      ],
    },
    // Circuit 4: bounced.
    ...kpaoCircuit(
      {
        downwind: [
          at(
            22,
            student('Palo Alto tower, Skyline two one, midfield left downwind, touch and go.'),
            paloAltoTower('Skyline two one, runway three one, cleared touch and go.'),
            student('Cleared touch and go runway three one, Skyline two one.'),
          ),
        ],
        final: [
          at(6, instructor("You're a bit fast. Power back a touch.")),
          touchdown(
            1,
            instructor('Hold that attitude. A little power. Let it settle.'),
            instructor(
              "That's a bounce. You flared high, then let the nose go. We'll fix it next time around.",
              mark(1, 'Bounced: flared high, then released the back pressure.'),
            ),
          ),
        ],
      },
      { kind: 'land', rollSeconds: 4, bounceM: 1.5 },
    ),
    kpaoTakeoff([]),
    // Circuit 5: the good one.
    ...kpaoCircuit(
      {
        downwind: [
          at(
            22,
            student('Palo Alto tower, Skyline two one, midfield left downwind, touch and go.'),
            paloAltoTower('Skyline two one, runway three one, cleared touch and go.'),
            student('Cleared touch and go runway three one, Skyline two one.'),
          ),
        ],
        base: [at(6, instructor('This time, as you flare, keep the back pressure coming. Look at the far end.'))],
        final: [
          touchdown(
            3,
            instructor(
              "Now that's a landing. Right on the centerline.",
              mark(1, 'Best landing of the day: stable, on speed, on centerline.'),
            ),
          ),
        ],
      },
      { kind: 'land', rollSeconds: 5 },
    ),
    kpaoTakeoff([]),
    // Circuit 6: full stop.
    ...kpaoCircuit(
      {
        downwind: [
          at(
            22,
            student('Palo Alto tower, Skyline two one, midfield left downwind, full stop.'),
            paloAltoTower('Skyline two one, runway three one, cleared to land. Wind three one zero at one four, gusts two zero.'),
            student('Cleared to land runway three one, Skyline two one.'),
          ),
        ],
        final: [
          at(
            8,
            instructor('Gusts to twenty. Keep the extra speed and your hands busy.'),
            student('It, it just dropped a wing.', mark(2, 'Gust to 20 knots on short final.')),
          ),
          at(
            -3,
            paloAltoTower('Skyline two one, turn left next taxiway, contact ground point zero.'),
            student('Left next taxiway, ground point zero, Skyline two one.'),
          ),
        ],
      },
      { kind: 'land' },
    ),
    {
      kind: 'taxi',
      via: kpaoToRamp,
      cues: [
        // Late enough after the tower readback to be heard as a call of its own (the frequency change).
        at(
          10,
          student('Palo Alto ground, Skyline two one, clear of three one, taxi to the Skyline ramp.'),
          paloAltoGround('Skyline two one, taxi to parking via Zulu.'),
        ),
        at(-22, instructor("Good session. Let's park it and talk about the transponder code, that dive, and the bounce.")),
      ],
    },
    { kind: 'hold', seconds: 20, rpm: 0 },
  ],
  tripWell: null,
  tripImprove: null,
};

const steepTurns: TripPlan = {
  slug: 'steep-turns-slow-flight',
  tripName: 'Steep turns and slow flight, practice area',
  aircraftTail: 'N350DA',
  propellerBlades: 3,
  leftSeatEmail: 'jonas.berg@skyline.test',
  rightSeatEmail: 'marcus.webb@skyline.test',
  destination: 'KPAO',
  startOffsetDays: 9,
  startTimeUtc: '17:30',
  crew: { instructor: people.marcus, student: people.jonas },
  start: kpaoStart,
  legs: [
    {
      kind: 'hold',
      seconds: 180,
      cues: [
        at(
          4,
          instructor("Okay Jonas, engine's running. Check the ECU lights are out and the load is steady."),

          instructor("It's a cold morning, so we wait for the coolant to come up before the run-up."),
        ),
        at(
          22,
          atis(
            'Palo Alto airport information Echo, one seven one five Zulu. Wind two niner zero at five. Visibility one zero. Few clouds at six thousand. Temperature one five, dew point niner. Altimeter three zero one zero. Runway three one in use, left traffic. Advise on initial contact you have information Echo.',
          ),
        ),
        at(
          -38,
          student('Palo Alto ground, Skyline three five, at the Skyline ramp with Echo, request taxi, VFR to the practice area southwest.'),
          paloAltoGround('Skyline three five, Palo Alto ground, runway three one, taxi via Zulu.'),
        ),
      ],
    },
    { kind: 'taxi', via: kpaoToRunUp },
    {
      kind: 'hold',
      seconds: 45,
      cues: [at(20, student('ECU test, press and hold. Test passed, both ECU lights out.'))],
    },
    {
      kind: 'hold',
      seconds: 70,
      cues: [
        at(
          2,
          instructor('Good. What is the plan out there?'),
          student(
            'Clearing turns, then steep turns left and right at three thousand five hundred. Then slow flight and a power off stall. Recovered by three thousand at the latest.',
          ),
        ),
      ],
    },
    { kind: 'taxi', via: kpaoToHoldShort, speedKt: 6 },
    {
      kind: 'hold',
      seconds: 30,
      cues: [
        at(
          2,
          student('Palo Alto tower, Skyline three five, holding short three one, ready for departure, southwest to the practice area.'),
          paloAltoTower('Skyline three five, Palo Alto tower, runway three one, cleared for takeoff. Left crosswind departure approved.'),
          student('Cleared for takeoff three one, left crosswind departure, Skyline three five.'),
        ),
      ],
    },
    { kind: 'taxi', via: kpaoLineUp, speedKt: 6 },
    { kind: 'takeoff', runway: kpao31, rotateKt: 59, climbKt: 70, untilAlongM: 1300 },
    {
      kind: 'fly',
      to: stanfordDish,
      altitudeFt: 3500,
      speedKt: 72,
      climbFpm: 650,
      cues: [
        at(
          -60,
          student(
            'NorCal approach, Skyline three five, DA forty, over the Stanford Dish, two thousand two hundred climbing three thousand five hundred. Request flight following for maneuvers in the foothills.',
          ),
          norCal('Skyline three five, NorCal approach, squawk zero four seven three.'),
        ),
      ],
    },
    {
      kind: 'fly',
      to: practiceArea,
      altitudeFt: 3500,
      speedKt: 95,
      cues: [
        at(
          8,
          norCal(
            'Skyline three five, radar contact one mile south of the Stanford Dish. Palo Alto altimeter three zero one zero. Maintain VFR, advise when maneuvers are complete.',
          ),
          student('Three zero one zero, will advise, Skyline three five.', mark(3, 'Flight following for the practice area: squawk 0473.')),
        ),
        at(-45, instructor("We're over the area. Clearing turns first. Look left, look right, and call anything you see.")),
      ],
    },
    { kind: 'turn', degrees: -90, bankDeg: 15, altitudeFt: 3500, speedKt: 100, cues: [at(4, student('Clear left.'))] },
    { kind: 'turn', degrees: -90, bankDeg: 15, altitudeFt: 3500, speedKt: 100 },
    {
      kind: 'heading',
      headingDeg: 360,
      seconds: 22,
      altitudeFt: 3500,
      speedKt: 95,
      cues: [
        at(6, student('Heading three six zero, three thousand five hundred, ninety five knots. Rolling left into forty five degrees.')),
      ],
    },
    {
      kind: 'turn',
      degrees: -360,
      bankDeg: 45,
      altitudeFt: 3500,
      speedKt: 95,
      cues: [at(8, instructor('Add back pressure as you pass thirty degrees, and a touch of power.'))],
    },
    {
      kind: 'heading',
      headingDeg: 360,
      seconds: 30,
      altitudeFt: 3500,
      speedKt: 95,
      cues: [
        at(
          2,
          instructor(
            'Nice! Within fifty feet, and right on the heading.',
            mark(1, 'Left steep turn: within 50 ft, rolled out on the heading.'),
          ),
        ),
      ],
    },
    {
      kind: 'turn',
      degrees: 360,
      bankDeg: 45,
      altitudeFt: 3350,
      speedKt: 98,
      descentFpm: 600,
      cues: [at(9, instructor("Watch your nose, it's dropping. More back pressure."))],
    },
    {
      kind: 'heading',
      headingDeg: 360,
      seconds: 35,
      altitudeFt: 3500,
      speedKt: 95,
      cues: [
        at(
          2,
          instructor(
            'Down a hundred and fifty. Climb back up, and we do that one again.',
            mark(1, 'Right steep turn: nose dropped past 30° of bank, lost 150 ft.'),
          ),
        ),
      ],
    },
    {
      kind: 'turn',
      degrees: 360,
      bankDeg: 45,
      altitudeFt: 3500,
      speedKt: 95,
      cues: [
        at(10, instructor('Much better. Eyes outside, keep the nose on the horizon.')),
        at(-3, instructor("That's the one.", mark(1, 'Second right steep turn: to ACS standards.'))),
      ],
    },
    {
      kind: 'heading',
      headingDeg: 360,
      seconds: 90,
      altitudeFt: 3500,
      speedKt: 58,
      accelerationMps2: 0.4,
      rpm: 1900,
      cues: [
        at(4, instructor('Okay, slow flight. Power back, hold the altitude, flaps as we slow.')),
        at(14, student('Power back. Flaps takeoff. Flaps landing.')),
      ],
    },
    {
      kind: 'turn',
      degrees: 90,
      bankDeg: 12,
      altitudeFt: 3480,
      speedKt: 56,
      rpm: 2000,
      cues: [at(3, instructor('Gentle right turn to zero niner zero. Ten degrees of bank, no more.'))],
    },
    {
      kind: 'heading',
      headingDeg: 90,
      seconds: 50,
      altitudeFt: 3400,
      speedKt: 48,
      descentFpm: 300,
      accelerationMps2: 0.3,
      rpm: 1900,
      cues: [
        at(
          4,
          norCal(
            "Skyline three five, traffic one o'clock, two miles, northbound, a Cessna, altitude indicates three thousand six hundred.",
          ),

          instructor('Your airspeed! Forty eight and the horn is on. Nose down a little, add power. I will look for the traffic.'),
          student(
            'Correcting. Sorry.',
            mark(4, 'Traffic call in slow flight: fixated, airspeed down to 48 kt with the horn, lost 100 ft.'),
          ),

          student('Traffic in sight, Skyline three five.'),
        ),
      ],
    },
    { kind: 'heading', headingDeg: 90, seconds: 25, altitudeFt: 3500, speedKt: 58, accelerationMps2: 0.4, rpm: 2100 },
    {
      kind: 'turn',
      degrees: -90,
      bankDeg: 12,
      altitudeFt: 3500,
      speedKt: 58,
      rpm: 2100,
    },
    { kind: 'heading', headingDeg: 360, seconds: 20, altitudeFt: 3500, speedKt: 58, rpm: 2100 },
    {
      kind: 'heading',
      headingDeg: 360,
      seconds: 30,
      altitudeFt: 3500,
      speedKt: 95,
      accelerationMps2: 0.6,
      rpm: 2300,
      cues: [at(3, instructor('Good. Recover. Full power, flaps up in stages, back to cruise.'))],
    },
    {
      kind: 'turn',
      degrees: 180,
      bankDeg: 25,
      altitudeFt: 3500,
      speedKt: 95,
      cues: [at(4, instructor("Turn us around to one eight zero. We'll do the stalls heading back south."))],
    },
    {
      kind: 'heading',
      headingDeg: 180,
      seconds: 30,
      altitudeFt: 3200,
      speedKt: 70,
      descentFpm: 600,
      rpm: 1200,
      cues: [at(2, instructor('Power off stall. Set it up like an approach. Flaps landing, power idle, seventy knots.'))],
    },
    {
      kind: 'heading',
      headingDeg: 180,
      seconds: 22,
      altitudeFt: 3240,
      speedKt: 46,
      accelerationMps2: 0.8,
      rpm: 1100,
      cues: [at(2, student('Pitching up slowly. Stall horn.'))],
    },
    {
      kind: 'heading',
      headingDeg: 195,
      seconds: 9,
      altitudeFt: 2900,
      speedKt: 66,
      descentFpm: 1400,
      accelerationMps2: 2,
      turnRateDps: 6,
      rpm: 2400,
      cues: [
        at(
          0,
          student("There's the break."),
          instructor('Right wing! Rudder, not aileron.', mark(2, 'Right wing dropped at the break. Caught it with rudder.')),
        ),
      ],
    },
    {
      kind: 'heading',
      headingDeg: 180,
      seconds: 50,
      altitudeFt: 3500,
      speedKt: 72,
      climbFpm: 650,
      rpm: 2400,
      cues: [
        at(2, student('Nose down, full power, flaps takeoff. Positive rate, flaps up.')),
        at(30, instructor('Lost about a hundred and fifty feet. Good recovery.')),
      ],
    },
    {
      kind: 'heading',
      headingDeg: 180,
      seconds: 28,
      altitudeFt: 3250,
      speedKt: 70,
      descentFpm: 600,
      rpm: 1200,
      cues: [at(2, instructor('Once more, and this time keep the ball centered all the way into the break.'))],
    },
    { kind: 'heading', headingDeg: 180, seconds: 22, altitudeFt: 3290, speedKt: 46, accelerationMps2: 0.8, rpm: 1100 },
    {
      kind: 'heading',
      headingDeg: 180,
      seconds: 5,
      altitudeFt: 3180,
      speedKt: 64,
      descentFpm: 1200,
      accelerationMps2: 2,
      rpm: 2400,
      cues: [at(0, student('Stall horn. Break. Nose down, full power.'))],
    },
    {
      kind: 'heading',
      headingDeg: 180,
      seconds: 45,
      altitudeFt: 3500,
      speedKt: 72,
      climbFpm: 650,
      rpm: 2400,
      cues: [
        at(
          4,
          instructor(
            'Wings level the whole way. Much better.',
            mark(1, 'Second power-off stall: ball centered, wings level, under 100 ft lost.'),
          ),
        ),
      ],
    },
    {
      kind: 'heading',
      headingDeg: 300,
      seconds: 40,
      altitudeFt: 3500,
      speedKt: 105,
      cues: [at(6, instructor("That's all for today. Cruise power, and take us back toward the Dish."))],
    },
    {
      kind: 'fly',
      to: move(stanfordDish, 160, 4000),
      altitudeFt: 2000,
      speedKt: 105,
      rpm: 2000,
      cues: [
        at(
          8,
          student('NorCal approach, Skyline three five, maneuvers complete, returning to Palo Alto.'),
          norCal('Skyline three five, radar service terminated. Squawk VFR, frequency change approved.'),
        ),
        at(
          60,
          atis(
            'Palo Alto airport information Foxtrot, one seven five five Zulu. Wind three zero zero at six. Visibility one zero. Few clouds at six thousand. Temperature one seven, dew point niner. Altimeter three zero one zero. Runway three one in use, left traffic. Advise on initial contact you have information Foxtrot.',
          ),
        ),
        at(
          -30,
          student('Palo Alto tower, Skyline three five, two miles south of the Stanford Dish, two thousand, with Foxtrot, full stop.'),
          paloAltoTower('Skyline three five, Palo Alto tower, enter left downwind runway three one, report midfield.'),
          student('Left downwind three one, report midfield, Skyline three five.', mark(3)),
        ),
      ],
    },
    { kind: 'fly', to: kpaoPattern.entry45, altitudeFt: 800, speedKt: 100, rpm: 1800, descentFpm: 650 },
    {
      kind: 'fly',
      to: kpaoPattern.midfieldDownwind,
      altitudeFt: 800,
      speedKt: 90,
      turnRateDps: 5,
      rpm: 2100,
    },
    ...kpaoDownwind(
      {
        downwind: [
          at(
            10,
            student('Skyline three five, midfield left downwind.'),
            paloAltoTower('Skyline three five, runway three one, cleared to land.'),
          ),
        ],
        final: [
          touchdown(5, instructor('Good landing.')),
          at(-3, paloAltoTower('Skyline three five, turn left next taxiway, contact ground one two five point zero.')),
        ],
      },
      { kind: 'land' },
    ),
    {
      kind: 'taxi',
      via: kpaoToRamp,
      cues: [
        at(
          6,
          student('Palo Alto ground, Skyline three five, clear of three one, taxi to the Skyline ramp.'),
          paloAltoGround('Skyline three five, taxi to parking via Zulu.'),
        ),
        at(-22, instructor("Good work, Jonas. Those steep turns got a lot better. Let's shut down and debrief.")),
      ],
    },
    { kind: 'hold', seconds: 20, rpm: 0 },
  ],
  tripWell:
    'Thorough clearing turns, and Jonas called traffic on his own before I did. The left steep turn was excellent: within 50 ft and rolled out on the heading. After we talked about the right one, the second right steep turn met the ACS standard too. Good setup for the power-off stall (configured like a real approach), he recognised the break right away, and he picked up the dropped right wing with rudder, not aileron. Radio work with Palo Alto and NorCal was clean throughout, including asking for flight following on his own.',
  tripImprove:
    'Right steep turns: the nose drops as the bank passes 30 degrees. Add back pressure as you roll through 30, a touch of power, and keep the nose on the horizon rather than chasing the altimeter. In slow flight he fixated when NorCal called traffic: the airspeed decayed to 48 knots with the horn on and we lost 100 ft. Divide attention: eyes outside, a glance at the airspeed, back outside, and fly first. The stall recovery cost about 150 ft; lower the nose just enough to break the stall rather than diving. Next lesson: slow flight again with traffic scans, then power-on stalls.',
};

export const tripPlans: readonly TripPlan[] = [crossCountry, patternWork, steepTurns];
