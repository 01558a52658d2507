import type { ZoneOffsetSpan } from '../domain/hours';

/** The id of the JSON the server puts in a page it rendered (read by main.tsx). */
export const FIRST_VIEW_DATA_ID = 'first-view-data';

/** What the server's first view hands to the browser along with its HTML. */
export interface FirstViewData {
  /** The server's clock when it rendered (ms): hydration draws the hours with it. */
  renderedAt: number;
  /** The store's UTC offset around renderedAt (domain/hours.ts): the hours without Intl's cost. */
  storeOffset: ZoneOffsetSpan | null;
  /**
   * The API's answers the server's loaders drew with, by path: the browser's loaders start from
   * them, so its router draws the same page without asking the network.
   */
  answers: Record<string, unknown>;
}
