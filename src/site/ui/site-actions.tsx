/**
 * Actions that config links can name instead of a route ("booking-modal", "locations-modal"):
 * the header owns the modals and provides these; any block or footer link can trigger them.
 */
import { createContext, type ReactNode, useContext } from "react";

/** What a config `action` link can ask the layout to do. */
export interface SiteActions {
  openBookingModal: (opener?: HTMLElement | null) => void;
  openLocations: (opener?: HTMLElement | null) => void;
}

const noop = () => {};
const SiteActionsContext = createContext<SiteActions>({ openBookingModal: noop, openLocations: noop });

export function SiteActionsProvider({ value, children }: { value: SiteActions; children: ReactNode }) {
  return <SiteActionsContext.Provider value={value}>{children}</SiteActionsContext.Provider>;
}

export const useSiteActions = () => useContext(SiteActionsContext);
