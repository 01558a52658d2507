import { useId } from 'react';
import { KIND_RULES, type Kind, type ProductDetails } from '../../../domain';
import { Field } from '../../shared/field';
import type { DraftForm } from './draft-form';
import { DrinksPicker } from './drinks-picker';
import type { Edit, Problems } from './editor-group';
import { ListEditor, SizesEditor } from './row-editors';
import { WindowsEditor } from './windows-editor';

export type { Edit, Problems } from './editor-group';

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
        windows={form.windows}
        onWindows={(change) => edit((before) => ({ ...before, windows: change(before.windows) }))}
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
