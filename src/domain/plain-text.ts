/**
 * Bidirectional controls (the embeddings and overrides U+202A-U+202E, the isolates
 * U+2066-U+2069, the marks U+200E, U+200F and U+061C) change the order in which the text after
 * them is shown: "\u202Eexe.gpj" reads "jpg.exe". Nobody types them in a name, an address, a
 * delivery instruction or a reason, and in one they can make what the staff read lie, so the
 * shared schemas take them out of such text.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

export function stripBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

/**
 * Text as a person types it: no control characters other than tab and line breaks, and no
 * unpaired surrogate. NUL cannot even be stored in a Postgres text column.
 */
export function isPlainText(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    const control = (code < 0x20 && !['\t', '\n', '\r'].includes(char)) || code === 0x7f;
    if (control || (code >= 0xd800 && code <= 0xdfff)) return false;
  }
  return true;
}
