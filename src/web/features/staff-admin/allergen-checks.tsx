import {
  ALLERGENS,
  ALLERGEN_LABELS,
  DIETARY_MARKS,
  MARK_LABELS,
  type Allergen,
  type DietaryMark,
} from '../../../domain/allergens';

/** What a product or a topping says of itself, as the editor holds it. */
export interface AllergenChoice {
  allergens: Allergen[];
  marks: DietaryMark[];
}

/** `list` with `value` in or out; the lists' order is restored when saved, not here. */
function toggled<T>(list: readonly T[], value: T, on: boolean): T[] {
  const without = list.filter((each) => each !== value);
  return on ? [...without, value] : without;
}

/** The choice in the lists' order, as saved: the order ticked says nothing. */
export function inListOrder(choice: AllergenChoice): AllergenChoice {
  return {
    allergens: ALLERGENS.filter((each) => choice.allergens.includes(each)),
    marks: DIETARY_MARKS.filter((each) => choice.marks.includes(each)),
  };
}

function Checks<T extends string>({
  title,
  values,
  labels,
  chosen,
  readOnly,
  onToggle,
}: {
  title: string;
  values: readonly T[];
  labels: Record<T, string>;
  chosen: readonly T[];
  readOnly: boolean;
  onToggle: (value: T, on: boolean) => void;
}) {
  return (
    <fieldset className="editor-group">
      <legend>{title}</legend>
      <ul className="editor-checks">
        {values.map((value) => (
          <li key={value}>
            <label className="editor-check">
              <input
                type="checkbox"
                checked={chosen.includes(value)}
                disabled={readOnly}
                onChange={(event) => onToggle(value, event.target.checked)}
              />
              {labels[value]}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/**
 * The two groups of checkboxes the product editor and a topping's "Contains..." form share:
 * Canada's priority allergens in Health Canada's order with the customer's words for them, then
 * the dietary marks. Fieldsets, so a screen reader says "Allergens" with "Sesame".
 */
export function AllergenChecks({
  value,
  readOnly = false,
  onChange,
}: {
  value: AllergenChoice;
  readOnly?: boolean;
  onChange: (change: (before: AllergenChoice) => AllergenChoice) => void;
}) {
  return (
    <>
      <Checks
        title="Allergens"
        values={ALLERGENS}
        labels={ALLERGEN_LABELS}
        chosen={value.allergens}
        readOnly={readOnly}
        onToggle={(allergen, on) =>
          onChange((before) => ({ ...before, allergens: toggled(before.allergens, allergen, on) }))
        }
      />
      <Checks
        title="Dietary marks"
        values={DIETARY_MARKS}
        labels={MARK_LABELS}
        chosen={value.marks}
        readOnly={readOnly}
        onToggle={(mark, on) =>
          onChange((before) => ({ ...before, marks: toggled(before.marks, mark, on) }))
        }
      />
    </>
  );
}
