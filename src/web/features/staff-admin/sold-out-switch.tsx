import { useState } from 'react';
import { useMutation } from '../../shared/use-mutation';

interface Stockable {
  name: string;
  soldOut: boolean;
}

/**
 * A Sold out switch's state for a product or a topping: shown at once, saved, and put back with
 * the server's reason when refused. A new `item` from the server (a save, another tablet) wins.
 */
export function useSoldOut<T extends Stockable>(
  item: T,
  {
    save,
    onSaved,
    announce,
    onFailure,
  }: {
    save: (available: boolean) => Promise<T>;
    onSaved: (saved: T) => void;
    announce: (text: string) => void;
    onFailure: (text: string | null) => void;
  },
) {
  const [soldOut, setSoldOut] = useState(item.soldOut);
  const [seen, setSeen] = useState(item);
  if (seen !== item) {
    setSeen(item);
    setSoldOut(item.soldOut);
  }
  const saving = useMutation((next: boolean) => save(!next), {
    fallback: `We could not save the change to ${item.name}.`,
  });

  const toggle = async (next: boolean) => {
    setSoldOut(next);
    onFailure(null);
    const result = await saving.run(next);
    if (result.ok) {
      onSaved(result.value);
      announce(
        result.value.soldOut
          ? `${result.value.name} is marked sold out.`
          : `${result.value.name} is back on the menu.`,
      );
      return;
    }
    setSoldOut(!next);
    if (result.error) onFailure(result.problem);
  };
  return { soldOut, saving: saving.pending, toggle };
}

/** The switch itself, described by the item's name (`describedBy`). */
export function SoldOutSwitch({
  soldOut,
  saving,
  toggle,
  describedBy,
}: {
  soldOut: boolean;
  saving: boolean;
  toggle: (next: boolean) => Promise<void>;
  describedBy: string;
}) {
  return (
    <label className="switch">
      <input
        type="checkbox"
        role="switch"
        checked={soldOut}
        // Not `disabled`: that would drop the keyboard's focus while the change is saved.
        aria-disabled={saving || undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          if (!saving) void toggle(event.target.checked);
        }}
      />
      <span className="switch-track" aria-hidden="true" />
      Sold out
    </label>
  );
}
