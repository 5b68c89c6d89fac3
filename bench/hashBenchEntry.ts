/**
 * The hash bench's page (bench/hash.ts): hashes the file chosen in its input through
 * the FileHasher port as the app does, in the port's own worker, Blob reads included.
 */
import { Md5FileHasher } from '../infrastructure/upload/fileHasher';

declare global {
  interface Window {
    hashChosenFile: () => Promise<string>;
  }
}

window.hashChosenFile = () => {
  const file = document.querySelector('input')?.files?.[0];
  if (!file) return Promise.reject(new Error('no file chosen'));
  return new Md5FileHasher().md5(file, 'whole');
};
