import { useBlockWords } from "../i18n/block-words";
import { Icon } from "./Icon";
import { useSiteActions } from "./site-actions";

/** The 'Book an Appointment' button blocks show: it opens the header's booking modal. */
export function BookAppointmentButton({ className, label }: { className?: string; label?: string }) {
  const actions = useSiteActions();
  const words = useBlockWords().blocks;
  return (
    <button
      type="button"
      className={className ? `button button--accent ${className}` : "button button--accent"}
      onClick={(event) => actions.openBookingModal(event.currentTarget)}
      aria-label={label}
    >
      <Icon name="calendar" />
      {` ${words.bookAppointment}`}
    </button>
  );
}
