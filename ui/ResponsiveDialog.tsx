import { Dialog, type DialogProps } from '@mui/material';
import { usePhone } from './usePhone';

/** A dialog that takes the whole screen on a phone (a small centred box there leaves no room to type). */
export function ResponsiveDialog(props: DialogProps) {
  const phone = usePhone();
  return <Dialog fullWidth {...props} fullScreen={phone} />;
}
