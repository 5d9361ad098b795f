import type { AssignableRole } from '@skylog/contracts';

/** The demo school of the first run: one account per role plus a few more people to link. */
export const demoSchool = {
  name: 'Skyline Flight Academy',
  subOrgs: [
    { key: 'north', name: 'North Field', description: 'Primary training at the north field: PPL and instrument students.' },
    { key: 'lakeside', name: 'Lakeside', description: 'Seaplane and commercial training on the lake.' },
  ],
  aircraft: [
    { tailNumber: 'N172SP', category: 'airplane', callSign: 'Skyline 12', type: 'Cessna 172S Skyhawk', notes: 'G1000, primary trainer.' },
    { tailNumber: 'N4521K', category: 'airplane', callSign: 'Skyline 21', type: 'Piper PA-28-181 Archer', notes: 'Steam gauges, Garmin 430W.' },
    { tailNumber: 'N350DA', category: 'airplane', callSign: 'Skyline 35', type: 'Diamond DA40 NG', notes: 'Instrument training.' },
    { tailNumber: 'N733RG', category: 'airplane', callSign: 'Skyline 73', type: 'Cessna 172RG Cutlass', notes: 'Complex endorsement aircraft.' },
  ],
} as const;

export type DemoPerson = {
  email: string;
  name: string;
  role: AssignableRole;
  subOrg: 'north' | 'lakeside' | null;
  phone: string;
  program: '141' | '61';
  fulltime: boolean;
  licenseNumber?: string;
  certifications?: string[];
};

/** The seven sign-in accounts the README lists, one per role. */
export const demoRoleAccounts: readonly DemoPerson[] = [
  { email: 'superadmin@skyline.test', name: 'Sam Rivera', role: 'super_admin', subOrg: null, phone: '+14155550100', program: '141', fulltime: true },
  { email: 'orgadmin@skyline.test', name: 'Olivia Grant', role: 'org_admin', subOrg: null, phone: '+14155550101', program: '141', fulltime: true },
  { email: 'secondary@skyline.test', name: 'Sebastian Hale', role: 'admin_secondary', subOrg: null, phone: '+14155550102', program: '141', fulltime: true },
  { email: 'suborgadmin@skyline.test', name: 'Nora Lindqvist', role: 'sub_org_admin', subOrg: 'north', phone: '+14155550103', program: '141', fulltime: true },
  { email: 'suborgsecondary@skyline.test', name: 'Theo Marsh', role: 'sub_org_admin_secondary', subOrg: 'north', phone: '+14155550104', program: '141', fulltime: false },
  {
    email: 'instructor@skyline.test',
    name: 'Iris Calder',
    role: 'instructor',
    subOrg: 'north',
    phone: '+14155550105',
    program: '141',
    fulltime: true,
    licenseNumber: 'CFI 3920115',
    certifications: ['Instrument Rating', 'Certified Flight Instructor', 'Certified Flight Instructor - Instrument'],
  },
  {
    email: 'student@skyline.test',
    name: 'Stella Park',
    role: 'student',
    subOrg: 'north',
    phone: '+14155550106',
    program: '141',
    fulltime: false,
  },
];

/** More people, so lists and links have something to show. */
export const demoPeople: readonly DemoPerson[] = [
  { email: 'marcus.webb@skyline.test', name: 'Marcus Webb', role: 'instructor', subOrg: 'lakeside', phone: '+14155550110', program: '61', fulltime: true, certifications: ['Seaplane Rating', 'Certified Flight Instructor'] },
  { email: 'ana.costa@skyline.test', name: 'Ana Costa', role: 'instructor', subOrg: 'north', phone: '+14155550111', program: '141', fulltime: false, certifications: ['Multi-Engine Rating', 'Multi-Engine Instructor'] },
  { email: 'leo.nakamura@skyline.test', name: 'Leo Nakamura', role: 'student', subOrg: 'north', phone: '+14155550120', program: '141', fulltime: true },
  { email: 'priya.shah@skyline.test', name: 'Priya Shah', role: 'student', subOrg: 'north', phone: '+14155550121', program: '141', fulltime: false },
  { email: 'jonas.berg@skyline.test', name: 'Jonas Berg', role: 'student', subOrg: 'lakeside', phone: '+14155550122', program: '61', fulltime: false },
  { email: 'emma.okafor@skyline.test', name: 'Emma Okafor', role: 'student', subOrg: 'lakeside', phone: '+14155550123', program: '61', fulltime: true },
];

/** Instructor → students links by e-mail. */
export const demoLinks: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['instructor@skyline.test', ['student@skyline.test', 'leo.nakamura@skyline.test', 'priya.shah@skyline.test']],
  ['ana.costa@skyline.test', ['student@skyline.test', 'priya.shah@skyline.test']],
  ['marcus.webb@skyline.test', ['jonas.berg@skyline.test', 'emma.okafor@skyline.test']],
];

/** A second school, so organization switching and tenant isolation can be seen. */
export const otherSchool = {
  name: 'Harbor Aviation',
  people: [
    { email: 'admin@harbor.test', name: 'Hank Osei', role: 'org_admin', subOrg: null, phone: '+12065550130', program: '141', fulltime: true },
    { email: 'pilot@harbor.test', name: 'Pia Lund', role: 'student', subOrg: null, phone: '+12065550131', program: '61', fulltime: false },
  ] satisfies DemoPerson[],
} as const;
