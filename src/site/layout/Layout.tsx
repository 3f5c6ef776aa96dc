/**
 * The frame around every page: skip link, header, the page in <main>, footer, the fixed side
 * buttons, back-to-top, the mobile bottom bar and the two modals. It provides the site actions,
 * so any config link with action 'booking-modal' or 'locations-modal' (header, footer, blocks)
 * opens them, and focus goes back to that link when they close.
 *
 * The two modals' code is a chunk of each's own, fetched when it is first opened: no page shows
 * them before, so no page's first load needs them.
 */
import { lazy, type ReactNode, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { useUi } from "../i18n/context";
import { useLocation } from "../router/router";
import { type SiteActions, SiteActionsProvider } from "../ui/site-actions";
import { BackToTop } from "./back-to-top/BackToTop";
import { Footer } from "./footer/Footer";
import { Header } from "./header/Header";
import { LayoutPartContext } from "./layout-part";
import { MobileBar } from "./mobile-bar/MobileBar";
import { SideButtons } from "./side-buttons/SideButtons";
import "./layout.css";

const LocationsModal = lazy(async () => ({
  default: (await import("./locations-modal/LocationsModal")).LocationsModal,
}));
const BookingModal = lazy(async () => ({ default: (await import("./booking-modal/BookingModal")).BookingModal }));

interface OpenModal {
  kind: "booking" | "locations" | null;
  opener?: HTMLElement | null;
}

export function Layout({ children }: { children: ReactNode }) {
  const [modal, setModal] = useState<OpenModal>({ kind: null });
  // Each modal is rendered from its first opening on (its code loads then), and stays.
  const [wanted, setWanted] = useState({ booking: false, locations: false });
  if (modal.kind && !wanted[modal.kind]) setWanted({ ...wanted, [modal.kind]: true });
  const ui = useUi();
  const topRef = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  const part = useContext(LayoutPartContext);
  // Empty slots, not missing ones, so <main> keeps its place in the tree (see layout-part.ts).
  const frame = part.part !== "content";

  const actions = useMemo<SiteActions>(
    () => ({
      openBookingModal: (opener) => setModal({ kind: "booking", opener }),
      openLocations: (opener) => setModal({ kind: "locations", opener }),
    }),
    [],
  );
  const closeModal = useCallback(() => setModal((m) => (m.kind ? { ...m, kind: null } : m)), []);

  // A navigation closes any modal: the booking form going to /thank-you, a link inside a modal.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path changes by design.
  useEffect(() => closeModal(), [pathname]);

  return (
    <SiteActionsProvider value={actions}>
      <div className="site">
        {/* Where back-to-top puts focus: the next Tab reaches the skip link. */}
        <div ref={topRef} className="site__top" tabIndex={-1} />
        <a href="#main" className="skip-link">
          {ui.layout.skipToContent}
        </a>
        {frame ? <Header /> : null}
        <main id="main" tabIndex={-1} className="site__main">
          {part.part === "frame" ? part.slot : children}
        </main>
        {frame ? <Footer /> : null}
        {frame ? <SideButtons /> : null}
        {frame ? <BackToTop topRef={topRef} /> : null}
        {frame ? <MobileBar /> : null}
        {frame && wanted.locations ? (
          <Suspense fallback={null}>
            <LocationsModal open={modal.kind === "locations"} onClose={closeModal} opener={modal.opener} />
          </Suspense>
        ) : null}
        {frame && wanted.booking ? (
          <Suspense fallback={null}>
            <BookingModal open={modal.kind === "booking"} onClose={closeModal} opener={modal.opener} />
          </Suspense>
        ) : null}
      </div>
    </SiteActionsProvider>
  );
}
