/**
 * FAA-S-ACS-6C, Private Pilot for Airplane Category Airman Certification Standards (November 2023), areas of
 * operation I–XII and their 61 tasks. Titles are the FAA's, without the class marks, which are kept in `classes`:
 * an airplane single-engine land course uses the tasks whose classes include ASEL and leaves the others out.
 *
 * Checked against the text of https://www.faa.gov/training_testing/testing/acs/private_airplane_acs_6.pdf (87 pages,
 * dated November 2023), read through a public text extraction of that file that lists every area, task and
 * element code (github.com/joshball/airboss, acs/ppl-airplane-6c/manifest.json). The cover month is confirmed by
 * https://northstarvfr.com/blogs/news/private-pilot-s-guide-to-the-latest-acs-update-2024, and the effective date by
 * the final rule that incorporates the ACS by reference, 89 FR 22482 (April 1, 2024), effective May 31, 2024.
 *
 * `kind` is Skylog's reading, not the FAA's: Area I is examined in the oral, and so are Spin Awareness (PA.VII.D)
 * and Night Operations (PA.XI.A), whose 6C text has knowledge and risk-management elements but no skill element.
 * Emergency Equipment and Survival Gear (PA.IX.D) is counted as ground because it is shown at the airplane on the
 * ground; the extraction did not show its skill elements, so that one could not be confirmed from the text.
 */
import { acsArea, type AcsDocument } from './acs-document.ts';

const seaplane = ['ASES', 'AMES'] as const;
const land = ['ASEL', 'AMEL'] as const;
const multiengine = ['AMEL', 'AMES'] as const;
const singleEngine = ['ASEL', 'ASES'] as const;

export const privateAirplaneAcs: AcsDocument = {
  id: 'FAA-S-ACS-6C',
  title: 'Private Pilot for Airplane Category Airman Certification Standards',
  revision: 'FAA-S-ACS-6C (November 2023)',
  effective: '2024-05-31',
  areas: [
    acsArea('PA', 'I', 'Preflight Preparation', [
      ['Pilot Qualifications', 'ground'],
      ['Airworthiness Requirements', 'ground'],
      ['Weather Information', 'ground'],
      ['Cross-Country Flight Planning', 'ground'],
      ['National Airspace System', 'ground'],
      ['Performance and Limitations', 'ground'],
      ['Operation of Systems', 'ground'],
      ['Human Factors', 'ground'],
      ['Water and Seaplane Characteristics, Seaplane Bases, Maritime Rules, and Aids to Marine Navigation', 'ground', seaplane],
    ]),
    acsArea('PA', 'II', 'Preflight Procedures', [
      ['Preflight Assessment', 'flight'],
      ['Flight Deck Management', 'flight'],
      ['Engine Starting', 'flight'],
      ['Taxiing', 'flight', land],
      ['Taxiing and Sailing', 'flight', seaplane],
      ['Before Takeoff Check', 'flight'],
    ]),
    acsArea('PA', 'III', 'Airport and Seaplane Base Operations', [
      ['Communications, Light Signals, and Runway Lighting Systems', 'flight'],
      ['Traffic Patterns', 'flight'],
    ]),
    acsArea('PA', 'IV', 'Takeoffs, Landings, and Go-Arounds', [
      ['Normal Takeoff and Climb', 'flight'],
      ['Normal Approach and Landing', 'flight'],
      ['Soft-Field Takeoff and Climb', 'flight', ['ASEL']],
      ['Soft-Field Approach and Landing', 'flight', ['ASEL']],
      ['Short-Field Takeoff and Maximum Performance Climb', 'flight', land],
      ['Short-Field Approach and Landing', 'flight', land],
      ['Confined Area Takeoff and Maximum Performance Climb', 'flight', seaplane],
      ['Confined Area Approach and Landing', 'flight', seaplane],
      ['Glassy Water Takeoff and Climb', 'flight', seaplane],
      ['Glassy Water Approach and Landing', 'flight', seaplane],
      ['Rough Water Takeoff and Climb', 'flight', seaplane],
      ['Rough Water Approach and Landing', 'flight', seaplane],
      ['Forward Slip to a Landing', 'flight', singleEngine],
      ['Go-Around/Rejected Landing', 'flight'],
    ]),
    acsArea('PA', 'V', 'Performance Maneuvers and Ground Reference Maneuvers', [
      ['Steep Turns', 'flight'],
      ['Ground Reference Maneuvers', 'flight'],
    ]),
    acsArea('PA', 'VI', 'Navigation', [
      ['Pilotage and Dead Reckoning', 'flight'],
      ['Navigation Systems and Radar Services', 'flight'],
      ['Diversion', 'flight'],
      ['Lost Procedures', 'flight'],
    ]),
    acsArea('PA', 'VII', 'Slow Flight and Stalls', [
      ['Maneuvering During Slow Flight', 'flight'],
      ['Power-Off Stalls', 'flight'],
      ['Power-On Stalls', 'flight'],
      ['Spin Awareness', 'ground'],
    ]),
    acsArea('PA', 'VIII', 'Basic Instrument Maneuvers', [
      ['Straight-and-Level Flight', 'flight'],
      ['Constant Airspeed Climbs', 'flight'],
      ['Constant Airspeed Descents', 'flight'],
      ['Turns to Headings', 'flight'],
      ['Recovery from Unusual Flight Attitudes', 'flight'],
      ['Radio Communications, Navigation Systems/Facilities, and Radar Services', 'flight'],
    ]),
    acsArea('PA', 'IX', 'Emergency Operations', [
      ['Emergency Descent', 'flight'],
      ['Emergency Approach and Landing (Simulated)', 'flight', singleEngine],
      ['Systems and Equipment Malfunctions', 'flight'],
      ['Emergency Equipment and Survival Gear', 'ground'],
      ['Engine Failure During Takeoff Before VMC (Simulated)', 'flight', multiengine],
      ['Engine Failure After Liftoff (Simulated)', 'flight', multiengine],
      ['Approach and Landing with an Inoperative Engine (Simulated)', 'flight', multiengine],
    ]),
    acsArea('PA', 'X', 'Multiengine Operations', [
      ['Maneuvering with One Engine Inoperative', 'flight', multiengine],
      ['VMC Demonstration', 'flight', multiengine],
      [
        'One Engine Inoperative (Simulated) (solely by Reference to Instruments) During Straight-and-Level Flight and Turns',
        'flight',
        multiengine,
      ],
      ['Instrument Approach and Landing with an Inoperative Engine (Simulated)', 'flight', multiengine],
    ]),
    acsArea('PA', 'XI', 'Night Operations', [['Night Operations', 'ground']]),
    acsArea('PA', 'XII', 'Postflight Procedures', [
      ['After Landing, Parking, and Securing', 'flight', land],
      ['Seaplane Post-Landing Procedures', 'flight', seaplane],
    ]),
  ],
};
