import { useId } from 'react';
import { Field } from '../../shared/field';
import type { DraftForm } from './draft-form';
import { Group, GroupError, invalid, type Edit, type Problems } from './editor-group';

/** The drinks a combo may include, ticked from the beverages, and a limit for each size. */
export function DrinksPicker({
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
