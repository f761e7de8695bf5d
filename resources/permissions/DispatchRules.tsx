import '../../ui/compliance/messages';
import { Checkbox, FormControlLabel } from '@mui/material';
import { useTranslate } from 'ra-core';
import { type DispatchRulesDto, REQUIRED_CREDENTIALS, type RequiredCredential } from '../../schema/dispatchRules';
import { CompanySettingSection } from './CompanySettingSection';
import { useCompanySetting } from './useCompanySetting';

const w = (key: string) => `haulboard.compliance.rules.${key}`;

/**
 * The credentials a driver must have on file to be dispatched (GET/PUT /api/Company/dispatch-rules,
 * docs/product/compliance.md#dispatch-rules), beside the expiry rule that always applies. Everyone reads them here;
 * administrators change them (the server refuses others).
 */
export function DispatchRules() {
  const translate = useTranslate();
  const setting = useCompanySetting<DispatchRulesDto, RequiredCredential[], { required: RequiredCredential[] }>({
    path: '/api/Company/dispatch-rules',
    queryKey: ['company-dispatch-rules'],
    saved: w('saved'),
    draftOf: (data) => data.required,
  });
  const { data, current } = setting;
  if (!data || !current) return null;
  const changed = [...current].sort().join() !== [...data.required].sort().join();
  const toggle = (key: RequiredCredential, on: boolean) =>
    setting.setDraft(on ? [...current, key] : current.filter((item) => item !== key));
  return (
    <CompanySettingSection
      id="company-dispatch-rules"
      messages={w}
      setting={setting}
      gap={1}
      changed={data}
      canSave={changed}
      onSave={() => setting.save({ required: current })}
    >
      {REQUIRED_CREDENTIALS.map((key) => (
        <FormControlLabel
          key={key}
          control={
            <Checkbox
              checked={current.includes(key)}
              disabled={!data.canChange || setting.saving}
              onChange={(event) => toggle(key, event.target.checked)}
            />
          }
          label={translate(w(`credentials.${key}`))}
          sx={{ minHeight: 44 }}
        />
      ))}
    </CompanySettingSection>
  );
}
