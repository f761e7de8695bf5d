import './messages';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { ReactNode } from 'react';
import { usDateTime } from '../../ui/format';
import type { CompanySetting, CompanySettingDto } from './useCompanySetting';

/** What a setting that records its last change answers beside its values. */
export interface ChangeRecord {
  updatedAt: string | null;
  updatedBy: string | null;
}

export interface CompanySettingSectionProps {
  /** The heading's id, which names the section. */
  id: string;
  /** The setting's message keys: its `title`, its `intro` and, where it records its last change, `changed_by`. */
  messages: (key: 'title' | 'intro' | 'changed_by') => string;
  /** The setting's state (resources/permissions/useCompanySetting.ts). */
  setting: Pick<CompanySetting<CompanySettingDto, unknown, never>, 'data' | 'refusal' | 'dismissRefusal' | 'saving'>;
  /** Who changed it last and when, where the setting records it. */
  changed?: ChangeRecord;
  /** Whether what is typed differs from the stored setting and may be saved. */
  canSave: boolean;
  onSave: () => void;
  /** The space between the pieces, in theme units. */
  gap?: number;
  /** The setting's fields. */
  children: ReactNode;
}

/**
 * The frame of one company setting on Access Settings → Company: its heading and what it is for, the server's
 * refusal of the last save, its fields, who changed it last, and Save for administrators or a line saying that only
 * they change it.
 */
export function CompanySettingSection({
  id,
  messages,
  setting,
  changed,
  canSave,
  onSave,
  gap = 2,
  children,
}: CompanySettingSectionProps) {
  const translate = useTranslate();
  return (
    <Box component="section" aria-labelledby={id} sx={{ display: 'grid', gap, maxWidth: 720, mt: 4 }}>
      <Typography id={id} variant="h6" component="h2">
        {translate(messages('title'))}
      </Typography>
      <Typography color="text.secondary">{translate(messages('intro'))}</Typography>
      {setting.refusal && (
        <Alert severity="error" role="alert" onClose={setting.dismissRefusal}>
          {setting.refusal}
        </Alert>
      )}
      {children}
      {changed?.updatedAt && (
        <Typography variant="body2" color="text.secondary">
          {translate(messages('changed_by'), { name: changed.updatedBy ?? '—', when: usDateTime(changed.updatedAt) })}
        </Typography>
      )}
      {setting.data?.canChange ? (
        <Box>
          <Button variant="contained" disabled={!canSave || setting.saving} onClick={onSave}>
            {translate('haulboard.access.company.save')}
          </Button>
        </Box>
      ) : (
        <Typography variant="body2">{translate('haulboard.access.company.only_administrators')}</Typography>
      )}
    </Box>
  );
}
