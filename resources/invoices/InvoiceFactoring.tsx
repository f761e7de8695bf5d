import { Alert, AlertTitle, Box, Button, Link } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { SCHEDULES_ROUTE } from '../../schema/factoring';
import { type InvoiceDto, invoiceFactoringBody } from '../../schema/invoices';
import { ActionDialog } from '../../ui/ActionDialog';
import { Tag } from '../../ui/Tag';
import { useApiList } from '../../ui/useApiList';

interface FactorChoice {
  id: number;
  name: string;
  active: boolean;
}

/** The active factoring companies as a select's choices (the dropdown of docs/product/factoring.md). */
export function useFactorChoices() {
  const { data } = useApiList<FactorChoice>('/api/FactoringCompanies/dropdown-list');
  return (data ?? []).filter((f) => f.active).map((f) => ({ value: String(f.id), label: f.name }));
}

/**
 * An invoice's factoring (docs/product/factoring.md#notice): who it is assigned to and where the customer pays, its
 * schedule, whether it is factored; while a draft, a dialog to choose another factor or none.
 */
export function InvoiceFactoring({
  invoice,
  canChange,
  onChanged,
}: {
  invoice: InvoiceDto;
  canChange: boolean;
  onChanged: () => void;
}) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const factoring = invoice.factoring;
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`haulboard.invoices.factoring.${key}`, options);
  return (
    <Box sx={{ mt: 2 }}>
      {factoring && (
        <Alert severity="warning" icon={false} sx={{ border: 2, borderColor: 'warning.main' }}>
          <AlertTitle>{t('assigned', { name: factoring.name })}</AlertTitle>
          <Box>{t('pay_to', { address: [factoring.name, ...factoring.remitTo].join(', ') })}</Box>
          <Box sx={{ mt: 1, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <Tag tone={invoice.factored ? 'success' : 'default'}>
              {t(invoice.factored ? 'factored' : 'not_factored')}
            </Tag>
            {factoring.schedule ? (
              <Link component={RouterLink} to={`${SCHEDULES_ROUTE}/${factoring.schedule.id}`}>
                {t('on_schedule', { number: factoring.schedule.numberText })}
              </Link>
            ) : (
              <span>{t('not_scheduled')}</span>
            )}
          </Box>
        </Alert>
      )}
      {canChange && invoice.status === 'DRAFT' && (
        <Button sx={{ mt: 1 }} onClick={() => setOpen(true)}>
          {t('change')}
        </Button>
      )}
      {open && <ChangeFactor invoice={invoice} onClose={() => setOpen(false)} onChanged={onChanged} />}
    </Box>
  );
}

/** The dialog that assigns a draft to another active factor, or to none. */
function ChangeFactor({
  invoice,
  onClose,
  onChanged,
}: {
  invoice: InvoiceDto;
  onClose: () => void;
  onChanged: () => void;
}) {
  const translate = useTranslate();
  const choices = useFactorChoices();
  const factoring = invoice.factoring;
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`haulboard.invoices.factoring.${key}`, options);
  return (
    <ActionDialog
      title={t('change_title', { number: invoice.numberText })}
      intro={t('change_intro')}
      fields={[
        {
          name: 'factoringCompanyId',
          label: 'haulboard.invoices.factoring.label',
          kind: 'select',
          numeric: true,
          choices: [{ value: '', label: t('none') }, ...choices],
        },
      ]}
      initial={{ factoringCompanyId: factoring ? String(factoring.id) : '' }}
      schema={invoiceFactoringBody}
      extra={{ version: invoice.version }}
      path={`/api/Invoices/${invoice.id}/factoring`}
      method="PUT"
      done="haulboard.invoices.factoring.changed"
      submitLabel={translate('ra.action.save')}
      onClose={onClose}
      onDone={onChanged}
    />
  );
}
