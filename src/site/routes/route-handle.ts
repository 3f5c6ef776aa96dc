/** What a route of the table needs loaded before it renders (its page's content and code). */
export interface RouteHandle {
  preload: () => Promise<unknown>;
}
