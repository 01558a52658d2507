import { useId, useState } from 'react';
import type { ApiTopping } from '../../../domain/api-types';
import { ErrorMessage, Loading } from '../../shared/ui';
import { failureText, useLoad } from './admin-parts';
import { SoldOutSwitch, useSoldOut } from './sold-out-switch';
import { staffAdminApi } from './staff-admin-api';

/**
 * The toppings, each with its Sold out switch (saved at once; put back with the server's reason
 * when refused). A sold-out topping shows as sold out in every pizza's picker and a line naming
 * it is refused.
 */
export function ToppingSwitches({
  filter,
  announce,
}: {
  filter: string;
  announce: (text: string) => void;
}) {
  const titleId = useId();
  const { state, reload, setValue } = useLoad(staffAdminApi.toppings);
  const wanted = filter.trim().toLocaleLowerCase();
  const shown =
    state.kind === 'ready'
      ? state.value.filter((topping) => topping.name.toLocaleLowerCase().includes(wanted))
      : [];
  if (state.kind === 'ready' && shown.length === 0 && wanted !== '') return null;

  const saved = (topping: ApiTopping) =>
    setValue((toppings) => toppings.map((each) => (each._id === topping._id ? topping : each)));

  return (
    <section className="menu-group" aria-labelledby={titleId}>
      <h2 id={titleId}>Toppings</h2>
      {state.kind === 'loading' ? <Loading label="Loading the toppings..." /> : null}
      {state.kind === 'failed' ? (
        <ErrorMessage onRetry={reload}>
          {failureText(state.error, 'We could not load the toppings. Please try again.')}
        </ErrorMessage>
      ) : null}
      {state.kind === 'ready' ? (
        <ul className="topping-switches">
          {shown.map((topping) => (
            <ToppingSwitch
              key={topping._id}
              topping={topping}
              onSaved={saved}
              announce={announce}
            />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function ToppingSwitch({
  topping,
  onSaved,
  announce,
}: {
  topping: ApiTopping;
  onSaved: (topping: ApiTopping) => void;
  announce: (text: string) => void;
}) {
  const nameId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const stock = useSoldOut(topping, {
    save: (available) => staffAdminApi.updateTopping(topping._id, available),
    onSaved,
    announce,
    onFailure: setFailure,
  });

  return (
    <li className={`topping-switch${stock.soldOut ? ' is-sold-out' : ''}`} aria-labelledby={nameId}>
      <span id={nameId} className="topping-switch-name">
        {topping.name}
      </span>
      <SoldOutSwitch {...stock} describedBy={nameId} />
      {failure ? (
        <p className="menu-row-error" role="alert">
          {failure}
        </p>
      ) : null}
    </li>
  );
}
