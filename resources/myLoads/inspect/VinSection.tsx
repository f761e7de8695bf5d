import CheckCircle from '@mui/icons-material/CheckCircle';
import { Alert, Box, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useState } from 'react';
import type { PhoneInspection } from './phoneStore';
import { PhotoInput } from './PhotoInput';
import { Section } from './Section';
import { it } from './words';

type Change = (apply: (current: PhoneInspection) => PhoneInspection) => Promise<PhoneInspection>;

interface Detector {
  detect(image: ImageBitmapSource): Promise<{ rawValue: string }[]>;
}
/** The browser's barcode reader (Chrome on Android has it), or null: then the VIN is typed. */
function barcodeDetector(): Detector | null {
  const Detector = (window as unknown as { BarcodeDetector?: new (options: object) => Detector }).BarcodeDetector;
  return Detector ? new Detector({ formats: ['code_39', 'code_128', 'data_matrix', 'qr_code', 'pdf417'] }) : null;
}

/** Confirming the VIN on the car: its last six typed, or its barcode photographed where the browser reads barcodes. */
export function VinSection({
  inspection,
  vin,
  locked,
  change,
}: {
  inspection: PhoneInspection;
  vin: string;
  locked: boolean;
  change: Change;
}) {
  const translate = useTranslate();
  const [typed, setTyped] = useState('');
  const [scanProblem, setScanProblem] = useState(false);
  const detector = barcodeDetector();
  const wanted = vin.toUpperCase();
  const matches = (text: string) => {
    const clean = text.toUpperCase().replace(/[^A-Z0-9]/g, '');
    return clean.length >= 6 && wanted.endsWith(clean.length > 17 ? clean.slice(-17) : clean);
  };
  const confirm = (value: boolean) =>
    void change((current) => (current.vinConfirmed === value ? current : { ...current, vinConfirmed: value }));
  const wrong = typed.length >= 6 && !matches(typed);
  return (
    <Section id="inspection-vin" title={translate(it('vin_title'))}>
      {inspection.vinConfirmed ? (
        <Typography sx={{ display: 'flex', gap: 1, alignItems: 'center' }} data-testid="vin-confirmed">
          <CheckCircle color="success" /> {translate(it('vin_ok'))}
        </Typography>
      ) : (
        <Stack spacing={1.5}>
          <Typography variant="body2">{translate(it('vin_help'))}</Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
            <TextField
              label={translate(it('vin_label'))}
              value={typed}
              disabled={locked}
              onChange={(event) => {
                const value = event.target.value.toUpperCase();
                setTyped(value);
                if (matches(value)) confirm(true);
              }}
              error={wrong}
              slotProps={{ htmlInput: { maxLength: 17, autoCapitalize: 'characters', spellCheck: false } }}
              sx={{ flex: 1, minWidth: 180 }}
            />
            {detector && !locked && (
              <PhotoInput
                label={translate(it('vin_scan'))}
                variant="outlined"
                multiple={false}
                onPhotos={async ([file]) => {
                  const codes = await detector.detect(await createImageBitmap(file)).catch(() => []);
                  const found = codes.find((code) => matches(code.rawValue));
                  setScanProblem(!found);
                  if (found) confirm(true);
                }}
              />
            )}
          </Box>
          {wrong && (
            <Alert severity="error" role="alert">
              {translate(it('vin_wrong'), { vin })}
            </Alert>
          )}
          {scanProblem && <Alert severity="warning">{translate(it('vin_scan_none'))}</Alert>}
        </Stack>
      )}
    </Section>
  );
}
