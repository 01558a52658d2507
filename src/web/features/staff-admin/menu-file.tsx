import { useId, useRef, useState, type ChangeEvent } from 'react';
import type { ApiMenuChange, ApiMenuDocument, ApiStaffCategory } from '../../../domain/api-types';
import { useMutation } from '../../shared/use-mutation';
import { changeWords, titlesAfter } from './menu-change-words';
import { staffAdminApi } from './staff-admin-api';
import { storeDate } from './toronto-date';

/** The server's limit for a menu document (decision 19): said before a larger file is sent. */
const MAX_FILE_BYTES = 1024 * 1024;

/** Hands the document to the browser as a file, named by the store's day it was taken. */
function saveAsFile(document: ApiMenuDocument): void {
  const blob = new Blob([JSON.stringify(document, null, 2)], { type: 'application/json' });
  const link = window.document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = `menu-${storeDate(new Date())}.json`;
  window.document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file over; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

/** A file read for import: its parsed text and what a dry run said it changes. */
interface Checked {
  name: string;
  document: unknown;
  changes: ApiMenuChange[];
}

const countText = (count: number) => `${count} change${count === 1 ? '' : 's'}`;

/**
 * The Menu's "Back up or bring in a menu" (issue 34, decision 19): everyone on staff downloads
 * the whole menu as one JSON file; the menu editor brings one back. A chosen file is only read
 * and sent as a dry run, its changes listed in words; nothing changes until "Apply", which
 * sends the same document for real (the server applies it all or nothing).
 */
export function MenuFile({
  canEdit,
  announce,
  onImported,
  categories,
}: {
  canEdit: boolean;
  announce: (text: string) => void;
  onImported: () => void;
  /** The store's categories: a change names one by its title. */
  categories: readonly ApiStaffCategory[];
}) {
  const titleOf = (category: string) =>
    categories.find((each) => each.id === category)?.title ?? category;
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [checked, setChecked] = useState<Checked | null>(null);
  // A file the browser could not read or parse: said like the server's refusals.
  const [unreadable, setUnreadable] = useState<string | null>(null);
  const download = useMutation(() => staffAdminApi.menuDocument(), {
    fallback: 'We could not download the menu. Please try again in a moment.',
  });
  const check = useMutation(
    (document: unknown, signal) => staffAdminApi.importMenu(document, true, signal),
    { fallback: 'We could not check the file. Please try again in a moment.' },
  );
  const apply = useMutation(
    (document: unknown, signal) => staffAdminApi.importMenu(document, false, signal),
    { fallback: 'We could not import the file. Nothing was changed; please try again.' },
  );

  const onDownload = async () => {
    const result = await download.run();
    if (result.ok) saveAsFile(result.value);
  };

  const clear = () => {
    setChecked(null);
    setUnreadable(null);
    check.reset();
    apply.reset();
    if (input.current) input.current.value = '';
  };

  const onChoose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setChecked(null);
    setUnreadable(null);
    check.reset();
    apply.reset();
    if (!file) return;
    // A refused file is let go, so the same file fixed in an editor can be chosen again (the
    // browser says nothing when the file chosen is the one it holds).
    const refuse = (message: string | null) => {
      setUnreadable(message);
      if (input.current) input.current.value = '';
    };
    if (file.size > MAX_FILE_BYTES) {
      refuse(`${file.name} is larger than 1 MB: it cannot be a menu file.`);
      return;
    }
    let document: unknown;
    try {
      document = JSON.parse(await file.text());
    } catch (error) {
      const why = error instanceof Error ? ` (${error.message})` : '';
      refuse(`${file.name} is not a JSON file we can read${why}. Nothing was changed.`);
      return;
    }
    const result = await check.run(document);
    if (result.ok) setChecked({ name: file.name, document, changes: result.value.changes });
    else if (result.error) refuse(null);
  };

  const onApply = async () => {
    if (!checked) return;
    const result = await apply.run(checked.document);
    if (!result.ok) return;
    const count = result.value.changes.length;
    clear();
    announce(`${checked.name} is imported: ${countText(count)} made.`);
    heading.current?.focus();
    onImported();
  };

  const problem = unreadable ?? check.problem ?? apply.problem;
  const count = checked?.changes.length ?? 0;
  // A category the file adds or renames is said by its title in the file.
  const titleAfter = checked ? titlesAfter(checked.changes, titleOf) : titleOf;

  return (
    <section className="menu-group menu-file" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        Back up or bring in a menu
      </h2>
      <p className="admin-hint">
        The whole menu as one file: a backup, a list of prices to change in a text editor, or a menu
        to move to another store.
      </p>
      <button
        type="button"
        className="secondary"
        aria-disabled={download.pending || undefined}
        onClick={() => void onDownload()}
      >
        {download.pending ? 'Preparing...' : 'Download the menu'}
      </button>
      {download.problem ? (
        <p className="menu-row-error" role="alert">
          {download.problem}
        </p>
      ) : null}
      {canEdit ? (
        <div className="menu-file-import">
          <label htmlFor={`${id}-file`}>Import a menu file</label>
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept=".json,application/json"
            aria-describedby={`${id}-file-hint`}
            onChange={(event) => void onChoose(event)}
          />
          <p id={`${id}-file-hint`} className="admin-hint">
            Nothing changes yet: you first see what the file would change. Items the file leaves out
            are hidden, not deleted.
          </p>
          {check.pending ? <p role="status">Checking the file...</p> : null}
          {problem ? (
            <p className="menu-row-error" role="alert">
              {problem}
            </p>
          ) : null}
          {checked ? (
            <div className="menu-file-changes">
              <h3>What {checked.name} changes</h3>
              {count === 0 ? (
                <p>No changes.</p>
              ) : (
                <ul aria-label={`Changes in ${checked.name}`}>
                  {checked.changes.map((change, index) => (
                    <li key={index}>{changeWords(change, titleAfter)}</li>
                  ))}
                </ul>
              )}
              <div className="menu-file-actions">
                {count > 0 ? (
                  <button
                    type="button"
                    className="primary"
                    aria-disabled={apply.pending || undefined}
                    onClick={() => void onApply()}
                  >
                    {apply.pending
                      ? 'Applying...'
                      : count === 1
                        ? 'Apply this change'
                        : `Apply these ${count} changes`}
                  </button>
                ) : null}
                <button type="button" className="secondary" onClick={clear}>
                  {count > 0 ? 'Cancel' : 'Close'}
                </button>
              </div>
            </div>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
