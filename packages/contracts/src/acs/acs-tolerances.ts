/**
 * The tolerances of the Private Pilot – Airplane ACS (FAA-S-ACS-6C, November 2023) for the tasks Skylog can measure
 * from a flight's track, audio and transcript. The flight analysis compares its measurements with these numbers to
 * propose a grade; the instructor's grade is what counts (docs/product.md "Lessons and grading"). `elements` names
 * the ACS skill elements each number comes from.
 *
 * Checked against:
 * - https://www.faa.gov/training_testing/testing/acs/private_airplane_acs_6.pdf, through its text extraction at
 *   github.com/joshball/airboss (acs/ppl-airplane-6c/manifest.json), which gives every task's code and the first
 *   line of each element. From it: the task codes (Go-Around/Rejected Landing is PA.IV.N in 6C, after the seaplane
 *   tasks G–L and the forward slip, M; Short-Field Approach and Landing is PA.IV.F); steep turns PA.V.A.S3 and S5
 *   up to "roll out on the entry heading"; slow flight PA.VII.A.S5 up to "airspeed, +10/-0 knots; and"; emergency
 *   descent PA.IX.A.S4 and S5 in full.
 * - A public transcription of 6C Areas IV–VI found through a code search (its repository was not shown), which agrees
 *   with the extraction wherever both have the text: PA.IV.A.S11 and S13, PA.IV.B.S7 and S10, PA.IV.F.S7 and S10,
 *   PA.IV.N.S4 and S7, PA.V.A.S5 in full (±10° roll-out), PA.V.B.S3 and S7.
 * - https://www.cfinotebook.net/lesson-plans/private-pilot-airplane/airport-and-seaplane-base-operations/private-pilot-airplane-traffic-pattern-lesson-plan
 *   (6C wording) for PA.III.B.S5; https://sites.google.com/coyotehillconsulting.com/cfiwes/lessons/steep-turns for
 *   PA.V.A.S5.
 *
 * Not confirmed from 6C text: the end of PA.VII.A.S5, "specified angle of bank, ±10°", is taken from 6B's wording
 * (https://cfi-notebook.com/lesson-plans/slow-flight), whose beginning 6C repeats word for word.
 */
export const acsTolerances = {
  /**
   * PA.V.A Steep Turns: a 360° turn at approximately 45° of bank (S3); entry altitude ±100 ft, airspeed ±10 kt,
   * bank ±5°, roll out on the entry heading ±10° (S5).
   */
  steepTurn: {
    task: 'PA.V.A',
    elements: ['PA.V.A.S3', 'PA.V.A.S5'],
    bankDeg: 45,
    bankPlusMinusDeg: 5,
    altitudeFt: 100,
    airspeedKt: 10,
    rolloutHeadingDeg: 10,
  },
  /** PA.VII.A Maneuvering During Slow Flight: altitude ±100 ft, heading ±10°, airspeed +10/−0 kt, bank ±10° (S5). */
  slowFlight: {
    task: 'PA.VII.A',
    elements: ['PA.VII.A.S5'],
    altitudeFt: 100,
    headingDeg: 10,
    airspeedPlusKt: 10,
    airspeedMinusKt: 0,
    bankPlusMinusDeg: 10,
  },
  /**
   * PA.IV.B Normal Approach and Landing: approach airspeed +10/−5 kt with gust factor (S7); touch down on the
   * specified point or within 400 ft beyond it (S10).
   */
  normalLanding: {
    task: 'PA.IV.B',
    elements: ['PA.IV.B.S7', 'PA.IV.B.S10'],
    touchdownBeyondPointMaxFt: 400,
    approachAirspeedPlusKt: 10,
    approachAirspeedMinusKt: 5,
  },
  /**
   * PA.IV.F Short-Field Approach and Landing: approach airspeed +10/−5 kt with gust factor (S7); touch down on the
   * specified point or within 200 ft beyond it (S10).
   */
  shortFieldLanding: {
    task: 'PA.IV.F',
    elements: ['PA.IV.F.S7', 'PA.IV.F.S10'],
    touchdownBeyondPointMaxFt: 200,
    approachAirspeedPlusKt: 10,
    approachAirspeedMinusKt: 5,
  },
  /** PA.IV.A Normal Takeoff and Climb: the recommended speed or VY +10/−5 kt (S11), VY +10/−5 kt to a safe altitude (S13). */
  climb: { task: 'PA.IV.A', elements: ['PA.IV.A.S11', 'PA.IV.A.S13'], airspeedPlusKt: 10, airspeedMinusKt: 5 },
  /**
   * PA.V.B Ground Reference Maneuvers: entered 600 to 1,000 ft above ground (S3a–c); altitude ±100 ft, airspeed
   * ±10 kt (S7).
   */
  groundReference: {
    task: 'PA.V.B',
    elements: ['PA.V.B.S3', 'PA.V.B.S7'],
    minAglFt: 600,
    maxAglFt: 1000,
    altitudeFt: 100,
    airspeedKt: 10,
  },
  /** PA.III.B Traffic Patterns: pattern altitude ±100 ft, airspeed ±10 kt (S5). */
  trafficPattern: { task: 'PA.III.B', elements: ['PA.III.B.S5'], altitudeFt: 100, airspeedKt: 10 },
  /**
   * PA.IX.A Emergency Descent: bank between 30° and 45° (S4); the appropriate airspeed +0/−10 kt, never faster, and
   * level off at the specified altitude ±100 ft (S5). `airspeedKt` is the width of that one-sided band, not a ±
   * tolerance: read `airspeedPlusKt` and `airspeedMinusKt`.
   */
  emergencyDescent: {
    task: 'PA.IX.A',
    elements: ['PA.IX.A.S4', 'PA.IX.A.S5'],
    airspeedKt: 10,
    airspeedPlusKt: 0,
    airspeedMinusKt: 10,
    levelOffFt: 100,
    minBankDeg: 30,
    maxBankDeg: 45,
  },
  /**
   * PA.IV.N Go-Around/Rejected Landing: climb pitch attitude for VX or VY +10/−5 kt (S4), VY +10/−5 kt to a safe
   * maneuvering altitude (S7).
   */
  goAround: { task: 'PA.IV.N', elements: ['PA.IV.N.S4', 'PA.IV.N.S7'], airspeedPlusKt: 10, airspeedMinusKt: 5 },
  /**
   * PA.III.A Communications, Light Signals, and Runway Lighting Systems: acknowledge radio communications and comply
   * with ATC instructions (S3); measured from the transcript's readback check.
   */
  communications: { task: 'PA.III.A', elements: ['PA.III.A.S3'] },
} as const;
export type AcsTolerances = typeof acsTolerances;
export type MeasurableTaskKey = keyof AcsTolerances;
