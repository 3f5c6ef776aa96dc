/**
 * What the editor changes in @rjsf/core's default theme: buttons with words instead of the
 * Bootstrap icon font it expects, and no "Option 1 / Option 2" picker for a schema's
 * "give exactly one of these fields" rule (a link's route, address or action): the fields are
 * shown, and the rule is checked and explained by the validator.
 */
import { getDefaultRegistry } from "@rjsf/core";
import type {
  FieldProps,
  IconButtonProps,
  ObjectFieldTemplateProps,
  RegistryFieldsType,
  TemplatesType,
} from "@rjsf/utils";
import { itemName } from "../shared/field-labels";
import { PictureField } from "./pickers/widgets";

const defaults = getDefaultRegistry();

/** Only `required` in every option: "give exactly one of these fields" (a link's route, href or action). */
export function isChoiceOfFields(options: unknown): options is { required: string[] }[] {
  return (
    Array.isArray(options) &&
    options.length > 0 &&
    options.every((o) => o && typeof o === "object" && Object.keys(o).every((k) => k === "required" || k === "title"))
  );
}

function TextButton({
  label,
  danger,
  id,
  className,
  onClick,
  disabled,
  title,
}: IconButtonProps & { label: string; danger?: boolean }) {
  return (
    <button
      type="button"
      id={id}
      className={`btn btn-small${danger ? " btn-danger" : ""} ${className ?? ""}`}
      onClick={onClick}
      disabled={disabled}
      title={title}
    >
      {label}
    </button>
  );
}

const { ObjectFieldTemplate } = defaults.templates;

/**
 * A list item's fieldset is headed by its own name ("Menu entry ‘About us’"), not only its kind:
 * a navigation of 118 fields headed "Menu entry" each is a maze.
 */
export function NamedObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const index = props.fieldPathId.path.at(-1);
  const title =
    typeof index === "number" && props.title
      ? itemName(props.formData, { ...props.schema, title: props.title }, index)
      : props.title;
  return <ObjectFieldTemplate {...props} title={title} />;
}

export const buttonTemplates: Partial<TemplatesType["ButtonTemplates"]> = {
  AddButton: (props) => (
    <div className="array-add">
      <TextButton {...props} label="+ Add" title="Add an entry at the end of this list" />
    </div>
  ),
  CopyButton: (props) => <TextButton {...props} label="Copy" title="Duplicate this entry" />,
  MoveUpButton: (props) => <TextButton {...props} label="↑" title="Move up" />,
  MoveDownButton: (props) => <TextButton {...props} label="↓" title="Move down" />,
  RemoveButton: (props) => <TextButton {...props} danger label="Remove" title="Remove this entry" />,
};

function OneOfField(props: FieldProps) {
  if (isChoiceOfFields(props.schema.oneOf)) return null;
  const Default = defaults.fields.OneOfField;
  return <Default {...props} />;
}

export const fields: RegistryFieldsType = { OneOfField, picture: PictureField };
