import { Dialog, Input } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { fileExtension, renameKeepingExtension, splitFileName } from '../../domain/files/files';
import { RENAME_TITLE } from '../../domain/files/messages';
import { DIALOG_CANCEL, DIALOG_CONFIRM } from '../../domain/shared/messages';
import { FILE_NAME_LABEL } from './strings';

export interface RenameDialogProps {
  /** The file being renamed; null hides the dialog. */
  name: string | null;
  onCancel: () => void;
  /** The new full name, extension kept. */
  onRename: (newName: string) => void;
}

/**
 * 修改文件名: the base name in a box, the extension shown after it and kept. The rule
 * (required, not blank, at most 40) is the domain's; its message shows under the box
 * and the dialog stays open with the input.
 */
export function RenameDialog({ name, onCancel, onRename }: RenameDialogProps) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (name !== null) {
      setValue(splitFileName(name).base);
      setError(null);
    }
  }, [name]);
  const ext = name ? fileExtension(name) : '';

  const confirm = () => {
    if (name === null) return;
    const result = renameKeepingExtension(name, value);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    onRename(result.value);
  };

  return (
    <Dialog
      visible={name !== null}
      title={RENAME_TITLE}
      closeOnMaskClick
      onClose={onCancel}
      content={
        <div className="cw-rename">
          <div className={error ? 'cw-rename__box cw-rename__box--error' : 'cw-rename__box'}>
            <Input
              aria-label={FILE_NAME_LABEL}
              value={value}
              onChange={(v) => {
                setValue(v);
                setError(null);
              }}
              onEnterPress={confirm}
              clearable
              autoFocus
            />
            {ext ? <span className="cw-rename__ext">.{ext}</span> : null}
          </div>
          {error ? (
            <div className="cw-rename__error" role="alert">
              {error}
            </div>
          ) : null}
        </div>
      }
      actions={[
        [
          { key: 'cancel', text: DIALOG_CANCEL, onClick: onCancel },
          { key: 'confirm', text: DIALOG_CONFIRM, bold: true, onClick: confirm },
        ],
      ]}
    />
  );
}
