import { Box, FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Switch, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useSettings } from '../theme/SettingsContext';
import { THEMES, type Direction, type ThemeName } from '../theme/themes';

/** The settings popover's body (SettingsPopover): loaded the first time it opens. */
export function SettingsPanel() {
  const translate = useTranslate();
  const { settings, saveSettings } = useSettings();
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Typography variant="h6" component="h2">
        {translate('haulboard.topbar.settings')}
      </Typography>
      <FormControl>
        <FormLabel id="settings-theme">{translate('haulboard.topbar.theme')}</FormLabel>
        <RadioGroup
          aria-labelledby="settings-theme"
          value={settings.theme}
          onChange={(event) => saveSettings({ ...settings, theme: event.target.value as ThemeName })}
        >
          {THEMES.map((theme) => (
            <FormControlLabel
              key={theme}
              value={theme}
              control={<Radio />}
              label={translate(`haulboard.topbar.themes.${theme}`)}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <FormControl>
        <FormLabel id="settings-direction">{translate('haulboard.topbar.direction')}</FormLabel>
        <RadioGroup
          row
          aria-labelledby="settings-direction"
          value={settings.direction}
          onChange={(event) => saveSettings({ ...settings, direction: event.target.value as Direction })}
        >
          <FormControlLabel value="ltr" control={<Radio />} label={translate('haulboard.topbar.ltr')} />
          <FormControlLabel value="rtl" control={<Radio />} label={translate('haulboard.topbar.rtl')} />
        </RadioGroup>
      </FormControl>
      <FormControlLabel
        control={
          <Switch
            checked={settings.responsiveFontSizes}
            onChange={(event) => saveSettings({ ...settings, responsiveFontSizes: event.target.checked })}
          />
        }
        label={translate('haulboard.topbar.responsive_fonts')}
      />
    </Box>
  );
}
