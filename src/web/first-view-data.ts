import type { HydrationState } from 'react-router';
import type { ZoneOffsetSpan } from '../domain/hours';

/** The id of the JSON the server puts in a page it rendered (read by main.tsx). */
export const FIRST_VIEW_DATA_ID = 'first-view-data';

/** What the server's first view hands to the browser's router along with its HTML. */
export interface FirstViewData {
  /** The server's clock when it rendered (ms): hydration draws the hours with it. */
  renderedAt: number;
  /** The store's UTC offset around renderedAt (domain/hours.ts): the hours without Intl's cost. */
  storeOffset: ZoneOffsetSpan | null;
  hydrationData: HydrationState;
  /** The API's answers the loaders drew with, by path: the browser's GET cache starts with them. */
  answers: Record<string, unknown>;
}
