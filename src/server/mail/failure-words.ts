/**
 * A failed attempt in the owner's words (issue 44): what the Outbox and its banner show, so the
 * owner knows whether to check SMTP_URL's host, its password, or the mail provider, instead of
 * reading `ESOCKET: connect ECONNREFUSED`. Pure, so it is table-tested without a mail server;
 * the SMTP server's own answer is kept in the words when it gave one (its code says the most).
 */

/** What the transport knows of a failure (nodemailer's error fields, all optional). */
export interface TransportFailure {
  /** nodemailer's (ECONNECTION, EAUTH, ...) or Node's (ECONNREFUSED, ENOTFOUND, ...). */
  code?: string | undefined;
  /** The SMTP reply's code, when the server answered. */
  responseCode?: number | undefined;
  /** The SMTP reply line, when the server answered. */
  response?: string | undefined;
  message: string;
}

/** Each pattern is tried on the code and the message together: nodemailer wraps Node's codes. */
const CONNECTION_WORDS: readonly [RegExp, string][] = [
  [/ECONNREFUSED/, 'The mail server refused the connection (check the host and port in SMTP_URL)'],
  [/ENOTFOUND|EAI_AGAIN|EDNS/, 'The mail server’s name was not found (check the host in SMTP_URL)'],
  [/ETIMEDOUT|timed? ?out/i, 'The mail server did not answer in time'],
  [
    /ETLS|certificate|SSL|TLS/i,
    'A secure (TLS) connection to the mail server failed (check the port: 465 for smtps://, 587 for smtp://)',
  ],
  [
    /ENOAUTH/,
    'The mail server asks for a user name and password: put them in SMTP_URL (smtps://user:password@host:465)',
  ],
  [/EAUTH/, 'The mail server refused the user name or password in SMTP_URL'],
  [
    /EHOSTUNREACH|ENETUNREACH/,
    'The mail server cannot be reached from this machine (check the network or firewall)',
  ],
  [/ECONNRESET|ECONNECTION|closed/i, 'The mail server closed the connection'],
];

/** A reply line as one short line: a server's multi-line answer joined, cut at 300 characters. */
function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}

export function failureInWords(failure: TransportFailure): string {
  const { responseCode, response } = failure;
  if (responseCode !== undefined && responseCode >= 400) {
    const answer = oneLine(response ?? `${responseCode} ${failure.message}`);
    if (responseCode === 535 || responseCode === 534 || responseCode === 530) {
      return `The mail server refused the user name or password in SMTP_URL: ${answer}`;
    }
    if (responseCode >= 500) return `The mail server refused this mail: ${answer}`;
    return `The mail server asked to try again later: ${answer}`;
  }
  const said = `${failure.code ?? ''} ${failure.message}`;
  const known = CONNECTION_WORDS.find(([pattern]) => pattern.test(said));
  if (known) return known[1];
  return `Sending failed: ${oneLine(failure.message)}`;
}

/** The words of an attempt that got no answer within the send timeout (mail/transport.ts). */
export function noAnswerWithin(timeoutMs: number): string {
  return `The mail server did not answer within ${Math.round(timeoutMs / 1000)} seconds`;
}
