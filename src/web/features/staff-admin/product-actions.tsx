import { useCallback, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ApiStaffProduct } from '../../../domain/api-types';
import { useMutation } from '../../shared/use-mutation';
import { staffUrls } from '../../shared/urls';
import {
  AdminDialog,
  Announcer,
  RowFailure,
  useAnnouncement,
  useLoad,
  type MenuReturn,
} from './admin-parts';
import { photoProblem } from './photo-check';
import { PHOTO_TYPES, staffAdminApi } from './staff-admin-api';
import { pictureOf } from '../../shared/product';
import { Loading } from '../../shared/ui';

/**
 * What the menu editor does to a saved product at once, apart from its form: a new photo, hide
 * it from customers or show it again, and delete it (asked first; the dialog asks the server
 * whether orders include it and then offers Hide instead, as it does on the server's refusal).
 */
export function ProductActions({
  product: saved,
  onForbidden,
}: {
  product: ApiStaffProduct;
  onForbidden: () => void;
}) {
  const id = useId();
  const navigate = useNavigate();
  const [product, setProduct] = useState(saved);
  const [failure, setFailure] = useState<string | null>(null);
  const [announcement, announce] = useAnnouncement();
  const [asking, setAsking] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const hideButton = useRef<HTMLButtonElement>(null);

  const hiding = useMutation(
    (hidden: boolean) => staffAdminApi.updateProduct(product._id, { hidden }),
    { fallback: `We could not change whether ${product.name} is shown.` },
  );
  const uploading = useMutation((file: File) => staffAdminApi.uploadPhoto(product._id, file), {
    fallback: `We could not save the photo of ${product.name}.`,
  });

  const toggleHidden = async () => {
    setFailure(null);
    const result = await hiding.run(!product.hidden);
    if (result.ok) {
      setProduct(result.value);
      announce(
        result.value.hidden
          ? `${result.value.name} is hidden from customers.`
          : `${result.value.name} is on the menu again.`,
      );
    } else if (result.error) {
      if (result.error.status === 403) onForbidden();
      setFailure(result.problem);
    }
  };

  const choosePhoto = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    // Cleared at once, so choosing the same file again is still a change.
    input.value = '';
    if (!file) return;
    setFailure(photoProblem(file));
    if (photoProblem(file)) return;
    const result = await uploading.run(file);
    if (result.ok) {
      setProduct(result.value);
      announce(`New photo saved for ${result.value.name}.`);
    } else if (result.error) {
      setFailure(result.problem);
    }
  };

  return (
    <section className="editor-more" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Photo, hide or delete</h2>
      <Announcer text={announcement} />
      <img
        className="menu-row-photo"
        src={pictureOf(product.image)}
        width="96"
        height="72"
        alt={`Photo of ${product.name}`}
      />
      {product.hidden ? (
        <p className="admin-note">Hidden: customers do not see {product.name}.</p>
      ) : null}
      <div className="menu-row-actions">
        <span className="file-button">
          <input
            id={`${id}-photo`}
            type="file"
            accept={PHOTO_TYPES.join(',')}
            aria-disabled={uploading.pending || undefined}
            onClick={(event) => {
              if (uploading.pending) event.preventDefault();
            }}
            onChange={(event) => void choosePhoto(event.currentTarget)}
          />
          <label htmlFor={`${id}-photo`} className="button secondary-link">
            {uploading.pending ? 'Uploading photo...' : 'Change photo'}
          </label>
        </span>
        <button
          ref={hideButton}
          type="button"
          className="secondary"
          aria-disabled={hiding.pending || undefined}
          onClick={() => void toggleHidden()}
        >
          {product.hidden ? 'Show again' : 'Hide from customers'}
        </button>
        <button
          ref={deleteButton}
          type="button"
          className="secondary"
          onClick={() => {
            setFailure(null);
            setAsking(true);
          }}
        >
          Delete
        </button>
      </div>
      <RowFailure message={failure} />
      {asking ? (
        <DeleteDialog
          product={product}
          onCancel={() => {
            setAsking(false);
            requestAnimationFrame(() => deleteButton.current?.focus());
          }}
          onDeleted={() => {
            const state: MenuReturn = { announce: `${product.name} is deleted.` };
            void navigate(staffUrls.menu(), { state });
          }}
          onHide={() => {
            setAsking(false);
            void toggleHidden().then(() => hideButton.current?.focus());
          }}
          onForbidden={onForbidden}
        />
      ) : null}
    </section>
  );
}

function DeleteDialog({
  product,
  onCancel,
  onDeleted,
  onHide,
  onForbidden,
}: {
  product: ApiStaffProduct;
  onCancel: () => void;
  onDeleted: () => void;
  onHide: () => void;
  onForbidden: () => void;
}) {
  const { state } = useLoad(
    useCallback(
      (signal: AbortSignal) => staffAdminApi.productOrdered(product._id, signal),
      [product._id],
    ),
  );
  // An order placed after the dialog opened still comes back as the server's refusal.
  const [refusedAsOrdered, setRefusedAsOrdered] = useState(false);
  const deleting = useMutation(() => staffAdminApi.deleteProduct(product._id), {
    fallback: `We could not delete ${product.name}.`,
  });
  const remove = async () => {
    const result = await deleting.run();
    if (result.ok) onDeleted();
    else if (result.error?.status === 403) onForbidden();
    else if (result.error?.code === 'product_ordered') setRefusedAsOrdered(true);
  };
  const ordered = refusedAsOrdered || (state.kind === 'ready' && state.value.ordered);
  const cancel = (
    // First in the dialog's focus order would be Delete or Hide; Cancel is the safe key to hold.
    <button type="button" className="secondary" autoFocus onClick={onCancel}>
      Cancel
    </button>
  );

  if (ordered) {
    return (
      <AdminDialog title={`${product.name} has been ordered`} onCancel={onCancel}>
        <p>
          Orders include {product.name}, so it cannot be deleted: they keep it as it was sold.
          {product.hidden
            ? ' It is already hidden from customers.'
            : ' Hide it instead: it leaves the menu at once, and Show again brings it back.'}
        </p>
        <div className="editor-actions">
          {product.hidden ? null : (
            <button type="button" className="primary" onClick={onHide}>
              Hide
            </button>
          )}
          {cancel}
        </div>
      </AdminDialog>
    );
  }
  return (
    <AdminDialog title={`Delete ${product.name}?`} onCancel={onCancel}>
      {state.kind === 'loading' ? (
        <Loading label="Checking whether orders include it..." />
      ) : (
        <p>
          It leaves the menu for good.
          {state.kind === 'ready'
            ? ' No order includes it.'
            : ' Orders already placed keep their copy of it.'}
        </p>
      )}
      {deleting.problem ? (
        <p className="admin-form-error" role="alert">
          {deleting.problem}
        </p>
      ) : null}
      <div className="editor-actions">
        {state.kind === 'loading' ? null : (
          <button
            type="button"
            className="primary"
            aria-disabled={deleting.pending || undefined}
            onClick={() => void remove()}
          >
            {deleting.pending ? 'Deleting...' : 'Delete'}
          </button>
        )}
        {cancel}
      </div>
    </AdminDialog>
  );
}
