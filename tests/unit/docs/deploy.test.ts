import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nginxHeaderLines } from '../../../sandbox/core/securityHeaders';

const deploy = readFileSync('docs/deploy.md', 'utf8');

describe('docs/deploy.md', () => {
  it("the nginx header block is the production server's headers for public/config.json", () => {
    const block = /<!-- security-headers:begin -->\s*```nginx\n([\s\S]*?)```\s*<!-- security-headers:end -->/.exec(deploy)?.[1] ?? '';
    const config: unknown = JSON.parse(readFileSync('public/config.json', 'utf8'));
    expect(block.trim().split('\n')).toEqual(nginxHeaderLines(config));
  });

  it('links the config and native shell docs, and the README links it', () => {
    expect(deploy).toContain('](config.md)');
    expect(deploy).toContain('](native-shell.md)');
    expect(readFileSync('README.md', 'utf8')).toContain('docs/deploy.md');
  });
});
