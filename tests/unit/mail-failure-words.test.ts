import { describe, expect, it } from 'vitest';
import {
  failureInWords,
  noAnswerWithin,
  type TransportFailure,
} from '../../src/server/mail/failure-words';

/** nodemailer's failures as it reports them, and the words the owner reads (issue 44). */
const CASES: [string, TransportFailure, string][] = [
  [
    'a refused connection (nodemailer wraps the socket error)',
    { code: 'ESOCKET', message: 'connect ECONNREFUSED 127.0.0.1:2525' },
    'The mail server refused the connection (check the host and port in SMTP_URL)',
  ],
  [
    'a host that does not resolve',
    { code: 'EDNS', message: 'getaddrinfo ENOTFOUND smtp.exampel.com' },
    'The mail server’s name was not found (check the host in SMTP_URL)',
  ],
  [
    'a connection timeout',
    { code: 'ETIMEDOUT', message: 'Connection timeout' },
    'The mail server did not answer in time',
  ],
  [
    'a TLS failure',
    { code: 'ETLS', message: 'wrong version number' },
    'A secure (TLS) connection to the mail server failed (check the port: 465 for smtps://, 587 for smtp://)',
  ],
  [
    'a refused password (535)',
    {
      code: 'EAUTH',
      responseCode: 535,
      response: '535 5.7.8 Authentication credentials invalid',
      message: 'Invalid login',
    },
    'The mail server refused the user name or password in SMTP_URL: 535 5.7.8 Authentication credentials invalid',
  ],
  [
    'no credentials where the server wants some',
    { code: 'ENOAUTH', message: 'Missing credentials for "PLAIN"' },
    'The mail server asks for a user name and password: put them in SMTP_URL (smtps://user:password@host:465)',
  ],
  [
    'a 5xx refusal, with the server’s answer on one line',
    {
      code: 'EENVELOPE',
      responseCode: 550,
      response: '550 5.1.1 <x@example.com>:\r\n Recipient address rejected',
      message: 'Can’t send mail',
    },
    'The mail server refused this mail: 550 5.1.1 <x@example.com>: Recipient address rejected',
  ],
  [
    'a 4xx answer',
    { code: 'EENVELOPE', responseCode: 451, response: '451 Try again later', message: 'x' },
    'The mail server asked to try again later: 451 Try again later',
  ],
  [
    'a dropped connection',
    { code: 'ECONNECTION', message: 'Connection closed unexpectedly' },
    'The mail server closed the connection',
  ],
  [
    'an unreachable network',
    { code: 'ESOCKET', message: 'connect EHOSTUNREACH 10.0.0.9:587' },
    'The mail server cannot be reached from this machine (check the network or firewall)',
  ],
  ['anything else', { message: 'Something odd' }, 'Sending failed: Something odd'],
];

describe('failureInWords', () => {
  it.each(CASES)('words %s', (_name, failure, words) => {
    expect(failureInWords(failure)).toBe(words);
  });

  it('says a send that got no answer in seconds', () => {
    expect(noAnswerWithin(15_000)).toBe('The mail server did not answer within 15 seconds');
  });
});
