/**
 * FROZEN: the rows migration 021 inserted into violation_codes, every install's reference data (moved here from
 * server/db/seed/violationCodes.ts, unchanged since 021 was written, commit f21fba2). Never edit this file: 021 must
 * insert tomorrow what it inserted the day it ran. To add, correct or drop a code, write a NEW migration that inserts,
 * updates or deletes those rows itself. `codeKey` is schema/tickets.ts codeKey as 021 ran it.
 * Imports: none (tests/unit/serverLayers.test.ts).
 */
export const codeKey = (code: string) => code.toUpperCase().replace(/[\s.()-]/g, '');

/**
 * FMCSA roadside-inspection violation codes as the Safety Measurement System (SMS) scores them: BASIC, violation
 * group and severity weight (1–10; the +2 out-of-service weight and the 3/2/1 time weight are applied on top of
 * this when a violation is scored, they are not part of `severity`).
 *
 * This is a curated subset (codes car haulers commonly see), not the full SMS Appendix A table (well over a thousand
 * codes). Every code, BASIC and severity weight below was read in one of these sources; nothing was filled in from
 * memory:
 *  - The project's starter table (28 codes, from FMCSA's public SMS pages and input file; the weighing rules are
 *    restated in docs/product/tickets.md#safety).
 *  - FMCSA SMS carrier pages, ai.fmcsa.dot.gov/SMS/Carrier/<DOT#>/BASIC/{UnsafeDriving,HOSCompliance,DriverFitness}/
 *    Violations/NumViolsDESC.aspx (code, FMCSA description, # violations, # OOS violations, severity weight), e.g.
 *    carriers 2546417, 137781, 3174980, 4231099, 1905991, 2170112, 1567212, 354406, 618907, 13811.
 *  - Rows of FMCSA's monthly "SMS Input – Violation" file (Viol_Code, BASIC_Desc, OOS_Indicator, Severity_Weight,
 *    Section_Desc, Group_Desc) as republished on flprofile.com/company/P22000024914, flprofile.com/company/
 *    P19000002882 and bizyork.com/company/4200235.
 *  - "Violation shown on driver / vehicle examination report" — a copy of the SMS violation/severity table
 *    (section, description, group, weight): trucknroad.com/page/violation-shown-on-driver--vehicle-examination-report
 *  - viocodes.yuriance.net/code/<code> pages (SMS Appendix A v3.20 row plus FMCSA national roadside counts and
 *    OOS counts for the last 5 years, as of 2026-06-20).
 *  - J.J. Keller, "CSA Severity Weights for Cargo Securement Violations",
 *    jjkeller.com/learn/csa-severity-weights-for-cargo-securement-violations (393.100(b), 393.102(c)).
 *  - "Twenty Cargo Securement Out-of-Service Violations from 2014 Calendar Year in the U.S." (CVSA Roadcheck
 *    material), amazing-tl.com/2015/05/18/... — used only for the OOS flag of 393.100(b).
 *  - Blue Ink Tech, "The Vehicle Maintenance Violations Basic" (blog.blueinktech.com/blog/the-vehicle-maintenance-basic),
 *    the list of Vehicle Maintenance groups with their weights — used only to name the group of a few codes whose
 *    code-level source gave a weight but no group (see "group" below).
 *  - sharphes.com/blog/top-15-out-of-service-csa-violations — code-level weights for 393.9, 393.9T, 393.9TS,
 *    393.25(f), 393.45(b)(2), 393.45B2PC, 393.48(a), 396.3A1BL, 393.75(a)(2), 393.75(c), 393.209(d) (not used for OOS:
 *    that page says its codes are merely "associated with" OOS inspections).
 *
 * `oos` answers "is this violation on the CVSA out-of-service criteria, i.e. can the inspector put the driver or
 * vehicle out of service for it?":
 *  - true  — FMCSA inspection data record this code itself as an OOS violation (OOS count > 0 on an FMCSA SMS page,
 *            OOS_Indicator = Y in the SMS input file, or a material national OOS count).
 *  - false — FMCSA national data show essentially no OOS for this code over a large sample (392.2-SLLS2: 19 of
 *            257,844; 392.2-SLML: 0 of 3,936).
 *  - null  — no source either way. A violation record with OOS = N does NOT prove a code can never be OOS (e.g.
 *            393.9H, 393.47(e)-type defects become OOS only in combination), so such codes stay null.
 *  Whether a given violation *was* OOS is a property of the inspection record, not of this table.
 *
 * `group`: the SMS group as the source names it. Where a code-level source gave the weight but no group, the group
 * was taken from the SMS group list when only one group fits the code and weight: 393.9T, 393.9TS, 393.25(f) →
 * Lighting (6); 393.9 → Clearance Identification Lamps/Other (2); 393.45(b)(2), 393.45B2PC, 393.48(a), 396.3A1BL →
 * Brakes All Others (4); 393.75(a)(2), 393.75(c), 393.75C-TAOTD-LT1/32 → Tires (8); 393.209(d) → Steering Mechanism
 * (6); 393.100(b), 393.102(c) → Improper Load Securement (7); and the HOS variants 395.3A2-HOSPDIT, 395.8A-ELD,
 * 395.8E-HOSPDOOS, 395.8K2-HOSRC take the group of their sibling code with the same section and weight. Treat those
 * group names as unverified.
 *
 * Known doubts about the starter table: 392.2-SLLLR is labelled "Other Driver Violations" at weight 3, but FMCSA's
 * table gives that group weight 1 and puts the lane-restriction code 392.2LV in "Misc Violations" (3); 395.22G-ELDMFV
 * (1) and 395.24D-ELDPT (3) are both labelled "EOBR Related" although one SMS group has one weight. The weights
 * themselves are confirmed by FMCSA's SMS pages. 392.2-SLLSWZ is given the group "Speeding 4" as FMCSA's table
 * lists it (the starter table said "Speeding").
 *
 * 393.128 (vehicles as cargo), 393.130, 393.100(a), 393.104(b)/(f)(3), 393.110(b) and 392.9(a) are common
 * car-hauler citations and appear in FMCSA/CVSA OOS statistics, but no source found here gave their severity weight,
 * so they are not listed. Load the full Appendix A table from FMCSA (csa.fmcsa.dot.gov) to cover them.
 *
 * Gathered 2026-11-26.
 */
export type Basic =
  | 'UNSAFE_DRIVING'
  | 'CRASH_INDICATOR'
  | 'HOS_COMPLIANCE'
  | 'VEHICLE_MAINTENANCE'
  | 'CONTROLLED_SUBSTANCES'
  | 'HM_COMPLIANCE'
  | 'DRIVER_FITNESS';

export interface ViolationCodeSeed {
  /** As FMCSA writes it, e.g. '393.9H', '392.2-SLLS2', '392.82(a)1' */
  code: string;
  /** The 49 CFR section, e.g. '393.9', '392.82(a)(1)' */
  section: string;
  description: string;
  basic: Basic;
  /** SMS violation group, e.g. 'Lighting', 'Speeding 2' */
  group: string;
  /** SMS severity weight 1–10 */
  severity: number;
  oos: boolean | null;
}

export const VIOLATION_CODES: readonly ViolationCodeSeed[] = [
  // ── Unsafe Driving ────────────────────────────────────────────────────────────────────────────────────────────
  {
    code: '392.2-SLLS1',
    section: '392.2',
    description: 'State/Local Laws - Speeding 1-5 miles per hour over the speed limit',
    basic: 'UNSAFE_DRIVING',
    group: 'Speeding 1',
    severity: 1,
    oos: null,
  },
  {
    code: '392.2-SLLS2',
    section: '392.2',
    description: 'State/Local Laws - Speeding 6-10 miles per hour over the speed limit',
    basic: 'UNSAFE_DRIVING',
    group: 'Speeding 2',
    severity: 4,
    oos: false,
  },
  {
    code: '392.2-SLLS3',
    section: '392.2',
    description: 'State/Local Laws - Speeding 11-14 miles per hour over the speed limit',
    basic: 'UNSAFE_DRIVING',
    group: 'Speeding 3',
    severity: 7,
    oos: null,
  },
  {
    code: '392.2-SLLS4',
    section: '392.2',
    description: 'State/Local Laws - Speeding 15 or more miles per hour over the speed limit',
    basic: 'UNSAFE_DRIVING',
    group: 'Speeding 4',
    severity: 10,
    oos: null,
  },
  {
    code: '392.2-SLLSWZ',
    section: '392.2',
    description: 'State/Local Laws - Speeding work/construction zone',
    basic: 'UNSAFE_DRIVING',
    group: 'Speeding 4',
    severity: 10,
    oos: null,
  },
  {
    code: '392.2S',
    section: '392.2',
    description: 'Speeding',
    basic: 'UNSAFE_DRIVING',
    group: 'Speeding Related',
    severity: 5,
    oos: null,
  },
  {
    code: '392.2R',
    section: '392.2',
    description: 'Reckless driving',
    basic: 'UNSAFE_DRIVING',
    group: 'Reckless Driving',
    severity: 10,
    oos: null,
  },
  {
    code: '392.2-SLLTCD',
    section: '392.2',
    description: 'State/Local Laws - Failed to obey a traffic control device',
    basic: 'UNSAFE_DRIVING',
    group: 'Dangerous Driving',
    severity: 5,
    oos: null,
  },
  {
    code: '392.2C',
    section: '392.2',
    description: 'Failure to obey traffic control device',
    basic: 'UNSAFE_DRIVING',
    group: 'Dangerous Driving',
    severity: 5,
    oos: null,
  },
  {
    code: '392.2-SLLFC',
    section: '392.2',
    description: 'State/Local Laws - Following too closely',
    basic: 'UNSAFE_DRIVING',
    group: 'Dangerous Driving',
    severity: 5,
    oos: null,
  },
  {
    code: '392.2FC',
    section: '392.2',
    description: 'Following too close',
    basic: 'UNSAFE_DRIVING',
    group: 'Dangerous Driving',
    severity: 5,
    oos: null,
  },
  {
    code: '392.2LC',
    section: '392.2',
    description: 'Improper lane change',
    basic: 'UNSAFE_DRIVING',
    group: 'Dangerous Driving',
    severity: 5,
    oos: null,
  },
  {
    code: '392.2-SLML',
    section: '392.2',
    description: 'State/Local Laws - Failure to maintain lane',
    basic: 'UNSAFE_DRIVING',
    group: 'Dangerous Driving',
    severity: 5,
    oos: false,
  },
  {
    code: '392.2T',
    section: '392.2',
    description: 'Improper turns',
    basic: 'UNSAFE_DRIVING',
    group: 'Dangerous Driving',
    severity: 5,
    oos: null,
  },
  {
    code: '392.2Y',
    section: '392.2',
    description: 'Failure to yield right of way',
    basic: 'UNSAFE_DRIVING',
    group: 'Dangerous Driving',
    severity: 5,
    oos: null,
  },
  {
    code: '392.2RR',
    section: '392.2',
    description: 'Railroad grade crossing violation',
    basic: 'UNSAFE_DRIVING',
    group: 'Dangerous Driving',
    severity: 5,
    oos: null,
  },
  {
    code: '392.2-SLLLR',
    section: '392.2',
    description: 'State/Local Laws - Lane restriction violation',
    basic: 'UNSAFE_DRIVING',
    group: 'Other Driver Violations',
    severity: 3,
    oos: null,
  },
  {
    code: '392.2LV',
    section: '392.2',
    description: 'Lane restriction violation',
    basic: 'UNSAFE_DRIVING',
    group: 'Misc Violations',
    severity: 3,
    oos: null,
  },
  {
    code: '392.16',
    section: '392.16',
    description: 'Failing to use seat belt while operating a CMV',
    basic: 'UNSAFE_DRIVING',
    group: 'Seat Belt',
    severity: 7,
    oos: null,
  },
  {
    code: '392.82(a)1',
    section: '392.82(a)(1)',
    description: 'Using a hand-held mobile telephone while operating a CMV',
    basic: 'UNSAFE_DRIVING',
    group: 'Phone Call',
    severity: 10,
    oos: null,
  },
  {
    code: '392.2-SLLT',
    section: '392.2',
    description: 'State/Local Laws - Operating a CMV while texting',
    basic: 'UNSAFE_DRIVING',
    group: 'Texting',
    severity: 10,
    oos: null,
  },

  // ── Hours-of-Service Compliance ───────────────────────────────────────────────────────────────────────────────
  {
    code: '392.3-F',
    section: '392.3',
    description: 'Fatigue - Operating a commercial motor vehicle while impaired, through fatigue',
    basic: 'HOS_COMPLIANCE',
    group: 'Fatigued',
    severity: 10,
    oos: true,
  },
  {
    code: '395.3A1-HOSPD',
    section: '395.3(a)(1)',
    description: 'HOS (Property) - Driving more than 11 hours following 10 consecutive hours off duty',
    basic: 'HOS_COMPLIANCE',
    group: 'Hours',
    severity: 7,
    oos: null,
  },
  {
    code: '395.3A2-HOSPD',
    section: '395.3(a)(2)',
    description:
      'HOS (Property) - Driving beyond the 14th hour after coming on duty following 10 consecutive hours off duty',
    basic: 'HOS_COMPLIANCE',
    group: 'Hours',
    severity: 7,
    oos: null,
  },
  {
    code: '395.3A2-HOSPDIT',
    section: '395.3(a)(2)',
    description: 'HOS (Property) - Driving beyond the 14th hour after coming on duty, at the time of inspection',
    basic: 'HOS_COMPLIANCE',
    group: 'Hours',
    severity: 7,
    oos: true,
  },
  {
    code: '395.8A1-HOSP',
    section: '395.8(a)(1)',
    description: 'HOS (Property) - Failing to have a record of duty status using the method prescribed',
    basic: 'HOS_COMPLIANCE',
    group: 'Incomplete/Wrong Log',
    severity: 5,
    oos: true,
  },
  {
    code: '395.8A-ELD',
    section: '395.8(a)',
    description: 'ELD - No record of duty status (ELD required)',
    basic: 'HOS_COMPLIANCE',
    group: 'Incomplete/Wrong Log',
    severity: 5,
    oos: true,
  },
  {
    code: '395.8K2-HOSP',
    section: '395.8(k)(2)',
    description:
      'HOS (Property) - Failing to have in possession records of duty status for the previous 7 consecutive days',
    basic: 'HOS_COMPLIANCE',
    group: 'Incomplete/Wrong Log',
    severity: 5,
    oos: true,
  },
  {
    code: '395.8K2-HOSRC',
    section: '395.8(k)(2)',
    description:
      'HOS (Manner) - Driver failed to retain a copy of each record of duty status for the previous 7 consecutive days',
    basic: 'HOS_COMPLIANCE',
    group: 'Incomplete/Wrong Log',
    severity: 5,
    oos: true,
  },
  {
    code: '395.8E-HOSPD',
    section: '395.8(e)',
    description: 'HOS (Property) - False report of duty status',
    basic: 'HOS_COMPLIANCE',
    group: 'False Log',
    severity: 7,
    oos: null,
  },
  {
    code: '395.8E-HOSPDOOS',
    section: '395.8(e)',
    description:
      'HOS (Property) - False record of duty status that concealed an HOS limitation violation after the last rest period',
    basic: 'HOS_COMPLIANCE',
    group: 'False Log',
    severity: 7,
    oos: true,
  },
  {
    code: '395.24D-ELDPT',
    section: '395.24(d)',
    description: 'HOS (ELD) - Could not produce and transfer ELD hours-of-service records on request',
    basic: 'HOS_COMPLIANCE',
    group: 'EOBR Related',
    severity: 3,
    oos: null,
  },
  {
    code: '395.22G-ELDMFV',
    section: '395.22(g)',
    description: 'HOS (ELD) - Portable ELD not mounted in a fixed position and visible to the driver',
    basic: 'HOS_COMPLIANCE',
    group: 'EOBR Related',
    severity: 1,
    oos: null,
  },

  // ── Driver Fitness ────────────────────────────────────────────────────────────────────────────────────────────
  {
    code: '391.41A-MCPC',
    section: '391.41(a)',
    description:
      'Medical (Certificate) - Operating a CMV without showing proof of a valid medical certificate upon request',
    basic: 'DRIVER_FITNESS',
    group: 'Medical Certificate',
    severity: 1,
    oos: null,
  },
  {
    code: '383.23A2-LCDLN',
    section: '383.23(a)(2)',
    description: 'License (CDL) - Operate a CMV and does not possess a valid CDL',
    basic: 'DRIVER_FITNESS',
    group: 'Disqualified/No Licence',
    severity: 8,
    oos: true,
  },

  // ── Vehicle Maintenance: lighting ─────────────────────────────────────────────────────────────────────────────
  {
    code: '393.9',
    section: '393.9',
    description: 'Inoperative required lamps',
    basic: 'VEHICLE_MAINTENANCE',
    group: 'Clearance Identification Lamps/Other',
    severity: 2,
    oos: null,
  },
  {
    code: '393.9H',
    section: '393.9',
    description: 'Inoperable head lamps',
    basic: 'VEHICLE_MAINTENANCE',
    group: 'Lighting',
    severity: 6,
    oos: null,
  },
  {
    code: '393.9T',
    section: '393.9',
    description: 'Inoperative tail lamp',
    basic: 'VEHICLE_MAINTENANCE',
    group: 'Lighting',
    severity: 6,
    oos: null,
  },
  {
    code: '393.9TS',
    section: '393.9',
    description: 'Inoperative turn signal',
    basic: 'VEHICLE_MAINTENANCE',
    group: 'Lighting',
    severity: 6,
    oos: null,
  },
  {
    code: '393.9ALTSIR',
    section: '393.9',
    description: 'Lighting - Turn signal - Any inoperative on a unit that is not the rearmost unit',
    basic: 'VEHICLE_MAINTENANCE',
    group: 'Lighting',
    severity: 6,
    oos: null,
  },
  {
    code: '393.9ALSML',
    section: '393.9',
    description: 'Lighting - Side marker lamp(s) inoperative',
    basic: 'VEHICLE_MAINTENANCE',
    group: 'Clearance Identification Lamps/Other',
    severity: 2,
    oos: null,
  },
  {
    code: '393.9ALIL',
    section: '393.9',
    description: 'Lighting - Identification lamp(s) inoperative',
    basic: 'VEHICLE_MAINTENANCE',
    group: 'Clearance Identification Lamps/Other',
    severity: 2,
    oos: null,
  },
  {
    code: '393.25(f)',
    section: '393.25(f)',
    description: 'Stop lamp violations',
    basic: 'VEHICLE_MAINTENANCE',
    group: 'Lighting',
    severity: 6,
    oos: null,
  },
  {
    code: '393.17(b)',
    section: '393.17(b)',
    description: 'No/defective towaway lamps on rear unit',
    basic: 'VEHICLE_MAINTENANCE',
    group: 'Lighting',
    severity: 6,
    oos: true,
  },

  // ── Vehicle Maintenance: brakes ───────────────────────────────────────────────────────────────────────────────
  {
    code: '393.48(a)',
    section: '393.48(a)',
    description: 'Inoperative/defective brakes',
    basic: 'VEHICLE_MAINTENANCE',
    group: 'Brakes All Others',
    severity: 4,
    oos: null,
  },
  {
    code: '393.45DLUV',
    section: '393.45(d)',
    description: 'Brake connections with leaks under vehicle',
    basic: 'VEHICLE_MAINTENANCE',
    group: 'Brakes All Others',
    severity: 4,
    oos: null,
  },
  {
    code: '393.45(b)(2)',
    section: '393.45(b)(2)',
    description: 'Failing to secure brake hose/tubing against mechanical damage',
    basic: 'VEHICLE_MAINTENANCE',
    group: 'Brakes All Others',
    severity: 4,
    oos: null,
  },
  {
    code: '393.45B2PC',
    section: '393.45(b)(2)',
    description: 'Brake hose or tubing chafing and/or kinking - connection to power unit',
    basic: 'VEHICLE_MAINTENANCE',
    group: 'Brakes All Others',
    severity: 4,
    oos: null,
  },
  {
    code: '393.47D2-BLT-1/16AD',
    section: '393.47(d)(2)',
    description: 'Air disc brake - Lining/pad thickness less than 1/16 inch',
    basic: 'VEHICLE_MAINTENANCE',
    group: 'Brakes All Others',
    severity: 4,
    oos: null,
  },
  {
    code: '396.3A1BL',
    section: '396.3(a)(1)',
    description: 'Brake system pressure loss',
    basic: 'VEHICLE_MAINTENANCE',
    group: 'Brakes All Others',
    severity: 4,
    oos: null,
  },

  // ── Vehicle Maintenance: tires, wheels, steering ──────────────────────────────────────────────────────────────
  {
    code: '393.75A',
    section: '393.75(a)',
    description: 'Flat tire or fabric exposed',
    basic: 'VEHICLE_MAINTENANCE',
    group: 'Tires',
    severity: 8,
    oos: true,
  },
  {
    code: '393.75(a)(2)',
    section: '393.75(a)(2)',
    description: 'Tire - tread and/or sidewall separation',
    basic: 'VEHICLE_MAINTENANCE',
    group: 'Tires',
    severity: 8,
    oos: null,
  },
  {
    code: '393.75(a)(3)',
    section: '393.75(a)(3)',
    description: 'Tire - flat and/or audible air leak',
    basic: 'VEHICLE_MAINTENANCE',
    group: 'Tires',
    severity: 8,
    oos: true,
  },
  {
    code: '393.75(c)',
    section: '393.75(c)',
    description: 'Tire - other tread depth less than 2/32 of inch',
    basic: 'VEHICLE_MAINTENANCE',
    group: 'Tires',
    severity: 8,
    oos: null,
  },
  {
    code: '393.75C-TAOTD-LT2/32',
    section: '393.75(c)',
    description: 'Tires - Less than 2/32 inch tread depth',
    basic: 'VEHICLE_MAINTENANCE',
    group: 'Tires',
    severity: 8,
    oos: null,
  },
  {
    code: '393.75C-TAOTD-LT1/32',
    section: '393.75(c)',
    description: 'Tires - Less than 1/32 inch tread depth at 3 locations/2 adjacent tread grooves',
    basic: 'VEHICLE_MAINTENANCE',
    group: 'Tires',
    severity: 8,
    oos: null,
  },
  {
    code: '396.3(a)(1)',
    section: '396.3(a)(1)',
    description: 'Inspection, repair and maintenance of parts and accessories',
    basic: 'VEHICLE_MAINTENANCE',
    group: 'Wheels, Studs, Clamps, Etc.',
    severity: 2,
    oos: true,
  },
  {
    code: '393.209(d)',
    section: '393.209(d)',
    description: 'Steering system components worn, welded, or missing',
    basic: 'VEHICLE_MAINTENANCE',
    group: 'Steering Mechanism',
    severity: 6,
    oos: null,
  },

  // ── Vehicle Maintenance: inspection records, OOS orders ───────────────────────────────────────────────────────
  {
    code: '396.17CPI',
    section: '396.17(c)',
    description: 'Operating a CMV without documentation of a periodic inspection',
    basic: 'VEHICLE_MAINTENANCE',
    group: 'Inspection Reports',
    severity: 4,
    oos: null,
  },
  {
    code: '396.9C2OOSO',
    section: '396.9(c)(2)',
    description:
      'OOS Order (Repairs) - Operating a CMV after being declared out-of-service without completing the required repairs',
    basic: 'VEHICLE_MAINTENANCE',
    group: 'Vehicle Jumping OOS',
    severity: 10,
    oos: null,
  },

  // ── Vehicle Maintenance: cargo securement (formerly Cargo-Related BASIC) ──────────────────────────────────────
  {
    code: '393.100(b)',
    section: '393.100(b)',
    description: 'Leaking/spilling/blowing/falling cargo',
    basic: 'VEHICLE_MAINTENANCE',
    group: 'Improper Load Securement',
    severity: 7,
    oos: true,
  },
  {
    code: '393.102(c)',
    section: '393.102(c)',
    description: 'No equivalent means of securement',
    basic: 'VEHICLE_MAINTENANCE',
    group: 'Improper Load Securement',
    severity: 7,
    oos: null,
  },
];
