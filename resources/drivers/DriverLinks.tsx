import { Card, CardContent, Link, List, ListItem, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router-dom';
import type { DriverDto } from '../../schema/resources/drivers';
import { historyLink } from '../../ui/assignments/historyLink';
import { QualificationSummary } from '../../ui/qualification/QualificationSummary';
import { useCanAccessFeature } from '../../ui/useCanAccessFeature';

/** Beside the driver form: the user account, the driver's assignment histories and their qualification file. */
export function DriverLinks() {
  const translate = useTranslate();
  const driver = useRecordContext<DriverDto>();
  const canEditUsers = useCanAccessFeature('management/user-management', 'Update');
  const canReadDispatch = useCanAccessFeature('management/driver-assignment', 'Read');
  const canReadUnits = useCanAccessFeature('management/vehicle-and-card-assignment', 'Read');
  const canReadFile = useCanAccessFeature('reports/driver-qualification', 'Read');
  if (!driver) return null;
  const links = [
    canEditUsers && driver.userId
      ? { to: `/app/management/user-management/${driver.userId}/edit`, label: 'user' }
      : null,
    canReadDispatch ? { to: historyLink('/app/management/driver-assignment', driver.id), label: 'dispatchers' } : null,
    canReadUnits
      ? { to: historyLink('/app/management/vehicle-and-card-assignment', driver.id), label: 'equipment' }
      : null,
  ].filter((link) => link !== null);
  return (
    <Card
      sx={{ ml: { md: 2 }, mt: { xs: 2, md: 0 }, width: { md: 260 }, flexShrink: 0, alignSelf: { md: 'flex-start' } }}
    >
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('haulboard.drivers.links.title')}
        </Typography>
        <List dense>
          {links.map((link) => (
            <ListItem key={link.label} disableGutters>
              <Link component={RouterLink} to={link.to}>
                {translate(`haulboard.drivers.links.${link.label}`)}
              </Link>
            </ListItem>
          ))}
        </List>
        {canReadFile ? <QualificationSummary driverId={Number(driver.id)} /> : null}
      </CardContent>
    </Card>
  );
}
