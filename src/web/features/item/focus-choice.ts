import type { SelectionField } from '../../../domain';

/**
 * Takes the customer to a choice of the form (its `data-field` element): scrolled to the middle
 * of the screen, clear of the header and of the sticky bar, with focus on the control to use:
 * the chosen option, else the first one that can be used; the quantity's field; the toppings'
 * heading.
 */
export function focusChoice(form: HTMLFormElement, field: SelectionField) {
  const choice = form.querySelector<HTMLElement>(`[data-field="${field}"]`);
  if (!choice) return;
  const control =
    choice.querySelector<HTMLElement>('input:checked:not(:disabled)') ??
    choice.querySelector<HTMLElement>('input[type="number"]') ??
    choice.querySelector<HTMLElement>('input:not(:disabled), button:not(:disabled)') ??
    choice.querySelector<HTMLElement>('[tabindex="-1"]');
  choice.scrollIntoView({ block: 'center' });
  control?.focus({ preventScroll: true });
}
