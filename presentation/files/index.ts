/** The files context's reusable parts for other screens (forms, approvals, to-dos). */
export { FileList, type FileListItem, type FileListProps } from './FileList';
export { FileIcon, type FileIconProps } from './FileIcon';
export { RenameDialog, type RenameDialogProps } from './RenameDialog';
