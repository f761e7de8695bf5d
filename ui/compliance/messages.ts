import { addScreenMessages } from '../screenMessages';

/**
 * The words of the dispatch rules and of vetting (haulboard.compliance.*), shown by the order form, the dispatch
 * board, the broker and shipper records and the company's settings; loaded with their code.
 */
export const complianceMessages = {
  haulboard: {
    compliance: {
      refused_title: 'Saving this would break a dispatch rule',
      override_reason: 'Reason to override (kept in the audit trail)',
      override_help: 'An administrator may let this one order go ahead: say why, in at least 10 characters.',
      only_administrators: 'Only an administrator can override a dispatch rule.',
      assign_anyway: 'Assign anyway',
      vetting: {
        title: 'FMCSA vetting',
        nothing_imported: 'No FMCSA file has been imported yet: there is nothing to vet against.',
        no_numbers: 'Enter the MC or USDOT number to vet against the FMCSA files.',
        not_found: 'The imported FMCSA files do not name this MC or USDOT number.',
        checked: 'Census of %{census} · licensing of %{carrier} · insurance of %{insurance}',
        never: 'none',
        census: 'Census record',
        legal_name: 'Legal name',
        dba_name: 'Trade name',
        dot: 'USDOT',
        address: 'Address',
        phone: 'Phone',
        email: 'E-mail',
        authority: 'Authority',
        docket: 'Docket',
        broker: 'Broker',
        common: 'Common',
        contract: 'Contract',
        active: 'Active',
        inactive: 'No active authority',
        statuses: { A: 'Active', I: 'Inactive', N: 'None', unknown: 'Unknown' },
        on_file: 'Insurance and bond on file',
        bipd: 'BIPD',
        bipd_value: '%{onFile} on file, %{required} required',
        cargo: 'Cargo',
        bond: 'Bond (BMC-84/85)',
        yes_no: '%{onFile} (%{required})',
        is_on_file: 'On file',
        not_on_file: 'Not on file',
        required: 'required',
        not_required: 'not required',
        unknown: 'Unknown',
        filings: 'Filings',
        no_filings: 'No insurance or bond filing in the insurance file.',
        filing: '%{form} %{kind} · %{insurer} · %{amount} · from %{from}',
        cancelled: ' · cancelled %{on}',
        changes: 'Changes',
        no_changes: 'No change seen between the imports.',
        change: '%{field}: %{before} → %{after}',
        change_seen: 'Seen %{seen}',
        change_since: ' (held since %{since})',
        recent: 'Recent',
        fields: {
          name: 'Name',
          address: 'Address',
          phone: 'Phone',
          email: 'E-mail',
          authority: 'Authority',
          insurance: 'Insurance',
          bond: 'Bond',
        },
        empty: 'none',
      },
      imports: {
        open: 'Import FMCSA files',
        title: 'Import FMCSA files',
        intro:
          'The carrier census, the licensing carrier file or the insurance file, as the agency publishes them (CSV, up to 256 MB; larger files with npm run vetting:import on the server). Importing a file again changes nothing.',
        choose: 'Choose a file',
        uploading: 'Uploading %{name}…',
        progress: '%{name}: %{status}, %{rows} rows read, %{added} added, %{updated} updated, %{changes} changes',
        statuses: { queued: 'waiting', running: 'importing', done: 'done', failed: 'failed' },
        recent: 'Imports so far',
        none: 'No import yet.',
        close: 'Close',
      },
      rules: {
        title: 'Dispatch rules',
        intro:
          'A driver whose CDL or medical card has expired, or expires before the load ends, is never dispatched. The company may also require these credentials on file:',
        changed_by: 'Changed by %{name} on %{when}',
        saved: 'Dispatch rules saved',
        credentials: {
          cdl: 'CDL number and expiry date',
          medicalCard: 'Medical card expiry date',
          mvr: 'MVR review within the last 12 months',
          qualificationFile: 'Qualification file with no item missing or past due (49 CFR 391.51)',
        },
      },
    },
  },
};

addScreenMessages(complianceMessages);
