import { containsText, markLabels } from '../../domain/allergens';

/**
 * What a product or a line contains ("Contains: Milk, Wheat and triticale") and its dietary
 * marks, as words: a mark is a badge with its name, never a colour or an icon alone. Nothing
 * when neither is named. Imported by the item screen, the list rows, the cart and the staff's
 * screens, none of them the first view's.
 */
export function AllergenNote({
  allergens = [],
  marks = [],
  testId,
  inline = false,
}: {
  allergens?: readonly string[];
  marks?: readonly string[];
  testId?: string;
  /** Inside a paragraph of its own (a list row's): a span, not a paragraph. */
  inline?: boolean;
}) {
  const Note = inline ? 'span' : 'p';
  const contains = containsText(allergens);
  const labels = markLabels(marks);
  if (!contains && labels.length === 0) return null;
  return (
    <Note className="allergen-note" data-testid={testId}>
      {/* Spaces between the parts, so they are read (and copied) as words, not run together. */}
      {labels.map((label) => (
        <span key={label}>
          <span className="mark-badge">{label}</span>{' '}
        </span>
      ))}
      {contains ? <span className="allergen-contains">{contains}</span> : null}
    </Note>
  );
}
