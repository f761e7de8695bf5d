import { NumberInput } from 'react-admin';
import { FEATURES } from '../../schema/features';
import { ApiAutocompleteInput } from '../../ui/ApiAutocompleteInput';
import { useHoldsFeature } from '../../ui/useCanAccessFeature';

const CONNECTED_APPS = FEATURES.find((feature) => feature.key === 'ConnectedApps')!.uri;

/**
 * The app filter: the connected apps by name, revoked ones too (the trail keeps their entries), for who may read
 * them; otherwise an app is chosen by its id.
 */
export function AppInput(props: { source: string; label: string; alwaysOn?: boolean }) {
  const canList = useHoldsFeature(CONNECTED_APPS, 'Read');
  if (!canList) return <NumberInput {...props} min={1} step={1} helperText={false} />;
  return (
    <ApiAutocompleteInput
      {...props}
      path="/api/ConnectedApps?Size=200&status=all"
      describe={(app) => String(app.name)}
      helperText={false}
    />
  );
}
