import { useId, useRef, useState, type SubmitEvent } from 'react';
import { formatMoney, toCents } from '../../../domain/money';
import type { ApiStaffProduct } from '../../../domain/api-types';
import { parsePrice, PRICE_MESSAGE } from './price';
import { useMutation } from '../../shared/use-mutation';
import { Field } from '../../shared/field';
import { RowFailure } from './admin-parts';
import { SoldOutSwitch, useSoldOut } from './sold-out-switch';
import { PHOTO_MAX_BYTES, PHOTO_TYPES, staffAdminApi } from './staff-admin-api';

const isPhotoType = (type: string): boolean => (PHOTO_TYPES as readonly string[]).includes(type);

/**
 * One menu item: its photo, name and price, the Sold out switch (saved at once, put back with
 * the server's reason when refused), Edit price inline and Change photo. Changes the server
 * confirmed go up through `onSaved`; `announce` reads them out.
 */
export function ProductRow({
  product,
  onSaved,
  announce,
}: {
  product: ApiStaffProduct;
  onSaved: (product: ApiStaffProduct) => void;
  announce: (text: string) => void;
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
    if (!isPhotoType(file.type)) {
      setFailure('Please choose a JPEG, PNG or WebP photo.');
      return;
    }
    if (file.size > PHOTO_MAX_BYTES) {
      setFailure('That photo is larger than 5 MB. Please choose a smaller one.');
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
    <li className={`menu-row${stock.soldOut ? ' is-sold-out' : ''}`} aria-labelledby={nameId}>
      <img
        className="menu-row-photo"
        src={product.image}
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
        {uploading.pending ? (
          <p className="menu-row-progress" role="status">
            Uploading photo...
          </p>
        ) : null}
      </div>
      <SoldOutSwitch {...stock} describedBy={nameId} />
      <div className="menu-row-actions">
        {editing ? null : (
          <button
            ref={editButton}
            type="button"
            className="secondary"
            aria-describedby={nameId}
            onClick={() => {
              setFailure(null);
              setEditing(true);
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
    const price = parsePrice(typed);
    setInvalid(price === null ? PRICE_MESSAGE : null);
    if (price === null) {
      field.current?.focus();
      return;
    }
    const result = await saving.run(price);
    if (result.ok) onSaved(result.value);
    else if (result.error) field.current?.focus();
  };

  return (
    <form
      className="price-editor"
      aria-label={`Price of ${product.name}`}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
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
      <div className="price-editor-actions">
        <button type="submit" className="primary" aria-disabled={busy || undefined}>
          {busy ? 'Saving...' : 'Save'}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
      {/* The field names the problem; this says it once, out loud. */}
      <p className="visually-hidden" role="alert">
        {error}
      </p>
    </form>
  );
}
