import { describe, expect, it } from 'vitest';
import { describeInsuredBike, possessionCheckedMail } from './verification.mails.ts';

/* The holder's mail after our staff's check, in each of the register's languages. */

const link = 'https://example.test/insurance/i/policy/p/hub';
const bike = describeInsuredBike({ nickname: 'Blå', brand: 'Kildemoes', model: null });

describe('possessionCheckedMail', () => {
  it('tells of an approval in da, en and no, with the link to the hub', () => {
    const subjects = new Set<string>();
    for (const language of ['da', 'en', 'no']) {
      const mail = possessionCheckedMail({
        to: 'holder@example.test',
        language,
        bike,
        insurer: 'Test Forsikring A/S',
        link,
        decision: 'verified',
        reason: null,
      });
      expect(mail.template).toBe('insurance_possession_verified');
      expect(mail.text).toContain('»Blå« (Kildemoes)');
      expect(mail.text).toContain('Test Forsikring A/S');
      expect(mail.text).toContain(link);
      subjects.add(mail.subject);
    }
    expect(subjects.size).toBe(3);
  });

  it('gives the reason of a bike sent back, escaped in the HTML part', () => {
    const mail = possessionCheckedMail({
      to: 'holder@example.test',
      language: 'no',
      bike,
      insurer: 'Test Forsikring AS',
      link,
      decision: 'rejected',
      reason: 'Kvitteringen <mangler> dato',
    });
    expect(mail.template).toBe('insurance_possession_rejected');
    expect(mail.subject).toBe('Vi trenger noe mer for å godkjenne sykkelen din');
    expect(mail.text).toContain('Begrunnelse: Kvitteringen <mangler> dato');
    expect(mail.html).toContain('Kvitteringen &lt;mangler&gt; dato');
    expect(mail.html).not.toContain('<mangler>');
  });
});
