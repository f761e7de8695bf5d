import { Alert, Box, Button, Checkbox, FormControlLabel, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useRef, useState } from 'react';
import { type InspectionPhotoDto, type InspectionType, missingForCompletion } from '../../../schema/vehicleInspections';
import { usDateTime } from '../../../ui/format';
import type { PhoneInspection, PhonePhoto } from './phoneStore';
import { Section } from './Section';
import { SignatureField, type SignatureHandle } from './SignatureField';
import { it } from './words';

type Change = (apply: (current: PhoneInspection) => PhoneInspection) => Promise<PhoneInspection>;

/**
 * Closing the inspection: what its type still lacks (the server's own rule, schema/vehicleInspections.ts
 * missingForCompletion, over the photos on the phone and those already at the office), then who signs — the customer,
 * or the driver when nobody is there — and the signature. Signed, it is locked and waits to be sent.
 */
export function SignSection({
  inspection,
  type,
  photos,
  serverPhotos,
  change,
}: {
  inspection: PhoneInspection;
  type: InspectionType;
  photos: readonly PhonePhoto[];
  serverPhotos: readonly InspectionPhotoDto[];
  change: Change;
}) {
  const translate = useTranslate();
  const pad = useRef<SignatureHandle>(null);
  const [signer, setSigner] = useState('');
  const [notAvailable, setNotAvailable] = useState(false);
  const [subject, setSubject] = useState(false);
  const [padEmpty, setPadEmpty] = useState(false);
  const onPhone = new Set(photos.map((photo) => photo.clientKey));
  const allPhotos = [
    ...photos.map((photo) => ({ clientKey: photo.clientKey, view: photo.view })),
    ...serverPhotos.filter((photo) => !onPhone.has(photo.clientKey)),
  ];
  const missing = missingForCompletion({ ...inspection, type, photos: allPhotos });
  if (inspection.completedAt || inspection.completion) {
    const who = inspection.completion?.customerNotAvailable
      ? translate(it('the_driver'))
      : (inspection.completion?.signerName ?? '');
    return (
      <Section id="inspection-sign" title={translate(it('sign_title'))}>
        <Alert severity={inspection.completedAt ? 'success' : 'info'} data-testid="signed">
          {inspection.completedAt
            ? translate(it('completed'), { when: usDateTime(inspection.completedAt), who: who || '—' })
            : translate(it('signed_local'))}
        </Alert>
      </Section>
    );
  }
  const canSign = !missing.length && (notAvailable || signer.trim().length > 0);
  return (
    <Section id="inspection-sign" title={translate(it('sign_title'))}>
      <Stack spacing={1.5}>
        {missing.length > 0 && (
          <Alert severity="warning" data-testid="missing">
            <Typography variant="body2">{translate(it('missing'))}</Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {missing.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </Box>
          </Alert>
        )}
        <FormControlLabel
          control={<Checkbox checked={notAvailable} onChange={(event) => setNotAvailable(event.target.checked)} />}
          label={translate(it('not_available'))}
          sx={{ minHeight: 44 }}
        />
        <FormControlLabel
          control={<Checkbox checked={subject} onChange={(event) => setSubject(event.target.checked)} />}
          label={translate(it('subject'))}
          sx={{ minHeight: 44 }}
        />
        {!notAvailable && (
          <TextField
            label={translate(it('signer'))}
            value={signer}
            onChange={(event) => setSigner(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 120, autoComplete: 'name' } }}
          />
        )}
        <SignatureField
          ref={pad}
          label={translate(it('pad_label'), { who: translate(it(notAvailable ? 'the_driver' : 'the_customer')) })}
        />
        {padEmpty && (
          <Alert severity="error" role="alert">
            {translate(it('pad_empty'))}
          </Alert>
        )}
        <Button
          variant="contained"
          size="large"
          disabled={!canSign}
          sx={{ minHeight: 48 }}
          onClick={() => {
            const png = pad.current?.png();
            setPadEmpty(!png);
            if (!png) return;
            void change((current) => ({
              ...current,
              completion: {
                signerName: notAvailable ? null : signer.trim(),
                customerNotAvailable: notAvailable,
                subjectToInspection: subject,
                signaturePng: png,
              },
            }));
          }}
        >
          {translate(it('complete'))}
        </Button>
      </Stack>
    </Section>
  );
}
