import '../../ui/tickets/messages';
import AddIcon from '@mui/icons-material/Add';
import {
  Alert,
  Box,
  Button,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  LinearProgress,
  Link,
  Step,
  StepLabel,
  Stepper,
  Switch,
  Typography,
} from '@mui/material';
import { Form, ResourceContextProvider, useRefresh, useTranslate } from 'ra-core';
import { type ReactElement, type ReactNode, useId, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import type { ZodType } from 'zod';
import { apiFetch, unwrap } from '../../dataProvider/http';
import { citations } from '../../schema/resources/citations';
import { inspections } from '../../schema/resources/inspections';
import { tickets } from '../../schema/resources/tickets';
import { todayIso } from '../../schema/expiry';
import type { AnyResource } from '../../schema/define/resource';
import { PendingDocuments, uploadDocuments } from '../../ui/documents/PendingDocuments';
import { ResponsiveDialog } from '../../ui/ResponsiveDialog';
import { DefinitionInputs, formDefaultsOf, prepareFor } from '../../ui/records/DefinitionForms';
import { VALIDATE_AS_YOU_TYPE } from '../../ui/records/RecordForms';
import { zodResolver } from '../../ui/zodResolver';
import { SPLIT_INPUTS } from '../../ui/tickets/SplitInputs';
import { INSPECTION_INPUTS } from '../../ui/tickets/ViolationRows';

type Values = Record<string, unknown>;
type Part = 'citation' | 'inspection';

/** The defaults (docs/product/tickets.md#tickets): a ticket and a citation are dated today. */
const defaultsOf = {
  ticket: () => ({ ...formDefaultsOf(tickets), date: todayIso() }),
  citation: () => ({ ...formDefaultsOf(citations), date: todayIso(), appearance: false }),
  inspection: () => ({ ...formDefaultsOf(inspections), violations: [], submissionRequired: false, oos: false }),
};
/** Fields of the ticket shown only with "More fields" (the second fields). */
const SECOND_FIELDS = { reportNumber: null, truckId: null, trailerId: null, description: null };
/** The part's ticket is the one being created: its id is not known yet, and is not asked for. */
const PLACEHOLDER_TICKET = 1;

const STEPS = [
  'haulboard.tickets.create.step_ticket',
  'haulboard.tickets.create.step_citation',
  'haulboard.tickets.create.step_inspection',
] as const;

interface Created {
  id: number;
  title: string;
  citationId: number | null;
  inspectionId: number | null;
}

/** Back, Reset (the step's form to its defaults) and Next, inside a step's form. */
function StepButtons({
  step,
  onBack,
  defaults,
  last,
  busy,
}: {
  step: number;
  onBack: () => void;
  defaults: Values;
  last: boolean;
  busy: boolean;
}) {
  const translate = useTranslate();
  const { reset } = useFormContext();
  return (
    <DialogActions sx={{ px: 0, flexWrap: 'wrap', gap: 1 }}>
      <Button onClick={() => reset(defaults)} disabled={busy}>
        {translate('haulboard.tickets.create.reset')}
      </Button>
      <Box sx={{ flex: 1 }} />
      {step > 1 && (
        <Button onClick={onBack} disabled={busy}>
          {translate('ra.action.back')}
        </Button>
      )}
      <Button type="submit" variant="contained" disabled={busy}>
        {translate(last ? 'haulboard.tickets.create.create' : 'haulboard.tickets.create.next')}
      </Button>
    </DialogActions>
  );
}

/** One step: the definition's form, validated as the server validates it (the part's ticket stands in until it exists). */
function StepForm({
  def,
  values,
  onSubmit,
  inputs,
  children,
}: {
  def: AnyResource;
  values: Values;
  onSubmit: (values: Values) => void;
  inputs?: Record<string, null | ReactElement>;
  children: ReactNode;
}) {
  const part = def !== tickets;
  const prepare = prepareFor(def, false, part ? (v: Values) => ({ ...v, ticketId: PLACEHOLDER_TICKET }) : undefined);
  return (
    <ResourceContextProvider value={def.name}>
      <Form
        defaultValues={values}
        resolver={zodResolver(def.create as ZodType, prepare)}
        onSubmit={(v: Values) => onSubmit(v)}
        {...VALIDATE_AS_YOU_TYPE}
      >
        <DefinitionInputs inputs={{ ...(part ? { ticketId: null } : {}), ...inputs }} />
        {children}
      </Form>
    </ResourceContextProvider>
  );
}

/**
 * A new ticket in steps (docs/product/tickets.md#tickets): the ticket (its second fields behind a toggle), then
 * optionally a citation with its split and scanned documents, then optionally an inspection report with its violations
 * and documents; created in that order, with progress shown; a success state links to the ticket. Each step's form
 * resets to its defaults.
 */
export function TicketCreateDialog() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState(1);
  const [moreFields, setMoreFields] = useState(false);
  const [ticket, setTicket] = useState<Values>(defaultsOf.ticket);
  const [parts, setParts] = useState<Record<Part, Values | null>>({ citation: null, inspection: null });
  const [drafts, setDrafts] = useState<Record<Part, Values>>({
    citation: defaultsOf.citation(),
    inspection: defaultsOf.inspection(),
  });
  const [include, setInclude] = useState<Record<Part, boolean>>({ citation: true, inspection: false });
  const [files, setFiles] = useState<Record<Part, File[]>>({ citation: [], inspection: [] });
  const [progress, setProgress] = useState<{ label: string; fraction: number | null } | null>(null);
  const [problem, setProblem] = useState<{ message: string; ticketId: number | null } | null>(null);
  const [created, setCreated] = useState<Created | null>(null);

  const start = () => {
    setStep(1);
    setMoreFields(false);
    setTicket(defaultsOf.ticket());
    setParts({ citation: null, inspection: null });
    setDrafts({ citation: defaultsOf.citation(), inspection: defaultsOf.inspection() });
    setInclude({ citation: true, inspection: false });
    setFiles({ citation: [], inspection: [] });
    setProgress(null);
    setProblem(null);
    setCreated(null);
  };
  const close = () => {
    if (!progress) setOpen(false);
  };

  async function createAll(finalParts: Record<Part, Values | null>) {
    setProblem(null);
    let ticketId: number | null = null;
    try {
      setProgress({ label: translate('haulboard.tickets.create.saving_ticket'), fraction: null });
      const saved = unwrap<{ id: number; title: string }>(
        await apiFetch('/api/Tickets', { method: 'POST', body: prepareFor(tickets, false)(ticket) }),
      );
      ticketId = saved.id;
      const ids: Record<Part, number | null> = { citation: null, inspection: null };
      for (const part of ['citation', 'inspection'] as const) {
        const values = finalParts[part];
        if (!values) continue;
        const def = part === 'citation' ? citations : inspections;
        setProgress({ label: translate(`haulboard.tickets.create.saving_${part}`), fraction: null });
        const record = unwrap<{ id: number }>(
          await apiFetch(def.api, { method: 'POST', body: prepareFor(def, false)({ ...values, ticketId }) }),
        );
        ids[part] = record.id;
        if (files[part].length) {
          const outcome = await uploadDocuments(part, record.id, files[part], (sent) =>
            setProgress({
              label: translate('haulboard.tickets.create.uploading', {
                smart_count: sent.count,
                name: sent.fileName,
                index: sent.index + 1,
              }),
              fraction: sent.fraction,
            }),
          );
          if (outcome.failed.length) throw new Error(outcome.failed.map((f) => f.message).join('; '));
        }
      }
      setCreated({ id: saved.id, title: saved.title, citationId: ids.citation, inspectionId: ids.inspection });
      setStep(4);
      refresh();
    } catch (error) {
      setProblem({ message: (error as Error).message, ticketId });
      if (ticketId) refresh();
    } finally {
      setProgress(null);
    }
  }

  const partStep = (part: Part, number: 2 | 3) => {
    const def = part === 'citation' ? citations : inspections;
    const next = (values: Values | null) => {
      const updated = { ...parts, [part]: values };
      setParts(updated);
      if (number === 3) void createAll(updated);
      else setStep(3);
    };
    return (
      <>
        <FormControlLabel
          control={
            <Switch
              checked={include[part]}
              onChange={(event) => setInclude({ ...include, [part]: event.target.checked })}
            />
          }
          label={translate(`haulboard.tickets.create.include_${part}`)}
        />
        {include[part] ? (
          <StepForm
            def={def}
            values={drafts[part]}
            onSubmit={(values) => {
              setDrafts({ ...drafts, [part]: values });
              next(values);
            }}
            inputs={part === 'citation' ? SPLIT_INPUTS : INSPECTION_INPUTS}
          >
            <Box sx={{ mt: 1 }}>
              <PendingDocuments
                files={files[part]}
                onChange={(chosen) => setFiles({ ...files, [part]: chosen })}
                disabled={!!progress}
              />
            </Box>
            <StepButtons
              step={number}
              onBack={() => setStep(number - 1)}
              defaults={defaultsOf[part]()}
              last={number === 3}
              busy={!!progress}
            />
          </StepForm>
        ) : (
          <DialogActions sx={{ px: 0 }}>
            <Button onClick={() => setStep(number - 1)} disabled={!!progress}>
              {translate('ra.action.back')}
            </Button>
            <Button variant="contained" onClick={() => next(null)} disabled={!!progress}>
              {translate(number === 3 ? 'haulboard.tickets.create.create' : 'haulboard.tickets.create.skip')}
            </Button>
          </DialogActions>
        )}
      </>
    );
  };

  return (
    <>
      <Button
        size="small"
        startIcon={<AddIcon />}
        onClick={() => {
          start();
          setOpen(true);
        }}
      >
        {translate('haulboard.tickets.create.open')}
      </Button>
      <ResponsiveDialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="md">
        <DialogTitle id={titleId}>{translate('haulboard.tickets.create.title')}</DialogTitle>
        <DialogContent>
          {step <= 3 && (
            <Stepper activeStep={step - 1} alternativeLabel sx={{ mb: 2 }}>
              {STEPS.map((label) => (
                <Step key={label}>
                  <StepLabel>{translate(label)}</StepLabel>
                </Step>
              ))}
            </Stepper>
          )}
          {progress && (
            <Box role="status" aria-live="polite" sx={{ mb: 2 }}>
              <Typography variant="body2">{progress.label}</Typography>
              <LinearProgress
                variant={progress.fraction === null ? 'indeterminate' : 'determinate'}
                value={(progress.fraction ?? 0) * 100}
              />
            </Box>
          )}
          {problem && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {problem.message}
              {problem.ticketId && (
                <>
                  {' '}
                  {translate('haulboard.tickets.create.partly_saved')}{' '}
                  <Link component={RouterLink} to={`/app/${tickets.name}/${problem.ticketId}/edit`}>
                    {translate('haulboard.tickets.create.open_to_finish')}
                  </Link>
                </>
              )}
            </Alert>
          )}
          {step === 1 && (
            <>
              <StepForm
                def={tickets}
                values={ticket}
                onSubmit={(values) => {
                  setTicket(values);
                  setStep(2);
                }}
                inputs={moreFields ? {} : SECOND_FIELDS}
              >
                <FormControlLabel
                  control={<Switch checked={moreFields} onChange={(event) => setMoreFields(event.target.checked)} />}
                  label={translate('haulboard.tickets.create.more_fields')}
                />
                <StepButtons
                  step={1}
                  onBack={() => undefined}
                  defaults={defaultsOf.ticket()}
                  last={false}
                  busy={!!progress}
                />
              </StepForm>
            </>
          )}
          {step === 2 && partStep('citation', 2)}
          {step === 3 && partStep('inspection', 3)}
          {step === 4 && created && (
            <Box role="status" sx={{ display: 'grid', gap: 2 }}>
              <Alert severity="success">
                {translate('haulboard.tickets.create.done', { title: created.title })}
                {created.citationId && <> {translate('haulboard.tickets.create.done_citation')}</>}
                {created.inspectionId && <> {translate('haulboard.tickets.create.done_inspection')}</>}
              </Alert>
              <DialogActions sx={{ px: 0, flexWrap: 'wrap', gap: 1 }}>
                <Button onClick={start}>{translate('haulboard.tickets.create.another')}</Button>
                <Button onClick={close}>{translate('ra.action.close')}</Button>
                <Button variant="contained" component={RouterLink} to={`/app/${tickets.name}/${created.id}/edit`}>
                  {translate('haulboard.tickets.create.open_ticket')}
                </Button>
              </DialogActions>
            </Box>
          )}
        </DialogContent>
      </ResponsiveDialog>
    </>
  );
}
