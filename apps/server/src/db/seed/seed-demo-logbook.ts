import { endorsementTemplates, endorsementText, type LogbookFields, type LogbookRoutePoint } from '@skylog/contracts';
import { addDays, emptyLogbookFields } from '@skylog/logbook';
import { inArray } from 'drizzle-orm';
import { endorsementHash, expiryOf } from '../../modules/logbook/endorsements.service.ts';
import { insertEndorsement, insertEntries, lockLogbookOf } from '../../modules/logbook/logbook.repository.ts';
import { appendSignature } from '../../modules/logbook/signing.service.ts';
import type { Executor } from '../client.ts';
import { users } from '../schema/index.ts';
import { demoRoleAccounts } from './demo-school.ts';

/**
 * The demo student's logbook before the three demo flights (docs/product.md "Logbook"): six weeks of training at
 * Palo Alto, each entry signed by the demo instructor but the last, a solo endorsement, and progress toward 14 CFR
 * 61.109(a) with most of it still to do. The demo flights' own entries are made by their analysis, as any flight's.
 */

const [instructorAccount, studentAccount] = ['instructor', 'student'].map((role) => demoRoleAccounts.find((person) => person.role === role)!);

/** Airports of the demo flights' area: Palo Alto, Half Moon Bay, Livermore, Monterey. */
const airports = {
  KPAO: { latitude: 37.4611, longitude: -122.115 },
  KHAF: { latitude: 37.5134, longitude: -122.5011 },
  KLVK: { latitude: 37.6934, longitude: -121.8204 },
  KMRY: { latitude: 36.587, longitude: -121.8429 },
} as const;
type Airport = keyof typeof airports;

/** A route: the departure, then each landing (full stop unless a touch-and-go) with whether the field was towered. */
const route = (...points: ([Airport] | [Airport, 'full' | 'touch-and-go'])[]): LogbookRoutePoint[] =>
  points.map(([airport, landing = 'full']) => ({
    airport,
    ...airports[airport],
    full_stop: landing === 'full',
    // Palo Alto, Livermore and Monterey have towers; Half Moon Bay does not.
    towered: airport !== 'KHAF',
  }));

type DemoEntry = { daysAgo: number; fields: Partial<LogbookFields> };

const dual = (hours: number) => ({ total_hours: hours, dual_received_hours: hours });

const demoEntries: DemoEntry[] = [
  { daysAgo: 44, fields: { ...dual(1.2), day_takeoffs: 1, day_full_stop_landings: 1, landings: 1, route: route(['KPAO'], ['KPAO']), remarks: 'Intro flight: straight and level, climbs, descents, turns.' } },
  { daysAgo: 40, fields: { ...dual(1.4), day_takeoffs: 1, day_full_stop_landings: 1, landings: 1, route: route(['KPAO'], ['KPAO']), remarks: 'Slow flight, power-off and power-on stalls.' } },
  { daysAgo: 37, fields: { ...dual(1.3), simulated_instrument_hours: 0.5, day_takeoffs: 1, day_full_stop_landings: 1, landings: 1, route: route(['KPAO'], ['KPAO']), remarks: 'Steep turns; 0.5 h under the hood: recovery from unusual attitudes.' } },
  { daysAgo: 33, fields: { ...dual(1.5), day_takeoffs: 6, day_full_stop_landings: 1, landings: 6, route: route(['KPAO'], ['KHAF', 'touch-and-go'], ['KHAF', 'touch-and-go'], ['KPAO', 'touch-and-go'], ['KPAO', 'touch-and-go'], ['KPAO']), remarks: 'Pattern work at Half Moon Bay and Palo Alto; crosswind technique.' } },
  { daysAgo: 29, fields: { ...dual(1.6), night_hours: 1.4, night_takeoffs: 3, night_full_stop_landings: 3, landings: 3, route: route(['KPAO'], ['KLVK'], ['KLVK'], ['KPAO']), remarks: 'Night: full-stop landings at Livermore, night emergencies.' } },
  { daysAgo: 24, fields: { ...dual(1.1), day_takeoffs: 5, day_full_stop_landings: 5, landings: 5, route: route(['KPAO'], ['KPAO'], ['KPAO'], ['KPAO'], ['KPAO'], ['KPAO']), remarks: 'Pre-solo check: go-arounds, engine failure after take-off.' } },
  { daysAgo: 20, fields: { total_hours: 0.8, pic_hours: 0.8, solo_hours: 0.8, day_takeoffs: 3, day_full_stop_landings: 3, landings: 3, route: route(['KPAO'], ['KPAO'], ['KPAO'], ['KPAO']), remarks: 'First solo: three full-stop landings.' } },
  { daysAgo: 15, fields: { ...dual(2.3), cross_country_hours: 2.3, day_takeoffs: 2, day_full_stop_landings: 2, landings: 2, route: route(['KPAO'], ['KMRY'], ['KPAO']), remarks: 'Dual cross-country to Monterey: pilotage, dead reckoning, flight following.' } },
];

/** The solo endorsement was given on the day of the first solo. */
const soloDaysAgo = 20;

/** Writes the demo student's history in the seeding transaction; nothing when the demo accounts are not there. */
export async function seedDemoLogbook(db: Executor, now = new Date()): Promise<void> {
  const people = await db
    .select({ id: users.skylogId, email: users.email, name: users.name, orgId: users.orgId, licenseNumber: users.licenseNumber })
    .from(users)
    .where(inArray(users.email, [instructorAccount!.email, studentAccount!.email]));
  const instructor = people.find((person) => person.email === instructorAccount!.email);
  const student = people.find((person) => person.email === studentAccount!.email);
  if (!instructor || !student) return;
  const today = now.toISOString().slice(0, 10);
  const signer = {
    instructorId: instructor.id,
    instructorName: instructor.name ?? instructor.email,
    certificateNumber: instructor.licenseNumber ?? 'CFI',
    certificateExpires: addDays(today, 400),
    method: 'password' as const,
  };
  const rows = await insertEntries(
    db,
    demoEntries.map(({ daysAgo, fields }) => {
      const date = addDays(today, -daysAgo);
      return {
        orgId: student.orgId,
        pilotId: student.id,
        tripId: null,
        source: 'manual' as const,
        fields: { ...emptyLogbookFields(date, 'airplane single-engine land'), aircraft_make_model: 'Cessna 172S', aircraft_identification: 'N172SK', ...fields },
        trackValues: null,
        typed: [],
        importedAttestation: null,
      };
    }),
  );
  await lockLogbookOf(db, student.id);
  // Each entry signed the evening of its flight, but the last: it waits in the instructor's signing queue.
  for (const [index, row] of rows.slice(0, -1).entries()) {
    await appendSignature(db, row, { ...signer, signedAt: new Date(`${row.fields.date}T23:00:00.${String(index).padStart(3, '0')}Z`) });
  }
  const given = addDays(today, -soloDaysAgo);
  const template = endorsementTemplates.solo;
  const expiresOn = expiryOf(template.validity, given);
  const values = {
    orgId: student.orgId,
    studentId: student.id,
    kind: 'solo' as const,
    title: template.title,
    regulation: template.regulation,
    text: endorsementText('solo', { student: student.name ?? student.email, aircraft: 'Cessna 172S', expires: expiresOn }),
    aircraftMakeModel: 'Cessna 172S',
    instructorId: instructor.id,
    instructorName: signer.instructorName,
    certificateNumber: signer.certificateNumber,
    certificateExpires: signer.certificateExpires,
    signedAt: new Date(`${given}T16:00:00Z`),
    method: signer.method,
    expiresOn,
  };
  await insertEndorsement(db, { ...values, hash: await endorsementHash(values) });
}
