import './messages';
import { Alert, Box, Chip, Tab, Tabs, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'ra-core';
import { useId, useState } from 'react';
import { CLAIM_STATUS_LABELS, type ClaimStatus } from '../../schema/claims';
import { claims, type ClaimDto } from '../../schema/resources/claims';
import { DocumentList } from '../../ui/documents/DocumentList';
import { usDate } from '../../ui/format';
import { useCanAccessFeature } from '../../ui/useCanAccessFeature';
import { ClaimMoney } from './ClaimMoney';
import { ClaimSteps } from './ClaimSteps';
import { ClaimTimeline } from './ClaimTimeline';
import { DeadlineChip } from './DeadlineChip';

const TABS = ['steps', 'money', 'timeline', 'documents'] as const;
type WorkTab = (typeof TABS)[number];

/** Where the claim stands against the law, in words: what is due by when, or that it is decided. */
function Deadlines({ claim }: { claim: ClaimDto }) {
  const translate = useTranslate();
  const severity =
    claim.deadlineState === 'OVERDUE'
      ? 'error'
      : claim.deadlineState === 'DUE_SOON'
        ? 'warning'
        : claim.deadlineState === 'DONE'
          ? 'success'
          : 'info';
  return (
    <Alert severity={severity} icon={false} sx={{ py: 0 }}>
      {translate('haulboard.claims.deadline.summary', {
        acknowledge: usDate(claim.acknowledgeBy),
        decide: usDate(claim.decideBy),
      })}
      {claim.deliveredOn && (
        <>
          {' '}
          {translate('haulboard.claims.deadline.filing', {
            delivered: usDate(claim.deliveredOn),
            deadline: usDate(claim.filingDeadline),
          })}
        </>
      )}
    </Alert>
  );
}

/**
 * The work on one claim: its status and deadlines, then in tabs its steps (the checklist), its money (payments and
 * the driver's chargeback), its timeline with comments, and its documents. Shown in the list's panel and beside the
 * claim's form (`beside`, where the claim comes from the form's record).
 */
export function ClaimWork({ claim: given, beside = false }: { claim?: ClaimDto; beside?: boolean }) {
  const translate = useTranslate();
  const fromForm = useRecordContext<ClaimDto>();
  const claim = given ?? fromForm;
  const [tab, setTab] = useState<WorkTab>('steps');
  const id = useId();
  const canUpdate = useCanAccessFeature(claims.name, 'Update');
  if (!claim) return null;
  // Beside the form, its width is the page's, never its content's (the tabs' row would widen the page on a phone).
  return (
    <Box
      sx={
        beside
          ? {
              width: { xs: '100%', xl: 440 },
              minWidth: 0,
              contain: 'inline-size',
              ml: { xl: 2 },
              mt: { xs: 2, xl: 0 },
              flexShrink: 0,
            }
          : undefined
      }
    >
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
        {beside && (
          <Typography variant="h6" component="h2" sx={{ mr: 1 }}>
            {claim.claimNumber}
          </Typography>
        )}
        <Chip size="small" label={CLAIM_STATUS_LABELS[claim.status as ClaimStatus] ?? claim.status} />
        <DeadlineChip claim={claim} />
      </Box>
      <Deadlines claim={claim} />
      <Tabs
        value={tab}
        onChange={(_event, value: WorkTab) => setTab(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mt: 1, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((name) => (
          <Tab
            key={name}
            value={name}
            id={`${id}-${name}`}
            aria-controls={`${id}-${name}-panel`}
            label={
              name === 'documents'
                ? translate('haulboard.claims.panel.tabs.documents_count', { smart_count: claim.documentCount })
                : translate(`haulboard.claims.panel.tabs.${name}`)
            }
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${id}-${tab}-panel`} aria-labelledby={`${id}-${tab}`} sx={{ pt: 2 }}>
        {tab === 'steps' && <ClaimSteps claim={claim} canUpdate={canUpdate} />}
        {tab === 'money' && <ClaimMoney claim={claim} canUpdate={canUpdate} />}
        {tab === 'timeline' && <ClaimTimeline claim={claim} canUpdate={canUpdate} />}
        {tab === 'documents' && (
          <DocumentList ownerType="claim" ownerId={claim.id} canEdit={canUpdate && !claim.deleted} />
        )}
      </Box>
    </Box>
  );
}
