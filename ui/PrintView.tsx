import { GlobalStyles } from '@mui/material';

/**
 * On paper: the screen alone — no top bar, sidebar, filters or buttons (anything marked data-print="hide"), what is
 * marked data-print="only" shown, landscape, every column on the page. Mounted by the screens that print (the
 * reports, a driver's off-boarding).
 */
export const PrintView = () => (
  <GlobalStyles
    styles={{
      '@page': { size: 'landscape', margin: '12mm' },
      '@media print': {
        'header, nav, .MuiAppBar-root, .RaSidebar-root, .RaLayout-contentWithSidebar > :not(.RaLayout-content), [data-print="hide"]':
          { display: 'none !important' },
        '[data-print="only"]': { display: 'block !important' },
        body: { background: '#fff' },
        // The page is the screen's: no room kept for the hidden menus, every column on the paper.
        '.RaLayout-appFrame, .RaLayout-contentWithSidebar, .RaLayout-content': {
          margin: '0 !important',
          padding: '0 !important',
        },
        table: { fontSize: '9pt' },
        'td, th': { padding: '2px 6px !important', whiteSpace: 'nowrap' },
        '.MuiBox-root:has(> table)': { overflow: 'visible !important' },
      },
    }}
  />
);
