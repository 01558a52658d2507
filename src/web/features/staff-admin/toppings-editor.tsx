import { useId, useRef, useState, type SubmitEvent } from 'react';
import { AllergenNote } from '../../shared/allergen-note';
import { Field } from '../../shared/field';
import { useMutation } from '../../shared/use-mutation';
import { ErrorMessage, Loading } from '../../shared/ui';
import { failureText, InlineForm, MoveButtons, RowFailure, useLoad } from './admin-parts';
import { AllergenChecks, inListOrder, type AllergenChoice } from './allergen-checks';
import { SoldOutSwitch, useSoldOut } from './sold-out-switch';
import type { ApiStaffTopping } from '../../../domain/api-types';
import { staffAdminApi } from './staff-admin-api';

type Change = Parameters<typeof staffAdminApi.updateTopping>[1];

/**
 * The toppings in menu order: each sold out or back (every staff member), and for the menu
 * editor renamed, hidden from customers or shown again, moved up or down; a new one added at
 * the end. A hidden topping is listed, marked so.
 */
export function ToppingsEditor({
  filter,
  announce,
  canEdit,
}: {
  filter: string;
  announce: (text: string) => void;
  canEdit: boolean;
}) {
  const titleId = useId();
  const { state, reload, setValue } = useLoad(staffAdminApi.toppings);
  const wanted = filter.trim().toLocaleLowerCase();
  const shown =
    state.kind === 'ready'
      ? state.value.filter((topping) => topping.name.toLocaleLowerCase().includes(wanted))
      : [];
  if (state.kind === 'ready' && shown.length === 0 && wanted !== '') return null;

  const saved = (topping: ApiStaffTopping) =>
    setValue((toppings) => toppings.map((each) => (each._id === topping._id ? topping : each)));
  const movedTo = (topping: ApiStaffTopping, position: number) =>
    setValue((toppings) => {
      const others = toppings.filter((each) => each._id !== topping._id);
      return [...others.slice(0, position), topping, ...others.slice(position)];
    });

  return (
    <section className="menu-group" aria-labelledby={titleId}>
      <h2 id={titleId}>Toppings</h2>
      {state.kind === 'loading' ? <Loading label="Loading the toppings..." /> : null}
      {state.kind === 'failed' ? (
        <ErrorMessage onRetry={reload}>
          {failureText(state.error, 'We could not load the toppings. Please try again.')}
        </ErrorMessage>
      ) : null}
      {state.kind === 'ready' ? (
        <>
          <ul className="option-switches topping-rows">
            {shown.map((topping) => (
              <ToppingRow
                key={topping._id}
                topping={topping}
                onSaved={saved}
                announce={announce}
                canEdit={canEdit}
                // Reordering reads the whole list: not while it is filtered.
                place={
                  wanted === ''
                    ? {
                        index: state.value.indexOf(topping),
                        count: state.value.length,
                        onMoved: movedTo,
                      }
                    : undefined
                }
              />
            ))}
          </ul>
          {canEdit ? (
            <AddTopping
              onAdded={(topping) => {
                setValue((toppings) => [...toppings, topping]);
                announce(`${topping.name} is added to the toppings.`);
              }}
            />
          ) : null}
        </>
      ) : null}
    </section>
  );
}

function ToppingRow({
  topping,
  onSaved,
  announce,
  canEdit,
  place,
}: {
  topping: ApiStaffTopping;
  onSaved: (topping: ApiStaffTopping) => void;
  announce: (text: string) => void;
  canEdit: boolean;
  place?: { index: number; count: number; onMoved: (t: ApiStaffTopping, at: number) => void };
}) {
  const nameId = useId();
  const containsId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const [renaming, setRenaming] = useState(false);
  const [telling, setTelling] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const containsButton = useRef<HTMLButtonElement>(null);
  const stock = useSoldOut(topping, {
    save: (available) => staffAdminApi.updateTopping(topping._id, { available }),
    onSaved,
    announce,
    onFailure: setFailure,
  });
  const changing = useMutation(
    (change: Change) => staffAdminApi.updateTopping(topping._id, change),
    {
      fallback: `We could not save the change to ${topping.name}.`,
    },
  );

  const change = async (what: Change, said: (saved: ApiStaffTopping) => string) => {
    setFailure(null);
    const result = await changing.run(what);
    if (result.ok) {
      onSaved(result.value);
      if (what.position !== undefined) place?.onMoved(result.value, what.position);
      announce(said(result.value));
    } else if (result.error) {
      setFailure(result.problem);
    }
    return result.ok;
  };
  const move = (step: -1 | 1) => {
    if (!place) return;
    const position = place.index + step;
    if (position < 0 || position >= place.count) return;
    void change({ position }, (saved) => `${saved.name} is now ${position + 1} of ${place.count}.`);
  };
  const closeRename = () => {
    setRenaming(false);
    requestAnimationFrame(() => renameButton.current?.focus());
  };
  const closeContains = () => {
    setTelling(false);
    requestAnimationFrame(() => containsButton.current?.focus());
  };

  return (
    <li
      className={`option-switch topping-row${stock.soldOut ? ' is-sold-out' : ''}${telling ? ' is-telling' : ''}`}
      aria-labelledby={nameId}
    >
      <span id={nameId} className="option-switch-name">
        {topping.name}
      </span>
      {topping.hidden ? <span className="menu-row-hidden">Hidden</span> : null}
      <AllergenNote
        inline
        allergens={topping.allergens}
        marks={topping.marks}
        testId="topping-allergens"
      />
      <SoldOutSwitch {...stock} describedBy={nameId} />
      {canEdit ? (
        <div className="menu-row-actions">
          {renaming ? null : (
            <button
              ref={renameButton}
              type="button"
              className="secondary"
              aria-describedby={nameId}
              onClick={() => setRenaming(true)}
            >
              Rename
            </button>
          )}
          <button
            ref={containsButton}
            type="button"
            className="secondary"
            aria-describedby={nameId}
            aria-expanded={telling}
            aria-controls={telling ? containsId : undefined}
            onClick={() => setTelling((open) => !open)}
          >
            Contains...
          </button>
          <button
            type="button"
            className="secondary"
            aria-describedby={nameId}
            aria-disabled={changing.pending || undefined}
            onClick={() =>
              void change({ hidden: !topping.hidden }, (saved) =>
                saved.hidden
                  ? `${saved.name} is hidden from customers.`
                  : `${saved.name} is offered again.`,
              )
            }
          >
            {topping.hidden ? 'Show again' : 'Hide'}
          </button>
          {place ? (
            <MoveButtons
              index={place.index}
              count={place.count}
              busy={changing.pending}
              describedBy={nameId}
              onMove={move}
            />
          ) : null}
        </div>
      ) : null}
      {renaming ? (
        <RenameForm
          topping={topping}
          pending={changing.pending}
          onCancel={closeRename}
          onRename={async (name) => {
            const ok = await change({ name }, (saved) => `${topping.name} is now ${saved.name}.`);
            if (ok) closeRename();
          }}
        />
      ) : null}
      {telling ? (
        <ContainsForm
          id={containsId}
          topping={topping}
          pending={changing.pending}
          onCancel={closeContains}
          onSave={async (choice) => {
            const ok = await change(choice, (saved) => `${saved.name}: allergens and marks saved.`);
            if (ok) closeContains();
          }}
        />
      ) : null}
      <RowFailure message={failure} />
    </li>
  );
}

/**
 * What a topping contains and its marks, ticked and saved together (one PATCH), so a line's
 * "Contains" on the item screen never reads half an edit.
 */
function ContainsForm({
  id,
  topping,
  pending,
  onCancel,
  onSave,
}: {
  id: string;
  topping: ApiStaffTopping;
  pending: boolean;
  onCancel: () => void;
  onSave: (choice: AllergenChoice) => Promise<void>;
}) {
  const [choice, setChoice] = useState<AllergenChoice>({
    allergens: topping.allergens,
    marks: topping.marks,
  });
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!pending) void onSave(inListOrder(choice));
  };
  return (
    <InlineForm
      id={id}
      className="contains-editor"
      label={`What ${topping.name} contains`}
      busy={pending}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <AllergenChecks value={choice} onChange={setChoice} />
    </InlineForm>
  );
}

function RenameForm({
  topping,
  pending,
  onCancel,
  onRename,
}: {
  topping: ApiStaffTopping;
  pending: boolean;
  onCancel: () => void;
  onRename: (name: string) => Promise<void>;
}) {
  const [name, setName] = useState(topping.name);
  const [invalid, setInvalid] = useState<string | null>(null);
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const trimmed = name.trim();
    setInvalid(trimmed === '' ? 'Please give the topping a name.' : null);
    if (trimmed !== '') void onRename(trimmed);
  };
  return (
    <InlineForm
      className="price-editor"
      label={`Rename ${topping.name}`}
      busy={pending}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <Field
        className="admin-field"
        label="New name"
        autoComplete="off"
        autoFocus
        value={name}
        onValue={setName}
        error={invalid}
      />
    </InlineForm>
  );
}

function AddTopping({ onAdded }: { onAdded: (topping: ApiStaffTopping) => void }) {
  const [name, setName] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const adding = useMutation((typed: string) => staffAdminApi.addTopping(typed), {
    fallback: 'We could not add the topping. Please try again.',
  });
  // The server's 400 names the field first ("name: ..."): the field already says which.
  const problem = invalid ?? adding.problem?.replace(/^name: /, '') ?? null;
  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = name.trim();
    setInvalid(trimmed === '' ? 'Please give the topping a name.' : null);
    if (trimmed === '') {
      field.current?.focus();
      return;
    }
    const result = await adding.run(trimmed);
    if (result.ok) {
      setName('');
      onAdded(result.value);
    } else if (result.error) {
      field.current?.focus();
    }
  };
  return (
    <form className="add-topping" noValidate onSubmit={(event) => void submit(event)}>
      <Field
        className="admin-field"
        inputRef={field}
        label="New topping"
        autoComplete="off"
        value={name}
        onValue={setName}
        error={problem}
      />
      <button type="submit" className="primary" aria-disabled={adding.pending || undefined}>
        {adding.pending ? 'Adding...' : 'Add topping'}
      </button>
    </form>
  );
}
