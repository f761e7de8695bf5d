import { Alert, AlertTitle, Box, Card, CardContent, Skeleton, Tab, Tabs, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title } from 'react-admin';
import { useTranslate } from 'ra-core';
import { useSearchParams } from 'react-router-dom';
import { apiFetch, unwrap } from '../../dataProvider/http';
import { FLEET_TABS, type FleetCarrierDto, type FleetTab } from '../../schema/fleetOwner';
import { LoadProblem } from '../../ui/LoadProblem';
import { FLEET_COLUMNS } from './columns';
import { FleetList } from './FleetList';
import './messages';

const tabId = (tab: FleetTab) => `my-fleet-tab-${tab}`;
const panelId = (tab: FleetTab) => `my-fleet-panel-${tab}`;

function CarrierHeading({ carrier }: { carrier: FleetCarrierDto }) {
  const translate = useTranslate();
  const numbers = [
    carrier.mcNumber && translate('haulboard.my_fleet.mc', { number: carrier.mcNumber }),
    carrier.usdotNumber && translate('haulboard.my_fleet.usdot', { number: carrier.usdotNumber }),
  ].filter(Boolean);
  return (
    <Box sx={{ mb: 1 }}>
      <Typography variant="h5" component="h2">
        {carrier.name}
      </Typography>
      {numbers.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          {numbers.join(' · ')}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        {translate('haulboard.my_fleet.read_only')}
      </Typography>
    </Box>
  );
}

/** The four lists under tabs; the chosen tab is in the address (?tab=loads), so a reload or a shared link keeps it. */
function FleetTabs() {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as FleetTab | null;
  const tab: FleetTab = asked && FLEET_TABS.includes(asked) ? asked : 'units';
  return (
    <Card>
      <Tabs
        value={tab}
        onChange={(_event, next: FleetTab) => setParams({ tab: next }, { replace: true })}
        variant="scrollable"
        scrollButtons={false}
        aria-label={translate('haulboard.my_fleet.title')}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {FLEET_TABS.map((t) => (
          <Tab
            key={t}
            value={t}
            id={tabId(t)}
            aria-controls={panelId(t)}
            label={translate(`haulboard.my_fleet.tabs.${t}`)}
            sx={{ minHeight: 48 }}
          />
        ))}
      </Tabs>
      <CardContent id={panelId(tab)} role="tabpanel" aria-labelledby={tabId(tab)} sx={{ px: { xs: 1, sm: 2 } }}>
        <FleetList key={tab} tab={tab}>
          {FLEET_COLUMNS[tab]}
        </FleetList>
      </CardContent>
    </Card>
  );
}

/**
 * My Fleet (docs/routing.md#screen-my-fleet), a fleet owner's landing page: the carrier their account is linked to and
 * its units, drivers, loads and settlements, read-only. Not linked yet: what to ask the administrator, and no list calls.
 */
export default function MyFleet() {
  const translate = useTranslate();
  const carrier = useQuery({
    queryKey: ['my-fleet-carrier'],
    queryFn: async () => unwrap<FleetCarrierDto | null>(await apiFetch('/api/FleetOwner/carrier')),
  });
  return (
    // Width 0, at least the whole: the page never widens to fit a list (the phone's pager, a long card line).
    <Box sx={{ p: { xs: 1, md: 2 }, width: 0, minWidth: '100%', boxSizing: 'border-box' }}>
      <Title title={translate('haulboard.my_fleet.title')} />
      {carrier.isError ? (
        <LoadProblem />
      ) : carrier.isPending ? (
        <Skeleton variant="text" width={280} height={40} />
      ) : carrier.data ? (
        <>
          <CarrierHeading carrier={carrier.data} />
          <FleetTabs />
        </>
      ) : (
        <Alert severity="info" sx={{ maxWidth: 720 }}>
          <AlertTitle component="h2">{translate('haulboard.my_fleet.not_linked_title')}</AlertTitle>
          {translate('haulboard.my_fleet.not_linked')}
        </Alert>
      )}
    </Box>
  );
}
