/**
 * The branch chooser (spec 2.4): one card per branch of branches.json. Choosing a card closes the
 * modal, waits site.branchModalDelayMs so the closing is seen, then goes to /locations/{slug}. A
 * failed navigation is logged and nothing more (spec section 8).
 *
 * Cards are real links, so opening a branch in a new tab (middle click, Ctrl/Cmd click) still
 * works; only a plain click takes the delayed path.
 */
import { type MouseEvent, useEffect, useRef } from "react";
import type { Branch } from "../../../shared/generated/branches";
import { entryRoute } from "../../entries/entry-routes";
import { useLayoutConfig } from "../../i18n/context";
import { useNavigate } from "../../router/router";
import { Link } from "../../ui/AppLink";
import { ConfigImage } from "../../ui/ConfigImage";
import { Icon } from "../../ui/Icon";
import { Modal } from "../../ui/modal/Modal";
import "./locations-modal.css";

/** The page of a branch: /locations/{slug}. */
export const branchRoute = (branch: Branch) => entryRoute("branches", branch.slug);

const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

interface LocationsModalProps {
  open: boolean;
  onClose: () => void;
  opener?: HTMLElement | null;
}

export function LocationsModal({ open, onClose, opener }: LocationsModalProps) {
  const { branches, navigation, site } = useLayoutConfig();
  const navigate = useNavigate();
  const pending = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(pending.current), []);

  const choose = (branch: Branch) => {
    onClose();
    window.clearTimeout(pending.current);
    const to = branchRoute(branch);
    const logFailure = (error: unknown) => console.error(`Navigation to ${to} failed.`, error);
    pending.current = window.setTimeout(() => {
      try {
        const result = navigate(to);
        if (result instanceof Promise) result.catch(logFailure);
      } catch (error) {
        logFailure(error);
      }
    }, site.branchModalDelayMs);
  };

  return (
    <Modal open={open} onClose={onClose} opener={opener} title={navigation.locations.title} className="locations-modal">
      <ul className="branch-grid">
        {branches.map((branch) => (
          <li key={branch.slug}>
            <Link
              to={branchRoute(branch)}
              className="branch-card"
              onClick={(event) => {
                if (!isPlainClick(event)) return;
                event.preventDefault();
                choose(branch);
              }}
            >
              {/* The name below is the link's text; the picture adds nothing to it here. */}
              <ConfigImage
                className="branch-card__image"
                image={branch.image}
                alt=""
                lazy
                sizes="(max-width: 639px) 112px, (max-width: 959px) 50vw, 320px"
              />
              <span className="branch-card__text">
                <span className="branch-card__name">{branch.name}</span>{" "}
                <span className="branch-card__city">
                  <Icon name="map-pin" />
                  {branch.city}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
