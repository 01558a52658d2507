import { useId } from 'react';
import { Field } from '../../shared/field';
import { EditableRows } from './admin-parts';
import { rowKey, type DraftForm, type ListField, type SizeRow } from './draft-form';
import { Group, GroupError, changeRow, invalid, type Edit, type Problems } from './editor-group';

const LIST_TITLES: Record<ListField, { title: string; one: string }> = {
  wingsFlavors: { title: 'Wing flavours', one: 'Wing flavour' },
  Flavors: { title: 'Panzerotto flavours', one: 'Panzerotto flavour' },
  sides: { title: 'Sides offered', one: 'Side' },
};

/** A size as its row names it: its name, or its number before it has one. */
const sizeName = (row: SizeRow, index: number) => row.name.trim() || `Size ${index + 1}`;

/** The sizes, each with its name, its price on top of the base price and its description. */
export function SizesEditor({
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
  const setSizes = (change: (rows: SizeRow[]) => SizeRow[]) =>
    edit((before) => ({ ...before, sizes: change(before.sizes) }));
  const setRow = (key: number, change: Partial<SizeRow>) =>
    setSizes((rows) => changeRow(rows, key, (row) => ({ ...row, ...change })));
  return (
    <Group title="Sizes">
      <GroupError id={errorId} message={listProblem} />
      {form.sizes.length === 0 ? <p className="admin-hint">No sizes: one price for all.</p> : null}
      <EditableRows
        rows={form.sizes}
        itemClass="editor-size"
        readOnly={readOnly}
        onRows={setSizes}
        removeLabel={(row, index) => <>Remove {sizeName(row, index)}</>}
        blank={() => ({ key: rowKey(), name: '', price: '', description: '' })}
        addLabel="Add a size"
      >
        {(row, index) => {
          const name = row.name.trim();
          const which = sizeName(row, index);
          return (
            <>
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
            </>
          );
        }}
      </EditableRows>
    </Group>
  );
}

/** A list of names to choose from (wing or panzerotto flavours, sides). */
export function ListEditor({
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
      <EditableRows
        rows={list}
        itemClass="editor-choice"
        readOnly={readOnly}
        onRows={setList}
        removeLabel={(row, index) => (
          <>Remove {row.value.trim() === '' ? `${one} ${index + 1}` : row.value.trim()}</>
        )}
        blank={() => ({ key: rowKey(), value: '' })}
        addLabel={<>Add a {one.toLocaleLowerCase()}</>}
      >
        {(row, index) => (
          <Field
            className="admin-field"
            label={`${one} ${index + 1}`}
            autoComplete="off"
            readOnly={readOnly}
            value={row.value}
            onValue={(value) =>
              setList((rows) => changeRow(rows, row.key, (each) => ({ ...each, value })))
            }
            {...invalid(problem, errorId)}
          />
        )}
      </EditableRows>
    </Group>
  );
}
