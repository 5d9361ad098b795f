import type { ReadbackFinding } from '@skylog/contracts';

/** How a readback's elements and faults are said in the teachable moments and the ACS evidence. */

const elementLabels: Record<ReadbackFinding['elements'][number]['type'], string> = {
  altitude: 'altitude',
  flight_level: 'flight level',
  heading: 'heading',
  frequency: 'frequency',
  squawk: 'squawk',
  runway: 'runway',
  hold_short: 'hold short',
  cleared_takeoff: 'take-off clearance',
  cleared_land: 'landing clearance',
  callsign: 'callsign',
};

/** What was wrong with a readback, in one or two sentences ("squawk 0436 was read back as 0463."). */
export function describeFault(finding: ReadbackFinding): string {
  if (finding.status === 'missing') {
    const given = finding.elements
      .filter((element) => element.type !== 'callsign')
      .map((element) => `${elementLabels[element.type]} ${element.expected}`)
      .join(', ');
    const to = finding.addressee ? ` to ${finding.addressee}` : '';
    return `ATC gave ${given}${to} and no readback followed.`;
  }
  const parts = finding.elements
    .filter((element) => element.heard !== element.expected)
    .map((element) =>
      element.heard === null
        ? `${elementLabels[element.type]} ${element.expected} was not read back`
        : `${elementLabels[element.type]} ${element.expected} was read back as ${element.heard}`,
    );
  return `${parts.join('; ')}.`;
}
