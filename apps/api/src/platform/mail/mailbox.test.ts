import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_SECRETS, SINGLE_MACHINE_PRODUCTION } from '../../test/config-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { enqueueMail } from './outbox.ts';
import { renderMail } from './render.ts';

describe('development mailbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const first = renderMail({
      language: 'da',
      heading: 'Bekræft din e-mail',
      paragraphs: ['Tak fordi du oprettede dig.'],
      action: { label: 'Bekræft', url: 'http://localhost:3000/verify-email?code=first' },
    });
    await enqueueMail(t.database.db, {
      to: 'Anna@Example.org',
      language: 'da',
      template: 'email_verification',
      subject: 'Bekræft din e-mail',
      ...first,
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = renderMail({
      language: 'en',
      heading: 'Reset <your> password',
      paragraphs: ['Someone asked to reset it.'],
      action: { label: 'Reset', url: 'http://localhost:3000/reset-password?code=second&x=1' },
    });
    await enqueueMail(t.database.db, {
      to: 'anna@example.org',
      language: 'en',
      template: 'password_reset',
      subject: 'Reset <your> password',
      ...second,
    });
    await enqueueMail(t.database.db, {
      to: 'ola@example.org',
      language: 'no',
      template: 'email_verification',
      subject: 'Bekreft e-posten din',
      text: 'Hei',
      html: '<p>Hei</p>',
    });
  });
  afterAll(() => t.close());

  it('lists the mails to an address, newest first, matching the address case-insensitively', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dev/mailbox/messages?to=ANNA@example.org' });
    expect(response.statusCode).toBe(200);
    const messages = response.json();
    expect(messages.map((message: { subject: string }) => message.subject)).toEqual([
      'Reset <your> password',
      'Bekræft din e-mail',
    ]);
    expect(Object.keys(messages[0]).sort()).toEqual([
      'created_at',
      'html',
      'id',
      'links',
      'subject',
      'text',
      'to',
    ]);
    expect(messages[0].links).toEqual(['http://localhost:3000/reset-password?code=second&x=1']);
    expect(messages[1].links).toEqual(['http://localhost:3000/verify-email?code=first']);
    expect(new Date(messages[0].created_at).toISOString()).toBe(messages[0].created_at);
  });

  it('lists every mail without a recipient', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dev/mailbox/messages' });
    expect(response.json()).toHaveLength(3);
  });

  it('shows the mails as a page with clickable links and no inline script', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dev/mailbox?to=anna@example.org' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('Reset &lt;your&gt; password');
    expect(response.body).toContain('<a href="http://localhost:3000/reset-password?code=second&amp;x=1">');
    expect(response.body).not.toContain('Bekreft e-posten din');
    expect(response.body).not.toMatch(/<script|<style|style="/);
    expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");

    const stylesheet = await t.app.inject({ method: 'GET', url: '/dev/mailbox/mailbox.css' });
    expect(stylesheet.statusCode).toBe(200);
    expect(stylesheet.headers['content-type']).toContain('text/css');
  });

  it('shows a mail as its own HTML document', async () => {
    const [message] = (
      await t.app.inject({ method: 'GET', url: '/dev/mailbox/messages?to=ola@example.org' })
    ).json();
    const response = await t.app.inject({ method: 'GET', url: `/dev/mailbox/messages/${message.id}/html` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('<p>Hei</p>');
    expect(String(response.headers['content-security-policy'])).toContain("default-src 'none'");
  });
});

describe('production mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { ...SINGLE_MACHINE_PRODUCTION, ...PRODUCTION_SECRETS, SMTP_URL: 'smtp://mail.example.org:587' },
    });
  });
  afterAll(() => t.close());

  it('has no development routes', async () => {
    for (const url of ['/dev/mailbox', '/dev/mailbox/messages', '/dev/mailbox/messages?to=a@example.org']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code).toBe('not_found');
    }
  });
});

describe('development mode with SMTP configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: 'development', SMTP_URL: 'smtp://mail.example.org:587' } });
    await enqueueMail(t.database.db, {
      to: 'real@example.org',
      language: 'en',
      template: 'password_reset',
      subject: 'Reset your password',
      text: 'http://localhost:3000/reset-password?code=real-secret',
      html: '<p>real</p>',
    });
  });
  afterAll(() => t.close());

  it('has no mailbox: real mail (reset links) must not be readable by anyone', async () => {
    for (const url of [
      '/dev/mailbox',
      '/dev/mailbox/messages',
      '/dev/mailbox/messages?to=real@example.org',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('real-secret');
    }
  });
});

describe('renderMail', () => {
  it('escapes every value and writes the link out for clients that cannot follow buttons', () => {
    const { text, html } = renderMail({
      language: 'no',
      heading: 'Hei <b>Ola</b>',
      paragraphs: ['Linje 1\nLinje 2', 'A & B'],
      action: { label: 'Bekreft "nå"', url: 'https://example.org/verify-email?code=a&b=<c>' },
    });
    expect(html).toContain('<html lang="no">');
    expect(html).toContain('Hei &lt;b&gt;Ola&lt;/b&gt;');
    expect(html).toContain('Linje 1<br>Linje 2');
    expect(html).toContain('A &amp; B');
    expect(html).toContain('href="https://example.org/verify-email?code=a&amp;b=&lt;c&gt;"');
    expect(html).toContain('Bekreft &quot;nå&quot;');
    expect(html).not.toContain('<b>');
    expect(html).toContain('Virker ikke knappen?');
    expect(text).toContain('Hei <b>Ola</b>\n\nLinje 1\nLinje 2\n\nA & B\n');
    expect(text).toContain('Bekreft "nå":\nhttps://example.org/verify-email?code=a&b=<c>\n');
    expect(text).toContain('Sykkelregisteret');
  });
});
