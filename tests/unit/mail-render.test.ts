import { describe, expect, it } from 'vitest';
import { renderMail } from '../../src/server/mail/render';

const store = {
  name: 'Royal City Pizza & Wings',
  phone: '(519) 555-0142',
  pickupAddress: '1 Main St, Guelph',
};

describe('renderMail', () => {
  const mail = renderMail(
    {
      subject: 'Your receipt',
      blocks: [
        { kind: 'heading', text: 'Thanks, <Sam>' },
        {
          kind: 'lines',
          lines: [
            { quantity: 2, name: 'Pepperoni', details: ['Large', 'Extra cheese'], price: '$30.00' },
          ],
        },
        { kind: 'rows', rows: [{ label: 'Total', value: '$33.90', strong: true }] },
        {
          kind: 'link',
          label: 'Set a new password',
          href: 'https://store.example/reset-password?token=abc',
        },
      ],
    },
    store,
  );

  it('writes both parts from the same blocks, ending with the store', () => {
    expect(mail.subject).toBe('Your receipt');
    const everywhere = [
      'Pepperoni',
      'Extra cheese',
      '$33.90',
      '(519) 555-0142',
      '1 Main St, Guelph',
    ];
    for (const part of [mail.text, mail.html]) {
      for (const words of [...everywhere, 'https://store.example/reset-password?token=abc']) {
        expect(part).toContain(words);
      }
    }
    expect(mail.text).toContain('Thanks, <Sam>');
    expect(mail.text.trimEnd().endsWith('(519) 555-0142')).toBe(true);
  });

  it('escapes text in HTML and needs no remote image', () => {
    expect(mail.html).toContain('Thanks, &lt;Sam&gt;');
    expect(mail.html).not.toContain('<Sam>');
    expect(mail.html).not.toMatch(/<img|url\(/i);
    expect(mail.html.startsWith('<!doctype html>')).toBe(true);
  });
});
