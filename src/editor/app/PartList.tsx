/** The parts of a large file (its settings, then each block or treatment), with problem counts. */
import { useState } from "react";
import type { Problem } from "../shared/api";
import { blockTypes, locate, type Part, type PartEntry, type Split, samePart } from "../shared/parts";
import { partKey } from "./problems";

interface PartListProps {
  entries: PartEntry[];
  current: Part;
  split: Split;
  liveCounts: Map<string, number>;
  problems: Problem[];
  onChoose: (part: Part) => void;
  onAdd?: (item: unknown) => void;
}

export function PartList({ entries, current, split, liveCounts, problems, onChoose, onAdd }: PartListProps) {
  const serverCounts = new Map<string, number>();
  for (const p of problems) {
    if (p.file) continue;
    const key = partKey(locate(split, p.pointer).part);
    serverCounts.set(key, (serverCounts.get(key) ?? 0) + 1);
  }
  return (
    <nav className="part-list" aria-label="Parts of this file">
      <ol>
        {entries.map((entry) => {
          const key = partKey(entry.part);
          const count = Math.max(liveCounts.get(key) ?? 0, serverCounts.get(key) ?? 0);
          const isCurrent = samePart(entry.part, current);
          return (
            <li key={key}>
              <button
                type="button"
                className={`part-list__item${isCurrent ? " is-current" : ""}`}
                aria-current={isCurrent ? "true" : undefined}
                onClick={() => onChoose(entry.part)}
              >
                <span className="part-list__label">{entry.label}</span>
                {entry.detail ? <span className="part-list__detail">{entry.detail}</span> : null}
                {count > 0 ? (
                  <span className="badge badge--error" title={`${count} problem${count === 1 ? "" : "s"}`}>
                    {count}
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ol>
      {onAdd ? <AddItem split={split} onAdd={onAdd} /> : null}
    </nav>
  );
}

function AddItem({ split, onAdd }: { split: Split; onAdd: (item: unknown) => void }) {
  const types = blockTypes();
  const [type, setType] = useState(types[0]?.type ?? "");
  if (split.blocks) {
    return (
      <div className="part-list__add">
        <label>
          Add a block
          <select value={type} onChange={(event) => setType(event.target.value)}>
            {types.map((t) => (
              <option key={t.type} value={t.type}>
                {t.title}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn btn-small" onClick={() => onAdd({ type })}>
          + Add block
        </button>
      </div>
    );
  }
  if (split.key === "sub_departments") {
    return <p className="part-list__add hint">To add a treatment page, open one and choose Duplicate.</p>;
  }
  return (
    <div className="part-list__add">
      <button type="button" className="btn btn-small" onClick={() => onAdd({})}>
        + Add {split.noun}
      </button>
    </div>
  );
}
