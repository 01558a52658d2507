import { useId, type ReactNode } from 'react';
import { KIND_RULES, type Kind, type ProductDetails } from '../../../domain';
import { Field } from '../../shared/field';
import { rowKey, type DraftForm, type ListField, type SizeRow } from './draft-form';

/** A change of the form: the screen's setter, given the form before. */
export type Edit = (change: (form: DraftForm) => DraftForm) => void;

/** The problems shown, by the field they are beside (`draftOf`'s keys). */
export type Problems = ReadonlyMap<string, string>;

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const LIST_TITLES: Record<ListField, { title: string; one: string }> = {
  wingsFlavors: { title: 'Wing flavours', one: 'Wing flavour' },
  Flavors: { title: 'Panzerotto flavours', one: 'Panzerotto flavour' },
  sides: { title: 'Sides offered', one: 'Side' },
};

/** A problem of a group (a list, the windows), said under its heading and read with its inputs. */
function GroupError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="field-error">
      {message}
    </p>
  ) : null;
}

const invalid = (message: string | undefined, id: string) =>
  message
    ? { 'aria-invalid': true as const, 'aria-describedby': id }
    : { 'aria-invalid': undefined, 'aria-describedby': undefined };

/**
 * The details fields of the product's kind (`KIND_RULES[kind].fields`), in the order a customer
 * meets them on the item's screen; then the time windows, which any kind may have.
 */
export function KindFields({
  kind,
  form,
  edit,
  problems,
  beverages,
  readOnly,
}: {
  kind: Kind | undefined;
  form: DraftForm;
  edit: Edit;
  problems: Problems;
  /** The beverages' names, which a combo's drinks are chosen from. */
  beverages: readonly string[];
  readOnly: boolean;
}) {
  const fields: readonly (keyof ProductDetails)[] = kind ? KIND_RULES[kind].fields : [];
  const has = (field: keyof ProductDetails) => fields.includes(field);
  const count = (
    field: 'maxDrinks' | 'pizzas' | 'toppingsPerPizza',
    label: string,
    hint?: string,
  ) =>
    has(field) ? (
      <Field
        className="admin-field editor-short"
        label={label}
        hint={hint}
        inputMode="numeric"
        autoComplete="off"
        readOnly={readOnly}
        value={form[field]}
        onValue={(value) => edit((before) => ({ ...before, [field]: value }))}
        error={problems.get(`details.${field}`)}
      />
    ) : null;

  return (
    <>
      {has('sizes') ? (
        <SizesEditor form={form} edit={edit} problems={problems} readOnly={readOnly} />
      ) : null}
      {(['wingsFlavors', 'Flavors', 'sides'] as const).map((field) =>
        has(field) ? (
          <ListEditor
            key={field}
            field={field}
            form={form}
            edit={edit}
            problem={problems.get(`details.${field}`)}
            readOnly={readOnly}
          />
        ) : null,
      )}
      {has('drinks') ? (
        <DrinksPicker
          form={form}
          edit={edit}
          problems={problems}
          beverages={beverages}
          readOnly={readOnly}
        />
      ) : null}
      {count('maxDrinks', 'Most drinks included', 'For a size without a limit of its own.')}
      {count('pizzas', 'Pizzas in the deal')}
      {count('toppingsPerPizza', 'Free toppings per pizza')}
      {has('extraToppingPrice') ? (
        <Field
          className="admin-field editor-short"
          label="Extra topping price in dollars"
          hint="For each topping beyond the free ones."
          inputMode="decimal"
          autoComplete="off"
          readOnly={readOnly}
          value={form.extraToppingPrice}
          onValue={(value) => edit((before) => ({ ...before, extraToppingPrice: value }))}
          error={problems.get('details.extraToppingPrice')}
        />
      ) : null}
      {has('toppingAllowance') ? (
        <AllowanceSelect form={form} edit={edit} readOnly={readOnly} />
      ) : null}
      {has('fixedQuantity') ? (
        <label className="editor-check">
          <input
            type="checkbox"
            checked={form.fixedQuantity}
            disabled={readOnly}
            onChange={(event) => {
              const fixedQuantity = event.target.checked;
              edit((before) => ({ ...before, fixedQuantity }));
            }}
          />
          One at a time (no quantity field)
        </label>
      ) : null}
      <WindowsEditor
        form={form}
        edit={edit}
        problem={problems.get('details.availableAt')}
        readOnly={readOnly}
      />
    </>
  );
}

function AllowanceSelect({
  form,
  edit,
  readOnly,
}: {
  form: DraftForm;
  edit: Edit;
  readOnly: boolean;
}) {
  const id = useId();
  return (
    <div className="field admin-field">
      <label htmlFor={id}>How free toppings are counted</label>
      <select
        id={id}
        value={form.toppingAllowance}
        disabled={readOnly}
        onChange={(event) => {
          const value = event.target.value;
          const allowance = value === 'per-pizza' || value === 'over-total' ? value : '';
          edit((before) => ({ ...before, toppingAllowance: allowance }));
        }}
      >
        <option value="">Each pizza its own</option>
        {/* Only for a product saved with the default spelled out, so it is sent back as it came. */}
        {form.toppingAllowance === 'per-pizza' ? (
          <option value="per-pizza">Each pizza its own (as saved)</option>
        ) : null}
        <option value="over-total">Over all the pizzas together</option>
      </select>
    </div>
  );
}

/** A titled group of the form, a fieldset so its inputs are read with its title. */
function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="editor-group">
      <legend>{title}</legend>
      {children}
    </fieldset>
  );
}

function SizesEditor({
  form,
  edit,
  problems,
  readOnly,
}: {
  form: DraftForm;
  edit: Edit;
  problems: Problems;
  readOnly: boolean;
}) {
  const errorId = useId();
  const listProblem =
    problems.get('details.sizes') ??
    problems.get('details.sizePrices') ??
    problems.get('details.sizeDescriptions');
  const setRow = (key: number, change: Partial<SizeRow>) =>
    edit((before) => ({
      ...before,
      sizes: before.sizes.map((row) => (row.key === key ? { ...row, ...change } : row)),
    }));
  return (
    <Group title="Sizes">
      <GroupError id={errorId} message={listProblem} />
      {form.sizes.length === 0 ? <p className="admin-hint">No sizes: one price for all.</p> : null}
      <ol className="editor-rows">
        {form.sizes.map((row, index) => {
          const name = row.name.trim();
          const which = name === '' ? `Size ${index + 1}` : name;
          return (
            <li key={row.key} className="editor-size">
              <Field
                className="admin-field"
                label={`Size ${index + 1} name`}
                autoComplete="off"
                readOnly={readOnly}
                value={row.name}
                onValue={(value) => setRow(row.key, { name: value })}
                {...(index === 0 && listProblem ? invalid(listProblem, errorId) : {})}
              />
              <Field
                className="admin-field editor-short"
                label={`${which} price in dollars`}
                hint="Added to the base price."
                inputMode="decimal"
                autoComplete="off"
                readOnly={readOnly}
                value={row.price}
                onValue={(value) => setRow(row.key, { price: value })}
                error={problems.get(`details.sizePrices.${name}`)}
              />
              <Field
                className="admin-field"
                label={`${which} description`}
                autoComplete="off"
                readOnly={readOnly}
                value={row.description}
                onValue={(value) => setRow(row.key, { description: value })}
                error={problems.get(`details.sizeDescriptions.${name}`)}
              />
              {readOnly ? null : (
                <button
                  type="button"
                  className="secondary"
                  onClick={() =>
                    edit((before) => ({
                      ...before,
                      sizes: before.sizes.filter((each) => each.key !== row.key),
                    }))
                  }
                >
                  Remove {which}
                </button>
              )}
            </li>
          );
        })}
      </ol>
      {readOnly ? null : (
        <button
          type="button"
          className="secondary"
          onClick={() =>
            edit((before) => ({
              ...before,
              sizes: [...before.sizes, { key: rowKey(), name: '', price: '', description: '' }],
            }))
          }
        >
          Add a size
        </button>
      )}
    </Group>
  );
}

function ListEditor({
  field,
  form,
  edit,
  problem,
  readOnly,
}: {
  field: ListField;
  form: DraftForm;
  edit: Edit;
  problem: string | undefined;
  readOnly: boolean;
}) {
  const errorId = useId();
  const { title, one } = LIST_TITLES[field];
  const list = form.lists[field];
  const setList = (
    change: (rows: DraftForm['lists'][ListField]) => DraftForm['lists'][ListField],
  ) =>
    edit((before) => ({
      ...before,
      lists: { ...before.lists, [field]: change(before.lists[field]) },
    }));
  return (
    <Group title={title}>
      <GroupError id={errorId} message={problem} />
      <ol className="editor-rows">
        {list.map((row, index) => (
          <li key={row.key} className="editor-choice">
            <Field
              className="admin-field"
              label={`${one} ${index + 1}`}
              autoComplete="off"
              readOnly={readOnly}
              value={row.value}
              onValue={(value) =>
                setList((rows) =>
                  rows.map((each) => (each.key === row.key ? { ...each, value } : each)),
                )
              }
              {...invalid(problem, errorId)}
            />
            {readOnly ? null : (
              <button
                type="button"
                className="secondary"
                onClick={() => setList((rows) => rows.filter((each) => each.key !== row.key))}
              >
                Remove {row.value.trim() === '' ? `${one} ${index + 1}` : row.value.trim()}
              </button>
            )}
          </li>
        ))}
      </ol>
      {readOnly ? null : (
        <button
          type="button"
          className="secondary"
          onClick={() => setList((rows) => [...rows, { key: rowKey(), value: '' }])}
        >
          Add a {one.toLocaleLowerCase()}
        </button>
      )}
    </Group>
  );
}

function DrinksPicker({
  form,
  edit,
  problems,
  beverages,
  readOnly,
}: {
  form: DraftForm;
  edit: Edit;
  problems: Problems;
  beverages: readonly string[];
  readOnly: boolean;
}) {
  const errorId = useId();
  const problem = problems.get('details.drinks');
  // A drink the combo lists that is no longer a beverage stays listed, so it can be unticked.
  const names = [...new Set([...beverages, ...form.drinks])];
  const sizes = form.sizes.map((row) => row.name.trim()).filter((name) => name !== '');
  return (
    <Group title="Drinks it may include">
      <GroupError id={errorId} message={problem} />
      <ul className="editor-checks">
        {names.map((name) => (
          <li key={name}>
            <label className="editor-check">
              <input
                type="checkbox"
                checked={form.drinks.includes(name)}
                disabled={readOnly}
                {...invalid(problem, errorId)}
                onChange={(event) => {
                  const on = event.target.checked;
                  edit((before) => ({
                    ...before,
                    drinks: on
                      ? [...before.drinks, name]
                      : before.drinks.filter((each) => each !== name),
                  }));
                }}
              />
              {name}
            </label>
          </li>
        ))}
      </ul>
      {sizes.length > 0 ? (
        <div className="editor-limits">
          {sizes.map((size) => (
            <Field
              key={size}
              className="admin-field editor-short"
              label={`Most drinks for ${size}`}
              hint="Empty: the general limit."
              inputMode="numeric"
              autoComplete="off"
              readOnly={readOnly}
              value={form.drinkLimits[size] ?? ''}
              onValue={(value) =>
                edit((before) => ({
                  ...before,
                  drinkLimits: { ...before.drinkLimits, [size]: value },
                }))
              }
              error={problems.get(`details.drinkLimits.${size}`)}
            />
          ))}
        </div>
      ) : null}
    </Group>
  );
}

function WindowsEditor({
  form,
  edit,
  problem,
  readOnly,
}: {
  form: DraftForm;
  edit: Edit;
  problem: string | undefined;
  readOnly: boolean;
}) {
  const errorId = useId();
  const setWindow = (
    key: number,
    change: (window: DraftForm['windows'][number]) => DraftForm['windows'][number],
  ) =>
    edit((before) => ({
      ...before,
      windows: before.windows.map((each) => (each.key === key ? change(each) : each)),
    }));
  return (
    <Group title="When it is offered">
      <GroupError id={errorId} message={problem} />
      {form.windows.length === 0 ? (
        <p className="admin-hint">Always, whenever the store is open.</p>
      ) : null}
      <ol className="editor-rows">
        {form.windows.map((window, index) => (
          <li key={window.key} className="editor-window">
            <fieldset className="editor-days">
              <legend>Time window {index + 1}: days</legend>
              {DAYS.map((day, number) => (
                <label key={day} className="editor-check">
                  <input
                    type="checkbox"
                    aria-label={DAY_NAMES[number]}
                    checked={window.days.includes(number)}
                    disabled={readOnly}
                    onChange={(event) => {
                      const on = event.target.checked;
                      setWindow(window.key, (each) => ({
                        ...each,
                        days: on
                          ? [...each.days, number]
                          : each.days.filter((other) => other !== number),
                      }));
                    }}
                  />
                  <span aria-hidden="true">{day}</span>
                </label>
              ))}
            </fieldset>
            <TimeInput
              label={`Time window ${index + 1}: from`}
              value={window.from}
              readOnly={readOnly}
              onValue={(from) => setWindow(window.key, (each) => ({ ...each, from }))}
            />
            <TimeInput
              label={`Time window ${index + 1}: to`}
              value={window.to}
              readOnly={readOnly}
              onValue={(to) => setWindow(window.key, (each) => ({ ...each, to }))}
            />
            {readOnly ? null : (
              <button
                type="button"
                className="secondary"
                onClick={() =>
                  edit((before) => ({
                    ...before,
                    windows: before.windows.filter((each) => each.key !== window.key),
                  }))
                }
              >
                Remove time window {index + 1}
              </button>
            )}
          </li>
        ))}
      </ol>
      {readOnly ? null : (
        <button
          type="button"
          className="secondary"
          onClick={() =>
            edit((before) => ({
              ...before,
              windows: [...before.windows, { key: rowKey(), days: [], from: '11:00', to: '15:00' }],
            }))
          }
        >
          Add a time window
        </button>
      )}
    </Group>
  );
}

function TimeInput({
  label,
  value,
  readOnly,
  onValue,
}: {
  label: string;
  value: string;
  readOnly: boolean;
  onValue: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="field admin-field editor-short">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="time"
        value={value}
        readOnly={readOnly}
        onChange={(event) => onValue(event.target.value)}
      />
    </div>
  );
}
