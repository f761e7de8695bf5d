/**
 * The inspection types a shipper or broker may ask of the driver (schema/vehicleInspections.ts says what each
 * requires). Kept apart so that the shipper and broker definitions name them without the inspection vocabulary.
 */
export const INSPECTION_TYPE_KEYS = ['STANDARD', 'ADVANCED', 'CODED'] as const;
export type InspectionType = (typeof INSPECTION_TYPE_KEYS)[number];

export const INSPECTION_TYPE_LABELS: Record<InspectionType, string> = {
  STANDARD: 'Standard',
  ADVANCED: 'Advanced',
  CODED: 'Coded',
};
