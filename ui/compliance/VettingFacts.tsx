import './messages';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { ReactNode } from 'react';
import type { AuthorityDto, VettingDto } from '../../schema/vetting';
import { Facts } from '../Facts';
import { phoneText, usMoney } from '../format';
import { Tag } from '../Tag';

const w = (key: string) => `haulboard.compliance.vetting.${key}`;

export function Section({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box component="section" sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {translate(w(title))}
      </Typography>
      {children}
    </Box>
  );
}

/** A fact that may be a problem: then in the error colour, bold, with a sign for who cannot tell colours apart. */
function Flagged({ problem, children }: { problem: boolean; children: ReactNode }) {
  return (
    <Box component="span" sx={problem ? { color: 'error.main', fontWeight: 600 } : undefined}>
      {problem && '⚠ '}
      {children}
    </Box>
  );
}

/** The census record: who the company says it is. */
export function CensusFacts({ census }: { census: NonNullable<VettingDto['census']> }) {
  const translate = useTranslate();
  const none = translate(w('empty'));
  return (
    <Section title="census">
      <Facts
        facts={[
          { key: 'name', label: translate(w('legal_name')), value: census.legalName },
          ...(census.dbaName ? [{ key: 'dba', label: translate(w('dba_name')), value: census.dbaName }] : []),
          { key: 'dot', label: translate(w('dot')), value: census.dotNumber },
          { key: 'address', label: translate(w('address')), value: census.address ?? none },
          { key: 'phone', label: translate(w('phone')), value: census.phone ? phoneText(census.phone) : none },
          { key: 'email', label: translate(w('email')), value: census.email ?? none },
        ]}
      />
    </Section>
  );
}

/** Broker, common and contract authority, each as the licensing file says; no active one is the booking refusal. */
export function AuthorityFacts({ authority }: { authority: AuthorityDto }) {
  const translate = useTranslate();
  const status = (letter: string | null) => (
    <Tag tone={letter === 'A' ? 'success' : letter === 'I' ? 'error' : 'default'}>
      {translate(w(`statuses.${letter ?? 'unknown'}`))}
    </Tag>
  );
  return (
    <Section title="authority">
      {!authority.active && (
        <Box sx={{ mb: 1 }}>
          <Tag tone="error" filled>
            {translate(w('inactive'))}
          </Tag>
        </Box>
      )}
      <Facts
        facts={[
          { key: 'docket', label: translate(w('docket')), value: authority.docket.replace(/^([A-Z]{2})/, '$1-') },
          { key: 'broker', label: translate(w('broker')), value: status(authority.broker) },
          { key: 'common', label: translate(w('common')), value: status(authority.common) },
          { key: 'contract', label: translate(w('contract')), value: status(authority.contract) },
        ]}
      />
    </Section>
  );
}

/** BIPD against what is required, cargo and the broker's bond or trust fund: on file or not. */
export function OnFileFacts({ authority }: { authority: AuthorityDto }) {
  const translate = useTranslate();
  const unknown = translate(w('unknown'));
  const flag = (onFile: boolean | null, required: boolean | null) => {
    const text = translate(w('yes_no'), {
      onFile: onFile === null ? unknown : translate(w(onFile ? 'is_on_file' : 'not_on_file')),
      required: required === null ? unknown : translate(w(required ? 'required' : 'not_required')),
    });
    return <Flagged problem={!!required && onFile === false}>{text}</Flagged>;
  };
  const bipdShort = (authority.bipdRequired ?? 0) > (authority.bipdOnFile ?? 0);
  const amount = (dollars: number | null) =>
    dollars === null ? unknown : dollars === 0 ? translate(w('empty')) : usMoney(dollars);
  return (
    <Section title="on_file">
      <Facts
        facts={[
          {
            key: 'bipd',
            label: translate(w('bipd')),
            value: (
              <Flagged problem={bipdShort}>
                {translate(w('bipd_value'), {
                  onFile: amount(authority.bipdOnFile),
                  required: amount(authority.bipdRequired),
                })}
              </Flagged>
            ),
          },
          { key: 'cargo', label: translate(w('cargo')), value: flag(authority.cargoOnFile, authority.cargoRequired) },
          { key: 'bond', label: translate(w('bond')), value: flag(authority.bondOnFile, authority.bondRequired) },
        ]}
      />
    </Section>
  );
}
