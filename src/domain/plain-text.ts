/**
 * Characters that show nothing, Unicode's Default_Ignorable_Code_Point: the bidirectional
 * controls (the embeddings and overrides U+202A-U+202E, the isolates U+2066-U+2069, the marks
 * U+200E, U+200F and U+061C), which change the order in which the text after them is shown
 * ("\u202Eexe.gpj" reads "jpg.exe"), and the zero-width ones (U+200B, U+2060, U+FEFF, U+034F,
 * variation selectors, tags...), which hide in a name unseen: "\u200B=HYPERLINK(…)" looks like
 * a formula to a spreadsheet but not to a check of its first character. Nobody types them in a
 * name, an address, a delivery instruction or a reason, and in one they can make what the staff
 * read lie, so the shared schemas take them out of such text. An emoji joined by U+200D, or
 * drawn in colour by U+FE0F, falls apart into its pieces: a price paid for one rule.
 */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;

export function stripInvisible(text: string): string {
  return text.replace(INVISIBLE, '');
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
