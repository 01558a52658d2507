import { useId, useRef, useState, type SubmitEvent } from 'react';
import { formatMoney, isGuelphAddress, toCents } from '../../domain';
import type { ApiContact } from '../shared/types';
import { useOrderType, type OrderType } from '../shared/order-type';
import { useSession } from '../shared/session';
import { useStoreInfo } from '../shared/store-info';
import '../shared/sheet-dialog.css';
import './order-type-dialog.css';
import { useModalDialog } from '../shared/modal-dialog';

const INVALID_ADDRESS = 'Please enter a valid address within Guelph, Ontario.';

/** A signed-in customer's saved address we deliver to: the default contact's, else the first. */
function savedDeliveryAddress(contacts: readonly ApiContact[] | undefined): string | null {
  const inArea = (contacts ?? []).filter((contact) => isGuelphAddress(contact.address));
  return (inArea.find((contact) => contact.isDefault) ?? inArea[0])?.address ?? null;
}

/**
 * The spec's order type modal: Pickup, or Delivery to an address in Guelph. The layout mounts it
 * only while no order type is stored, so a choice is always required here: Escape does not close
 * it, and it closes only by choosing. `onDone` runs after the choice so the layout can put focus
 * back where it makes sense (the Edit button, or the page's content on a first visit).
 *
 * A native <dialog> opened with showModal(): the browser moves focus in, keeps Tab inside and
 * makes the page behind inert, with no focus-trap code of our own.
 */
export default function OrderTypeDialog({
  onDone,
  drawnByServer = false,
}: {
  onDone: () => void;
  /**
   * True in the server's first view and while hydrating it: open but not yet modal, and hidden
   * by CSS unless the page's loader found no order type stored (decision 14). A first visit then
   * shows the chooser in its first paint, not a second or two later when the app has loaded.
   */
  drawnByServer?: boolean;
}) {
  const { choose } = useOrderType();
  const { info } = useStoreInfo();
  // Someone who saved where they live is not asked for it again; another address stays a tap away.
  const saved = savedDeliveryAddress(useSession().user?.contacts);
  const { ref: dialog, waiting } = useModalDialog(!drawnByServer);
  const chosen = useRef(false);
  const [delivery, setDelivery] = useState(false);
  const [address, setAddress] = useState('');
  // Counts failed attempts: a new key re-announces the same alert text on every failed try.
  const [failures, setFailures] = useState(0);
  const ids = useId();

  const finish = (type: OrderType, deliveryAddress?: string) => {
    chosen.current = true;
    dialog.current?.close();
    choose(type, deliveryAddress);
    onDone();
  };

  const submitAddress = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = address.trim();
    if (isGuelphAddress(trimmed)) finish('delivery', trimmed);
    else setFailures((count) => count + 1);
  };

  const errorId = `${ids}-error`;
  const invalid = failures > 0;
  return (
    <dialog
      ref={dialog}
      className="sheet-dialog order-type-dialog"
      aria-labelledby={`${ids}-title`}
      open={waiting || undefined}
      data-drawn-by-server={waiting ? '' : undefined}
      // A choice is required, so Escape must not close it. closedby="none" says so where
      // supported; preventing cancel covers the rest, except that browsers make the cancel
      // un-cancelable without recent user activation (in Chrome, Escape on a fresh page still
      // closes it): a close without a choice therefore opens it again.
      closedby="none"
      onCancel={(event) => event.preventDefault()}
      onClose={() => {
        const node = dialog.current;
        if (!chosen.current && node?.isConnected && !node.open) node.showModal();
      }}
    >
      <h2 id={`${ids}-title`}>How would you like your order?</h2>
      <div className="order-type-choices">
        <button type="button" className="order-type-choice" onClick={() => finish('pickup')}>
          <span className="order-type-choice-title">Pickup</span>
          {info ? <span className="order-type-choice-detail">{info.pickupAddress}</span> : null}
        </button>
        {saved ? (
          <button
            type="button"
            className="order-type-choice"
            onClick={() => finish('delivery', saved)}
          >
            <span className="order-type-choice-title">Delivery</span>
            <span className="order-type-choice-detail">To {saved}</span>
          </button>
        ) : (
          <button
            type="button"
            className="order-type-choice"
            aria-expanded={delivery}
            aria-controls={delivery ? `${ids}-delivery` : undefined}
            onClick={() => setDelivery(true)}
          >
            <span className="order-type-choice-title">Delivery</span>
            <span className="order-type-choice-detail">Within Guelph, Ontario</span>
          </button>
        )}
      </div>
      {saved ? (
        <button
          type="button"
          className="order-type-other link-button"
          aria-expanded={delivery}
          aria-controls={delivery ? `${ids}-delivery` : undefined}
          onClick={() => setDelivery(true)}
        >
          Deliver to another address
        </button>
      ) : null}
      {delivery ? (
        <form
          id={`${ids}-delivery`}
          className="order-type-address"
          noValidate
          onSubmit={submitAddress}
        >
          <label htmlFor={`${ids}-address`}>Delivery address</label>
          {/*
           * Seam for place autocomplete (spec): when store info's mapsApiKey is set
           * (GOOGLE_MAPS_API_KEY on the server), a Google Places adapter attaches to this input,
           * loading the Maps script only then, and calls setAddress with the chosen place's
           * formatted address. The Guelph rule below still decides. Without a key (today) it
           * stays a plain text field and no Google script is loaded.
           */}
          <input
            id={`${ids}-address`}
            type="text"
            name="address"
            autoComplete="street-address"
            autoFocus
            required
            value={address}
            onChange={(event) => setAddress(event.target.value)}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? errorId : undefined}
          />
          {invalid ? (
            <p key={failures} id={errorId} className="error-message" role="alert">
              {INVALID_ADDRESS}
            </p>
          ) : null}
          {info ? (
            <p className="order-type-fee">
              Delivery fee: <span className="price">{formatMoney(toCents(info.deliveryFee))}</span>
            </p>
          ) : null}
          <button type="submit" className="primary">
            Deliver here
          </button>
        </form>
      ) : null}
    </dialog>
  );
}
