import { formatMoney, sizeLabel, sizeSurcharge, type Product } from '../../../domain';
import { OptionGroup } from './option-group';

/** Sizes with their surcharge, and the chosen size's description (what it includes). */
export function SizePicker({
  product,
  size,
  onChange,
}: {
  product: Product;
  size: string | undefined;
  onChange: (size: string) => void;
}) {
  const sizes = product.details.sizes ?? [];
  if (sizes.length === 0) return null;
  const description = size ? product.details.sizeDescriptions?.[size] : undefined;
  return (
    <div>
      <OptionGroup
        legend="Size"
        name="size"
        field="size"
        options={sizes}
        value={size}
        onChange={onChange}
        label={sizeLabel}
        note={(option) => {
          const surcharge = sizeSurcharge(product, option);
          return surcharge > 0 ? `+${formatMoney(surcharge)}` : null;
        }}
      />
      {size && description ? (
        <p className="size-description" aria-live="polite">
          {sizeLabel(size)}: {description}
        </p>
      ) : null}
    </div>
  );
}
