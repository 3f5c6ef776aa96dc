/**
 * One open config file: its parts, the form of the chosen part, the live preview, and saving.
 *
 * The file's text and hash as opened are kept; "unsaved" means the edited data differs from
 * them. Save sends the data and that hash; the server answers saved, refused (errors shown at
 * their fields) or conflict (the file changed on disk: the person is told and offered a reload).
 */
import { type ReactNode, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import type { Problem } from "../../validation/browser";
import type { ConfigFileInfo } from "../shared/config-files";
import { jsonEqual, toJson } from "../shared/json-format";
import { listParts, locate, type Part, partValue, type Split, splitOf, withPart } from "../shared/parts";
import { type DocSource, fileSource } from "./api-client";
import { PartForm } from "./PartForm";
import { PartList } from "./PartList";
import { PreviewPane } from "./PreviewPane";
import { ProblemPanel } from "./ProblemPanel";
import { itemActions, parsePart } from "./part-actions";
import {
  countsByPart,
  fieldId,
  fieldProblems,
  type HeldProblem,
  holdProblems,
  liveProblems,
  partKey,
  stillStanding,
} from "./problems";
import { SaveBar, type Status } from "./SaveBar";
import { type OpenedNow, useChangedOnDisk, useSaveShortcut } from "./window-events";

type Data = Record<string, unknown>;

interface Opened {
  info: ConfigFileInfo;
  text: string;
  hash: string;
  base: Data;
  split?: Split;
}

interface FileEditorProps {
  path: string;
  part?: string;
  onChoosePart: (part: string) => void;
  onDirty: (dirty: boolean) => void;
  onSaved: () => void;
  /** A config file's name in the editor, by its path, for problems in other files. */
  fileLabel?: (path: string) => string | undefined;
  /** Where the document comes from and goes to; default the file at `path`. */
  source?: DocSource;
  /** Buttons above the form (a collection's Duplicate). */
  actions?: ReactNode;
  /** Told when a save moved the file (a treatment page file follows its new slug), or renamed its treatment. */
  onMoved?: (path: string, slug?: string) => void;
  /** A field to go to once the file is open (a link from "Ready to publish?"). */
  pointer?: string;
}

/** One open config file: parts, form, problems, preview and saving (see the file's comment). */
export function FileEditor({
  path,
  part: partParam,
  onChoosePart,
  onDirty,
  onSaved,
  fileLabel,
  source: given,
  actions,
  onMoved,
  pointer,
}: FileEditorProps) {
  const source = useMemo(() => given ?? fileSource(path), [given, path]);
  const [opened, setOpened] = useState<Opened>();
  const [doc, setDoc] = useState<Data>();
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const [problems, setProblems] = useState<HeldProblem[]>([]);
  const [warnings, setWarnings] = useState<Problem[]>([]);
  const [focus, setFocus] = useState<string>();
  // Remounts the form when its data changes from outside it (reload, list operations).
  const [generation, setGeneration] = useState(0);

  const open = useCallback(
    async (notice?: Status) => {
      try {
        const file = await source.read();
        const base = JSON.parse(file.text) as Data;
        setOpened({ ...file, base, split: splitOf(file.info, base, file.text.length) });
        setDoc(base);
        setGeneration((g) => g + 1);
        setProblems([]);
        setWarnings([]);
        setStatus(notice ?? { kind: "idle" });
      } catch (error) {
        setStatus({ kind: "failed", message: (error as Error).message });
      }
    },
    [source],
  );

  useEffect(() => {
    open();
  }, [open]);

  const dirty = useMemo(() => !!opened && !!doc && !jsonEqual(toJson(doc), opened.base), [opened, doc]);
  useEffect(() => onDirty(dirty), [dirty, onDirty]);
  useEffect(() => () => onDirty(false), [onDirty]);

  // Someone may change the file while the editor is open (a pull, another tab): look when the
  // window regains focus, reload quietly if nothing here is unsaved, and warn before a save otherwise.
  const latest = useRef<OpenedNow>({ opened, dirty });
  latest.current = { opened, dirty };
  const changedOnDisk = useCallback(
    (changed: string, unsaved: boolean) => {
      if (!unsaved)
        open({ kind: "saved", message: "This file changed on disk; the editor now shows the new version." });
      else setStatus({ kind: "conflict", message: conflictMessage(changed) });
    },
    [open],
  );
  useChangedOnDisk(source, latest, changedOnDisk);

  const split = opened?.split;
  const parts = useMemo(() => (opened && doc ? listParts(opened.info, split, doc) : []), [opened, split, doc]);
  const itemCount = parts.filter((p) => p.part.kind === "item").length;
  const part = parsePart(partParam, split, itemCount);
  const choose = useCallback((next: Part) => onChoosePart(partKey(next)), [onChoosePart]);

  // The schema check runs on every change; deferred, so typing never waits for it.
  const deferredDoc = useDeferredValue(doc);
  const live = useMemo(
    () => (opened && deferredDoc ? liveProblems(opened.info, deferredDoc, opened.text) : []),
    [opened, deferredDoc],
  );
  const standing = useMemo(() => (doc ? stillStanding(problems, doc, path) : []), [problems, doc, path]);
  const atFields = useMemo(() => fieldProblems(live, standing, path), [live, standing, path]);
  const counts = useMemo(() => countsByPart(atFields, split), [atFields, split]);

  const update = useCallback((next: Data) => {
    setDoc(next);
    setStatus((s) => (s.kind === "saved" || s.kind === "refused" ? { kind: "idle" } : s));
  }, []);

  const busy = useRef(false);
  const save = useCallback(async () => {
    if (!opened || !doc || busy.current) return;
    busy.current = true;
    setStatus({ kind: "working", message: "Checking the whole site and saving…" });
    try {
      const outcome = await source.save(doc, opened.hash);
      if (outcome.kind === "conflict") {
        setStatus({ kind: "conflict", message: outcome.body.message });
        return;
      }
      if (outcome.kind === "refused") {
        const held = holdProblems(outcome.body.errors, doc, path);
        setProblems(held);
        setWarnings(outcome.body.warnings);
        setStatus({ kind: "refused", message: outcome.body.message });
        // Show a part with a problem of this file, unless the one shown has one.
        const here = held.filter((p) => p.file === path).map((p) => locate(split, p.pointer).part);
        if (here.length > 0 && !here.some((p) => partKey(p) === partKey(part))) choose(here[0]);
        return;
      }
      const { text, hash, warnings: saveWarnings, path: movedTo, slug: renamed } = outcome.body;
      setOpened({ ...opened, text, hash, base: JSON.parse(text) as Data });
      setProblems([]);
      setWarnings(saveWarnings);
      setStatus({
        kind: "saved",
        message: text === opened.text ? "Nothing to save: the file is unchanged." : "Saved.",
      });
      onSaved();
      if ((movedTo && movedTo !== path) || renamed) onMoved?.(movedTo ?? path, renamed);
    } catch (error) {
      setStatus({ kind: "failed", message: `Not saved: ${(error as Error).message}` });
    } finally {
      busy.current = false;
    }
  }, [opened, doc, path, split, part, choose, onSaved, source, onMoved]);

  const check = useCallback(async () => {
    if (!opened || !doc) return;
    setStatus({ kind: "working", message: "Checking the whole site…" });
    try {
      const result = await source.check(doc);
      setProblems(holdProblems(result.errors, doc, path));
      setWarnings(result.warnings);
      const count = result.errors.length;
      setStatus(
        count === 0
          ? { kind: "saved", message: "No problems found." }
          : { kind: "refused", message: `${count === 1 ? "1 problem" : `${count} problems`} to fix before saving.` },
      );
    } catch (error) {
      setStatus({ kind: "failed", message: (error as Error).message });
    }
  }, [opened, doc, path, source]);

  useSaveShortcut(save);

  const goTo = useCallback(
    (pointer: string) => {
      const placed = locate(split, pointer);
      choose(placed.part);
      setFocus(fieldId(placed.pointer));
    },
    [split, choose],
  );

  // Opened from a link to a field: go to it once the file is open, and again for another field.
  const arrived = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!opened || !pointer || arrived.current === pointer) return;
    arrived.current = pointer;
    goTo(pointer);
  }, [opened, pointer, goTo]);

  if (!opened || !doc) {
    return (
      <div className="file-editor file-editor--loading">{status.kind === "failed" ? status.message : "Opening…"}</div>
    );
  }

  const value = partValue(doc, split, part);
  const edit = (next: unknown) => update(withPart(doc, split, part, next));
  const restructure = (next: Data, show: Part) => {
    update(next);
    setGeneration((g) => g + 1);
    choose(show);
  };
  const items = split ? itemActions(doc, split, itemCount, restructure) : undefined;

  return (
    <div className={`file-editor${split ? " file-editor--split" : ""}`}>
      <SaveBar
        info={opened.info}
        status={status}
        dirty={dirty}
        onCheck={check}
        onSave={save}
        onDiscard={() => {
          setDoc(opened.base);
          setGeneration((g) => g + 1);
          setProblems([]);
          setStatus({ kind: "idle" });
        }}
        onReload={() => open({ kind: "saved", message: "Reloaded from disk." })}
      />
      <ProblemPanel
        info={opened.info}
        doc={doc}
        problems={standing}
        warnings={warnings}
        onGoTo={goTo}
        fileLabel={fileLabel}
      />
      {split ? (
        <PartList entries={parts} current={part} split={split} counts={counts} onChoose={choose} onAdd={items?.add} />
      ) : null}
      <section className="file-editor__form" aria-label="Form">
        {actions}
        <PartForm
          key={`${generation}:${partKey(part)}`}
          info={opened.info}
          split={split}
          part={part}
          value={value}
          problems={atFields}
          focus={focus}
          onFocused={() => setFocus(undefined)}
          onChange={edit}
          items={items}
          itemCount={itemCount}
        />
      </section>
      {/* The preview gets the draft the check has run on (`live` is deferredDoc's), so a draft is
          never shown as valid before its check says so. */}
      <PreviewPane
        info={opened.info}
        doc={deferredDoc ?? doc}
        part={part}
        split={split}
        valid={!live.some((p) => p.severity === "error")}
      />
    </div>
  );
}

function conflictMessage(path: string): string {
  return `${path} was changed on disk after you opened it (by someone else, or another program). Saving now would overwrite that change, so the editor will not. Reload it to see the new version, then make your change again.`;
}
