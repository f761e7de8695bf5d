import TuneIcon from '@mui/icons-material/Tune';
import { IconButton, Popover } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useState } from 'react';
import { lazyPart } from '../../ui/lazyPart';
import { PanelLoading } from './PanelLoading';
import { HoverHint } from '../../ui/HoverHint';

const SettingsPanel = lazyPart(() => import('./SettingsPanel').then((m) => m.SettingsPanel), <PanelLoading />);

/** Theme, direction and responsive font sizes, saved at once in localStorage under 'settings'. */
export function SettingsPopover() {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <HoverHint title={translate('haulboard.topbar.settings')}>
        <IconButton
          color="inherit"
          aria-label={translate('haulboard.topbar.settings')}
          aria-haspopup="dialog"
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <TuneIcon />
        </IconButton>
      </HoverHint>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: { sx: { width: 320 }, role: 'dialog', 'aria-label': translate('haulboard.topbar.settings') },
        }}
      >
        <SettingsPanel />
      </Popover>
    </>
  );
}
