/** The ratings (certifications) a profile may hold, in the earlier product's order (docs/product.md "Profile"). */
export const ratings = [
  'Instrument Rating',
  'Multi-Engine Rating',
  'Seaplane Rating',
  'Tailwheel Endorsement',
  'Complex Endorsement',
  'High-Performance Endorsement',
  'High-Altitude Endorsement',
  'Type Rating',
  'Certified Flight Instructor',
  'Certified Flight Instructor - Instrument',
  'Multi-Engine Instructor',
  'Rotorcraft Rating',
  'Glider Rating',
  'Lighter-than-Air Rating',
  'Powered-Lift Rating',
] as const;

export type Rating = (typeof ratings)[number];
