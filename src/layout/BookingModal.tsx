/**
 * The booking modal (spec 2.4): navigation.bookingModal's title around the config-driven lead
 * form it names. The form mounts on the first opening and then stays, so a visitor who closes the
 * modal by mistake finds what they typed when they open it again.
 */
import { useState } from "react";
import { navigation } from "../config/site-config";
import { LeadForm } from "../forms/LeadForm";
import { Modal } from "./Modal";

interface BookingModalProps {
  open: boolean;
  onClose: () => void;
  opener?: HTMLElement | null;
}

export function BookingModal({ open, onClose, opener }: BookingModalProps) {
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);
  return (
    <Modal
      open={open}
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
