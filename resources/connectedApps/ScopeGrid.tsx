import './messages';
import {
  Box,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useInput, useTranslate } from 'ra-core';
import { useId } from 'react';
import type { ScopeOption, Scopes } from '../../schema/connectedApps';
import { SECTIONS } from '../../schema/features';
import { PERMISSIONS, type Permission } from '../../schema/roles';
import { HoverHint } from '../../ui/HoverHint';
import { LoadProblem } from '../../ui/LoadProblem';
import { usePhone } from '../../ui/usePhone';
import { useApiList } from '../../ui/useApiList';
import { SCOPE_OPTIONS_PATH } from './api';

const PREFIX = 'haulboard.connected_apps.scopes';

/** The form's messages about scopes: one for the whole (none chosen) or one per screen. */
function messagesOf(error: unknown): string[] {
  if (!error || typeof error !== 'object') return [];
  const { message } = error as { message?: unknown };
  if (typeof message === 'string') return [message];
  return Object.values(error as Record<string, unknown>).flatMap(messagesOf);
}

interface Cell {
  option: ScopeOption;
  permission: Permission;
  checked: boolean;
  /** Whether the person choosing holds it (what they do not hold can be taken away, never given). */
  held: boolean;
}

/**
 * What the app may do, screen by screen (features × permissions), grouped by the sidebar's sections, with "All" per
 * screen. Only what the person registering holds can be ticked (the server refuses more); ticking a write ticks Read,
 * and unticking Read unticks the rest (the server refuses a write without Read). A table on wide screens; on a phone
 * each screen is a group of checkboxes that wraps, so nothing scrolls sideways.
 */
export function ScopeGrid({ disabled = false }: { disabled?: boolean }) {
  const translate = useTranslate();
  const phone = usePhone();
  const helpId = useId();
  const { data: options, isPending, isError } = useApiList<ScopeOption>(SCOPE_OPTIONS_PATH);
  const { field, fieldState } = useInput<Scopes>({ source: 'scopes' });
  const value: Scopes = field.value ?? {};

  const set = (key: string, permissions: readonly Permission[]) => {
    const next = { ...value };
    if (permissions.length) next[key] = PERMISSIONS.filter((p) => permissions.includes(p));
    else delete next[key];
    field.onChange(next);
    field.onBlur();
  };
  const toggle = ({ option, permission }: Cell, checked: boolean) => {
    const current = value[option.key] ?? [];
    if (checked) set(option.key, [...current, permission, 'Read']);
    else set(option.key, permission === 'Read' ? [] : current.filter((p) => p !== permission));
  };
  const cellsOf = (option: ScopeOption): Cell[] =>
    PERMISSIONS.map((permission) => ({
      option,
      permission,
      checked: !!value[option.key]?.includes(permission),
      held: option.permissions.includes(permission),
    }));
  const allOf = (option: ScopeOption) => {
    const chosen = value[option.key] ?? [];
    const all = option.permissions.length > 0 && option.permissions.every((p) => chosen.includes(p));
    return { all, some: chosen.length > 0 && !all, usable: !disabled && option.permissions.length > 0 };
  };
  const words = (cell: Cell) =>
    translate(`${PREFIX}.cell`, {
      permission: translate(`${PREFIX}.permissions.${cell.permission}`),
      title: cell.option.title,
    });
  const messages = messagesOf(fieldState.error);

  if (isError) return <LoadProblem />;
  if (isPending || !options) return <LinearProgress aria-label={translate('haulboard.app.loading')} />;
  const sections = SECTIONS.map((section) => ({
    section,
    options: options.filter((o) => o.section === section),
  })).filter((s) => s.options.length);

  const box = (cell: Cell) => {
    const box = (
      <Checkbox
        size="small"
        checked={cell.checked}
        // What the chooser does not hold stays as it is unless it was given before (then it may be taken away).
        disabled={disabled || (!cell.held && !cell.checked)}
        onChange={(event) => toggle(cell, event.target.checked)}
        slotProps={{ input: { 'aria-label': words(cell) } }}
      />
    );
    return cell.held ? (
      box
    ) : (
      <HoverHint
        title={translate(`${PREFIX}.not_held`, {
          permission: translate(`${PREFIX}.permissions.${cell.permission}`),
          title: cell.option.title,
        })}
      >
        {box}
      </HoverHint>
    );
  };
  const allBox = (option: ScopeOption) => {
    const { all, some, usable } = allOf(option);
    return (
      <Checkbox
        size="small"
        checked={all}
        indeterminate={some}
        disabled={!usable}
        onChange={(event) => set(option.key, event.target.checked ? option.permissions : [])}
        slotProps={{ input: { 'aria-label': translate(`${PREFIX}.all_of`, { title: option.title }) } }}
      />
    );
  };

  return (
    <Box
      component="fieldset"
      aria-describedby={helpId}
      sx={{ border: 0, p: 0, m: 0, minWidth: 0, width: '100%', mb: 2 }}
    >
      <Typography component="legend" variant="h6" sx={{ mb: 0.5 }}>
        {translate('haulboard.connected_apps.sections.scopes')}
      </Typography>
      <Typography id={helpId} variant="body2" color="text.secondary" sx={{ mb: 1, maxWidth: '80ch' }}>
        {translate('haulboard.connected_apps.help.scopes')}
      </Typography>
      {phone ? (
        sections.map(({ section, options: inSection }) => (
          <Box key={section} component="section" aria-label={section} sx={{ mb: 1.5 }}>
            <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
              {section}
            </Typography>
            {inSection.map((option) => (
              <Box
                key={option.key}
                role="group"
                aria-label={option.title}
                sx={{ borderBottom: 1, borderColor: 'divider', py: 0.5 }}
              >
                <FormControlLabel
                  control={allBox(option)}
                  label={
                    <Typography variant="body2" sx={{ fontWeight: 500 }}>
                      {option.title}
                    </Typography>
                  }
                />
                {option.permissions.length === 0 && !value[option.key] ? (
                  <Typography variant="caption" color="text.secondary" component="p" sx={{ pl: 4 }}>
                    {translate(`${PREFIX}.none_held`)}
                  </Typography>
                ) : (
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', pl: 2 }}>
                    {cellsOf(option)
                      .filter((cell) => cell.held || cell.checked)
                      .map((cell) => (
                        <FormControlLabel
                          key={cell.permission}
                          sx={{ mr: 1 }}
                          control={box(cell)}
                          label={
                            <Typography variant="body2">
                              {translate(`${PREFIX}.permissions.${cell.permission}`)}
                            </Typography>
                          }
                        />
                      ))}
                  </Box>
                )}
              </Box>
            ))}
          </Box>
        ))
      ) : (
        <Table size="small" sx={{ '& td, & th': { py: 0 }, maxWidth: 900 }}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {translate(`${PREFIX}.screen`)}
              </TableCell>
              <TableCell component="th" scope="col" align="center">
                {translate(`${PREFIX}.all`)}
              </TableCell>
              {PERMISSIONS.map((permission) => (
                <TableCell key={permission} component="th" scope="col" align="center">
                  {translate(`${PREFIX}.permissions.${permission}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          {sections.map(({ section, options: inSection }) => (
            <TableBody key={section}>
              <TableRow>
                <TableCell
                  component="th"
                  scope="colgroup"
                  colSpan={PERMISSIONS.length + 2}
                  sx={{ pt: '12px !important', fontWeight: 600, color: 'text.secondary' }}
                >
                  {section}
                </TableCell>
              </TableRow>
              {inSection.map((option) => (
                <TableRow key={option.key} hover>
                  <TableCell component="th" scope="row">
                    {option.title}
                  </TableCell>
                  <TableCell align="center">{allBox(option)}</TableCell>
                  {cellsOf(option).map((cell) => (
                    <TableCell key={cell.permission} align="center">
                      {box(cell)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          ))}
        </Table>
      )}
      {messages.map((message) => (
        <FormHelperText key={message} error role="alert">
          {translate(message, { _: message })}
        </FormHelperText>
      ))}
    </Box>
  );
}
