/**
 * Marks of sample data: facts the group has not confirmed yet (addresses, profiles, prices) must
 * never look verified to a patient, so every block that shows `"sample": true` entries says so.
 */
import "./sample-note.css";

/** A small label on one sample entry, such as 'Sample profile'. */
export function SampleBadge({ label }: { label: string }) {
  return <span className="sample-badge">{label}</span>;
}

/** A note above a list that holds sample entries. */
export function SampleNote({ text }: { text: string }) {
  return <p className="sample-note">{text}</p>;
}
