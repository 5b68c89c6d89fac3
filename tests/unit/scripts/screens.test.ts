import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { updateGallery } from '../../../scripts/screens';

/*
 * `npm run screens` copies a run's shots into the gallery (docs/screens/): planted
 * folders stand in for the run's output and for the gallery.
 */

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'screens-test-'));
  made.push(dir);
  for (const [name, body] of Object.entries(files)) writeFileSync(join(dir, name), body);
  return dir;
}

describe('updateGallery', () => {
  it('a run of every test replaces the shots and removes those no test takes any more', () => {
    const shots = folder({ 'home.png': 'new home', 'login.png': 'new login' });
    const gallery = folder({ 'home.png': 'old home', 'gone.png': 'old gone', 'notes.txt': 'kept' });
    expect(updateGallery(shots, gallery, true)).toEqual({ written: ['home.png', 'login.png'], removed: ['gone.png'] });
    expect(readdirSync(gallery).sort()).toEqual(['home.png', 'login.png', 'notes.txt']);
    expect(readFileSync(join(gallery, 'home.png'), 'utf8')).toBe('new home');
  });

  it('a run of some tests replaces only their shots', () => {
    const shots = folder({ 'home.png': 'new home' });
    const gallery = folder({ 'home.png': 'old home', 'login.png': 'old login' });
    expect(updateGallery(shots, gallery, false)).toEqual({ written: ['home.png'], removed: [] });
    expect(readFileSync(join(gallery, 'home.png'), 'utf8')).toBe('new home');
    expect(readFileSync(join(gallery, 'login.png'), 'utf8')).toBe('old login');
  });

  it('creates the gallery folder when it is missing', () => {
    const shots = folder({ 'about.png': 'about' });
    const parent = folder({});
    const gallery = join(parent, 'docs', 'screens');
    updateGallery(shots, gallery, true);
    expect(existsSync(join(gallery, 'about.png'))).toBe(true);
  });
});
