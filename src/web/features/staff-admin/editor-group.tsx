import type { ReactNode } from 'react';
import type { DraftForm } from './draft-form';

/*
 * What the menu editor's groups of fields (kind-fields.tsx and the row editors beside it) share:
 * how they change the form, where a problem is said, and the fieldset they stand in.
 */

/** A change of the form: the screen's setter, given the form before. */
export type Edit = (change: (form: DraftForm) => DraftForm) => void;

/** The problems shown, by the field they are beside (`draftOf`'s keys). */
export type Problems = ReadonlyMap<string, string>;

/** The rows with the one with `key` changed. */
export const changeRow = <T extends { key: number }>(
  rows: readonly T[],
  key: number,
  change: (row: T) => T,
): T[] => rows.map((row) => (row.key === key ? change(row) : row));

/** A problem of a group (a list, the windows), said under its heading and read with its inputs. */
export function GroupError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="field-error">
      {message}
    </p>
  ) : null;
}

/** What ties a group's inputs to its problem (`GroupError`), or nothing when it has none. */
export const invalid = (message: string | undefined, id: string) =>
  message
    ? { 'aria-invalid': true as const, 'aria-describedby': id }
    : { 'aria-invalid': undefined, 'aria-describedby': undefined };

/** A titled group of the form, a fieldset so its inputs are read with its title. */
export function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="editor-group">
      <legend>{title}</legend>
      {children}
    </fieldset>
  );
}
