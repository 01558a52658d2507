import { useId, useState } from 'react';
import { ErrorMessage, Loading } from '../../shared/ui';
import { failureText, RowFailure, useLoad } from './admin-parts';
import { SoldOutSwitch, useSoldOut } from './sold-out-switch';

interface Option {
  name: string;
  soldOut: boolean;
}

/**
 * A group of options a line can hold (the toppings, the flavours), each with its Sold out switch
 * (saved at once; put back with the server's reason when refused). A sold-out option shows as
 * sold out in every picker and a line naming it is refused. Names are unique in a group.
 */
export function OptionSwitches<T extends Option>({
  title,
  load,
  save,
  filter,
  announce,
}: {
  /** The group's heading, e.g. "Toppings". */
  title: string;
  load: (signal: AbortSignal) => Promise<T[]>;
  save: (option: T, available: boolean) => Promise<T>;
  filter: string;
  announce: (text: string) => void;
}) {
  const titleId = useId();
  const { state, reload, setValue } = useLoad(load);
  const wanted = filter.trim().toLocaleLowerCase();
  const shown =
    state.kind === 'ready'
      ? state.value.filter((option) => option.name.toLocaleLowerCase().includes(wanted))
      : [];
  if (state.kind === 'ready' && shown.length === 0 && wanted !== '') return null;

  const saved = (option: T) =>
    setValue((options) => options.map((each) => (each.name === option.name ? option : each)));
  const what = title.toLocaleLowerCase();

  return (
    <section className="menu-group" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {state.kind === 'loading' ? <Loading label={`Loading the ${what}...`} /> : null}
      {state.kind === 'failed' ? (
        <ErrorMessage onRetry={reload}>
          {failureText(state.error, `We could not load the ${what}. Please try again.`)}
        </ErrorMessage>
      ) : null}
      {state.kind === 'ready' ? (
        <ul className="option-switches">
          {shown.map((option) => (
            <OptionSwitch
              key={option.name}
              option={option}
              save={(available) => save(option, available)}
              onSaved={saved}
              announce={announce}
            />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function OptionSwitch<T extends Option>({
  option,
  save,
  onSaved,
  announce,
}: {
  option: T;
  save: (available: boolean) => Promise<T>;
  onSaved: (option: T) => void;
  announce: (text: string) => void;
}) {
  const nameId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const stock = useSoldOut(option, { save, onSaved, announce, onFailure: setFailure });

  return (
    <li className={`option-switch${stock.soldOut ? ' is-sold-out' : ''}`} aria-labelledby={nameId}>
      <span id={nameId} className="option-switch-name">
        {option.name}
      </span>
      <SoldOutSwitch {...stock} describedBy={nameId} />
      <RowFailure message={failure} />
    </li>
  );
}
