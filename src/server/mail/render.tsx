/**
 * Every mail is written once, as blocks, and rendered twice: an HTML part (React's server
 * renderer, inline styles only, no remote image) and a plain-text part that reads the same.
 * Each mail ends with the store's name, address and phone, so it makes sense on its own.
 *
 * A template is a function from what it is about to `MailContent` (mail/templates/*); it never
 * builds HTML or text itself, so the two parts cannot say different things.
 */
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/** The store as a mail names it: the profile the staff edit (`store_settings`). */
export interface MailStore {
  name: string;
  phone: string;
  pickupAddress: string;
}

export type MailBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  /** A button in HTML, the bare address on its own line in text. */
  | { kind: 'link'; label: string; href: string }
  /** Label and value pairs: the receipt's totals, an order's time and address. */
  | { kind: 'rows'; rows: readonly { label: string; value: string; strong?: boolean }[] }
  /** An order's lines: quantity, name, their options in words, the line's price. */
  | {
      kind: 'lines';
      lines: readonly {
        quantity: number;
        name: string;
        details: readonly string[];
        price: string;
      }[];
    };

export interface MailContent {
  subject: string;
  blocks: readonly MailBlock[];
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const INK = '#1f1f1f';
const MUTED = '#555555';
const ACCENT = '#b3261e';

/** A layout table: mail clients lay out tables, not grids. */
function Table({ children }: { children: ReactNode }): ReactNode {
  return (
    <table
      role="presentation"
      style={{ width: '100%', borderCollapse: 'collapse', margin: '0 0 14px' }}
    >
      <tbody>{children}</tbody>
    </table>
  );
}

function Block({ block }: { block: MailBlock }): ReactNode {
  switch (block.kind) {
    case 'heading':
      return <h1 style={{ fontSize: '22px', margin: '0 0 16px', color: INK }}>{block.text}</h1>;
    case 'paragraph':
      return <p style={{ margin: '0 0 14px', lineHeight: '1.5' }}>{block.text}</p>;
    case 'link':
      return (
        <p style={{ margin: '20px 0' }}>
          <a
            href={block.href}
            style={{
              background: ACCENT,
              color: '#ffffff',
              padding: '12px 20px',
              borderRadius: '6px',
              textDecoration: 'none',
              fontWeight: 'bold',
              display: 'inline-block',
            }}
          >
            {block.label}
          </a>
          <br />
          <span style={{ fontSize: '13px', color: MUTED, wordBreak: 'break-all' }}>
            {block.href}
          </span>
        </p>
      );
    case 'rows':
      return (
        <Table>
          {block.rows.map((row, index) => (
            <tr key={index} style={row.strong ? { fontWeight: 'bold' } : undefined}>
              <td style={{ padding: '4px 0' }}>{row.label}</td>
              <td style={{ padding: '4px 0', textAlign: 'right' }}>{row.value}</td>
            </tr>
          ))}
        </Table>
      );
    case 'lines':
      return (
        <Table>
          {block.lines.map((line, index) => (
            <tr key={index} style={{ borderBottom: '1px solid #dddddd' }}>
              <td style={{ padding: '8px 0', verticalAlign: 'top' }}>
                <strong>
                  {line.quantity} × {line.name}
                </strong>
                {line.details.map((detail, at) => (
                  <div key={at} style={{ color: MUTED, fontSize: '14px' }}>
                    {detail}
                  </div>
                ))}
              </td>
              <td style={{ padding: '8px 0', textAlign: 'right', verticalAlign: 'top' }}>
                {line.price}
              </td>
            </tr>
          ))}
        </Table>
      );
  }
}

function Mail({ content, store }: { content: MailContent; store: MailStore }): ReactNode {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{content.subject}</title>
      </head>
      <body
        style={{
          margin: 0,
          padding: '24px 12px',
          background: '#f4f1ec',
          color: INK,
          fontFamily: 'Arial, Helvetica, sans-serif',
        }}
      >
        <div
          style={{
            maxWidth: '560px',
            margin: '0 auto',
            background: '#ffffff',
            padding: '24px',
            borderRadius: '8px',
          }}
        >
          <p style={{ margin: '0 0 20px', fontWeight: 'bold', color: ACCENT }}>{store.name}</p>
          {content.blocks.map((block, index) => (
            <Block key={index} block={block} />
          ))}
          <p style={{ margin: '28px 0 0', fontSize: '13px', color: MUTED, lineHeight: '1.5' }}>
            {store.name}
            <br />
            {store.pickupAddress}
            <br />
            {store.phone}
          </p>
        </div>
      </body>
    </html>
  );
}

function textOf(block: MailBlock): string {
  switch (block.kind) {
    case 'heading':
      return block.text;
    case 'paragraph':
      return block.text;
    case 'link':
      return `${block.label}:\n${block.href}`;
    case 'rows':
      return block.rows.map((row) => `${row.label}: ${row.value}`).join('\n');
    case 'lines':
      return block.lines
        .map((line) =>
          [
            `${line.quantity} x ${line.name}  ${line.price}`,
            ...line.details.map((detail) => `   ${detail}`),
          ].join('\n'),
        )
        .join('\n');
  }
}

export function renderMail(content: MailContent, store: MailStore): RenderedMail {
  const text = [
    ...content.blocks.map(textOf),
    '--',
    [store.name, store.pickupAddress, store.phone].join('\n'),
  ].join('\n\n');
  return {
    subject: content.subject,
    text: `${text}\n`,
    html: `<!doctype html>${renderToStaticMarkup(<Mail content={content} store={store} />)}`,
  };
}
