import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { IconButton } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { MailSummaryDto } from '../../../schema/mail';
import { HoverHint } from '../../../ui/HoverHint';
import { useChangeMail } from './useMail';

/** Star or unstar a message (a toggle: pressed while starred). */
export function StarButton({ mail }: { mail: MailSummaryDto }) {
  const translate = useTranslate();
  const change = useChangeMail();
  const label = translate('haulboard.mailbox.star', { subject: mail.subject });
  return (
    <HoverHint title={translate(mail.starred ? 'haulboard.mailbox.starred' : 'haulboard.mailbox.not_starred')}>
      <IconButton
        aria-label={label}
        aria-pressed={mail.starred}
        disabled={change.isPending}
        onClick={() => change.mutate({ id: mail.id, change: { starred: !mail.starred } })}
      >
        {mail.starred ? <StarIcon sx={{ color: 'warning.main' }} /> : <StarBorderIcon />}
      </IconButton>
    </HoverHint>
  );
}
