import './messages';
import { Box, Card, Tab, Tabs } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Title } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import MatrixTab from './MatrixTab';
import CompanyTab from './CompanyTab';
import ModelTab from './ModelTab';
import RolesTab from './RolesTab';
import RoleUsersTab from './RoleUsersTab';

const TABS = ['matrix', 'roles', 'users', 'model', 'company'] as const;
type TabName = (typeof TABS)[number];

/**
 * Access Settings (/app/permissions): the role × screen permissions, the roles, who holds each role, the
 * permission model written from the live matrix, and the company's settings (its time zone). The tab and the role
 * shown are in the address, so a refresh or a shared link opens the same view.
 */
export default function AccessSettingsScreen() {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const tab: TabName = TABS.find((t) => t === params.get('tab')) ?? 'matrix';
  const roleParam = Number(params.get('role')) || null;
  const show = (next: { tab?: TabName; role?: number | null }) => {
    const copy = new URLSearchParams(params);
    if (next.tab) copy.set('tab', next.tab);
    if (next.role !== undefined) {
      if (next.role) copy.set('role', String(next.role));
      else copy.delete('role');
    }
    setParams(copy, { replace: !next.tab });
  };
  return (
    // contain: the layout sizes itself to its content's widest line; the matrix and the tabs scroll within instead.
    <Box sx={{ mt: 1, contain: 'inline-size' }}>
      <Title title={translate('haulboard.access.title')} />
      {/* A card hides its overflow, which made it the Save bar's scroll box: the bar stuck to a box that never
          scrolls. Clip cuts the corners the same way without being a scroll box, so the bar sticks to the page. */}
      <Card sx={{ overflow: 'clip' }}>
        <Tabs
          value={tab}
          onChange={(_event, value: TabName) => show({ tab: value })}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={translate('haulboard.access.title')}
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {TABS.map((name) => (
            <Tab
              key={name}
              value={name}
              label={translate(`haulboard.access.tabs.${name}`)}
              id={`access-tab-${name}`}
              aria-controls={`access-panel-${name}`}
            />
          ))}
        </Tabs>
        <Box
          role="tabpanel"
          id={`access-panel-${tab}`}
          aria-labelledby={`access-tab-${tab}`}
          sx={{ p: { xs: 1, sm: 2 } }}
        >
          {tab === 'matrix' && <MatrixTab roleId={roleParam} onRole={(role) => show({ role })} />}
          {tab === 'roles' && (
            <RolesTab
              onUsers={(role) => show({ tab: 'users', role })}
              onMatrix={(role) => show({ tab: 'matrix', role })}
            />
          )}
          {tab === 'users' && <RoleUsersTab roleId={roleParam} onRole={(role) => show({ role })} />}
          {tab === 'model' && <ModelTab />}
          {tab === 'company' && <CompanyTab />}
        </Box>
      </Card>
    </Box>
  );
}
