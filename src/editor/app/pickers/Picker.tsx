/**
 * A text field with a searchable list of what exists (WAI-ARIA combobox with a listbox): typing
 * filters the list by every word typed, arrows move, Enter or a click chooses, Escape closes.
 * What is typed is kept as the value too, so an address with an anchor ('/contact-us#map') can
 * still be written by hand; the validator says when it leads nowhere.
 */
import { type ReactNode, useId, useMemo, useState } from "react";

export interface PickerOption {
  value: string;
  label: string;
  /** A second line: the address, the file. */
  detail?: string;
  /** A small picture shown beside the option. */
  thumb?: string;
}

interface PickerProps {
  id: string;
  value: string;
  options: PickerOption[];
  onChange: (value: string | undefined) => void;
  onFocus?: () => void;
  onBlur?: () => void;
  placeholder?: string;
  /** Under the field: what the current value is (a page's title), or that it is nothing known. */
  note?: ReactNode;
  disabled?: boolean;
  invalid?: boolean;
}

const shownAtMost = 60;

/** The options whose label or detail holds every word of `query`, the current value first. */
export function filterOptions(options: PickerOption[], query: string): PickerOption[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const matching = options.filter((o) => {
    const haystack = `${o.label} ${o.detail ?? ""} ${o.value}`.toLowerCase();
    return words.every((w) => haystack.includes(w));
  });
  return matching.slice(0, shownAtMost);
}

export function Picker({
  id,
  value,
  options,
  onChange,
  onFocus,
  onBlur,
  placeholder,
  note,
  disabled,
  invalid,
}: PickerProps) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<string>();
  const [active, setActive] = useState(0);
  const matches = useMemo(() => filterOptions(options, query ?? ""), [options, query]);

  const close = () => {
    setOpen(false);
    setQuery(undefined);
  };
  const choose = (option: PickerOption) => {
    onChange(option.value);
    close();
  };

  return (
    <div className="picker">
      <input
        id={id}
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && matches[active] ? `${listId}-${active}` : undefined}
        aria-invalid={invalid || undefined}
        autoComplete="off"
        disabled={disabled}
        placeholder={placeholder}
        value={query ?? value}
        onFocus={() => {
          setOpen(true);
          onFocus?.();
        }}
        onBlur={() => {
          close();
          onBlur?.();
        }}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setOpen(true);
          onChange(event.target.value === "" ? undefined : event.target.value);
        }}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            event.preventDefault();
            setOpen(true);
            const step = event.key === "ArrowDown" ? 1 : -1;
            setActive((a) => (matches.length === 0 ? 0 : (a + step + matches.length) % matches.length));
          } else if (event.key === "Enter" && open && matches[active]) {
            event.preventDefault();
            choose(matches[active]);
          } else if (event.key === "Escape" && open) {
            event.preventDefault();
            close();
          }
        }}
      />
      {note ? <div className="picker__note">{note}</div> : null}
      {open ? (
        <div className="picker__list" role="listbox" id={listId} aria-label="Choices">
          {matches.length === 0 ? (
            <p className="picker__empty">Nothing matches '{query}'.</p>
          ) : (
            matches.map((option, i) => (
              // The field keeps the focus (aria-activedescendant); an option is chosen from there
              // with Enter, or by a click here.
              <div
                key={option.value}
                id={`${listId}-${i}`}
                role="option"
                tabIndex={-1}
                aria-selected={i === active}
                className={`picker__option${i === active ? " is-active" : ""}`}
                // Keeps the focus in the field, so choosing does not first blur and close the list.
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActive(i)}
                onClick={() => choose(option)}
                onKeyDown={(event) => {
                  if (event.key === "Enter") choose(option);
                }}
              >
                {option.thumb ? <img className="picker__thumb" src={option.thumb} alt="" loading="lazy" /> : null}
                <span className="picker__label">{option.label}</span>
                {option.detail ? <code className="picker__detail">{option.detail}</code> : null}
              </div>
            ))
          )}
        </div>
      ) : null}
    </div>
  );
}
