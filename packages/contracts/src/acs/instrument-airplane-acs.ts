/**
 * FAA-S-ACS-8C, Instrument Rating – Airplane Airman Certification Standards (November 2023), areas of operation
 * I–VIII and their 22 tasks.
 *
 * Checked against the text of https://www.faa.gov/training_testing/testing/acs/instrument_rating_airplane_acs_8.pdf
 * (40 pages, dated November 2023), read through a public text extraction of that file (github.com/joshball/airboss,
 * acs/ir-airplane-8c/manifest.json); effective May 31, 2024 by the same rule as the private pilot ACS, 89 FR 22482.
 *
 * `kind` is Skylog's reading: Area I and the two systems tasks of Area II (IR.II.A, IR.II.B) are examined in the
 * oral; the instrument flight deck check and everything after it is done at or in the airplane.
 */
import { acsArea, type AcsDocument } from './acs-document.ts';

const multiengine = ['AMEL', 'AMES'] as const;

export const instrumentAirplaneAcs: AcsDocument = {
  id: 'FAA-S-ACS-8C',
  title: 'Instrument Rating – Airplane Airman Certification Standards',
  revision: 'FAA-S-ACS-8C (November 2023)',
  effective: '2024-05-31',
  areas: [
    acsArea('IR', 'I', 'Preflight Preparation', [
      ['Pilot Qualifications', 'ground'],
      ['Weather Information', 'ground'],
      ['Cross-Country Flight Planning', 'ground'],
    ]),
    acsArea('IR', 'II', 'Preflight Procedures', [
      ['Aircraft Systems Related to Instrument Flight Rules (IFR) Operations', 'ground'],
      ['Aircraft Flight Instruments and Navigation Equipment', 'ground'],
      ['Instrument Flight Deck Check', 'flight'],
    ]),
    acsArea('IR', 'III', 'Air Traffic Control (ATC) Clearances and Procedures', [
      ['Compliance with Air Traffic Control Clearances', 'flight'],
      ['Holding Procedures', 'flight'],
    ]),
    acsArea('IR', 'IV', 'Flight by Reference to Instruments', [
      ['Instrument Flight', 'flight'],
      ['Recovery from Unusual Flight Attitudes', 'flight'],
    ]),
    acsArea('IR', 'V', 'Navigation Systems', [
      ['Intercepting and Tracking Navigational Systems and DME Arcs', 'flight'],
      ['Departure, En Route, and Arrival Operations', 'flight'],
    ]),
    acsArea('IR', 'VI', 'Instrument Approach Procedures', [
      ['Non-precision Approach', 'flight'],
      ['Precision Approach', 'flight'],
      ['Missed Approach', 'flight'],
      ['Circling Approach', 'flight'],
      ['Landing from an Instrument Approach', 'flight'],
    ]),
    acsArea('IR', 'VII', 'Emergency Operations', [
      ['Loss of Communications', 'flight'],
      ['One Engine Inoperative (Simulated) during Straight-and-Level Flight and Turns', 'flight', multiengine],
      ['Instrument Approach and Landing with an Inoperative Engine (Simulated)', 'flight', multiengine],
      ['Approach with Loss of Primary Flight Instrument Indicators', 'flight'],
    ]),
    acsArea('IR', 'VIII', 'Postflight Procedures', [['Checking Instruments and Equipment', 'flight']]),
  ],
};
