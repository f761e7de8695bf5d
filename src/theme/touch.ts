import type { Theme, ThemeOptions } from '@mui/material/styles';
import { TAP_TARGET } from '../../ui/shellSizes';

const onPhone = (theme: Pick<Theme, 'breakpoints'>, styles: object) => ({ [theme.breakpoints.down('sm')]: styles });
const square = { minWidth: TAP_TARGET, minHeight: TAP_TARGET };

/**
 * On a phone every control is at least 44 × 44: the same components on every screen, so one rule each here instead
 * of a size per screen. A bare icon button (a card's menu, a combobox's open and clear buttons) grows round its icon;
 * a labelled checkbox or switch counts its label, which taps it too.
 */
// Typed as createTheme takes them (ThemeOptions): as Components<Theme>, another theme type, the check of
// src/theme/themes.ts compared the two component maps member by member, 30 of tsc's 80 s of checking.
export const phoneTapTargets: NonNullable<ThemeOptions['components']> = {
  MuiIconButton: { styleOverrides: { root: ({ theme }) => onPhone(theme, square) } },
  MuiButton: { styleOverrides: { root: ({ theme }) => onPhone(theme, { minHeight: TAP_TARGET }) } },
  MuiCheckbox: { styleOverrides: { root: ({ theme }) => onPhone(theme, square) } },
  MuiRadio: { styleOverrides: { root: ({ theme }) => onPhone(theme, square) } },
  MuiFormControlLabel: { styleOverrides: { root: ({ theme }) => onPhone(theme, { minHeight: TAP_TARGET }) } },
  MuiListItemButton: { styleOverrides: { root: ({ theme }) => onPhone(theme, { minHeight: TAP_TARGET }) } },
  MuiMenuItem: { styleOverrides: { root: ({ theme }) => onPhone(theme, { minHeight: TAP_TARGET }) } },
  // A text field, a select or a combobox: the field is the target (a tap anywhere in it focuses it).
  MuiInputBase: { styleOverrides: { root: ({ theme }) => onPhone(theme, { minHeight: TAP_TARGET }) } },
  MuiPaginationItem: { styleOverrides: { root: ({ theme }) => onPhone(theme, square) } },
  MuiToggleButton: { styleOverrides: { root: ({ theme }) => onPhone(theme, { minHeight: TAP_TARGET }) } },
  // The open and clear buttons grew from 28 to 44: the text keeps clear of both. (MUI centres them itself, with top
  // 50% and a translate of -50%; a top of its own would move them up by half their height, onto the field's border.)
  MuiAutocomplete: {
    styleOverrides: {
      root: ({ theme }) =>
        onPhone(theme, {
          '&.MuiAutocomplete-hasPopupIcon .MuiAutocomplete-inputRoot.MuiInputBase-root, &.MuiAutocomplete-hasClearIcon .MuiAutocomplete-inputRoot.MuiInputBase-root':
            { paddingRight: TAP_TARGET + 13 },
          '&.MuiAutocomplete-hasPopupIcon.MuiAutocomplete-hasClearIcon .MuiAutocomplete-inputRoot.MuiInputBase-root': {
            paddingRight: 2 * TAP_TARGET + 13,
          },
        }),
    },
  },
};
