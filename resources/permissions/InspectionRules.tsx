import './messages';
import { Checkbox, FormControlLabel, MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { InspectionSettingsBody, InspectionSettingsDto } from '../../schema/company';
import { INSPECTION_TYPE_KEYS } from '../../schema/inspectionTypes';
import { CompanySettingSection } from './CompanySettingSection';
import { useCompanySetting } from './useCompanySetting';

const w = (key: string) => `haulboard.access.inspections.${key}`;

/**
 * The company's inspection rules (GET/PUT /api/Company/inspections, server/modules/company/routes.ts): the type a
 * driver records when the shipper and broker ask for none, and whether Picked up and Delivered wait for the drivers'
 * completed inspections. Everyone reads them here; administrators change them (the server refuses others).
 */
export function InspectionRules() {
  const translate = useTranslate();
  const setting = useCompanySetting<InspectionSettingsDto, InspectionSettingsBody, InspectionSettingsBody>({
    path: '/api/Company/inspections',
    queryKey: ['company-inspections'],
    saved: w('saved'),
    draftOf: (data) => ({ inspectionType: data.inspectionType, inspectionRequired: data.inspectionRequired }),
  });
  const { data, current } = setting;
  if (!data || !current) return null;
  const changed =
    current.inspectionType !== data.inspectionType || current.inspectionRequired !== data.inspectionRequired;
  const locked = !data.canChange || setting.saving;
  return (
    <CompanySettingSection
      id="company-inspections"
      messages={w}
      setting={setting}
      changed={data}
      canSave={changed}
      onSave={() => setting.save(current)}
    >
      <TextField
        select
        label={translate(w('type'))}
        value={current.inspectionType}
        disabled={locked}
        onChange={(event) =>
          setting.setDraft({
            ...current,
            inspectionType: event.target.value as InspectionSettingsBody['inspectionType'],
          })
        }
      >
        {INSPECTION_TYPE_KEYS.map((type) => (
          <MenuItem key={type} value={type} sx={{ minHeight: 44 }}>
            {translate(w(`types.${type}`))}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={
          <Checkbox
            checked={current.inspectionRequired}
            disabled={locked}
            onChange={(event) => setting.setDraft({ ...current, inspectionRequired: event.target.checked })}
          />
        }
        label={translate(w('required'))}
        sx={{ minHeight: 44 }}
      />
    </CompanySettingSection>
  );
}
