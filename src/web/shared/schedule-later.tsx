import { useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { DEFAULT_WEEKLY_HOURS } from '../../domain/hours';
import { useModalDialog } from './modal-dialog';
import { useOrderType } from './order-type';
import { SlotSelects } from './schedule-picker';
import { useStoreInfo } from './store-info';
import { useNow } from './use-now';
import './sheet-dialog.css';
import './schedule-later.css';

/**
 * "Schedule for later" on an item outside its availability windows now (or "Change time" once
 * a time is chosen): a dialog with the checkout's Day and Time, offering only `slots` (the times
 * the item is offered at). The time chosen is the order's (kept beside the order type), so the
 * checkout starts from it and the server judges the add at it.
 */
export function ScheduleLater({
  name,
  slots,
  slot,
  nameInButton = false,
}: {
  /** The item's name, said in the dialog. */
  name: string;
  slots: readonly Date[];
  /** The order's chosen slot while it counts (ISO), else null. */
  slot: string | null;
  /** Said after the button's words too, where several items share a screen (the list rows). */
  nameInButton?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const words = slot ? 'Change time' : 'Schedule for later';
  return (
    <>
      <button
        type="button"
        className="secondary schedule-later"
        aria-haspopup="dialog"
        // The visible words first, as speech input users say them.
        aria-label={nameInButton ? `${words}: ${name}` : undefined}
        onClick={() => setOpen(true)}
      >
        {words}
      </button>
      {open
        ? createPortal(
            <SlotDialog name={name} slots={slots} initial={slot} onDone={() => setOpen(false)} />,
            document.body,
          )
        : null}
    </>
  );
}

function SlotDialog({
  name,
  slots,
  initial,
  onDone,
}: {
  name: string;
  slots: readonly Date[];
  initial: string | null;
  onDone: () => void;
}) {
  const { ref } = useModalDialog();
  const id = useId();
  const now = useNow(60_000);
  const { info } = useStoreInfo();
  const { chooseTime } = useOrderType();
  const [slot, setSlot] = useState<string | null>(
    () =>
      (initial && slots.some((each) => each.toISOString() === initial) ? initial : null) ??
      slots[0]?.toISOString() ??
      null,
  );

  return (
    <dialog
      ref={ref}
      className="sheet-dialog schedule-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-about`}
      onClose={onDone}
    >
      <h2 id={`${id}-title`}>Order for later</h2>
      <p id={`${id}-about`} className="schedule-dialog-about">
        The times {name} is available. Your whole order will be for the time you choose.
      </p>
      <SlotSelects
        slots={slots}
        now={now}
        hours={info?.hours ?? DEFAULT_WEEKLY_HOURS}
        slot={slot}
        onSlot={setSlot}
      />
      <div className="schedule-dialog-actions">
        <button
          type="button"
          className="primary"
          disabled={slot === null}
          onClick={() => {
            chooseTime(slot);
            ref.current?.close();
          }}
        >
          Schedule
        </button>
        <button type="button" className="secondary" onClick={() => ref.current?.close()}>
          Cancel
        </button>
      </div>
    </dialog>
  );
}
