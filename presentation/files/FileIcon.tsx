import { fileExtension, fileIconKind } from '../../domain/files/files';
import type { FileIconKind } from '../../domain/files/types';

/** One colour per kind, close to what office suites use, so a file is recognised at a glance. */
const COLOURS: Record<FileIconKind, string> = {
  word: '#2b6fff',
  excel: '#16a35a',
  ppt: '#f06a2c',
  pdf: '#e5453b',
  image: '#8b5cf6',
  zip: '#f2a71b',
  video: '#ef4f7b',
  audio: '#12aeb0',
  text: '#7b8597',
  unknown: '#a3abb9',
};

export interface FileIconProps {
  name: string;
  /** Width in px; the height follows the page shape (4:5). */
  size?: number;
}

/** The file's icon by its extension (SPEC point 2, page/file "Icon by extension"). */
export function FileIcon({ name, size = 40 }: FileIconProps) {
  const kind = fileIconKind(name);
  const ext = fileExtension(name).slice(0, 4).toUpperCase() || '?';
  const colour = COLOURS[kind];
  const fontSize = ext.length > 3 ? 9 : 10.5;
  return (
    <svg
      className="cw-file-icon"
      data-kind={kind}
      width={size}
      height={size * 1.2}
      viewBox="0 0 40 48"
      role="img"
      aria-label={`${ext} ${kind}`}
    >
      <path d="M6 0h20l14 14v28a6 6 0 0 1-6 6H6a6 6 0 0 1-6-6V6a6 6 0 0 1 6-6z" fill={colour} />
      <path d="M26 0l14 14H31a5 5 0 0 1-5-5z" fill="#fff" fillOpacity="0.45" />
      <text x="20" y="36" textAnchor="middle" fontSize={fontSize} fontWeight="700" fill="#fff" fontFamily="system-ui, -apple-system, sans-serif">
        {ext}
      </text>
    </svg>
  );
}
