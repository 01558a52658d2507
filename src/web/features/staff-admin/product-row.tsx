import { useId, useRef, useState, type SubmitEvent } from 'react';
import { Link } from 'react-router';
import { formatMoney, toCents } from '../../../domain/money';
import type { ApiStaffProduct } from '../../../domain/api-types';
import { parsePrice } from './price';
import { useMutation } from '../../shared/use-mutation';
import { staffUrls } from '../../shared/urls';
import { Field } from '../../shared/field';
import { InlineForm, MoveButtons, RowFailure } from './admin-parts';
import { SoldOutSwitch, useSoldOut } from './sold-out-switch';
import { photoProblem } from './photo-check';
import { PHOTO_TYPES, staffAdminApi } from './staff-admin-api';
import { pictureOf } from '../../shared/product';

/**
 * One menu item: its photo, name and price, the Sold out switch (saved at once, put back with
 * the server's reason when refused), Edit price inline and Change photo. Changes the server
 * confirmed go up through `onSaved`; `announce` reads them out. For the menu editor, Edit (its
 * page, else View) and, with `place`, Move up and Move down within its category.
 */
export function ProductRow({
  product,
  onSaved,
  announce,
  place,
  editable,
}: {
  product: ApiStaffProduct;
  onSaved: (product: ApiStaffProduct) => void;
  announce: (text: string) => void;
  place?: Place;
  editable: boolean;
}) {
  const nameId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const stock = useSoldOut(product, {
    save: (available) => staffAdminApi.updateProduct(product._id, { available }),
    onSaved,
    announce,
    onFailure: setFailure,
  });
  const [editing, setEditing] = useState(false);
  // Said beside the price once the editor closes (issue 44: a save that only closed the form
  // left the owner unsure it took); gone when the price is edited again.
  const [priceSaved, setPriceSaved] = useState(false);
  const uploading = useMutation((file: File) => staffAdminApi.uploadPhoto(product._id, file), {
    fallback: `We could not save the photo of ${product.name}.`,
  });
  const editButton = useRef<HTMLButtonElement>(null);

  const price = formatMoney(toCents(product.price));

  const closeEditor = () => {
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  };

  const choosePhoto = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    // Cleared at once, so choosing the same file again is still a change.
    input.value = '';
    if (!file) return;
    setFailure(null);
    const refused = photoProblem(file);
    if (refused) {
      setFailure(refused);
      return;
    }
    const result = await uploading.run(file);
    if (result.ok) {
      onSaved(result.value);
      announce(`New photo saved for ${result.value.name}.`);
    } else if (result.error) {
      setFailure(result.problem);
    }
  };

  return (
    <li
      className={`menu-row${stock.soldOut ? ' is-sold-out' : ''}${product.hidden ? ' is-hidden' : ''}`}
      aria-labelledby={nameId}
    >
      <img
        className="menu-row-photo"
        src={pictureOf(product.image)}
        width="96"
        height="72"
        alt={`Photo of ${product.name}`}
      />
      <div className="menu-row-main">
        <h3 id={nameId} className="menu-row-name">
          {product.name}
        </h3>
        <p className="menu-row-price" data-testid="menu-price">
          {price}
        </p>
        {priceSaved ? <p className="menu-row-saved">Saved</p> : null}
        {product.hidden ? (
          <p className="menu-row-hidden" id={`${nameId}-hidden`}>
            Hidden
          </p>
        ) : null}
        {uploading.pending ? (
          <p className="menu-row-progress" role="status">
            Uploading photo...
          </p>
        ) : null}
      </div>
      <SoldOutSwitch {...stock} describedBy={nameId} />
      <div className="menu-row-actions">
        <Link
          className="button secondary-link"
          to={staffUrls.menuItem(product._id)}
          aria-describedby={nameId}
        >
          {editable ? 'Edit' : 'View'}
        </Link>
        {place ? (
          <ProductMoveButtons
            product={product}
            place={place}
            announce={announce}
            onFailure={setFailure}
            describedBy={nameId}
          />
        ) : null}
        {editing ? null : (
          <button
            ref={editButton}
            type="button"
            className="secondary"
            aria-describedby={nameId}
            onClick={() => {
              setFailure(null);
              setEditing(true);
              setPriceSaved(false);
            }}
          >
            Edit price
          </button>
        )}
        <span className="file-button">
          <input
            id={`${nameId}-photo`}
            type="file"
            accept={PHOTO_TYPES.join(',')}
            aria-disabled={uploading.pending || undefined}
            aria-describedby={nameId}
            onClick={(event) => {
              if (uploading.pending) event.preventDefault();
            }}
            onChange={(event) => void choosePhoto(event.currentTarget)}
          />
          <label htmlFor={`${nameId}-photo`} className="button secondary-link">
            Change photo
          </label>
        </span>
      </div>
      {editing ? (
        <PriceEditor
          product={product}
          onCancel={closeEditor}
          onSaved={(saved) => {
            onSaved(saved);
            announce(`${saved.name} now costs ${formatMoney(toCents(saved.price))}.`);
            setPriceSaved(true);
            closeEditor();
          }}
        />
      ) : null}
      <RowFailure message={failure} />
    </li>
  );
}

/** The inline price form: checked before it is sent, Save or Cancel. */
function PriceEditor({
  product,
  onCancel,
  onSaved,
}: {
  product: ApiStaffProduct;
  onCancel: () => void;
  onSaved: (product: ApiStaffProduct) => void;
}) {
  const [typed, setTyped] = useState(product.price.toFixed(2));
  const field = useRef<HTMLInputElement>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const saving = useMutation(
    (price: number) => staffAdminApi.updateProduct(product._id, { price }),
    { fallback: `We could not save the price of ${product.name}.` },
  );
  const busy = saving.pending;
  const error = invalid ?? saving.problem;

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const parsed = parsePrice(typed);
    setInvalid('problem' in parsed ? parsed.problem : null);
    if ('problem' in parsed) {
      field.current?.focus();
      return;
    }
    const result = await saving.run(parsed.price);
    if (result.ok) onSaved(result.value);
    else if (result.error) field.current?.focus();
  };

  return (
    <InlineForm
      className="price-editor"
      label={`Price of ${product.name}`}
      busy={busy}
      onSubmit={(event) => void onSubmit(event)}
      onCancel={onCancel}
    >
      <Field
        className="admin-field"
        inputRef={field}
        label="Price in dollars"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        autoFocus
        value={typed}
        onValue={setTyped}
        error={error}
      />
      {/* The field names the problem; this says it once, out loud. */}
      <p className="visually-hidden" role="alert">
        {error}
      </p>
    </InlineForm>
  );
}

/** Where a row stands in its category, and what to do once the server moved it. */
interface Place {
  index: number;
  count: number;
  onMoved: (product: ApiStaffProduct, position: number) => void;
}

/** A product's Move up and Move down within its category, each saved as its new position. */
function ProductMoveButtons({
  product,
  place,
  announce,
  onFailure,
  describedBy,
}: {
  product: ApiStaffProduct;
  place: Place;
  describedBy: string;
  announce: (text: string) => void;
  onFailure: (text: string | null) => void;
}) {
  const moving = useMutation(
    (position: number) => staffAdminApi.updateProduct(product._id, { position }),
    { fallback: `We could not move ${product.name}.` },
  );
  const move = async (step: -1 | 1) => {
    const position = place.index + step;
    if (moving.pending || position < 0 || position >= place.count) return;
    onFailure(null);
    const result = await moving.run(position);
    if (result.ok) {
      place.onMoved(result.value, position);
      announce(`${product.name} is now ${position + 1} of ${place.count}.`);
    } else if (result.error) {
      onFailure(result.problem);
    }
  };
  return (
    <MoveButtons
      index={place.index}
      count={place.count}
      busy={moving.pending}
      describedBy={describedBy}
      onMove={(step) => void move(step)}
    />
  );
}
