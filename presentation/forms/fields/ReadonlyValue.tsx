import { displayValue } from '../../../domain/forms/fields';
import { READONLY_PLACEHOLDER } from '../../../domain/forms/messages';
import type { FieldDefinition, Option, UploadedFile } from '../../../domain/forms/types';
import type { FieldIds } from '../FormContext';
import { FileRows, ImageTiles } from './FileControls';

/**
 * A value as read-only text (SPEC point 2: the read-only placeholder is '-'); files and
 * images stay previewable.
 */
export function ReadonlyValue({ field, value, options, ids }: { field: FieldDefinition; value: unknown; options?: readonly Option[]; ids: FieldIds }) {
  if (field.type === 'image' || field.type === 'file' || field.type === 'document') {
    const files = Array.isArray(value) ? (value as UploadedFile[]).filter((f) => f && typeof f.uid === 'string') : [];
    if (files.length === 0) return <ReadonlyText ids={ids} text={READONLY_PLACEHOLDER} />;
    return field.type === 'image' ? (
      <div className="cw-fm-images" role="group" aria-labelledby={ids.label}>
        <ImageTiles files={files} editable={false} label="" />
      </div>
    ) : (
      <div role="group" aria-labelledby={ids.label}>
        <FileRows files={files} editable={false} />
      </div>
    );
  }
  return <ReadonlyText ids={ids} text={displayValue(field, value, options)} />;
}

function ReadonlyText({ ids, text }: { ids: FieldIds; text: string }) {
  return (
    <div id={ids.control} className="cw-fm-readonly" role="textbox" aria-readonly="true" aria-labelledby={ids.label}>
      {text}
    </div>
  );
}
