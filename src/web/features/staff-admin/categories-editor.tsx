import { useId, useRef, useState, type SubmitEvent } from 'react';
import { KINDS, isKind, type Kind } from '../../../domain';
import { describeAvailability } from '../../../domain/availability';
import type { ApiStaffCategory, ApiStaffProduct } from '../../../domain/api-types';
import { Field } from '../../shared/field';
import { useMutation } from '../../shared/use-mutation';
import { InlineForm, MoveButtons, RowFailure } from './admin-parts';
import { cardPhotos, KIND_WORDS, withoutField } from './category-rows';
import { windowRows, windowsOf, windowsProblem, type WindowRow } from './draft-form';
import { staffAdminApi, type CategoryEdit } from './staff-admin-api';
import { WindowsEditor } from './windows-editor';

/** What the screen does with a change the server confirmed. */
export interface CategoryChanges {
  saved: (category: ApiStaffCategory) => void;
  moved: (category: ApiStaffCategory, position: number) => void;
  added: (category: ApiStaffCategory) => void;
  deleted: (category: ApiStaffCategory) => void;
}

/**
 * The store's categories in Home's order (issue 34). Everyone sees each one's title, kind,
 * whether it is hidden or the special offer and when it is offered; the menu editor moves it,
 * and under Change renames it, hides or shows it, makes it the special offer, picks its card's
 * picture, sets its windows or deletes it (only when no item is in it), and adds a new one of a
 * kind the engine knows.
 */
export function CategoriesEditor({
  categories,
  products,
  canEdit,
  announce,
  changes,
}: {
  categories: readonly ApiStaffCategory[];
  products: readonly ApiStaffProduct[];
  canEdit: boolean;
  announce: (text: string) => void;
  changes: CategoryChanges;
}) {
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <section className="menu-group category-editor" aria-labelledby={titleId}>
      <h2 id={titleId} ref={heading} tabIndex={-1}>
        Categories
      </h2>
      <p className="admin-hint">
        In Home&rsquo;s order. A category&rsquo;s times apply to its items that have none of their
        own; hiding a category hides its items.
      </p>
      <ul className="category-rows">
        {categories.map((category, index) => (
          <CategoryRow
            key={category.id}
            category={category}
            products={products}
            place={{ index, count: categories.length }}
            canEdit={canEdit}
            announce={announce}
            changes={changes}
            onDeleted={(deleted) => {
              changes.deleted(deleted);
              announce(`${deleted.title} is deleted.`);
              requestAnimationFrame(() => heading.current?.focus());
            }}
          />
        ))}
      </ul>
      {canEdit ? (
        <NewCategory
          onAdded={(created) => {
            changes.added(created);
            announce(`${created.title} is added. Add its items under its heading below.`);
          }}
        />
      ) : null}
    </section>
  );
}

type Opened = 'rename' | 'picture' | 'windows' | null;

function CategoryRow({
  category,
  products,
  place,
  canEdit,
  announce,
  changes,
  onDeleted,
}: {
  category: ApiStaffCategory;
  products: readonly ApiStaffProduct[];
  place: { index: number; count: number };
  canEdit: boolean;
  announce: (text: string) => void;
  changes: CategoryChanges;
  onDeleted: (category: ApiStaffCategory) => void;
}) {
  const titleId = useId();
  const actionsId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const [changing, setChanging] = useState(false);
  const [opened, setOpened] = useState<Opened>(null);
  const openers = {
    rename: useRef<HTMLButtonElement>(null),
    picture: useRef<HTMLButtonElement>(null),
    windows: useRef<HTMLButtonElement>(null),
  };
  const saving = useMutation(
    (change: CategoryEdit) => staffAdminApi.updateCategory(category.id, change),
    {
      fallback: `We could not save the change to ${category.title}.`,
    },
  );
  const deleting = useMutation(() => staffAdminApi.deleteCategory(category.id), {
    fallback: `We could not delete ${category.title}.`,
  });
  const items = products.filter((product) => product.category === category.id).length;

  /** Sends a change: the row's button says a refusal under the row, a form beside its field. */
  const save = async (
    change: CategoryEdit,
    said: (saved: ApiStaffCategory) => string,
  ): Promise<Outcome> => {
    setFailure(null);
    const result = await saving.run(change);
    if (result.ok) {
      if (change.position === undefined) changes.saved(result.value);
      else changes.moved(result.value, change.position);
      announce(said(result.value));
      return { saved: true, problem: null };
    }
    return { saved: false, problem: result.problem };
  };
  const saveFromRow = async (change: CategoryEdit, said: (saved: ApiStaffCategory) => string) => {
    const { problem } = await save(change, said);
    if (problem) setFailure(problem);
  };
  /** A form's save: closed when saved, its problem handed back otherwise. */
  const saveForm =
    (form: Exclude<Opened, null>) =>
    async (change: CategoryEdit, said: (saved: ApiStaffCategory) => string) => {
      const outcome = await save(change, said);
      if (outcome.saved) close(form);
      return outcome.problem;
    };
  const move = (step: -1 | 1) => {
    const position = place.index + step;
    if (saving.pending || position < 0 || position >= place.count) return;
    void saveFromRow(
      { position },
      (saved) => `${saved.title} is now ${position + 1} of ${place.count} on Home.`,
    );
  };
  const close = (form: Exclude<Opened, null>) => {
    setOpened(null);
    requestAnimationFrame(() => openers[form].current?.focus());
  };
  const remove = async () => {
    setFailure(null);
    const result = await deleting.run();
    if (result.ok) onDeleted(category);
    else if (result.error) setFailure(result.problem);
  };

  /** A button that opens its form below the row, or closes it (focus back on the button). */
  const formToggle = (form: 'picture' | 'windows', label: string) => (
    <button
      ref={openers[form]}
      type="button"
      className="secondary"
      aria-describedby={titleId}
      aria-expanded={opened === form}
      onClick={() => (opened === form ? close(form) : setOpened(form))}
    >
      {label}
    </button>
  );

  const windows = category.availableAt;
  return (
    <li className={`category-row${category.hidden ? ' is-hidden' : ''}`} aria-labelledby={titleId}>
      <div className="category-row-main">
        <span id={titleId} className="category-row-title">
          {category.title}
        </span>
        <span className="category-row-kind">{KIND_WORDS[category.kind]}</span>
        {category.hidden ? <span className="menu-row-hidden">Hidden</span> : null}
        {category.offer ? <span className="category-row-offer">Special offer</span> : null}
        <span className="category-row-when">
          {windows && windows.length > 0 ? describeAvailability(windows) : 'Always'}
          {' · '}
          {items === 1 ? '1 item' : `${items} items`}
        </span>
      </div>
      {canEdit ? (
        <div className="menu-row-actions">
          <MoveButtons
            index={place.index}
            count={place.count}
            busy={saving.pending}
            describedBy={titleId}
            onMove={move}
          />
          <button
            type="button"
            className="secondary"
            aria-describedby={titleId}
            aria-expanded={changing}
            aria-controls={changing ? actionsId : undefined}
            onClick={() => setChanging((open) => !open)}
          >
            Change...
          </button>
        </div>
      ) : null}
      {canEdit && changing ? (
        <div id={actionsId} className="menu-row-actions category-row-more">
          {opened === 'rename' ? null : (
            <button
              ref={openers.rename}
              type="button"
              className="secondary"
              aria-describedby={titleId}
              onClick={() => setOpened('rename')}
            >
              Rename
            </button>
          )}
          <button
            type="button"
            className="secondary"
            aria-describedby={titleId}
            aria-disabled={saving.pending || undefined}
            onClick={() =>
              void saveFromRow({ hidden: !category.hidden }, (saved) =>
                saved.hidden
                  ? `${saved.title} and its items are hidden from customers.`
                  : `${saved.title} is shown to customers again.`,
              )
            }
          >
            {category.hidden ? 'Show again' : 'Hide'}
          </button>
          {category.offer ? null : (
            <button
              type="button"
              className="secondary"
              aria-describedby={titleId}
              aria-disabled={saving.pending || undefined}
              onClick={() =>
                void saveFromRow(
                  { offer: true },
                  (saved) => `${saved.title} is now the special offer.`,
                )
              }
            >
              Make it the special offer
            </button>
          )}
          {formToggle('picture', 'Card picture...')}
          {formToggle('windows', 'When offered...')}
          {items === 0 ? (
            <button
              type="button"
              className="secondary"
              aria-describedby={titleId}
              aria-disabled={deleting.pending || undefined}
              onClick={() => void remove()}
            >
              {deleting.pending ? 'Deleting...' : 'Delete'}
            </button>
          ) : null}
        </div>
      ) : null}
      {opened === 'rename' ? (
        <RenameForm
          category={category}
          pending={saving.pending}
          onCancel={() => close('rename')}
          onRename={(title) =>
            saveForm('rename')({ title }, (saved) => `${category.title} is now ${saved.title}.`)
          }
        />
      ) : null}
      {opened === 'picture' ? (
        <PictureForm
          category={category}
          products={products}
          pending={saving.pending}
          onCancel={() => close('picture')}
          onSave={(image) =>
            saveForm('picture')({ image }, (saved) =>
              saved.image === null
                ? `${saved.title}'s card shows its first item's photo.`
                : `${saved.title}'s card picture is saved.`,
            )
          }
        />
      ) : null}
      {opened === 'windows' ? (
        <WindowsForm
          category={category}
          pending={saving.pending}
          onCancel={() => close('windows')}
          onSave={(availableAt) =>
            saveForm('windows')({ availableAt }, (saved) =>
              saved.availableAt && saved.availableAt.length > 0
                ? `${saved.title} is offered ${describeAvailability(saved.availableAt)}.`
                : `${saved.title} is offered whenever the store is open.`,
            )
          }
        />
      ) : null}
      <RowFailure message={failure} />
    </li>
  );
}

/** How a change ended: saved, or the words to show (null: nothing to say, e.g. a second press). */
interface Outcome {
  saved: boolean;
  problem: string | null;
}

/** A form's save: the server's words to show beside its field when it refused, else null. */
type Saver<T> = (value: T) => Promise<string | null>;

function RenameForm({
  category,
  pending,
  onCancel,
  onRename,
}: {
  category: ApiStaffCategory;
  pending: boolean;
  onCancel: () => void;
  onRename: Saver<string>;
}) {
  const [title, setTitle] = useState(category.title);
  const [problem, setProblem] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const trimmed = title.trim();
    if (trimmed === '') {
      setProblem('Please give the category a title.');
      field.current?.focus();
      return;
    }
    setProblem(null);
    const refused = await onRename(trimmed);
    if (refused) {
      setProblem(withoutField(refused, 'title'));
      field.current?.focus();
    }
  };
  return (
    <InlineForm
      className="price-editor"
      label={`Rename ${category.title}`}
      busy={pending}
      onSubmit={(event) => void submit(event)}
      onCancel={onCancel}
    >
      <Field
        className="admin-field"
        inputRef={field}
        label="New title"
        autoComplete="off"
        autoFocus
        value={title}
        onValue={(value) => {
          setTitle(value);
          setProblem(null);
        }}
        error={problem}
      />
    </InlineForm>
  );
}

function PictureForm({
  category,
  products,
  pending,
  onCancel,
  onSave,
}: {
  category: ApiStaffCategory;
  products: readonly ApiStaffProduct[];
  pending: boolean;
  onCancel: () => void;
  onSave: Saver<string | null>;
}) {
  const id = useId();
  const photos = cardPhotos(category.id, products);
  const [image, setImage] = useState(category.image ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const select = useRef<HTMLSelectElement>(null);
  // A picture set another way (a menu file) that no item has now stays choosable as it is.
  const kept = category.image !== null && !photos.some((photo) => photo.image === category.image);
  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setProblem(null);
    const refused = await onSave(image === '' ? null : image);
    if (refused) {
      setProblem(withoutField(refused, 'image'));
      select.current?.focus();
    }
  };
  return (
    <InlineForm
      className="price-editor category-picture"
      label={`Card picture of ${category.title}`}
      busy={pending}
      onSubmit={(event) => void submit(event)}
      onCancel={onCancel}
    >
      <div className="field admin-field">
        <label htmlFor={id}>Card picture</label>
        <select
          ref={select}
          id={id}
          value={image}
          autoFocus
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
          onChange={(event) => setImage(event.target.value)}
        >
          <option value="">First item&rsquo;s photo</option>
          {kept ? <option value={category.image ?? ''}>The picture it has now</option> : null}
          {photos.map((photo) => (
            <option key={photo.image} value={photo.image}>
              Photo of {photo.name}
            </option>
          ))}
        </select>
        <p id={`${id}-hint`} className="field-hint">
          Shown on Home where the category&rsquo;s items share one card.
        </p>
        {problem ? (
          <p id={`${id}-error`} className="field-error">
            {problem}
          </p>
        ) : null}
      </div>
      {image === '' ? null : <img className="menu-row-photo" src={image} alt="" />}
    </InlineForm>
  );
}

function WindowsForm({
  category,
  pending,
  onCancel,
  onSave,
}: {
  category: ApiStaffCategory;
  pending: boolean;
  onCancel: () => void;
  onSave: Saver<ReturnType<typeof windowsOf> | null>;
}) {
  const [rows, setRows] = useState<WindowRow[]>(() => windowRows(category.availableAt));
  const [problem, setProblem] = useState<string | null>(null);
  const box = useRef<HTMLDivElement>(null);
  // The problem is said above the first window; focus goes to its first day.
  const focusFirst = () =>
    requestAnimationFrame(() => box.current?.querySelector<HTMLInputElement>('input')?.focus());
  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const typed = windowsProblem(rows);
    setProblem(typed);
    if (typed) {
      focusFirst();
      return;
    }
    const refused = await onSave(rows.length === 0 ? null : windowsOf(rows));
    if (refused) {
      setProblem(withoutField(refused, 'availableAt'));
      focusFirst();
    }
  };
  return (
    <div ref={box} className="category-windows">
      <InlineForm
        className="contains-editor"
        label={`When ${category.title} is offered`}
        busy={pending}
        onSubmit={(event) => void submit(event)}
        onCancel={onCancel}
      >
        <WindowsEditor
          windows={rows}
          onWindows={setRows}
          problem={problem}
          readOnly={false}
          none="Always, whenever the store is open (an item's own times still apply)."
        />
      </InlineForm>
    </div>
  );
}

const KIND_CHOICES: readonly Kind[] = KINDS;

/** A new category: its title and the kind its items are (never changed after). */
function NewCategory({ onAdded }: { onAdded: (category: ApiStaffCategory) => void }) {
  const kindId = useId();
  const [title, setTitle] = useState('');
  const [kind, setKind] = useState<Kind>('simple');
  const [invalid, setInvalid] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const adding = useMutation(
    (fields: { title: string; kind: Kind }) => staffAdminApi.createCategory(fields),
    { fallback: 'We could not add the category. Please try again.' },
  );
  const serverProblem = adding.problem ?? '';
  const kindProblem = serverProblem.startsWith('kind: ')
    ? withoutField(serverProblem, 'kind')
    : null;
  const titleProblem =
    invalid ??
    (adding.problem && kindProblem === null ? withoutField(serverProblem, 'title') : null);
  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = title.trim();
    setInvalid(trimmed === '' ? 'Please give the category a title.' : null);
    if (trimmed === '') {
      field.current?.focus();
      return;
    }
    const result = await adding.run({ title: trimmed, kind });
    if (result.ok) {
      setTitle('');
      onAdded(result.value);
    } else if (result.error) {
      field.current?.focus();
    }
  };
  return (
    <form
      className="add-category"
      aria-label="New category"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <h3>New category</h3>
      <Field
        className="admin-field"
        inputRef={field}
        label="Title"
        autoComplete="off"
        value={title}
        onValue={(value) => {
          setTitle(value);
          // The server's words were about the title it was sent.
          setInvalid(null);
          adding.reset();
        }}
        error={titleProblem}
      />
      <div className="field admin-field">
        <label htmlFor={kindId}>Kind of items</label>
        <select
          id={kindId}
          value={kind}
          aria-describedby={`${kindId}-hint${kindProblem ? ` ${kindId}-error` : ''}`}
          aria-invalid={kindProblem ? true : undefined}
          onChange={(event) => {
            const value = event.target.value;
            if (isKind(value)) setKind(value);
          }}
        >
          {KIND_CHOICES.map((each) => (
            <option key={each} value={each}>
              {KIND_WORDS[each]}
            </option>
          ))}
        </select>
        <p id={`${kindId}-hint`} className="field-hint">
          Decides its items&rsquo; screen and fields; it cannot be changed later.
        </p>
        {kindProblem ? (
          <p id={`${kindId}-error`} className="field-error">
            {kindProblem}
          </p>
        ) : null}
      </div>
      <button type="submit" className="primary" aria-disabled={adding.pending || undefined}>
        {adding.pending ? 'Adding...' : 'Add category'}
      </button>
    </form>
  );
}
