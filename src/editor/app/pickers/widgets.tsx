/**
 * The form's widgets for values that name something of the site: a page address is chosen from
 * the site's pages, a picture from its pictures (with a preview), a speciality, branch or form by
 * its name. Which field gets which is said by its schema's `x-ref` (schemas.ts, pickerWidgets).
 */
import type { FieldProps, RegistryWidgetsType, WidgetProps } from "@rjsf/utils";
import { useMemo } from "react";
import { useChoices, usePictureAdded } from "./choices";
import { Picker } from "./Picker";
import { PictureUpload } from "./PictureUpload";

/** A route as the site's table holds it: without '#anchor', '?query' or a trailing '/'. */
const routeOf = (value: string) => value.replace(/[#?].*$/, "").replace(/(.)\/+$/, "$1");

function RouteWidget(props: WidgetProps) {
  const { pages } = useChoices();
  const value = typeof props.value === "string" ? props.value : "";
  const options = useMemo(() => pages.map((p) => ({ value: p.route, label: p.title, detail: p.route })), [pages]);
  const page = value ? pages.find((p) => p.route === routeOf(value)) : undefined;
  const note = !value ? null : page ? (
    <>Leads to ‘{page.title}’</>
  ) : (
    <span className="picker__note--unknown">No page of this site has this address.</span>
  );
  return (
    <Picker
      id={props.id}
      value={value}
      options={options}
      placeholder="Search the site's pages…"
      note={pages.length > 0 ? note : null}
      disabled={props.disabled || props.readonly}
      invalid={(props.rawErrors?.length ?? 0) > 0}
      onChange={(next) => props.onChange(next)}
      onFocus={() => props.onFocus(props.id, value)}
      onBlur={() => props.onBlur(props.id, value)}
    />
  );
}

function ImageWidget(props: WidgetProps) {
  const { images } = useChoices();
  const added = usePictureAdded();
  const value = typeof props.value === "string" ? props.value : "";
  const options = useMemo(
    () => images.map((src) => ({ value: src, label: src.slice(src.lastIndexOf("/") + 1), detail: src, thumb: src })),
    [images],
  );
  const known = !value || images.length === 0 || images.includes(value);
  return (
    <div className="image-picker">
      {value && known ? <img className="image-picker__preview" src={value} alt="" /> : null}
      <Picker
        id={props.id}
        value={value}
        options={options}
        placeholder="Search the site's pictures…"
        note={known ? null : <span className="picker__note--unknown">There is no such picture under public/.</span>}
        disabled={props.disabled || props.readonly}
        invalid={(props.rawErrors?.length ?? 0) > 0}
        onChange={(next) => props.onChange(next)}
        onFocus={() => props.onFocus(props.id, value)}
        onBlur={() => props.onBlur(props.id, value)}
      />
      {/* A picture with words of its own (PictureField) is uploaded once, for all its fields. */}
      {props.options.upload === false ? null : (
        <PictureUpload
          askAlt={false}
          disabled={props.disabled || props.readonly}
          onUploaded={(picture) => {
            added(picture.src);
            props.onChange(picture.src);
          }}
        />
      )}
    </div>
  );
}

/**
 * A picture kept with its alternative text and size (an `image` object): the upload fills all
 * four, asking for the words; the fields stay below to change one by one.
 */
export function PictureField(props: FieldProps) {
  const added = usePictureAdded();
  const { ObjectField } = props.registry.fields;
  return (
    <div className="picture-field">
      <ObjectField {...props} />
      <PictureUpload
        askAlt
        disabled={props.disabled || props.readonly}
        onUploaded={(picture, alt) => {
          added(picture.src);
          const data = (props.formData ?? {}) as Record<string, unknown>;
          props.onChange(
            { ...data, src: picture.src, alt, width: picture.width, height: picture.height },
            props.fieldPathId.path,
          );
        }}
      />
    </div>
  );
}

/** A drop-down of named things; a value that names none of them is kept, and said to be unknown. */
function NamedSelect(props: WidgetProps & { choices: { value: string; name: string }[] }) {
  const value = typeof props.value === "string" ? props.value : "";
  const known = props.choices.some((c) => c.value === value);
  return (
    <select
      id={props.id}
      value={value}
      disabled={props.disabled || props.readonly}
      aria-invalid={(props.rawErrors?.length ?? 0) > 0 || undefined}
      onChange={(event) => props.onChange(event.target.value === "" ? undefined : event.target.value)}
      onFocus={() => props.onFocus(props.id, value)}
      onBlur={() => props.onBlur(props.id, value)}
    >
      <option value="">Choose…</option>
      {value && !known ? <option value={value}>{value} (not found)</option> : null}
      {props.choices.map((c) => (
        <option key={c.value} value={c.value}>
          {c.name}
        </option>
      ))}
    </select>
  );
}

function SpecialityWidget(props: WidgetProps) {
  const { specialities } = useChoices();
  return <NamedSelect {...props} choices={specialities.map((s) => ({ value: s.slug, name: s.name }))} />;
}

function SpecialityNameWidget(props: WidgetProps) {
  const { specialities } = useChoices();
  return <NamedSelect {...props} choices={specialities.map((s) => ({ value: s.name, name: s.name }))} />;
}

function BranchWidget(props: WidgetProps) {
  const { branches } = useChoices();
  return <NamedSelect {...props} choices={branches.map((b) => ({ value: b.slug, name: b.name }))} />;
}

function FormWidget(props: WidgetProps) {
  const { forms } = useChoices();
  return <NamedSelect {...props} choices={forms.map((f) => ({ value: f.id, name: f.name }))} />;
}

export const pickers: RegistryWidgetsType = {
  route: RouteWidget,
  image: ImageWidget,
  speciality: SpecialityWidget,
  specialityName: SpecialityNameWidget,
  branch: BranchWidget,
  form: FormWidget,
};
