/**
 * Adding a picture of one's own to a picture field: drop a file on the box or choose one, write
 * what it shows (where the field keeps alternative text), and upload. The server reads the
 * file's type from its bytes, holds it to the size limits and removes its metadata (a phone
 * photo's GPS position); its refusals are shown as it words them. In a hosted editor the picture
 * is committed to the change set the person works in.
 */
import { type DragEvent, useId, useState } from "react";
import type { ImageUploadResponse } from "../../shared/api";
import { uploadPicture } from "../api-client";

interface PictureUploadProps {
  /** Whether to ask for alternative text (the field keeps it beside the picture). */
  askAlt: boolean;
  /** Told of the stored picture and the words written for it. */
  onUploaded: (picture: ImageUploadResponse, alt: string) => void;
  disabled?: boolean;
}

type State =
  | { kind: "idle" }
  | { kind: "uploading" }
  | { kind: "done"; src: string }
  | { kind: "refused"; message: string };

export function PictureUpload({ askAlt, onUploaded, disabled }: PictureUploadProps) {
  const id = useId();
  const [file, setFile] = useState<File | undefined>();
  const [alt, setAlt] = useState("");
  const [over, setOver] = useState(false);
  const [state, setState] = useState<State>({ kind: "idle" });
  const missingAlt = askAlt && alt.trim() === "";

  const choose = (chosen: File | undefined) => {
    setFile(chosen);
    setState({ kind: "idle" });
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    choose(event.dataTransfer.files[0]);
  };
  const upload = async () => {
    if (!file || missingAlt) return;
    setState({ kind: "uploading" });
    try {
      const picture = await uploadPicture(file, file.name);
      onUploaded(picture, alt.trim());
      setState({ kind: "done", src: picture.src });
      setFile(undefined);
      setAlt("");
    } catch (error) {
      setState({ kind: "refused", message: (error as Error).message });
    }
  };

  return (
    <section
      className={`picture-upload${over ? " picture-upload--over" : ""}`}
      aria-labelledby={`${id}-title`}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <p id={`${id}-title`} className="picture-upload__title">
        Upload a picture of your own: drop a JPEG, PNG, WebP or AVIF file here, or{" "}
        <label className="picture-upload__pick">
          choose a file
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif"
            disabled={disabled}
            onChange={(event) => choose(event.target.files?.[0])}
          />
        </label>
        .
      </p>
      {file ? (
        <div className="picture-upload__chosen">
          <p>
            Chosen: <strong>{file.name}</strong>. Its location and camera details are removed when it is uploaded.
          </p>
          {askAlt ? (
            <label className="picture-upload__alt">
              <span>What the picture shows (alternative text, in English) *</span>
              <input
                type="text"
                value={alt}
                required
                aria-describedby={`${id}-alt-help`}
                onChange={(event) => setAlt(event.target.value)}
              />
              <small id={`${id}-alt-help`}>
                Read out to people who cannot see it, such as 'Dr Rao explaining a knee X-ray to a patient'. Translators
                are offered it.
              </small>
            </label>
          ) : (
            <p className="hint">The page describes this picture itself (a treatment image by the treatment's name).</p>
          )}
          <button
            type="button"
            className="btn btn-small"
            disabled={disabled || missingAlt || state.kind === "uploading"}
            onClick={upload}
          >
            {state.kind === "uploading" ? "Uploading…" : "Upload"}
          </button>
        </div>
      ) : null}
      <div aria-live="polite">
        {state.kind === "done" ? (
          <p className="picture-upload__done">Uploaded as {state.src}. Save to use it on the page.</p>
        ) : null}
        {state.kind === "refused" ? (
          <p className="picture-upload__refused" role="alert">
            Not uploaded: {state.message}
          </p>
        ) : null}
      </div>
    </section>
  );
}
