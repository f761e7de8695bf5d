import './messages';
import '../docs/messages';
import { Alert, Box, Button, Link, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { apiFetch } from '../../../../dataProvider/http';
import { CONTACT_LIMITS, CONTACT_MESSAGES, MESSAGE_MIN } from '../../../../schema/contact';
import { useT } from '../../../i18n/useT';
import { FormCard } from '../FormCard';
import { RECAPTCHA_SITE_KEY, Recaptcha } from '../Recaptcha';
import { emailProblem, useForm, useSubmit } from '../useForm';
import { useCompany } from './company';

const EMPTY = { name: '', email: '', subject: '', message: '', website: '' };

/**
 * /contact: a visitor's message to this installation's administrators (POST /api/contact: their in-app mailbox, and
 * nowhere else). Checked as typed with the server's own limits; the "website" field is hidden from people and filled
 * only by robots; the reCAPTCHA box shows when the build has its site key.
 */
export default function ContactPage() {
  const t = useT();
  const company = useCompany();
  const [sent, setSent] = useState<{ name: string; email: string } | null>(null);
  const name = company?.name ?? t('site.company_fallback');
  const ways = [company?.email, company?.phone, company?.address].filter(Boolean).join(' · ');
  if (sent) {
    return (
      <Box sx={{ maxWidth: 560, mx: 'auto' }}>
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          <Typography component="h1" variant="h6">{t('contact.sent_title')}</Typography>
          {t('contact.sent', { name: sent.name, email: sent.email })}
        </Alert>
        <Button onClick={() => setSent(null)} variant="outlined">{t('contact.another')}</Button>
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 560, mx: 'auto' }}>
      <ContactForm company={name} onSent={setSent} />
      {ways && <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>{t('contact.reach', { company: name, ways })}</Typography>}
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        {t('contact.staff')} <Link component={RouterLink} to="/docs/support">{t('contact.docs')}</Link>
      </Typography>
    </Box>
  );
}

function ContactForm({ company, onSent }: { company: string; onSent: (sender: { name: string; email: string }) => void }) {
  const t = useT();
  const [recaptchaToken, setRecaptchaToken] = useState<string | null>(null);
  const { values, field, submit } = useForm(EMPTY, (v) => ({
    name: v.name.trim() ? (v.name.trim().length > CONTACT_LIMITS.name ? CONTACT_MESSAGES.tooLong('The name', CONTACT_LIMITS.name) : undefined) : CONTACT_MESSAGES.name,
    email: emailProblem(v.email, t),
    subject: v.subject.trim() ? (v.subject.trim().length > CONTACT_LIMITS.subject ? CONTACT_MESSAGES.tooLong('The subject', CONTACT_LIMITS.subject) : undefined) : CONTACT_MESSAGES.subject,
    message: v.message.trim().length < MESSAGE_MIN ? CONTACT_MESSAGES.message : v.message.trim().length > CONTACT_LIMITS.message ? CONTACT_MESSAGES.tooLong('The message', CONTACT_LIMITS.message) : undefined,
  }));
  const { busy, error, setError, onSubmit } = useSubmit(() => {
    const valid = submit();
    if (valid && RECAPTCHA_SITE_KEY && !recaptchaToken) {
      setError(t('register.recaptcha_required'));
      return false;
    }
    return valid;
  }, async () => {
    await apiFetch('/api/contact', { method: 'POST', body: { ...values, googleRecaptchaToken: recaptchaToken } });
    onSent({ name: values.name.trim(), email: values.email.trim() });
  }, t('contact.failed'));

  const trap = field('website');
  return (
    <FormCard title={t('contact.title')} subtitle={t('contact.intro', { company })} error={error} onSubmit={onSubmit}>
      <TextField {...field('name')} label={t('contact.name')} autoComplete="name" required slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS.name } }} />
      <TextField {...field('email', t('contact.email_hint'))} label={t('contact.email')} type="email" autoComplete="email" required />
      <TextField {...field('subject')} label={t('contact.subject')} required slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS.subject } }} />
      <TextField
        {...field('message', t('contact.message_hint', { count: values.message.trim().length, max: CONTACT_LIMITS.message }))}
        label={t('contact.message')} required multiline minRows={5} slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS.message } }}
      />
      {/* Off screen, out of the tab order and hidden from screen readers: only a robot fills it in. */}
      <Box aria-hidden="true" sx={{ position: 'absolute', left: '-10000px', width: '1px', height: '1px', overflow: 'hidden' }}>
        <label>{t('contact.website')}<input name={trap.name} value={trap.value} onChange={trap.onChange} tabIndex={-1} autoComplete="off" type="text" /></label>
      </Box>
      {RECAPTCHA_SITE_KEY && <Recaptcha siteKey={RECAPTCHA_SITE_KEY} onToken={setRecaptchaToken} onUnavailable={() => setError(t('register.recaptcha_unavailable'))} />}
      <Button type="submit" variant="contained" size="large" disabled={busy}>{busy ? t('contact.sending') : t('contact.submit')}</Button>
    </FormCard>
  );
}
