import TuneIcon from '@mui/icons-material/Tune';
import { Box, FormControl, FormControlLabel, FormLabel, IconButton, Popover, Radio, RadioGroup, Switch, Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useState } from 'react';
import { useSettings } from '../theme/SettingsContext';
import { THEMES, type Direction, type ThemeName } from '../theme/themes';

/** Theme, direction and responsive font sizes, saved at once in localStorage under 'settings'. */
export function SettingsPopover() {
  const translate = useTranslate();
  const { settings, saveSettings } = useSettings();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title={translate('haulboard.topbar.settings')}>
        <IconButton color="inherit" aria-label={translate('haulboard.topbar.settings')} aria-haspopup="dialog" onClick={(event) => setAnchor(event.currentTarget)}>
          <TuneIcon />
        </IconButton>
      </Tooltip>
      <Popover open={!!anchor} anchorEl={anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }} slotProps={{ paper: { sx: { width: 320 }, role: 'dialog', 'aria-label': translate('haulboard.topbar.settings') } }}>
        <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
          <Typography variant="h6" component="h2">{translate('haulboard.topbar.settings')}</Typography>
          <FormControl>
            <FormLabel id="settings-theme">{translate('haulboard.topbar.theme')}</FormLabel>
            <RadioGroup aria-labelledby="settings-theme" value={settings.theme} onChange={(event) => saveSettings({ ...settings, theme: event.target.value as ThemeName })}>
              {THEMES.map((theme) => <FormControlLabel key={theme} value={theme} control={<Radio />} label={translate(`haulboard.topbar.themes.${theme}`)} />)}
            </RadioGroup>
          </FormControl>
          <FormControl>
            <FormLabel id="settings-direction">{translate('haulboard.topbar.direction')}</FormLabel>
            <RadioGroup row aria-labelledby="settings-direction" value={settings.direction} onChange={(event) => saveSettings({ ...settings, direction: event.target.value as Direction })}>
              <FormControlLabel value="ltr" control={<Radio />} label={translate('haulboard.topbar.ltr')} />
              <FormControlLabel value="rtl" control={<Radio />} label={translate('haulboard.topbar.rtl')} />
            </RadioGroup>
          </FormControl>
          <FormControlLabel control={<Switch checked={settings.responsiveFontSizes} onChange={(event) => saveSettings({ ...settings, responsiveFontSizes: event.target.checked })} />} label={translate('haulboard.topbar.responsive_fonts')} />
        </Box>
      </Popover>
    </>
  );
}
