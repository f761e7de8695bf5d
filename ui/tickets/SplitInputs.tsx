import '../tickets/messages';
import { Box, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { NumberInput } from 'react-admin';
import { useTranslate } from 'ra-core';
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { centsOf, fromCents } from '../../schema/money';
import { DIVIDE_PRESETS, splitOf } from '../../schema/tickets';
import { usCents } from '../../ui/format';

/**
 * Who pays a citation (docs/product/tickets.md#citation-split), shown live as the amount and the driver's share are
 * typed: the company's share and the driver's payment are worked out here exactly as the server does (schema/tickets.ts
 * splitOf) and sent, so the server's check agrees; presets set the driver's share in one click.
 */
export function SplitInputs() {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const [amount, driverShare] = useWatch({ name: ['amount', 'driverShare'] }) as [unknown, unknown];
  const share =
    typeof driverShare === 'number' && Number.isInteger(driverShare) && driverShare >= 0 && driverShare <= 100
      ? driverShare
      : null;
  // No split of an amount the form refuses (a third decimal): the field says why.
  const amountCents = typeof amount === 'number' ? centsOf(amount) : null;
  const split = share !== null && amountCents !== null ? splitOf(amountCents, share) : null;
  useEffect(() => {
    setValue('companyShare', split ? split.companyShare : null);
    setValue('paymentForDriver', split ? fromCents(split.paymentForDriverCents) : null);
  }, [split?.companyShare, split?.paymentForDriverCents]); // eslint-disable-line react-hooks/exhaustive-deps
  const preset = DIVIDE_PRESETS.find((p) => p.driverShare === share)?.code ?? 'CUSTOM';
  return (
    <Box sx={{ gridColumn: '1 / -1', display: 'grid', gap: 1 }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={preset}
        aria-label={translate('haulboard.tickets.split.who_pays')}
        onChange={(_event, code: string | null) => {
          const chosen = DIVIDE_PRESETS.find((p) => p.code === code);
          if (chosen) setValue('driverShare', chosen.driverShare, { shouldValidate: true, shouldDirty: true });
        }}
        sx={{ flexWrap: 'wrap' }}
      >
        {DIVIDE_PRESETS.map((p) => (
          <ToggleButton key={p.code} value={p.code}>
            {p.name}
          </ToggleButton>
        ))}
        <ToggleButton value="CUSTOM" disabled>
          {translate('haulboard.tickets.split.custom')}
        </ToggleButton>
      </ToggleButtonGroup>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}>
        <NumberInput source="driverShare" size="medium" step={1} min={0} max={100} isRequired />
        <NumberInput
          source="companyShare"
          size="medium"
          readOnly
          helperText="resources.management/citations.help.companyShare"
        />
        <NumberInput
          source="paymentForDriver"
          size="medium"
          readOnly
          helperText="resources.management/citations.help.paymentForDriver"
        />
      </Box>
      <Typography variant="body2" role="status" aria-live="polite" color="text.secondary">
        {split
          ? translate('haulboard.tickets.split.summary', {
              driver: share,
              company: split.companyShare,
              pays: usCents(split.paymentForDriverCents),
              amount: usCents(amountCents!),
            })
          : translate('haulboard.tickets.split.enter')}
      </Typography>
    </Box>
  );
}

/** The citation form's inputs shown specially (DefinitionInputs): the split as one piece. */
export const SPLIT_INPUTS = { driverShare: <SplitInputs />, companyShare: null, paymentForDriver: null };
