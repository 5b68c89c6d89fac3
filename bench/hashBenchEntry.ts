/**
 * The hash bench's page (bench/hash.ts): hashes the file chosen in its input through
 * the FileHasher port as the app does: one hasher for the page, each file in its worker
 * (started for the first file, kept for the next), Blob reads included.
 */
import { Md5FileHasher } from '../infrastructure/upload/fileHasher';

declare global {
  interface Window {
    hashChosenFile: () => Promise<string>;
  }
}

const hasher = new Md5FileHasher();

window.hashChosenFile = () => {
  const file = document.querySelector('input')?.files?.[0];
  if (!file) return Promise.reject(new Error('no file chosen'));
  return hasher.md5(file, 'whole');
};
