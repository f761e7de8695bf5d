import './messages';
import { TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import { TRACKING_DAYS, type TrackingSettingsDto, trackingSettingsBody } from '../../schema/tracking';
import { CompanySettingSection } from './CompanySettingSection';
import { useCompanySetting } from './useCompanySetting';

const w = (key: string) => `haulboard.access.tracking.${key}`;

/**
 * How many days an order's tracking links keep working after its delivery (GET/PUT /api/Company/tracking,
 * docs/product/tracking.md#links). Everyone reads it here; administrators change it (the server refuses others).
 */
export function TrackingRules() {
  const translate = useTranslate();
  const setting = useCompanySetting<TrackingSettingsDto, string, { daysAfterDelivery: number }>({
    path: '/api/Company/tracking',
    queryKey: ['company-tracking'],
    saved: w('saved'),
    draftOf: (data) => String(data.daysAfterDelivery),
  });
  const { data, current: text } = setting;
  if (!data || text === undefined) return null;
  // The server's rule, as typed: a whole number in the range, else what to change under the field.
  const checked = /^\s*\d+\s*$/.test(text) ? trackingSettingsBody.safeParse({ daysAfterDelivery: Number(text) }) : null;
  const problem = !checked ? translate(w('whole')) : checked.success ? '' : (checked.error.issues[0]?.message ?? '');
  const changed = !!checked?.success && checked.data.daysAfterDelivery !== data.daysAfterDelivery;
  return (
    <CompanySettingSection
      id="company-tracking"
      messages={w}
      setting={setting}
      canSave={changed}
      onSave={() => checked?.success && setting.save({ daysAfterDelivery: checked.data.daysAfterDelivery })}
    >
      <TextField
        label={translate(w('days'))}
        value={text}
        disabled={!data.canChange || setting.saving}
        onChange={(event) => setting.setDraft(event.target.value)}
        error={!!problem}
        helperText={problem || translate(w('days_help'), { min: TRACKING_DAYS.min, max: TRACKING_DAYS.max })}
        slotProps={{ htmlInput: { inputMode: 'numeric', min: TRACKING_DAYS.min, max: TRACKING_DAYS.max } }}
        sx={{ maxWidth: 360 }}
      />
    </CompanySettingSection>
  );
}
