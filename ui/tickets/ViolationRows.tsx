import { ArrayInput, BooleanInput, SimpleFormIterator } from 'react-admin';
import { ViolationInput } from '../records/pickers';

/**
 * An inspection report's violations: a code (searched by code or words, wide enough to read them) and whether it put
 * the driver or vehicle out of service, one row each.
 */
export function ViolationRows() {
  return (
    <ArrayInput source="violations" label={false}>
      <SimpleFormIterator inline disableReordering>
        <ViolationInput source="violationNumberId" isRequired sx={{ minWidth: { xs: '100%', sm: 460 } }} />
        <BooleanInput source="outOfService" />
      </SimpleFormIterator>
    </ArrayInput>
  );
}

/** The inspection form's inputs shown specially (DefinitionInputs). */
export const INSPECTION_INPUTS = { violations: <ViolationRows /> };
