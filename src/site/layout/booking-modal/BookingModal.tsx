/**
 * The booking modal (spec 2.4): navigation.bookingModal's title around the config-driven lead
 * form it names. The form mounts on the first opening and then stays, so a visitor who closes the
 * modal by mistake finds what they typed when they open it again.
 *
 * The form's code is a chunk of its own (src/site/forms/lazy-lead-form.tsx): the first opening loads it
 * before the modal shows, so the modal opens with its first field focused rather than on an empty
 * body that fills in a moment later.
 */
import { useEffect, useState } from "react";
import { LeadForm } from "../../forms/LeadForm";
import { isLeadFormLoaded, LeadForm as LazyLeadForm, preloadLeadForm } from "../../forms/lazy-lead-form";
import { useLayoutConfig } from "../../i18n/context";
import { Modal } from "../../ui/modal/Modal";
import "./booking-modal.css";

interface BookingModalProps {
  open: boolean;
  onClose: () => void;
  opener?: HTMLElement | null;
}

export function BookingModal({ open, onClose, opener }: BookingModalProps) {
  const { navigation } = useLayoutConfig();
  // Builds resolve LeadForm to the lazy wrapper (vite.config.ts); where it is the eager form (the
  // unit tests) there is nothing to wait for.
  const [formReady, setFormReady] = useState(() => LeadForm !== LazyLeadForm || isLeadFormLoaded());
  useEffect(() => {
    if (!open || formReady) return;
    let live = true;
    // A failed load still opens the modal: the form's place then says 'Content Not Loaded'.
    preloadLeadForm()
      .catch(() => {})
      .finally(() => live && setFormReady(true));
    return () => {
      live = false;
    };
  }, [open, formReady]);
  const shown = open && formReady;
  const [mounted, setMounted] = useState(shown);
  if (shown && !mounted) setMounted(true);
  return (
    <Modal
      open={shown}
      onClose={onClose}
      opener={opener}
      title={navigation.bookingModal.title}
      className="booking-modal"
    >
      {/* title="" keeps the form from repeating the modal's heading with its own. */}
      {mounted ? <LeadForm formId={navigation.bookingModal.form} idPrefix="booking-modal" title="" /> : null}
    </Modal>
  );
}
