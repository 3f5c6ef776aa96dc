/** The parts of a large file (its settings, then each block or treatment), with problem counts. */
import { useState } from "react";
import { blockTypes, type Part, type PartEntry, type Split, samePart } from "../shared/parts";
import { partKey } from "./problems";

interface PartListProps {
  entries: PartEntry[];
  current: Part;
  split: Split;
  /** How many problems each part has, by partKey. */
  counts: Map<string, number>;
  onChoose: (part: Part) => void;
  onAdd?: (item: unknown) => void;
}

export function PartList({ entries, current, split, counts, onChoose, onAdd }: PartListProps) {
  return (
    <nav className="part-list" aria-label="Parts of this file">
      <ol>
        {entries.map((entry) => {
          const key = partKey(entry.part);
          const count = counts.get(key) ?? 0;
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
