/** "Edit" and "History" for the open file or treatment (hosted editor): two links, the current one marked. */
export function HistoryTabs({
  editHref,
  historyHref,
  showing,
}: {
  editHref: string;
  historyHref: string;
  showing: "edit" | "history";
}) {
  return (
    <nav className="history-tabs" aria-label="Edit or history">
      <a href={editHref} aria-current={showing === "edit" ? "page" : undefined}>
        Edit
      </a>
      <a href={historyHref} aria-current={showing === "history" ? "page" : undefined}>
        History
      </a>
    </nav>
  );
}
