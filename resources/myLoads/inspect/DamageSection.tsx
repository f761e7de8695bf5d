import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import { Box, Button, IconButton, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useState } from 'react';
import { type DamageInput, type VehicleView, damageText } from '../../../schema/vehicleInspections';
import { DamageDialog } from './DamageDialog';
import type { PhoneInspection } from './phoneStore';
import { Section } from './Section';
import { VehicleDiagram, likelyArea } from './VehicleDiagram';
import { it } from './words';

type Change = (apply: (current: PhoneInspection) => PhoneInspection) => Promise<PhoneInspection>;

const newDamage = (view: VehicleView, x: number, y: number): DamageInput => ({
  clientKey: crypto.randomUUID(),
  view,
  x,
  y,
  area: likelyArea(view, x, y),
  kind: 'SC',
  severity: '1',
  photoKeys: [],
});

/** Damage marked on the drawing and listed in words, each with its codes and photos. */
export function DamageSection({
  inspection,
  locked,
  change,
  takePhotos,
}: {
  inspection: PhoneInspection;
  locked: boolean;
  change: Change;
  takePhotos: (files: File[], view: DamageInput['view']) => Promise<string[]>;
}) {
  const translate = useTranslate();
  const [editing, setEditing] = useState<DamageInput | null>(null);
  const save = (damage: DamageInput) => {
    setEditing(null);
    void change((current) => {
      const known = current.damages.some((one) => one.clientKey === damage.clientKey);
      return {
        ...current,
        damages: known
          ? current.damages.map((one) => (one.clientKey === damage.clientKey ? damage : one))
          : [...current.damages, damage],
      };
    });
  };
  const remove = (damage: DamageInput) =>
    void change((current) => ({
      ...current,
      damages: current.damages.filter((one) => one.clientKey !== damage.clientKey),
    }));
  return (
    <Section id="inspection-damage" title={translate(it('damage_title'))}>
      <Stack spacing={1.5}>
        {!locked && <Typography variant="body2">{translate(it('damage_help'))}</Typography>}
        <VehicleDiagram
          damages={inspection.damages}
          disabled={locked}
          onMark={(view, x, y) => setEditing(newDamage(view, x, y))}
        />
        {!locked && (
          <Box>
            <Button
              startIcon={<Add />}
              variant="outlined"
              onClick={() => setEditing(newDamage('LEFT', 400, 500))}
              sx={{ minHeight: 44 }}
            >
              {translate(it('add_damage'))}
            </Button>
          </Box>
        )}
        {inspection.damages.length ? (
          <Box component="ol" sx={{ m: 0, pl: 3 }} data-testid="damage-list">
            {inspection.damages.map((damage, index) => (
              <li key={damage.clientKey}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <Box
                    component={locked ? 'span' : 'button'}
                    type={locked ? undefined : 'button'}
                    onClick={locked ? undefined : () => setEditing(damage)}
                    sx={{
                      flex: 1,
                      textAlign: 'left',
                      font: 'inherit',
                      color: 'inherit',
                      background: 'none',
                      border: 0,
                      p: 0,
                      minHeight: 44,
                      cursor: locked ? 'default' : 'pointer',
                    }}
                  >
                    {translate(it(`views.${damage.view}`))}: {damageText(damage)}
                    {damage.photoKeys.length
                      ? ` · ${translate(it('damage_photos'), { smart_count: damage.photoKeys.length })}`
                      : ''}
                    {damage.note ? ` · ${damage.note}` : ''}
                  </Box>
                  {!locked && (
                    <IconButton
                      aria-label={translate(it('remove_damage'), { n: index + 1 })}
                      onClick={() => remove(damage)}
                      sx={{ width: 44, height: 44 }}
                    >
                      <Delete />
                    </IconButton>
                  )}
                </Box>
              </li>
            ))}
          </Box>
        ) : (
          <Typography variant="body2">{translate(it('damage_none'))}</Typography>
        )}
      </Stack>
      {editing && (
        <DamageDialog damage={editing} onSave={save} onClose={() => setEditing(null)} onPhotos={takePhotos} />
      )}
    </Section>
  );
}
