import CheckIcon from '@mui/icons-material/Check';
import {
  Box,
  Button,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormLabel,
  Radio,
  RadioGroup,
  TextField,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import { useId } from 'react';
import { type MailLabelDto, mailLabelBody } from '../../../schema/mail';
import { ResponsiveDialog } from '../../../ui/ResponsiveDialog';
import { zodProblems } from '../../../ui/zodProblems';
import { useForm } from '../../routes/public/useForm';
import { useSaveLabel } from './useMail';

/** The colours a label can take, each with its name for a screen reader. */
export const LABEL_COLOURS = [
  ['red', '#d32f2f'],
  ['orange', '#ef6c00'],
  ['yellow', '#f9a825'],
  ['green', '#2e7d32'],
  ['teal', '#00897b'],
  ['blue', '#1976d2'],
  ['purple', '#7b1fa2'],
  ['grey', '#616161'],
] as const;

function Swatch({ colour, checked }: { colour: string; checked: boolean }) {
  return (
    <Box
      sx={{
        width: 32,
        height: 32,
        borderRadius: '50%',
        bgcolor: colour,
        display: 'grid',
        placeItems: 'center',
        color: '#fff',
        outline: checked ? 2 : 0,
        outlineColor: 'text.primary',
        outlineOffset: 2,
      }}
    >
      {checked && <CheckIcon fontSize="small" />}
    </Box>
  );
}

/** A new label, or a label renamed or recoloured: its name and colour, checked as typed by the server's rule. */
export function LabelDialog({ label, onClose }: { label?: MailLabelDto; onClose: () => void }) {
  const translate = useTranslate();
  const titleId = useId();
  const colourId = useId();
  const save = useSaveLabel();
  const { values, field, submit } = useForm(
    { name: label?.name ?? '', color: label?.color ?? LABEL_COLOURS[5][1] },
    (v) => zodProblems<'name' | 'color'>(mailLabelBody, v),
  );
  const colour = field('color');
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (submit()) save.mutate({ id: label?.id, body: mailLabelBody.parse(values) }, { onSuccess: onClose });
  };
  return (
    <ResponsiveDialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      slotProps={{ paper: { component: 'form', onSubmit, noValidate: true } as object }}
    >
      <DialogTitle id={titleId}>
        {translate(label ? 'haulboard.mailbox.edit_label' : 'haulboard.mailbox.new_label')}
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, alignContent: 'start', pt: '8px !important' }}>
        <TextField {...field('name')} label={translate('haulboard.mailbox.label_name')} required autoFocus />
        <FormControl error={colour.error}>
          <FormLabel id={colourId}>{translate('haulboard.mailbox.label_colour')}</FormLabel>
          <RadioGroup
            row
            aria-labelledby={colourId}
            name="color"
            value={values.color}
            onChange={colour.onChange}
            sx={{ gap: 0.5, mt: 1 }}
          >
            {LABEL_COLOURS.map(([name, hex]) => (
              <Radio
                key={hex}
                value={hex}
                icon={<Swatch colour={hex} checked={false} />}
                checkedIcon={<Swatch colour={hex} checked />}
                slotProps={{ input: { 'aria-label': translate(`haulboard.mailbox.colours.${name}`) } }}
                sx={{ p: 0.5 }}
              />
            ))}
          </RadioGroup>
        </FormControl>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
