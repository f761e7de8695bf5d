import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import MenuIcon from '@mui/icons-material/Menu';
import RefreshIcon from '@mui/icons-material/Refresh';
import { AppBar, Box, CircularProgress, IconButton, Slide, Toolbar, useScrollTrigger } from '@mui/material';
import { useLoading, useRefresh, useTranslate } from 'ra-core';
import type { ReactNode } from 'react';
import { TitlePortal, useSidebarState } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { HoverHint } from '../../ui/HoverHint';
import { screenHelp } from '../routes/public/docs/screens';
import { TOP_BAR_HEIGHT } from '../../ui/shellSizes';

/**
 * The signed-in top bar: the sidebar's toggle, `children` (the logo), the screen's title, then `actions`. Our own,
 * not react-admin's AppBar, whose defaults (its user menu, locale and theme buttons, each with a MUI Tooltip and the
 * positioning library under it) the landing downloaded without showing. Like react-admin's, it slides away while a
 * phone scrolls down and comes back on the way up.
 */
export function TopBar({ children, actions }: { children: ReactNode; actions: ReactNode }) {
  const scrolledDown = useScrollTrigger();
  const translate = useTranslate();
  // The screen's section of the documentation (docs/routing.md), from its title and the help button, in a new tab.
  const help = screenHelp(useLocation().pathname);
  const helpLink = help ? { href: help, target: '_blank', rel: 'noopener' } : {};
  return (
    <Slide appear={false} direction="down" in={!scrolledDown}>
      <AppBar color="secondary">
        <Toolbar disableGutters sx={{ minHeight: TOP_BAR_HEIGHT, px: 1 }}>
          <SidebarToggle />
          {children}
          {/* A long title wraps to three smaller lines on a phone instead of being cut under the icons (a fourth is cut off: the
              line clamp alone did not hold in Chromium 156). */}
          <Box
            component="a"
            {...helpLink}
            title={help ? translate('haulboard.app.screen_help') : undefined}
            sx={{
              flex: 1,
              minWidth: 0,
              // A target 44 high on a phone (src/theme/touch.ts), the title centred in it.
              display: { xs: 'flex', sm: 'block' },
              alignItems: 'center',
              minHeight: { xs: 44, sm: 'auto' },
              color: 'inherit',
              textDecoration: 'none',
              '&[href]:hover': { textDecoration: 'underline' },
            }}
          >
            <TitlePortal
              sx={{
                minWidth: 0,
                fontSize: { xs: '0.95rem', sm: '1.25rem' },
                lineHeight: 1.25,
                whiteSpace: { xs: 'normal', sm: 'nowrap' },
                // Small enough on a phone for the longest word of a screen's name ("Qualification", "Management") to
                // keep to one line; a longer one (a webhook's address) breaks rather than being cut off or widening
                // the page.
                overflowWrap: 'anywhere',
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                display: { xs: '-webkit-box', sm: 'block' },
                WebkitLineClamp: 3,
                WebkitBoxOrient: 'vertical',
                maxHeight: { xs: '3.75em', sm: 'none' },
              }}
            />
          </Box>
          {help && (
            <HoverHint title={translate('haulboard.app.screen_help')}>
              <IconButton
                component="a"
                {...helpLink}
                color="inherit"
                aria-label={translate('haulboard.app.screen_help')}
                sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
              >
                <HelpOutlineIcon />
              </IconButton>
            </HoverHint>
          )}
          <Box sx={{ display: 'flex', alignItems: 'center' }}>{actions}</Box>
        </Toolbar>
      </AppBar>
    </Slide>
  );
}

function SidebarToggle() {
  const translate = useTranslate();
  const [open, setOpen] = useSidebarState();
  const label = translate(open ? 'ra.action.close_menu' : 'ra.action.open_menu');
  return (
    <HoverHint title={label}>
      <IconButton
        color="inherit"
        aria-label={label}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        sx={{ mr: '0.2em' }}
      >
        <MenuIcon
          sx={{
            transition: (theme) => theme.transitions.create('transform'),
            transform: open ? 'rotate(180deg)' : 'none',
          }}
        />
      </IconButton>
    </HoverHint>
  );
}

/** Reloads the screen's data; a spinner over it while anything loads. On a phone it gives way to the title. */
export function RefreshButton() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const loading = useLoading();
  const label = translate('ra.action.refresh');
  return (
    <Box sx={{ position: 'relative', display: { xs: 'none', sm: 'flex' } }}>
      <HoverHint title={label}>
        <IconButton color="inherit" aria-label={label} onClick={() => refresh()} sx={{ opacity: loading ? 0 : 1 }}>
          <RefreshIcon />
        </IconButton>
      </HoverHint>
      {loading && (
        <CircularProgress
          color="inherit"
          size={16}
          thickness={6}
          sx={{ position: 'absolute', top: '30%', left: '30%' }}
          aria-label={translate('ra.page.loading')}
        />
      )}
    </Box>
  );
}
