import { Box, Link, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Fragment, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { MailDto } from '../../../schema/mail';
import { type MailLink, classifyMailLink, mailSrcDoc } from './mailHtml';

const URL_IN_TEXT = /(https?:\/\/[^\s<>"]+)/g;

/** The text version, its addresses clickable (taken by `onLink` like the HTML's). */
function TextBody({ text, onLink }: { text: string; onLink: (link: MailLink) => void }) {
  return (
    <Typography component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {text.split(URL_IN_TEXT).map((part, i) => {
        const link = i % 2 ? classifyMailLink(part, window.location.href) : null;
        if (!link) return <Fragment key={i}>{part}</Fragment>;
        return (
          <Link
            key={i}
            href={part}
            onClick={(event) => {
              event.preventDefault();
              onLink(link);
            }}
          >
            {part}
          </Link>
        );
      })}
    </Typography>
  );
}

/**
 * The message's HTML in a sandboxed frame (srcdoc, no scripts, no forms, no pop-ups, nothing loaded from elsewhere:
 * src/admin/mailbox/mailHtml.ts). The frame keeps this page's origin only so that this page can size it to its content
 * and take its link clicks: nothing inside it runs. A message without HTML shows its text.
 */
export function MessageBody({ mail, onLink }: { mail: MailDto; onLink: (link: MailLink) => void }) {
  const translate = useTranslate();
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(240);
  const srcDoc = useMemo(() => (mail.html ? mailSrcDoc(mail.html) : null), [mail.html]);
  const linkRef = useRef(onLink);
  linkRef.current = onLink;

  // The root's own height is the content's (its scrollHeight never falls below the frame's, so it could only grow).
  const fit = useCallback(() => {
    const root = frame.current?.contentDocument?.documentElement;
    if (root) setHeight(Math.ceil(root.getBoundingClientRect().height));
  }, []);
  const onLoad = () => {
    const doc = frame.current?.contentDocument;
    if (!doc) return;
    fit();
    doc.addEventListener('click', (event) => {
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!anchor) return;
      event.preventDefault();
      const link = classifyMailLink(anchor.getAttribute('href') ?? '', window.location.href);
      if (link) linkRef.current(link);
    });
  };
  // The content reflows with the frame's width (a phone turned, the sidebar folded).
  useEffect(() => {
    if (!srcDoc || typeof ResizeObserver === 'undefined' || !frame.current) return;
    const observer = new ResizeObserver(fit);
    observer.observe(frame.current);
    return () => observer.disconnect();
  }, [srcDoc, fit]);

  if (!srcDoc) return <TextBody text={mail.text} onLink={onLink} />;
  return (
    <Box
      component="iframe"
      ref={frame}
      title={translate('haulboard.mailbox.body_title', { subject: mail.subject })}
      sandbox="allow-same-origin"
      srcDoc={srcDoc}
      onLoad={onLoad}
      sx={{ display: 'block', width: '100%', height, border: 0, borderRadius: 1, bgcolor: '#ffffff' }}
    />
  );
}
