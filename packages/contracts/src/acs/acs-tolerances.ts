/**
 * The tolerances of the Private Pilot – Airplane ACS (FAA-S-ACS-6C) for the tasks Skylog can measure from a
 * flight's track, audio and transcript. The flight analysis compares its measurements with these numbers to
 * propose a grade; the instructor's grade is what counts (docs/product.md "Lessons and grading").
 */
export const acsTolerances = {
  /** PA.V.A Steep Turns: 45° of bank ±5°, altitude ±100 ft, airspeed ±10 kt, roll out on the entry heading ±10°. */
  steepTurn: { task: 'PA.V.A', bankDeg: 45, bankPlusMinusDeg: 5, altitudeFt: 100, airspeedKt: 10, rolloutHeadingDeg: 10 },
  /** PA.VII.A Slow Flight: altitude ±100 ft, heading ±10°, airspeed +10/−0 kt. */
  slowFlight: { task: 'PA.VII.A', altitudeFt: 100, headingDeg: 10, airspeedPlusKt: 10, airspeedMinusKt: 0 },
  /** PA.IV.B Normal Approach and Landing: touch down 0 to 400 ft beyond the specified point. */
  normalLanding: { task: 'PA.IV.B', touchdownBeyondPointMaxFt: 400 },
  /** PA.IV.F Short-Field Approach and Landing: touch down 0 to 200 ft beyond the specified point. */
  shortFieldLanding: { task: 'PA.IV.F', touchdownBeyondPointMaxFt: 200 },
  /** PA.IV.A Normal Takeoff and Climb: climb at Vy +10/−5 kt. */
  climb: { task: 'PA.IV.A', airspeedPlusKt: 10, airspeedMinusKt: 5 },
  /** PA.V.B Ground Reference Maneuvers: 600 to 1,000 ft above ground, altitude ±100 ft, airspeed ±10 kt. */
  groundReference: { task: 'PA.V.B', minAglFt: 600, maxAglFt: 1000, altitudeFt: 100, airspeedKt: 10 },
  /** PA.III.B Traffic Patterns: pattern altitude ±100 ft, airspeed ±10 kt. */
  trafficPattern: { task: 'PA.III.B', altitudeFt: 100, airspeedKt: 10 },
  /** PA.IX.A Emergency Descent: airspeed ±10 kt, level off at the specified altitude ±100 ft. */
  emergencyDescent: { task: 'PA.IX.A', airspeedKt: 10, levelOffFt: 100 },
  /** PA.IV.M Go-Around/Rejected Landing: climb at Vy +10/−5 kt. */
  goAround: { task: 'PA.IV.M', airspeedPlusKt: 10, airspeedMinusKt: 5 },
  /** PA.III.A Communications: the radio's instructions read back; measured from the transcript's readback check. */
  communications: { task: 'PA.III.A' },
} as const;
export type AcsTolerances = typeof acsTolerances;
export type MeasurableTaskKey = keyof AcsTolerances;
