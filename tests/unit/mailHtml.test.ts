import { describe, expect, it } from 'vitest';
import { classifyMailLink, mailSrcDoc } from '../../src/admin/mailbox/mailHtml';

describe('a message shown in the mailbox', () => {
  it('gets a policy that loads nothing from elsewhere, first in its head', () => {
    const doc = mailSrcDoc(
      '<!doctype html><html><head><meta charset="utf-8"></head><body><img src="https://tracker.example/p.gif"></body></html>',
    );
    expect(doc).toMatch(
      /^<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:;[^"]*"><base target="_blank"><style>[^<]*<\/style><meta charset="utf-8">/,
    );
  });

  it('gets a head when it has none', () => {
    const doc = mailSrcDoc('<p>Hello</p>');
    expect(doc).toContain('<head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy"');
    expect(doc).toContain('<body><p>Hello</p></body>');
  });

  it('takes a head with attributes, not a <header>', () => {
    expect(mailSrcDoc('<html><header>x</header><head lang="en"></head></html>')).toContain(
      '<head lang="en"><meta http-equiv',
    );
  });
});

describe('links in a message', () => {
  const here = 'http://127.0.0.1:8089/app/received-emails';
  it('open the app’s own pages in the app, whatever host PUBLIC_URL named', () => {
    expect(classifyMailLink('http://localhost:8080/app/verify-account?token=abc', here)).toEqual({
      kind: 'app',
      path: '/app/verify-account?token=abc',
    });
    expect(classifyMailLink('https://haulboard.example.com/app/update-email/tok', here)).toEqual({
      kind: 'app',
      path: '/app/update-email/tok',
    });
  });

  it('know the reset link works only signed out', () => {
    expect(classifyMailLink('http://localhost:8080/forgotpassword/a%40b.com/tok', here)).toEqual({
      kind: 'signedOut',
      path: '/forgotpassword/a%40b.com/tok',
      href: 'http://localhost:8080/forgotpassword/a%40b.com/tok',
    });
  });

  it('leave other pages to a new tab, and refuse scripts', () => {
    expect(classifyMailLink('https://example.com/help', here)).toEqual({
      kind: 'external',
      href: 'https://example.com/help',
    });
    expect(classifyMailLink('mailto:support@example.com', here)).toEqual({
      kind: 'external',
      href: 'mailto:support@example.com',
    });
    expect(classifyMailLink('javascript:alert(1)', here)).toBeNull();
  });
});
